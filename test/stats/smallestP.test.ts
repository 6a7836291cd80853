/**
 * The smallest p a test can reach on n pairs, whatever the data (above α: never significant), for
 * each test, worked out by hand from the test's own rule.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { smallestP } from '../../shared/stats/smallestP';

describe('smallestP', () => {
  it('t-test: 1 below 2 pairs (no test), 0 from 2 pairs (t is unbounded)', () => {
    assert.deepEqual(
      [0, 1, 2, 30].map((n) => smallestP('t', n, 1000)),
      [1, 1, 0, 0],
    );
  });

  it('Wilcoxon, exact up to 50 pairs: 2 / 2^n (every sign the same), at most 1', () => {
    // n = 1: 2/2 = 1; n = 5: 2/32 = 0.0625; n = 50: 2/2^50.
    assert.deepEqual(
      [0, 1, 5, 50].map((n) => smallestP('wilcoxon', n, 1000)),
      [1, 1, 0.0625, 2 / 2 ** 50],
    );
  });

  it('Wilcoxon past 50 pairs: the normal tail at T = 0, z = √(3n(n+1)/(2n+1))', () => {
    // n = 51: z = √(3·51·52 / 103) = √77.242718 = 8.788784; 2·P(Z > z) = 1.5118787e-18 (math.erfc(z/√2)).
    const p = smallestP('wilcoxon', 51, 1000);
    assert.ok(Math.abs(p / 1.5118786799626389e-18 - 1) < 1e-8, `${p}`);
  });

  it('randomization: 2 / 2^n when it enumerates (2^n ≤ trials), else the larger of 2 / 2^n and 1 / (trials + 1)', () => {
    // 3 pairs, 1000 trials: exact, 2/8. 1 pair: 2/2 = 1. 5 pairs, 20 trials: 32 > 20, sampled: max(2/32, 1/21) = 0.0625.
    // 10 pairs, 100 trials: max(2/1024, 1/101) = 1/101.
    assert.deepEqual(
      [
        smallestP('randomization', 0, 1000),
        smallestP('randomization', 1, 1000),
        smallestP('randomization', 3, 1000),
        smallestP('randomization', 5, 20),
        smallestP('randomization', 10, 100),
      ],
      [1, 1, 0.25, 0.0625, 1 / 101],
    );
  });

  it('bootstrap: 1 below 2 pairs, else 1 / (trials + 1)', () => {
    assert.deepEqual(
      [1, 2, 40].map((n) => smallestP('bootstrap', n, 999)),
      [1, 1 / 1000, 1 / 1000],
    );
  });

  it('Tukey HSD: the m! relabelings always count, so 1 / (m!)^(n−1) exact, and no less than 1 / (trials + 1) sampled', () => {
    // 3 systems, m! = 6. 2 queries: 6² = 36 shuffles ≤ 100 trials, exact: 1/6. 3 queries, 1000 trials: 216 ≤ 1000, 1/36.
    // 3 queries, 100 trials: sampled, max(1/36, 1/101) = 1/36. 4 queries, 100 trials: max(1/216, 1/101) = 1/101.
    // 2 systems (m! = 2) on 4 queries, 100 trials: 16 ≤ 100, 1/2³ = 1/8, as the randomization test's 2/2⁴.
    assert.deepEqual(
      [
        smallestP('tukey', 0, 100, 3),
        smallestP('tukey', 2, 100, 3),
        smallestP('tukey', 3, 1000, 3),
        smallestP('tukey', 3, 100, 3),
        smallestP('tukey', 4, 100, 3),
        smallestP('tukey', 4, 100),
      ],
      [1, 1 / 6, 1 / 36, 1 / 36, 1 / 101, 1 / 8],
    );
  });

  it('Tukey HSD on 4 systems (4! = 24): 2 queries, 1000 trials: 576 shuffles, exact, 1/24', () => {
    assert.equal(smallestP('tukey', 2, 1000, 4), 1 / 24);
  });
});
