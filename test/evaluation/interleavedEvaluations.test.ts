/**
 * Two fixture evaluations that interleave case by case, each pass with a scratch of its own, give
 * what each gives alone (evaluateDocument), and the numbers written out here:
 *   ONE (trec_eval: linear gains, log₂ discount, the labels' ideal, AP over R):
 *     q1: ranked x, a(2), y, b(1), c(1) unretrieved: P@2 1/2, AP (1/2 + 2/4)/3 = 1/3,
 *         nDCG@3 (2/log₂3) / (2 + 1/log₂3 + 1/2) = 0.4030302838010049, IPrec@0.5 1/2
 *     q2: p, q against p: P@2 1/2, AP 1, nDCG@3 1, IPrec@0.5 1
 *     q3: n, o, m, r, s against m, n: P@2 1/2, AP (1 + 2/3)/2 = 5/6, nDCG@3 1.5 / (1 + 1/log₂3) = 0.9197207891481876, IPrec@0.5 1
 *   TWO (seed000: gains 2^g − 1, ln discount, the top k's ideal, AP over the hits):
 *     u1: e(1), f, d(3): P@2 1/2, AP (1 + 2/3)/2 = 5/6, RR 1, nDCG@3 (1/ln 2 + 7/ln 4) / (7/ln 2 + 1/ln 3) = 0.5897053367440439
 *     u2: h, i, j, g(1): P@2 0, AP 1/4, RR 1/4, nDCG@3 0 (nothing relevant in the top 3)
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateCaseNode, evaluationScratch } from '../../shared/evaluation/caseEvaluation';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { fixtureSettings } from '../../shared/evaluation/fixtureSettings';
import { FixtureNode } from '../../shared/fixture/model/model';
import { parseFixture } from '../../shared/fixture/parse';

const ONE = `{
  "convention": "trec_eval",
  "metrics": ["P@2", "AP", "nDCG@3", "IPrec@0.5"],
  "cases": {
    "q1": {"labels": {"a": 2, "b": 1, "c": 1}, "predictions": {"x": 0.9, "a": 0.8, "y": 0.7, "b": 0.6}},
    "q2": {"labels": ["p"], "predictions": ["p", "q"]},
    "q3": {"labels": ["m", "n"], "predictions": ["n", "o", "m", "r", "s"]}
  }
}`;
const TWO = `convention: seed000
metrics: [P@2, AP, nDCG@3, RR]
cases:
  u1: {labels: {d: 3, e: 1}, predictions: [e, f, d]}
  u2: {labels: [g], predictions: [h, i, j, g]}
`;

const ONE_VALUES = [
  [0.5, 1 / 3, 0.4030302838010049, 0.5],
  [0.5, 1, 1, 1],
  [0.5, 0.8333333333333333, 0.9197207891481876, 1],
];
const TWO_VALUES = [
  [0.5, 0.8333333333333333, 1, 0.5897053367440439],
  [0, 0.25, 0.25, 0],
];

const fixtureOf = (text: string, language: 'json' | 'yaml'): FixtureNode => parseFixture(text, language).fixtures[0];

describe('two fixture evaluations interleaved', () => {
  it('alone, each gives the values written out above', () => {
    assert.deepEqual(
      evaluateDocument(parseFixture(ONE, 'json')).fixtures[0].cases.map((c) => c.values),
      ONE_VALUES,
    );
    assert.deepEqual(
      evaluateDocument(parseFixture(TWO, 'yaml')).fixtures[0].cases.map((c) => c.values),
      TWO_VALUES,
    );
  });

  it('case by case in turn, each pass in its own scratch, give the same', () => {
    const passes = [fixtureOf(ONE, 'json'), fixtureOf(TWO, 'yaml')].map((fixture) => ({
      fixture,
      settings: fixtureSettings(fixture),
      scratch: evaluationScratch(),
      values: [] as number[][],
    }));
    for (let i = 0; i < 3; i++) {
      for (const p of passes) {
        const node = p.fixture.cases[i];
        if (!node) continue;
        const { specs, names, convention } = p.settings;
        p.values.push(evaluateCaseNode(node, specs, names, convention.convention, false, p.scratch).evaluation.values);
      }
    }
    assert.deepEqual(
      passes.map((p) => p.values),
      [ONE_VALUES, TWO_VALUES],
    );
  });

  it("a whole evaluation run between two cases of another leaves the other's values alone", () => {
    const fixture = fixtureOf(ONE, 'json');
    const { specs, names, convention } = fixtureSettings(fixture);
    const scratch = evaluationScratch();
    const values = fixture.cases.map((node) => {
      const one = evaluateCaseNode(node, specs, names, convention.convention, false, scratch).evaluation.values;
      assert.deepEqual(
        evaluateDocument(parseFixture(TWO, 'yaml')).fixtures[0].cases.map((c) => c.values),
        TWO_VALUES,
      );
      return one;
    });
    assert.deepEqual(values, ONE_VALUES);
  });
});
