/**
 * YAML fixtures: what the parser reads into the model (one fixture per document), and every parser
 * and schema finding at its exact line and character. ⟦ ⟧ in a fixture marks the flagged text.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DEFAULT_LIMITS } from '../../shared/fixtureLimits';
import { parseYamlFixture } from '../../shared/yamlFixture';
import { codesOf, findingAt, findingsOf } from './fixtureText';

describe('YAML: reading a fixture into the model', () => {
  const text = `k: [1, 5]
metrics: [P, nDCG@k]
convention:
  preset: trec_eval
  ties: input
cases:
  q1:
    labels: {a: 2, b: 1}
    predictions: [b, a, c]
    expect:
      P@1: 1
      nDCG@5: 0.80
      AP: null
  7:
    labels: [a]
    predictions: {a: 0.5, c: .25}
`;
  const doc = parseYamlFixture(text);
  const f = doc.fixtures[0];
  const at = (s: { start: number; end: number }) => text.slice(s.start, s.end);

  it('reads k, metrics and the convention with their text', () => {
    assert.deepEqual(doc.problems, []);
    assert.deepEqual(f.k!.map((k) => k.value), [1, 5]);
    assert.equal(at(f.kSpan!), '[1, 5]');
    assert.deepEqual(f.metrics!.map((m) => at(m.span)), ['P', 'nDCG@k']);
    assert.equal(f.convention!.preset!.value, 'trec_eval');
    assert.deepEqual(f.convention!.overrides.map((o) => [o.key.value, o.value.value]), [['ties', 'input']]);
  });

  it('reads a case of a mapping, with spans that end where the text ends (no trailing newline)', () => {
    const c = f.cases[0];
    assert.equal(c.id.value, 'q1');
    assert.deepEqual(c.labels.map((l) => [l.id.value, l.grade!.value, at(l.span)]), [['a', 2, 'a: 2'], ['b', 1, 'b: 1']]);
    assert.deepEqual(c.predictions.map((p) => at(p.span)), ['b', 'a', 'c']);
    assert.deepEqual(c.expect.map((e) => [e.metric.value, e.value.value, e.text]), [['P@1', 1, '1'], ['nDCG@5', 0.8, '0.80'], ['AP', null, 'null']]);
    assert.equal(at(c.span), text.slice(text.indexOf('q1:'), text.indexOf('AP: null') + 8));
  });

  it('reads a number key as a number id, and .25 as a score', () => {
    const c = f.cases[1];
    assert.equal(c.id.value, '7');
    assert.deepEqual(c.predictions.map((p) => [p.id.value, p.score!.value, at(p.score!.span)]), [['a', 0.5, '0.5'], ['c', 0.25, '.25']]);
  });

  it('holds one fixture per document; empty documents hold none', () => {
    const d = parseYamlFixture('cases: {a: {labels: [1]}}\n---\n# only a comment\n---\n---\ncases: {b: {labels: [2]}}\n');
    assert.deepEqual(d.problems, []);
    assert.deepEqual(d.fixtures.map((fx) => fx.cases.map((c) => c.id.value)), [['a'], ['b']]);
    assert.deepEqual(parseYamlFixture(''), { fixtures: [], problems: [] });
  });

  it('keeps .nan and .inf grades and scores, so the core flags them', () => {
    const d = parseYamlFixture('cases: {u: {labels: {a: .nan, b: .inf}, predictions: {a: -.inf, b: .NaN}}}');
    const c = d.fixtures[0].cases[0];
    assert.deepEqual(c.labels.map((l) => l.grade!.value), [NaN, Infinity]);
    assert.deepEqual(c.predictions.map((p) => p.score!.value), [-Infinity, NaN]);
  });

  it('reads .nan in expect as NaN (null)', () => {
    const d = parseYamlFixture('cases: {u: {labels: [], predictions: [a], expect: {P@1: .nan}}}');
    assert.deepEqual(d.fixtures[0].cases[0].expect.map((e) => [e.value.value, e.text]), [[null, '.nan']]);
  });

  it('copies an alias with the alias\'s span, so findings land where the case uses it', () => {
    const src = 'x-shared: &rel [a, b]\ncases:\n  u1: {labels: *rel, predictions: [a]}\n  u2: {labels: *rel, predictions: [b]}\n';
    const d = parseYamlFixture(src);
    assert.deepEqual(d.problems, []);
    const u2 = d.fixtures[0].cases[1];
    assert.deepEqual(u2.labels.map((l) => [l.id.value, src.slice(l.span.start, l.span.end)]), [['a', '*rel'], ['b', '*rel']]);
  });

  it('reads the qrels/run shape', () => {
    const d = parseYamlFixture('qrels: {q1: {d1: 1}}\nrun: {q1: {d1: 0.5, d2: 0.4}}\n');
    assert.equal(d.fixtures[0].shape, 'qrels-run');
    assert.deepEqual(d.fixtures[0].cases[0].predictions.map((p) => p.id.value), ['d1', 'd2']);
  });

  it('reads __proto__ and constructor as ordinary ids and keys', () => {
    const d = parseYamlFixture('cases:\n  __proto__: {labels: {constructor: 1, __proto__: 2}, predictions: [toString, __proto__]}\n');
    assert.deepEqual(d.problems, []);
    const c = d.fixtures[0].cases[0];
    assert.deepEqual([c.id.value, ...c.labels.map((l) => l.id.value), ...c.predictions.map((p) => p.id.value)], ['__proto__', 'constructor', '__proto__', 'toString', '__proto__']);
  });
});

describe('YAML: syntax findings', () => {
  it('syntax-error: an unclosed list; the other documents are still evaluated', () => {
    const src = `cases:
  - id: broken
    labels: [a, b
    ⟦p⟧redictions: [a]
---
cases: {fine: {labels: [a], predictions: [a]}}
`;
    const { start, finding } = findingAt(src, 'yaml', 'syntax-error');
    assert.deepEqual(start, { line: 3, character: 4 });
    assert.equal(finding.message, 'YAML syntax: Flow sequence in block collection must be sufficiently indented and end with a ].');
    const { doc } = findingsOf(src.replace(/[⟦⟧]/g, ''), 'yaml');
    assert.deepEqual(doc.fixtures.map((fx) => fx.cases.map((c) => c.id.value)), [['broken'], ['fine']]);
  });

  it('syntax-error: a value holding ": " says it needs quotes', () => {
    const { start, finding } = findingAt(`cases:
  u1:
    description: ⟦N⟧o labels: every metric is NaN
    labels: []`, 'yaml', 'syntax-error');
    assert.deepEqual(start, { line: 2, character: 17 });
    assert.equal(finding.message, 'YAML syntax: Nested mappings are not allowed in compact mappings (a value holding ": " needs quotes).');
  });

  it('syntax-error: an alias before its anchor', () => {
    const { start, finding } = findingAt('cases: {u: {labels: ⟦*rel⟧, predictions: &rel [a]}}', 'yaml', 'syntax-error');
    assert.deepEqual(start, { line: 0, character: 20 });
    assert.equal(finding.message, 'YAML syntax: unknown alias *rel; an alias must come after its anchor &rel.');
  });

  it('syntax-warning: a tag is never run, after CJK and emoji text', () => {
    const { start, finding } = findingAt(`description: 排名 🎧 评估
x-payload: ⟦!!python/object/apply:os.system⟧ ["echo pwned"]
cases: {u: {labels: [a], predictions: [a]}}`, 'yaml', 'syntax-warning');
    assert.deepEqual(start, { line: 1, character: 11 });
    assert.equal(finding.message, 'Unknown YAML tag !!python/object/apply:os.system: Ranklens reads the value as if it had no tag (tags never run code here), but other YAML readers may refuse it or build an object from it.');
  });

  it('too-deep: a document nested past 64 levels is not composed; the others are read', () => {
    const src = `cases: {a: {labels: [1]}}\n---\nx-deep: ${'['.repeat(63)}‸${'['.repeat(7)}${']'.repeat(70)}\n---\ncases: {b: {labels: [1]}}\n`;
    const { start, finding } = findingAt(src, 'yaml', 'too-deep');
    assert.deepEqual(start, { line: 2, character: 71 });
    assert.equal(finding.message, 'Lists and mappings nest deeper than 64 levels here, so this YAML document is not evaluated. A fixture needs 5 levels.');
    const { doc } = findingsOf(src.replace('‸', ''), 'yaml');
    assert.deepEqual(doc.fixtures.map((fx) => fx.cases.map((c) => c.id.value)), [['a'], ['b']]);
  });

  it('too-deep: thousands of nested "- " lines stop before the parser, which would overflow its stack', () => {
    // Two such documents in a row made the `yaml` parser throw RangeError; composing one twice can abort V8.
    const text = ('- '.repeat(5000) + 'x\n---\n').repeat(2);
    const d = parseYamlFixture(text);
    // A "- " at column c may open 2c + 4 levels at most; past 16 × 64 = 1,024 the text is refused: column 512.
    assert.deepEqual(d.problems.map((p) => [p.code, p.span.start]), [['too-deep', 512]]);
    assert.match(d.problems[0].message, /^Lists and mappings nest far deeper than 64 levels here/);
  });

  it('too-deep: aliases that nest past 64 levels are cut there', () => {
    let src = 'x-a0: &a0 [[[[[[[[[[1]]]]]]]]]]\n';
    for (let i = 1; i < 8; i++) src += `x-a${i}: &a${i} [[[[[[[[[*a${i - 1}]]]]]]]]]\n`;
    src += 'cases: {}\n';
    const { findings } = findingsOf(src, 'yaml');
    assert.deepEqual(codesOf(findings), ['too-deep']);
    assert.match(findings[0].message, /^Aliases nest lists and mappings deeper than 64 levels here/);
  });

  it('too-many-aliases: a billion laughs stops at 100,000 copied nodes', () => {
    let bomb = 'x-l0: &l0 [lol, lol, lol, lol, lol, lol, lol, lol, lol, lol]\n';
    for (let i = 1; i <= 8; i++) bomb += `x-l${i}: &l${i} [${Array(10).fill(`*l${i - 1}`).join(', ')}]\n`;
    const started = Date.now();
    const { start, finding } = findingAt(`${bomb}cases:\n  u: {labels: [a], predictions: [a]}\n`.replace('x-l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, ', 'x-l4: &l4 [*l3, *l3, *l3, *l3, *l3, *l3, *l3, ‸'), 'yaml', 'too-many-aliases');
    assert.ok(Date.now() - started < 2000, 'bounded time');
    // l1..l3 copy 110 + 1,110 + 11,110 nodes; l4 copies l3 (11,111 nodes) seven times, and the eighth
    // would pass 100,000. Its last two aliases and all ten of l5 (l4 is 77,778 nodes) are dropped too.
    assert.deepEqual(start, { line: 4, character: 46 });
    assert.equal(finding.message, 'Aliases would copy more than 100,000 nodes into this file (an alias bomb?), so *l3 is dropped here. 12 more aliases were dropped in this file.');
  });

  it('file-too-large: past 2 MB of YAML nothing is parsed', () => {
    const d = parseYamlFixture(`cases: []\nx-pad: ${'x'.repeat(DEFAULT_LIMITS.maxYamlLength)}\n`);
    assert.deepEqual(d.problems.map((p) => [p.code, p.span]), [['file-too-large', { start: 0, end: 9 }]]);
    assert.equal(d.problems[0].message, 'This YAML fixture is just over 2 MB; Ranklens reads YAML fixtures up to 2 MB, so nothing in it is evaluated. Split it into several files, or write it as JSON (read up to 16 MB).');
  });
});

describe('YAML: schema findings', () => {
  it('unknown-key: a did-you-mean, after emoji and CJK ids', () => {
    const { start, finding } = findingAt(`cases:
  耳机 🎧:
    labels: [🎧, 耳机]
    ⟦predicitons⟧: [🎧]`, 'yaml', 'unknown-key');
    assert.deepEqual(start, { line: 3, character: 4 });
    assert.equal(finding.message, 'Unknown key "predicitons" in case "耳机 🎧"; it is ignored. Did you mean "predictions"?');
  });

  it('unknown-key: on a line after emoji ids the character counts UTF-16 units', () => {
    const { start } = findingAt('cases: {🎧🎧: {labels: [🎧], ⟦predicton⟧: [🎧]}}', 'yaml', 'unknown-key');
    // "cases: {" 8, two emoji 4, ": {labels: [" 12, one emoji 2, "], " 3.
    assert.deepEqual(start, { line: 0, character: 29 });
  });

  it('duplicate-key: YAML forbids it; Ranklens keeps the first, like in JSON', () => {
    const { start, finding } = findingAt(`k: [1]
metrics: [P]
⟦k⟧: [5]
cases: {u: {labels: [a], predictions: [a]}}`, 'yaml', 'duplicate-key');
    assert.deepEqual(start, { line: 2, character: 0 });
    assert.equal(finding.message, '"k" appears twice in the fixture; the first one is used and this one is ignored.');
    assert.deepEqual(findingsOf('k: [1]\nk: [5]\ncases: {}', 'yaml').doc.fixtures[0].k!.map((k) => k.value), [1]);
  });

  it('duplicate-key: twice the same metric in expect', () => {
    const { start } = findingAt(`cases:
  u:
    labels: [a]
    predictions: [a]
    expect: {P@1: 1, ⟦P@1⟧: 0}`, 'yaml', 'duplicate-key');
    assert.deepEqual(start, { line: 4, character: 21 });
  });

  it('missing-key: a listed case without id', () => {
    const { start, finding } = findingAt(`cases:
  - id: first
    labels: [a]
  - ⟦labels⟧: [b]
    predictions: [b]`, 'yaml', 'missing-key');
    assert.deepEqual(start, { line: 3, character: 4 });
    assert.equal(finding.message, 'This case has no "id"; it is called "#2" (its place in the list).');
  });

  it('missing-key: qrels without a run, and a run without qrels', () => {
    const noRun = findingAt('⟦qrels⟧: {q1: {d1: 1}}', 'yaml', 'missing-key');
    assert.deepEqual(noRun.start, { line: 0, character: 0 });
    const noQrels = findingAt('⟦run⟧: {q1: {d1: 0.5}}', 'yaml', 'missing-key');
    assert.equal(noQrels.finding.message, 'No "qrels": without judgments there is no case, and every query in "run" is ignored.');
  });

  it('wrong-type: k as text', () => {
    const { start, finding } = findingAt('k: ⟦"1, 3, 5"⟧\ncases: {}', 'yaml', 'wrong-type');
    assert.deepEqual(start, { line: 0, character: 3 });
    assert.equal(finding.message, 'A cutoff is a whole number ≥ 1, not the string "1, 3, 5"; it is ignored.');
  });

  it('wrong-type: a grade written as a word', () => {
    const { start, finding } = findingAt(`cases:
  u:
    labels: {a: 2, b: ⟦high⟧}`, 'yaml', 'wrong-type');
    assert.deepEqual(start, { line: 2, character: 22 });
    assert.equal(finding.message, 'A grade is a number, not the string "high"; the label "b" is ignored.');
  });

  it('wrong-type: a key that is a list', () => {
    const { start, finding } = findingAt(`cases:
  u:
    labels:
      ? ⟦[a, b]⟧
      : 1`, 'yaml', 'wrong-type');
    assert.deepEqual(start, { line: 3, character: 8 });
    assert.equal(finding.message, 'A key is a string or a number, not a list or mapping; this entry is ignored.');
  });

  it('wrong-type: a convention that is a list', () => {
    const { finding } = findingAt('convention: ⟦[trec_eval]⟧\ncases: {}', 'yaml', 'wrong-type');
    assert.equal(finding.message, '"convention" takes a preset name or a mapping with preset and knobs, not a list; the default convention is used.');
  });

  it('id-not-as-written: 06 is the number 6', () => {
    const { start, finding } = findingAt(`cases:
  u:
    labels: ["00", ⟦06⟧]
    predictions: ["06"]`, 'yaml', 'id-not-as-written');
    assert.deepEqual(start, { line: 2, character: 19 });
    assert.equal(finding.message, '06 is read as the number 6, so this item is "6". Quote it ("06") to keep it as written.');
  });

  it('id-not-as-written: a key 0x1F is item "31"', () => {
    const { finding } = findingAt('cases: {u: {labels: {⟦0x1F⟧: 1}}}', 'yaml', 'id-not-as-written');
    assert.equal(finding.message, '0x1F is read as the number 31, so this item is "31". Quote it ("0x1F") to keep it as written.');
  });

  it('unknown-finding-code: a did-you-mean', () => {
    const { start, finding } = findingAt('expectFindings: [empty-labels, ⟦emtpy-case⟧]\ncases: {}', 'yaml', 'unknown-finding-code');
    assert.deepEqual(start, { line: 0, character: 31 });
    assert.equal(finding.message, 'Ranklens never reports "emtpy-case", so it is not checked. Did you mean "empty-case"?');
  });

  it('query-not-in-qrels', () => {
    const { start } = findingAt(`qrels:
  q1: {d1: 1}
run:
  q1: {d1: 0.5}
  ⟦q2⟧: {d1: 0.5}`, 'yaml', 'query-not-in-qrels');
    assert.deepEqual(start, { line: 4, character: 2 });
  });
});
