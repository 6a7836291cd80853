/**
 * The tie rules on cases that reach their less common paths: tied groups of more than 16 items (sorted
 * by id with a comparator sort rather than in place), a repeated id inside a tied group, ties=pessimistic
 * with two tied groups, and ties=average when a repeat is dropped from the ranking.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, scoredPredictions } from '../helpers/caseBuilders';
import { rankCase } from '../../shared/core/ranking';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';

const value = (c: CaseInput, name: string, conv: Convention) => metricValue(rankCase(c, conv), parseMetricSpec(name).spec!, conv);
const ids = (n: number) => Array.from({ length: n }, (_, i) => `d${String(i + 1).padStart(2, '0')}`);

describe('ties broken by id', () => {
  // d01 … d20 all scored 0.5, written in the order d01, d03, …, d19, d02, d04, …, d20.
  const written = [...ids(20).filter((_, i) => i % 2 === 0), ...ids(20).filter((_, i) => i % 2 === 1)];
  const twenty: CaseInput = { labels: [], predictions: written.map((id) => ({ id, score: 0.5 })) };

  it('orders a group of 20 tied items d20, d19, …, d01 under trec_eval (id-desc)', () => {
    assert.deepEqual(rankCase(twenty, PRESETS.trec_eval).ids, ids(20).reverse());
  });

  it('orders the same group d01, d02, …, d20 under ties=id-asc', () => {
    assert.deepEqual(rankCase(twenty, { ...PRESETS.trec_eval, ties: 'id-asc' }).ids, ids(20));
  });

  it('keeps a repeated id in the order written, in a small group and in a group of 20 (duplicates=first keeps the first)', () => {
    const conv: Convention = { ...PRESETS.trec_eval, duplicates: 'first' };
    // x (prediction 0), a (1), x again (2), all at 0.5: id-desc gives x, x, a; the first x (0) is kept.
    const small: CaseInput = {
      labels: [],
      predictions: [
        { id: 'x', score: 0.5 },
        { id: 'a', score: 0.5 },
        { id: 'x', score: 0.5 },
      ],
    };
    assert.deepEqual(Array.from(rankCase(small, conv).source), [0, 1]);
    // The same with 18 more tied items (d01 … d18) after them: the group has 21 items.
    const large: CaseInput = { labels: [], predictions: [...small.predictions, ...ids(18).map((id) => ({ id, score: 0.5 }))] };
    const rc = rankCase(large, conv);
    assert.deepEqual(rc.ids.slice(0, 2), ['x', 'd18']);
    assert.equal(rc.source[0], 0, 'the x written first ranks first');
  });
});

describe('ties=pessimistic (LightFM): relevant items after the others in each tied group', () => {
  it('moves r1 after n1 at 0.9 and r2 after n2 at 0.5, each group on its own', () => {
    const c: CaseInput = { labels: gradedLabels({ r1: 1, r2: 1 }), predictions: scoredPredictions({ r1: 0.9, n1: 0.9, r2: 0.5, n2: 0.5 }) };
    const conv: Convention = { ...PRESETS.seed000, ties: 'pessimistic' };
    assert.deepEqual(rankCase(c, conv).ids, ['n1', 'r1', 'n2', 'r2']);
    // Hits at ranks 2 and 4: AP = (1/2 + 2/4) / 2 = 0.5.
    assert.equal(value(c, 'AP', conv), 0.5);
  });
});

describe('ties=average (scikit-learn) with a repeated item dropped', () => {
  it('a (grade 2), b (0) and a again, all at 0.5, duplicates=first: a and b share gain 1, DCG = 1 + 1/log₂3 = 1.63093', () => {
    const c: CaseInput = {
      labels: gradedLabels({ a: 2, b: 0 }),
      predictions: [
        { id: 'a', score: 0.5 },
        { id: 'b', score: 0.5 },
        { id: 'a', score: 0.5 },
      ],
    };
    const conv: Convention = { ...PRESETS.sklearn, duplicates: 'first' };
    const rc = rankCase(c, conv);
    assert.deepEqual(
      [Array.from(rc.tieStart!), Array.from(rc.tieEnd!)],
      [
        [0, 0],
        [2, 2],
      ],
    );
    assert.ok(Math.abs(value(c, 'DCG@2', conv) - (1 + 1 / Math.log2(3))) < 1e-12);
  });
});
