/**
 * What rankCase makes of unusual input: a label written twice, a label whose grade is not a number, a
 * score that is not a number, a case with no predictions, and an exact ranking when every position is read.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { CaseInput } from '../../shared/core/caseInput';
import { hasScores, rankCase } from '../../shared/core/ranking';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';

const value = (c: CaseInput, name: string, conv: Convention) =>
  metricValue(rankCase(c, conv, { valuesOnly: true }), parseMetricSpec(name).spec!, conv);

describe('labels', () => {
  it('keeps the first grade of an item labeled twice: a is labeled 0, then 2, so P@1 of [a] is 0', () => {
    const c: CaseInput = {
      labels: [
        { id: 'a', grade: 0 },
        { id: 'a', grade: 2 },
      ],
      predictions: [{ id: 'a' }],
    };
    assert.equal(value(c, 'P@1', PRESETS.trec_eval), 0);
    // q688363 hashes to 0x4b300000: slot 0 of the id table, where a slot number of 0 must still mean "known".
    const slot0: CaseInput = {
      labels: [
        { id: 'q688363', grade: 0 },
        { id: 'q688363', grade: 2 },
      ],
      predictions: [{ id: 'q688363' }],
    };
    assert.equal(value(slot0, 'P@1', PRESETS.trec_eval), 0);
    assert.deepEqual(rankCase(slot0, PRESETS.trec_eval).labelGrades, [0]);
  });

  it('skips a label whose grade is NaN, so a later finite grade of the same item holds (grade 2: relevant)', () => {
    const c: CaseInput = {
      labels: [
        { id: 'a', grade: NaN },
        { id: 'a', grade: 2 },
      ],
      predictions: [{ id: 'a' }],
    };
    const rc = rankCase(c, PRESETS.trec_eval);
    assert.deepEqual([rc.labelIds, rc.labelGrades, Array.from(rc.grades)], [['a'], [2], [2]]);
    assert.equal(value(c, 'P@1', PRESETS.trec_eval), 1);
  });

  it('does not count a NaN-graded label as relevant even when every listed label is (seed003): R@2 of [a, b] = 1/1', () => {
    const c: CaseInput = {
      labels: [
        { id: 'a', grade: 1 },
        { id: 'z', grade: NaN },
      ],
      predictions: [{ id: 'a' }, { id: 'b' }],
    };
    assert.equal(rankCase(c, PRESETS.seed003).nRelevant, 1);
    assert.equal(value(c, 'R@2', PRESETS.seed003), 1);
  });
});

describe('scores', () => {
  it('ranks a NaN score last, as −∞: a (relevant, NaN) after b (0.1), so P@1 = 0 and RR = 1/2', () => {
    const c: CaseInput = {
      labels: [{ id: 'a', grade: 1 }],
      predictions: [
        { id: 'a', score: NaN },
        { id: 'b', score: 0.1 },
      ],
    };
    assert.deepEqual(rankCase(c, PRESETS.seed000).ids, ['b', 'a']);
    assert.equal(value(c, 'P@1', PRESETS.seed000), 0);
    assert.equal(value(c, 'RR', PRESETS.seed000), 0.5);
  });

  it('counts a case as scored only when it has predictions and every one has a score', () => {
    assert.equal(hasScores({ labels: [], predictions: [] }), false);
    assert.equal(hasScores({ labels: [], predictions: [{ id: 'a', score: 1 }, { id: 'b' }] }), false);
    assert.equal(
      hasScores({
        labels: [],
        predictions: [
          { id: 'a', score: 1 },
          { id: 'b', score: 2 },
        ],
      }),
      true,
    );
  });
});

describe('the full ranking', () => {
  it('orders every prediction exactly when more than values are read: 30 unlabeled items and one label, scrambled', () => {
    // Scores 0..30 written in the order 7·i mod 31; the label is on the item scored 15.
    const predictions = Array.from({ length: 31 }, (_, i) => ({ id: `s${(7 * i) % 31}`, score: (7 * i) % 31 }));
    const c: CaseInput = { labels: [{ id: 's15', grade: 1 }], predictions };
    const rc = rankCase(c, PRESETS.seed000);
    assert.deepEqual(
      rc.ids,
      Array.from({ length: 31 }, (_, r) => `s${30 - r}`),
    );
    assert.equal(rankCase(c, PRESETS.seed000, { valuesOnly: true }).ids[15], 's15', 'the labeled item is exact either way');
  });
});
