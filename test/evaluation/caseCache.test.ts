/**
 * The server evaluates through a per-case cache; its results must equal evaluateDocument's, on the
 * first pass and after edits, findings across cases (mixed id types, repeated case ids) included.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { EvaluationCache, evaluateDocumentCached } from '../../shared/evaluation/caseCache';
import { FixtureOptions, evaluateDocument } from '../../shared/evaluation';
import { FixtureLanguage, parseFixture } from '../../shared/fixture/parse';
import { reparse } from '../../shared/fixture/editing/incrementalParse';

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

// Systems compared in cases, with k past some of mid's predictions (k-exceeds-predictions inside a system's
// predictions is kept as a finding of the fixture) and too few queries for any p below α.
const SYSTEMS = `k: [3]
metrics: [RR, P]
cases:
  - id: u1
    labels: [a]
    predictions: {base: [a, x, y], big: [a, x, z], mid: [x]}
  - id: u2
    labels: [b]
    predictions: {base: [x, b, y], big: [b, y, z], mid: [x, b]}
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
    same(FIXTURE, 'json', cache, { defaultConvention: { preset: 'seed000' } });
    same(FIXTURE, 'json', cache, { compare: true });
    same(LISTED, 'yaml', cache);
    same(LISTED.replace('predictions: ["7"]', 'predictions: [7]'), 'yaml', cache);
  });

  it('keys cases by the preset comparison too: the same nodes with the comparison turned on, then off, equal a fresh evaluation', () => {
    // Every case here has values that differ between presets (q4's P@3, for one: 1/3 under trec_eval, 1/1
    // under lenskit), so with the comparison on each carries convention-dependent, and with it off none does.
    const doc = parseFixture(FIXTURE, 'json');
    const cache = new EvaluationCache();
    const dependent = (options: FixtureOptions) =>
      evaluateDocumentCached(doc, FIXTURE, options, cache)
        .findings.filter((f) => f.code === 'convention-dependent')
        .map((f) => FIXTURE.slice(f.span.start, f.span.end));
    assert.deepEqual(dependent({}), []);
    assert.deepEqual(dependent({ compare: true }), ['"q1"', '"q2"', '"q3"', '"q4"']);
    assert.deepEqual(dependent({}), []);
    assert.deepStrictEqual(evaluateDocumentCached(doc, FIXTURE, { compare: true }, cache), evaluateDocument(doc, { compare: true }));
    assert.deepStrictEqual(evaluateDocumentCached(doc, FIXTURE, {}, cache), evaluateDocument(doc, {}));
    // A model parsed afresh (its cases found by their text) the same way.
    const again = parseFixture(FIXTURE, 'json');
    assert.deepStrictEqual(evaluateDocumentCached(again, FIXTURE, { compare: true }, cache), evaluateDocument(again, { compare: true }));
  });

  it("gives evaluateDocument's findings, in its order, for a fixture that compares systems", () => {
    const cache = new EvaluationCache();
    same(SYSTEMS, 'yaml', cache);
    same(SYSTEMS.replace('mid: [x]}', 'mid: [x, a]}'), 'yaml', cache);
  });

  it("moves a reused case's findings to where the case now is", () => {
    const cache = new EvaluationCache();
    same(FIXTURE, 'json', cache);
    same(FIXTURE.replace('"k": [1, 3],', '"k": [1, 3], "metrics": ["P", "AP"],\n'), 'json', cache);
    same(FIXTURE.replace('"cases": {', '"cases": {\n    "q0": {"labels": ["z"], "predictions": []},'), 'json', cache);
  });

  it('finds unchanged cases by their text after a full re-parse, also across a version that does not parse', () => {
    const cache = new EvaluationCache();
    const first = evaluateDocumentCached(parseFixture(FIXTURE, 'json'), FIXTURE, {}, cache).fixtures[0];
    // A new case written before the others, then a syntax error: every case is a new node each time.
    const inserted = FIXTURE.replace('"cases": {', '"cases": {\n    "q0": {"labels": ["z"], "predictions": ["z"]},');
    const broken = inserted.replace('"q3": {"labels": [], "predictions": ["a"]}', '"q3": {"labels": [], "predictions": ["a"');
    const again = evaluateDocumentCached(parseFixture(inserted, 'json'), inserted, {}, cache).fixtures[0];
    // The same values arrays: reused, not computed again.
    assert.deepEqual(
      again.cases.map((c) => first.cases.some((f) => f.values === c.values)),
      [false, true, true, true, true],
    );
    evaluateDocumentCached(parseFixture(broken, 'json'), broken, {}, cache);
    const mended = evaluateDocumentCached(parseFixture(inserted, 'json'), inserted, {}, cache).fixtures[0];
    assert.deepEqual(
      mended.cases.map((c) => again.cases.some((a) => a.values === c.values)),
      [true, true, true, true, true],
    );
    // Other settings are another key: nothing is reused.
    const seed = evaluateDocumentCached(parseFixture(inserted, 'json'), inserted, { defaultConvention: { preset: 'seed000' } }, cache)
      .fixtures[0];
    assert.deepEqual(
      seed.cases.map((c) => mended.cases.some((a) => a.values === c.values)),
      [false, false, false, false, false],
    );
  });

  it('reuses every unchanged node after an edit spliced into the model, and evaluates the edited case alone', () => {
    const cache = new EvaluationCache();
    const doc = parseFixture(FIXTURE, 'json');
    // seed000 keeps the first of q1's two b (trec_eval refuses a case that predicts an item twice).
    const options: FixtureOptions = { defaultConvention: { preset: 'seed000' } };
    const first = evaluateDocumentCached(doc, FIXTURE, options, cache).fixtures[0];
    const edited = FIXTURE.replace('"x", "b", "b"', '"b", "x", "b"');
    const start = FIXTURE.indexOf('"x", "b", "b"');
    const spliced = reparse({ text: FIXTURE, parsed: doc }, edited, [{ start, end: start + 13, length: 13 }], 'json')!;
    const second = evaluateDocumentCached(spliced, edited, options, cache).fixtures[0];
    assert.deepEqual(
      second.cases.map((c, i) => c === first.cases[i]),
      [false, true, true, true],
    );
    // q1 now ranks a, b, x, b against labels a, b: P@1 = 1/1, P@3 = 2/3, R@1 = 1/2, R@3 = 2/2.
    assert.deepEqual(second.names.slice(0, 4), ['P@1', 'P@3', 'R@1', 'R@3']);
    assert.deepEqual(second.cases[0].values.slice(0, 4), [1, 2 / 3, 0.5, 1]);
  });
});
