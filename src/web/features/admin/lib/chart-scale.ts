/** Pure helpers of the growth chart: a 'nice' y axis and which x labels to print. */

/** Ticks from 0 to a round top at or above `max` (at most `count` + 1 ticks, whole numbers). */
export function niceTicks(max: number, count = 4): number[] {
  const top = Number.isFinite(max) && max > 0 ? max : 0;
  if (top === 0) return [0, 1];
  const rough = top / count;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const candidates = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).filter((s) => Number.isInteger(s) && s >= 1);
  const wholeStep = candidates.find((s) => s >= rough) ?? Math.max(1, Math.ceil(10 * magnitude));
  const ticks: number[] = [];
  for (let v = 0; v < top + wholeStep; v += wholeStep) {
    ticks.push(v);
    if (v >= top) break;
  }
  return ticks;
}

/** Indexes of the x labels to print: evenly spread, always the first and the last, at most `max`. */
export function labelIndexes(length: number, max = 6): number[] {
  if (length <= 0) return [];
  if (length <= max) return Array.from({ length }, (_, i) => i);
  const step = (length - 1) / (max - 1);
  const picked = new Set<number>();
  for (let k = 0; k < max; k++) picked.add(Math.round(k * step));
  return [...picked].sort((a, b) => a - b);
}

/** 'YYYY-MM-DD' (a UTC day) → 'Mar 1'. */
export function dayLabel(date: string): string {
  const [y, m, d] = date.split('-').map(Number);
  const months = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
  if (!y || !m || !d) return date;
  return `${months[m - 1] ?? ''} ${d}`;
}
