/**
 * `ranklens trec` on qrels and runs in the formats people have besides TREC text: BEIR/MTEB's TSV,
 * JSON lines, one JSON object, CSV, Parquet (each also gzipped), read into the same judgements and
 * rankings as the TREC text of the same data, so every measure equals it; and the hostile cases the
 * TREC reader handles (ids that are not UTF-8, odd numbers, a byte-order mark, CRLF, a truncated
 * last line, a file that is not the format it claims, a docid twice), each with its finding.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { tempFiles } from '../cli/ranklens';
import { ParquetColumn, ParquetWriter, parquetFile } from '../helpers/parquetFile';
import { snappyCompress } from '../helpers/snappy';
import { ranklens } from './run';
import { LineMap } from '../../shared/trec/read/formats/trecLines';
import { NUMBER_BYTES, writeNumber } from '../../shared/trec/read/formats/numberBytes';
import { chooseColumns, detectFormat, parseColumnMap } from '../../shared/trec/read/formats/inputFormat';

// q1 judges d1 (2), d2 (0), d3 (1); q2 judges d4 (1). The run ranks q1 by score, the tie of d1 and
// d2 at 0.5 broken by docid descending as trec_eval breaks it: d3, d2, d1; q2: d5, d4.
// AP q1 = (1/1 + 2/3) / 2 = 0.8333, q2 = 1/2 = 0.5, map = 0.6667; P@2: 1/2 and 1/2.
const QRELS = 'q1 0 d1 2\nq1 0 d2 0\nq1 0 d3 1\nq2 0 d4 1\n';
const RUN = 'q1 Q0 d1 1 0.5 r\nq1 Q0 d2 2 0.5 r\nq1 Q0 d3 3 0.8 r\nq2 Q0 d4 1 0.1 r\nq2 Q0 d5 2 0.9 r\n';
const EXPECTED = [
  'map                   \tq1\t0.8333',
  'P_2                   \tq1\t0.5000',
  'map                   \tq2\t0.5000',
  'P_2                   \tq2\t0.5000',
  'map                   \tall\t0.6667',
  'P_2                   \tall\t0.5000',
  '',
].join('\n');

const TEXT: Record<string, string> = {
  'qrels.tsv': 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t0\nq1\td3\t1\nq2\td4\t1\n',
  'qrels.jsonl':
    '{"query_id": "q1", "doc_id": "d1", "relevance": 2}\n{"query_id": "q1", "doc_id": "d2", "relevance": 0}\n{"query_id": "q1", "doc_id": "d3", "relevance": 1}\n{"query_id": "q2", "doc_id": "d4", "relevance": 1}\n',
  'qrels.json': '{"q1": {"d1": 2, "d2": 0, "d3": 1.0}, "q2": {"d4": 1}}',
  'qrels.csv': 'user,item,rating\nq1,d1,2\nq1,d2,0\nq1,d3,1\nq2,d4,1\n',
  'run.tsv': 'qid\tdocid\tscore\nq1\td1\t0.5\nq1\td2\t0.5\nq1\td3\t0.8\nq2\td4\t0.1\nq2\td5\t0.9\n',
  'run.jsonl':
    '{"qid": "q1", "docid": "d1", "score": 0.5}\n{"qid": "q1", "docid": "d2", "score": 0.5}\n{"qid": "q1", "docid": "d3", "score": 0.8}\n{"qid": "q2", "docid": "d4", "score": 0.1}\n{"qid": "q2", "docid": "d5", "score": 0.9}\n',
  'run.json': '{\n  "q1": {"d1": 0.5, "d2": 0.5, "d3": 0.8},\n  "q2": {"d4": 0.1, "d5": 0.9}\n}\n',
  'run.csv': 'user_id,item_id,prediction\nq1,d1,0.5\nq1,d2,0.5\nq1,d3,0.8\nq2,d4,0.1\nq2,"d5",0.9\n',
  // A list of records: as pandas' to_json(orient="records") writes it (one line, no blanks), and laid out by hand.
  'qrels.records.json':
    '[{"qid":"q1","docid":"d1","relevance":2},{"qid":"q1","docid":"d2","relevance":0},{"qid":"q1","docid":"d3","relevance":1},{"qid":"q2","docid":"d4","relevance":1}]',
  'run.records.json':
    '[\n  {"query_id": "q1", "doc_id": "d1", "score": 0.5},\n  {"query_id": "q1", "doc_id": "d2", "score": 0.5},\n  {"query_id": "q1", "doc_id": "d3", "score": 0.8},\n  {"query_id": "q2", "doc_id": "d4", "score": 0.1},\n  {"query_id": "q2", "doc_id": "d5", "score": 0.9}\n]\n',
  // Ranked by rank alone (no score): d3 first, then d2, d1; q2: d5, d4.
  'ranked.csv': 'qid,docid,rank\nq1,d3,1\nq1,d2,2\nq1,d1,3\nq2,d5,1\nq2,d4,2\n',
  // Own column names, given with --columns.
  'own.csv': 'u,i,p\nq1,d1,0.5\nq1,d2,0.5\nq1,d3,0.8\nq2,d4,0.1\nq2,d5,0.9\n',
  // A byte-order mark and CRLF line ends.
  'marked.tsv': '\ufeffquery-id\tcorpus-id\tscore\r\nq1\td1\t2\r\nq1\td2\t0\r\nq1\td3\t1\r\nq2\td4\t1\r\n',
};

function folder(): string {
  const dir = tempFiles({ 'qrels.trec': QRELS, 'run.trec': RUN, ...TEXT });
  writeFileSync(
    join(dir, 'qrels.parquet'),
    parquetFile([
      { name: 'qid', type: 'string', values: ['q1', 'q1', 'q1', 'q2'] },
      { name: 'docid', type: 'string', values: ['d1', 'd2', 'd3', 'd4'] },
      { name: 'relevance', type: 'int64', values: [2, 0, 1, 1] },
    ]),
  );
  writeFileSync(
    join(dir, 'run.parquet'),
    parquetFile([
      { name: 'qid', type: 'string', values: ['q1', 'q1', 'q1', 'q2', 'q2'] },
      { name: 'docid', type: 'string', values: ['d1', 'd2', 'd3', 'd4', 'd5'] },
      { name: 'score', type: 'double', values: [0.5, 0.5, 0.8, 0.1, 0.9] },
    ]),
  );
  // As pyarrow and pandas write by default: optional columns, dictionary-encoded, here in pages of 2 rows.
  writeFileSync(
    join(dir, 'dict.qrels.parquet'),
    parquetFile([
      { name: 'query_id', type: 'string', values: ['q1', 'q1', 'q1', 'q2'], optional: true, dictionary: true, pageRows: 2 },
      { name: 'doc_id', type: 'string', values: ['d1', 'd2', 'd3', 'd4'], optional: true, dictionary: true, pageRows: 2 },
      { name: 'relevance', type: 'int32', values: [2, 0, 1, 1], optional: true, dictionary: true, pageRows: 2 },
    ]),
  );
  writeFileSync(
    join(dir, 'dict.run.parquet'),
    parquetFile([
      { name: 'qid', type: 'string', values: ['q1', 'q1', 'q1', 'q2', 'q2'], optional: true, dictionary: true, pageRows: 2 },
      { name: 'docid', type: 'string', values: ['d1', 'd2', 'd3', 'd4', 'd5'], optional: true, dictionary: true, pageRows: 2 },
      { name: 'score', type: 'double', values: [0.5, 0.5, 0.8, 0.1, 0.9], optional: true, dictionary: true, pageRows: 2 },
    ]),
  );
  writeFileSync(join(dir, 'run.jsonl.gz'), gzipSync(TEXT['run.jsonl']));
  writeFileSync(join(dir, 'qrels.tsv.gz'), gzipSync(TEXT['qrels.tsv']));
  return dir;
}

const MEASURES = ['-q', '-m', 'map', '-m', 'P.2'];

describe('ranklens trec: qrels and runs in other formats', () => {
  const dir = folder();

  it('TREC text gives the hand-worked values', async () => {
    const r = await ranklens(['trec', 'qrels.trec', 'run.trec', ...MEASURES], { cwd: dir });
    assert.equal(r.stdout, EXPECTED);
    assert.equal(r.stderr, '');
  });

  for (const qrels of [
    'qrels.trec',
    'qrels.tsv',
    'qrels.jsonl',
    'qrels.json',
    'qrels.records.json',
    'qrels.csv',
    'qrels.parquet',
    'dict.qrels.parquet',
    'qrels.tsv.gz',
    'marked.tsv',
  ]) {
    for (const run of [
      'run.trec',
      'run.tsv',
      'run.jsonl',
      'run.json',
      'run.records.json',
      'run.csv',
      'run.parquet',
      'dict.run.parquet',
      'run.jsonl.gz',
      'ranked.csv',
    ]) {
      it(`${qrels} and ${run} give the same values`, async () => {
        const r = await ranklens(['trec', qrels, run, ...MEASURES], { cwd: dir });
        assert.equal(r.stderr, '');
        assert.equal(r.stdout, EXPECTED);
        assert.equal(r.code, 0);
      });
    }
  }

  it('--columns names columns that are not the usual ones', async () => {
    const r = await ranklens(['trec', 'qrels.csv', 'own.csv', ...MEASURES, '--columns', 'query=u,doc=i,score=p'], { cwd: dir });
    assert.equal(r.stdout, EXPECTED);
    const without = await ranklens(['trec', 'qrels.csv', 'own.csv', ...MEASURES, '--run-format', 'csv'], { cwd: dir });
    assert.equal(without.stdout, '');
    assert.equal(
      without.stderr,
      'own.csv:1:1 error format-error The run file\'s first line is not the header of comma-separated values: expected a query column (qid, query_id, query-id, queryid, user, user_id, userid, topic, topic_id) and a document column (docid, doc_id, corpus-id, corpus_id, docno, item, item_id, itemid, pid, passage_id, document_id) and a score column (score, prediction, sim) or a rank column, found the columns "u", "i", "p"; name them with --columns (query=…,doc=…,score=…). Nothing is read from it.\n',
    );
    assert.equal(without.code, 1);
  });

  it("a run without a tag is named by its file's name in the runid line; a tag column names it", async () => {
    const r = await ranklens(['trec', 'qrels.tsv', 'run.jsonl', '-m', 'runid', '-m', 'num_ret'], { cwd: dir });
    assert.equal(r.stdout, 'runid                 \tall\trun\nnum_ret               \tall\t5\n');
    const tagged = tempFiles({ 'qrels.tsv': TEXT['qrels.tsv'], 'bm25.csv': 'qid,docid,score,tag\nq1,d1,0.5,bm25-k1.2\n' });
    const t = await ranklens(['trec', 'qrels.tsv', 'bm25.csv', '-m', 'runid', '-m', 'num_ret'], { cwd: tagged });
    assert.equal(t.stdout, 'runid                 \tall\tbm25-k1.2\nnum_ret               \tall\t1\n');
  });
});

describe('ranklens trec: compressed Parquet', () => {
  const pyarrow = (codec: ParquetColumn['codec']): ParquetColumn[] => [
    { name: 'qid', type: 'string', values: ['q1', 'q1', 'q1', 'q2', 'q2'], optional: true, dictionary: true, codec },
    { name: 'docid', type: 'string', values: ['d1', 'd2', 'd3', 'd4', 'd5'], optional: true, dictionary: true, codec },
    { name: 'score', type: 'double', values: [0.5, 0.5, 0.8, 0.1, 0.9], optional: true, dictionary: true, codec },
  ];

  it('Snappy, as its format describes it: "abcdabcdabcd" is its length, a literal "abcd" and a copy of 8 bytes from 4 back', () => {
    assert.deepEqual([...snappyCompress(Buffer.from('abcdabcdabcd'))], [0x0c, 0x0c, 0x61, 0x62, 0x63, 0x64, 0x1e, 0x04, 0x00]);
  });

  it("pyarrow's default (optional, dictionary-encoded, Snappy-compressed pages) and gzip give the hand-worked values", async () => {
    const dir = folder();
    writeFileSync(join(dir, 'snappy.parquet'), parquetFile(pyarrow('SNAPPY')));
    writeFileSync(join(dir, 'gzip.parquet'), parquetFile(pyarrow('GZIP')));
    for (const run of ['snappy.parquet', 'gzip.parquet']) {
      const r = await ranklens(['trec', 'qrels.trec', run, ...MEASURES], { cwd: dir });
      assert.equal(r.stdout, EXPECTED, run);
      assert.equal(r.stderr, '', run);
    }
  });

  it('a codec Ranklens does not decompress (ZSTD) is refused, naming the column, the codec and how to rewrite the file', async () => {
    const dir = folder();
    const columns = pyarrow(undefined).map((c) => (c.name === 'docid' ? { ...c, codec: { unapplied: 'ZSTD' as const } } : c));
    writeFileSync(join(dir, 'zstd.parquet'), parquetFile(columns));
    const r = await ranklens(['trec', 'qrels.trec', 'zstd.parquet', ...MEASURES], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'zstd.parquet:1:1 error format-error The run file is not Parquet of the shape it is read as: its column "docid" is compressed with ZSTD, which Ranklens does not decompress (it reads Parquet uncompressed or compressed with Snappy, pyarrow\'s default, gzip or Brotli); rewrite it with pyarrow, pyarrow.parquet.write_table(pyarrow.parquet.read_table(path), new_path, compression="snappy"), or pandas, df.to_parquet(new_path, compression="snappy"). Nothing is read from it.\n',
    );
    assert.equal(r.code, 1);
  });
});

describe('ranklens trec: files larger than one read', () => {
  it('reads TSV and JSON lines of 3 MB the same across the 1 MB pieces they are read in, CRLF included', async () => {
    // 300 queries × 200 documents; every third judged, grade 1 or 2; scores with ties.
    const trec: string[] = [];
    const tsv: string[] = ['qid\tdocid\tscore'];
    const jsonl: string[] = [];
    const qrels: string[] = [];
    for (let q = 1; q <= 300; q++)
      for (let d = 1; d <= 200; d++) {
        const score = ((q * 7919 + d * 104729) % 1000) / 100;
        trec.push(`q${q} Q0 doc-${d} 0 ${score} r`);
        tsv.push(`q${q}\tdoc-${d}\t${score}`);
        jsonl.push(`{"qid": "q${q}", "docid": "doc-${d}", "score": ${score}}`);
        if ((q + d) % 3 === 0) qrels.push(`q${q} 0 doc-${d} ${1 + ((q * d) % 2)}`);
      }
    const dir = tempFiles({
      'q.trec': `${qrels.join('\n')}\n`,
      'r.trec': `${trec.join('\n')}\n`,
      'r.tsv': `${tsv.join('\r\n')}\r\n`,
      'r.jsonl': `${jsonl.join('\n')}\n`,
    });
    const want = await ranklens(['trec', 'q.trec', 'r.trec', '-m', 'map', '-m', 'ndcg', '-m', 'num_ret'], { cwd: dir });
    assert.match(want.stdout, /^num_ret +\tall\t60000\n/);
    for (const run of ['r.tsv', 'r.jsonl']) {
      const got = await ranklens(['trec', 'q.trec', run, '-m', 'map', '-m', 'ndcg', '-m', 'num_ret'], { cwd: dir });
      assert.equal(got.stdout, want.stdout, run);
      assert.equal(got.stderr, '', run);
    }
  });
});

describe('ranklens trec: a truncated last JSON line after a full read', () => {
  it('is malformed even where the bytes left in the read buffer past it would close it ("}\\n" of an earlier line)', async () => {
    // 30,000 lines of 45 bytes: the last read of the 1 MB buffer ends inside the cut line, and the
    // buffer's next bytes, left from the first read, are those of a line at the same place: "}\n".
    const rows = Array.from({ length: 30_000 }, (_, i) => `{"qid": "q1", "docid": "d${String(i).padStart(5, '0')}", "score": 0.5}`);
    const dir = tempFiles({ 'q.trec': 'q1 0 d00001 1\n', 'r.jsonl': `${rows.join('\n')}\n{"qid": "q1", "docid": "d99999", "score": 0.5` });
    const r = await ranklens(['trec', 'q.trec', 'r.jsonl', '-m', 'num_ret'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /^r\.jsonl:30001:1 error malformed-line The line is not JSON \(it ends before the object closes: a truncated line\?\)\./,
    );
    const k = await ranklens(['trec', 'q.trec', 'r.jsonl', '-m', 'num_ret', '--keep-going'], { cwd: dir });
    assert.match(k.stdout, /num_ret +\tall\t30000\n$/);
  });
});

describe('ranklens trec: Parquet of many row groups and pages', () => {
  // 300 queries × 200 documents as above, in row groups of 25,000 rows (the last of 10,000), pages of
  // 4,096 rows: PLAIN and required, or dictionary-encoded and optional as pyarrow writes them.
  const trec: string[] = [];
  const qids: string[] = [];
  const docids: string[] = [];
  const scores: number[] = [];
  const qrels: string[] = [];
  for (let q = 1; q <= 300; q++)
    for (let d = 1; d <= 200; d++) {
      const score = ((q * 7919 + d * 104729) % 1000) / 100;
      trec.push(`q${q} Q0 doc-${d} 0 ${score} r`);
      qids.push(`q${q}`);
      docids.push(`doc-${d}`);
      scores.push(score);
      if ((q + d) % 3 === 0) qrels.push(`q${q} 0 doc-${d} ${1 + ((q * d) % 2)}`);
    }
  const write = (path: string, docs: (string | null)[], dictionary: boolean, codec?: 'SNAPPY') => {
    const optional = dictionary || docs.includes(null);
    const schema = [
      { name: 'qid', type: 'string', optional, dictionary, pageRows: 4096, codec },
      { name: 'docid', type: 'string', optional, dictionary, pageRows: 4096, codec },
      { name: 'score', type: 'double', optional, dictionary, pageRows: 4096, codec },
    ] as const;
    const parts: Uint8Array[] = [];
    const writer = new ParquetWriter(schema, (b) => parts.push(b));
    for (let at = 0; at < qids.length; at += 25_000)
      writer.rowGroup([qids.slice(at, at + 25_000), docs.slice(at, at + 25_000), scores.slice(at, at + 25_000)]);
    writer.end();
    writeFileSync(path, Buffer.concat(parts));
  };
  const MEASURES_BIG = ['-m', 'map', '-m', 'ndcg', '-m', 'num_ret'];

  it('reads PLAIN and dictionary-encoded pages, uncompressed or Snappy-compressed, into the same run as its TREC text', async () => {
    const dir = tempFiles({ 'q.trec': `${qrels.join('\n')}\n`, 'r.trec': `${trec.join('\n')}\n` });
    write(join(dir, 'plain.parquet'), docids, false);
    write(join(dir, 'dict.parquet'), docids, true);
    write(join(dir, 'snappy.parquet'), docids, false, 'SNAPPY');
    write(join(dir, 'dict-snappy.parquet'), docids, true, 'SNAPPY');
    const want = await ranklens(['trec', 'q.trec', 'r.trec', ...MEASURES_BIG], { cwd: dir });
    assert.match(want.stdout, /^num_ret +\tall\t60000\n/);
    for (const run of ['plain.parquet', 'dict.parquet', 'snappy.parquet', 'dict-snappy.parquet']) {
      const got = await ranklens(['trec', 'q.trec', run, ...MEASURES_BIG], { cwd: dir });
      assert.equal(got.stdout, want.stdout, run);
      assert.equal(got.stderr, '', run);
    }
  });

  it('a blank in an id and a null docid are each a malformed row on their row, in either encoding', async () => {
    const docs: (string | null)[] = [...docids];
    docs[4] = 'doc 5'; // row 5, in a row group read whole
    docs[30_000] = null; // row 30,001: its row group has a null
    const kept = trec.filter((_, i) => i !== 4 && i !== 30_000);
    const dir = tempFiles({ 'q.trec': `${qrels.join('\n')}\n`, 'r.trec': `${kept.join('\n')}\n` });
    write(join(dir, 'plain.parquet'), docs, false);
    write(join(dir, 'dict.parquet'), docs, true);
    const want = await ranklens(['trec', 'q.trec', 'r.trec', ...MEASURES_BIG], { cwd: dir });
    assert.match(want.stdout, /^num_ret +\tall\t59998\n/);
    for (const run of ['plain.parquet', 'dict.parquet']) {
      const got = await ranklens(['trec', 'q.trec', run, ...MEASURES_BIG, '--keep-going'], { cwd: dir });
      assert.equal(
        got.stdout,
        `PARTIAL: these means leave out 2 of 60000 run lines (see the errors): they are not the means of the files given.\n${want.stdout}`,
        run,
      );
      assert.equal(
        got.stderr,
        `${run}:5:1 error malformed-line Row 5 has a document id with a blank inside ("doc 5"), which a TREC field cannot hold. It is skipped.\n` +
          `${run}:30001:1 error malformed-line Row 30001 has a null document id. It is skipped.\n`,
      );
    }
  });
});

describe('ranklens trec: hostile files in other formats', () => {
  it('ids that are not UTF-8 stay their bytes: a Latin-1 é in JSON lines meets the same byte in CSV', async () => {
    const dir = tempFiles({});
    writeFileSync(join(dir, 'q.jsonl'), Buffer.from('{"qid": "q1", "docid": "d\xe9", "relevance": 1}\n', 'latin1'));
    writeFileSync(join(dir, 'r.csv'), Buffer.from('qid,docid,score\nq1,x,0.9\nq1,d\xe9,0.5\n', 'latin1'));
    const r = await ranklens(['trec', 'q.jsonl', 'r.csv', '-m', 'map', '-m', 'num_rel_ret'], { cwd: dir });
    // The judged document is second: AP = 1/2.
    assert.equal(r.stdout, 'num_rel_ret           \tall\t1\nmap                   \tall\t0.5000\n');
    assert.equal(r.code, 0);
  });

  it('a \\u escape in JSON names the character: its UTF-8 bytes meet the raw UTF-8 of a TSV', async () => {
    const dir = tempFiles({ 'q.tsv': 'qid\tdocid\trel\nq1\tdé\t1\n', 'r.jsonl': '{"qid": "q1", "docid": "d\\u00e9", "score": 1}\n' });
    const r = await ranklens(['trec', 'q.tsv', 'r.jsonl', '-m', 'map'], { cwd: dir });
    assert.equal(r.stdout, 'map                   \tall\t1.0000\n');
  });

  it('odd numbers: 1e400 is inf, Python\'s NaN is nan, "0x1p-1" is 0.5 under trec_eval, each with the TREC reader\'s warning on its line', async () => {
    const dir = tempFiles({
      'q.tsv': 'qid\tdocid\tscore\nq1\ta\t1\nq1\tb\t1\nq1\tc\t1\n',
      'r.jsonl':
        '{"qid": "q1", "docid": "a", "score": 1e400}\n{"qid": "q1", "docid": "b", "score": NaN}\n{"qid": "q1", "docid": "c", "score": 0.7}\n',
      'r.csv': 'qid,docid,score\nq1,a,0.3\nq1,b,0x1p-1\n',
    });
    const j = await ranklens(['trec', 'q.tsv', 'r.jsonl', '-m', 'num_rel_ret', '--json'], { cwd: dir });
    const report = JSON.parse(j.stdout) as { findings: { code: string; range: { start: { line: number } } }[] };
    assert.deepEqual(
      report.findings.filter((f) => f.code === 'unusual-score').map((f) => f.range.start.line),
      [1, 2],
    );
    // 0x1p-1 is read as 0.5 by C's atof: b (0.5) above a (0.3), both relevant: P@1 = 1, AP = 2/3 (c is unranked).
    const c = await ranklens(['trec', 'q.tsv', 'r.csv', '-m', 'map'], { cwd: dir });
    assert.equal(c.stdout, 'map                   \tall\t0.6667\n');
    assert.match(c.stderr, /^r\.csv:3:1 warning unusual-score /m);
  });

  it('a truncated last line of JSON lines is a malformed line on its line: nothing is evaluated unless --keep-going', async () => {
    const dir = tempFiles({
      'q.tsv': TEXT['qrels.tsv'],
      'r.jsonl':
        '{"qid": "q1", "docid": "d1", "score": 0.5}\n{"qid": "q1", "docid": "d3", "score": 0.8}\n{"qid": "q2", "docid": "d4", "sco',
    });
    const r = await ranklens(['trec', 'q.tsv', 'r.jsonl', '-m', 'map'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.match(
      r.stderr,
      /^r\.jsonl:3:1 error malformed-line The line is not JSON \(it ends before the object closes: a truncated line\?\)\. Nothing is evaluated/,
    );
    assert.equal(r.code, 1);
    const k = await ranklens(['trec', 'q.tsv', 'r.jsonl', '-m', 'map', '--keep-going'], { cwd: dir });
    // q1: d3 (relevant, 0.8), d1 (relevant, 0.5): AP 1; q2 has no line left: skipped. Marked partial.
    assert.match(k.stdout, /^PARTIAL: these means leave out 1 of 3 run lines/);
    assert.match(k.stdout, /map +\tall\t1\.0000\n$/);
  });

  it('a JSON file that is a fixture, not a run, is refused where it stops, with no number', async () => {
    const dir = tempFiles({ 'q.tsv': TEXT['qrels.tsv'], 'fixture.json': '{"cases": [{"id": "q1"}]}\n' });
    const r = await ranklens(['trec', 'q.tsv', 'fixture.json', '-m', 'map'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'fixture.json:1:11 error format-error The run file is not JSON of the shape it is read as: at line 1, column 11, expected an object {document id: score} for query "cases", found a list (this looks like a Ranklens fixture: check it with ranklens check). Nothing is read from it.\n',
    );
    assert.equal(r.code, 1);
  });

  it('a list of records takes --columns and pandas\' "\\/"; a null score is a malformed row on its record\'s line; a list cut short or holding a list is refused where it stops', async () => {
    const dir = tempFiles({
      'q.tsv': 'qid\tdocid\tscore\nq1\td/1\t2\nq1\td2\t0\nq1\td3\t1\nq2\td4\t1\n',
      // pandas writes NaN as null; its second line holds the last record.
      'own.json':
        '[{"user":"q1","item":"d\\/1","prediction":0.5},{"user":"q1","item":"d2","prediction":null},{"user":"q1","item":"d3","prediction":0.8},\n{"user":"q2","item":"d4","prediction":0.1}]',
      'cut.json': '[{"qid": "q1", "docid": "d1", "score": 0.5},\n {"qid": "q1", "docid": "d3", "sco',
      'nested.json': '[{"qid": "q1", "docid": ["d1"], "score": 0.5}]',
    });
    const columns = ['--columns', 'query=user,doc=item,score=prediction'];
    const r = await ranklens(['trec', 'q.tsv', 'own.json', '-m', 'map', '-q', ...columns], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'own.json:1:1 error malformed-line The line has a null score. Nothing is evaluated: trec_eval stops here ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.\n',
    );
    // Without d2's row: q1 ranks d3 (0.8), d/1 (0.5), both relevant: AP 1; q2 ranks d4: AP 1.
    const k = await ranklens(['trec', 'q.tsv', 'own.json', '-m', 'map', '-q', '--keep-going', ...columns], { cwd: dir });
    assert.equal(
      k.stdout,
      'map                   \tq1\t1.0000\nmap                   \tq2\t1.0000\nPARTIAL: these means leave out 1 of 4 run lines (see the errors): they are not the means of the files given.\nmap                   \tall\t1.0000\n',
    );
    const cut = await ranklens(['trec', 'q.tsv', 'cut.json', '-m', 'map'], { cwd: dir });
    assert.equal(cut.stdout, '');
    assert.equal(
      cut.stderr,
      'cut.json:2:31 error format-error The run file is not JSON of the shape it is read as: at line 2, column 31, expected a column name (a string), found a string that does not end on its line (is the file cut short?). Nothing is read from it.\n',
    );
    const nested = await ranklens(['trec', 'q.tsv', 'nested.json', '-m', 'map'], { cwd: dir });
    assert.equal(
      nested.stderr,
      'nested.json:1:25 error format-error The run file is not JSON of the shape it is read as: at line 1, column 25, expected a number, a string or null for "docid", found a list. Nothing is read from it.\n',
    );
    assert.equal(nested.code, 1);
  });

  it('a list of records with a byte-order mark, CRLF, a Latin-1 id, 1e400, NaN, "0x1p-1" and numbers for ids reads as its TREC text', async () => {
    const dir = tempFiles({});
    writeFileSync(join(dir, 'q.trec'), Buffer.from('q1 0 d\xe9 1\nq1 0 y 1\n2 0 7 1\n', 'latin1'));
    writeFileSync(
      join(dir, 'r.json'),
      Buffer.from(
        '\xef\xbb\xbf[{"qid": "q1", "docid": "d\xe9", "score": 1e400},\r\n {"qid": "q1", "docid": "x", "score": NaN},\r\n {"qid": "q1", "docid": "y", "score": "0x1p-1"},\r\n {"qid": 2, "docid": 7, "score": 0.5}]\r\n',
        'latin1',
      ),
    );
    writeFileSync(join(dir, 'r.trec'), Buffer.from('q1 Q0 d\xe9 0 inf r\nq1 Q0 x 0 nan r\nq1 Q0 y 0 0x1p-1 r\n2 Q0 7 0 0.5 r\n', 'latin1'));
    const args = ['-q', '-m', 'map', '-m', 'num_ret'];
    const r = await ranklens(['trec', 'q.trec', 'r.json', ...args], { cwd: dir });
    // q1: dé (inf) first, then y (0.5) above x (NaN): AP (1/1 + 2/2) / 2 = 1; query 2: its one document, relevant.
    assert.equal(
      r.stdout,
      'num_ret               \t2\t1\nmap                   \t2\t1.0000\nnum_ret               \tq1\t3\nmap                   \tq1\t1.0000\nnum_ret               \tall\t4\nmap                   \tall\t1.0000\n',
    );
    assert.deepEqual(
      r.stderr.split('\n').map((l) => /^r\.json:(\d+):1 warning unusual-score/.exec(l)?.[1]),
      ['1', '2', '3', undefined],
    );
    const trec = await ranklens(['trec', 'q.trec', 'r.trec', ...args], { cwd: dir });
    assert.equal(r.stdout, trec.stdout);
  });

  it('a JSON object cut short is refused at the end of the file; a Parquet file that is not one, at its metadata', async () => {
    const dir = tempFiles({ 'q.tsv': TEXT['qrels.tsv'], 'cut.json': '{"q1": {"d1": 0.5,\n "d3": ', 'bad.parquet': 'PAR1 not really' });
    const r = await ranklens(['trec', 'q.tsv', 'cut.json', '-m', 'map'], { cwd: dir });
    assert.equal(
      r.stderr,
      'cut.json:2:8 error format-error The run file is not JSON of the shape it is read as: at line 2, column 8, expected a number for document "d3" of query "q1", found the end of the file (is it cut short?). Nothing is read from it.\n',
    );
    const p = await ranklens(['trec', 'q.tsv', 'bad.parquet', '-m', 'map'], { cwd: dir });
    assert.match(
      p.stderr,
      /^bad\.parquet:1:1 error format-error The run file is not Parquet of the shape it is read as: its metadata cannot be read/,
    );
    assert.equal(p.stdout, '');
    assert.equal(p.code, 1);
  });

  it("a docid judged twice in JSON lines is the TREC reader's duplicate, on the second line, pointing at the first", async () => {
    const dir = tempFiles({
      'q.jsonl': '{"qid": "q1", "docid": "d1", "rel": 1}\n\n{"qid": "q1", "docid": "d1", "rel": 0}\n',
      'r.tsv': 'qid\tdocid\tscore\nq1\td1\t1\n',
    });
    const r = await ranklens(['trec', 'q.jsonl', 'r.tsv', '-m', 'map', '--json'], { cwd: dir });
    const report = JSON.parse(r.stdout) as {
      findings: { code: string; range: { start: { line: number } }; related?: { range: { start: { line: number } } }[] }[];
    };
    const dup = report.findings.find((f) => f.code === 'duplicate-judgement')!;
    assert.equal(dup.range.start.line, 3);
    assert.equal(dup.related![0].range.start.line, 1);
    assert.equal(r.code, 1);
  });

  it('a CSV row with a cell too few, a blank id, a grade that is not whole: each on its line', async () => {
    const dir = tempFiles({ 'q.csv': 'qid,docid,rel\nq1,d1,1.0\nq1,d2\nq1,,1\n', 'r.csv': 'qid,docid,score\nq1,d1,1\n' });
    const r = await ranklens(['trec', 'q.csv', 'r.csv', '-m', 'map', '--keep-going'], { cwd: dir });
    assert.match(r.stderr, /^q\.csv:2:1 warning non-integer-grade /m);
    assert.match(
      r.stderr,
      /^q\.csv:3:1 error malformed-line The line has 2 comma-separated cells where the header names 3\. It is skipped\./m,
    );
    assert.match(r.stderr, /^q\.csv:4:1 error malformed-line The line has an empty document id\. It is skipped\./m);
    assert.match(r.stdout, /map +\tall\t1\.0000\n$/);
  });
});

describe('input formats: detection, columns and line places', () => {
  const bytes = (s: string) => Buffer.from(s, 'latin1');
  it('writes a Parquet number as String() writes it, or leaves it to String()', () => {
    const text = (v: number): string | undefined => {
      const out = new Uint8Array(NUMBER_BYTES);
      const end = writeNumber(out, 0, v);
      return end < 0 ? undefined : Buffer.from(out.subarray(0, end)).toString('latin1');
    };
    assert.equal(text(27.5389), '27.5389');
    assert.equal(text(-27.5389), '-27.5389');
    assert.equal(text(0.05), '0.05');
    assert.equal(text(0.000001), '0.000001');
    assert.equal(text(-0), '0');
    assert.equal(text(2), '2');
    assert.equal(text(123456789.123456), '123456789.123456');
    assert.equal(text(1e9), '1000000000');
    assert.equal(text(999999999999999), '999999999999999');
    // Left to String(): 0.30000000000000004, 1e-7 (String writes an exponent), 7 places, 1e15, inf.
    for (const v of [0.1 + 0.2, 1e-7, 0.1234567, 1e15, 1 / 3, Infinity, NaN]) assert.equal(text(v), undefined, String(v));
    // Every value it writes is String()'s text: 300,000 decimals of 1 to 16 digits, 0 to 7 places.
    let seed = 7;
    const random = () => (seed = (seed * 1103515245 + 12345) % 2147483648) / 2147483648;
    let written = 0;
    for (let i = 0; i < 300_000; i++) {
      const v = ((random() < 0.3 ? -1 : 1) * Math.floor(random() * 10 ** (1 + Math.floor(random() * 16)))) / 10 ** Math.floor(random() * 8);
      const t = text(v);
      if (t === undefined) continue;
      written++;
      if (t !== String(v)) assert.fail(`${String(v)} written as ${t}`);
    }
    assert.ok(written > 150_000, `${written} written`);
  });

  it('detects each format from the name and the first bytes', () => {
    assert.equal(detectFormat('x.txt', bytes('q1 0 d1 1\n')), 'trec');
    assert.equal(detectFormat('x.txt', bytes('query-id\tcorpus-id\tscore\nq1\td1\t1\n')), 'tsv');
    assert.equal(detectFormat('x', bytes('user,item,rating\n1,2,5\n')), 'csv');
    assert.equal(detectFormat('x', bytes('{"qid": "q1", "docid": "d1", "score": 1}\n')), 'jsonl');
    assert.equal(detectFormat('x.json', bytes('{"qid": "q1", "docid": "d1", "score": 1}\n{"qid": "q1"')), 'jsonl');
    assert.equal(detectFormat('x.jsonl', bytes('{"q1": {"d1": 1}}\n')), 'json');
    assert.equal(detectFormat('x', bytes('{\n "q1": {"d1": 1}}')), 'json');
    assert.equal(detectFormat('x.csv', bytes('PAR1\x15\x04')), 'parquet');
    // A TREC file with a header line of blank-separated names stays TREC text (its header-line warning).
    assert.equal(detectFormat('x', bytes('qid iter docno rel\nq1 0 d1 1\n')), 'trec');
    // A first row whose keys name the columns is JSON lines whatever its other keys hold, and Python's
    // bare NaN and Infinity are plain values: neither makes the file one JSON object.
    assert.equal(detectFormat('x.json', bytes('{"qid": "q1", "docid": "d1", "score": 1, "meta": {"src": "bm25"}}\n')), 'jsonl');
    assert.equal(detectFormat('x', bytes('{"qid": "q1", "docid": "d1", "score": NaN}\n')), 'jsonl');
    assert.equal(detectFormat('x', bytes('{"qid": "q1", "docid": "d1", "score": -Infinity}\n')), 'jsonl');
    assert.equal(detectFormat('x', bytes('{"q1": {"d1": NaN}}\n')), 'json');
  });

  it('a JSON-lines run whose first row has NaN or a nested key is read as JSON lines', async () => {
    const dir = tempFiles({
      'q.tsv': 'qid\tdocid\tscore\nq1\ta\t1\nq1\tb\t1\n',
      'nested.json': '{"qid": "q1", "docid": "c", "score": 0.9, "meta": {"src": "bm25"}}\n{"qid": "q1", "docid": "a", "score": 0.5}\n',
      'nan.jsonl': '{"qid": "q1", "docid": "b", "score": NaN}\n{"qid": "q1", "docid": "a", "score": 0.5}\n',
    });
    // c (unjudged) above a: AP = (1/2) / 2 = 0.25.
    const nested = await ranklens(['trec', 'q.tsv', 'nested.json', '-m', 'map'], { cwd: dir });
    assert.equal(nested.stdout, 'map                   \tall\t0.2500\n');
    // Both rows are read (the NaN score with its unusual-score warning), as from the same TREC text.
    const nan = await ranklens(['trec', 'q.tsv', 'nan.jsonl', '-m', 'num_ret', '-m', 'num_rel_ret'], { cwd: dir });
    assert.equal(nan.stdout, 'num_ret               \tall\t2\nnum_rel_ret           \tall\t2\n');
  });

  it("chooses the columns: a qrels grade is a grade column, else BEIR's score; a run ranks by score, else rank", () => {
    assert.deepEqual(chooseColumns(['query-id', 'corpus-id', 'score'], 'qrels'), { query: 0, doc: 1, value: 2, rank: -1, tag: -1 });
    assert.deepEqual(chooseColumns(['qid', 'docid', 'score', 'relevance'], 'qrels'), { query: 0, doc: 1, value: 3, rank: -1, tag: -1 });
    assert.deepEqual(chooseColumns(['qid', 'docid', 'rank'], 'run'), { query: 0, doc: 1, value: -1, rank: 2, tag: -1 });
    assert.deepEqual(chooseColumns(['u', 'i', 'p'], 'run', { query: 'u', doc: 'i', score: 'p' }), {
      query: 0,
      doc: 1,
      value: 2,
      rank: -1,
      tag: -1,
    });
    assert.deepEqual(parseColumnMap('query=user, doc=item,score=prediction'), { query: 'user', doc: 'item', score: 'prediction' });
    assert.match(parseColumnMap('user') as string, /^--columns takes ROLE=COLUMN pairs/);
  });

  it('maps each written line back to its line: a line per row, rows on one line, rows skipped', () => {
    const map = new LineMap();
    for (const source of [2, 3, 4, 6, 7, 9, 9, 9, 10]) map.push(source);
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6, 7, 8, 9].map((l) => map.source(l)),
      [2, 3, 4, 6, 7, 9, 9, 9, 10],
    );
  });
});
