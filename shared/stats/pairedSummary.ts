/** What every paired comparison reports besides its p-value: means, difference, interval, effect size. */
import { ComparisonMemo } from './comparisonMemo';
import { studentTwoSidedQuantile } from './distributions';

export interface PairedSummary {
  /** Pairs compared. */
  n: number;
  meanA: number;
  meanB: number;
  /** mean(b) − mean(a), the mean of the per-query differences. */
  diff: number;
  /** Standard deviation of the differences b − a (n − 1 in the denominator). */
  sd: number;
  /** The t interval of the mean difference: diff ± t(n − 1) · sd / √n; NaN bounds for n < 2. */
  ci: [number, number];
  /** Paired Cohen's d: diff / sd (NaN when sd = 0 or n < 2). */
  effectSize: number;
}

/**
 * Summary of the paired differences b − a at the given confidence level (0.95 by default); a memo
 * keeps the t quantile (see ComparisonMemo).
 */
export function pairedSummary(a: ArrayLike<number>, b: ArrayLike<number>, level = 0.95, memo?: ComparisonMemo): PairedSummary {
  const n = a.length;
  let sumA = 0;
  let sumB = 0;
  for (let i = 0; i < n; i++) {
    sumA += a[i];
    sumB += b[i];
  }
  const meanA = sumA / n;
  const meanB = sumB / n;
  const diff = meanB - meanA;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const e = b[i] - a[i] - diff;
    ss += e * e;
  }
  const sd = n > 1 ? Math.sqrt(ss / (n - 1)) : NaN;
  const half = n > 1 ? (studentTwoSidedQuantile(1 - level, n - 1, memo) * sd) / Math.sqrt(n) : NaN;
  return { n, meanA, meanB, diff, sd, ci: [diff - half, diff + half], effectSize: sd > 0 ? diff / sd : NaN };
}

/** The differences b − a as a typed array. */
export function differences(a: ArrayLike<number>, b: ArrayLike<number>): Float64Array {
  const d = new Float64Array(a.length);
  for (let i = 0; i < d.length; i++) d[i] = b[i] - a[i];
  return d;
}
