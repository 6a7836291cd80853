/**
 * The hovers on a case, a predicted item, a label and an expect entry, each written out whole.
 *
 * q1 under trec_eval: x 0.9, a 0.8 (grade 2), c 0.7 (0), b 0.6 (1); z (1) is never retrieved, so R = 3.
 * P@1 = 0, P@3 = 1/3, AP = (1/2 + 2/4) / 3 = 0.333. nDCG@3: DCG = 2/log₂3 = 1.262, IDCG = 2 + 1/log₂3 + 1/2
 * = 3.131, so 0.403. q2 has only a grade-0 label: every value is fixed at 0 (emptyLabels=zero).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { caseHover, expectHover, labelHover, predictionHover } from '../../shared/text/hoverText';
import { evaluated } from '../helpers/evaluatedFixture';

const SCORED = evaluated(`{"k": [1, 3], "convention": "trec_eval", "metrics": ["P", "AP", "nDCG@3"], "cases": {
  "q1": {"labels": {"a": 2, "b": 1, "c": 0, "z": 1}, "predictions": {"x": 0.9, "a": 0.8, "c": 0.7, "b": 0.6},
         "expect": {"P@3": 0.333, "AP": 0.5, "RR": 1, "P@1": null}},
  "q2": {"labels": {"a": 0}, "predictions": ["a"]}
}}`).fe;

// seed003: every listed label is relevant; the second "a" is a repeat (duplicates=first).
const LISTED = evaluated(`{"k": [2], "convention": "seed003", "metrics": ["P", "nDCG@2"], "cases": {
  "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "a"], "expect": {"nope@3": 1, "P@2": 0.5}}
}}`).fe;

describe('the case hover', () => {
  it("gives each formula once, true of every cutoff it is shown at (k, and which k), then each metric's arithmetic", () => {
    assert.equal(
      caseHover(SCORED, 0),
      [
        '**Case `q1`** · convention `trec_eval` · 3 relevant · 4 predicted',
        '`P@k = |relevant ∩ top k| / k` · k = 1, 3\n\n- P@1 = `0 / 1 = 0.000`\n- P@3 = `1 / 3 = 0.333`',
        '`AP = Σᵢ P@i · rel(i) / D,  i = 1..n (every ranked item),  D = all relevant labels`\n\n- AP = `(1/2 + 2/4) / 3 = 0.333`',
        '`nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k` · k = 3\n\n- nDCG@3 = `1.262 / 3.131 = 0.403`',
        '*The lens above the case opens the full breakdown: every term, knob and preset.*',
      ].join('\n\n'),
    );
  });

  it('says once why every value is fixed when nothing is relevant', () => {
    assert.equal(
      caseHover(SCORED, 1),
      '**Case `q2`** · convention `trec_eval` · 0 relevant · 1 predicted\n\n' +
        'Every metric is 0.000: no relevant label: 0, counted in the means (emptyLabels=zero).',
    );
  });
});

describe('the hover on a predicted item', () => {
  const table = (rows: string[]) => `| metric | adds | how |\n|---|---:|---|\n${rows.join('\n')}`;
  it('a at rank 2: relevant, grade 2, discount 1/log₂3 = 0.631, and what it adds', () => {
    assert.equal(
      predictionHover(SCORED, 0, 1),
      '**`a`** · rank 2 (score 0.8, ranked by score, ties=id-desc) · relevant · grade 2 · gain 2.000 · discount 0.631\n\n' +
        table([
          '| P@1 | 0.000 | outside the top 1 |',
          '| P@3 | 0.333 | 1 hit / 3 |',
          '| AP | 0.167 | P@2 = 0.500, / D = 3 |',
          '| nDCG@3 | 0.403 | 2.000 · 0.631 / IDCG 3.131 |',
        ]),
    );
  });

  it('x unlabeled and c labeled 0 are both not relevant, said differently', () => {
    assert.match(
      predictionHover(SCORED, 0, 0),
      /^\*\*`x`\*\* · rank 1 \(score 0\.9, ranked by score, ties=id-desc\) · not relevant \(not labeled\) · grade 0 · gain 0\.000 · discount 1\.000\n\n/,
    );
    assert.match(
      predictionHover(SCORED, 0, 2),
      /^\*\*`c`\*\* · rank 3 \(score 0\.7, ranked by score, ties=id-desc\) · not relevant · grade 0 · gain 0\.000 · discount 0\.500\n\n/,
    );
  });

  it('a plain list shows no score, and a repeat is not ranked', () => {
    assert.equal(
      predictionHover(LISTED, 0, 0),
      '**`a`** · rank 1 · relevant · grade 1 · gain 1.000 · discount 1.000\n\n' +
        table(['| P@2 | 0.500 | 1 hit / 2 |', '| nDCG@2 | 0.613 | 1.000 · 1.000 / IDCG 1.631 |']),
    );
    assert.equal(
      predictionHover(LISTED, 0, 2),
      '**`a`** is not ranked: it is predicted earlier in this case and duplicates=first keeps only the first.',
    );
  });

  it('writes — for what F1 adds, since F1 is no sum over items', () => {
    const f1 = evaluated(
      '{"k": [1], "convention": "trec_eval", "metrics": ["F1"], "cases": {"q": {"labels": ["a"], "predictions": ["a"]}}}',
    ).fe;
    assert.match(predictionHover(f1, 0, 0), /\n\| F1@1 \| — \| a hit: counts in both P and R \|$/);
  });
});

describe('the hover on a label', () => {
  it('says where it was retrieved, inside and outside which cutoffs', () => {
    assert.equal(
      labelHover(SCORED, 0, 0),
      '**`a`** · grade 2 · relevant (relevant when the grade exceeds 0) · gain 2.000\n\nRetrieved at rank 2: inside the top 3; outside the top 1.',
    );
    assert.equal(
      labelHover(SCORED, 0, 1),
      '**`b`** · grade 1 · relevant (relevant when the grade exceeds 0) · gain 1.000\n\nRetrieved at rank 4: outside the top 1, 3.',
    );
    assert.equal(
      labelHover(SCORED, 0, 2),
      '**`c`** · grade 0 · not relevant (relevant when the grade exceeds 0) · gain 0.000\n\nRetrieved at rank 3: inside the top 3; outside the top 1.',
    );
    assert.equal(
      labelHover(LISTED, 0, 0),
      '**`a`** · grade 1 · relevant (every listed label is relevant) · gain 1.000\n\nRetrieved at rank 1: inside the top 2.',
    );
  });

  it('a relevant label never retrieved counts against every denominator of relevant labels; a grade-0 one only against recall', () => {
    assert.equal(
      labelHover(SCORED, 0, 3),
      '**`z`** · grade 1 · relevant (relevant when the grade exceeds 0) · gain 1.000\n\nNever retrieved: it counts against recall and every denominator that counts relevant labels.',
    );
    const zero = evaluated('{"k": [1], "convention": "trec_eval", "cases": {"q": {"labels": {"a": 1, "n": 0}, "predictions": ["a"]}}}').fe;
    assert.equal(
      labelHover(zero, 0, 1),
      '**`n`** · grade 0 · not relevant (relevant when the grade exceeds 0) · gain 0.000\n\nNever retrieved: it counts against recall.',
    );
  });

  it('a NaN grade is not relevant even when every listed label is', () => {
    const nan = evaluated('k: [2]\nconvention: seed003\ncases:\n  q:\n    labels: {a: .nan, b: 1}\n    predictions: [a, b]\n', 'yaml').fe;
    assert.equal(
      labelHover(nan, 0, 0),
      '**`a`** · grade NaN · not relevant (every listed label is relevant) · gain 0.000\n\nRetrieved at rank 1: inside the top 2.',
    );
  });
});

describe('the hover on an expect entry', () => {
  it('compares expected and computed with the tolerance, then names the presets that differ (P@3 is 2/3 where every label counts)', () => {
    assert.equal(
      expectHover(SCORED, 0, 0),
      [
        '**P@3** · expected `0.333` · computed `0.3333` · ✓ matches, within ±0.0005 (3 decimals written) (convention `trec_eval`)',
        '`P@k = |relevant ∩ top k| / k`\n\nP@3 = `1 / 3 = 0.333`',
        'Other presets give 0.667 mllib, seed003, lenskit, recommenders.',
      ].join('\n\n'),
    );
  });

  it('leaves how a mismatch differs to its finding (an editor shows both), and says when every preset agrees', () => {
    assert.match(expectHover(SCORED, 0, 1), /^\*\*AP\*\* · expected `0\.5` · computed `0\.3333` \(convention `trec_eval`\)\n\n/);
    assert.equal(
      expectHover(SCORED, 0, 3),
      '**P@1** · expected `NaN (null)` · computed `0.0000` (convention `trec_eval`)\n\n' +
        '`P@k = |relevant ∩ top k| / k`\n\nP@1 = `0 / 1 = 0.000`\n\nEvery preset gives the same value.',
    );
  });

  it('says nothing when the fixture does not compute the metric or does not know it: its finding says so', () => {
    assert.equal(expectHover(SCORED, 0, 2), '');
    assert.equal(expectHover(LISTED, 0, 0), '');
  });
});
