/**
 * The graded measures, worked by hand: DCG and nDCG with their explanations (every ideal the
 * convention can name, tied gains, signed gains), trec_eval's binG, G, nDCGrel and Rndcg, and nDCG
 * with a gain per grade (trec_eval's ndcg.1=3,…). Values under trec_eval were checked against
 * trec_eval 10.0 (`trec_eval -q -m binG -m G -m ndcg_rel -m Rndcg -m ndcg -m ndcg_cut.2`, and
 * `-m ndcg.-1=1` etc. for the gains).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { evaluateCase, explainCase } from '../../shared/core/evaluate';
import { Explanation, RankTerm } from '../../shared/core/explanation';
import { metricName, parseMetricSpec } from '../../shared/core/metricNames';
import { rankCase } from '../../shared/core/ranking';
import { dcg, explainDcg, explainNdcg, ndcg } from '../../shared/core/metrics/dcg';
import { binG, explainGainMap, explainGainVariant, kishidaG, ndcgRel, ndcgWithGains, rndcg } from '../../shared/core/metrics/gainVariants';

const trec = PRESETS.trec_eval;
const L3 = 1 / Math.log2(3); // 0.63093, the discount at rank 2
const L5 = 1 / Math.log2(5); // 0.43068, rank 4
const L7 = 1 / Math.log2(7); // 0.35621, rank 6

const spec = (name: string) => {
  const parsed = parseMetricSpec(name);
  assert.ok(parsed.spec, `${name}: ${parsed.message}`);
  return parsed.spec;
};
const values = (cases: CaseInput[], metrics: string[], conv: Convention = trec) =>
  cases.map((c) => evaluateCase(c, metrics.map(spec), conv).values.map((v) => v.toFixed(4)));
const close = (actual: number, expected: number, what = 'value') =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what} ${actual}, expected ${expected}`);
/** A term as [rank, id, gain, discount, contribution], rounded to 5 places. */
const terms = (ts: RankTerm[] | undefined) =>
  (ts ?? []).map((t) => [t.rank, t.id, t.relevant, ...[t.gain!, t.discount!, t.contribution!].map((x) => Number(x.toFixed(5)))]);
