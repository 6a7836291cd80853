/**
 * The server evaluates through a per-case cache; its results must equal evaluateDocument's, on the
 * first pass and after edits, findings across cases (mixed id types, repeated case ids) included.
 */
// @ts-nocheck

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EvaluationCache, evaluateDocumentCached } from '../../shared/evaluation/caseCache';
import { FixtureOptions, evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { FixtureLanguage, parseFixture } from '../../shared/fixture/parse';

function same(text: string, language: FixtureLanguage, cache: EvaluationCache, options: FixtureOptions = {}): void {
  const doc = parseFixture(text, language);
  // deepStrictEqual tells NaN from null and 0 from -0, which a JSON round trip would hide.
  assert.deepStrictEqual(evaluateDocumentCached(doc, text, options, cache), evaluateDocument(doc, options));
}

const FIXTURE = `{
  "k": [1, 3],
  "cases": {
    "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b", "b"], "expect": {"P@3": 0.5, "AP": 1}},
    "q2": {"labels": {"1": 2, "b": 0}, "predictions": {"1": 0.5, "c": 0.5}},
    "q3": {"labels": [], "predictions": ["a"]},
    "q4": {"labels": [1, "1"], "predictions": [1]}
  }
}
`;

const LISTED = `cases:
  - id: q1
    labels: [a]
    predictions: [a, b]
  - id: q1
    labels: [b]
    predictions: [b, 7]
  - id: q3
    labels: [7]
    predictions: ["7"]
`;

describe('the per-case evaluation cache', () => {
  it("gives evaluateDocument's values, means and findings on the first pass", () => {
    same(FIXTURE, 'json', new EvaluationCache());
    same(LISTED, 'yaml', new EvaluationCache());
  });

  it('still does after edits that change one case, repeat a case, or change the settings', () => {
    const cache = new EvaluationCache();
    same(FIXTURE, 'json', cache);
    same(FIXTURE.replace('"x", "b"', '"b", "x"'), 'json', cache);
    same(FIXTURE.replace('"q3"', '"q1"'), 'json', cache);
    same(FIXTURE, 'json', cache, { defaultConvention: { preset: 'trec_eval' } });
    same(FIXTURE, 'json', cache, { compare: true });
    same(LISTED, 'yaml', cache);
    same(LISTED.replace('predictions: ["7"]', 'predictions: [7]'), 'yaml', cache);
  });

  it("moves a reused case's findings to where the case now is", () => {
    const cache = new EvaluationCache();
    same(FIXTURE, 'json', cache);
    same(FIXTURE.replace('"k": [1, 3],', '"k": [1, 3], "metrics": ["P", "AP"],\n'), 'json', cache);
    same(FIXTURE.replace('"cases": {', '"cases": {\n    "q0": {"labels": ["z"], "predictions": []},'), 'json', cache);
  });
});
