/**
 * The resampling tests' speed paths against the simple ones, on random inputs that reach them:
 * - several pairs over the same queries share one set of resampled system sums (randomizationTests,
 *   bootstrapTests); each pair's result must be the one of the pair tested alone;
 * - compareSystems groups the pairs that keep the same queries (missing values differ by pair);
 * - the sampled randomization test sums 8 signs at a time from a table; flipping one query at a time
 *   with the same random signs must count the same assignments;
 * - the random signs are kept for the next comparison of the same size; another size in between must
 *   not change them;
 * - the bootstrap draws its resampled queries with Lemire's method inlined; below() draws the same.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapTest, bootstrapTests, quantile } from '../../shared/stats/bootstrap';
import { compareSystems } from '../../shared/stats/compareSystems';
import { randomizationTest, randomizationTests } from '../../shared/stats/randomization';
import { below, seededUint32 } from '../../shared/stats/random';

/** m systems × n queries of values in tenths, from a seed; `missing` of the values NaN. */
function systems(seed: number, m: number, n: number, missing = 0): number[][] {
  const next = seededUint32(seed);
  return Array.from({ length: m }, () => Array.from({ length: n }, () => (next() % 100 < missing * 100 ? NaN : (next() % 11) / 10)));
}

const ALL_PAIRS = (m: number) =>
  Array.from({ length: m }, (_, a) => Array.from({ length: m - a - 1 }, (__, k) => [a, a + k + 1] as const)).flat();

describe("several pairs at once give each pair's own result", () => {
  it('randomizationTests, sampled (2^n > trials), against randomizationTest on each pair', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const s = systems(seed, 2 + (seed % 4), 9 + seed);
      const pairs = ALL_PAIRS(s.length);
      const together = randomizationTests(s, pairs, { trials: 300, seed });
      pairs.forEach(([a, b], k) =>
        assert.deepEqual(together[k], randomizationTest(s[a], s[b], { trials: 300, seed }), `seed ${seed}, pair ${a}-${b}`),
      );
      assert.equal(together[0].exact, false);
    }
  });

  it('randomizationTests, exact (2^n ≤ trials), against randomizationTest on each pair', () => {
    for (let seed = 1; seed <= 6; seed++) {
      const s = systems(seed, 3, 2 + seed);
      const together = randomizationTests(s, ALL_PAIRS(3), { trials: 1000, seed });
      ALL_PAIRS(3).forEach(([a, b], k) => assert.deepEqual(together[k], randomizationTest(s[a], s[b], { trials: 1000, seed })));
      assert.equal(together[0].exact, true);
    }
  });

  it('bootstrapTests against bootstrapTest on each pair', () => {
    for (let seed = 1; seed <= 12; seed++) {
      const s = systems(seed, 2 + (seed % 4), 3 + seed);
      const pairs = ALL_PAIRS(s.length);
      const together = bootstrapTests(s, pairs, { trials: 200, seed });
      pairs.forEach(([a, b], k) =>
        assert.deepEqual(together[k], bootstrapTest(s[a], s[b], { trials: 200, seed }), `seed ${seed}, pair ${a}-${b}`),
      );
    }
  });

  it('compareSystems groups pairs by the queries they keep: the same p as each pair tested alone on its own queries', () => {
    for (let seed = 1; seed <= 10; seed++) {
      const s = systems(seed, 4, 12, 0.2);
      const pairs = ALL_PAIRS(4);
      for (const test of ['randomization', 'bootstrap'] as const) {
        const rows = compareSystems(s, pairs, { test, correction: 'none', alpha: 0.05, trials: 200, seed });
        pairs.forEach(([a, b], k) => {
          const keep = s[a].map((_, q) => q).filter((q) => !Number.isNaN(s[a][q]) && !Number.isNaN(s[b][q]));
          const x = keep.map((q) => s[a][q]);
          const y = keep.map((q) => s[b][q]);
          const alone = test === 'bootstrap' ? bootstrapTest(x, y, { trials: 200, seed }) : randomizationTest(x, y, { trials: 200, seed });
          assert.equal(rows[k].p, alone.p, `seed ${seed}, ${test}, pair ${a}-${b}`);
          assert.equal(rows[k].n, keep.length);
          if (test === 'bootstrap' && keep.length >= 2) assert.deepEqual(rows[k].ci, (alone as ReturnType<typeof bootstrapTest>).ci);
        });
      }
    }
  });
});

