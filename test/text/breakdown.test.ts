/**
 * The long views behind the editor commands: one case's breakdown (values, every explanation, every
 * preset) and a document's means per preset. u1 predicts x then a, against {a}: P@3 = 1/3, RR = 1/2;
 * LensKit divides P by the 2 predicted, 0.5.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { caseBreakdown, conventionComparison } from '../../shared/text/breakdown';
import { evaluated } from '../helpers/evaluatedFixture';

const PRESET_HEAD = (current: string) =>
  `| metric | ${['default', 'trec_eval', 'ranx', 'mllib', 'sklearn', 'torchmetrics', 'seed003', 'lenskit', 'recommenders']
    .map((p) => (p === current ? `**${p}**` : p))
    .join(' | ')} |\n|---|---:|---:|---:|---:|---:|---:|---:|---:|---:|`;
const ONE = evaluated('k: [3]\nmetrics: [P, RR]\ncases:\n  u1:\n    labels: [a]\n    predictions: [x, a]\n', 'yaml').evaluation;

describe("a case's breakdown", () => {
  it('lists the values, explains each metric, then compares every preset', () => {
    assert.equal(
      caseBreakdown(ONE, 0, 0),
      [
        '# Case `u1`',
        'Convention `default` · cutoffs 3 · 1 label, 1 relevant · 2 predicted',
        '| metric | value |\n|---|---:|\n| P@3 | 0.333 |\n| RR | 0.500 |',
        '## P@3',
        '**P@3 = 0.333**',
        '`P@k = |relevant ∩ top k| / k`',
        'Hits:\n\n| rank | item | grade | hit |\n|---:|---|---:|---:|\n| 2 | a | 1 | ✓ |',
        '*precisionDenominator = k*: divides by k = 3 although only 2 items are predicted',
        '`1 / 3 = 0.333`',
        '## RR',
        '**RR = 0.500**',
        '`RR@k = 1 / rank of the first relevant item among ranks 1..all (0 if none)`',
        'Hits:\n\n| rank | item | grade | 1/rank |\n|---:|---|---:|---:|\n| 2 | a | 1 | 0.500 |',
        '`1 / 2 = 0.500`',
        '## Every preset',
        `${PRESET_HEAD('default')}\n| ≠ P@3 | 0.333 | 0.333 | 0.333 | 0.333 | 0.333 | 0.333 | 0.333 | 0.500 | 0.333 |\n| RR | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 |`,
      ].join('\n\n') + '\n',
    );
  });

  it("names the fixture in a file of several, and gives a fixed value's reason instead of terms", () => {
    const two = evaluated(
      'k: [1]\nmetrics: [P]\ncases:\n  u1:\n    labels: [a]\n    predictions: [a]\n---\nk: [1]\nmetrics: [P]\nconvention: trec_eval\ncases:\n  v:\n    labels: []\n    predictions: [a, b]\n',
      'yaml',
    ).evaluation;
    assert.equal(
      caseBreakdown(two, 1, 0),
      [
        '# Case `v` (fixture 2)',
        'Convention `trec_eval` · cutoffs 1 · 0 labels, 0 relevant · 2 predicted',
        '| metric | value |\n|---|---:|\n| P@1 | 0.000 |',
        '## P@1',
        '**P@1 = 0.000**',
        'no relevant label: 0, counted in the means (emptyLabels=zero)',
        '## Every preset',
        `${PRESET_HEAD('trec_eval')}\n| ≠ P@1 | NaN | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | NaN | NaN | NaN |`,
      ].join('\n\n') + '\n',
    );
  });
});

describe('conventions compared over a document', () => {
  it("gives each fixture's means under its own convention, NaN cases counted, then every preset", () => {
    const doc = evaluated(
      'k: [1]\nmetrics: [P]\ncases:\n  u1:\n    labels: [a]\n    predictions: [a]\n  u2:\n    labels: []\n    predictions: [a]\n---\nk: [1]\nmetrics: [P]\nconvention: trec_eval\ncases:\n  v:\n    labels: [a]\n    predictions: [b]\n',
      'yaml',
    ).evaluation;
    assert.equal(
      conventionComparison(doc, 'u*.rank.yaml'),
      [
        '# Conventions compared: u\\*.rank.yaml',
        '## 2 cases (fixture 1)',
        "Under this fixture's convention `default` (1 NaN left out): P@1 1.000",
        `${PRESET_HEAD('default')}\n| ≠ P@1 | 1.000 | 0.500 | 0.500 | 0.500 | 0.500 | 0.500 | 1.000 | 1.000 | 1.000 |`,
        '## 1 case (fixture 2)',
        "Under this fixture's convention `trec_eval`: P@1 0.000",
        `${PRESET_HEAD('trec_eval')}\n| P@1 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 | 0.000 |`,
      ].join('\n\n') + '\n',
    );
  });

  it('says so for a file with no fixture', () => {
    assert.equal(
      conventionComparison(evaluated('', 'yaml').evaluation, 'empty'),
      '# Conventions compared: empty\n\nNo fixture in this file.\n',
    );
  });
});
