/**
 * A seeded generator, so a randomization or bootstrap test gives the same p-value for the same seed
 * on every machine. mulberry32: 32 bits of state, fast, and good enough for resampling (it passes
 * gjrand's and PractRand's small tests); the tests only need uniform, independent draws.
 */
// @ts-nocheck


/** A generator of uniform 32-bit unsigned integers, seeded. */
export type Uint32Source = () => number;

/** mulberry32 seeded with the low 32 bits of `seed`. */
export function seededUint32(seed: number): Uint32Source {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return (t ^ (t >>> 14)) >>> 0;
  };
}

/** A uniform whole number in [0, n), 1 ≤ n ≤ 2^21, without modulo bias (Lemire's multiply-shift). */
export function below(next: Uint32Source, n: number): number {
  // x·n < 2^53 stays exact in a double; its high and low 32 bits by multiplying with 2^−32, which is
  // exact too (and much faster than %). Rejecting the few low products that would over-represent
  // some values keeps every outcome exactly equally likely.
  const threshold = (2 ** 32 - n) % n;
  for (;;) {
    const product = next() * n;
    const high = Math.floor(product * 2 ** -32);
    if (product - high * 2 ** 32 >= threshold) return high;
  }
}

/** Largest n `below` takes. */
export const BELOW_MAX = 2 ** 21;
