/**
 * Several systems compared on one measure (compareSystems): which queries each pair keeps, the means
 * and differences, each test's p, the correction and α. Three systems on four queries, NaN where a
 * system has no value:
 *
 *          q1    q2    q3    q4
 *     A   0.2   0.4   0.6    –
 *     B   0.3   0.7   0.6   0.5
 *     C   0.1    –    0.2   0.9
 *
 * A–B share q1–q3 (q4 left out), A–C share q1 and q3 (q2 and q4 left out), B–C share q1, q3, q4.
 * The t-test's p has a closed form for 1 and 2 degrees of freedom:
 * 1 df: p = 1 − (2/π)·atan|t|; 2 df: p = 1 − |t| / √(t² + 2).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompareOptions, SystemComparison, compareSystems } from '../../shared/stats/compareSystems';

const A = [0.2, 0.4, 0.6, NaN];
const B = [0.3, 0.7, 0.6, 0.5];
const C = [0.1, NaN, 0.2, 0.9];
const PAIRS = [
  [0, 1],
  [0, 2],
  [1, 2],
] as const;
const run = (options: Partial<CompareOptions>) =>
  compareSystems([A, B, C], PAIRS, { test: 't', correction: 'none', alpha: 0.3, trials: 1000, seed: 1, ...options });
const round = (x: number) => Math.round(x * 1e6) / 1e6;
const brief = (r: SystemComparison) => ({
  pair: `${r.a}-${r.b}`,
  n: r.n,
  leftOut: r.leftOut,
  p: round(r.p),
  pAdjusted: round(r.pAdjusted),
  significant: r.significant,
  smallestP: round(r.smallestP),
  exact: r.exact,
});

describe('compareSystems with the paired t-test', () => {
  // Computed in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  it('keeps the queries both systems have, counts the others as left out, and gives means and differences over the kept ones', () => {
    // A–B: means 0.4 and 1.6/3, diff 0.4/3. A–C: means 0.4 and 0.15, diff −0.25. B–C: means 1.4/3 and 1.2/3, diff −0.2/3.
    assert.deepEqual(
      run({}).map((r) => [r.n, r.leftOut, round(r.meanA), round(r.meanB), round(r.diff)]),
      [
        [3, 1, 0.4, 0.533333, 0.133333],
        [2, 2, 0.4, 0.15, -0.25],
        [3, 1, 0.466667, 0.4, -0.066667],
      ],
    );
  });

  it('counts wins, ties and losses of b over the paired queries: A–B 2/1/0 (q3 equal), A–C 0/0/2, B–C 1/0/2', () => {
    // A–B: 0.3 > 0.2, 0.7 > 0.4, 0.6 = 0.6. A–C: 0.1 < 0.2, 0.2 < 0.6. B–C: 0.1 < 0.3, 0.2 < 0.6, 0.9 > 0.5.
    assert.deepEqual(
      run({}).map((r) => [r.wins, r.ties, r.losses]),
      [
        [2, 1, 0],
        [0, 0, 2],
        [1, 0, 2],
      ],
    );
    // Tukey pairs only the queries every system has (q1, q3): A–B 0.3 > 0.2, 0.6 = 0.6.
    assert.deepEqual(
      run({ test: 'tukey' }).map((r) => [r.wins, r.ties, r.losses]),
      [
        [1, 1, 0],
        [0, 0, 2],
        [0, 0, 2],
      ],
    );
  });

  it('p from t: A–B t² = 16/7 (2 df), A–C t = −5/3 (1 df), B–C t² = 1/13 (2 df); significant at α = 0.3 without a correction', () => {
    // A–B: d = 0.1, 0.3, 0; sd² = 0.07/3, t² = (0.4/3)² · 3 / (0.07/3) = 16/7; p = 1 − √(16/30) = 0.269703.
    // A–C: d = −0.1, −0.4; sd = 0.212132, t = −0.25 / 0.15; p = 1 − (2/π)·atan(5/3) = 0.344042.
    // B–C: d = −0.2, −0.4, 0.4; sd² = 0.52/3, t² = 1/13; p = 1 − √(1/27) = 0.807550.
    assert.deepEqual(run({}).map(brief), [
      { pair: '0-1', n: 3, leftOut: 1, p: 0.269703, pAdjusted: 0.269703, significant: true, smallestP: 0, exact: true },
      { pair: '0-2', n: 2, leftOut: 2, p: 0.344042, pAdjusted: 0.344042, significant: false, smallestP: 0, exact: true },
      { pair: '1-2', n: 3, leftOut: 1, p: 0.80755, pAdjusted: 0.80755, significant: false, smallestP: 0, exact: true },
    ]);
  });

  it("the t interval and Cohen's d: A–B 0.133333 ± t(0.975, 2) · 0.152753 / √3, t(0.975, 2) = √(2 · 0.95² / (1 − 0.95²)) = 4.302653", () => {
    // half width 4.302653 · 0.088192 = 0.379458; d = 0.133333 / 0.152753 = 0.872872.
    const [ab] = run({});
    assert.deepEqual(ab.ci.map(round), [-0.246125, 0.512792]);
    assert.equal(round(ab.effectSize), 0.872872);
  });

  it('Holm over the three: 3 · 0.269703, then 2 · 0.344042 and 0.807550 raised to the running maximum 0.809110; none significant', () => {
    assert.deepEqual(
      run({ correction: 'holm' }).map((r) => [round(r.pAdjusted), r.significant]),
      [
        [0.80911, false],
        [0.80911, false],
        [0.80911, false],
      ],
    );
    assert.deepEqual(
      run({ correction: 'holm', alpha: 0.8091 }).map((r) => r.significant),
      [false, false, false],
      'α = 0.8091, just below 0.809110',
    );
    assert.deepEqual(
      run({ correction: 'holm', alpha: 0.81 }).map((r) => r.significant),
      [true, true, true],
    );
  });

  it('an adjusted p equal to α is significant (p ≤ α)', () => {
    const [ab] = run({});
    assert.equal(run({ alpha: ab.p })[0].significant, true);
  });
});

describe('compareSystems with the other tests', () => {
  it('Wilcoxon: A–B has a zero difference, so the normal approximation (not exact); A–C and B–C are exact', () => {
    // A–C: d = −0.1, −0.4 (a − b = 0.1, 0.4): R+ = 3 of 3, p = 2 · 1/4 = 0.5.
    // B–C: a − b = 0.2, 0.4, −0.4: ranks 1, 2.5, 2.5; R+ = 3.5 → 3, half of 6: p = 1.
    // A–B: zero dropped, a − b = −0.1, −0.3: T = 0, z = (0 − 1.5) / √(2·3·5/24) = −1.341641, p = 2·P(Z > 1.341641) = 0.179712.
    assert.deepEqual(
      run({ test: 'wilcoxon' }).map((r) => [round(r.p), r.exact, round(r.smallestP)]),
      [
        [0.179712, false, 0.25],
        [0.5, true, 0.5],
        [1, true, 0.25],
      ],
    );
  });

  it('randomization: each pair on its own queries, exact (2^n ≤ 1000 trials)', () => {
    // A–B: d = 0.1, 0.3, 0, |Σ| ≥ 0.4 when 0.1 and 0.3 share a sign: 4 of 8. A–C: d = −0.1, −0.4: |Σ| ≥ 0.5 in 2 of 4.
    // B–C: d = −0.2, −0.4, 0.4: every sum is ±0.2, ±0.6 or ±1.0, all ≥ |−0.2|: 8 of 8.
    assert.deepEqual(
      run({ test: 'randomization' }).map((r) => [r.p, r.exact, r.smallestP]),
      [
        [0.5, true, 0.25],
        [0.5, true, 0.5],
        [1, true, 0.25],
      ],
    );
  });

  it('bootstrap: sampled (never exact), its percentile interval in place of the t interval; on 2 queries A–C never strays as far as its mean', () => {
    const rows = run({ test: 'bootstrap' });
    assert.deepEqual(
      rows.map((r) => [r.exact, r.smallestP]),
      [
        [false, 1 / 1001],
        [false, 1 / 1001],
        [false, 1 / 1001],
      ],
    );
    // A–C: d = −0.1, −0.4; resampled means −0.1, −0.25, −0.4 stray 0.15, 0, 0.15 from −0.25, never 0.25: p = 1/1001,
    // and the interval spans the two extremes, [−0.4, −0.1].
    assert.equal(rows[1].p, 1 / 1001);
    assert.deepEqual(rows[1].ci.map(round), [-0.4, -0.1]);
  });

  it('Tukey HSD: only the queries every system has (q1, q3), the rest left out; p as it is, without correction', () => {
    // On q1 and q3: A = 0.2, 0.6; B = 0.3, 0.6; C = 0.1, 0.2; sums 0.8, 0.9, 0.3, gaps A–B 0.1, A–C 0.5, B–C 0.6.
    // A shuffle pairs q3's 0.2 with one of q1's 0.1, 0.2, 0.3 (a third each) and the two 0.6 with the others:
    // ranges 0.6, 0.5 and 0.3. So p(A–B) = 1, p(A–C) = 2/3, p(B–C) = 1/3; 6² = 36 shuffles, exact, smallest p 1/6.
    const rows = run({ test: 'tukey', correction: 'holm' });
    assert.deepEqual(
      rows.map((r) => [r.n, r.leftOut, round(r.p), round(r.pAdjusted), r.exact, round(r.smallestP)]),
      [
        [2, 2, 1, 1, true, 0.166667],
        [2, 2, 0.666667, 0.666667, true, 0.166667],
        [2, 2, 0.333333, 0.333333, true, 0.166667],
      ],
    );
    assert.deepEqual(
      rows.map((r) => round(r.diff)),
      [0.05, -0.25, -0.3],
    );
  });
});
