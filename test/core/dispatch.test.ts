/**
 * The one entry point for every metric: when a case's value is fixed whatever its ranking (refused,
 * nothing relevant, no prediction, one prediction), what the explanation then says, and the
 * parameters the dispatcher passes on. trec_eval values were checked against trec_eval 10.0.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { MetricSpec, parseMetricSpec } from '../../shared/core/metricNames';
import { explainMetric, fixedValue, metricValue } from '../../shared/core/metrics/dispatch';
import { rankCase } from '../../shared/core/ranking';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

const trec = PRESETS.trec_eval;
const spec = (name: string) => parseMetricSpec(name).spec!;
const value = (input: CaseInput, s: MetricSpec | string, conv: Convention = trec) =>
  metricValue(rankCase(input, conv), typeof s === 'string' ? spec(s) : s, conv);
const explain = (input: CaseInput, s: MetricSpec | string, conv: Convention = trec) =>
  explainMetric(rankCase(input, conv), typeof s === 'string' ? spec(s) : s, conv);
const knobLines = (input: CaseInput, s: string, conv: Convention) =>
  explain(input, s, conv).knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`);

describe('a fixed value is explained by the knob that fixed it', () => {
  it('duplicates=error refuses a case predicting a twice: NaN, no formula, no term', () => {
    const ex = explain({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a', 'a']) }, 'P@1');
    const note = 'the case predicts an item twice and duplicates=error: it is not evaluated';
    assert.deepEqual(
      { ...ex, value: String(ex.value), numerator: String(ex.numerator) },
      {
        metric: 'P@1',
        value: 'NaN',
        formula: '',
        terms: [],
        numerator: 'NaN',
        denominator: 1,
        knobs: [{ knob: 'duplicates', value: 'error', effect: 'the case is refused' }],
        arithmetic: note,
        note,
      },
    );
  });

  it("emptyLabels=zero: nothing relevant gives 0, and the knob's effect is the note", () => {
    const ex = explain({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, 'P@1');
    const note = 'no relevant label: 0, counted in the means (emptyLabels=zero)';
    assert.deepEqual([ex.value, ex.formula, ex.terms, ex.numerator, ex.denominator, ex.arithmetic, ex.note], [0, '', [], 0, 1, note, note]);
    assert.deepEqual(ex.knobs, [{ knob: 'emptyLabels', value: 'zero', effect: note }]);
  });

  it('singleItem=refuse (sklearn) makes nDCG of a one-prediction row NaN', () => {
    const ex = explain({ labels: gradedLabels({ a: 1 }), predictions: scoredPredictions({ a: 0.9 }) }, 'nDCG@1', PRESETS.sklearn);
    assert.ok(Number.isNaN(ex.value));
    assert.equal(ex.note, 'one prediction: a row of one item is refused (scikit-learn), NaN, left out of the means (singleItem=refuse)');
    assert.deepEqual(
      ex.knobs.map((k) => [k.knob, k.value]),
      [['singleItem', 'refuse']],
    );
  });

  it('without a spec, only "nothing relevant" fixes the value', () => {
    assert.deepEqual(fixedValue(rankCase({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, trec), trec), {
      value: 0,
      note: 'no relevant label: 0, counted in the means (emptyLabels=zero)',
      knob: 'emptyLabels',
    });
    assert.equal(fixedValue(rankCase({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a']) }, trec), trec), undefined);
  });
});

describe('IPrec and 11ptAvg under unjudged=drop (trec_eval -c -J)', () => {
  // Nothing relevant, and the only prediction x is unlabeled. trec_eval 10.0 -J -c: iprec_at_recall_0.50 -nan, 11pt_avg -nan, P_5 0.
  const drop: Convention = { ...trec, unjudged: 'drop' };
  const DROPPED: CaseInput = { labels: gradedLabels({ a: 0 }), predictions: listPredictions(['x']) };

  it('a ranking emptied by the drop has no precision to interpolate: NaN, while P@5 stays fixed at 0', () => {
    assert.deepEqual([value(DROPPED, 'IPrec@0.5', drop), value(DROPPED, '11ptAvg', drop), value(DROPPED, 'P@5', drop)], [NaN, NaN, 0]);
  });

  it('a case with no prediction at all, or a judged one kept, is fixed at 0 by emptyLabels=zero', () => {
    assert.equal(value({ labels: gradedLabels({ a: 0 }), predictions: [] }, 'IPrec@0.5', drop), 0);
    assert.equal(value({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, '11ptAvg', drop), 0);
    const fixedBy = (input: CaseInput, name: string) => explain(input, name, drop).knobs.map((k) => k.knob);
    assert.deepEqual(fixedBy({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, '11ptAvg'), ['emptyLabels']);
    assert.deepEqual(fixedBy(DROPPED, 'P@5'), ['emptyLabels'], 'P@5 of the emptied ranking is fixed, not computed');
  });
});

describe('graded families with relevanceThreshold > 0: nothing to find means no label with a gain', () => {
  // relevanceThreshold 1: only grade ≥ 2 is relevant, so R = 0; but grade 1 still has gain 2¹ − 1 = 1.
  const conv: Convention = { ...PRESETS.seed000, relevanceThreshold: 1 };
  const GRADE1: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a']) };
  const GRADE1_AND_0: CaseInput = { labels: gradedLabels({ a: 1, b: 0 }), predictions: listPredictions(['a']) };

  it('nDCG@1 of a ranked first is 1/1 = 1; P@1, binary, is NaN (emptyLabels=nan)', () => {
    assert.deepEqual([value(GRADE1, 'nDCG@1', conv), value(GRADE1, 'P@1', conv)], [1, NaN]);
    assert.equal(value(GRADE1_AND_0, 'nDCG@1', conv), 1, 'one label with a gain is enough');
  });

  it('only grade-0 labels: nDCG@1 is fixed by emptyLabels', () => {
    assert.deepEqual(knobLines({ labels: gradedLabels({ b: 0 }), predictions: listPredictions(['b']) }, 'nDCG@1', conv), [
      'emptyLabels=nan: no relevant label: NaN, left out of the means (emptyLabels=nan)',
    ]);
  });

  it('rel=2 on the metric itself, or relevantPool=predicted, keeps "nothing relevant" binary: NaN', () => {
    assert.ok(Number.isNaN(value(GRADE1, 'nDCG(rel=2)@1', conv)));
    assert.ok(Number.isNaN(value(GRADE1, 'nDCG@1', { ...conv, relevantPool: 'predicted' })));
  });

  it('with relevanceThreshold −1, a grade-0 label is relevant and nDCG is computed, not fixed', () => {
    const ex = explain({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, 'nDCG@1', {
      ...PRESETS.seed000,
      relevanceThreshold: -1,
    });
    assert.notEqual(ex.formula, '');
    assert.ok(!ex.knobs.some((k) => k.knob === 'emptyLabels'));
  });
});

describe('parameters passed on by the dispatcher', () => {
  // R = 3 (a, c, e); ranked a x b d c e: hits at ranks 1, 5, 6 (d is −1: pooled, unjudged).
  const POOLED: CaseInput = {
    labels: gradedLabels({ a: 1, b: 0, c: 1, d: -1, e: 1 }),
    predictions: listPredictions(['a', 'x', 'b', 'd', 'c', 'e']),
  };

  it('IPrec@0.5 needs 2 of 3 relevant: max(P@5, P@6) = max(2/5, 3/6) = 0.5; IPrec@0 = P@1 = 1 (trec_eval 10.0 iprec_at_recall)', () => {
    assert.deepEqual([value(POOLED, 'IPrec@0.5'), value(POOLED, 'IPrec@0')], [0.5, 1]);
    assert.equal(explain(POOLED, 'IPrec@0.5').value, 0.5);
  });

  it('Utility with a collection of N = 10 and coefficients 1, −1, 0, 1: 3 − 3 + 0 + (10 + 3 − 6 − 3) = 4 (trec_eval 10.0 -N 10 utility.1,-1,0,1)', () => {
    const u: MetricSpec = { family: 'Utility', k: null, coefficients: [1, -1, 0, 1], param: 10 };
    assert.equal(value(POOLED, u), 4);
    const ex = explain(POOLED, u);
    assert.deepEqual([ex.value, ex.arithmetic], [4, '1·3 + -1·3 + 0·0 + 1·4 = 4.000']);
  });

  it('gmAP explains AP with a note on its geometric mean: (1/1 + 2/5 + 3/6)/3 = 0.633', () => {
    const ex = explain(POOLED, 'gmAP');
    assert.equal(ex.metric, 'gmAP');
    assert.equal(ex.arithmetic, '(1/1 + 2/5 + 3/6) / 3 = 0.633');
    assert.equal(ex.note, 'the run figure is the geometric mean over cases, each value floored at 0.00001');
  });
});
