/** The statistics every figure of `npm run bench` is reported with. */

/** The median of `values`, rounded to hundredths (0 for none). */
export function median(values: readonly number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  const value =
    sorted.length % 2
      ? (sorted[middle] ?? 0)
      : ((sorted[middle - 1] ?? 0) + (sorted[middle] ?? 0)) / 2;
  return Math.round(value * 100) / 100;
}

/** The median of the differences `a[i] - b[i]` of two interleaved series of the same length. */
export function medianDifference(a: readonly number[], b: readonly number[]): number {
  return median(a.map((value, index) => value - (b[index] ?? 0)));
}

export interface Spread {
  min: number;
  median: number;
  max: number;
}

/** The least, the median and the greatest of `values`, rounded to hundredths. */
export function spread(values: readonly number[]): Spread {
  const round = (value: number) => Math.round(value * 100) / 100;
  return {
    min: round(Math.min(...values)),
    median: median(values),
    max: round(Math.max(...values)),
  };
}
