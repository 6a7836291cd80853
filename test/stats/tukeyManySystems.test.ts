/**
 * Randomized Tukey HSD past 8 systems, where each query's row is shuffled by Fisher–Yates instead of
 * picking one of the m! orderings from a table, against a p worked out by hand; and the edge cases.
 *
 * The example: m systems on 2 queries; system A has 1 on both, every other system 0. A's sum is 2, the
 * others' 0, so A's gap to each is 2. A shuffle sends each query's 1 to a system at random: both land
 * on the same one with probability 1/m (range 2), otherwise on two (range 1). So p(A, ·) = 1/m, and
 * between two of the others (gap 0) every shuffle counts: p = 1.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { randomizedTukeyHsd } from '../../shared/stats/tukeyHsd';

const twoOnes = (m: number) => Array.from({ length: m }, (_, s) => (s === 0 ? [1, 1] : [0, 0]));

/** Within 4 standard errors of p estimated from `trials` draws (the +1 of (count+1)/(trials+1) included). */
function withinMonteCarlo(sampled: number, exact: number, trials: number): void {
  const se = Math.sqrt((exact * (1 - exact)) / trials);
  assert.ok(Math.abs(sampled - exact) <= 4 * se + 1 / trials, `sampled ${sampled} vs exact ${exact}`);
}

describe('randomized Tukey HSD on many systems', () => {
  it('9 systems (Fisher–Yates shuffles): p(A, ·) ≈ 1/9, p between two others = 1, reproducible with a seed', () => {
    const r = randomizedTukeyHsd(twoOnes(9), { trials: 20000, seed: 5 });
    assert.equal(r.exact, false);
    assert.equal(r.trials, 20000);
    for (let j = 1; j < 9; j++) withinMonteCarlo(r.p[0][j], 1 / 9, 20000);
    assert.equal(r.p[1][2], 1);
    assert.equal(r.p[8][0], r.p[0][8], 'symmetric');
    assert.deepEqual(randomizedTukeyHsd(twoOnes(9), { trials: 20000, seed: 5 }), r);
  });

  it('8 systems (one of the 8! orderings drawn from the table): p(A, ·) ≈ 1/8', () => {
    const r = randomizedTukeyHsd(twoOnes(8), { trials: 20000, seed: 5 });
    assert.equal(r.exact, false);
    for (let j = 1; j < 8; j++) withinMonteCarlo(r.p[0][j], 1 / 8, 20000);
    assert.equal(r.p[3][4], 1);
  });

  it('3 systems, exact over 6² = 36 shuffles: p(A, ·) = 1/3 exactly', () => {
    const r = randomizedTukeyHsd(twoOnes(3), { trials: 36, seed: 5 });
    assert.deepEqual([r.exact, r.trials, r.p[0][1], r.p[0][2], r.p[1][2], r.p[0][0]], [true, 36, 1 / 3, 1 / 3, 1, 1]);
  });

  it('no queries: NaN off the diagonal, 1 on it; one system: just the diagonal', () => {
    const none = randomizedTukeyHsd([[], []], { trials: 100, seed: 1 });
    assert.deepEqual(none.p, [
      [1, NaN],
      [NaN, 1],
    ]);
    assert.equal(none.exact, false);
    assert.deepEqual(randomizedTukeyHsd([[0.5, 0.25]], { trials: 100, seed: 1 }).p, [[1]]);
  });
});