const knobs = (ex: Explanation) => ex.knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`);

/** Judged a=3 b=2 c=1; ranked x a y b (x, y unlabeled). */
const GRADED: CaseInput = { labels: gradedLabels({ a: 3, b: 2, c: 1 }), predictions: listPredictions(['x', 'a', 'y', 'b']) };

describe('DCG explained term by term (trec_eval: gain g, discount 1/log₂(i+1))', () => {
  it('DCG = 3/log₂3 + 2/log₂5 = 1.89279 + 0.86135 = 2.75414', () => {
    const ex = explainDcg(rankCase(GRADED, trec), null, trec);
    assert.equal(ex.metric, 'DCG');
    close(ex.value, 3 * L3 + 2 * L5);
    close(ex.numerator, ex.value);
    assert.equal(ex.denominator, 1);
    assert.equal(
      ex.formula,
      'DCG = Σᵢ gain(gradeᵢ) · discount(i),  i = 1..n (every ranked item);  gain(g) = g;  discount(i) = 1/log₂(i+1)',
    );
    assert.deepEqual(terms(ex.terms), [
      [1, 'x', false, 0, 1, 0],
      [2, 'a', true, 3, 0.63093, 1.89279],
      [3, 'y', false, 0, 0.5, 0],
      [4, 'b', true, 2, 0.43068, 0.86135],
    ]);
    assert.deepEqual(knobs(ex), ['gain=linear: gain(g) = g', 'discount=log2: discount(i) = 1/log₂(i+1)']);
    assert.equal(ex.arithmetic, '3.000·0.631 + 2.000·0.431 = 2.754');
  });

  it('DCG@2 is named with its cutoff and stops at rank 2: 3/log₂3 = 1.893', () => {
    const ex = explainDcg(rankCase(GRADED, trec), 2, trec);
    assert.equal(ex.metric, 'DCG@2');
    close(ex.value, 3 * L3);
    assert.equal(ex.arithmetic, '3.000·0.631 = 1.893');
  });

  it('a ranking with no gain sums to 0', () => {
    const none: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['x', 'y']) };
    const ex = explainDcg(rankCase(none, trec), null, trec);
    assert.equal(ex.value, 0);
    assert.equal(ex.arithmetic, '0 = 0.000');
  });
});

describe('nDCG explained with its ideal ranking (trec_eval: every label sorted)', () => {
  it('nDCG@2 = 1.89279 / (3 + 2/log₂3) = 1.89279 / 4.26186 = 0.44412 (trec_eval 10.0 ndcg_cut_2: 0.4441)', () => {
    const ex = explainNdcg(rankCase(GRADED, trec), 2, trec);
    assert.equal(ex.metric, 'nDCG@2');
    close(ex.value, (3 * L3) / (3 + 2 * L3));
    close(ex.numerator, 3 * L3, 'numerator');
    close(ex.denominator, 3 + 2 * L3, 'denominator');
    assert.equal(ex.formula, 'nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k');
    // The ideal is cut at k = 2: c (grade 1) is left out.
    assert.deepEqual(terms(ex.ideal), [
      [1, 'a', true, 3, 1, 3],
      [2, 'b', true, 2, 0.63093, 1.26186],
    ]);
    assert.equal(knobs(ex)[2], 'ideal=labels: IDCG = 3.000·1.000 + 2.000·0.631 = 4.262');
    assert.equal(ex.arithmetic, '1.893 / 4.262 = 0.444');
    assert.deepEqual(values([GRADED], ['nDCG@2']), [['0.4441']]);
  });

  it('nDCG = 2.75414 / (3 + 2/log₂3 + 1/2) = 2.75414 / 4.76186 = 0.57838 (trec_eval 10.0 ndcg: 0.5784)', () => {
    const ex = explainNdcg(rankCase(GRADED, trec), null, trec);
    assert.equal(ex.metric, 'nDCG');
    close(ex.value, (3 * L3 + 2 * L5) / (3 + 2 * L3 + 0.5));
    assert.deepEqual(
      ex.ideal!.map((t) => t.id),
      ['a', 'b', 'c'],
    );
    assert.equal(ex.arithmetic, '2.754 / 4.762 = 0.578');
    assert.deepEqual(values([GRADED], ['nDCG']), [['0.5784']]);
  });

  it('no relevant label: IDCG = 0 and nDCG = 0', () => {
    const none: CaseInput = { labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a', 'x']) };
    const ex = explainNdcg(rankCase(none, trec), null, trec);
    assert.equal(ex.value, 0);
    assert.deepEqual(ex.ideal, []);
    assert.equal(knobs(ex)[2], 'ideal=labels: IDCG = 0 = 0.000');
    assert.equal(ex.arithmetic, 'IDCG = 0, so nDCG = 0');
  });
});

describe('nDCG with the ideal in the order the labels are written (mllib: 2^g − 1 over ln)', () => {
  // Labels written b=1, a=3, c=2; ranked a b. DCG@2 = 7/ln2 + 1/ln3 = 10.09886 + 0.91024 = 11.00910.
  const written: CaseInput = { labels: gradedLabels({ b: 1, a: 3, c: 2 }), predictions: listPredictions(['a', 'b']) };
  const mllib = PRESETS.mllib;

  it('nDCG@2: the ideal is b then a, not sorted: 11.00910 / (1/ln2 + 7/ln3) = 11.00910 / 7.81437 = 1.40883', () => {
    const ex = explainNdcg(rankCase(written, mllib), 2, mllib);
    close(ex.value, (7 / Math.LN2 + 1 / Math.log(3)) / (1 / Math.LN2 + 7 / Math.log(3)));
    assert.deepEqual(terms(ex.ideal), [
      [1, 'b', true, 1, 1.4427, 1.4427],
      [2, 'a', true, 7, 0.91024, 6.37167],
    ]);
    assert.equal(ex.arithmetic, '11.009 / 7.814 = 1.409');
  });

  it('nDCG: every label, as written: 11.00910 / (1.44270 + 6.37167 + 3/ln4) = 11.00910 / 9.97841 = 1.10329', () => {
    const ex = explainNdcg(rankCase(written, mllib), null, mllib);
    close(ex.value, (7 / Math.LN2 + 1 / Math.log(3)) / (1 / Math.LN2 + 7 / Math.log(3) + 3 / Math.log(4)));
    assert.deepEqual(
      ex.ideal!.map((t) => [t.id, t.gain]),
      [
        ['b', 1],
        ['a', 7],
        ['c', 3],
      ],
    );
  });
});

describe('nDCG with the ideal from every predicted item (torchmetrics)', () => {
  it('nDCG@2 of x a b (a=1, b=3): the ideal takes b from beyond k: 1/log₂3 / (3 + 1/log₂3) = 0.63093 / 3.63093 = 0.17376', () => {
    const c: CaseInput = { labels: gradedLabels({ a: 1, b: 3 }), predictions: listPredictions(['x', 'a', 'b']) };
    const ex = explainNdcg(rankCase(c, PRESETS.torchmetrics), 2, PRESETS.torchmetrics);
    close(ex.value, L3 / (3 + L3));
    assert.deepEqual(terms(ex.ideal), [
      [1, 'b', true, 3, 1, 3],
      [2, 'a', true, 1, 0.63093, 0.63093],
    ]);
  });
});

describe('tied scores share their mean gain (ties=average)', () => {
  it('a 0.9, b and c tied at 0.5 (b=2, c=0): ranks 2 and 3 gain 1 each, DCG = 1/log₂3 + 1/2 = 1.13093', () => {
    const c: CaseInput = { labels: gradedLabels({ a: 0, b: 2, c: 0 }), predictions: scoredPredictions({ a: 0.9, b: 0.5, c: 0.5 }) };
    const conv = PRESETS.torchmetrics;
    const rc = rankCase(c, conv);
    const ex = explainDcg(rc, null, conv);
    close(ex.value, L3 + 0.5);
    close(dcg(rc, null, conv), L3 + 0.5);
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.gain]),
      [
        [1, 0],
        [2, 1],
        [3, 1],
      ],
    );
    assert.equal(knobs(ex)[2], 'ties=average: tied items share the mean gain of their group');
    // The ideal (the predicted grades sorted) is 2, 0, 0: nDCG = 1.13093 / 2 = 0.56546.
    close(ndcg(rc, null, conv), (L3 + 0.5) / 2);
  });
});

describe('signed negative gains under 2^g − 1 (scikit-learn with exponential gains)', () => {
  it('b = −1 gains 2^−1 − 1 = −0.5: DCG of b a (a = 2) = −0.5 + 3/log₂3 = 1.39279', () => {
    const conv: Convention = { ...PRESETS.sklearn, gain: 'exponential' };
    const c: CaseInput = { labels: gradedLabels({ a: 2, b: -1 }), predictions: listPredictions(['b', 'a']) };
    close(dcg(rankCase(c, conv), null, conv), -0.5 + 3 * L3);
  });
});

describe('discounts', () => {
  const one: CaseInput = { labels: gradedLabels({ a: 1, b: 1 }), predictions: listPredictions(['a', 'b']) };
  it('log10: DCG = 1/log₁₀2 + 1/log₁₀3 = 3.32193 + 2.09590 = 5.41783', () => {
    const conv: Convention = { ...trec, discount: 'log10' };
    close(dcg(rankCase(one, conv), null, conv), 1 / Math.log10(2) + 1 / Math.log10(3));
  });
  it('log2-max2 (LensKit): ranks 1 and 2 both weigh 1, DCG = 2', () => {
    close(dcg(rankCase(one, PRESETS.lenskit), null, PRESETS.lenskit), 2);
  });
  it('a relevant item at rank 3000, past the first discounts kept: 1/log₂3001 = 0.08659', () => {
    const ids = Array.from({ length: 3000 }, (_, i) => `n${i}`);
    ids[2999] = 'a';
    const c: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(ids) };
    close(dcg(rankCase(c, trec), null, trec), 1 / Math.log2(3001));
  });
});

/*
 * Two queries for trec_eval's other graded measures (linear gains, log₂(rank + 1)):
 * LONG: judged a=2 b=1 c=3 d=0 e=1 (R = 4, ideal gains 3 2 1 1), ranked d a x b f c g: hits a, b, c at
 *   0-based ranks 1, 3, 5; e is missed; the ranking (7) is longer than the ideal (4).
 * SHORT: judged p=1 q=2 r=2 s=1 (ideal 2 2 1 1), ranked s q: shorter than the ideal.
 * trec_eval 10.0 prints binG 0.3904 0.5000, G 0.3629 0.3155, ndcg_rel 0.4214 0.5681, Rndcg 0.2884 0.6165.
 */
const LONG: CaseInput = {
  labels: gradedLabels({ a: 2, b: 1, c: 3, d: 0, e: 1 }),
  predictions: listPredictions(['d', 'a', 'x', 'b', 'f', 'c', 'g']),
};
const SHORT: CaseInput = { labels: gradedLabels({ p: 1, q: 2, r: 2, s: 1 }), predictions: listPredictions(['s', 'q']) };
const MISSED: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['x', 'y']) };
const NO_RELEVANT: CaseInput = { labels: gradedLabels({ a: 0, b: 0 }), predictions: listPredictions(['a', 'x', 'b']) };

describe('binG (Kishida): (1/R) Σ 1/log₂(i − h + 3) over the h-th hit at 0-based rank i', () => {
  it('LONG: (1/log₂3 + 1/log₂4 + 1/log₂5) / 4 = (0.63093 + 0.5 + 0.43068) / 4 = 0.39040; SHORT: (1 + 1) / 4 = 0.5 (trec_eval 10.0)', () => {
    assert.deepEqual(values([LONG, SHORT, MISSED], ['binG']), [['0.3904'], ['0.5000'], ['0.0000']]);
    close(binG(rankCase(LONG, trec)), (L3 + 0.5 + L5) / 4);
  });
  it('is 0, not 0/0, with no relevant label', () => assert.equal(binG(rankCase(NO_RELEVANT, trec)), 0));
});

describe('G (Kishida): gains over log₂(2 + ideal cost so far − gain so far), over the ideal total', () => {
  it('LONG: costs 3 5 6 7 8 9 10 (at least 1 past the ideal), gains so far 0 2 2 3 3 6 6: (2/log₂5 + 1/log₂6 + 3/log₂5) / 7 = 0.36289', () => {
    // 2/log₂(2+5−2) + 1/log₂(2+7−3) + 3/log₂(2+9−6) = 0.86135 + 0.38685 + 1.29203 = 2.54023; / (3+2+1+1) = 0.36289
    close(kishidaG(rankCase(LONG, trec), trec), (5 * L5 + 1 / Math.log2(6)) / 7);
    // SHORT: 1/log₂(2+2−1) + 2/log₂(2+4−3) = 3/log₂3 = 1.89279; / 6 = 0.31547
    close(kishidaG(rankCase(SHORT, trec), trec), (3 * L3) / 6);
    assert.deepEqual(values([LONG, SHORT, MISSED], ['G']), [['0.3629'], ['0.3155'], ['0.0000']]);
  });
  it('is 0 with no relevant label (ideal total 0)', () => assert.equal(kishidaG(rankCase(NO_RELEVANT, trec), trec), 0));
});

describe('nDCGrel: DCG/IDCG at each relevant item retrieved, the final ratio for those missed, averaged over R', () => {
  it('LONG: (0.29608 + 0.32596 + 0.53175 + 0.53175) / 4 = 0.42139 (trec_eval 10.0 ndcg_rel: 0.4214)', () => {
    // a: (2/log₂3) / (3 + 2/log₂3) = 1.26186/4.26186; b: (1.26186 + 1/log₂5) / (4.26186 + 1/2 + 1/log₂5) = 1.69254/5.19254;
    // c: (1.69254 + 3/log₂7) / 5.19254 = 2.76116/5.19254, and e (missed) takes the same final ratio.
    const idcg = 3 + 2 * L3 + 0.5 + L5;
    close(ndcgRel(rankCase(LONG, trec), trec), ((2 * L3) / (3 + 2 * L3) + (2 * L3 + L5) / idcg + 2 * ((2 * L3 + L5 + 3 * L7) / idcg)) / 4);
  });
  it('SHORT: (1/2 + 2.26186/3.26186 + 2 · 2.26186/4.19254) / 4 = (0.5 + 0.69343 + 1.07900) / 4 = 0.56811 (trec_eval 10.0: 0.5681)', () => {
    const top = 1 + 2 * L3;
    close(ndcgRel(rankCase(SHORT, trec), trec), (0.5 + top / (2 + 2 * L3) + (2 * top) / (2 + 2 * L3 + 0.5 + L5)) / 4);
    assert.deepEqual(values([LONG, SHORT, MISSED], ['nDCGrel']), [['0.4214'], ['0.5681'], ['0.0000']]);
  });
  it('is 0 with no relevant label', () => assert.equal(ndcgRel(rankCase(NO_RELEVANT, trec), trec), 0));
});

describe('Rndcg: DCG/IDCG where the ideal gain changes and at the end of the ranking, averaged', () => {
  it('LONG: the ideal 3 2 1 1 changes before ranks 2, 3 and 5; then the ranking ends: (0 + 0.29608 + 0.32596 + 0.53175) / 4 = 0.28845', () => {
    // before rank 2: 0/3; before rank 3: 1.26186/4.26186; before rank 5: 1.69254/5.19254; end of ranking: 2.76116/5.19254
    const idcg = 3 + 2 * L3 + 0.5 + L5;
    close(rndcg(rankCase(LONG, trec), trec), (0 + (2 * L3) / (3 + 2 * L3) + (2 * L3 + L5) / idcg + (2 * L3 + L5 + 3 * L7) / idcg) / 4);
  });
  it('SHORT: the ranking ends first, the ideal goes on: (2.26186/3.26186 + 2.26186/4.19254) / 2 = (0.69343 + 0.53950) / 2 = 0.61647', () => {
    const top = 1 + 2 * L3;
    close(rndcg(rankCase(SHORT, trec), trec), (top / (2 + 2 * L3) + top / (2 + 2 * L3 + 0.5 + L5)) / 2);
    assert.deepEqual(values([LONG, SHORT, MISSED], ['Rndcg']), [['0.2884'], ['0.6165'], ['0.0000']]);
  });
  it('y a with a=1: the ideal 1 ends before rank 2, where DCG is still 0, and so does the ranking: 0 (trec_eval 10.0 Rndcg: 0.0000)', () => {
    // binG, G and nDCGrel all give a its 1/log₂3 = 0.6309 (trec_eval 10.0 prints 0.6309 for each).
    const late: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['y', 'a']) };
    assert.deepEqual(values([late], ['Rndcg', 'binG', 'G', 'nDCGrel']), [['0.0000', '0.6309', '0.6309', '0.6309']]);
  });
  it('is 0 with no relevant label', () => assert.equal(rndcg(rankCase(NO_RELEVANT, trec), trec), 0));
});

describe('binG, G, nDCGrel and Rndcg explained: the ranks with a gain and the ideal gains', () => {
  it('binG on LONG: a, b, c each count 1 (relevant), whatever their grade', () => {
    const ex = explainCase(LONG, spec('binG'), trec);
    assert.equal(ex.metric, 'binG');
    close(ex.value, (L3 + 0.5 + L5) / 4);
    close(ex.numerator, ex.value);
    assert.equal(ex.denominator, 1);
    assert.equal(ex.formula, 'binG = (1/R) Σ_{h-th relevant item at rank r} 1 / log₂(r − h + 2)');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.grade, t.relevant, t.gain]),
      [
        [2, 'a', 2, true, 1],
        [4, 'b', 1, true, 1],
        [6, 'c', 3, true, 1],
      ],
    );
    assert.deepEqual(ex.knobs, []);
    assert.equal(ex.arithmetic, '3 ranked items with gain; ideal gains 3.00, 2.00, 1.00, 1.00: 0.390');
  });

  it('G on LONG with grade 1 not relevant (relevanceThreshold 1): b still gains 1', () => {
    const conv: Convention = { ...trec, relevanceThreshold: 1 };
    const ex = explainCase(LONG, spec('G'), conv);
    close(ex.value, (5 * L5 + 1 / Math.log2(6)) / 7);
    assert.equal(ex.formula, 'G = Σᵢ gainᵢ / log₂(2 + ideal cost to i − gain to i) / Σ ideal gains (cost: ideal gain, at least 1)');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.relevant, t.gain]),
      [
        [2, 'a', true, 2],
        [4, 'b', false, 1],
        [6, 'c', true, 3],
      ],
    );
    assert.equal(ex.arithmetic, '3 ranked items with gain; ideal gains 3.00, 2.00, 1.00, 1.00: 0.363');
  });

  it('nDCGrel with one item ranked: a=1 ranked a gives 1', () => {
    const ex = explainCase({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a']) }, spec('nDCGrel'), trec);
    assert.equal(ex.value, 1);
    assert.equal(ex.arithmetic, '1 ranked item with gain; ideal gains 1.00: 1.000');
  });

  it('Rndcg with no relevant label: no gains, ideal none, 0', () => {
    // (explainCase would answer with the emptyLabels policy before reaching the measure)
    const ex = explainGainVariant(rankCase(NO_RELEVANT, trec), 'Rndcg', trec, 'Rndcg');
    assert.equal(ex.value, 0);
    assert.deepEqual(ex.terms, []);
    assert.equal(ex.arithmetic, '0 ranked items with gain; ideal gains none: 0.000');
  });
});

/*
 * nDCG with a gain per grade, as trec_eval's ndcg.<grade>=<gain>. Queries:
 * G1: judged a=1 b=2 n=−1 (in the pool, unjudged); ranked x b n a (x unlabeled).
 * G2: judged a=0 b=0; ranked a x b.      G3: judged a=2 b=1; ranked b a.      G4: judged a=1 b=2; ranked a b.
 */
const G1: CaseInput = { labels: gradedLabels({ a: 1, b: 2, n: -1 }), predictions: listPredictions(['x', 'b', 'n', 'a']) };
const G2: CaseInput = { labels: gradedLabels({ a: 0, b: 0 }), predictions: listPredictions(['a', 'x', 'b']) };
const G3: CaseInput = { labels: gradedLabels({ a: 2, b: 1 }), predictions: listPredictions(['b', 'a']) };
const G4: CaseInput = { labels: gradedLabels({ a: 1, b: 2 }), predictions: listPredictions(['a', 'b']) };

describe('nDCG with a gain per grade (trec_eval ndcg.g=v)', () => {
  // G1's ideal is b (2) then a (1): IDCG = 2 + 1/log₂3 = 2.63093.
  it('an unlabeled item is grade −1: ndcg.-1=1 gives x a gain: (1 + 2/log₂3 + 1/log₂5) / 2.63093 = 2.69254 / 2.63093 = 1.0234 (trec_eval 10.0)', () => {
    assert.deepEqual(values([G1], ['nDCG', 'nDCG(gain-1=1)']), [['0.6433', '1.0234']]);
  });
  it('an item labeled with a negative grade is grade −2: ndcg.-2=5: (2/log₂3 + 5/2 + 1/log₂5) / 2.63093 = 4.19254 / 2.63093 = 1.5936 (trec_eval 10.0)', () => {
    assert.deepEqual(values([G1], ['nDCG(gain-2=5)']), [['1.5936']]);
  });
  it('a gain for a negative grade is read back from the name metricName writes: nDCG(gain-1=1,gain2=9)@5', () => {
    const parsed = parseMetricSpec('nDCG(gain-1=1,gain2=9)@5');
    assert.deepEqual(parsed.spec, {
      family: 'nDCG',
      k: 5,
      gains: [
        [-1, 1],
        [2, 9],
      ],
    });
    assert.equal(metricName(parsed.spec!), 'nDCG(gain-1=1,gain2=9)@5');
  });
  it('with a cutoff: nDCG(gain-1=1)@2 = (1 + 2/log₂3) / 2.63093 = 0.8597; @1 = 1 / 2 = 0.5', () => {
    assert.deepEqual(values([G1], ['nDCG(gain-1=1)@2', 'nDCG(gain-1=1)@1']), [['0.8597', '0.5000']]);
  });
  it('ndcg.0=3 makes grade 0 gain: G2 = (3 + 3/2) / (3 + 3/log₂3) = 4.5 / 4.89279 = 0.91972 (trec_eval 10.0: 0.9197)', () => {
    // Called directly: evaluateCase answers G2, which has no relevant label, with the emptyLabels policy (0).
    const rc = rankCase(G2, trec);
    close(ndcgWithGains(rc, [[0, 3]], null), 4.5 / (3 + 3 * L3));
    // ndcg.1=3 gives G2 nothing: no grade 1 is judged, IDCG = 0 and nDCG = 0 (trec_eval 10.0: 0.0000)
    assert.equal(ndcgWithGains(rc, [[1, 3]], null), 0);
  });
  it('ndcg.0=3,1=5: the ideal walks the gains down, 5 (a), skips 3 (no grade 0 judged), then 2 (b): G4 = 1, G1 = 3.41524 / 6.26186 = 0.5454 (trec_eval 10.0)', () => {
    // G4: DCG = 5 + 2/log₂3 = 6.26186 = IDCG. G1: DCG = 2/log₂3 + 5/log₂5 = 1.26186 + 2.15338 = 3.41524.
    assert.deepEqual(values([G4, G1], ['nDCG(gain0=3,gain1=5)']), [['1.0000'], ['0.5454']]);
  });
  it('ndcg.1=-1: a negative gain counts in the ranking but not in the ideal: G3 = (−1 + 2/log₂3) / 2 = 0.1309 (trec_eval 10.0)', () => {
    assert.deepEqual(values([G3], ['nDCG(gain1=-1)']), [['0.1309']]);
  });
  it('ndcg.1=2.5: gains less than 1 apart compare equal, so the ideal stays 2 then 2.5: (2.5 + 2/log₂3) / (2 + 2.5/log₂3) = 3.76186 / 3.57732 = 1.0516 (trec_eval 10.0)', () => {
    assert.deepEqual(values([G3], ['nDCG(gain1=2.5)']), [['1.0516']]);
  });
  it('is explained by its gains: 1 → 3, 2 → 9, on a=1 b=2 c=3 ranked b a x c: 12.18482 / 12.39279 = 0.983', () => {
    const c: CaseInput = { labels: gradedLabels({ a: 1, b: 2, c: 3 }), predictions: listPredictions(['b', 'a', 'x', 'c']) };
    const ex = explainCase(c, spec('nDCG(gain1=3,gain2=9)'), trec);
    close(ex.value, (9 + 3 * L3 + 3 * L5) / (9 + 3 * L3 + 1.5));
    close(ex.numerator, ex.value);
    assert.equal(ex.denominator, 1);
    assert.equal(ex.formula, 'nDCG = DCG / IDCG, gain by grade: 1 → 3, 2 → 9 (other grades: the grade), discount log₂(rank + 1)');
    assert.deepEqual([ex.terms, ex.knobs], [[], []]);
    assert.equal(ex.arithmetic, '0.983');
    // explainCase names it after the spec; the explanation on its own is plain nDCG.
    assert.equal(ex.metric, 'nDCG(gain1=3,gain2=9)');
    assert.equal(
      explainGainMap(
        rankCase(c, trec),
        [
          [1, 3],
          [2, 9],
        ],
        null,
      ).metric,
      'nDCG',
    );
  });
});
