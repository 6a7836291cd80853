/**
 * The measures for incomplete judgements, written out term by term: bpref, infAP, Judged@k and
 * Unjudged@k. Unlabeled items are outside the pool; a label with a negative grade is in the pool but
 * unjudged. Every value was checked against trec_eval 10.0 (-q -m bpref -m infAP -m unj.4,10).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { bpref, explainBpref } from '../../shared/core/metrics/bpref';
import { explainInfAP, infAP } from '../../shared/core/metrics/infAP';
import { explainJudgedShare, judgedShare, unjudgedShare } from '../../shared/core/metrics/cutoffFractions';
import { judgedNonrelevantLabels } from '../../shared/core/metrics/judgements';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { rankCase } from '../../shared/core/ranking';
import { gradedLabels, listPredictions } from '../helpers/caseBuilders';

const trec = PRESETS.trec_eval;
const EPS = 0.00001;
const spec = (name: string) => parseMetricSpec(name).spec!;
const value = (input: CaseInput, name: string) => metricValue(rankCase(input, trec), spec(name), trec);
const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-12, `${what}: ${actual}, expected ${expected}`);

// R = 3 (a, c, e), N = 1 (b); x unlabeled (outside the pool), d = −1 (pooled, unjudged). Ranked a x b d c e.
const POOLED: CaseInput = {
  labels: gradedLabels({ a: 1, b: 0, c: 1, d: -1, e: 1 }),
  predictions: listPredictions(['a', 'x', 'b', 'd', 'c', 'e']),
};
// R = 2 (a, d), N = 1 (b); ranked a b d.
const ONE_NONREL: CaseInput = { labels: gradedLabels({ a: 1, b: 0, d: 1 }), predictions: listPredictions(['a', 'b', 'd']) };
// R = 2, N = 0: no judged non-relevant label at all; ranked a x c.
const NO_NONREL: CaseInput = { labels: gradedLabels({ a: 1, c: 1 }), predictions: listPredictions(['a', 'x', 'c']) };
// R = 1, N = 2; ranked n1 a n2.
const TWO_NONREL: CaseInput = { labels: gradedLabels({ n1: 0, n2: 0, a: 1 }), predictions: listPredictions(['n1', 'a', 'n2']) };
// Nothing relevant: N = 1.
const NOTHING: CaseInput = { labels: gradedLabels({ b: 0 }), predictions: listPredictions(['b']) };

describe('bpref divides the judged non-relevant above each hit by min(N, R)', () => {
  it('R = 2, N = 1: 1 − min(1, 2)/min(1, 2) = 0 for d, so (1 + 0)/2 = 0.5 (trec_eval 10.0: 0.5000)', () => {
    assert.equal(value(ONE_NONREL, 'Bpref'), 0.5);
    assert.equal(judgedNonrelevantLabels(rankCase(ONE_NONREL, trec), 0), 1, 'N counts b only, not the relevant a and d');
  });

  it('R = 1, N = 2: the one non-relevant above a counts min(1, 1)/min(2, 1) = 1, so bpref = 0 (trec_eval 10.0: 0.0000)', () => {
    assert.equal(value(TWO_NONREL, 'Bpref'), 0);
  });

  it('N = 0: every hit has no non-relevant above and scores 1: (1 + 1)/2 = 1 (trec_eval 10.0: 1.0000)', () => {
    assert.equal(value(NO_NONREL, 'Bpref'), 1);
  });

  it('skips unjudged items: x and d above c are not counted, so c has n = 1 (b): (1 + 0 + 0)/3 = 1/3 (trec_eval 10.0: 0.3333)', () => {
    assert.equal(value(POOLED, 'Bpref'), 1 / 3);
  });

  it('is 0, not 0/0, called directly on a case with nothing relevant', () => {
    assert.equal(bpref(rankCase(NOTHING, trec), 0), 0);
  });
});

describe('bpref explained', () => {
  it('lists one term per hit, no knob, and the arithmetic with N and R', () => {
    const ex = explainBpref(rankCase(POOLED, trec), 0);
    assert.equal(ex.metric, 'Bpref');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.relevant, t.contribution]),
      [
        [1, 'a', true, 1],
        [5, 'c', true, 0],
        [6, 'e', true, 0],
      ],
    );
    assert.deepEqual([ex.numerator, ex.denominator, ex.knobs], [1, 3, []]);
    assert.equal(ex.arithmetic, 'N = 1 judged non-relevant, R = 3: (1.000 + 0.000 + 0.000) / 3 = 0.333');
    assert.equal(ex.note, undefined);
  });

  it('gmBpref carries the note on its geometric mean; bpref does not', () => {
    const ex = explainCase(ONE_NONREL, spec('gmBpref'), trec);
    assert.equal(ex.value, 0.5);
    assert.equal(ex.note, 'the run figure is the geometric mean over cases, each value floored at 0.00001');
  });

  it('with nothing relevant: no term, (0) / 0 and value 0', () => {
    const ex = explainBpref(rankCase(NOTHING, trec), 0);
    assert.equal(ex.value, 0);
    assert.equal(ex.arithmetic, 'N = 1 judged non-relevant, R = 0: (0) / 0 = 0.000');
  });
});

describe('infAP estimates the precision above each hit from the judged items', () => {
  /*
   * POOLED, 0-based rank j; pooled above counts judged and pooled-unjudged items, not x:
   *   a (j=0): 1
   *   c (j=4): 1/5 + (4/5)·((1 + 1 + 1)/4)·((1 + ε)/(1 + 1 + 2ε)) = 0.2 + 0.3 = 0.5
   *   e (j=5): 1/6 + (5/6)·((2 + 1 + 1)/5)·((2 + ε)/(2 + 1 + 2ε)) = 0.611110
   *   infAP = (1 + 0.5 + 0.611110)/3 = 0.7037 (trec_eval 10.0: 0.7037)
   */
  const c = 1 / 5 + (4 / 5) * (3 / 4) * ((1 + EPS) / (2 + 2 * EPS));
  const e = 1 / 6 + (5 / 6) * (4 / 5) * ((2 + EPS) / (3 + 2 * EPS));

  it('counts the pooled-unjudged d but not the unlabeled x above c and e', () => {
    near(value(POOLED, 'infAP'), (1 + c + e) / 3, 'infAP');
    assert.equal(value(POOLED, 'infAP').toFixed(4), '0.7037');
  });

  it('one non-relevant above the only hit: 1/2 + (1/2)·(1/1)·(ε/(1 + 2ε)) = 0.500005 (trec_eval 10.0: 0.5000)', () => {
    near(value(TWO_NONREL, 'infAP'), 1 / 2 + (1 / 2) * (EPS / (1 + 2 * EPS)), 'infAP');
  });

  it('is 0, not 0/0, called directly on a case with nothing relevant', () => {
    assert.equal(infAP(rankCase(NOTHING, trec)), 0);
  });

  it("explains each hit's expected precision", () => {
    const ex = explainInfAP(rankCase(POOLED, trec));
    assert.equal(ex.metric, 'infAP');
    assert.match(ex.formula, /^infAP = \(1\/R\) Σ_\{relevant at rank k\}/);
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.relevant]),
      [
        [1, 'a', true],
        [5, 'c', true],
        [6, 'e', true],
      ],
    );
    near(ex.terms[1].contribution!, c, 'term of c');
    near(ex.numerator, 1 + c + e, 'numerator');
    assert.deepEqual([ex.denominator, ex.knobs], [3, []]);
    assert.equal(ex.arithmetic, '(1.000 + 0.500 + 0.611) / 3 = 0.704');
  });

  it('explains a case with nothing relevant as (0) / 0 = 0', () => {
    const ex = explainInfAP(rankCase(NOTHING, trec));
    assert.deepEqual([ex.value, ex.terms, ex.arithmetic], [0, [], '(0) / 0 = 0.000']);
  });
});

