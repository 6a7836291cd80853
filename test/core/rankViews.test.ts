/**
 * Views of a ranked case: another relevance threshold (ir_measures' rel=), the first m items (trec_eval
 * -M), only the judged items (trec_eval -J), and trec_eval's relstring of the first n.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { dcg } from '../../shared/core/metrics/dcg';
import { rankCase } from '../../shared/core/ranking';
import { judgedOnly, truncated, withThreshold } from '../../shared/core/rankViews';
import { relString } from '../../shared/core/relString';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

describe('another relevance threshold', () => {
  const c: CaseInput = { labels: gradedLabels({ a: 2, b: 1, z: 2 }), predictions: listPredictions(['a', 'b', 'x']) };
  it('counts R among the labels (relevantPool=labels: a and z at grade ≥ 2) or among the predicted (a only)', () => {
    const labels = withThreshold(rankCase(c, PRESETS.trec_eval), 1, PRESETS.trec_eval);
    assert.deepEqual([Array.from(labels.relevant), labels.nRelevant], [[1, 0, 0], 2]);
    const conv: Convention = { ...PRESETS.trec_eval, relevantPool: 'predicted' };
    const predicted = withThreshold(rankCase(c, conv), 1, conv);
    assert.deepEqual([Array.from(predicted.relevant), predicted.nRelevant], [[1, 0, 0], 1]);
    assert.equal(withThreshold(rankCase(c, conv), 0, conv).nRelevant, 2, 'a and b at grade ≥ 1');
  });
});

describe('cutting and judging', () => {
  // Under ties=average a and b (grades 2 and 0, both 0.5) share gain 1: DCG = 1 + 1/log₂3 = 1.63093.
  const tied: CaseInput = { labels: gradedLabels({ a: 2, b: 0 }), predictions: scoredPredictions({ a: 0.5, b: 0.5 }) };
  const conv = PRESETS.sklearn;
  it('keeps the tied groups when nothing is cut or dropped', () => {
    const rc = rankCase(tied, conv);
    assert.equal(truncated(rc, 2), rc);
    assert.equal(judgedOnly(rc), rc);
    assert.ok(Math.abs(dcg(truncated(rc, 2), null, conv) - (1 + 1 / Math.log2(3))) < 1e-12);
  });

  it('keeps the judged items in order: x (unlabeled) and y (grade −1) go, a and b move up', () => {
    const rc = judgedOnly(
      rankCase({ labels: gradedLabels({ a: 1, b: 0, y: -1 }), predictions: listPredictions(['x', 'a', 'y', 'b']) }, PRESETS.trec_eval),
    );
    assert.deepEqual(
      [rc.ids, Array.from(rc.source), Array.from(rc.grades)],
      [
        ['a', 'b'],
        [1, 3],
        [1, 0],
      ],
    );
  });
});

describe('relstring', () => {
  it('writes each grade as a digit, > above 9, . for a negative grade, - for an unlabeled item', () => {
    const rc = rankCase(
      { labels: gradedLabels({ a: 9, b: 10, c: -1, d: 0 }), predictions: listPredictions(['a', 'b', 'c', 'x', 'd']) },
      PRESETS.trec_eval,
    );
    assert.equal(relString(rc, 10), '9>.-0');
    assert.equal(relString(rc, 2), '9>');
  });
});
