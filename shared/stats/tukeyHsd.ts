/**
 * Randomized Tukey HSD (Carterette 2012; Sakai 2014, "Statistical reform in information retrieval?"),
 * the many-systems test of ranx and elinor. Under the null hypothesis the m systems' values on each
 * query are exchangeable: each trial shuffles every query's row of m values across the systems and
 * records the range (largest minus smallest) of the system means. A pair (i, j) gets the share of
 * trials whose range is at least |mean_i − mean_j|, which controls the family-wise error over all
 * pairs at once, so no further correction applies.
 * - Exact, by enumeration of every shuffle, when (m!)^n ≤ trials: p = count / (m!)^n.
 * - Otherwise: p = (count + 1) / (trials + 1), from a seeded generator.
 */
import { ResamplingOptions } from './randomization';
import { below, seededUint32 } from './random';

export interface TukeyResult {
  /** p[i][j] for the pair of systems i and j (symmetric, 1 on the diagonal). */
  p: number[][];
  exact: boolean;
  trials: number;
}

/** Randomized Tukey HSD over systems[s][q], every system holding the same queries in the same order. */
export function randomizedTukeyHsd(systems: readonly ArrayLike<number>[], options: ResamplingOptions): TukeyResult {
  const m = systems.length;
  const n = m > 0 ? systems[0].length : 0;
  const sums = systems.map((s) => {
    let t = 0;
    for (let q = 0; q < n; q++) t += s[q];
    return t;
  });
  const gaps = sums.map((a) => sums.map((b) => Math.abs(a - b)));
  let absSum = 0;
  for (const s of systems) for (let q = 0; q < n; q++) absSum += Math.abs(s[q]);
  const tolerance = 1e-10 * absSum;
  const counts = sums.map(() => sums.map(() => 0));
  const total = factorial(m) ** n;
  const exact = n > 0 && m <= 8 && total <= options.trials;
  const perms = exact ? permutations(m) : [];
  const shuffled = new Float64Array(m);
  const tally = () => {
    let lo = Infinity;
    let hi = -Infinity;
    for (let s = 0; s < m; s++) {
      lo = Math.min(lo, shuffled[s]);
      hi = Math.max(hi, shuffled[s]);
    }
    const range = hi - lo + tolerance;
    for (let i = 0; i < m; i++) for (let j = i + 1; j < m; j++) if (range >= gaps[i][j]) counts[i][j]++;
  };
  if (exact) {
    // An odometer over the queries: digit q picks the shuffle of query q's row.
    const digits = new Int32Array(n);
    for (let step = 0; step < total; step++) {
      shuffled.fill(0);
      for (let q = 0; q < n; q++) {
        const perm = perms[digits[q]];
        for (let s = 0; s < m; s++) shuffled[perm[s]] += systems[s][q];
      }
      tally();
      for (let q = 0; q < n && ++digits[q] === perms.length; q++) digits[q] = 0;
    }
  } else if (m <= 8) {
    // One draw per query picks one of the m! orderings (tabled), instead of m − 1 draws of a shuffle.
    const table = Int32Array.from(permutations(m).flat());
    const count = table.length / m;
    const next = seededUint32(options.seed);
    const rows = Float64Array.from({ length: n * m }, (_, k) => systems[k % m][Math.floor(k / m)]);
    const threshold = (2 ** 32 - count) % count;
    for (let t = 0; t < options.trials; t++) {
      shuffled.fill(0);
      for (let q = 0, row = 0; q < n; q++, row += m) {
        // below(next, count), inlined with its rejection threshold computed once: this loop runs n × trials times.
        let product = next() * count;
        let pick = Math.floor(product * 2 ** -32);
        while (product - pick * 2 ** 32 < threshold) {
          product = next() * count;
          pick = Math.floor(product * 2 ** -32);
        }
        const at = pick * m;
        for (let s = 0; s < m; s++) shuffled[table[at + s]] += rows[row + s];
      }
      tally();
    }
  } else {
    const next = seededUint32(options.seed);
    const perm = new Int32Array(m);
    for (let t = 0; t < options.trials; t++) {
      shuffled.fill(0);
      for (let q = 0; q < n; q++) {
        // Fisher–Yates shuffle of the m places this query's values go to.
        for (let s = 0; s < m; s++) perm[s] = s;
        for (let s = m - 1; s > 0; s--) {
          const r = below(next, s + 1);
          const x = perm[s];
          perm[s] = perm[r];
          perm[r] = x;
        }
        for (let s = 0; s < m; s++) shuffled[perm[s]] += systems[s][q];
      }
      tally();
    }
  }
  const trials = exact ? total : options.trials;
  const p = sums.map((_, i) =>
    sums.map((__, j) => {
      if (i === j || n === 0) return i === j ? 1 : NaN;
      const c = counts[Math.min(i, j)][Math.max(i, j)];
      return exact ? c / total : (c + 1) / (trials + 1);
    }),
  );
  return { p, exact, trials };
}

/** Every ordering of 0 … m − 1 (m ≤ 8: at most 40,320). */
function permutations(m: number): number[][] {
  if (m === 0) return [[]];
  return permutations(m - 1).flatMap((p) => Array.from({ length: m }, (_, at) => [...p.slice(0, at), m - 1, ...p.slice(at)]));
}

function factorial(m: number): number {
  return m <= 1 ? 1 : m * factorial(m - 1);
}
