/**
 * Paired Student's t-test, two-sided, as SciPy's `ttest_rel(a, b)`: t = mean(d) / (sd(d) / √n) on
 * the differences d, with n − 1 degrees of freedom.
 */
import { studentTwoSided } from './distributions';

export interface TTestResult {
  /** t for the differences b − a (SciPy's ttest_rel(a, b) reports the opposite sign). */
  statistic: number;
  df: number;
  p: number;
}

/**
 * The paired t-test of b against a. Where SciPy gives NaN, Ranklens says what the data say: all
 * differences 0 gives t = 0 and p = 1 (no evidence of a difference), a constant non-zero difference
 * p = 0; fewer than 2 pairs give p = NaN (no test).
 */
export function pairedTTest(a: ArrayLike<number>, b: ArrayLike<number>): TTestResult {
  const n = a.length;
  if (n < 2) return { statistic: NaN, df: n - 1, p: NaN };
  let sum = 0;
  for (let i = 0; i < n; i++) sum += b[i] - a[i];
  const mean = sum / n;
  let ss = 0;
  for (let i = 0; i < n; i++) {
    const e = b[i] - a[i] - mean;
    ss += e * e;
  }
  const se = Math.sqrt(ss / (n - 1) / n);
  if (se === 0) return { statistic: mean === 0 ? 0 : Math.sign(mean) * Infinity, df: n - 1, p: mean === 0 ? 1 : 0 };
  const t = mean / se;
  return { statistic: t, df: n - 1, p: studentTwoSided(t, n - 1) };
}
