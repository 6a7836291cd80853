/**
 * Paired bootstrap test, two-sided (Efron & Tibshirani 1993, §16.4; Sakai 2006): resample the
 * queries with replacement `trials` times. The p-value shifts the differences to mean 0 (the null
 * hypothesis) and counts the resamples whose mean strays from 0 at least as far as the observed mean:
 * p = (count + 1) / (trials + 1). The interval is the percentile interval of the resampled means.
 */
import { ResamplingOptions } from './randomization';
import { BELOW_MAX, seededUint32 } from './random';

export interface BootstrapResult {
  p: number;
  /** Percentile interval of the mean difference b − a at the given level (0.95 by default). */
  ci: [number, number];
  trials: number;
}

/** The paired bootstrap test of b against a. Fewer than 2 pairs give p = NaN. */
export function bootstrapTest(a: ArrayLike<number>, b: ArrayLike<number>, options: ResamplingOptions, level = 0.95): BootstrapResult {
  return bootstrapTests([a, b], [[0, 1]], options, level)[0];
}

/**
 * The bootstrap test of several pairs of systems over the same queries (systems[s][q]). Each trial
 * draws one resample of the queries and sums every system over it, so a pair's resampled mean
 * difference is the difference of two systems' sums: m sums per trial, not one per pair. Each pair's
 * result is the same as from bootstrapTest on that pair alone.
 */
export function bootstrapTests(
  systems: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: ResamplingOptions,
  level = 0.95,
): BootstrapResult[] {
  const n = systems.length > 0 ? systems[0].length : 0;
  if (n < 2 || n > BELOW_MAX) return pairs.map(() => ({ p: NaN, ci: [NaN, NaN], trials: 0 }));
  const m = systems.length;
  const { trials } = options;
  const data = systems.map((s) => Float64Array.from(s));
  // sums[t·m + s]: system s summed over resample t.
  const sums = new Float64Array(trials * m);
  const next = seededUint32(options.seed);
  const threshold = (2 ** 32 - n) % n;
  for (let t = 0, base = 0; t < trials; t++, base += m) {
    for (let i = 0; i < n; i++) {
      // Lemire's unbiased draw in [0, n), inlined: this loop runs n × trials times.
      let product = next() * n;
      let q = Math.floor(product * 2 ** -32);
      while (product - q * 2 ** 32 < threshold) {
        product = next() * n;
        q = Math.floor(product * 2 ** -32);
      }
      for (let s = 0; s < m; s++) sums[base + s] += data[s][q];
    }
  }
  const tail = (1 - level) / 2;
  return pairs.map(([a, b]) => {
    let sum = 0;
    let absSum = 0;
    for (let q = 0; q < n; q++) {
      const d = data[b][q] - data[a][q];
      sum += d;
      absSum += Math.abs(data[a][q]) + Math.abs(data[b][q]);
    }
    const mean = sum / n;
    const bar = Math.abs(mean) - (1e-10 * absSum) / n;
    const means = new Float64Array(trials);
    let count = 0;
    for (let t = 0; t < trials; t++) {
      means[t] = (sums[t * m + b] - sums[t * m + a]) / n;
      if (Math.abs(means[t] - mean) >= bar) count++;
    }
    means.sort();
    return { p: (count + 1) / (trials + 1), ci: [quantile(means, tail), quantile(means, 1 - tail)], trials };
  });
}

/** The q-quantile of sorted values, interpolating linearly between order statistics (NumPy's default). */
export function quantile(sorted: ArrayLike<number>, q: number): number {
  const at = q * (sorted.length - 1);
  const lo = Math.floor(at);
  const hi = Math.min(lo + 1, sorted.length - 1);
  return sorted[lo] + (at - lo) * (sorted[hi] - sorted[lo]);
}
