/**
 * Where the benchmarks write: every run appends its figures to bench/history/runs.md; the table of
 * targets in bench/RESULTS.md is brought up to date from there by hand when a run moves a figure.
 */
import { appendFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const HISTORY_FILE = fileURLToPath(new URL('./history/runs.md', import.meta.url));

/** Appends `text` (markdown, starting with its own `## heading`) to the run history. */
export function appendToHistory(text: string): void {
  appendFileSync(HISTORY_FILE, text);
}

/** Prints a run's report, appends it to the history, then the one-line summary the harness (bench/run.ts) reads, if any. */
export function reportRun(text: string, summary?: unknown): void {
  console.log(`\n${text}`);
  appendToHistory(`\n${text.endsWith('\n') ? text : `${text}\n`}`);
  if (summary !== undefined) console.log(`BENCH_SUMMARY ${JSON.stringify(summary)}`);
}

/** Runs a benchmark's main; a failure is printed and makes the process's exit code 1. */
export function runMain(main: () => Promise<void>): void {
  main().catch((error: unknown) => {
    console.error(error);
    process.exitCode = 1;
  });
}
