/** Diagnostics from the built server: codes, messages, related places, severities; open files and the workspace. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, unlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient, fileUri } from './lspClient';

// seed000 keeps the first of q1's two b (P@3 = 2/3) and leaves q2, which has no labels, out as NaN; trec_eval, the default,
// refuses q1 and counts q2 as 0 (the last test).
const FIXTURE = `{
  "k": [3], "convention": "seed000",
  "cases": {
    "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b", "b"], "expect": {"P@3": 0.5}},
    "q2": {"labels": [], "predictions": ["a"]}
  }
}
`;

const message = (d: Diagnostic) => (typeof d.message === 'string' ? d.message : d.message.value);

/** `line:character code (severity): message` — what a person reads in the Problems panel. */
const shown = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character} ${d.code} (${d.severity}): ${message(d)}`);

describe('diagnostics of open documents', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('reports every finding with its code, a message about the numbers, and related places', async () => {
    const uri = 'file:///diagnostics/basic.rank.json';
    await client.open(uri, FIXTURE);
    const ds = await client.diagnostics(uri, 1);
    assert.deepEqual(shown(ds), [
      '3:64 duplicate-prediction (2): "b" is predicted again (first at position 3): only the first occurrence is ranked (duplicates=first).',
      '3:88 expect-mismatch (1): Expected P@3 = 0.5, computed 0.6667: not within ±0.05 (1 decimal written).',
      '4:21 empty-labels (2): No labels: every metric is NaN and left out of the means (emptyLabels=nan).',
    ]);
    assert.deepEqual(
      ds[0].relatedInformation?.map((r) => [r.location.uri, r.location.range.start, r.message]),
      [[uri, { line: 3, character: 59 }, 'first prediction of this item']],
    );
    assert.ok(ds.every((d) => d.source === 'ranklens'));
  });

  it('reports a syntax error while the text is broken, and drops it once mended', async () => {
    const uri = 'file:///diagnostics/broken.rank.json';
    await client.open(uri, FIXTURE);
    let version = await client.replace(uri, '"x", ', '"x, ');
    const broken = await client.diagnostics(uri, version);
    assert.ok(
      broken.some((d) => d.code === 'syntax-error' && message(d).startsWith('JSON syntax')),
      shown(broken).join('\n'),
    );
    version = await client.replace(uri, '"x, ', '"x", ');
    assert.deepEqual(
      (await client.diagnostics(uri, version)).map((d) => d.code),
      ['duplicate-prediction', 'expect-mismatch', 'empty-labels'],
    );
  });

  it('follows edits: fixing the expectation clears its diagnostic', async () => {
    const uri = 'file:///diagnostics/edit.rank.json';
    await client.open(uri, FIXTURE);
    const version = await client.replace(uri, '"P@3": 0.5', '"P@3": 0.667');
    assert.deepEqual(
      (await client.diagnostics(uri, version)).map((d) => d.code),
      ['duplicate-prediction', 'empty-labels'],
    );
  });

  it('takes severities per code from the settings, and off hides a code', async () => {
    const uri = 'file:///diagnostics/severity.rank.json';
    await client.open(uri, FIXTURE);
    await client.diagnostics(uri, 1);
    await client.configure({ severity: { 'empty-labels': 'error', 'duplicate-prediction': 'off' } });
    const ds = await client.diagnosticsWhere(uri, (d) => !d.some((x) => x.code === 'duplicate-prediction'));
    assert.deepEqual(
      ds.map((d) => `${d.code} ${d.severity}`),
      ['expect-mismatch 1', 'empty-labels 1'],
    );
    await client.configure({});
  });

  it('maps each severity to its LSP level: error 1, warning 2, info 3, hint 4', async () => {
    const uri = 'file:///diagnostics/levels.rank.json';
    await client.open(uri, FIXTURE);
    await client.diagnostics(uri, 1);
    await client.configure({ severity: { 'expect-mismatch': 'warning', 'empty-labels': 'info', 'duplicate-prediction': 'hint' } });
    const ds = await client.diagnosticsWhere(uri, (d) => d.some((x) => x.code === 'duplicate-prediction' && x.severity === 4));
    assert.deepEqual(ds.map((d) => `${d.code} ${d.severity}`).sort(), ['duplicate-prediction 4', 'empty-labels 3', 'expect-mismatch 2']);
    await client.configure({ severity: { 'empty-labels': 'error' } });
    const back = await client.diagnosticsWhere(uri, (d) => d.some((x) => x.code === 'empty-labels' && x.severity === 1));
    assert.deepEqual(back.map((d) => `${d.code} ${d.severity}`).sort(), ['duplicate-prediction 2', 'empty-labels 1', 'expect-mismatch 1']);
    await client.configure({});
  });

  it('evaluates fixtures without a convention under trec_eval, or under ranklens.defaultConvention', async () => {
    const uri = 'file:///diagnostics/convention.rank.json';
    await client.open(uri, FIXTURE.replace(' "convention": "seed000",', ''));
    const ds = await client.diagnostics(uri, 1);
    assert.ok(
      ds.some((d) => message(d).includes('emptyLabels=zero')),
      shown(ds).join('\n'),
    );
    assert.ok(
      ds.some((d) => d.code === 'duplicate-prediction' && d.severity === 1),
      'trec_eval refuses duplicates: an error',
    );
    await client.configure({ defaultConvention: 'seed000' });
    const seed = await client.diagnosticsWhere(uri, (d) => d.some((x) => message(x).includes('emptyLabels=nan')));
    assert.ok(
      seed.some((d) => d.code === 'duplicate-prediction' && d.severity === 2),
      'seed000 keeps the first: a warning',
    );
    await client.configure({});
  });

  it('clears the diagnostics of a closed file that is not on disk', async () => {
    const uri = 'file:///diagnostics/closed.rank.json';
    await client.open(uri, FIXTURE);
    await client.diagnostics(uri, 1);
    const before = client.publishedCount(uri);
    await client.close(uri);
    await client.until(() => (client.publishedCount(uri) > before ? true : undefined), 'a publish after close');
    assert.deepEqual(await client.diagnostics(uri), []);
  });
});

describe('diagnostics of the workspace, open or not', () => {
  let client: TestClient;
  let dir: string;
  before(async () => {
    dir = mkdtempSync(join(tmpdir(), 'ranklens-ws-'));
    writeFileSync(join(dir, 'a.rank.json'), FIXTURE);
    writeFileSync(join(dir, 'b.rank.yaml'), 'cases:\n  q1:\n    labels: [a]\n    predictions: [a, a]\n');
    writeFileSync(join(dir, 'notes.json'), '{"not": "a fixture"}');
    writeFileSync(join(dir, 'c.qrels.json'), '{"qrels": {"q1": {"a": 1}}, "run": {"q1": {"a": 0.5, "b": 0.5}}}');
    client = await TestClient.start({ workspace: dir, settings: { extraFilePatterns: ['*.qrels.json'] } });
  });
  after(async () => {
    await client.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('checks every fixture file at start, by name and by the extra patterns', async () => {
    const a = await client.diagnosticsWhere(fileUri(join(dir, 'a.rank.json')), (d) => d.length > 0);
    assert.deepEqual(
      a.map((d) => d.code),
      ['duplicate-prediction', 'expect-mismatch', 'empty-labels'],
    );
    // b names no convention: trec_eval refuses its case (a predicted twice), and that is the one finding.
    const b = await client.diagnosticsWhere(fileUri(join(dir, 'b.rank.yaml')), (d) => d.length > 0);
    assert.deepEqual(
      b.map((d) => d.code),
      ['duplicate-prediction'],
    );
    await client.diagnosticsWhere(fileUri(join(dir, 'c.qrels.json')), () => true);
    assert.equal(client.publishedCount(fileUri(join(dir, 'notes.json'))), 0);
  });

  it('checks a file again when it changes on disk, and clears it when it is deleted', async () => {
    const path = join(dir, 'b.rank.yaml');
    const uri = fileUri(path);
    await client.diagnosticsWhere(uri, (d) => d.length > 0);
    writeFileSync(path, 'cases:\n  q1:\n    labels: []\n    predictions: [a]\n');
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 2 }] });
    assert.deepEqual(
      (await client.diagnosticsWhere(uri, (d) => d.some((x) => x.code === 'empty-labels'))).map((d) => d.code),
      ['empty-labels'],
    );
    unlinkSync(path);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri, type: 3 }] });
    assert.deepEqual(await client.diagnosticsWhere(uri, (d) => d.length === 0), []);
  });

  it('prefers the open text to the file on disk, and goes back to the disk on close', async () => {
    const uri = fileUri(join(dir, 'a.rank.json'));
    await client.diagnosticsWhere(uri, (d) => d.length > 0);
    await client.open(uri, FIXTURE.replace('"P@3": 0.5', '"P@3": 0.667'));
    assert.deepEqual(
      (await client.diagnostics(uri, 1)).map((d) => d.code),
      ['duplicate-prediction', 'empty-labels'],
    );
    await client.close(uri);
    await client.diagnosticsWhere(uri, (d) => d.some((x) => x.code === 'expect-mismatch'));
  });
});
