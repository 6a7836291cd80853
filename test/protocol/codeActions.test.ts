/** Code actions from the built server, applied to the text: the expected text is written out. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Range } from 'vscode-languageserver-protocol/node';
import { TestClient, cursor } from './lspClient';

describe('code actions', () => {
  let client: TestClient;
  let n = 0;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  /** Opens the marked text, asks for actions at the |, applies the one with this title; returns the new text. */
  async function applyAt(marked: string, title: RegExp, ext = 'json'): Promise<{ uri: string; text: string; version: number }> {
    const { text, offset } = cursor(marked);
    const uri = `file:///actions/a${n++}.rank.${ext}`;
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri, 1);
    const at = client.document(uri).positionAt(offset);
    const actions = await client.codeActions(uri, Range.create(at, at), diagnostics);
    const action = actions.find((a) => title.test(a.title));
    assert.ok(action, `an action like ${title} among: ${actions.map((a) => a.title).join(' | ')}`);
    const version = await client.apply(uri, action);
    return { uri, text: client.text(uri), version };
  }

  const TWO_MISMATCHES = `{"k": [3], "cases": {
  "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"], "expect": {"P@3": 0.5, "RR@3": 1}},
  "q2": {"labels": ["a"], "predictions": ["x", "a", "y"], "expect": {"P@3": 0.33333, "RR@3": 1}}
}}
`;

  it('sets one expect value to the computed one, at the written precision or three decimals', async () => {
    const { uri, text, version } = await applyAt(TWO_MISMATCHES.replace('"P@3": 0.5', '"P@3": 0.|5'), /^Set P@3 to the computed 0\.667$/);
    assert.ok(text.includes('"expect": {"P@3": 0.667, "RR@3": 1}'), text);
    const left = await client.diagnostics(uri, version);
    assert.deepEqual(
      left.map((d) => d.code),
      ['expect-mismatch'],
      "only q2's RR@3 still differs",
    );
    assert.equal(left[0].range.start.line, 2);
  });

  it('sets every mismatched expect value in the file at once', async () => {
    const { uri, text, version } = await applyAt(
      TWO_MISMATCHES.replace('"P@3": 0.5', '"P@3": 0.|5'),
      /^Set all 2 mismatched expect values/,
    );
    assert.equal(
      text,
      `{"k": [3], "cases": {
  "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"], "expect": {"P@3": 0.667, "RR@3": 1}},
  "q2": {"labels": ["a"], "predictions": ["x", "a", "y"], "expect": {"P@3": 0.33333, "RR@3": 0.500}}
}}
`,
    );
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('removes the repeated predictions of a case', async () => {
    const { text } = await applyAt(
      `{"k": [3], "cases": {"q1": {"labels": ["a"], "predictions": ["a", "b", "a", "c", "|b"]}}}`,
      /^Remove 2 repeated predictions from case q1$/,
    );
    assert.equal(text, `{"k": [3], "cases": {"q1": {"labels": ["a"], "predictions": ["a", "b", "c"]}}}`);
  });

  it('removes a repeated prediction from a YAML block list', async () => {
    const { text } = await applyAt(
      'k: 3\ncases:\n  q1:\n    labels: [a]\n    predictions:\n      - a\n      - b\n      - |a\n',
      /^Remove 1 repeated prediction/,
      'yaml',
    );
    assert.equal(text, 'k: 3\ncases:\n  q1:\n    labels: [a]\n    predictions:\n      - a\n      - b\n');
  });

  it('adds an expect block holding the current values (JSON on one line)', async () => {
    const { uri, text, version } = await applyAt(
      `{"k": [3], "cases": {"q|1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"]}}}`,
      /^Add an expect block/,
    );
    assert.equal(
      text,
      `{"k": [3], "cases": {"q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"], "expect": {"P@3": 0.667, "R@3": 1.000, "AP@3": 0.833, "RR@3": 1.000, "nDCG@3": 0.920}}}}`,
    );
    assert.deepEqual(await client.diagnostics(uri, version), [], 'the values it wrote match');
  });

  it('adds an expect block on its own line in a multi-line JSON case', async () => {
    const { text } = await applyAt(
      `{
  "k": [1],
  "metrics": ["P"],
  "cases": [
    {
      "id": "q|1",
      "labels": ["a"],
      "predictions": ["a"]
    }
  ]
}
`,
      /^Add an expect block/,
    );
    assert.equal(
      text,
      `{
  "k": [1],
  "metrics": ["P"],
  "cases": [
    {
      "id": "q1",
      "labels": ["a"],
      "predictions": ["a"],
      "expect": {"P@1": 1.000}
    }
  ]
}
`,
    );
  });

  it('adds an expect block to a YAML case', async () => {
    const { uri, text, version } = await applyAt(
      `k: 1
metrics: [P, nDCG]
cases:
  q|1:
    labels: {a: 2}
    predictions: [b, a]
  q2:
    labels: [a]
    predictions: [a]
`,
      /^Add an expect block/,
      'yaml',
    );
    assert.equal(
      text,
      `k: 1
metrics: [P, nDCG]
cases:
  q1:
    labels: {a: 2}
    predictions: [b, a]
    expect: {P@1: 0.000, nDCG: 0.631}
  q2:
    labels: [a]
    predictions: [a]
`,
    );
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  /** The titles offered at the |, with a * after the preferred one. */
  async function titlesAt(marked: string, ext = 'json'): Promise<string[]> {
    const { text, offset } = cursor(marked);
    const uri = `file:///actions/t${n++}.rank.${ext}`;
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri, 1);
    const at = client.document(uri).positionAt(offset);
    const actions = await client.codeActions(uri, Range.create(at, at), diagnostics);
    return actions.map((a) => a.title + (a.isPreferred ? ' *' : ''));
  }

  it('changes a misspelled key to the suggested one, as the preferred fix', async () => {
    const marked = `{"k": [2], "cases": {"q1": {"labels": ["a"], "predi|citons": ["a", "b"]}}}`;
    assert.deepEqual(
      (await titlesAt(marked)).filter((t) => t.startsWith('Change')),
      ["Change to 'predictions' *"],
    );
    const { uri, text, version } = await applyAt(marked, /^Change to 'predictions'$/);
    assert.equal(text, `{"k": [2], "cases": {"q1": {"labels": ["a"], "predictions": ["a", "b"]}}}`);
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('changes a misspelled metric in YAML, keeping it unquoted', async () => {
    const { text } = await applyAt(
      'k: 5\nmetrics: [P, nDG|C]\ncases:\n  q1: {labels: [a], predictions: [a]}\n',
      /^Change to 'nDCG'$/,
      'yaml',
    );
    assert.equal(text, 'k: 5\nmetrics: [P, nDCG]\ncases:\n  q1: {labels: [a], predictions: [a]}\n');
  });

  it('changes a misspelled preset and knob name', async () => {
    const preset = await applyAt(
      `{"convention": "trec_e|vl", "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}`,
      /^Change to 'trec_eval'$/,
    );
    assert.equal(preset.text, `{"convention": "trec_eval", "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}`);
    const knob = await applyAt('convention: {ti|se: input}\ncases:\n  q1: {labels: [a], predictions: [a]}\n', /^Change to 'ties'$/, 'yaml');
    assert.equal(knob.text, 'convention: {ties: input}\ncases:\n  q1: {labels: [a], predictions: [a]}\n');
  });

  it('offers every value of a knob set to one it does not take, none preferred when none is close', async () => {
    const marked = 'convention: {ties: ran|dom}\ncases:\n  q1: {labels: [a], predictions: {a: 1}}\n';
    assert.deepEqual(
      (await titlesAt(marked, 'yaml')).filter((t) => t.startsWith('Change')),
      [
        "Change to 'input'",
        "Change to 'id-desc'",
        "Change to 'id-asc'",
        "Change to 'average'",
        "Change to 'pessimistic'",
        "Change to 'optimistic'",
        "Change to 'pessimistic-each'",
      ],
    );
    const { text } = await applyAt(marked, /^Change to 'average'$/, 'yaml');
    assert.equal(text, 'convention: {ties: average}\ncases:\n  q1: {labels: [a], predictions: {a: 1}}\n');
    assert.ok(
      (await titlesAt('convention: {ties: averge|}\ncases:\n  q1: {labels: [a], predictions: {a: 1}}\n', 'yaml')).includes(
        "Change to 'average' *",
      ),
    );
  });

  it('converts a score written as a string to a number', async () => {
    const { uri, text, version } = await applyAt(
      `{"k": [2], "cases": {"q1": {"labels": ["a"], "predictions": {"a": "0.6|5", "b": 0.3}}}}`,
      /^Convert to number$/,
    );
    assert.equal(text, `{"k": [2], "cases": {"q1": {"labels": ["a"], "predictions": {"a": 0.65, "b": 0.3}}}}`);
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('quotes an id that a number would change', async () => {
    const { text } = await applyAt('k: 1\ncases:\n  q1: {labels: [0|6], predictions: ["06"]}\n', /^Quote this id$/, 'yaml');
    assert.equal(text, 'k: 1\ncases:\n  q1: {labels: ["06"], predictions: ["06"]}\n');
  });

  it('declares a finding in expectFindings, creating the key or adding to the list', async () => {
    const created = await applyAt(
      `{"k": [1], "cases": {"q1": {"labels": [|], "predictions": ["a"]}}}`,
      /^Declare this finding \(empty-labels\) in expectFindings$/,
    );
    assert.equal(created.text, `{"expectFindings": ["empty-labels"], "k": [1], "cases": {"q1": {"labels": [], "predictions": ["a"]}}}`);
    const declared = await client.diagnostics(created.uri, created.version);
    assert.deepEqual(
      declared.map((d) => [d.code, d.severity, d.message]),
      [['empty-labels', 3, 'No labels: every metric is 0 and counts in the means (emptyLabels=zero). [expected]']],
      'a declared finding is information, tagged [expected]',
    );
    const added = await applyAt(
      'expectFindings:\n  - duplicate-prediction\nk: 1\ncases:\n  q1:\n    labels: []|\n    predictions: [a, a]\n',
      /^Declare this finding \(empty-labels\)/,
      'yaml',
    );
    assert.equal(
      added.text,
      'expectFindings:\n  - duplicate-prediction\n  - empty-labels\nk: 1\ncases:\n  q1:\n    labels: []\n    predictions: [a, a]\n',
    );
  });

  // q1's "b" is true, not an id: a wrong-type error of its own, and P@3 = 1/3 without it, which must not become its expectation.
  const BROKEN = `{"k": [3], "cases": {
  "q1": {"labels": ["a", true], "predictions": ["a", "b", "c"], "expect": {"P@3": 0.|5}},
  "q2": {"labels": ["a"], "predictions": ["x", "a"], "expect": {"P@3": 0.5}},
  "q3": {"labels": ["a"], "predictions": ["a"], "expect": {"P@3": 1}}
}}
`;

  it('never offers set-to-computed on a case with an error of its own; fix-all skips it and says so', async () => {
    const titles = await titlesAt(BROKEN);
    assert.ok(!titles.some((t) => t.startsWith('Set P@3')), titles.join(' | '));
    assert.ok(!titles.some((t) => t.endsWith('*') && t.startsWith('Set')), 'no preferred set-to-computed');
    assert.ok(
      !titles.some((t) => t.startsWith('Declare this finding (expect-mismatch)')),
      'a mismatch that follows from the error is not declared',
    );
    const { text } = await applyAt(
      BROKEN,
      /^Set all 2 mismatched expect values in this file to the computed ones \(skips 1 in cases with errors of their own\)$/,
    );
    assert.equal(
      text,
      BROKEN.replace('|', '').replace('"P@3": 0.5}},\n  "q3"', '"P@3": 0.333}},\n  "q3"').replace('"P@3": 1}', '"P@3": 0.333}'),
    );
  });

  it('a misspelled predictions key is the one error: no mismatch, nothing to set or declare, the repair preferred', async () => {
    const marked = `{"k": [3], "cases": {
  "q1": {"labels": ["a"], "predicitons": ["a", "b"], "expect": {"P@3": 0.|333}}
}}
`;
    assert.deepEqual(await titlesAt(marked), []);
    assert.deepEqual(await titlesAt(marked.replace('|', '').replace('"predicitons"', '"predic|itons"')), [
      "Change to 'predictions' *",
      'Declare this finding (unknown-key) in expectFindings',
    ]);
  });

  it('adds a cases block to a fixture that has none, before offering to declare the finding', async () => {
    // The finding sits on the fixture's first key.
    const json = '{"|k": [3], "metrics": ["P@k"]}';
    assert.deepEqual(await titlesAt(json), [
      'Add a cases block with one case to fill in *',
      'Declare this finding (missing-key) in expectFindings',
    ]);
    const added = await applyAt(json, /^Add a cases block/);
    assert.equal(added.text, '{"k": [3], "metrics": ["P@k"], "cases": {"q1": {"labels": [], "predictions": []}}}');
    assert.deepEqual(
      (await client.diagnostics(added.uri, added.version)).map((d) => d.code),
      ['empty-case'],
      'the next step: fill in the case',
    );
    const yaml = await applyAt('|k: [3]\nmetrics: [P@k]\n', /^Add a cases block/, 'yaml');
    assert.equal(yaml.text, 'k: [3]\nmetrics: [P@k]\ncases:\n  q1:\n    labels: []\n    predictions: []\n');
  });

  it('completes a metric name still being typed, and holds the did-you-mean until it is no beginning of a name', async () => {
    const typing = 'k: 1\nmetrics: [P, nD|]\ncases:\n  q1: {labels: [a], predictions: [a]}\n';
    const titles = await titlesAt(typing, 'yaml');
    assert.deepEqual(titles.slice(0, 2), ["Complete to 'nDCG'", "Complete to 'nDCGrel'"]);
    assert.ok(!titles.some((t) => t.includes("'P'")), titles.join(' | '));
    const { uri, text, version } = await applyAt(typing, /^Complete to 'nDCG'$/, 'yaml');
    assert.equal(text, 'k: 1\nmetrics: [P, nDCG]\ncases:\n  q1: {labels: [a], predictions: [a]}\n');
    assert.deepEqual(await client.diagnostics(uri, version), []);
    const typed = 'file:///actions/typing.rank.yaml';
    await client.open(typed, typing.replace('|', ''));
    assert.deepEqual(
      (await client.diagnostics(typed, 1)).map((d) => [d.code, d.message]),
      [['unknown-metric', '"nD" is not a metric name yet; names that begin with it: nDCG, nDCGrel. It is not computed.']],
    );
    // Once no name begins with it, the did-you-mean: nDGC is nDCG with two letters swapped.
    await client.open('file:///actions/typo.rank.yaml', typing.replace('nD|', 'nDGC'));
    assert.match((await client.diagnostics('file:///actions/typo.rank.yaml', 1))[0].message as string, /Did you mean "nDCG"\?/);
  });
});
