/**
 * One mistake, one error, through the built server: a misspelled key, a stray bracket and an item
 * predicted twice under trec_eval each give the one finding at fault, on the token at fault, and no
 * finding, number or mark that only follows from it.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';

/** `line:start-line:end code (severity)`, what the Problems panel lists and where the squiggle is. */
const shown = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code} (${d.severity})`);

const titles = (lenses: { range: { start: { line: number } }; command?: { title: string } }[]) =>
  lenses.map((l) => `${l.range.start.line}: ${l.command?.title}`);

// u1's predictions are misspelled; u2 is fine: P@3 = 1/3, AP@3 = (1/2) / 2 relevant = 0.25 under trec_eval.
const TYPO = `k: [3]
metrics: [P@k, AP@k]
cases:
  u1:
    labels: [a, b]
    predicitons: [a, x, b]
    expect: { P@3: 0.667, AP@3: 0.833 }
  u2:
    labels: [a, c]
    predictions: [x, a, y]
`;

describe('one error per mistake', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('a misspelled predictions key gives exactly one error, on the key; the case is not evaluated, its expectations not checked', async () => {
    const uri = 'file:///mistakes/typo.rank.yaml';
    await client.open(uri, TYPO);
    const ds = await client.diagnostics(uri, 1);
    assert.deepEqual(shown(ds), ['5:4-5:15 unknown-key (1)']);
    assert.equal(
      ds[0].message,
      'Unknown key "predicitons" in case "u1"; it is ignored. Did you mean "predictions"? Without predictions the case is not evaluated, and its expectations are not checked.',
    );
    // No 0.000 for u1: the mean is u2's alone, and u1's lens says why it has no values.
    assert.deepEqual(titles(await client.resolvedCodeLenses(uri)), [
      '0: trec_eval (built-in)',
      '0: mean of 1 of 2 (1 NaN): P@3 0.333 · AP@3 0.250',
      '3: not evaluated: see the error',
      '7: P@3 0.333',
      '7: AP@3 0.250 ±',
    ]);
    // u2's marks only: x, a, y.
    assert.deepEqual(
      (await client.inlayHints(uri)).map((h) => `${h.position.line} ${h.label}`),
      ['9 ✗', '9 ✓1', '9 ✗'],
    );
    const hover = await client.hover(uri, TYPO.indexOf('u1'));
    assert.equal(
      (hover!.contents as { value: string }).value,
      '**Case `u1`** is not evaluated: its predictions key is misspelled. Its values are NaN and its expectations are not checked until the error is fixed.',
    );
  });

  it('the same in JSON, and fixing the key brings the case back', async () => {
    const uri = 'file:///mistakes/typo.rank.json';
    const text =
      '{"k": [3], "metrics": ["P@k", "AP@k"], "cases": {\n  "u1": {"labels": ["a", "b"], "predicitons": ["a", "x", "b"], "expect": {"P@3": 0.667, "AP@3": 0.833}}\n}}\n';
    await client.open(uri, text);
    assert.deepEqual(shown(await client.diagnostics(uri, 1)), ['1:31-1:44 unknown-key (1)']);
    const version = await client.replace(uri, '"predicitons"', '"predictions"');
    // P@3 = 2/3 and AP@3 = (1 + 2/3) / 2 hold now: nothing to report.
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('a stray ] gives one syntax error, on the ], in words; no false "No predictions"', async () => {
    const uri = 'file:///mistakes/bracket.rank.yaml';
    const text = TYPO.replace('predicitons', 'predictions').replace('labels: [a, b]', 'labels: [a, b]]');
    await client.open(uri, text);
    const ds = await client.diagnostics(uri, 1);
    assert.deepEqual(shown(ds), ['4:18-4:19 syntax-error (1)']);
    assert.equal(ds[0].message, 'YAML syntax: this ] closes no list: remove it, or start the list with [.');
    assert.deepEqual(
      ds[0].relatedInformation?.map((r) => [r.location.range.start, r.message]),
      [[{ line: 3, character: 2 }, 'case "u1" stops here: it is not evaluated until this is fixed']],
    );
  });

  it('typing a stray ] into a good file: the last good lenses stay, marked; the edited case loses its ✓ marks', async () => {
    const uri = 'file:///mistakes/typing.rank.yaml';
    const good = TYPO.replace('predicitons', 'predictions');
    await client.open(uri, good);
    assert.deepEqual(
      (await client.inlayHints(uri)).map((h) => `${h.position.line} ${h.label}`),
      ['5 ✓1', '5 ✗', '5 ✓1', '9 ✗', '9 ✓1', '9 ✗'],
    );
    const version = await client.replace(uri, 'labels: [a, b]', 'labels: [a, b]]');
    assert.deepEqual(
      shown(await client.diagnostics(uri, version)).map((d) => d.split(' ')[1]),
      ['syntax-error'],
    );
    const lenses = titles(await client.resolvedCodeLenses(uri));
    assert.ok(
      lenses.every((l) => l.includes(': stale: ')),
      lenses.join('\n'),
    );
    // u1 holds the stray ]: its old marks would be the old text's. u2's text is as it was.
    assert.deepEqual(
      (await client.inlayHints(uri)).map((h) => `${h.position.line} ${h.label}`),
      ['9 ✗', '9 ✓1', '9 ✗'],
    );
  });

  it('an item predicted twice under trec_eval: the refusal is the one error, and the marks and hover agree with it', async () => {
    const uri = 'file:///mistakes/twice.rank.yaml';
    const text = 'k: [3]\nmetrics: [P@k]\ncases:\n  u1:\n    labels: [a, b]\n    predictions: [a, x, a]\n    expect: { P@3: 0.333 }\n';
    await client.open(uri, text);
    const ds = await client.diagnostics(uri, 1);
    assert.deepEqual(shown(ds), ['5:24-5:25 duplicate-prediction (1)']);
    assert.equal(
      ds[0].message,
      '"a" is predicted again (first at position 1): duplicates=error refuses the case, so its metrics are NaN and left out (trec_eval stops with an error).',
    );
    // Not ✓1 on the first a: nothing of a refused case is ranked.
    assert.deepEqual(
      (await client.inlayHints(uri)).map((h) => `${h.position.character} ${h.label}`),
      ['19 ⊘', '22 ⊘', '25 dup'],
    );
    const hover = await client.hover(uri, text.indexOf('a, x'));
    assert.match(
      (hover!.contents as { value: string }).value,
      /^\*\*`a`\*\* is not ranked: this case predicts an item twice, and duplicates=error refuses such a case/,
    );
    await client.configure({ defaultConvention: 'seed000' });
    // seed000 keeps the first a: a warning that says so (and a hint that k = 3 exceeds the 2 items left), ✓1 on
    // the first, dup on the repeat, and P@3 = 1/3 holds.
    const seed = await client.diagnosticsWhere(uri, (d) => d.some((x) => x.severity === 2));
    assert.deepEqual(
      seed.filter((d) => d.severity !== 4).map((d) => [d.code, d.message]),
      [['duplicate-prediction', '"a" is predicted again (first at position 1): only the first occurrence is ranked (duplicates=first).']],
    );
    assert.deepEqual(
      (await client.inlayHints(uri)).map((h) => `${h.position.character} ${h.label}`),
      ['19 ✓1', '22 ✗', '25 dup'],
    );
    await client.configure({});
  });
});
