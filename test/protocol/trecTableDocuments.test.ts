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
import { InlayHint } from 'vscode-languageserver-protocol/node';
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

// The same rows as one JSON value: a run object {qid: {docid: score}} indented as ranx writes it, a
// list of records on one line as pandas writes it, and qrels as one object {qid: {docid: grade}}.
const byQuery = (lines: string[][], value: (l: string[]) => string) => {
  const out = new Map<string, string[]>();
  for (const l of lines) out.set(l[0], [...(out.get(l[0]) ?? []), `"${l[2]}": ${value(l)}`]);
  return out;
};
const OBJECT_RUN = `{\n${[...byQuery(rows, (l) => l[4])].map(([q, pairs]) => `  "${q}": {\n    ${pairs.join(',\n    ')}\n  }`).join(',\n')}\n}\n`;
const RECORDS_RUN = `[${rows.map(([q, , d, , s]) => `{"qid": "${q}", "docid": "${d}", "score": ${s}}`).join(', ')}]`;
const qrelsLines = QRELS.trim()
  .split('\n')
  .map((l) => l.split(' '));
const OBJECT_QRELS = JSON.stringify(
  Object.fromEntries([...byQuery(qrelsLines, (l) => l[3])].map(([q, pairs]) => [q, JSON.parse(`{${pairs.join(',')}}`)])),
);

