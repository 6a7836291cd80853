/**
 * Completion and signature help from the built server: the items at each `|` cursor (the first
 * labels in the order sent, the range they replace in UTF-16 line:character, what they insert), an
 * item's documentation from completionItem/resolve, and the parameters inside `RBP(p=`.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CompletionItem, CompletionList, InsertTextFormat, Range, TextEdit } from 'vscode-languageserver-protocol/node';
import { TestClient, cursor } from './lspClient';

let n = 0;

/** The items sorted as the editor lists them before filtering (by sortText). */
function sorted(list: CompletionList | null): CompletionItem[] {
  assert.ok(list, 'a completion list');
  return [...list.items].sort((a, b) => (a.sortText ?? a.label).localeCompare(b.sortText ?? b.label));
}

const labels = (items: CompletionItem[], count: number) => items.slice(0, count).map((i) => i.label);
const edit = (item: CompletionItem) => item.textEdit as TextEdit;
const shownRange = (r: Range) => `${r.start.line}:${r.start.character}-${r.end.line}:${r.end.character}`;
const item = (items: CompletionItem[], label: string) => items.find((i) => i.label === label)!;

/** Opens the text at a fresh uri and asks for completion at its `|`. */
async function completeAt(client: TestClient, marked: string, ext = 'yaml'): Promise<{ uri: string; items: CompletionItem[] }> {
  const { text, offset } = cursor(marked);
  const uri = `file:///completion/c${n++}.rank.${ext}`;
  await client.open(uri, text);
  return { uri, items: sorted(await client.completion(uri, offset)) };
}

describe('completion', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('Ctrl+Space on an empty YAML file: the fixture keys, with their schema description', async () => {
    const { items } = await completeAt(client, '|');
    assert.deepEqual(labels(items, 5), ['cases', 'metrics', 'k', 'convention', 'expectFindings']);
    assert.equal(shownRange(edit(items[0]).range), '0:0-0:0');
    assert.equal(edit(items[0]).newText, 'cases: ', 'a client without snippets gets the key and its colon');
    assert.equal(items[0].insertTextFormat, InsertTextFormat.PlainText);
    const resolved = await client.resolveCompletion(items[0]);
    assert.deepEqual(resolved.documentation, {
      kind: 'markdown',
      value: 'The cases (users, queries): a list of objects with an id, or a mapping id → case.',
    });
  });

  it('inside metrics: [P@5, nD while the text does not parse: nDCG first, the range exactly nD, the hover’s text', async () => {
    const uri = `file:///completion/c${n++}.rank.yaml`;
    await client.open(uri, 'k: [3]\nmetrics: [P@5]\ncases:\n  q1: {labels: [a], predictions: [a]}\n');
    await client.diagnostics(uri, 1);
    await client.replace(uri, '[P@5]', '[P@5, nD');
    const text = client.text(uri);
    const items = sorted(await client.completion(uri, text.indexOf('nD') + 2));
    assert.deepEqual(labels(items, 5), ['nDCG', 'nDCG@k', 'nDCG(gain1=…,gain2=…)', 'nDCGrel', 'ndcg']);
    assert.equal(shownRange(edit(items[0]).range), '1:15-1:17');
    assert.equal(edit(item(items, 'nDCG@k')).newText, 'nDCG@k');
    assert.equal(
      edit(item(items, 'nDCG(gain1=…,gain2=…)')).newText,
      "'nDCG(gain1=3,gain2=9)'",
      'quoted: a flow list would split it at the comma',
    );
    assert.equal(items[0].detail, 'Normalized discounted cumulative gain');
    const doc = ((await client.resolveCompletion(items[0])).documentation as { value: string }).value;
    // The hover on a metric name, from the last version that parsed (which computes P@5 alone).
    assert.ok(doc.startsWith('**nDCG** — Normalized discounted cumulative gain\n\n`'), doc);
    assert.ok(doc.includes('Not computed by this fixture.'), doc);
    assert.ok(doc.includes('- `gain = linear` — The gain of a grade g'), doc);
  });

  it('the range counts UTF-16 code units: an emoji before the cursor takes two', async () => {
    const { items } = await completeAt(client, "headline: ['🎯 P', nD|");
    assert.equal(shownRange(edit(items[0]).range), '0:19-0:21');
    assert.equal(items[0].label, 'nDCG');
  });

  it('a block list and a JSON string: the range covers the quotes written, the text brings them', async () => {
    const block = await completeAt(client, 'metrics:\n  - P@5\n  - nD|\n');
    assert.deepEqual(labels(block.items, 2), ['nDCG', 'nDCG@k']);
    assert.equal(shownRange(edit(block.items[0]).range), '2:4-2:6');
    const json = await completeAt(client, '{"metrics": ["P@5", "nD|"]}', 'json');
    assert.deepEqual(labels(json.items, 2), ['nDCG', 'nDCG@k']);
    assert.equal(shownRange(edit(json.items[0]).range), '0:20-0:24');
    assert.equal(edit(json.items[0]).newText, '"nDCG"');
    assert.equal(json.items[0].filterText, '"nDCG');
    const open = await completeAt(client, '{"metrics": ["P@5", "nD|', 'json');
    assert.equal(shownRange(edit(open.items[0]).range), '0:20-0:23');
    assert.equal(edit(open.items[0]).newText, '"nDCG"', 'the closing quote comes with it');
  });

  it('after convention: with nothing typed, and in a convention mapping: presets, knobs, a knob’s values', async () => {
    const presets = await completeAt(client, 'convention: |\n');
    assert.deepEqual(labels(presets.items, 3), ['trec_eval', 'seed000', 'ranx']);
    assert.equal(shownRange(edit(presets.items[0]).range), '0:12-0:12');
    const doc = ((await client.resolveCompletion(item(presets.items, 'trec_eval'))).documentation as { value: string }).value;
    assert.ok(doc.startsWith('**Preset `trec_eval`**\n\n| knob | value |'), doc);
    assert.ok(doc.includes('| duplicates | error |'), doc);
    const flow = await completeAt(client, 'convention: {preset: trec_eval, |}\n');
    assert.deepEqual(labels(flow.items, 3), ['emptyLabels', 'precisionDenominator', 'apDenominator']);
    assert.equal(edit(flow.items[0]).newText, 'emptyLabels: ');
    const ties = await completeAt(client, 'convention:\n  preset: trec_eval\n  ties: |\n');
    assert.deepEqual(labels(ties.items, 5), ['input', 'id-desc', 'id-asc', 'average', 'pessimistic']);
    const json = await completeAt(client, '{"convention": {"preset": "tr|"}}', 'json');
    assert.equal(json.items[0].label, 'trec_eval');
    assert.equal(edit(json.items[0]).newText, '"trec_eval"');
  });

  it('case keys not written yet, in YAML and JSON', async () => {
    const yaml = await completeAt(client, 'cases:\n  q1:\n    labels: [a]\n    |\n');
    assert.deepEqual(labels(yaml.items, 5), ['predictions', 'expect', 'description']);
    const listed = await completeAt(client, '{"cases": [{"id": "q1", "|"}]}', 'json');
    assert.deepEqual(labels(listed.items, 5), ['labels', 'predictions', 'expect', 'description']);
    assert.equal(edit(listed.items[0]).newText, '"labels": ');
  });

  it('finding codes in expectFindings, those listed excepted', async () => {
    const { items } = await completeAt(client, 'expectFindings: [empty-labels, |]\n');
    assert.deepEqual(labels(items, 3), ['empty-predictions', 'single-item-row', 'empty-case']);
    const doc = ((await client.resolveCompletion(items[0])).documentation as { value: string }).value;
    assert.equal(doc, '**empty-predictions** (warning by default) — The case predicts nothing.');
  });

  it('inside expect: only the metrics the fixture computes, its headline first, those written excepted', async () => {
    const uri = `file:///completion/c${n++}.rank.yaml`;
    await client.open(
      uri,
      'k: [3, 5]\nmetrics: [P, AP@k, nDCG@k]\ncases:\n  q1:\n    labels: [a]\n    predictions: [a, b]\n    expect:\n      P@3: 0.333\n',
    );
    await client.diagnostics(uri, 1);
    await client.replace(uri, 'P@3: 0.333\n', 'P@3: 0.333\n      \n');
    const items = sorted(await client.completion(uri, client.text(uri).length - 1));
    assert.deepEqual(labels(items, 10), ['nDCG@5', 'AP@5', 'P@5', 'AP@3', 'nDCG@3']);
    assert.equal(edit(items[0]).newText, 'nDCG@5: ');
  });

  it('nothing among labels, nor in a file that is not a fixture', async () => {
    const { text, offset } = cursor('cases:\n  q1:\n    labels: [a, |]\n');
    const uri = `file:///completion/c${n++}.rank.yaml`;
    await client.open(uri, text);
    assert.equal(await client.completion(uri, offset), null);
    const plain = 'file:///completion/plain.json';
    await client.open(plain, '{"metrics": [""]}');
    assert.equal(await client.completion(plain, 14), null);
  });
});

