/**
 * Fixtures that name their qrels and runs as files, from the built server over stdio: the files are
 * read from disk beside the fixture (TSV qrels, a gzipped TREC run), the lenses carry trec_eval's
 * values on them, a file rewritten on disk is read again, and a missing file is an error on its name.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { gzipSync } from 'node:zlib';
import { TestClient } from './lspClient';
import { tempFiles } from '../cli/ranklens';

const titles = (lenses: { command?: { title: string } }[]) => lenses.map((l) => l.command?.title);

const QRELS_TSV = 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq1\td3\t0\nq2\td4\t1\nq2\td5\t1\nq3\td6\t1\n';
// trec_eval 10.0: ndcg_cut_10 q1 0.7602, q2 0.9197, q3 0.6309, all 0.7703; P_3 0.6667, 0.6667, 0.3333, all 0.5556.
const BM25 = `q1 Q0 d2 1 12.5 bm25
q1 Q0 d9 2 11.0 bm25
q1 Q0 d1 3 11.0 bm25
q1 Q0 d3 4 8.25 bm25
q2 Q0 d5 1 3.5 bm25
q2 Q0 d7 2 3.1 bm25
q2 Q0 d4 3 2.0 bm25
q3 Q0 d8 1 9 bm25
q3 Q0 d6 2 7 bm25
q4 Q0 d1 1 1.0 bm25
`;
const FIXTURE = '{\n  "metrics": ["nDCG@10", "P@3"],\n  "qrels": "qrels/dev.tsv",\n  "run": "runs/bm25.run.gz"\n}\n';
const MISSING = '{\n  "qrels": {"q1": {"d1": 1}},\n  "run": "runs/none.run"\n}\n';

describe('fixtures naming qrels and run files in the editor', () => {
  let client: TestClient;
  const dir = tempFiles({ 'qrels/dev.tsv': QRELS_TSV, 'fx.rank.json': FIXTURE, 'missing.rank.json': MISSING, 'runs/.keep': '' });
  writeFileSync(join(dir, 'runs/bm25.run.gz'), gzipSync(BM25));
  const uri = (path: string) => pathToFileURL(join(dir, path)).toString();
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it("reads the files from disk: the fixture's means and each query's values are trec_eval's, each case named (they share one line)", async () => {
    const fx = uri('fx.rank.json');
    await client.open(fx, FIXTURE);
    // The run is read in the background: its findings come once it is read. (± marks a value other presets differ on.)
    await client.diagnosticsWhere(fx, (d) => d.some((x) => x.code === 'query-not-in-qrels'));
    assert.deepEqual(titles(await client.resolvedCodeLenses(fx)), [
      'trec_eval (built-in)',
      'mean of 3: P@3 0.556 · nDCG@10 0.770',
      'q1: P@3 0.667',
      'nDCG@10 0.760 ±',
      'q2: P@3 0.667',
      'nDCG@10 0.920 ±',
      'q3: P@3 0.333 ±',
      'nDCG@10 0.631 ±',
    ]);
  });

  it('reads a file again when it changes on disk', async () => {
    const fx = uri('fx.rank.json');
    // q3 now ranks d6 first: nDCG@10 1, P@3 1/3; the mean of nDCG@10 is (0.7602 + 0.9197 + 1) / 3 = 0.8933.
    writeFileSync(join(dir, 'runs/bm25.run.gz'), gzipSync(BM25.replace('q3 Q0 d8 1 9 bm25', 'q3 Q0 d8 1 5 bm25')));
    const before = client.publishedCount(fx);
    await client.connection.sendNotification('workspace/didChangeWatchedFiles', { changes: [{ uri: uri('runs/bm25.run.gz'), type: 2 }] });
    // Published twice: while the file is read again (its cases not evaluated), then once it is read.
    await client.until(() => (client.publishedCount(fx) >= before + 2 ? true : undefined), 'the run read again');
    assert.deepEqual(titles(await client.resolvedCodeLenses(fx)), [
      'trec_eval (built-in)',
      'mean of 3: P@3 0.556 · nDCG@10 0.893',
      'q1: P@3 0.667',
      'nDCG@10 0.760 ±',
      'q2: P@3 0.667',
      'nDCG@10 0.920 ±',
      'q3: P@3 0.333 ±',
      'nDCG@10 1.000',
    ]);
  });

  it('links each path to its file (the string without its quotes)', async () => {
    const fx = uri('fx.rank.json');
    const links = await client.connection.sendRequest<{ range: unknown; target: string }[]>('textDocument/documentLink', {
      textDocument: { uri: fx },
    });
    assert.deepEqual(
      links.map((l) => [l.range, l.target]),
      [
        [{ start: { line: 2, character: 12 }, end: { line: 2, character: 25 } }, uri('qrels/dev.tsv')],
        [{ start: { line: 3, character: 10 }, end: { line: 3, character: 26 } }, uri('runs/bm25.run.gz')],
      ],
    );
  });

  it('a missing file: an error on its name, where it is written', async () => {
    const missing = uri('missing.rank.json');
    await client.open(missing, MISSING);
    const found = await client.diagnosticsWhere(missing, (d) => d.some((x) => x.code === 'file-reference-unreadable'));
    assert.deepEqual(
      found.map((d) => [d.code, d.severity, d.range, d.message]),
      [
        [
          'file-reference-unreadable',
          1,
          { start: { line: 2, character: 9 }, end: { line: 2, character: 24 } },
          'The run file "runs/none.run" cannot be read: there is no such file',
        ],
      ],
    );
  });
});
