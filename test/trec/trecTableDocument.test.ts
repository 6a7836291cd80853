/**
 * Runs and qrels as TSV, CSV and JSON lines read from an editor's text (shared/trecdoc/tableRows.ts):
 * the header's column names (the CLI's list), the cells' places in UTF-16 offsets (CJK and emoji
 * docids, CRLF, a byte-order mark), and a row that cannot be read told at its line with the column
 * it lacks or the value that is not a number.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { docidOf, readQrelsDocument, readRunDocument, readsAsTable } from '../../shared/trecdoc';
import { COLUMN_NAMES } from '../../shared/trec/read/formats/inputFormat';
import { COLUMN_NAMES as EDITOR_NAMES } from '../../shared/trec/read/formats/columnNames';

const at = (text: string, f: { code: string; span: { start: number; end: number } }) =>
  `${f.code} ${JSON.stringify(text.slice(f.span.start, f.span.end))}`;
const cell = (text: string, start: number, end: number) => text.slice(start, end);

describe('a TSV, CSV or JSON-lines run document', () => {
  it('reads a TSV run by its header names, in any order, with each value at its place', () => {
    const text = 'score\tquery_id\tdoc_id\n9.5\tq1\td3\n8.0\tq1\td1\n3.0\tq2\td5\n';
    const run = readRunDocument(text, true, '/w/runs/bm25.tsv');
    assert.equal(run.format, 'tsv');
    assert.equal(run.count, 3);
    assert.deepEqual(
      run.queries.map((q) => [q.qid, q.firstLine, q.lastLine]),
      [
        ['q1', 1, 2],
        ['q2', 3, 3],
      ],
    );
    assert.deepEqual(Array.from(run.score.subarray(0, 3)), [9.5, 8, 3]);
    // Line 1 starts at 22 ("score\tquery_id\tdoc_id\n"): "9.5\tq1\t" puts d3 at 29–31, the score at 22–25;
    // without a rank column the rank's place is empty, at the docid's end.
    assert.deepEqual(Array.from(run.at.subarray(0, 6)), [29, 31, 31, 31, 22, 25]);
    assert.equal(docidOf(run, 0), 'd3');
    assert.deepEqual(run.findings, []);
  });

  it('counts CJK and emoji docids in UTF-16 units, and skips a byte-order mark and CRLF breaks', () => {
    const text = '\ufeffqid,docid,score\r\nq1,文書😀,2.5\r\nq1,d2,1\r\n';
    const run = readRunDocument(text, true, 'run.csv');
    assert.equal(run.format, 'csv');
    assert.deepEqual(
      run.queries.map((q) => q.qid),
      ['q1'],
    );
    // Line 1 starts at 18 (the mark, then "qid,docid,score\r\n"), the docid at 21 after "q1,": 文 and 書 are
    // one unit each, 😀 two, so it ends at 25.
    assert.deepEqual([run.at[0], run.at[1]], [21, 25]);
    assert.equal(cell(text, run.at[4], run.at[5]), '2.5');
    assert.equal(docidOf(run, 0), '文書😀');
    // The second row's score ends before its "\r".
    assert.equal(cell(text, run.at[10], run.at[11]), '1');
    assert.deepEqual(run.findings, []);
  });

  it('reads JSON lines by their keys, a docid written with an escape as its value, a number score at its literal', () => {
    const text = '{"qid": "q1", "docid": "d\\u00e9", "score": 2.5}\n{"query_id": 7, "doc_id": "d2", "score": -1e-3}\n';
    const run = readRunDocument(text, true, 'run.jsonl');
    assert.equal(run.format, 'jsonl');
    assert.deepEqual(
      run.queries.map((q) => q.qid),
      ['q1', '7'],
    );
    assert.equal(docidOf(run, 0), 'dé');
    assert.equal(cell(text, run.at[0], run.at[1]), 'd\\u00e9');
    assert.equal(cell(text, run.at[4], run.at[5]), '2.5');
    assert.deepEqual(Array.from(run.score.subarray(0, 2)), [2.5, -0.001]);
    assert.deepEqual(run.findings, []);
  });

  it('tells a row that lacks its score cell, or whose score is not a number, at its line, and skips it', () => {
    const text = 'qid\tdocid\tscore\nq1\td1\t2\nq1\td2\nq1\td3\tabc\nq1\td4\t\nq1\td 5\t1\n';
    // Under a preset other than trec_eval's, a score that is not a number is refused.
    const run = readRunDocument(text, false, 'run.tsv');
    assert.equal(run.count, 1);
    assert.equal(run.skipped, 4);
    assert.deepEqual(
      run.findings.map((f) => [at(text, f), f.message]),
      [
        [
          'malformed-line "q1\\td2"',
          'This TSV run row cannot be read: it has 2 tab-separated cells where the header names 3, so no score (column 3). The line is skipped.',
        ],
        ['invalid-score "abc"', 'The score "abc" is not a number. The line is skipped.'],
        ['malformed-line "q1\\td4"', 'This TSV run row cannot be read: its score is empty. The line is skipped.'],
        [
          'malformed-line "q1\\td 5\\t1"',
          'This TSV run row cannot be read: its document id "d 5" holds a blank, which no TREC field holds. The line is skipped.',
        ],
      ],
    );
    // Under trec_eval's, a cell is read as the same text in a TREC line: C's atof makes "abc" 0, with a warning.
    const asTrecEval = readRunDocument(text, true, 'run.tsv');
    assert.equal(asTrecEval.count, 2);
    assert.deepEqual(
      asTrecEval.findings.filter((f) => f.code === 'unusual-score').map((f) => f.message),
      [`trec_eval reads the score "abc" as 0 (C's atof: the longest number at its start, 0 when there is none).`],
    );
  });

  it('ranks a run without a score column by its rank column, 1 first, as ranklens trec does', () => {
    const text = 'qid,docid,rank\nq1,d1,2\nq1,d2,1\n';
    const run = readRunDocument(text, true, 'run.csv');
    assert.deepEqual(Array.from(run.score.subarray(0, 2)), [-2, -1]);
    assert.equal(cell(text, run.at[2], run.at[3]), '2');
    assert.deepEqual(run.findings, []);
  });

  it('tells a JSON line that is not JSON, or lacks a key, at its line', () => {
    const text = '{"qid": "q1", "docid": "d1", "score": 1}\n{"qid": "q1", "docid": "d2"\n{"qid": "q1", "docid": "d3"}\n';
    const run = readRunDocument(text, true, 'run.jsonl');
    assert.equal(run.count, 1);
    assert.deepEqual(
      run.findings.map((f) => [f.code, run.text.slice(f.span.start, f.span.end)]),
      [
        ['malformed-line', '{"qid": "q1", "docid": "d2"'],
        ['malformed-line', '{"qid": "q1", "docid": "d3"}'],
      ],
    );
    assert.match(run.findings[0].message, /^This JSON-lines run row cannot be read: it is not JSON \(/);
    assert.equal(
      run.findings[1].message,
      'This JSON-lines run row cannot be read: it lacks a score key (score, prediction, sim) or a rank key; its keys are "qid", "docid". The line is skipped.',
    );
  });

  it('reads CSV cells in quotes, "" as a quote, and refuses a quoted cell left open on its line', () => {
    const text = 'user,item,prediction\n"u1","a""b""",0.5\nu1,"open,1\n';
    const run = readRunDocument(text, true, 'recs.csv');
    assert.equal(run.count, 1);
    assert.equal(docidOf(run, 0), 'a"b"');
    assert.equal(cell(text, run.at[0], run.at[1]), 'a""b""');
    assert.deepEqual(
      run.findings.map((f) => at(text, f)),
      ['malformed-line "\\"open,1"'],
    );
    assert.equal(
      run.findings[0].message,
      'This CSV run row cannot be read: a quoted cell is not closed on its line (a cell written over several lines is not read here; write it on one line). The line is skipped.',
    );
  });

  it('tells a .tsv run whose header names no score or rank column, once, at the header, and reads nothing', () => {
    const text = 'qid\tdocid\tweight\nq1\td1\t2\n';
    const run = readRunDocument(text, true, 'run.tsv');
    assert.equal(run.count, 0);
    assert.deepEqual(
      run.findings.map((f) => at(text, f)),
      ['format-error "qid\\tdocid\\tweight"'],
    );
    assert.equal(
      run.findings[0].message,
      `The run file's first line is not the header of tab-separated values: expected a score column (score, prediction, sim) or a rank column, found the columns "qid", "docid", "weight". Nothing is read from it; name the columns as docs/guide/file-formats.md lists them.`,
    );
  });

  it('leaves TREC text to the TREC reader, even tab-separated', () => {
    const text = 'q1\tQ0\td1\t1\t2.5\tbm25\n';
    const run = readRunDocument(text, true, 'bm25.run');
    assert.equal(run.format, undefined);
    assert.equal(run.count, 1);
    assert.equal(readsAsTable(text, 'bm25.run', 'run'), false);
    assert.equal(readsAsTable('qid\tdocid\tscore\n', 'x.txt', 'run'), true);
    // MS MARCO's qrels.dev.tsv holds TREC lines separated by tabs.
    const marco = readQrelsDocument('1048585\t0\t7187158\t1\n', true, 'error', 'qrels.dev.tsv');
    assert.equal(marco.format, undefined);
    assert.deepEqual(marco.queries.get('1048585')!.labels, [{ id: '7187158', grade: 1 }]);
    assert.deepEqual(marco.findings, []);
    assert.equal(readsAsTable('{"qid": "q1", "docid": "d1", "score": 1}\n', 'run.jsonl', 'run'), true);
    // A JSON file a broad glob names (its first line "{", not a row) is not taken for a run.
    assert.equal(readsAsTable('{\n  "name": "meta"\n}\n', 'runs/meta.json', 'run'), false);
  });

  it('takes its column names from the one list the CLI reads', () => {
    assert.equal(EDITOR_NAMES, COLUMN_NAMES);
  });
});

describe('TSV, CSV or JSON-lines qrels', () => {
  it('reads BEIR/MTEB qrels (query-id corpus-id score), a grade 1.0 read as in a TREC line, the docids at their places', () => {
    const text = 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1.0\nq2\td5\t1\nq1\td1\t0\n';
    const qrels = readQrelsDocument(text, true, 'warning', 'qrels/test.tsv');
    assert.equal(qrels.format, 'tsv');
    assert.deepEqual(qrels.queries.get('q1')!.labels, [
      { id: 'd1', grade: 2 },
      { id: 'd2', grade: 1 },
    ]);
    assert.deepEqual(qrels.queries.get('q1')!.lines, [1, 2]);
    assert.deepEqual(qrels.queries.get('q1')!.docids[1], { start: 36, end: 38 });
    assert.deepEqual(
      qrels.findings.map((f) => [at(text, f), f.message]),
      [
        [
          'non-integer-grade "1.0"',
          `trec_eval reads the grade "1.0" as 1 (C's atol: the whole number at its start, 0 when there is none).`,
        ],
        ['duplicate-judgement "d1"', '"d1" is judged twice for query q1; the first grade is used.'],
      ],
    );
    // The first judgement of d1 is line 1, which starts at 25.
    assert.equal(qrels.findings[1].related?.[0].span.start, 25);
  });

  it('reads JSON-lines qrels with a relevance key (a whole JSON number 1.0 is 1), and refuses a grade that is not a number', () => {
    const text = '{"qid": "q1", "docid": "d1", "relevance": 1.0}\n{"qid": "q1", "docid": "d2", "relevance": "high"}\n';
    const qrels = readQrelsDocument(text, false, 'error', 'qrels.jsonl');
    assert.deepEqual(qrels.queries.get('q1')!.labels, [{ id: 'd1', grade: 1 }]);
    assert.deepEqual(
      qrels.findings.map((f) => [at(text, f), f.message]),
      [['invalid-grade "high"', 'The grade "high" is not a number. The line is skipped.']],
    );
  });
});
