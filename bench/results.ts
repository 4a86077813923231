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
