/**
 * The case findings' messages, each written out whole: what they say depends on the convention (the
 * knob named is the one that decides), on the numbers (one prediction or several) and on the data.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const findings = (c: CaseInput, conv: Convention, ...names: string[]) =>
  evaluateCase(c, specs(...(names.length ? names : ['P@1'])), conv).findings;
const messages = (c: CaseInput, conv: Convention, ...names: string[]) => findings(c, conv, ...names).map((f) => `${f.code}: ${f.message}`);

describe('a case with no predictions', () => {
  const missing: CaseInput = { labels: listLabels(['a']), predictions: [] };
  it('says every metric is 0 (emptyPredictions=zero, trec_eval -c) or NaN and left out (emptyPredictions=nan)', () => {
    assert.deepEqual(messages(missing, PRESETS.trec_eval), ['empty-predictions: No predictions: every metric of this case is 0.']);
    assert.deepEqual(messages(missing, { ...PRESETS.trec_eval, emptyPredictions: 'nan' }), [
      'empty-predictions: No predictions: every metric of this case is NaN and left out of the means (emptyPredictions=nan).',
    ]);
  });
});

describe('singleItem=refuse (scikit-learn) on one prediction', () => {
  const one: CaseInput = { labels: gradedLabels({ a: 1 }), predictions: scoredPredictions({ a: 0.5 }) };
  it('names the one refused metric with "is"', () => {
    assert.deepEqual(messages(one, PRESETS.sklearn, 'nDCG@3', 'P@1'), [
      "single-item-row: Only one prediction: scikit-learn's dcg_score and ndcg_score refuse a row of one item, so nDCG@3 is NaN and left out of the means (singleItem=refuse).",
    ]);
  });
  it('says nothing when no DCG or nDCG is computed, when nothing is relevant, or with two predictions', () => {
    assert.deepEqual(messages(one, PRESETS.sklearn, 'P@1', 'AP'), []);
    assert.deepEqual(
      messages({ labels: gradedLabels({ a: 0 }), predictions: scoredPredictions({ a: 0.5 }) }, PRESETS.sklearn, 'nDCG@3').map(
        (m) => m.split(':')[0],
      ),
      ['empty-labels', 'non-positive-grade'],
    );
    assert.deepEqual(
      messages({ labels: gradedLabels({ a: 1 }), predictions: scoredPredictions({ a: 0.5, b: 0.4 }) }, PRESETS.sklearn, 'nDCG@3'),
      [],
    );
  });
});

describe('a cutoff past the predictions', () => {
  it('under min-k-predicted says P divides by the predictions: "the 1 prediction", "the 2 predictions"', () => {
    const conv: Convention = { ...PRESETS.seed000, precisionDenominator: 'min-k-predicted' };
    assert.deepEqual(messages({ labels: listLabels(['a']), predictions: listPredictions(['a']) }, conv, 'P@3'), [
      'k-exceeds-predictions: k = 3 is larger than the 1 prediction: P@3 divides by the 1 prediction instead (precisionDenominator=min-k-predicted).',
    ]);
    assert.deepEqual(messages({ labels: listLabels(['a']), predictions: listPredictions(['a', 'b']) }, conv, 'P@3'), [
      'k-exceeds-predictions: k = 3 is larger than the 2 predictions: P@3 divides by the 2 predictions instead (precisionDenominator=min-k-predicted).',
    ]);
  });
  it('is silent when k equals the number of predictions (P@2 of two)', () => {
    assert.deepEqual(messages({ labels: listLabels(['a']), predictions: listPredictions(['a', 'b']) }, PRESETS.seed000, 'P@2'), []);
  });
});

describe('labels', () => {
  it('a label written twice points at the first, whose grade holds', () => {
    const [f] = findings(
      {
        labels: [
          { id: 'a', grade: 1 },
          { id: 'a', grade: 2 },
        ],
        predictions: listPredictions(['a']),
      },
      PRESETS.seed000,
    );
    assert.equal(f.message, '"a" is labeled twice; the first grade (1) is used and this one is ignored.');
    assert.deepEqual(f.related, [{ part: { kind: 'label', index: 0 }, message: 'first label of this item' }]);
  });

  it('grade 0, and a negative grade with no gain (trec_eval) or a negative gain (negativeGains=signed)', () => {
    const c: CaseInput = { labels: gradedLabels({ a: 1, z: 0, m: -1 }), predictions: listPredictions(['a']) };
    assert.deepEqual(messages(c, PRESETS.trec_eval), [
      'non-positive-grade: "z" has grade 0: judged non-relevant, never a hit and no gain (it counts only as judged: bpref, infAP, Judged@k).',
      'non-positive-grade: "m" has a negative grade (-1): never a hit and no gain; bpref, infAP and Judged@k take it as unjudged (trec_eval\'s reading: in the pool but not judged; scikit-learn refuses negative grades).',
    ]);
    assert.deepEqual(
      findings(c, PRESETS.trec_eval).map((f) => f.severity),
      ['info', 'warning'],
    );
    assert.equal(
      messages(c, PRESETS.sklearn)[1],
      'non-positive-grade: "m" has a negative grade (-1): never a hit, and DCG and nDCG count its gain as negative, in the ranking and at the end of the ideal (negativeGains=signed: scikit-learn\'s dcg_score; its ndcg_score warns and, from 1.4, refuses negative grades).',
    );
  });

  it('says nothing about grade 0 when every listed label is relevant (seed003)', () => {
    assert.deepEqual(messages({ labels: gradedLabels({ a: 1, z: 0 }), predictions: listPredictions(['a']) }, PRESETS.seed003), []);
  });
});

describe('scores', () => {
  it('says where an infinite or NaN score ranks, and that a score ≤ 0 changes nothing', () => {
    const c: CaseInput = {
      labels: listLabels(['a']),
      predictions: [
        { id: 'a', score: 1 },
        { id: 'u', score: Infinity },
        { id: 'l', score: -Infinity },
        { id: 'n', score: NaN },
        { id: 'z', score: 0 },
      ],
    };
    assert.deepEqual(messages(c, PRESETS.seed000), [
      'non-finite-score: The score of "u" is Infinity: it is ranked first.',
      'non-finite-score: The score of "l" is -Infinity: it is ranked last.',
      'non-finite-score: The score of "n" is NaN: it is ranked last.',
      'non-positive-score: The score of "z" is 0; ranking only compares scores, so this changes nothing unless a pipeline drops scores ≤ 0.',
    ]);
  });
  it('flags a single score of 0 alone', () => {
    assert.deepEqual(
      messages({ labels: listLabels(['a']), predictions: scoredPredictions({ a: 1, z: 0 }) }, PRESETS.seed000).map((m) => m.split(':')[0]),
      ['non-positive-score'],
    );
  });
});

describe('repeated predictions', () => {
  it('under duplicates=count says recall can exceed 1', () => {
    assert.deepEqual(messages({ labels: listLabels(['a']), predictions: listPredictions(['a', 'a']) }, PRESETS.mllib), [
      'duplicate-prediction: "a" is predicted again (first at position 1): every occurrence counts as a hit, so recall can exceed 1 (duplicates=count).',
    ]);
  });

  it('counts the repeat of an unjudged item under unjudged=drop: trec_eval -J checks repeats before dropping, and stops', () => {
    const conv: Convention = { ...PRESETS.trec_eval, unjudged: 'drop' };
    const c: CaseInput = { labels: listLabels(['a']), predictions: listPredictions(['a', 'u', 'u']) };
    const r = evaluateCase(c, specs('P@1'), conv);
    assert.deepEqual(
      r.findings.map((f) => [f.code, f.severity]),
      [['duplicate-prediction', 'error']],
    );
    assert.deepStrictEqual(r.values, [NaN], 'the case is refused (duplicates=error)');
  });
});

describe('score ties', () => {
  it('reads the first grade of an item labeled twice: a (1, then 0) ties with unlabeled b, so they differ', () => {
    const c: CaseInput = {
      labels: [
        { id: 'a', grade: 1 },
        { id: 'a', grade: 0 },
      ],
      predictions: scoredPredictions({ a: 0.5, b: 0.5 }),
    };
    assert.deepEqual(
      findings(c, PRESETS.seed000).map((f) => f.code),
      ['duplicate-label', 'score-ties'],
    );
  });

  it('tells grades 1 and 2 apart, and lists at most five ids, sorted, then "…"', () => {
    const five: CaseInput = {
      labels: gradedLabels({ e: 1, d: 2 }),
      predictions: scoredPredictions({ e: 0.5, d: 0.5, c: 0.5, b: 0.5, a: 0.5 }),
    };
    assert.deepEqual(messages(five, PRESETS.seed000), [
      'score-ties: 5 items share the score 0.5 but differ in grade ("a", "b", "c", "d", "e"): they keep the order written (ties=input); another tie rule gives other values.',
    ]);
    const six: CaseInput = {
      labels: gradedLabels({ f: 1, e: 2 }),
      predictions: scoredPredictions({ f: 0.5, e: 0.5, d: 0.5, c: 0.5, b: 0.5, a: 0.5 }),
    };
    assert.deepEqual(messages(six, PRESETS.seed000), [
      'score-ties: 6 items share the score 0.5 but differ in grade ("a", "b", "c", "d", "e", …): they keep the order written (ties=input); another tie rule gives other values.',
    ]);
    const graded: CaseInput = { labels: gradedLabels({ a: 1, b: 2 }), predictions: scoredPredictions({ a: 0.5, b: 0.5 }) };
    assert.deepEqual(
      findings(graded, PRESETS.seed000).map((f) => f.code),
      ['score-ties'],
    );
  });

  it('ignores a tie of infinite scores and items that stand alone', () => {
    const c: CaseInput = {
      labels: listLabels(['a']),
      predictions: [
        { id: 'a', score: Infinity },
        { id: 'b', score: Infinity },
        { id: 'c', score: 0.5 },
      ],
    };
    assert.deepEqual(
      findings(c, PRESETS.seed000).map((f) => f.code),
      ['non-finite-score', 'non-finite-score'],
    );
  });
});
