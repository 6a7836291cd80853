/**
 * A text file in another format converted by byte range, in several threads at once: the cuts
 * (at line starts, CRLF kept whole), the parts read back as one TREC text, each finding on its own
 * line of the file whatever range it was read in, and the same evaluation as one thread's.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tempFiles } from '../cli/ranklens';
import { ParquetWriter } from '../helpers/parquetFile';
import { ranklens } from './run';
import { lineRanges } from '../../shared/trec/node/fileChunks';
import { NODE_FILES } from '../../shared/trec/node/nodeFiles';
import { TrecInput, trecInput } from '../../shared/trec/node/convertInput';
import { LineMap } from '../../shared/trec/read/formats/trecLines';
import { readReferencedFile } from '../../shared/trec/node/referencedFile';
import { PRESETS } from '../../shared/core/conventions';

// The TREC text written for a file: its one file, or its parts one after another.
function textOf(input: TrecInput): string {
  const size = NODE_FILES.size(input.path);
  const bytes = new Uint8Array(size);
  assert.equal(NODE_FILES.readAt(input.path, 0, bytes), size);
  return Buffer.from(bytes).toString('latin1');
}

async function convert(dir: string, name: string, kind: 'qrels' | 'run', jobs: number): Promise<TrecInput> {
  const out = tempFiles({});
  return trecInput(join(dir, name), kind, () => out, { jobs });
}

describe('converting by byte range: the cuts', () => {
  // "ab\n" is bytes 0–2, "cd\r\n" 3–6, "ef\n" 7–9.
  const dir = tempFiles({ 'three.txt': 'ab\ncd\r\nef\n', 'open.txt': 'ab\ncd' });
  const three = join(dir, 'three.txt');

  it('moves a cut inside a line to the next line start; a cut between CR and LF moves past the LF', () => {
    // Halves: the cut at byte 5 (the "d") moves to 7.
    assert.deepEqual(lineRanges(three, 0, 10, 2), [
      { start: 0, end: 7 },
      { start: 7, end: 10 },
    ]);
    // Thirds: byte 3 is a line start and stays; byte 6 is the LF of "cd\r\n", so the cut is 7.
    assert.deepEqual(lineRanges(three, 0, 10, 3), [
      { start: 0, end: 3 },
      { start: 3, end: 7 },
      { start: 7, end: 10 },
    ]);
  });

  it('drops the ranges left empty, and keeps a last line without a line break in the last range', () => {
    assert.deepEqual(lineRanges(three, 0, 10, 8), [
      { start: 0, end: 3 },
      { start: 3, end: 7 },
      { start: 7, end: 10 },
    ]);
    assert.deepEqual(lineRanges(three, 3, 10, 1), [{ start: 3, end: 10 }]);
    assert.deepEqual(lineRanges(join(dir, 'open.txt'), 0, 5, 2), [
      { start: 0, end: 3 },
      { start: 3, end: 5 },
    ]);
  });
});

describe('converting by byte range: the parts read as one text', () => {
  it('a folder of parts 0, 1, 2, 10 is their bytes one after another, by size, read at, and read in whole lines from a range', () => {
    const dir = tempFiles({ 'text/0': 'q1 0 d1 1\nq1 0 d2 0\n', 'text/1': 'q2 0 d3 2\n', 'text/2': '', 'text/10': 'q3 0 d4 1\n' });
    const path = join(dir, 'text');
    assert.equal(NODE_FILES.size(path), 40);
    // 12 bytes from 15: the end of part 0 ("d2 0\n") and the start of part 1 ("q2 0 d3").
    const into = new Uint8Array(12);
    assert.equal(NODE_FILES.readAt(path, 15, into), 12);
    assert.equal(Buffer.from(into).toString('latin1'), 'd2 0\nq2 0 d3');
    const pieces: [string, number][] = [];
    NODE_FILES.readByteChunks(
      path,
      (bytes, end, offset) => void pieces.push([Buffer.from(bytes.subarray(0, end)).toString('latin1'), offset]),
      undefined,
      {
        start: 10,
        end: 40,
      },
    );
    assert.deepEqual(pieces, [
      ['q1 0 d2 0\n', 10],
      ['q2 0 d3 2\n', 20],
      ['q3 0 d4 1\n', 30],
    ]);
  });

  it('joins line maps: the second part written after the first, its lines after the lines before it', () => {
    const first = new LineMap();
    for (const source of [2, 3, 5]) first.push(source);
    const second = new LineMap();
    for (const source of [1, 2, 4]) second.push(source);
    // The first range had 6 lines (the sixth blank): the second's line 1 is the file's line 7.
    first.append(second.segments(), 6);
    assert.deepEqual(
      [1, 2, 3, 4, 5, 6].map((l) => first.source(l)),
      [2, 3, 5, 7, 8, 10],
    );
  });
});

// 40 lines of JSON lines after a byte-order mark, CRLF line ends; line 25 is not JSON, line 33 has a blank in its docid, line 20 is blank.
function jsonLines(): string {
  const rows: string[] = [];
  for (let i = 1; i <= 40; i++) rows.push(`{"qid": "q${Math.ceil(i / 10)}", "docid": "d${i}", "score": ${(i % 7) / 10}}`);
  rows[24] = '{"qid": "q3", "docid": "d25" "score": 1}';
  rows[32] = '{"qid": "q4", "docid": "d 33", "score": 1}';
  rows[19] = '';
  return `\ufeff${rows.join('\r\n')}\r\n`;
}

describe('converting by byte range: findings and values', () => {
  it('JSON lines in 3 threads (12 ranges): the same TREC text as in one, each finding on its own line of the file', async () => {
    const dir = tempFiles({ 'run.jsonl': jsonLines() });
    const one = await convert(dir, 'run.jsonl', 'run', 1);
    const three = await convert(dir, 'run.jsonl', 'run', 3);
    assert.ok(!statSync(one.path).isDirectory());
    assert.ok(statSync(three.path).isDirectory());
    assert.equal(textOf(three), textOf(one));
    assert.match(textOf(three), /^q1 Q0 d1 0 0\.1 run\nq1 Q0 d2 0 0\.2 run\n/);
    for (const input of [one, three]) {
      assert.equal(input.skipped, 2);
      assert.deepEqual(
        input.problems.map((p) => [p.line, p.message]),
        [
          [25, "The line is not JSON (Expected ',' or '}' after property value at column 30). It is skipped."],
          [33, 'The line has a document id with a blank inside ("d 33"), which a TREC field cannot hold. It is skipped.'],
        ],
      );
      // Written lines 19, 20, 23, 24 and 37 came from lines 19, 21, 24, 26 and 40 (line 20 blank, 25 and 33 skipped).
      assert.deepEqual(
        [19, 20, 23, 24, 37].map((l) => input.map!.source(l)),
        [19, 21, 24, 26, 40],
      );
    }
  });

  it('TSV after a blank line and a byte-order mark, in 2 threads (8 ranges): a row with a cell too few in a later range is on its line', async () => {
    const rows = ['', 'qid\tdocid\tscore'];
    for (let i = 1; i <= 30; i++) rows.push(`q${Math.ceil(i / 10)}\td${i}\t${i / 10}`);
    rows[27] = 'q3\td26';
    const dir = tempFiles({ 'run.tsv': `\ufeff${rows.join('\r\n')}\r\n` });
    const one = await convert(dir, 'run.tsv', 'run', 1);
    const two = await convert(dir, 'run.tsv', 'run', 2);
    assert.ok(statSync(two.path).isDirectory());
    assert.equal(textOf(two), textOf(one));
    for (const input of [one, two]) {
      assert.deepEqual(
        input.problems.map((p) => [p.line, p.message]),
        [[28, 'The line has 2 tab-separated cells where the header names 3. It is skipped.']],
      );
      // Written line 1 is the file's line 3 (a blank line and the header before it); line 26 its line 29.
      assert.deepEqual(
        [1, 25, 26, 29].map((l) => input.map!.source(l)),
        [3, 27, 29, 32],
      );
    }
  });

  it('a CSV holding a double quote is read whole by csv-parse, never cut: a quoted cell goes on over a line break where a cut could fall', async () => {
    // Row 3's docid is "d\n3" over lines 4 and 5: cut in 2 ranges as values without quotes are, the
    // file would be cut at byte 42, inside it.
    const text = 'qid,docid,score\nq1,d1,0.5\nq1,d2,0.4\nq1,"d\n3",0.3\nq1,d4,0.2\n';
    const dir = tempFiles({ 'run.csv': text });
    const two = await convert(dir, 'run.csv', 'run', 2);
    assert.ok(!statSync(two.path).isDirectory());
    assert.equal(textOf(two), 'q1 Q0 d1 0 0.5 run\nq1 Q0 d2 0 0.4 run\nq1 Q0 d4 0 0.2 run\n');
    assert.deepEqual(
      two.problems.map((p) => [p.line, p.message]),
      [[5, 'The line has a document id with a blank inside ("d\n3"), which a TREC field cannot hold. It is skipped.']],
    );
  });

  it('a JSON line of a later range holding two keys for one role is read as in one range: by the key the lines before it named', async () => {
    // Line 1 (its score 9e-1 is read by JSON.parse, not the fast path) names the query by query_id;
    // line 4 holds qid "qA" and query_id "q1": read in one range, its query is q1, as line 1 named it.
    const rows = [
      '{"query_id": "q1", "docid": "d1", "score": 9e-1}',
      '{"query_id": "q1", "docid": "d2", "score": 0.8}',
      '{"query_id": "q1", "docid": "d3", "score": 0.7}',
      '{"qid": "qA", "query_id": "q1", "docid": "d4", "score": 0.6}',
    ];
    const dir = tempFiles({ 'run.jsonl': `${rows.join('\n')}\n` });
    const two = await convert(dir, 'run.jsonl', 'run', 2);
    assert.equal(textOf(two), 'q1 Q0 d1 0 0.9 run\nq1 Q0 d2 0 0.8 run\nq1 Q0 d3 0 0.7 run\nq1 Q0 d4 0 0.6 run\n');
  });

  it('ranklens trec --jobs 3 on JSON lines gives the values and findings of --jobs 1', async () => {
    const qrels = ['q1 0 d1 1', 'q1 0 d5 1', 'q2 0 d12 1', 'q3 0 d21 1', 'q4 0 d40 1'].join('\n');
    const dir = tempFiles({ 'q.trec': `${qrels}\n`, 'run.jsonl': jsonLines() });
    const args = ['trec', 'q.trec', 'run.jsonl', '-m', 'map', '-m', 'num_ret', '--keep-going'];
    const one = await ranklens([...args, '--jobs', '1'], { cwd: dir });
    const three = await ranklens([...args, '--jobs', '3'], { cwd: dir });
    assert.equal(three.stdout, one.stdout);
    assert.equal(three.stderr, one.stderr);
    // 40 lines: one blank, two skipped.
    assert.match(three.stdout, /^PARTIAL: these means leave out 2 of 39 run lines .*\nnum_ret +\tall\t37\nmap +\tall\t0\.3264\n$/);
    assert.match(three.stderr, /run\.jsonl:25:1 error malformed-line/);
    assert.match(three.stderr, /run\.jsonl:33:1 error malformed-line/);
  });
});

describe('converting by byte range: bytes that are not UTF-8', () => {
  it('a Latin-1 id in the last range of a TSV stays its byte', async () => {
    const dir = tempFiles({});
    const rows = ['qid\tdocid\tscore', 'q1\td1\t1', 'q1\td2\t2', 'q1\td3\t3', 'q2\tcaf\xe9\t4'];
    writeFileSync(join(dir, 'run.tsv'), Buffer.from(`${rows.join('\n')}\n`, 'latin1'));
    const two = await convert(dir, 'run.tsv', 'run', 2);
    assert.ok(statSync(two.path).isDirectory());
    assert.equal(textOf(two), 'q1 Q0 d1 0 1 run\nq1 Q0 d2 0 2 run\nq1 Q0 d3 0 3 run\nq2 Q0 caf\xe9 0 4 run\n');
    // 2 threads take 8 ranges; 4 rows make 4, a row each: the last part holds the byte E9, not UTF-8's C3 A9.
    assert.deepEqual(readdirSync(two.path), ['0', '1', '2', '3']);
    assert.deepEqual(readFileSync(join(two.path, '3')), Buffer.from('q2 Q0 caf\xe9 0 4 run\n', 'latin1'));
  });
});

describe('converting Parquet by row group', () => {
  // 3 queries × 10 documents in row groups of 8 rows (the last of 6); row 5's docid holds a blank
  // (the fast path leaves the row to the general one) and row 27's is null (the fast path leaves
  // its row group to hyparquet).
  const write = (path: string, dictionary: boolean) => {
    const qids: string[] = [];
    const docs: (string | null)[] = [];
    const scores: number[] = [];
    for (let q = 1; q <= 3; q++)
      for (let d = 1; d <= 10; d++) {
        qids.push(`q${q}`);
        docs.push(`d${d}`);
        scores.push(d / 4);
      }
    docs[4] = 'd 5';
    docs[26] = null;
    const schema = [
      { name: 'qid', type: 'string', optional: true, dictionary },
      { name: 'docid', type: 'string', optional: true, dictionary },
      { name: 'score', type: 'double', optional: true, dictionary },
    ] as const;
    const parts: Uint8Array[] = [];
    const writer = new ParquetWriter(schema, (b) => parts.push(b));
    for (let at = 0; at < qids.length; at += 8) writer.rowGroup([qids.slice(at, at + 8), docs.slice(at, at + 8), scores.slice(at, at + 8)]);
    writer.end();
    writeFileSync(path, Buffer.concat(parts));
  };

  it('in 2 threads, each row group into its part: the text, rows and findings of one thread, in either encoding', async () => {
    for (const dictionary of [false, true]) {
      const dir = tempFiles({});
      write(join(dir, 'run.parquet'), dictionary);
      const one = await convert(dir, 'run.parquet', 'run', 1);
      const two = await convert(dir, 'run.parquet', 'run', 2);
      assert.deepEqual(readdirSync(two.path), ['0', '1', '2', '3']);
      assert.equal(textOf(two), textOf(one));
      // Row 4 is q1's d4 (score 1), row 6 q1's d6; 28 rows written of 30.
      assert.match(
        textOf(two),
        /^q1 Q0 d1 0 0\.25 run\nq1 Q0 d2 0 0\.5 run\nq1 Q0 d3 0 0\.75 run\nq1 Q0 d4 0 1 run\nq1 Q0 d6 0 1\.5 run\n/,
      );
      assert.equal(textOf(two).split('\n').length - 1, 28);
      for (const input of [one, two]) {
        assert.equal(input.skipped, 2);
        assert.deepEqual(
          input.problems.map((p) => [p.line, p.message]),
          [
            [5, 'Row 5 has a document id with a blank inside ("d 5"), which a TREC field cannot hold. It is skipped.'],
            [27, 'Row 27 has a null document id. It is skipped.'],
          ],
        );
        // Written line 5 is row 6; line 26 is row 28.
        assert.deepEqual(
          [4, 5, 25, 26].map((l) => input.map!.source(l)),
          [4, 6, 26, 28],
        );
      }
    }
  });
});

describe('a file a fixture names, converted by parts', () => {
  it('reads the same queries and problems from a folder of parts as from one file', async () => {
    // 40 rows, q1…q4; row 23 (q3's third) has no docid; a file this small is cut into parts only with jobs.
    const rows = Array.from({ length: 40 }, (_, i) => {
      const q = `q${Math.floor(i / 10) + 1}`;
      return i === 22 ? `{"qid": "${q}", "score": 1}` : `{"qid": "${q}", "docid": "d${i % 10}", "score": ${(10 - (i % 10)) / 4}}`;
    });
    const dir = tempFiles({ 'run.jsonl': rows.join('\n') + '\n' });
    const read = (jobs: number) =>
      readReferencedFile(join(dir, 'run.jsonl'), 'run', { asTrecEval: true, convention: PRESETS.trec_eval, input: { jobs } });
    const one = await read(1);
    const three = await read(3);
    assert.equal(three.error, undefined);
    const plain = (x: unknown) => JSON.parse(JSON.stringify(x)) as unknown;
    assert.deepEqual(plain(three), plain(one));
    assert.deepEqual(
      three.queries.map((q) => [q.qid, q.ids.length]),
      [
        ['q1', 10],
        ['q2', 10],
        ['q3', 9],
        ['q4', 10],
      ],
    );
    assert.deepEqual(three.queries[2].ids.slice(0, 3), ['d0', 'd1', 'd3']);
    assert.deepEqual(three.queries[2].values.slice(0, 3), [2.5, 2.25, 1.75]);
    assert.deepEqual(
      three.problems.map((p) => [p.line, p.code]),
      [[23, 'malformed-line']],
    );
  });
});
