/** The paired summary every comparison reports besides its p-value: means, difference, t interval, effect size, by hand. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { differences, pairedSummary } from '../../shared/stats/pairedSummary';

const close = (actual: number, expected: number, what: string, within = 1e-9) =>
  assert.ok(Math.abs(actual - expected) < within, `${what}: ${actual} vs ${expected}`);

describe('pairedSummary', () => {
  it('five pairs: d = 0.2, 0, 0.3, 0, 0.4; diff 0.18, sd √0.032, d = 1.006231, 95% interval 0.18 ± 2.776445 · 0.08', () => {
    // a = 0.1 … 0.5 (mean 0.3), b = 0.3, 0.2, 0.6, 0.4, 0.9 (mean 0.48). Deviations of d from 0.18:
    // 0.02, −0.18, 0.12, −0.18, 0.22; squares sum to 0.128, / 4 = 0.032, sd = 0.178885.
    // sd / √5 = √(0.032 / 5) = 0.08; t(0.975, 4 df) = 2.7764451051977987 (SciPy, test/stats/distributions).
    const s = pairedSummary([0.1, 0.2, 0.3, 0.4, 0.5], [0.3, 0.2, 0.6, 0.4, 0.9]);
    assert.equal(s.n, 5);
    close(s.meanA, 0.3, 'mean a');
    close(s.meanB, 0.48, 'mean b');
    close(s.diff, 0.18, 'diff');
    close(s.sd, Math.sqrt(0.032), 'sd');
    close(s.effectSize, 0.18 / Math.sqrt(0.032), 'effect size');
    close(s.ci[0], 0.18 - 2.7764451051977987 * 0.08, 'low');
    close(s.ci[1], 0.18 + 2.7764451051977987 * 0.08, 'high');
  });

  it('a 90% interval is narrower: t(0.95, 4 df) = 2.131847', () => {
    // t.ppf(0.95, 4) = 2.131847 (to 6 decimals, any t table).
    const s = pairedSummary([0.1, 0.2, 0.3, 0.4, 0.5], [0.3, 0.2, 0.6, 0.4, 0.9], 0.9);
    close(s.ci[1] - s.diff, 2.131847 * 0.08, 'half width', 1e-7);
  });

  it('b below a gives a negative difference and effect size', () => {
    const s = pairedSummary([0.3, 0.2, 0.6, 0.4, 0.9], [0.1, 0.2, 0.3, 0.4, 0.5]);
    close(s.diff, -0.18, 'diff');
    close(s.effectSize, -0.18 / Math.sqrt(0.032), 'effect size');
  });

  it('one pair: no spread, so sd, interval and effect size are NaN; no pair at all: NaN means', () => {
    const one = pairedSummary([0.2], [0.4]);
    assert.deepEqual([one.n, one.sd, one.ci[0], one.ci[1], one.effectSize], [1, NaN, NaN, NaN, NaN]);
    close(one.diff, 0.2, 'diff');
    const none = pairedSummary([], []);
    assert.deepEqual([none.n, none.meanA, none.meanB, none.diff], [0, NaN, NaN, NaN]);
  });

  it('no spread in the differences (all 0): sd 0, the interval is the point 0 and the effect size NaN', () => {
    const s = pairedSummary([0.5, 0.25, 0.75], [0.5, 0.25, 0.75]);
    assert.deepEqual([s.diff, s.sd, s.ci[0], s.ci[1], s.effectSize], [0, 0, 0, 0, NaN]);
  });
});

describe('differences', () => {
  it('is b − a, query by query', () => {
    assert.deepEqual([...differences([0.5, 0.25, 1], [0.75, 0.25, 0.5])], [0.25, 0, -0.5]);
  });
});
