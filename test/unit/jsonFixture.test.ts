/**
 * JSON fixtures: what the parser reads into the model, and every parser and schema finding at its
 * exact line and character (LSP positions: from 0, UTF-16). ⟦ ⟧ in a fixture marks the flagged text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_LIMITS } from '../../shared/fixtureLimits';
import { parseJsonFixture } from '../../shared/jsonFixture';
import { findingAt, findingsOf, codesOf } from './fixtureText';

describe('JSON: reading a fixture into the model', () => {
  const text = `{
  "k": [1, 5],
  "metrics": ["P", "nDCG@k"],
  "convention": {"preset": "trec_eval", "ties": "input"},
  "cases": [
    {"id": "q1", "labels": {"a": 2, "b": 1}, "predictions": ["b", "a", "c"], "expect": {"P@1": 1, "nDCG@5": 0.80, "AP": null}},
    {"id": 7, "labels": ["a"], "predictions": {"a": 0.5, "c": 0.25}}
  ]
}`;
  const doc = parseJsonFixture(text);
  const f = doc.fixtures[0];
  const at = (s: { start: number; end: number }) => text.slice(s.start, s.end);

  it('reads k, metrics and the convention with their text', () => {
    assert.deepEqual(doc.problems, []);
    assert.equal(f.shape, 'fixture');
    assert.deepEqual(f.k!.map((k) => k.value), [1, 5]);
    assert.equal(at(f.kSpan!), '[1, 5]');
    assert.deepEqual(f.metrics!.map((m) => at(m.span)), ['"P"', '"nDCG@k"']);
    assert.equal(f.convention!.preset!.value, 'trec_eval');
    assert.deepEqual(f.convention!.overrides.map((o) => [o.key.value, o.value.value, at(o.value.span)]), [['ties', 'input', '"input"']]);
    assert.equal(f.expectFindings, null);
  });

  it('reads a listed case: graded labels, ranked predictions, expectations as written', () => {
    const c = f.cases[0];
    assert.equal(c.id.value, 'q1');
    assert.equal(c.labelsForm, 'map');
    assert.deepEqual(c.labels.map((l) => [l.id.value, l.grade!.value, at(l.span)]), [['a', 2, '"a": 2'], ['b', 1, '"b": 1']]);
    assert.equal(c.predictionsForm, 'list');
    assert.deepEqual(c.predictions.map((p) => [p.id.value, p.score, at(p.span)]), [['b', null, '"b"'], ['a', null, '"a"'], ['c', null, '"c"']]);
    assert.deepEqual(c.expect.map((e) => [e.metric.value, e.value.value, e.text]), [['P@1', 1, '1'], ['nDCG@5', 0.8, '0.80'], ['AP', null, 'null']]);
    assert.equal(at(c.expect[1].span), '"nDCG@5": 0.80');
  });

  it('keeps a numeric id a number and scored predictions with their scores', () => {
    const c = f.cases[1];
    assert.equal(c.id.value, '7');
    assert.equal(at(c.id.span), '7');
    assert.deepEqual(c.labels.map((l) => [l.id.value, l.grade]), [['a', null]]);
    assert.equal(c.predictionsForm, 'map');
    assert.deepEqual(c.predictions.map((p) => [p.id.value, p.score!.value, at(p.score!.span)]), [['a', 0.5, '0.5'], ['c', 0.25, '0.25']]);
  });

  it('reads cases written as a mapping id → case, and k and metrics written alone', () => {
    const d = parseJsonFixture('{"k": 3, "metrics": "RR", "cases": {"u1": {"labels": [1], "predictions": [2, 1]}, "u2": null}}');
    assert.deepEqual(d.problems, []);
    assert.deepEqual(d.fixtures[0].k!.map((k) => k.value), [3]);
    assert.deepEqual(d.fixtures[0].metrics!.map((m) => m.value), ['RR']);
    assert.deepEqual(d.fixtures[0].cases.map((c) => [c.id.value, c.labels.length, c.predictions.length]), [['u1', 1, 2], ['u2', 0, 0]]);
  });

  it('reads the qrels/run shape: one case per qrels query, in qrels order', () => {
    const d = parseJsonFixture('{"qrels": {"q2": {"d1": 1}, "q1": {"d2": 2, "d3": 0}}, "run": {"q1": {"d2": 0.9, "d1": 0.1}}}');
    const fx = d.fixtures[0];
    assert.equal(fx.shape, 'qrels-run');
    assert.deepEqual(fx.cases.map((c) => [c.id.value, c.labels.map((l) => `${l.id.value}=${l.grade!.value}`), c.predictions.map((p) => `${p.id.value}=${p.score!.value}`)]),
      [['q2', ['d1=1'], []], ['q1', ['d2=2', 'd3=0'], ['d2=0.9', 'd1=0.1']]]);
    assert.equal(fx.cases[0].predictionsSpan, null, 'a query only in qrels gets empty predictions');
  });

  it('reads expectFindings', () => {
    const d = parseJsonFixture('{"expectFindings": ["empty-labels", "expect-mismatch"], "cases": []}');
    assert.deepEqual(d.fixtures[0].expectFindings!.map((c) => c.value), ['empty-labels', 'expect-mismatch']);
  });

  it('reads __proto__ and constructor as ordinary ids and keys', () => {
    const d = parseJsonFixture('{"cases": {"__proto__": {"labels": {"constructor": 1, "__proto__": 2}, "predictions": ["toString", "__proto__"]}}}');
    assert.deepEqual(d.problems, []);
    const c = d.fixtures[0].cases[0];
    assert.equal(c.id.value, '__proto__');
    assert.deepEqual(c.labels.map((l) => [l.id.value, l.grade!.value]), [['constructor', 1], ['__proto__', 2]]);
    assert.deepEqual(c.predictions.map((p) => p.id.value), ['toString', '__proto__']);
    assert.equal(({} as Record<string, unknown>).polluted, undefined);
  });

  it('reads a file that starts with a byte-order mark', () => {
    const d = parseJsonFixture('\uFEFF{"cases": {"u": {"labels": ["a"], "predictions": ["a"]}}}');
    assert.deepEqual(d.problems, []);
    assert.equal(d.fixtures[0].cases[0].id.span.start, 12, 'the mark counts as one character, like in the editor');
  });
});

describe('JSON: syntax findings', () => {
  it('syntax-error: a missing comma, and the rest of the file is still read', () => {
    const { start, finding } = findingAt(`{
  "cases": {
    "u1": {"labels": ["a" ⟦"b"⟧], "predictions": ["a"]},
    "u2": {"labels": ["c"], "predictions": ["c"]}
  }
}`, 'json', 'syntax-error');
    assert.deepEqual(start, { line: 2, character: 26 });
    assert.equal(finding.message, 'JSON syntax: A comma is expected before this.');
    const { doc } = findingsOf('{"cases": {"u1": {"labels": ["a" "b"]}, "u2": {"labels": ["c"]}}}', 'json');
    assert.deepEqual(doc.fixtures[0].cases.map((c) => [c.id.value, c.labels.map((l) => l.id.value)]), [['u1', ['a', 'b']], ['u2', ['c']]]);
  });

  it('syntax-error: NaN is not JSON, and the message says to write null', () => {
    const { start, finding } = findingAt(`{"cases": {"u": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": ⟦NaN⟧}}}}`, 'json', 'syntax-error');
    assert.deepEqual(start, { line: 0, character: 74 });
    assert.equal(finding.message, 'JSON syntax: JSON has no NaN: write null for an expected NaN; a grade or score cannot be NaN.');
  });

  it('syntax-error: an unclosed file is one finding at its end, not one per open bracket', () => {
    const { findings } = findingsOf('{"cases": {"u": {"labels": ["a"', 'json');
    const errors = findings.filter((f) => f.code === 'syntax-error');
    assert.deepEqual(errors.map((f) => [f.span.start, f.message]), [[31, 'JSON syntax: A closing ] is expected.']]);
  });

  it('syntax-warning: a comment, with the count of all comments', () => {
    const { start, finding } = findingAt(`{
  "k": [1, 3], ⟦// cutoffs⟧
  "cases": [] /* none yet */
}`, 'json', 'syntax-warning');
    assert.deepEqual(start, { line: 1, character: 15 });
    assert.match(finding.message, /^Comments are not JSON \(2 places in this file; this is the first\): Ranklens skips them/);
  });

  it('syntax-warning: a trailing comma', () => {
    const { start } = findingAt(`{"k": [1, 3⟦,⟧], "cases": []}`, 'json', 'syntax-warning');
    assert.deepEqual(start, { line: 0, character: 11 });
  });

  it('too-deep: the value past 64 levels is dropped, the rest is read', () => {
    const deep = '['.repeat(70) + ']'.repeat(70);
    // The root is level 1, so the 64th bracket of "x-notes" opens level 65.
    const { start, finding } = findingAt(`{"x-notes": ${'['.repeat(63)}‸${deep.slice(63)}, "cases": {"u": {"labels": ["a"]}}}`, 'json', 'too-deep');
    assert.deepEqual(start, { line: 0, character: 75 });
    assert.match(finding.message, /^Lists and mappings nest deeper than 64 levels here, so this value is dropped/);
    const { doc } = findingsOf(`{"x-notes": ${deep}, "cases": {"u": {"labels": ["a"]}}}`, 'json');
    assert.deepEqual(doc.fixtures[0].cases.map((c) => c.id.value), ['u']);
  });

  it('too-deep: a million open brackets is one finding, no crash', () => {
    const { doc, findings } = findingsOf(`{"cases": {}, "x-pad": ${'['.repeat(1_000_000)}`, 'json');
    assert.deepEqual(codesOf(findings), ['syntax-error', 'too-deep']);
    assert.equal(findings.find((f) => f.code === 'too-deep')!.span.start, 23 + 63);
    assert.equal(doc.fixtures.length, 1);
  });

  it('file-too-large: past 16 MB nothing is parsed', () => {
    const doc = parseJsonFixture(`{"cases": [], "x-pad": "${'x'.repeat(DEFAULT_LIMITS.maxJsonLength)}"}`);
    assert.deepEqual(doc.problems.map((p) => [p.code, p.span.start]), [['file-too-large', 0]]);
    assert.match(doc.problems[0].message, /^This JSON fixture is just over 16 MB; Ranklens reads JSON fixtures up to 16 MB, so nothing in it is evaluated\./);
    assert.deepEqual(doc.fixtures, []);
  });

  it('file-too-large: the cap can be set', () => {
    const { start } = findingAt('‸{"cases": {"u": {"labels": ["a"], "predictions": ["a"]}}}', 'json', 'file-too-large', {}, { ...DEFAULT_LIMITS, maxJsonLength: 40 });
    assert.deepEqual(start, { line: 0, character: 0 });
  });
});

describe('JSON: schema findings', () => {
  it('unknown-key: a did-you-mean and the replacement for a quick fix', () => {
    const { start, finding } = findingAt(`{
  "k": [1, 3],
  ⟦"metrcs"⟧: ["P"],
  "cases": []
}`, 'json', 'unknown-key');
    assert.deepEqual(start, { line: 2, character: 2 });
    assert.equal(finding.message, 'Unknown key "metrcs" in the fixture; it is ignored. Did you mean "metrics"?');
    assert.deepEqual(finding.data, { replacement: 'metrics' });
  });

  it('unknown-key: in a case, after emoji and CJK ids (characters count UTF-16 units)', () => {
    const { start, finding } = findingAt(`{"cases": {"耳机 🎧": {"labels": ["🎧", "耳机"], ⟦"predicitons"⟧: ["🎧"]}}}`, 'json', 'unknown-key');
    // {"cases": {" is 12 units, 耳机 2, a space 1, 🎧 2 (a surrogate pair), ": {"labels": [" 16,
    // 🎧 2, ", " 4, 耳机 2 and "], " 4: the key starts after 45 units.
    assert.deepEqual(start, { line: 0, character: 45 });
    assert.equal(finding.message, 'Unknown key "predicitons" in case "耳机 🎧"; it is ignored. Did you mean "predictions"?');
  });

  it('unknown-key: without a near name it lists the keys; x-… keys are never flagged', () => {
    const { finding } = findingAt('{"x-owner": "me", ⟦"colour"⟧: "blue", "cases": []}', 'json', 'unknown-key');
    assert.equal(finding.message, 'Unknown key "colour" in the fixture; it is ignored. Keys here: k, metrics, convention, cases, expectFindings, description, $schema (and x-… for notes).');
  });

  it('duplicate-key: the first one is used, with the first as related information', () => {
    const { start, finding } = findingAt(`{
  "k": [1],
  ⟦"k"⟧: [5],
  "cases": {"u": {"labels": ["a"], "predictions": ["a"]}}
}`, 'json', 'duplicate-key');
    assert.deepEqual(start, { line: 2, character: 2 });
    assert.equal(finding.message, '"k" appears twice in the fixture; the first one is used and this one is ignored.');
    assert.deepEqual(finding.related!.map((r) => [r.span.start, r.message]), [[4, 'first occurrence']]);
    const { doc } = findingsOf('{"k": [1], "k": [5], "cases": []}', 'json');
    assert.deepEqual(doc.fixtures[0].k!.map((k) => k.value), [1]);
  });

  it('missing-key: a listed case without id is numbered', () => {
    const { start, finding } = findingAt(`{"cases": [
  {"id": "a", "labels": [1]},
  {⟦"labels"⟧: [2], "predictions": [2]}
]}`, 'json', 'missing-key');
    assert.deepEqual(start, { line: 2, character: 3 });
    assert.equal(finding.message, 'This case has no "id"; it is called "#2" (its place in the list).');
  });

  it('missing-key: a fixture without cases', () => {
    const { start, finding } = findingAt('{⟦"k"⟧: [1, 3]}', 'json', 'missing-key');
    assert.deepEqual(start, { line: 0, character: 1 });
    assert.equal(finding.message, 'This fixture has no "cases", so there is nothing to evaluate.');
  });

  it('missing-key: a qrels/run file without a run', () => {
    const { finding } = findingAt('{⟦"qrels"⟧: {"q": {"d": 1}}}', 'json', 'missing-key');
    assert.equal(finding.message, 'No "run": every query in "qrels" is evaluated with no predictions.');
  });

  it('wrong-type: a cutoff written as a string', () => {
    const { start, finding } = findingAt('{"k": [1, ⟦"5"⟧], "cases": []}', 'json', 'wrong-type');
    assert.deepEqual(start, { line: 0, character: 10 });
    assert.equal(finding.message, 'A cutoff is a whole number ≥ 1, not the string "5"; it is ignored.');
  });

  it('wrong-type: a grade that is not a number drops the label', () => {
    const { start, finding } = findingAt(`{"cases": {"u": {
  "labels": {"🎧": 2, "耳机": ⟦"high"⟧},
  "predictions": ["耳机"]
}}}`, 'json', 'wrong-type');
    assert.deepEqual(start, { line: 1, character: 28 });
    assert.equal(finding.message, 'A grade is a number, not the string "high"; the label "耳机" is ignored.');
  });

  it('wrong-type: a score that is not a number leaves the item out of the ranking', () => {
    const { finding } = findingAt('{"cases": {"u": {"labels": ["a"], "predictions": {"a": ⟦true⟧, "b": 0.5}}}}', 'json', 'wrong-type');
    assert.equal(finding.message, 'A score is a number, not true; "a" is left out of the ranking.');
  });

  it('wrong-type: labels that are neither a list nor a mapping', () => {
    const { finding } = findingAt('{"cases": {"u": {"labels": ⟦"a, b"⟧, "predictions": ["a"]}}}', 'json', 'wrong-type');
    assert.equal(finding.message, '"labels" takes a list of relevant ids or a mapping id → grade, not the string "a, b"; the case has no labels.');
  });

  it('wrong-type: an item id that is a list', () => {
    const { finding } = findingAt('{"cases": {"u": {"labels": ["a"], "predictions": ["a", ⟦["b"]⟧]}}}', 'json', 'wrong-type');
    assert.equal(finding.message, 'An item id is a string or a number, not a list; this prediction is left out of the ranking.');
  });

  it('wrong-type: an expected value written as text', () => {
    const { finding } = findingAt('{"cases": {"u": {"labels": ["a"], "predictions": ["a"], "expect": {"P@1": ⟦"1.0"⟧}}}}', 'json', 'wrong-type');
    assert.equal(finding.message, 'An expected value is a number, or null for NaN, not the string "1.0"; P@1 is not checked.');
  });

  it('wrong-type: a root that is not a mapping', () => {
    const { finding } = findingAt('⟦[{"id": "u"}]⟧', 'json', 'wrong-type');
    assert.equal(finding.message, 'A fixture is a mapping with k, metrics, convention and cases (or qrels and run), not a list; nothing is evaluated.');
  });

  it('id-not-as-written: 1.0 names item "1"', () => {
    const { start, finding } = findingAt('{"cases": {"u": {"labels": [⟦1.0⟧], "predictions": [1]}}}', 'json', 'id-not-as-written');
    assert.deepEqual(start, { line: 0, character: 28 });
    assert.equal(finding.message, '1.0 is read as the number 1, so this item is "1". Quote it ("1.0") to keep it as written.');
    assert.deepEqual(finding.data, { replacement: '"1.0"' });
  });

  it('id-not-as-written: a number too long for a double', () => {
    const { finding } = findingAt('{"cases": {"u": {"labels": [⟦12345678901234567890⟧]}}}', 'json', 'id-not-as-written');
    assert.equal(finding.message, '12345678901234567890 is read as the number 12345678901234567000, so this item is "12345678901234567000". Quote it ("12345678901234567890") to keep it as written.');
  });

  it('unknown-finding-code: a did-you-mean for a code in expectFindings', () => {
    const { start, finding } = findingAt('{"expectFindings": ["empty-labels", ⟦"expect-missmatch"⟧], "cases": []}', 'json', 'unknown-finding-code');
    assert.deepEqual(start, { line: 0, character: 36 });
    assert.equal(finding.message, 'Ranklens never reports "expect-missmatch", so it is not checked. Did you mean "expect-mismatch"?');
  });

  it('query-not-in-qrels: a run query without judgments is ignored, as trec_eval does', () => {
    const { start, finding } = findingAt(`{
  "qrels": {"q1": {"d1": 1}},
  "run": {"q1": {"d1": 0.5}, ⟦"q9"⟧: {"d1": 0.5}}
}`, 'json', 'query-not-in-qrels');
    assert.deepEqual(start, { line: 2, character: 29 });
    assert.equal(finding.message, 'Query "q9" has no qrels, so it is ignored, as trec_eval does.');
  });
});
