/**
 * The convention search in the editor, through the built server: after the diagnostics, a
 * convention-match diagnostic on the convention names the convention that reproduces the failed
 * expectations; its quick fix writes it and the expect-mismatch errors go; an expectation no
 * convention explains gets a hover line with the nearest value; an edit cancels a search.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Hover, MarkupContent, Position, Range } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';

// Labels {2, 4, 6}, predictions [1..5]: AP@5 = (1/2 + 2/4) / 3 = 0.333 under trec_eval, 0.5 under
// seed000 (÷ the 2 hits). Expecting 0.333 under seed000 fails; trec_eval reproduces it.
const YAML = `k: [3, 5]
convention: seed000
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { P@3: 0.333, AP@5: 0.333 }
`;

describe('convention search in the editor', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('says which convention reproduces the failed expectations, and its quick fix writes it', async () => {
    const uri = 'file:///inference/a.rank.yaml';
    await client.open(uri, YAML);
    const found = await client.diagnosticsWhere(uri, (ds) => ds.some((d) => d.code === 'convention-match'));
    const match = found.find((d) => d.code === 'convention-match')!;
    assert.equal(match.message, 'Your expected values match trec_eval. The current convention reproduces 1 of 2.');
    // On "seed000", the convention's value (line 1).
    assert.deepEqual(match.range, Range.create(1, 12, 1, 19));
    const actions = await client.codeActions(uri, match.range, [match]);
    const fix = actions.find((a) => a.title === 'Set the convention to trec_eval');
    assert.ok(fix, actions.map((a) => a.title).join(' | '));
    const version = await client.apply(uri, fix);
    assert.equal(client.text(uri), YAML.replace('convention: seed000', 'convention: trec_eval'));
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('adds the convention before the first key when the fixture names none (JSON)', async () => {
    const uri = 'file:///inference/b.rank.json';
    // AP@5 = 0.5 fails under trec_eval, the default; seed000 (÷ the 2 hits) reproduces it.
    const text = '{\n  "k": [5],\n  "cases": {"u1": {"labels": [2, 4, 6], "predictions": [1, 2, 3, 4, 5], "expect": {"AP@5": 0.5}}}\n}\n';
    await client.open(uri, text);
    const found = await client.diagnosticsWhere(uri, (ds) => ds.some((d) => d.code === 'convention-match'));
    const match = found.find((d) => d.code === 'convention-match')!;
    // On the first key, "k".
    assert.deepEqual(match.range, Range.create(1, 2, 1, 5));
    const actions = await client.codeActions(uri, match.range, [match]);
    const version = await client.apply(
      uri,
      actions.find((a) => a.title.startsWith('Set the convention to '))!,
    );
    assert.match(client.text(uri), /^\{\n {2}"convention": "seed000",\n {2}"k": \[5\],/);
    assert.deepEqual(await client.diagnostics(uri, version), []);
  });

  it('when no convention explains every value, says how many the best explains and hovers the nearest value', async () => {
    const uri = 'file:///inference/c.rank.yaml';
    // P@3 is 1/3 under every convention: 0.9 is unexplained; AP@5 = 0.333 is explained by trec_eval.
    const text = YAML.replace('P@3: 0.333', 'P@3: 0.9');
    await client.open(uri, text);
    const found = await client.diagnosticsWhere(uri, (ds) => ds.some((d) => d.code === 'convention-match'));
    assert.match(
      found.find((d) => d.code === 'convention-match')!.message as string,
      /^No convention reproduces all 2 expected values; .* reproduces 1\./,
    );
    const at = client.document(uri).positionAt(text.indexOf('0.9'));
    const hover = await client.connection.sendRequest<Hover>('textDocument/hover', {
      textDocument: { uri },
      position: Position.create(at.line, at.character),
    });
    const value = (hover.contents as MarkupContent).value;
    assert.match(value, /No convention reproduces this value\./);
    // Dropping the unjudged 1, 3 and 5 leaves [2, 4]: P@3 ÷ min(3, 2 predicted) = 1, the closest to 0.9.
    assert.match(value, /The nearest any convention gives is 1\.0000, with `precisionDenominator: min-k-predicted, unjudged: drop`\.$/);
  });
});