describe('the tabled sign sums of the sampled randomization test', () => {
  /** The same test flipping one query at a time: trial t, query i = 8·block + j is flipped when bit j of byte (block · trials + t) is set. */
  function oneAtATime(a: number[], b: number[], trials: number, seed: number): number {
    const n = a.length;
    const blocks = Math.ceil(n / 8);
    const next = seededUint32(seed);
    const words = Uint32Array.from({ length: Math.ceil((trials * blocks) / 4) }, () => next());
    const bytes = new Uint8Array(words.buffer, 0, trials * blocks);
    const d = a.map((x, i) => b[i] - x);
    const observed = Math.abs(d.reduce((s, x) => s + x, 0));
    const absSum = d.reduce((s, x, i) => s + Math.abs(x) + Math.abs(a[i]) + Math.abs(b[i]), 0);
    let count = 0;
    for (let t = 0; t < trials; t++) {
      let sum = 0;
      for (let i = 0; i < n; i++) sum += (bytes[Math.floor(i / 8) * trials + t] >> (i % 8)) & 1 ? -d[i] : d[i];
      if (Math.abs(sum) >= observed - 1e-10 * absSum) count++;
    }
    return (count + 1) / (trials + 1);
  }

  it('counts the same assignments as flipping one query at a time, for n from 9 to 40 (full and partial blocks)', () => {
    for (let n = 9; n <= 40; n++) {
      const [a, b] = systems(n, 2, n);
      assert.equal(randomizationTest(a, b, { trials: 250, seed: n }).p, oneAtATime(a, b, 250, n), `n = ${n}`);
    }
  });

  it('keeps the random signs for the next test of the same size, and a test of another size in between changes nothing', () => {
    // The signs are one stream of bytes, block-major: a smaller test reads a prefix of a larger one's, so
    // each test in between needs more bytes than the last (or another seed) to be told apart.
    const [long, longB] = systems(7, 2, 28);
    const [a, b] = [long.slice(0, 20), longB.slice(0, 20)];
    const first = randomizationTest(a, b, { trials: 500, seed: 3 });
    // Each differs from the first in one of the three: 4 blocks of 8 queries, not 3; 600 trials; the seed.
    for (const between of [
      { n: 28, trials: 500, seed: 3 },
      { n: 20, trials: 600, seed: 3 },
      { n: 20, trials: 500, seed: 4 },
    ]) {
      const [x, y] = [long.slice(0, between.n), longB.slice(0, between.n)];
      assert.equal(
        randomizationTest(x, y, between).p,
        oneAtATime(x, y, between.trials, between.seed),
        `${JSON.stringify(between)} after the first`,
      );
      assert.deepEqual(randomizationTest(a, b, { trials: 500, seed: 3 }), first, `after ${JSON.stringify(between)}`);
    }
    assert.equal(first.p, oneAtATime(a, b, 500, 3));
  });
});

describe("the bootstrap's inlined draw", () => {
  /** The same bootstrap drawing each resampled query with below() (Lemire's draw, not inlined), one pair. */
  function simple(a: number[], b: number[], trials: number, seed: number): { p: number; ci: [number, number] } {
    const n = a.length;
    const next = seededUint32(seed);
    const sum = (x: number[]) => x.reduce((s, v) => s + v, 0);
    const mean = (sum(b) - sum(a)) / n;
    const absSum = a.reduce((s, x, q) => s + Math.abs(x) + Math.abs(b[q]), 0);
    const means: number[] = [];
    for (let t = 0; t < trials; t++) {
      let sa = 0;
      let sb = 0;
      for (let i = 0; i < n; i++) {
        const q = below(next, n);
        sa += a[q];
        sb += b[q];
      }
      means.push((sb - sa) / n);
    }
    const count = means.filter((m) => Math.abs(m - mean) >= Math.abs(mean) - (1e-10 * absSum) / n).length;
    const sorted = Float64Array.from(means).sort();
    const tail = (1 - 0.95) / 2;
    return { p: (count + 1) / (trials + 1), ci: [quantile(sorted, tail), quantile(sorted, 1 - tail)] };
  }

  it('draws the same queries as below(): the same p and interval, for n from 2 to 40 (n = 3, 5, 6, 7 … reject some draws)', () => {
    for (let n = 2; n <= 40; n++) {
      const [a, b] = systems(100 + n, 2, n);
      const r = bootstrapTest(a, b, { trials: 150, seed: n });
      assert.deepEqual({ p: r.p, ci: r.ci }, simple(a, b, 150, n), `n = ${n}`);
    }
  });

  it('rejects the same draws: a million queries, where 967,296 of the 2^32 low products are refused (2^32 mod 10^6), about 225 draws a trial', () => {
    const n = 1_000_000;
    const a = Array.from({ length: n }, (_, q) => (q % 7) / 10);
    const b = Array.from({ length: n }, (_, q) => (q % 5) / 10);
    const r = bootstrapTest(a, b, { trials: 3, seed: 11 });
    assert.deepEqual({ p: r.p, ci: r.ci }, simple(a, b, 3, 11));
  });
});
