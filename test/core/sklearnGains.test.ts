/**
 * scikit-learn's dcg_score and ndcg_score (1.2.1, Debian's python3-sklearn) under the sklearn preset:
 * negative grades are negative gains, in the ranking and at the end of the ideal
 * (negativeGains=signed), and a row of one item is refused (singleItem=refuse). The numbers are
 * scikit-learn's own, printed by
 *   dcg_score([[3, -1, 2, 0]], [[.9, .8, .7, .1]], k=…), ndcg_score(…) and the same with scores .9, .8, .8, .1.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, scoredPredictions } from '../helpers/caseBuilders';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase, explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { CaseInput } from '../../shared/core/caseInput';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const round = (values: number[]) => values.map((v) => Number(v.toFixed(6)));
const ROW: CaseInput = {
  labels: gradedLabels({ a: 3, b: -1, c: 2, d: 0 }),
  predictions: scoredPredictions({ a: 0.9, b: 0.8, c: 0.7, d: 0.1 }),
};
const METRICS = specs('DCG@4', 'DCG@2', 'nDCG', 'nDCG@2', 'nDCG@3');

describe('negativeGains=signed (scikit-learn)', () => {
  it('DCG = 3 − 1/log₂3 + 2/2 = 3.369071; DCG@2 = 2.369071; nDCG 0.879381, @2 0.555877, @3 0.790516, as sklearn prints', () => {
    assert.deepEqual(round(evaluateCase(ROW, METRICS, PRESETS.sklearn).values), [3.36907, 2.36907, 0.879381, 0.555877, 0.790516]);
  });

  it('the ideal puts the negative grade last, after the 0: 3 + 2/log₂3 + 0 − 1/log₂5 = 3.831', () => {
    const ex = explainCase(ROW, parseMetricSpec('nDCG').spec!, PRESETS.sklearn);
    assert.deepEqual(
      ex.ideal!.map((t) => [t.id, t.gain]),
      [
        ['a', 3],
        ['c', 2],
        ['d', 0],
        ['b', -1],
      ],
    );
    assert.ok(Math.abs(ex.denominator - (3 + 2 / Math.log2(3) - 1 / Math.log2(5))) < 1e-12);
  });

  it('with b and c tied at 0.8, their gains average to 0.5: DCG 3.565465, nDCG 0.930643, nDCG@2 0.777939', () => {
    const tied = { ...ROW, predictions: scoredPredictions({ a: 0.9, b: 0.8, c: 0.8, d: 0.1 }) };
    assert.deepEqual(round(evaluateCase(tied, specs('DCG@4', 'nDCG', 'nDCG@2'), PRESETS.sklearn).values), [3.565465, 0.930643, 0.777939]);
  });

  it("even where scikit-learn's answer is absurd: grades [1, −2, 0, 0] ranked −2 first give nDCG −11.318851", () => {
    const row = { labels: gradedLabels({ a: 1, b: -2, c: 0, d: 0 }), predictions: scoredPredictions({ a: 0.1, b: 0.9, c: 0.5, d: 0.4 }) };
    assert.deepEqual(round(evaluateCase(row, specs('DCG@4', 'nDCG'), PRESETS.sklearn).values), [-1.569323, -11.318851]);
  });

  it('every other preset gives the negative grade no gain: trec_eval DCG = 3 + 2/2 = 4', () => {
    assert.deepEqual(round(evaluateCase(ROW, specs('DCG@4'), PRESETS.trec_eval).values), [4]);
  });

  it('says so on the label', () => {
    const message = evaluateCase(ROW, METRICS, PRESETS.sklearn).findings.find(
      (f) => f.code === 'non-positive-grade' && f.severity === 'warning',
    )!.message;
    assert.match(message, /^"b" has a negative grade \(-1\): never a hit, and DCG and nDCG count its gain as negative/);
  });
});

describe('singleItem=refuse (scikit-learn)', () => {
  const ONE: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: scoredPredictions({ a: 0.5 }) };
  it('DCG and nDCG of a one-prediction case are NaN with a single-item-row finding; P@1 is still 1', () => {
    const r = evaluateCase(ONE, specs('DCG@3', 'nDCG', 'P@1'), PRESETS.sklearn);
    assert.deepStrictEqual(r.values, [NaN, NaN, 1]);
    assert.deepEqual(
      r.findings.map((f) => [f.code, f.severity, f.message]),
      [
        [
          'single-item-row',
          'warning',
          "Only one prediction: scikit-learn's dcg_score and ndcg_score refuse a row of one item, so DCG@3, nDCG are NaN and left out of the means (singleItem=refuse).",
        ],
      ],
    );
    assert.equal(explainCase(ONE, specs('nDCG')[0], PRESETS.sklearn).knobs[0].knob, 'singleItem');
  });

  it('every other preset evaluates it: nDCG = 1 under trec_eval, no finding', () => {
    const r = evaluateCase(ONE, specs('nDCG'), PRESETS.trec_eval);
    assert.deepStrictEqual([r.values, r.findings.length], [[1], 0]);
  });
});
