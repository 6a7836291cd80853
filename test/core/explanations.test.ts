/**
 * The explanation a hover shows, written out in full for one graded case: the formula, what each
 * knob decided, and the arithmetic with the case's own numbers. A person can check every line by hand.
 *
 * Case: grades a 3, b 2, c 1, d 1; predictions [a, x, b] (hits at ranks 1 and 3, four relevant).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listPredictions } from '../helpers/caseBuilders';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { CaseInput } from '../../shared/core/caseInput';
import { explainPrecision } from '../../shared/core/metrics/precision';
import { explainAveragePrecision } from '../../shared/core/metrics/averagePrecision';
import { explainRPrecision } from '../../shared/core/metrics/rPrecision';
import { rankCase } from '../../shared/core/ranking';

const CASE: CaseInput = { labels: gradedLabels({ a: 3, b: 2, c: 1, d: 1 }), predictions: listPredictions(['a', 'x', 'b']) };

interface Expected {
  value: number;
  formula: string;
  knobs: string[];
  arithmetic: string;
  terms: string;
  numerator?: number;
  denominator?: number;
}

function check(conv: Convention, metric: string, e: Expected, input: CaseInput = CASE): void {
  const ex = explainCase(input, parseMetricSpec(metric).spec!, conv);
  assert.equal(ex.metric, metric);
  assert.ok(Math.abs(ex.value - e.value) < 5e-7, `${metric} = ${ex.value}, expected ${e.value}`);
  assert.equal(ex.formula, e.formula);
  assert.deepEqual(
    ex.knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`),
    e.knobs,
  );
  assert.equal(ex.arithmetic, e.arithmetic);
  assert.equal(ex.terms.map((t) => `${t.rank}:${t.id}${t.relevant ? '+' : '-'}`).join(' '), e.terms);
  if (e.numerator !== undefined)
    assert.ok(Math.abs(ex.numerator - e.numerator) < 5e-7, `numerator ${ex.numerator}, expected ${e.numerator}`);
  if (e.denominator !== undefined) assert.equal(ex.denominator, e.denominator);
}

describe('explanations under the default preset', () => {
  const conv = PRESETS.seed000;
  it('P@5 divides by k although only 3 items are predicted: 2 / 5', () =>
    check(conv, 'P@5', {
      value: 0.4,
      formula: 'P@k = |relevant ∩ top k| / k',
      terms: '1:a+ 3:b+',
      knobs: ['precisionDenominator=k: divides by k = 5 although only 3 items are predicted'],
      arithmetic: '2 / 5 = 0.400',
    }));
  it('P@2 says nothing about a short list: 1 / 2', () =>
    check(conv, 'P@2', {
      value: 0.5,
      formula: 'P@k = |relevant ∩ top k| / k',
      terms: '1:a+',
      knobs: ['precisionDenominator=k: divides by k = 2'],
      arithmetic: '1 / 2 = 0.500',
    }));
  it('P@5 under min-k-predicted divides by min(5, 3) = 3', () =>
    check({ ...conv, precisionDenominator: 'min-k-predicted' }, 'P@5', {
      value: 2 / 3,
      formula: 'P@k = |relevant ∩ top k| / min(k, |predicted|)',
      terms: '1:a+ 3:b+',
      knobs: ['precisionDenominator=min-k-predicted: divides by min(k, predicted) = min(5, 3) = 3'],
      arithmetic: '2 / 3 = 0.667',
    }));
  it('R@2 over the 4 relevant labels', () =>
    check(conv, 'R@2', {
      value: 0.25,
      formula: 'R@k = |relevant ∩ top k| / |relevant|',
      terms: '1:a+',
      knobs: ['relevantPool=labels: |relevant| = 4 relevant labels'],
      arithmetic: '1 / 4 = 0.250',
    }));
  it('F1@5 = 2 · 0.4 · 0.5 / 0.9', () =>
    check(conv, 'F1@5', {
      value: 4 / 9,
      formula: 'F1@k = 2 · P@k · R@k / (P@k + R@k)   (0 when P@k = R@k = 0)',
      terms: '1:a+ 3:b+',
      knobs: ['precisionDenominator=k: divides by k = 5 although only 3 items are predicted'],
      arithmetic: '2 · 0.400 · 0.500 / (0.400 + 0.500) = 0.444',
    }));
  it('AP@2 over the hits in the top 2: (1/1) / 1', () =>
    check(conv, 'AP@2', {
      value: 1,
      formula: 'AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = the hits in the top k',
      terms: '1:a+',
      knobs: ['apDenominator=hits: D = the hits in the top k = 1'],
      arithmetic: '(1/1) / 1 = 1.000',
    }));
  it('RR: the first hit is at rank 1', () =>
    check(conv, 'RR', {
      value: 1,
      formula: 'RR = 1 / rank of the first relevant item (0 if none)',
      terms: '1:a+',
      knobs: [],
      arithmetic: '1 / 1 = 1.000',
    }));
  it('DCG@3 with 2^g − 1 over ln: 7 · 1/ln 2 + 3 · 1/ln 4 = 12.263', () =>
    check(conv, 'DCG@3', {
      value: 7 / Math.LN2 + 3 / Math.log(4),
      terms: '1:a+ 2:x- 3:b+',
      formula: 'DCG@k = Σᵢ gain(gradeᵢ) · discount(i),  i = 1..k;  gain(g) = 2^g − 1;  discount(i) = 1/ln(i+1)',
      knobs: ['gain=exponential: gain(g) = 2^g − 1', 'discount=ln: discount(i) = 1/ln(i+1)'],
      arithmetic: '7.000·1.443 + 3.000·0.721 = 12.263',
    }));
  it('nDCG@5 with the ideal from the top k predicted: 12.263 / (7/ln 2 + 3/ln 3)', () =>
    check(conv, 'nDCG@5', {
      value: (7 / Math.LN2 + 3 / Math.log(4)) / (7 / Math.LN2 + 3 / Math.log(3)),
      terms: '1:a+ 2:x- 3:b+',
      formula: 'nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of the grades of the top-k predicted items sorted, cut at k',
      knobs: [
        'gain=exponential: gain(g) = 2^g − 1',
        'discount=ln: discount(i) = 1/ln(i+1)',
        'ideal=top-k: IDCG = 7.000·1.443 + 3.000·0.910 = 12.830',
      ],
      arithmetic: '12.263 / 12.830 = 0.956',
    }));
  it('Rprec looks at the top R = 4 of a 3-item list', () =>
    check(conv, 'Rprec', {
      value: 0.5,
      formula: 'Rprec = |relevant ∩ top R| / R,  R = |relevant|',
      terms: '1:a+ 3:b+',
      knobs: ['relevantPool=labels: R = 4'],
      arithmetic: '2 / 4 = 0.500',
    }));
  it('Success@1', () =>
    check(conv, 'Success@1', {
      value: 1,
      formula: 'Success@k = 1 if |relevant ∩ top k| > 0, else 0',
      terms: '1:a+',
      knobs: [],
      arithmetic: 'first hit at rank 1 ≤ 1: 1',
    }));
});

describe('explanations under trec_eval', () => {
  const conv = PRESETS.trec_eval;
  it('AP@2 over all 4 relevant labels: (1/1) / 4', () =>
    check(conv, 'AP@2', {
      value: 0.25,
      formula: 'AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = all relevant labels',
      terms: '1:a+',
      knobs: ['apDenominator=relevant: D = all relevant labels = 4'],
      arithmetic: '(1/1) / 4 = 0.250',
    }));
  it('DCG@3 with linear gains over log2: 3 · 1 + 2 · 1/2 = 4', () =>
    check(conv, 'DCG@3', {
      value: 4,
      terms: '1:a+ 2:x- 3:b+',
      formula: 'DCG@k = Σᵢ gain(gradeᵢ) · discount(i),  i = 1..k;  gain(g) = g;  discount(i) = 1/log₂(i+1)',
      knobs: ['gain=linear: gain(g) = g', 'discount=log2: discount(i) = 1/log₂(i+1)'],
      arithmetic: '3.000·1.000 + 2.000·0.500 = 4.000',
    }));
  it('nDCG@5 with the ideal from every label: 4 / (3 + 2/log₂3 + 1/2 + 1/log₂5) = 0.770 (trec_eval ndcg_cut_5: 0.7703)', () =>
    check(conv, 'nDCG@5', {
      value: 4 / (3 + 2 / Math.log2(3) + 0.5 + 1 / Math.log2(5)),
      terms: '1:a+ 2:x- 3:b+',
      formula: 'nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k',
      knobs: [
        'gain=linear: gain(g) = g',
        'discount=log2: discount(i) = 1/log₂(i+1)',
        'ideal=labels: IDCG = 3.000·1.000 + 2.000·0.631 + 1.000·0.500 + 1.000·0.431 = 5.193',
      ],
      arithmetic: '4.000 / 5.193 = 0.770',
    }));
});

describe('AP explained under its other knobs', () => {
  const every = { ...PRESETS.seed000, apTerms: 'every-rank' } as const;
  it("every-rank (Elliot's MAP) AP@5 averages P@1…P@5, past the 3 predictions: (1 + 1/2 + 2/3 + 2/4 + 2/5) / 5", () =>
    check(every, 'AP@5', {
      value: 0.613333,
      formula: 'AP@k = Σᵢ P@i / k,  i = 1..k  (every rank, not only the hits)',
      terms: '1:a+ 3:b+',
      knobs: ["apTerms=every-rank: the mean of P@1…P@5 (Elliot's MAP)"],
      arithmetic: '(1/1 + 1/2 + 2/3 + 2/4 + 2/5) / 5 = 0.613',
      numerator: 3.066667,
      denominator: 5,
    }));
  it('every-rank AP without a cutoff stops at the last prediction: (1 + 1/2 + 2/3) / 3', () =>
    check(every, 'AP', {
      value: 0.722222,
      formula: 'AP = Σᵢ P@i / n,  i = 1..n (every ranked item, not only the hits)',
      terms: '1:a+ 3:b+',
      knobs: ["apTerms=every-rank: the mean of P@1…P@3 (Elliot's MAP)"],
      arithmetic: '(1/1 + 1/2 + 2/3) / 3 = 0.722',
      numerator: 2.166667,
      denominator: 3,
    }));
  it('AP without a cutoff sums 1/1 + 2/3 = 1.667 over the 2 hits', () =>
    check(PRESETS.seed000, 'AP', {
      value: 0.833333,
      formula: 'AP = Σᵢ P@i · rel(i) / D,  i = 1..n (every ranked item),  D = the hits in the top k',
      terms: '1:a+ 3:b+',
      knobs: ['apDenominator=hits: D = the hits in the top k = 2'],
      arithmetic: '(1/1 + 2/3) / 2 = 0.833',
      numerator: 1.666667,
      denominator: 2,
    }));
  const miss: CaseInput = { labels: gradedLabels({ c: 1 }), predictions: listPredictions(['a', 'x', 'b']) };
  it('no hit in the top 2: 0 under noHit=zero', () =>
    check(
      PRESETS.seed000,
      'AP@2',
      {
        value: 0,
        formula: 'AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = the hits in the top k',
        terms: '',
        knobs: ['apDenominator=hits: D = the hits in the top k = 0', 'noHit=zero: no hit in the top 2: AP = 0'],
        arithmetic: 'no hit in the top 2, so AP = 0 (noHit=zero)',
        numerator: 0,
        denominator: 0,
      },
      miss,
    ));
  it('no hit under every-rank is still explained by noHit, not as a mean of zeros', () =>
    check(
      { ...PRESETS.seed000, apTerms: 'every-rank' },
      'AP@2',
      {
        value: 0,
        formula: 'AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = the hits in the top k',
        terms: '',
        knobs: ['apDenominator=hits: D = the hits in the top k = 0', 'noHit=zero: no hit in the top 2: AP = 0'],
        arithmetic: 'no hit in the top 2, so AP = 0 (noHit=zero)',
      },
      miss,
    ));
  it('no hit in the top 2: NaN under noHit=nan', () => {
    const ex = explainCase(miss, parseMetricSpec('AP@2').spec!, { ...PRESETS.seed000, noHit: 'nan' });
    assert.ok(Number.isNaN(ex.value));
    assert.equal(ex.knobs[1].effect, 'no hit in the top 2: AP = NaN, left out of the means');
    assert.equal(ex.arithmetic, 'no hit in the top 2, so AP = NaN, left out of the means (noHit=nan)');
  });
});

describe('the per-metric explainers on their own', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const rc = () => rankCase(CASE, PRESETS.seed000);
  it('name their metric: P@3, AP, AP@2, Rprec', () => {
    assert.equal(explainPrecision(rc(), 3, PRESETS.seed000).metric, 'P@3');
    assert.equal(explainAveragePrecision(rc(), null, PRESETS.seed000).metric, 'AP');
    assert.equal(explainAveragePrecision(rc(), 2, { ...PRESETS.seed000, apTerms: 'every-rank' }).metric, 'AP@2');
    assert.equal(explainAveragePrecision(rc(), null, { ...PRESETS.seed000, apTerms: 'every-rank' }).metric, 'AP');
    assert.equal(explainRPrecision(rc(), PRESETS.seed000).metric, 'Rprec');
  });
  it('P@3 of exactly 3 predictions says nothing about a short list', () => {
    assert.deepEqual(
      explainPrecision(rc(), 3, PRESETS.seed000).knobs.map((k) => k.effect),
      ['divides by k = 3'],
    );
  });
  it('P@5 under min-k-predicted with no predictions: 0, "no predictions: 0"', () => {
    const conv = { ...PRESETS.seed000, precisionDenominator: 'min-k-predicted' } as const;
    const ex = explainPrecision(rankCase({ labels: gradedLabels({ a: 1 }), predictions: [] }, conv), 5, conv);
    assert.deepEqual(
      [ex.value, ex.denominator, ex.arithmetic, ex.knobs[0].effect],
      [0, 0, 'no predictions: 0', 'divides by min(k, predicted) = min(5, 0) = 0'],
    );
  });
});
