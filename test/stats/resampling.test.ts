/**
 * The randomization, bootstrap and Tukey HSD tests: exact p-values on small n worked out by hand,
 * reproducibility with a seed, and the sampled tests within Monte Carlo error of the exact p.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { bootstrapTest } from '../../shared/stats/bootstrap';
import { randomizationTest } from '../../shared/stats/randomization';
import { randomizedTukeyHsd } from '../../shared/stats/tukeyHsd';

const zeros = (n: number) => new Array<number>(n).fill(0);

/** Within 4 standard errors of a proportion p estimated from `trials` draws (the +1 of (count+1)/(trials+1) included). */
function withinMonteCarlo(sampled: number, exact: number, trials: number): void {
  const se = Math.sqrt((exact * (1 - exact)) / trials);
  assert.ok(Math.abs(sampled - exact) <= 4 * se + 1 / trials, `sampled ${sampled} vs exact ${exact} (se ${se.toFixed(5)})`);
}

describe("Fisher's randomization test, exact (2^n ≤ trials)", () => {
  it('d = 0.2, −0.1, 0.4: 4 of the 8 sign assignments reach |Σ| ≥ 0.5, p = 0.5', () => {
    // ±0.2 ±0.1 ±0.4: |sums| 0.7 0.1 0.5 0.3 0.3 0.5 0.1 0.7, so 0.7, 0.5, 0.5, 0.7 count.
    const r = randomizationTest(zeros(3), [0.2, -0.1, 0.4], { trials: 10000, seed: 1 });
    assert.deepEqual(r, { p: 0.5, exact: true, trials: 8 });
  });
  it('all 4 differences positive: only the observed signs and their mirror count, p = 2/16', () => {
    assert.equal(randomizationTest(zeros(4), [0.3, 0.2, 0.1, 0.4], { trials: 10000, seed: 1 }).p, 0.125);
  });
  it('tied sizes 0.5, 0.5, −0.5, 0.5 (Σ = 1): k flipped signs give 0.5·(4 − 2k), |.| ≥ 1 for k ≠ 2: 1 + 4 + 4 + 1 = 10 of 16', () => {
    assert.equal(randomizationTest([0.1, 0.2, 0.9, 0.3], [0.6, 0.7, 0.4, 0.8], { trials: 16, seed: 1 }).p, 0.625);
  });
  it('no differences at all: every assignment ties the observed 0, p = 1', () => {
    assert.equal(randomizationTest([0.5, 0.5], [0.5, 0.5], { trials: 100, seed: 1 }).p, 1);
  });
});

/** 14 differences: 2^14 = 16,384 assignments, more than 10,000 trials, so the test samples. */
const D14 = [0.12, -0.05, 0.3, 0.08, -0.2, 0.15, 0.02, 0.25, -0.1, 0.07, 0.18, -0.03, 0.11, 0.04];

describe("Fisher's randomization test, sampled", () => {
  const exact = randomizationTest(zeros(14), D14, { trials: 2 ** 14, seed: 0 });
  it('enumerates when trials reach 2^n', () => assert.equal(exact.exact, true));
  it('is reproducible with a seed and changes with it', () => {
    const a = randomizationTest(zeros(14), D14, { trials: 10000, seed: 42 });
    assert.deepEqual(randomizationTest(zeros(14), D14, { trials: 10000, seed: 42 }), a);
    assert.equal(a.exact, false);
    assert.notEqual(randomizationTest(zeros(14), D14, { trials: 10000, seed: 43 }).p, a.p);
  });
  it('lands within Monte Carlo error of the exact p', () => {
    for (const seed of [1, 2, 3]) withinMonteCarlo(randomizationTest(zeros(14), D14, { trials: 10000, seed }).p, exact.p, 10000);
  });
  it('the tabled sign sums agree with flipping one query at a time (n not a multiple of 8)', () => {
    // 21 queries, 3 blocks of 8 (the last one padded): compare with the exact p from a full enumeration.
    const d = [...D14, 0.06, -0.09, 0.14, 0.01, 0.22, -0.04, 0.05];
    const full = randomizationTest(zeros(21), d, { trials: 2 ** 21, seed: 0 });
    assert.equal(full.exact, true);
    withinMonteCarlo(randomizationTest(zeros(21), d, { trials: 20000, seed: 5 }).p, full.p, 20000);
  });
});

