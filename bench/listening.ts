/** The `{"url": …}` line a bench child prints once it listens; other JSON lines (its own error logs) are not it. */
export function listeningLine(output: string): { url: string; version?: string } | undefined {
  const line = output.split('\n').find((l) => l.startsWith('{"url":'));
  return line ? (JSON.parse(line) as { url: string; version?: string }) : undefined;
}