describe('TREC runs and qrels as one JSON value in the editor', () => {
  let client: TestClient;
  const dir = tempFiles({
    'ranklens.config.json': JSON.stringify({ qrels: { 'runs/*.json': 'qrels/dev.json', 'trec/*.run': 'qrels/dev.json' } }),
    'qrels/dev.json': OBJECT_QRELS,
    'runs/object.json': OBJECT_RUN,
    'runs/records.json': RECORDS_RUN,
    'trec/bm25.run': RUN,
  });
  const uri = (path: string) => pathToFileURL(join(dir, path)).toString();
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });
  const evaluated = (run: string, code: string) => client.diagnosticsWhere(run, (d) => d.some((x) => x.code === code));

  it("shows a JSON object run's lenses on its query keys with trec_eval's values", async () => {
    // q1's key is on line 1, q2's on line 7 (q1's four pairs on lines 2–5, its "}," on 6).
    assert.equal(OBJECT_RUN.split('\n')[7], '  "q2": {');
    const run = uri('runs/object.json');
    await client.open(run, OBJECT_RUN, 'json');
    const found = await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `1: ${Q1_LENS}`, `7: ${Q2_LENS}`]);
    // The tie of d2 with d7 at d2's score: line 5 is `    "d2": 7.0`.
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        ['score-ties', 5, 10, 13],
        ['query-not-in-run', 0, 0, 0],
      ],
    );
    // The hints follow each docid, inside its quotes: `    "d3` is 7 characters.
    const hints = await client.inlayHints(run);
    assert.deepEqual(
      hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`),
      ['2:7 ✗', '3:7 ✓2', '4:7 ?', '5:7 ✓1', '8:7 ✓1', '9:7 ?', '10:7 ✗', '11:7 ✓1'],
    );
  });

  it('shows the same values for a list of records on one line, every lens on that line, and a hover on each record', async () => {
    const run = uri('runs/records.json');
    await client.open(run, RECORDS_RUN, 'json');
    await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `0: ${Q1_LENS}`, `0: ${Q2_LENS}`]);
    // On one line, the hover is the record's under the cursor: q2's d1, 4th of 4, relevant.
    const hover = await client.hover(run, RECORDS_RUN.lastIndexOf('"d1"') + 2);
    const value = (hover?.contents as { value: string }).value;
    assert.match(value, /^\*\*d1\*\* for query \*\*q2\*\*: relevant, grade 1/);
    assert.match(value, /trec_eval rank \*\*4\*\* of 4/);
    // Inlay hints for part of the line: the records whose docid ends in it, q2's four (✓1 ? ✗ ✓1).
    const from = RECORDS_RUN.indexOf('{"qid": "q2"');
    const hints: InlayHint[] = await client.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri: run },
      range: { start: { line: 0, character: from }, end: { line: 0, character: RECORDS_RUN.length } },
    });
    assert.deepEqual(
      hints.map((h) => `${h.position.character - from} ${h.label}`),
      ['26 ✓1', '70 ?', '114 ✗', '158 ✓1'],
    );
  });

  it('pairs a TREC run with JSON qrels read from disk, with the same values', async () => {
    const run = uri('trec/bm25.run');
    await client.open(run, RUN, 'trec-run');
    await evaluated(run, 'query-not-in-run');
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `0: ${Q1_LENS}`, `4: ${Q2_LENS}`]);
    await client.close(run);
  });

  it('tells a JSON run that is not the shape at its token, and shows no numbers', async () => {
    const run = uri('runs/broken.json');
    // A comma after q2's last pair: a docid is expected, and "}" (line 12, `  }`) is found.
    const text = OBJECT_RUN.replace('"d1": 1.0\n', '"d1": 1.0,\n');
    await client.open(run, text, 'json');
    const found = await evaluated(run, 'format-error');
    assert.deepEqual(
      found.map((d) => [
        d.code,
        d.severity,
        d.range.start.line,
        d.range.start.character,
        d.range.end.line,
        d.range.end.character,
        d.message,
      ]),
      [
        [
          'format-error',
          1,
          12,
          2,
          12,
          3,
          'The run file is not JSON of the shape it is read as: expected a document id (a string), found "}". Nothing is read from it.',
        ],
      ],
    );
    assert.deepEqual(await client.codeLenses(run), []);
    await client.close(run);
  });

  it('tells a docid listed twice in a record list at its repeat, pointing at the first, and leaves the query out under trec_eval', async () => {
    const run = uri('runs/twice.json');
    const text = RECORDS_RUN.replace('"docid": "d7"', '"docid": "d3"');
    await client.open(run, text, 'json');
    const found = await evaluated(run, 'duplicate-prediction');
    const twice = found.find((d) => d.code === 'duplicate-prediction')!;
    // The repeat is q1's third record, its docid after `[` and two records; the first d3 is the first record's.
    const repeat = text.indexOf('"d3"', text.indexOf('"d3"') + 1) + 1;
    assert.deepEqual([twice.range.start.character, twice.range.end.character], [repeat, repeat + 2]);
    assert.equal(twice.severity, 1);
    assert.deepEqual(
      twice.relatedInformation?.map((r) => [r.location.range.start.character, r.location.range.end.character, r.message]),
      [[text.indexOf('"d3"') + 1, text.indexOf('"d3"') + 3, 'first occurrence']],
    );
    assert.match(twice.message as string, /^"d3" appears twice for query q1: duplicates=error: the query is not evaluated/);
    // Only q2 is evaluated: the file lens is q2's values, marked partial.
    assert.deepEqual(
      titles(await client.codeLenses(run))[0],
      '0: trec_eval (built-in) · mean of 1 of 2 (1 NaN): nDCG@10 0.877 · AP@10 0.750 · P@1 1.000 · R@1 0.500 · PARTIAL',
    );
    await client.close(run);
  });

  it('reads JSON qrels a rule names as qrels: a hover finds the query of the pair under the cursor', async () => {
    const qrels = uri('qrels/dev.json');
    await client.open(qrels, OBJECT_QRELS, 'json');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: qrels }), { role: 'qrels' });
    const hover = await client.hover(qrels, OBJECT_QRELS.indexOf('"d5"') + 1);
    // runs/object.json and runs/records.json, open and paired, each retrieve d1 and d5 of q2's relevant d1, d5.
    assert.equal(
      (hover?.contents as { value: string }).value,
      'Query **q2**: 3 judgements, 2 relevant — grade 1: 2 · grade 0: 1\n\n- object.json: retrieves 2 of the 2 relevant (4 lines for this query)\n- records.json: retrieves 2 of the 2 relevant (4 lines for this query)',
    );
  });
});

describe('a CSV run and TSV qrels whose columns ranklens.trec.columns names', () => {
  let client: TestClient;
  // The rows of trecExample.ts under names no usual column name matches: --columns query=session,doc=product,score=logit,grade=judgement.
  const CSV_RUN = `session,product,logit\n${rows.map(([q, , d, , s]) => `${q},${d},${s}\n`).join('')}`;
  const QRELS_TSV = BEIR_QRELS.replace('query-id\tcorpus-id\tscore', 'session\tproduct\tjudgement');
  const COLUMNS = { query: 'session', doc: 'product', score: 'logit', grade: 'judgement' };
  const dir = tempFiles({
    'ranklens.config.json': JSON.stringify({ qrels: { 'recs/*.csv': 'qrels/test.tsv' } }),
    'qrels/test.tsv': QRELS_TSV,
  });
  const run = pathToFileURL(join(dir, 'recs/model.csv')).toString();
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('is not a run until the setting names its columns, then has the TREC run lenses and trec_eval values', async () => {
    await client.open(run, CSV_RUN, 'csv');
    assert.deepEqual(await client.connection.sendRequest('ranklens/trecPairing', { uri: run }), { role: 'none' });
    // As VS Code sends it: the setting pulled back through workspace/configuration after the change.
    client.settings = { trec: { columns: COLUMNS } };
    await client.connection.sendNotification('workspace/didChangeConfiguration', { settings: { ranklens: client.settings } });
    const found = await client.diagnosticsWhere(run, (d) => d.some((x) => x.code === 'query-not-in-run'));
    assert.deepEqual(
      found.map((d) => [d.code, d.range.start.line, d.range.start.character, d.range.end.character]),
      [
        // The tie of d2 with d7 at d2's score: "q1,d2," is 6 characters.
        ['score-ties', 4, 6, 9],
        ['query-not-in-run', 0, 0, 0],
      ],
    );
    assert.deepEqual(titles(await client.codeLenses(run)), [`0: ${FILE_LENS}`, `1: ${Q1_LENS}`, `5: ${Q2_LENS}`]);
    assert.equal((await client.connection.sendRequest<{ role: string }>('ranklens/trecPairing', { uri: run })).role, 'run');
  });
});
