/**
 * trec_eval's counts, set measures, utility and interpolated precision on two small hand-worked
 * queries, each value checked against trec_eval 10.0 (the qrels and runs are written out in the
 * comments), with the explanation a hover shows: the terms, the fraction and the arithmetic line.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, listLabels, listPredictions } from '../helpers/caseBuilders';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { Explanation } from '../../shared/core/explanation';
import { MetricSpec, parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { explainUtility, utility } from '../../shared/core/metrics/utility';
import {
  ELEVEN_LEVELS,
  elevenPointAverage,
  explainElevenPointAverage,
  explainInterpolatedPrecision,
  interpolatedPrecisions,
} from '../../shared/core/metrics/interpolatedPrecision';
import { rankCase } from '../../shared/core/ranking';

const TREC: Convention = PRESETS.trec_eval;
const spec = (name: string): MetricSpec => {
  const parsed = parseMetricSpec(name);
  assert.ok(parsed.spec, `${name}: ${parsed.message}`);
  return parsed.spec;
};
/** The fast value of a metric (no explanation built). */
const fast = (input: CaseInput, name: string): number => metricValue(rankCase(input, TREC, { valuesOnly: true }), spec(name), TREC);
const explain = (input: CaseInput, name: string): Explanation => explainCase(input, spec(name), TREC);
const near = (actual: number, expected: number, what = ''): void =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what} ${actual}, expected ${expected}`);
const terms = (ex: Explanation): string => ex.terms.map((t) => `${t.rank}:${t.id}${t.relevant ? '+' : '-'}`).join(' ');

/*
 * Query q1: qrels a=1 b=0 c=1 d=1 e=0 f=1 g=0 (R = 4; b, e, g judged non-relevant); run b a x c e g
 * (x unlabeled, unjudged). Retrieved 6, relevant retrieved 2 (a, c), judged non-relevant retrieved 3.
 * trec_eval 10.0 -q prints num_ret 6, num_rel 4, num_rel_ret 2, num_nonrel_judged_ret 3, set_P 0.3333,
 * set_relative_P 0.5000, set_recall 0.5000, set_map 0.1667, set_F 0.4000, set_F_0.5 0.3750,
 * set_F_2 0.4286, utility -2.0000, utility_2,-1,-0.5,0.25 -3.0000 (and 2.0000 with -N 20).
 */
const Q1: CaseInput = {
  labels: gradedLabels({ a: 1, b: 0, c: 1, d: 1, e: 0, f: 1, g: 0 }),
  predictions: listPredictions(['b', 'a', 'x', 'c', 'e', 'g']),
};

describe('counts (num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret)', () => {
  it('counts 6 retrieved, 4 relevant, 2 relevant retrieved, 3 judged non-relevant retrieved (trec_eval 10.0)', () => {
    assert.deepEqual(
      ['NumQ', 'NumRet', 'NumRel', 'NumRelRet', 'NumNonrelJudgedRet'].map((m) => fast(Q1, m)),
      [1, 6, 4, 2, 3],
    );
  });

  it('explains each count with the ranks it counts: every rank, the hits, the judged misses; none for NumRel and NumQ', () => {
    const expected: [string, number, string, string][] = [
      ['NumRet', 6, 'NumRet = number of ranked items', '1:b- 2:a+ 3:x- 4:c+ 5:e- 6:g-'],
      ['NumRelRet', 2, 'NumRelRet = number of relevant items ranked', '2:a+ 4:c+'],
      // x (rank 3) is unlabeled: not judged, so not counted.
      ['NumNonrelJudgedRet', 3, 'NumNonrelJudgedRet = ranked items judged (grade ≥ 0) but not relevant', '1:b- 5:e- 6:g-'],
      ['NumRel', 4, 'NumRel = number of relevant labels (R)', ''],
      ['NumQ', 1, 'NumQ = 1 per case (the run figure is the number of cases)', ''],
    ];
    for (const [family, value, formula, counted] of expected) {
      const ex = explain(Q1, family);
      assert.equal(ex.metric, family);
      assert.equal(ex.value, value, family);
      assert.equal(ex.formula, formula);
      assert.equal(terms(ex), counted, family);
      assert.ok(ex.terms.every((t) => t.contribution === 1));
      assert.equal(ex.numerator, value);
      assert.equal(ex.denominator, 1);
      assert.deepEqual(ex.knobs, []);
      assert.equal(ex.arithmetic, `${value} (the run figure adds the cases up)`);
    }
  });

  it('keeps the grades of the counted items in the terms', () => {
    const ex = explain(Q1, 'NumRelRet');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.grade]),
      [
        [2, 'a', 1],
        [4, 'c', 1],
      ],
    );
  });
});

describe('set measures (set_P, set_relative_P, set_recall, set_map, set_F)', () => {
  it('computes each as one fraction over the retrieved set (trec_eval 10.0)', () => {
    // set_P = 2/6; set_relative_P = 2/min(6, 4); set_recall = 2/4; set_map = 2²/(6·4) = 4/24;
    // set_F (β = 1) = 2·(1/3)·(1/2) / (1/3 + 1/2) = 0.4; β = 0.5: 1.5·(1/6) / (0.5·(1/3) + 1/2) = 0.375;
    // β = 2: 3·(1/6) / (2·(1/3) + 1/2) = 0.5 / (7/6) = 3/7.
    near(fast(Q1, 'SetP'), 1 / 3, 'SetP');
    near(fast(Q1, 'SetRelP'), 0.5, 'SetRelP');
    near(fast(Q1, 'SetR'), 0.5, 'SetR');
    near(fast(Q1, 'SetAP'), 1 / 6, 'SetAP');
    near(fast(Q1, 'SetF'), 0.4, 'SetF');
    near(fast(Q1, 'SetF(beta=0.5)'), 0.375, 'SetF β=0.5');
    near(fast(Q1, 'SetF(beta=2)'), 3 / 7, 'SetF β=2');
  });

  it('explains each with its numerator, denominator and formula', () => {
    const expected: [string, number, number, string, string][] = [
      ['SetP', 2, 6, 'SetP = relevant retrieved / retrieved', '2 / 6 = 0.333'],
      ['SetRelP', 2, 4, 'SetRelP = relevant retrieved / min(retrieved, R)', '2 / 4 = 0.500'],
      ['SetR', 2, 4, 'SetR = relevant retrieved / R', '2 / 4 = 0.500'],
      ['SetAP', 4, 24, 'SetAP = relevant retrieved² / (retrieved · R)', '4 / 24 = 0.167'],
      ['SetF', 1 / 3, 5 / 6, 'SetF = (β+1)·P·R / (β·P + R), β = 1', '0.333 / 0.833 = 0.400'],
      ['SetF(beta=0.5)', 0.25, 2 / 3, 'SetF = (β+1)·P·R / (β·P + R), β = 0.5', '0.250 / 0.667 = 0.375'],
    ];
    for (const [name, numerator, denominator, formula, arithmetic] of expected) {
      const ex = explain(Q1, name);
      assert.equal(ex.metric, name);
      near(ex.value, fast(Q1, name), name);
      near(ex.numerator, numerator, `${name} numerator`);
      near(ex.denominator, denominator, `${name} denominator`);
      assert.equal(ex.formula, formula);
      assert.equal(ex.arithmetic, arithmetic);
      assert.deepEqual(ex.terms, []);
    }
  });

  it('gives set_F 0 when nothing relevant is retrieved, without dividing 0 by 0 (trec_eval 10.0: set_F 0.0000)', () => {
    // Run b e against q1's qrels: set_P = 0/2, set_recall = 0/4, set_F = 0.
    const none: CaseInput = { labels: Q1.labels, predictions: listPredictions(['b', 'e']) };
    assert.equal(fast(none, 'SetF'), 0);
    const ex = explain(none, 'SetF');
    assert.equal(ex.value, 0);
    assert.equal(ex.numerator, 0);
    assert.equal(ex.denominator, 0);
    assert.equal(ex.formula, 'SetF = (β+1)·P·R / (β·P + R)');
    assert.equal(ex.arithmetic, 'denominator 0: 0');
  });
});

describe('utility', () => {
  it('is +1 per relevant retrieved and −1 per non-relevant retrieved by default: 2 − 4 = −2 (trec_eval 10.0)', () => {
    assert.equal(fast(Q1, 'Utility'), -2);
  });

  it('weighs the four counts by a, b, c, d; the non-relevant missed come from the collection size N', () => {
    // Relevant retrieved 2, non-relevant retrieved 6 − 2 = 4, relevant missed 4 − 2 = 2, non-relevant
    // missed N + 2 − 6 − 4. With N = 20: 2·2 − 1·4 − 0.5·2 + 0.25·12 = 4 − 4 − 1 + 3 = 2
    // (trec_eval 10.0 -N 20 -m utility.2,-1,-0.5,0.25: 2.0000). Without -N (N = 0) the last count is
    // −8: 4 − 4 − 1 − 2 = −3 (trec_eval 10.0: −3.0000).
    const coefficients = [2, -1, -0.5, 0.25];
    const rc = rankCase(Q1, TREC);
    assert.equal(utility(rc, coefficients, 20), 2);
    assert.equal(utility(rc, coefficients), -3);
    const ex = explainUtility(rc, coefficients, 20, 'Utility(a=2,b=-1,c=-0.5,d=0.25)');
    assert.equal(ex.metric, 'Utility(a=2,b=-1,c=-0.5,d=0.25)');
    assert.equal(ex.value, 2);
    assert.equal(ex.formula, 'Utility = a·relevant retrieved + b·non-relevant retrieved + c·relevant missed + d·non-relevant missed');
    assert.equal(ex.arithmetic, '2·2 + -1·4 + -0.5·2 + 0.25·12 = 2.000');
    assert.equal(ex.numerator, 2);
    assert.equal(ex.denominator, 1);
    assert.deepEqual(ex.terms, []);
    assert.deepEqual(ex.knobs, []);
  });

  it('takes its coefficients from the metric name', () => {
    assert.equal(fast(Q1, 'Utility(a=2,b=-1,c=-0.5,d=0.25)'), -3);
    const ex = explain(Q1, 'Utility(a=2,b=-1,c=-0.5,d=0.25)');
    assert.equal(ex.value, -3);
    assert.equal(ex.arithmetic, '2·2 + -1·4 + -0.5·2 + 0.25·-8 = -3.000');
  });
});

/*
 * Query q2: five relevant r1..r5 (R = 5); run r1 n1 r2 n2 n3 r3 r4 n4 n5 n6 (r5 not retrieved).
 * Precision at the hits: 1/1, 2/3, 3/6 = 0.5, 4/7 ≈ 0.5714. A level x needs round(5x) relevant items,
 * halves rounded up (C's lround): 0.1 → 0.5 → 1, 0.3 → 1.5 → 2, 0.5 → 2.5 → 3, 0.7 → 3.5 → 4, 0.9 → 4.5 → 5.
 * The interpolated precision for n items is the best precision at or after the n-th hit:
 * n = 0, 1: 1; n = 2: 2/3; n = 3, 4: max(3/6, 4/7) = 4/7; n = 5: never reached, 0.
 * trec_eval 10.0 prints iprec_at_recall 0.00..1.00 = 1 1 1 0.6667 0.6667 0.5714 0.5714 0.5714 0.5714 0 0,
 * 11pt_avg 0.6017 and 11pt_avg_0.25,0.5,0.75 0.7143.
 */
const Q2: CaseInput = {
  labels: listLabels(['r1', 'r2', 'r3', 'r4', 'r5']),
  predictions: listPredictions(['r1', 'n1', 'r2', 'n2', 'n3', 'r3', 'r4', 'n4', 'n5', 'n6']),
};

describe('interpolated precision at recall levels (iprec_at_recall)', () => {
  it("gives trec_eval 10.0's values at the eleven standard levels", () => {
    const rc = rankCase(Q2, TREC);
    const got = interpolatedPrecisions(rc, ELEVEN_LEVELS);
    const want = [1, 1, 1, 2 / 3, 2 / 3, 4 / 7, 4 / 7, 4 / 7, 4 / 7, 0, 0];
    want.forEach((w, i) => near(got[i], w, `level ${ELEVEN_LEVELS[i]}`));
  });

  it('gives each level alone the value it has among the eleven', () => {
    // iprec_at_recall.0.1,0.3,0.9 in trec_eval 10.0: 1, 0.6667, 0.
    near(fast(Q2, 'IPrec@0'), 1, 'IPrec@0');
    near(fast(Q2, 'IPrec@0.1'), 1, 'IPrec@0.1');
    near(fast(Q2, 'IPrec@0.3'), 2 / 3, 'IPrec@0.3');
    near(fast(Q2, 'IPrec@0.5'), 4 / 7, 'IPrec@0.5');
    near(fast(Q2, 'IPrec@0.8'), 4 / 7, 'IPrec@0.8');
    assert.equal(fast(Q2, 'IPrec@0.9'), 0);
    assert.equal(fast(Q2, 'IPrec@1'), 0);
  });

  it('answers levels given in any order in the order given', () => {
    const rc = rankCase(Q2, TREC);
    const got = interpolatedPrecisions(rc, [0.5, 0.1, 1, 0.3]);
    [4 / 7, 1, 0, 2 / 3].forEach((w, i) => near(got[i], w, `position ${i}`));
  });

  it('takes the best precision over everything retrieved at level 0, however short the ranking', () => {
    // Run n1 r1 against q2: precision 1/2 at the only hit; level 0 = 0.5; 0.2 (1 item) = 0.5; 0.3 (2 items) = 0
    // (trec_eval 10.0 -m iprec_at_recall.0,0.2,0.3: 0.5000, 0.5000, 0.0000).
    const short: CaseInput = { labels: Q2.labels, predictions: listPredictions(['n1', 'r1']) };
    near(fast(short, 'IPrec@0'), 0.5, 'IPrec@0');
    near(fast(short, 'IPrec@0.2'), 0.5, 'IPrec@0.2');
    assert.equal(fast(short, 'IPrec@0.3'), 0);
  });

  it('explains a level with the number of relevant items it stands for', () => {
    const rc = rankCase(Q2, TREC);
    const ex = explainInterpolatedPrecision(rc, 0.3);
    assert.equal(ex.metric, 'IPrec@0.3');
    near(ex.value, 2 / 3);
    assert.equal(
      ex.formula,
      'IPrec@x = max over ranks i with recall@i ≥ x of P@i (0 when recall x is never reached); x·R rounded to whole items',
    );
    assert.equal(ex.arithmetic, 'R = 5, level 0.3 = 2 relevant items: best precision from there on = 0.667');
    near(ex.numerator, 2 / 3);
    assert.equal(ex.denominator, 1);
    assert.deepEqual(ex.terms, []);
    assert.deepEqual(ex.knobs, []);
    const one = explainInterpolatedPrecision(rc, 0.1);
    assert.equal(one.arithmetic, 'R = 5, level 0.1 = 1 relevant item: best precision from there on = 1.000');
  });

  it('is explained the same way through the metric name', () => {
    const ex = explain(Q2, 'IPrec@0.7');
    assert.equal(ex.metric, 'IPrec@0.7');
    near(ex.value, 4 / 7);
    assert.equal(ex.arithmetic, 'R = 5, level 0.7 = 4 relevant items: best precision from there on = 0.571');
  });
});

describe('11-point interpolated average precision (11pt_avg)', () => {
  it('averages the eleven levels: (3·1 + 2·(2/3) + 4·(4/7) + 2·0) / 11 = 0.6017 (trec_eval 10.0)', () => {
    const mean = (3 + 4 / 3 + 16 / 7) / 11;
    near(fast(Q2, '11ptAvg'), mean, '11ptAvg');
    const ex = explain(Q2, '11ptAvg');
    near(ex.value, mean);
    near(ex.numerator, 3 + 4 / 3 + 16 / 7);
    assert.equal(ex.denominator, 11);
    assert.equal(ex.formula, '11ptAvg = (1/11) Σ_{x ∈ 0, 0.1, …, 1} IPrec@x');
    assert.equal(ex.arithmetic, '(1.000 + 1.000 + 1.000 + 0.667 + 0.667 + 0.571 + 0.571 + 0.571 + 0.571 + 0.000 + 0.000) / 11 = 0.602');
    assert.deepEqual(ex.terms, []);
    assert.deepEqual(ex.knobs, []);
  });

  it('averages other levels when given: 0.25, 0.5, 0.75 → 1, 2 and 4 items → (1 + 4/7 + 4/7) / 3 = 0.7143 (trec_eval 10.0)', () => {
    const rc = rankCase(Q2, TREC);
    near(elevenPointAverage(rc, [0.25, 0.5, 0.75]), (1 + 8 / 7) / 3);
    const ex = explainElevenPointAverage(rc, [0.25, 0.5, 0.75]);
    assert.equal(ex.metric, '11ptAvg');
    near(ex.value, (1 + 8 / 7) / 3);
    assert.equal(ex.denominator, 3);
    assert.equal(ex.formula, '11ptAvg = (1/3) Σ_{x ∈ 0.25, 0.5, 0.75} IPrec@x');
    assert.equal(ex.arithmetic, '(1.000 + 0.571 + 0.571) / 3 = 0.714');
  });
});
