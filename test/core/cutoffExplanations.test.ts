/**
 * The explanations of the measures read at a cutoff (F1@k, RR, R@k, AP@k, Success@k, RelP@k,
 * RprecMult@x, SetP), called directly: each names its metric, writes its fraction, and names the knob
 * that chose a denominator or a no-hit value. trec_eval values were checked against trec_eval 10.0.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { explainAveragePrecision } from '../../shared/core/metrics/averagePrecision';
import {
  explainPrecisionAtMultipleOfR,
  explainRelativePrecision,
  precisionAtMultipleOfR,
  relativePrecision,
} from '../../shared/core/metrics/cutoffFractions';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { explainF1 } from '../../shared/core/metrics/f1';
import { explainRecall } from '../../shared/core/metrics/recall';
import { explainReciprocalRank } from '../../shared/core/metrics/reciprocalRank';
import { explainSuccess } from '../../shared/core/metrics/success';
import { rankCase } from '../../shared/core/ranking';
import { gradedLabels, listLabels, listPredictions } from '../helpers/caseBuilders';

const def = PRESETS.seed000;
const trec = PRESETS.trec_eval;
const ranked = (input: CaseInput, conv: Convention = def) => rankCase(input, conv);
const knobLines = (knobs: { knob: string; value: string; effect: string }[]) => knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`);

// Four relevant labels; hits at ranks 1 and 3 of three predictions.
const SHORT: CaseInput = { labels: listLabels(['a', 'b', 'c', 'd']), predictions: listPredictions(['a', 'x', 'b']) };
// Two relevant labels; no hit in the top 2.
const MISS: CaseInput = { labels: listLabels(['a', 'b']), predictions: listPredictions(['x', 'y']) };
// Two relevant labels; one hit in the top 2, so P@2 = R@2 = 1/2.
const HALF: CaseInput = { labels: listLabels(['a', 'b']), predictions: listPredictions(['a', 'x']) };

describe('F1@k explained', () => {
  it('F1@5 = 2 · 0.4 · 0.5 / (0.4 + 0.5): numerator 0.4, denominator 0.9', () => {
    const ex = explainF1(ranked(SHORT), 5, def);
    assert.equal(ex.metric, 'F1@5');
    assert.ok(Math.abs(ex.numerator - 0.4) < 1e-12 && Math.abs(ex.denominator - 0.9) < 1e-12, `${ex.numerator} / ${ex.denominator}`);
  });

  it('P@2 = R@2 = 0.5 is not "no hit": F1 = 0.5 and no noHit knob', () => {
    const ex = explainF1(ranked(HALF), 2, def);
    assert.deepEqual([ex.value, ex.numerator, ex.denominator], [0.5, 0.5, 1]);
    assert.deepEqual(knobLines(ex.knobs), ['precisionDenominator=k: divides by k = 2']);
    assert.equal(ex.arithmetic, '2 · 0.500 · 0.500 / (0.500 + 0.500) = 0.500');
  });

  it('no hit under noHit=zero: F1 = 0', () => {
    const ex = explainF1(ranked(MISS), 2, def);
    assert.equal(ex.formula, 'F1@k = 2 · P@k · R@k / (P@k + R@k)   (0 when P@k = R@k = 0)');
    assert.deepEqual(knobLines(ex.knobs), ['precisionDenominator=k: divides by k = 2', 'noHit=zero: no hit in the top 2: F1 = 0']);
    assert.equal(ex.arithmetic, 'P@k = R@k = 0, so F1 = 0 (noHit=zero)');
  });

  it('no hit under noHit=nan: F1 = NaN, left out of the means', () => {
    const conv: Convention = { ...def, noHit: 'nan' };
    const ex = explainF1(ranked(MISS, conv), 2, conv);
    assert.ok(Number.isNaN(ex.value));
    assert.equal(ex.formula, 'F1@k = 2 · P@k · R@k / (P@k + R@k)   (NaN when P@k = R@k = 0)');
    assert.deepEqual(knobLines(ex.knobs).slice(1), ['noHit=nan: no hit in the top 2: F1 = NaN, left out of the means']);
    assert.equal(ex.arithmetic, 'P@k = R@k = 0, so F1 = NaN, left out of the means (noHit=nan)');
  });
});

describe('RR explained', () => {
  // Relevant a at rank 2 behind the non-relevant n1: RR = 1/2 (trec_eval 10.0 recip_rank 0.5000).
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const rc = () => ranked({ labels: gradedLabels({ n1: 0, n2: 0, a: 1 }), predictions: listPredictions(['n1', 'a', 'n2']) }, trec);

  it('RR = 1 / 2 with the first hit as its one term', () => {
    const ex = explainReciprocalRank(rc(), null);
    assert.equal(ex.metric, 'RR');
    assert.deepEqual(ex.terms, [{ rank: 2, id: 'a', grade: 1, relevant: true, contribution: 0.5 }]);
    assert.deepEqual([ex.numerator, ex.denominator, ex.arithmetic], [1, 2, '1 / 2 = 0.500']);
  });

  it('RR@1 finds no hit in the top 1: 0, no term', () => {
    const ex = explainReciprocalRank(rc(), 1);
    assert.equal(ex.metric, 'RR@1');
    assert.deepEqual([ex.value, ex.terms, ex.numerator, ex.denominator, ex.arithmetic], [0, [], 0, 0, 'no relevant item in the top 1: 0']);
  });
});

describe('R@k explained: the knobs that chose |relevant|', () => {
  const CASE: CaseInput = { labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a', 'x', 'b']) };

  it('relevantPool=predicted counts the 2 relevant items predicted: R@1 = 1/2', () => {
    const conv: Convention = { ...def, relevantPool: 'predicted' };
    const ex = explainRecall(ranked(CASE, conv), 1, conv);
    assert.equal(ex.metric, 'R@1');
    assert.deepEqual(knobLines(ex.knobs), ['relevantPool=predicted: |relevant| = 2 relevant items among the predictions']);
    assert.equal(ex.arithmetic, '1 / 2 = 0.500');
  });

  it('recallDenominator=min-k-relevant divides by min(1, 3) = 1: R@1 = 1', () => {
    const conv: Convention = { ...def, recallDenominator: 'min-k-relevant' };
    const ex = explainRecall(ranked(CASE, conv), 1, conv);
    assert.deepEqual(knobLines(ex.knobs), [
      'relevantPool=labels: |relevant| = 3 relevant labels',
      'recallDenominator=min-k-relevant: divides by min(k, |relevant|) = min(1, 3) = 1',
    ]);
    assert.equal(ex.arithmetic, '1 / 1 = 1.000');
  });
});

describe('metric names of AP and Success@k', () => {
  it('AP without a cutoff, AP@3 with one', () => {
    assert.equal(explainAveragePrecision(ranked(SHORT), null, def).metric, 'AP');
    assert.equal(explainAveragePrecision(ranked(SHORT), 3, def).metric, 'AP@3');
  });

  it('Success@3 of a first hit at rank 2 is 1', () => {
    const ex = explainSuccess(ranked({ labels: listLabels(['a']), predictions: listPredictions(['x', 'a']) }), 3);
    assert.deepEqual([ex.metric, ex.value, ex.arithmetic], ['Success@3', 1, 'first hit at rank 2 ≤ 3: 1']);
  });

  it('Success@1 of the same ranking is 0', () => {
    const ex = explainSuccess(ranked({ labels: listLabels(['a']), predictions: listPredictions(['x', 'a']) }), 1);
    assert.deepEqual([ex.value, ex.terms, ex.arithmetic], [0, [], 'no relevant item in the top 1: 0']);
  });
});

describe('RelP@k divides by min(k, R)', () => {
  // R = 1, ranked n1 a n2: RelP@2 = 1 / min(2, 1) = 1 (trec_eval 10.0 relative_P_2 1.0000).
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const rc = () => ranked({ labels: gradedLabels({ n1: 0, n2: 0, a: 1 }), predictions: listPredictions(['n1', 'a', 'n2']) }, trec);

  it('RelP@2 = 1 / 1', () => {
    const ex = explainRelativePrecision(rc(), 2, 'RelP@2');
    assert.equal(ex.formula, 'RelP@k = |relevant ∩ top k| / min(k, R)');
    assert.deepEqual([ex.value, ex.arithmetic], [1, '1 / 1 = 1.000']);
  });

  it('is 0, not 0/0, with nothing relevant', () => {
    assert.equal(relativePrecision(ranked({ labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) }, trec), 2), 0);
  });
});

describe('RprecMult@x looks at rank c = ⌊x·R + 0.9⌋', () => {
  // R = 3 (a, b, c), ranked x a y b z c w: hits at ranks 2, 4, 6. trec_eval 10.0: Rprec_mult_0.20 0, _1.40 0.4, _2.00 0.5.
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const rc = () => ranked({ labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['x', 'a', 'y', 'b', 'z', 'c', 'w']) }, trec);

  it('x = 2: c = ⌊6.9⌋ = 6, 3/6 = 0.5; x = 1.4: c = ⌊5.1⌋ = 5, 2/5 = 0.4; x = 0.2: c = ⌊1.5⌋ = 1, 0/1 = 0', () => {
    assert.deepEqual(
      [precisionAtMultipleOfR(rc(), 2), precisionAtMultipleOfR(rc(), 1.4), precisionAtMultipleOfR(rc(), 0.2)],
      [0.5, 0.4, 0],
    );
    const ex = explainPrecisionAtMultipleOfR(rc(), 2, 'RprecMult@2');
    assert.equal(ex.formula, 'RprecMult@x = |relevant ∩ top c| / c, c = ⌊x·R + 0.9⌋ = 6');
    assert.deepEqual([ex.value, ex.knobs, ex.arithmetic], [0.5, [], '3 / 6 = 0.500']);
  });

  it('x = 0.01: c = ⌊0.93⌋ = 0, so 0 over a denominator of 0', () => {
    assert.equal(precisionAtMultipleOfR(rc(), 0.01), 0);
    const ex = explainPrecisionAtMultipleOfR(rc(), 0.01, 'RprecMult@0.01');
    assert.deepEqual([ex.value, ex.denominator, ex.arithmetic], [0, 0, 'denominator 0: 0']);
  });
});

describe('SetP is one fraction with no term', () => {
  it('3 hits among 6 retrieved: 3 / 6 (trec_eval 10.0 set_P 0.5000)', () => {
    const input: CaseInput = {
      labels: gradedLabels({ a: 1, b: 0, c: 1, d: -1, e: 1 }),
      predictions: listPredictions(['a', 'x', 'b', 'd', 'c', 'e']),
    };
    const ex = explainCase(input, parseMetricSpec('SetP').spec!, trec);
    assert.deepEqual([ex.value, ex.terms, ex.knobs, ex.arithmetic], [0.5, [], [], '3 / 6 = 0.500']);
    assert.equal(metricValue(rankCase(input, trec), parseMetricSpec('SetP').spec!, trec), 0.5);
  });
});