describe('signature help', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('inside RBP(p=: the parameters of the family, p active, what each sets', async () => {
    const { text, offset } = cursor('{"metrics": ["RBP(p=|"]}');
    const uri = 'file:///signature/s.rank.json';
    await client.open(uri, text);
    const help = await client.signatureHelp(uri, offset);
    assert.ok(help);
    const [signature] = help.signatures;
    assert.equal(signature.label, 'RBP(rel=…, p=0.9)');
    assert.deepEqual(signature.documentation, { kind: 'markdown', value: '**RBP** — Rank-biased precision' });
    assert.deepEqual(
      signature.parameters!.map((p) => [signature.label.slice(...(p.label as [number, number])), p.documentation]),
      [
        ['rel=…', 'the lowest grade that counts as relevant, for this metric alone.'],
        ['p=0.9', 'the persistence: the chance that the user goes on from one rank to the next (default 0.9).'],
      ],
    );
    assert.equal(help.activeParameter, 1);
    assert.equal(await client.signatureHelp(uri, text.indexOf('RBP')), null, 'none before the parenthesis');
  });
});

describe('completion for an editor with snippets that completes JSON from the schema', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({
      initializationOptions: { jsonSyntaxShown: true },
      textDocument: { completion: { completionItem: { snippetSupport: true } } },
    });
  });
  after(async () => {
    await client.stop();
  });

  it('snippets with placeholders; the keys and presets the schema lists are left to it', async () => {
    const metrics = await completeAt(client, '{"metrics": ["|"]}', 'json');
    assert.deepEqual(labels(metrics.items, 3), ['nDCG@k', 'nDCG(gain1=…,gain2=…)', 'AP(rel=…)@k']);
    assert.equal(edit(metrics.items[0]).newText, '"nDCG@${1:k}"');
    assert.equal(metrics.items[0].insertTextFormat, InsertTextFormat.Snippet);
    const { text, offset } = cursor('{"convention": "|"}');
    const uri = 'file:///completion/schema.rank.json';
    await client.open(uri, text);
    assert.equal(await client.completion(uri, offset), null);
    const yaml = await completeAt(client, '|');
    assert.equal(edit(yaml.items[0]).newText, 'cases:\n\t$0', 'YAML has no schema completion here: the keys come from the server');
  });
});
