/**
 * The bench's order statistics, one definition for every section. An empty sample gives NaN, so
 * that a figure with nothing behind it fails every target instead of passing a "≤" one as 0.
 */

/** The values in ascending order, as a new array. */
export const ascending = (values: readonly number[]): number[] => [...values].sort((a, b) => a - b);

/** The nearest-rank percentile `p` (0–100) of values already in ascending order. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)] as number;
}

/** The same, of values in any order. */
export const percentileOf = (values: readonly number[], p: number): number =>
  percentile(ascending(values), p);

/** The middle value, or the mean of the two middle ones. */
export function median(values: readonly number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = ascending(values);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 === 1
    ? (sorted[middle] as number)
    : ((sorted[middle - 1] as number) + (sorted[middle] as number)) / 2;
}