describe('paired bootstrap', () => {
  // Exact bootstrap p by enumerating all 6^6 = 46,656 ordered resamples of 6 differences.
  const d = [0.2, -0.05, 0.15, 0.1, -0.1, 0.3];
  const mean = d.reduce((s, x) => s + x, 0) / 6;
  let count = 0;
  for (let code = 0; code < 6 ** 6; code++) {
    let s = 0;
    for (let i = 0, c = code; i < 6; i++, c = Math.floor(c / 6)) s += d[c % 6];
    if (Math.abs(s / 6 - mean) >= Math.abs(mean) - 1e-12) count++;
  }
  const exactP = count / 6 ** 6;
  it('is reproducible with a seed', () => {
    assert.deepEqual(bootstrapTest(zeros(6), d, { trials: 5000, seed: 9 }), bootstrapTest(zeros(6), d, { trials: 5000, seed: 9 }));
  });
  it(`lands within Monte Carlo error of the exact bootstrap p (${count} of 46,656 resamples)`, () => {
    for (const seed of [1, 2]) withinMonteCarlo(bootstrapTest(zeros(6), d, { trials: 20000, seed }).p, exactP, 20000);
  });
  it('its percentile interval holds the mean difference and lies inside [min d, max d]', () => {
    const { ci } = bootstrapTest(zeros(6), d, { trials: 20000, seed: 1 });
    assert.ok(ci[0] < mean && mean < ci[1] && ci[0] >= -0.1 && ci[1] <= 0.3, `${ci}`);
  });
});

describe('randomized Tukey HSD', () => {
  // Three systems on two queries: values (0.2, 0.4), (0.5, 0.6), (0.3, 0.9); sums 0.6, 1.1, 1.2, so the
  // observed gaps are 0.5 (A–B), 0.6 (A–C), 0.1 (B–C). A shuffle is a matching of query 1's values
  // {0.2, 0.3, 0.5} with query 2's {0.4, 0.6, 0.9} (× 6 relabelings that keep the range): the six
  // matchings give system sums {0.6, 0.9, 1.4}, {0.6, 1.2, 1.1}, {0.8, 0.7, 1.4}, {0.8, 1.2, 0.9},
  // {1.1, 0.7, 1.1}, {1.1, 0.9, 0.9}, ranges 0.8, 0.6, 0.7, 0.4, 0.4, 0.2. Ranges ≥ 0.5 and ≥ 0.6: 3 of 6.
  const systems = [
    [0.2, 0.4],
    [0.5, 0.6],
    [0.3, 0.9],
  ];
  it('exact on 3 systems × 2 queries (36 shuffles): p(A,B) = p(A,C) = 0.5, p(B,C) = 1', () => {
    const r = randomizedTukeyHsd(systems, { trials: 10000, seed: 1 });
    assert.equal(r.exact, true);
    assert.equal(r.trials, 36);
    assert.deepEqual([r.p[0][1], r.p[0][2], r.p[1][2], r.p[1][0]], [0.5, 0.5, 1, 0.5]);
  });
  it('sampled: reproducible and within Monte Carlo error of the exact p', () => {
    const r = randomizedTukeyHsd(systems, { trials: 20, seed: 3 });
    assert.equal(r.exact, false);
    assert.deepEqual(randomizedTukeyHsd(systems, { trials: 20, seed: 3 }), r);
    const big = randomizedTukeyHsd(systems, { trials: 20000, seed: 3 });
    withinMonteCarlo(big.p[0][1], 0.5, 20000);
    withinMonteCarlo(big.p[0][2], 0.5, 20000);
  });

  // Sakai's Table 5.1 ("情報アクセス評価方法論"), as in elinor's documentation: 20 topics, 3 systems.
  const A = [0.7, 0.3, 0.2, 0.6, 0.4, 0.4, 0.0, 0.7, 0.1, 0.3, 0.5, 0.4, 0.0, 0.6, 0.5, 0.3, 0.1, 0.5, 0.2, 0.1];
  const B = [0.5, 0.1, 0.0, 0.2, 0.4, 0.3, 0.0, 0.5, 0.3, 0.3, 0.4, 0.4, 0.1, 0.4, 0.2, 0.1, 0.1, 0.6, 0.3, 0.2];
  const C = [0.0, 0.0, 0.2, 0.1, 0.3, 0.3, 0.1, 0.2, 0.4, 0.4, 0.4, 0.3, 0.3, 0.2, 0.2, 0.2, 0.1, 0.5, 0.4, 0.3];
  it("with two systems it is Fisher's randomization test (as elinor documents): exact over 2^20 on Sakai's A and B", () => {
    const tukey = randomizedTukeyHsd([A, B], { trials: 2 ** 20, seed: 0 });
    const fisher = randomizationTest(A, B, { trials: 2 ** 20, seed: 0 });
    assert.equal(tukey.exact, true);
    assert.equal(tukey.p[0][1], fisher.p);
  });
  it("on Sakai's three systems, a larger gap never gets a larger p", () => {
    const r = randomizedTukeyHsd([A, B, C], { trials: 5000, seed: 7 });
    // Means: A 0.345, B 0.275, C 0.255: gaps A–C 0.09 > A–B 0.07 > B–C 0.02.
    assert.ok(r.p[0][2] <= r.p[0][1] && r.p[0][1] <= r.p[1][2], JSON.stringify(r.p));
  });
});