describe('Judged@k and Unjudged@k', () => {
  // POOLED's top 4: a x b d; judged: a, b. Unjudged: x (unlabeled), d (grade −1).
  it('Judged@4 = 2/4, Unjudged@4 = 2/4, Unjudged@10 = 2/10: missing ranks count as judged (trec_eval 10.0 unj_4 0.5000, unj_10 0.2000)', () => {
    assert.deepEqual([value(POOLED, 'Judged@4'), value(POOLED, 'Unjudged@4'), value(POOLED, 'Unjudged@10')], [0.5, 0.5, 0.2]);
  });

  it('explains Judged@4 with the judged ranks, relevant or not', () => {
    const ex = explainCase(POOLED, spec('Judged@4'), trec);
    assert.equal(ex.formula, 'Judged@k = |judged ∩ top k| / k (judged: labeled with a grade ≥ 0)');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.relevant]),
      [
        [1, 'a', true],
        [3, 'b', false],
      ],
    );
    assert.deepEqual([ex.numerator, ex.denominator, ex.knobs, ex.arithmetic], [2, 4, [], '2 / 4 = 0.500']);
  });

  it('explains Unjudged@4 with the unjudged ranks', () => {
    const ex = explainJudgedShare(rankCase(POOLED, trec), 4, false, 'Unjudged@4');
    assert.equal(ex.formula, 'Unjudged@k = |unjudged ∩ top k| / k (missing ranks count as judged)');
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.relevant]),
      [
        [2, 'x', false],
        [4, 'd', false],
      ],
    );
  });

  it('with no cutoff and no prediction, both are 0 over a denominator of 0', () => {
    const empty = rankCase({ labels: gradedLabels({ a: 1 }), predictions: [] }, trec);
    assert.deepEqual([judgedShare(empty, null), unjudgedShare(empty, null)], [0, 0]);
    const ex = explainJudgedShare(empty, null, true, 'Judged');
    assert.deepEqual([ex.value, ex.denominator, ex.arithmetic], [0, 0, 'denominator 0: 0']);
  });
});
