/**
 * Runs and qrels as TSV, CSV and JSON lines in the editor, from the built server over stdio: a file a
 * ranklens.config.json `qrels` rule names is read in its format, gets the same lenses, hovers, inlay
 * hints and findings as TREC text, and pairs across formats (a JSON-lines or TSV run with TREC qrels,
 * a TREC run with BEIR/MTEB TSV qrels read from disk).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';
import { tempFiles } from '../cli/ranklens';
import { FILE_LENS, Q1_LENS, Q2_LENS, QRELS, RUN, titles } from './trecExample';

// The rows of trecExample.ts in the other formats; the same rows give the same numbers (d7 and d2 still tie at 7.0, ordered by docid).
const BEIR_QRELS = `query-id\tcorpus-id\tscore
q1\td1\t2
q1\td2\t1
q1\td3\t0
q1\td4\t1
q2\td1\t1
q2\td5\t1
q2\td6\t0
q3\td9\t1
`;
const rows = RUN.trim()
  .split('\n')
  .map((l) => l.split(' '));
const JSONL_RUN = rows.map(([q, , d, , s]) => `{"qid": "${q}", "docid": "${d}", "score": ${s}}\n`).join('');
const TSV_RUN = `qid\tdocid\tscore\n${rows.map(([q, , d, , s]) => `${q}\t${d}\t${s}\n`).join('')}`;

describe('TREC runs and qrels in TSV, CSV and JSON lines in the editor', () => {
  let client: TestClient;
  const dir = tempFiles({
    'ranklens.config.json': JSON.stringify({
      qrels: { 'runs/*.jsonl': 'qrels/dev.qrels', 'runs/*.tsv': 'qrels/dev.qrels', 'beir/*.run': 'qrels/test.tsv' },
    }),
    'qrels/dev.qrels': QRELS,
    'qrels/test.tsv': BEIR_QRELS,
    'runs/bm25.jsonl': JSONL_RUN,
    'runs/bm25.tsv': TSV_RUN,
    'beir/bm25.run': RUN,
    'other/table.tsv': TSV_RUN,
  });
  const uri = (path: string) => pathToFileURL(join(dir, path)).toString();
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  const evaluated = (run: string, code: string) => client.diagnosticsWhere(run, (d) => d.some((x) => x.code === code));

  it("shows a JSON-lines run's per-query lenses with the TREC run's values", async () => {
    const run = uri('runs/bm25.jsonl');
    await client.open(run, JSONL_RUN, 'jsonl');
    const found = await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
    // The tie of d2 with d7 sits at d2's score literal: `{"qid": "q1", "docid": "d2", "score": ` is 38 characters.
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        ['score-ties', 3, 38, 41],
        ['query-not-in-run', 0, 0, 0],
      ],
    );
  });

  it("shows a TSV run (header first) with the same values, its lenses on each query's first row", async () => {
    const run = uri('runs/bm25.tsv');
    await client.open(run, TSV_RUN, 'plaintext');
    await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `1: ${Q1_LENS}`, `5: ${Q2_LENS}`]);
  });

  it('names the judgement on hover over a JSON-lines row, without a rank column to compare', async () => {
    const run = uri('runs/bm25.jsonl');
    const hover = await client.hover(run, JSONL_RUN.indexOf('d2'));
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /^\*\*d2\*\* for query \*\*q1\*\*: relevant, grade 1/);
    assert.match(value, /trec_eval rank \*\*4\*\* of 4 \(score descending, then docid descending\)\.\n/);
    assert.doesNotMatch(value, /rank column/);
    // AP@10: the second hit at rank 4 adds (2/4) / 3 relevant = 0.1667.
    assert.match(value, /- AP@10: \+0\.1667/);
  });

  it('puts the inlay hint after the docid value', async () => {
    const run = uri('runs/bm25.jsonl');
    const hints = await client.inlayHints(run);
    // `{"qid": "q1", "docid": "d3` is 26 characters: the mark follows the docid, inside its quotes.
    assert.deepEqual(
      hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`),
      ['0:26 ✗', '1:26 ✓2', '2:26 ?', '3:26 ✓1', '4:26 ✓1', '5:26 ?', '6:26 ✗', '7:26 ✓1'],
    );
  });

  it('tells a row without its score at its line, and evaluates the rest', async () => {
    const run = uri('runs/broken.tsv');
    const text = TSV_RUN.replace('q2\td8\t2.5', 'q2\td8');
    await client.open(run, text, 'plaintext');
    const found = await evaluated(run, 'malformed-line');
    const bad = found.find((d) => d.code === 'malformed-line')!;
    assert.deepEqual([bad.range.start.line, bad.range.start.character, bad.range.end.line, bad.range.end.character], [6, 0, 6, 5]);
    assert.equal(
      bad.message,
      'This TSV run row cannot be read: it has 2 tab-separated cells where the header names 3, so no score (column 3). The line is skipped.',
    );
    // q2 without d8 ranks d5 (1), d6 (0), d1 (1): AP@10 (1/1 + 2/3) / 2 = 0.8333; nDCG@10 (1 + 1/log2 4) /
    // (1 + 1/log2 3) = 1.5 / 1.6309 = 0.9197. The means are marked partial: a line was skipped.
    assert.deepEqual(titles(await client.codeLenses(run)), [
      '0: trec_eval (built-in) · mean of 2: nDCG@10 0.730 · AP@10 0.583 · P@1 0.500 · R@1 0.250 · PARTIAL',
      `1: ${Q1_LENS}`,
      '5: nDCG@10 0.920 · AP@10 0.833 · P@1 1.000 · R@1 0.500',
    ]);
    await client.close(run);
  });

  it('pairs a TREC run with BEIR/MTEB TSV qrels read from disk', async () => {
    const run = uri('beir/bm25.run');
    await client.open(run, RUN, 'trec-run');
    await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
  });

  it('reads TSV qrels a rule names as qrels, and leaves a .tsv file no rule or pattern names alone', async () => {
    const qrels = uri('qrels/test.tsv');
    await client.open(qrels, BEIR_QRELS, 'plaintext');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: qrels }), { role: 'qrels' });
    const hover = await client.hover(qrels, BEIR_QRELS.indexOf('q1'));
    // beir/bm25.run, open and paired with these qrels, retrieves d1 and d2 of q1's relevant d1, d2, d4.
    assert.equal(
      (hover?.contents as { value: string }).value,
      'Query **q1**: 4 judgements, 3 relevant — grade 2: 1 · grade 1: 2 · grade 0: 1\n\n- bm25.run: retrieves 2 of the 3 relevant (4 lines for this query)',
    );
    await client.close(qrels);
    const other = uri('other/table.tsv');
    await client.open(other, TSV_RUN, 'plaintext');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: other }), { role: 'none' });
  });
});

describe('a TSV run that ranklens.trec.runPatterns names', () => {
  let client: TestClient;
  const dir = tempFiles({ 'ranklens.config.json': JSON.stringify({ qrels: { 'runs/*.run': 'qrels/dev.qrels' } }) });
  const run = pathToFileURL(join(dir, 'other/bm25.run.tsv')).toString();
  before(async () => {
    client = await TestClient.start({ settings: { trec: { runPatterns: ['*.run', '*.run.tsv'] } } });
  });
  after(async () => {
    await client.stop();
  });

  it('is read as a run, and told how to pair it when no rule does', async () => {
    await client.open(run, TSV_RUN, 'plaintext');
    const found = await client.diagnosticsWhere(run, (d) => d.some((x) => x.code === 'run-not-paired'));
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line]),
      [['run-not-paired', 0]],
    );
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: run }), {
      role: 'run',
      config: pathToFileURL(join(dir, 'ranklens.config.json')).toString(),
      message: `No "qrels" rule of ${join(dir, 'ranklens.config.json')} matches this run.`,
    });
  });
});
