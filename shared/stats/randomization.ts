/**
 * Fisher's paired randomization test, two-sided: under the null hypothesis each query's two values
 * are exchangeable, so every difference b − a keeps its size but may flip its sign. The p-value is
 * the share of sign assignments whose |Σ d| is at least the observed |Σ d|.
 * - Exact, by full enumeration, when 2^n ≤ trials: p = count / 2^n (the observed assignment counts).
 * - Otherwise `trials` random assignments from a seeded generator: p = (count + 1) / (trials + 1),
 *   counting the observed one too, so p is never 0 (Phipson & Smyth, 2010).
 */
import { ComparisonMemo } from './comparisonMemo';
import { seededUint32 } from './random';

export interface ResamplingOptions {
  trials: number;
  seed: number;
}

export interface RandomizationResult {
  p: number;
  exact: boolean;
  /** Sign assignments looked at: 2^n when exact. */
  trials: number;
}

/** The two-sided paired randomization (sign-flip) test of b against a. No pairs gives p = NaN. */
export function randomizationTest(
  a: ArrayLike<number>,
  b: ArrayLike<number>,
  options: ResamplingOptions,
  memo?: ComparisonMemo,
): RandomizationResult {
  return randomizationTests([a, b], [[0, 1]], options, memo)[0];
}

/**
 * The randomization test of several pairs of systems over the same queries (systems[s][q]). Each
 * trial draws one sign per query and applies it to every system, so a pair's flipped sum is the
 * difference of two systems' flipped sums: m systems cost m sums per trial, not one per pair.
 * Each pair's p is the same as from randomizationTest on that pair alone. A memo keeps the random
 * sign masks for the next test of the same size (see ComparisonMemo).
 */
export function randomizationTests(
  systems: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: ResamplingOptions,
  memo?: ComparisonMemo,
): RandomizationResult[] {
  const n = systems.length > 0 ? systems[0].length : 0;
  if (n === 0) return pairs.map(() => ({ p: NaN, exact: true, trials: 0 }));
  if (2 ** n <= options.trials) return pairs.map(([a, b]) => exactRandomization(systems[a], systems[b]));
  return sampledRandomization(systems, pairs, options, memo);
}

/** Sums that differ by less than this share of Σ|d| are the same sum met in another order. */
const RELATIVE_TOLERANCE = 1e-10;

function exactRandomization(a: ArrayLike<number>, b: ArrayLike<number>): RandomizationResult {
  const n = a.length;
  const d = Array.from({ length: n }, (_, i) => b[i] - a[i]);
  const observed = Math.abs(d.reduce((s, x) => s + x, 0));
  const bar = observed - RELATIVE_TOLERANCE * d.reduce((s, x) => s + Math.abs(x), 0);
  const total = 2 ** n;
  let count = 0;
  // Walk the assignments in Gray-code order, so each one differs from the last in one sign; the sum
  // is recomputed from scratch every 64 steps to keep rounding from piling up.
  const signs = new Int8Array(n).fill(1);
  let sum = 0;
  for (let step = 0; step < total; step++) {
    if (step > 0) {
      const k = ctz(step);
      signs[k] = -signs[k];
      sum += 2 * signs[k] * d[k];
    }
    if ((step & 63) === 0) {
      sum = 0;
      for (let i = 0; i < n; i++) sum += signs[i] * d[i];
    }
    if (Math.abs(sum) >= bar) count++;
  }
  return { p: count / total, exact: true, trials: total };
}

function ctz(x: number): number {
  return 31 - Math.clz32(x & -x);
}

/**
 * Random sign assignments, 8 queries at a time: for each block of 8 queries and each system, the 256
 * signed sums are tabled once, so a trial costs one table lookup per 8 queries per system. The loops
 * run block by block over all trials, so the block's tables stay in the L1 cache and the running sums
 * and random bytes are read in order. (10,000 queries × 10,000 trials: 12.5 M lookups per system
 * instead of 100 M sign flips per pair.)
 */
function sampledRandomization(
  systems: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: ResamplingOptions,
  memo: ComparisonMemo | undefined,
): RandomizationResult[] {
  const n = systems[0].length;
  const m = systems.length;
  const blocks = Math.ceil(n / 8);
  const { trials } = options;
  const tables = systems.map(() => new Float64Array(256));
  const sums = systems.map(() => new Float64Array(trials));
  const observed = new Float64Array(m);
  const bytes = signBytes(options.seed, trials, blocks, memo);
  for (let block = 0; block < blocks; block++) {
    const row = bytes.subarray(block * trials, (block + 1) * trials);
    for (let s = 0; s < m; s++) {
      const table = tables[s];
      const values = systems[s];
      table.fill(0);
      for (let j = 0; j < 8; j++) {
        const i = block * 8 + j;
        const x = i < n ? values[i] : 0;
        // Mask bit j set flips query j: fill the table by doubling, entries [2^j, 2^(j+1)) from [0, 2^j).
        const half = 1 << j;
        for (let k = 0; k < half; k++) {
          table[k + half] = table[k] - x;
          table[k] += x;
        }
      }
      observed[s] += table[0];
      const sum = sums[s];
      for (let t = 0; t < trials; t++) sum[t] += table[row[t]];
    }
  }
  return pairs.map(([a, b]) => {
    let absSum = 0;
    for (let q = 0; q < n; q++) absSum += Math.abs(systems[b][q] - systems[a][q]) + Math.abs(systems[a][q]) + Math.abs(systems[b][q]);
    const bar = Math.abs(observed[b] - observed[a]) - RELATIVE_TOLERANCE * absSum;
    const sa = sums[a];
    const sb = sums[b];
    let count = 0;
    for (let t = 0; t < trials; t++) if (Math.abs(sb[t] - sa[t]) >= bar) count++;
    return { p: (count + 1) / (trials + 1), exact: false, trials };
  });
}

/**
 * The random sign masks, block-major (block · trials + trial), from the seeded generator. They depend
 * only on the seed, the trials and the number of queries: a memo given keeps the last ones for the
 * next test of the same size.
 */
function signBytes(seed: number, trials: number, blocks: number, memo: ComparisonMemo | undefined): Uint8Array {
  const last = memo?.signs;
  if (last && last.seed === seed && last.trials === trials && last.blocks === blocks) return last.bytes;
  const words = new Uint32Array(Math.ceil((trials * blocks) / 4));
  const next = seededUint32(seed);
  for (let i = 0; i < words.length; i++) words[i] = next();
  const bytes = new Uint8Array(words.buffer, 0, trials * blocks);
  if (memo) memo.signs = { seed, trials, blocks, bytes };
  return bytes;
}
