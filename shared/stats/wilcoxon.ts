/**
 * Wilcoxon signed-rank test, two-sided, exactly as SciPy 1.10's `wilcoxon(a, b)` with its defaults
 * (zero_method="wilcox", correction=False, mode="auto"):
 * - up to 50 pairs (zeros included in that count) and no zero difference: the exact null
 *   distribution of R+. With tied |differences| the average ranks can make R+ a half-integer;
 *   SciPy 1.10 truncates it to a whole number and still uses the exact distribution, and so does
 *   this function (later SciPy versions switch to the normal approximation instead).
 * - otherwise the normal approximation: zero differences are dropped ("wilcox"), T = min(R+, R−) is
 *   compared with n(n+1)/4 and the variance n(n+1)(2n+1)/24 is reduced by Σ t(t² − 1)/48 over groups
 *   of t tied |differences|; no continuity correction.
 */
import { ComparisonMemo } from './comparisonMemo';
import { normalSf } from './distributions';

export interface WilcoxonResult {
  /** T = min(R+, R−), as SciPy reports it. */
  statistic: number;
  p: number;
  method: 'exact' | 'approx';
  /** Differences that were 0 (dropped under the normal approximation). */
  zeros: number;
}

/**
 * The two-sided Wilcoxon signed-rank test of the pairs (a[i], b[i]), SciPy's wilcoxon(a, b): R+ sums
 * the ranks of the positive a − b (which matters only for the truncation above). All differences 0
 * gives p = 1 (SciPy raises an error). A memo keeps the exact null distribution for the next test
 * of as many pairs (see ComparisonMemo).
 */
export function wilcoxonTest(a: ArrayLike<number>, b: ArrayLike<number>, memo?: ComparisonMemo): WilcoxonResult {
  const all: number[] = [];
  for (let i = 0; i < a.length; i++) all.push(a[i] - b[i]);
  const zeros = all.filter((x) => x === 0).length;
  if (all.length === 0) return { statistic: NaN, p: NaN, method: 'exact', zeros };
  const method = all.length <= 50 && zeros === 0 ? 'exact' : 'approx';
  if (zeros === all.length) return { statistic: 0, p: 1, method, zeros };
  const d = method === 'approx' ? all.filter((x) => x !== 0) : all;
  const { ranks, tieGroups } = absoluteRanks(d);
  let rPlus = 0;
  let rMinus = 0;
  for (let i = 0; i < d.length; i++) {
    if (d[i] > 0) rPlus += ranks[i];
    else if (d[i] < 0) rMinus += ranks[i];
  }
  const statistic = Math.min(rPlus, rMinus);
  const n = d.length;
  if (method === 'exact') return { statistic, p: exactP(Math.trunc(rPlus), n, memo), method, zeros };
  let variance = n * (n + 1) * (2 * n + 1);
  for (const t of tieGroups) variance -= 0.5 * t * (t * t - 1);
  const z = (statistic - n * (n + 1) * 0.25) / Math.sqrt(variance / 24);
  return { statistic, p: 2 * normalSf(Math.abs(z)), method, zeros };
}

/** Average ranks (1-based) of |d|, and the sizes of the groups of ties (2 or more). */
function absoluteRanks(d: number[]): { ranks: Float64Array; tieGroups: number[] } {
  const abs = d.map(Math.abs);
  const order = abs.map((_, i) => i).sort((i, j) => abs[i] - abs[j]);
  const ranks = new Float64Array(d.length);
  const tieGroups: number[] = [];
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && abs[order[end]] === abs[order[start]]) end++;
    const rank = (start + 1 + end) / 2;
    for (let i = start; i < end; i++) ranks[order[i]] = rank;
    if (end - start > 1) tieGroups.push(end - start);
    start = end;
  }
  return { ranks, tieGroups };
}

/** The null distribution of R+ for n pairs: P(R+ = r), r = 0 … n(n+1)/2 (each sign ± with probability ½). */
export function wilcoxonPmf(n: number): Float64Array {
  let pmf = new Float64Array([1]);
  for (let k = 1; k <= n; k++) {
    const next = new Float64Array((k * (k + 1)) / 2 + 1);
    for (let r = 0; r < pmf.length; r++) {
      next[r] += pmf[r] * 0.5;
      next[r + k] += pmf[r] * 0.5;
    }
    pmf = next;
  }
  return pmf;
}

function exactP(rPlus: number, n: number, memo: ComparisonMemo | undefined): number {
  let pmf = memo?.pmfs.get(n);
  if (!pmf) {
    pmf = wilcoxonPmf(n);
    memo?.pmfs.set(n, pmf);
  }
  if (rPlus === Math.floor((pmf.length - 1) / 2)) return 1;
  let less = 0;
  let greater = 0;
  for (let r = 0; r <= rPlus; r++) less += pmf[r];
  for (let r = rPlus; r < pmf.length; r++) greater += pmf[r];
  return Math.min(1, 2 * Math.min(less, greater));
}
