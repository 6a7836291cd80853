/**
 * The long views behind the editor commands: one case's breakdown (values with the presets that differ,
 * then every explanation) and a document's means with the presets that differ. u1 predicts x then a, against {a}: P@3 = 1/3, RR = 1/2;
 * LensKit divides P by the 2 predicted, 0.5.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { caseBreakdown, conventionComparison } from '../../shared/text/breakdown';
import { evaluated } from '../helpers/evaluatedFixture';

const LEGEND = 'Other presets: only those that give another value, grouped by value (— where every preset agrees).';
const HEAD = (current: string) => `| metric | ${current} | other presets |\n|---|---:|---|`;
const ONE = evaluated('k: [3]\nmetrics: [P, RR]\ncases:\n  u1:\n    labels: [a]\n    predictions: [x, a]\n', 'yaml').evaluation;

describe("a case's breakdown", () => {
  it('gives the values with the presets that differ first, then explains each metric (trec_eval, the default)', () => {
    assert.equal(
      caseBreakdown(ONE, 0, 0),
      [
        '# Case `u1`',
        'Convention `trec_eval` · cutoffs 3 · 1 label, 1 relevant · 2 predicted',
        LEGEND,
        `${HEAD('trec\\_eval')}\n| P@3 | 0.333 | 0.500 lenskit |\n| RR | 0.500 | — |`,
        '## P@3',
        '**P@3 = 0.333**',
        '`P@k = |relevant ∩ top k| / k`',
        'Hits:\n\n| rank | item | grade | hit |\n|---:|---|---:|---:|\n| 2 | a | 1 | ✓ |',
        '*precisionDenominator = k*: divides by k = 3 although only 2 items are predicted',
        '`1 / 3 = 0.333`',
        '## RR',
        '**RR = 0.500**',
        '`RR = 1 / rank of the first relevant item (0 if none)`',
        'Hits:\n\n| rank | item | grade | 1/rank |\n|---:|---|---:|---:|\n| 2 | a | 1 | 0.500 |',
        '`1 / 2 = 0.500`',
      ].join('\n\n') + '\n',
    );
  });

  it("names the fixture in a file of several, and gives a fixed value's reason instead of terms", () => {
    const two = evaluated(
      'k: [1]\nmetrics: [P]\ncases:\n  u1:\n    labels: [a]\n    predictions: [a]\n---\nk: [1]\nmetrics: [P]\nconvention: {preset: trec_eval, ties: input}\ncases:\n  v:\n    labels: []\n    predictions: [a, b]\n',
      'yaml',
    ).evaluation;
    assert.equal(
      caseBreakdown(two, 1, 0),
      [
        '# Case `v` (fixture 2)',
        'Convention `trec_eval + ties=input` · cutoffs 1 · 0 labels, 0 relevant · 2 predicted',
        LEGEND,
        // No labels: 0 under trec_eval's emptyLabels=zero, NaN where emptyLabels=nan.
        `${HEAD('trec\\_eval + 1 knob')}\n| P@1 | 0.000 | NaN seed000, seed003, lenskit, recommenders |`,
        '## P@1',
        '**P@1 = 0.000**',
        'no relevant label: 0, counted in the means (emptyLabels=zero)',
      ].join('\n\n') + '\n',
    );
  });
});

describe('conventions compared over a document', () => {
  it("gives each fixture's means under its own convention, NaN cases counted, then the presets that differ", () => {
    const doc = evaluated(
      'k: [1]\nmetrics: [P]\nconvention: seed000\ncases:\n  u1:\n    labels: [a]\n    predictions: [a]\n  u2:\n    labels: []\n    predictions: [a]\n---\nk: [1]\nmetrics: [P]\ncases:\n  v:\n    labels: [a]\n    predictions: [b]\n',
      'yaml',
    ).evaluation;
    assert.equal(
      conventionComparison(doc, 'u*.rank.yaml'),
      [
        '# Conventions compared: u\\*.rank.yaml',
        '## 2 cases (fixture 1)',
        // u2 has no labels: left out under seed000 (mean 1/1), 0 and counted where emptyLabels=zero (mean 1/2).
        "Means under this fixture's convention `seed000`, over 1 of 2 cases (1 NaN left out).",
        LEGEND,
        `${HEAD('seed000')}\n| P@1 | 1.000 | 0.500 trec\\_eval, ranx, mllib, sklearn, torchmetrics |`,
        '## 1 case (fixture 2)',
        "Means under this fixture's convention `trec_eval`, over 1 case.",
        LEGEND,
        `${HEAD('trec\\_eval')}\n| P@1 | 0.000 | — |`,
      ].join('\n\n') + '\n',
    );
  });

  it('compares the presets on the cases the fixture evaluates: a case an error broke is in no mean', () => {
    // u2's predictions are misspelled: the means are u1's alone (P@1 = 1 under every preset), not (1 + 0) / 2.
    const doc = evaluated(
      'k: [1]\nmetrics: [P]\ncases:\n  u1: {labels: [a], predictions: [a]}\n  u2: {labels: [a], predicitons: [a]}\n',
      'yaml',
    ).evaluation;
    assert.ok(
      conventionComparison(doc, 't').includes("Means under this fixture's convention `trec_eval`, over 1 of 2 cases (1 NaN left out).\n\n"),
    );
    assert.ok(conventionComparison(doc, 't').includes('| P@1 | 1.000 | — |'), conventionComparison(doc, 't'));
    assert.equal(
      caseBreakdown(doc, 0, 1),
      "# Case `u2`\n\nNot evaluated: its predictions key is misspelled. Fix the error to see this case's values.\n",
    );
  });

  it('says so for a file with no fixture', () => {
    assert.equal(
      conventionComparison(evaluated('', 'yaml').evaluation, 'empty'),
      '# Conventions compared: empty\n\nNo fixture in this file.\n',
    );
  });
});
