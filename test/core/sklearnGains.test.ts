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

describe('a case with no positive grade (scikit-learn 1.2.1, Debian bookworm)', () => {
  // Printed by scikit-learn 1.2.1: dcg_score([y], [s], k=…) and ndcg_score([y], [s], k=…). ndcg_score
  // warns on negative y_true there; from 1.4 it raises ValueError, dcg_score still answers.
  const row = (grades: Record<string, number>, scores: Record<string, number>): CaseInput => ({
    labels: gradedLabels(grades),
    predictions: scoredPredictions(scores),
  });
  const sk = (input: CaseInput, ...names: string[]) => round(evaluateCase(input, specs(...names), PRESETS.sklearn).values);

  it('labels {a: 0, b: −2}, scores {a: 8, b: 9}: DCG@1 = −2; nDCG@2 = −2 / (−2/log₂3) = 1.584963', () => {
    assert.deepEqual(sk(row({ a: 0, b: -2 }, { a: 8, b: 9 }), 'DCG@1', 'DCG@10', 'nDCG@2', 'nDCG'), [-2, -2, 1.584963, 1.584963]);
  });

  it('grades −1, −2, −3 ranked worst first: DCG −4.761860, nDCG 1.265826, nDCG@1 = −3 / −1 = 3', () => {
    assert.deepEqual(sk(row({ a: -1, b: -2, c: -3 }, { a: 1, b: 2, c: 3 }), 'DCG@10', 'nDCG', 'nDCG@1'), [-4.76186, 1.265826, 3]);
  });

  it('grades −1, 0, −2 with a and b tied: DCG −1.815465, nDCG 1.113147; at k = 1 the ideal is the 0, so nDCG@1 = 0 while DCG@1 = −0.5', () => {
    const tied = row({ a: -1, b: 0, c: -2 }, { a: 1, b: 1, c: 0 });
    assert.deepEqual(sk(tied, 'DCG@10', 'nDCG', 'DCG@1', 'nDCG@1', 'DCG@2', 'nDCG@2'), [-1.815465, 1.113147, -0.5, 0, -0.815465, 1.292481]);
  });

  it('grades 0, −1, −1, 0 with the −1s tied first: DCG −1.630930, nDCG 1.752413, nDCG@2 = 0 (the ideal top 2 are 0s)', () => {
    assert.deepEqual(
      sk(row({ a: 0, b: -1, c: -1, d: 0 }, { a: 0.5, b: 0.9, c: 0.9, d: 0.1 }), 'DCG@10', 'nDCG', 'nDCG@2'),
      [-1.63093, 1.752413, 0],
    );
  });

  it('a repeated item is another column with the same grade: [−2, −1, −2] scored 1, 2, 3 gives what scikit-learn gives that row', () => {
    const repeated: CaseInput = {
      labels: gradedLabels({ a: -2, b: -1 }),
      predictions: [
        { id: 'a', score: 1 },
        { id: 'b', score: 2 },
        { id: 'a', score: 3 },
      ],
    };
    assert.deepEqual(sk(repeated, 'DCG@10', 'nDCG'), [-3.63093, 1.113147]);
  });

  it('all grades 0: DCG 0 and nDCG 0, as scikit-learn gives; every other preset still gives the no-relevant-label value', () => {
    assert.deepEqual(sk(row({ a: 0, b: 0 }, { a: 1, b: 2 }), 'DCG@10', 'nDCG'), [0, 0]);
    assert.deepEqual(round(evaluateCase(row({ a: 0, b: -2 }, { a: 8, b: 9 }), specs('DCG@10', 'nDCG'), PRESETS.trec_eval).values), [0, 0]);
  });

  it('the empty-labels finding says DCG and nDCG are still computed', () => {
    const f = evaluateCase(row({ a: 0, b: -2 }, { a: 8, b: 9 }), specs('nDCG'), PRESETS.sklearn).findings.find(
      (x) => x.code === 'empty-labels',
    )!;
    assert.match(f.message, /; DCG and nDCG are still computed from the negative gains \(negativeGains=signed/);
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
