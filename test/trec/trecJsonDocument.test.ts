/**
 * Runs and qrels written as one JSON value, read from an editor's text (shared/trecdoc/jsonTable.ts):
 * an object {qid: {docid: value}} (ranx, pytrec_eval, BEIR results) and a list of records (pandas'
 * orient="records"), each row with its places in UTF-16 offsets (CJK and emoji docids, a byte-order
 * mark, CRLF), its lines for lenses and hints, a text that is not the shape told once at its token,
 * and which files the editor takes for such runs and qrels.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { FoundConfig } from '../../shared/evaluation';
import {
  docidOf,
  entryAt,
  evaluateRunDocument,
  namedTrecRole,
  qrelsQueryAt,
  readQrelsDocument,
  readRunDocument,
  readsAsTable,
  runEvaluationCache,
  trecDocSettings,
} from '../../shared/trecdoc';

const at = (text: string, f: { code: string; span: { start: number; end: number } }) =>
  `${f.code} ${JSON.stringify(text.slice(f.span.start, f.span.end))}`;
const cell = (text: string, start: number, end: number) => text.slice(start, end);

describe('a run written as one JSON object {qid: {docid: score}}', () => {
  it('reads each pair as a prediction, in UTF-16 offsets: a CJK and emoji docid, the qid at its key', () => {
    const text = '{"q1": {"文書😀": 2.5, "d2": 1}}';
    const run = readRunDocument(text, true, 'run.json');
    assert.equal(run.format, 'json');
    assert.equal(run.count, 2);
    assert.deepEqual(Array.from(run.score.subarray(0, 2)), [2.5, 1]);
    // `{"q1": {"` is 9 characters: 文 and 書 are one unit each, 😀 two, so the docid is [9, 13);
    // `": ` puts the score at [16, 19). `, "` then d2 at [22, 24), its score at [27, 28).
    assert.deepEqual(Array.from(run.at.subarray(0, 12)), [9, 13, 13, 13, 16, 19, 22, 24, 24, 24, 27, 28]);
    assert.equal(docidOf(run, 0), '文書😀');
    // Per prediction: the qid's key [2, 4), then the row, from the docid's quote to the value's end.
    assert.deepEqual(Array.from(run.rows!), [2, 4, 8, 19, 2, 4, 21, 28]);
    assert.deepEqual(run.findings, []);
  });

  it("puts each query on the line of its key and each prediction on its docid's line (indented, as ranx writes it)", () => {
    const text = '{\n  "q1": {\n    "d3": 9.5,\n    "d1": 8.0\n  },\n  "q2": {\n    "d5": 3.0\n  }\n}\n';
    const run = readRunDocument(text, true, 'bm25.json');
    assert.deepEqual(
      run.queries.map((q) => [q.qid, q.firstLine, q.lastLine, q.entries]),
      [
        ['q1', 1, 3, [0, 1]],
        ['q2', 5, 6, [2]],
      ],
    );
    assert.deepEqual(Array.from(run.line.subarray(0, 3)), [2, 3, 6]);
    // A hover finds a prediction by its row: on the "8.0" of d1, prediction 1; on q2's key, none.
    assert.equal(entryAt(run, text.indexOf('8.0')), 1);
    assert.equal(entryAt(run, text.indexOf('"q2"')), -1);
  });

  it("reads a score as the CLI writes it into a TREC line: a number as its shortest text, a string trimmed, by C's atof under trec_eval", () => {
    const text = '{"q1": {"a": 1e2, "b": " 0.5 ", "c": NaN, "d": -Infinity, "e": 1e400, "f": "12abc"}}';
    const run = readRunDocument(text, true, 'run.json');
    assert.deepEqual(Array.from(run.score.subarray(0, 6)), [100, 0.5, NaN, -Infinity, Infinity, 12]);
    // NaN is written "nan" and 1e400 "inf" (numberText): the warnings say what trec_eval reads, at each literal.
    assert.deepEqual(
      run.findings.map((f) => at(text, f)),
      ['unusual-score "NaN"', 'unusual-score "-Infinity"', 'unusual-score "1e400"', 'unusual-score "12abc"'],
    );
    assert.equal(
      run.findings[2].message,
      `trec_eval reads the score "inf" as ∞ (C's atof: the longest number at its start, 0 when there is none).`,
    );
  });

  it('tells a pair that cannot be a TREC line at the pair, skips it, and reads the rest', () => {
    const text = '{"q1": {"": 1, "d 2": 2, "d3": "", "d4": 4}}';
    const run = readRunDocument(text, true, 'run.json');
    assert.equal(run.count, 1);
    assert.equal(run.skipped, 3);
    assert.deepEqual(
      run.findings.map((f) => [at(text, f), f.message]),
      [
        ['malformed-line "\\"\\": 1"', 'This JSON run row cannot be read: its document id is empty. The row is skipped.'],
        [
          'malformed-line "\\"d 2\\": 2"',
          'This JSON run row cannot be read: its document id "d 2" holds a blank, which no TREC field holds. The row is skipped.',
        ],
        ['malformed-line "\\"d3\\": \\"\\""', 'This JSON run row cannot be read: its score is empty. The row is skipped.'],
      ],
    );
  });

  it('reads nothing from a text that is not the shape, and tells it once at the token where reading stopped', () => {
    const cases: [string, string, string][] = [
      // A trailing comma: after "1," a docid is expected, and "}" is found.
      ['{"q1": {"d1": 1,}}', '}', 'expected a document id (a string), found "}}"'],
      ['{"q1": {"d1": null}}', 'null', 'expected a number for document "d1" of query "q1", found "null}}"'],
      ['{"q1": {"d1": 1}', '', 'expected "," or "}" after query "q1", found the end of the file (is it cut short?)'],
      ['{"q1": {"d1": 1}} // best', '// best', 'expected the end of the file after the object, found "// best"'],
      ['{"q1": [["d1", 1]]}', '[', 'expected an object {document id: score} for query "q1", found a list'],
      [
        '{"cases": []}',
        '[',
        'expected an object {document id: score} for query "cases" (this looks like a Ranklens fixture: check it with ranklens check), found a list',
      ],
    ];
    for (const [text, token, what] of cases) {
      const run = readRunDocument(text, true, 'run.json');
      assert.equal(run.count, 0, text);
      assert.deepEqual(
        run.findings.map((f) => at(text, f)),
        [`format-error ${JSON.stringify(token)}`],
        text,
      );
      assert.equal(run.findings[0].message, `The run file is not JSON of the shape it is read as: ${what}. Nothing is read from it.`);
    }
    // The trailing comma's "}" is at offset 16; a text cut short is told at its end.
    assert.deepEqual(readRunDocument('{"q1": {"d1": 1,}}', true, 'r.json').findings[0].span, { start: 16, end: 17 });
    assert.deepEqual(readRunDocument('{"q1": {"d1": 1}', true, 'r.json').findings[0].span, { start: 16, end: 16 });
  });

  it('re-evaluates only the query an edit changes, even with every query on one line', () => {
    const qrels = readQrelsDocument('{"q1": {"d1": 1}, "q2": {"d2": 1}}', true, 'error', 'qrels.json');
    const settings = trecDocSettings({});
    const cache = runEvaluationCache();
    const before = '{"q1": {"d1": 2, "d9": 1}, "q2": {"d2": 1, "d8": 2}}';
    evaluateRunDocument(readRunDocument(before, true, 'run.json'), qrels, settings, cache);
    assert.equal(cache.evaluated, 2);
    const ev = evaluateRunDocument(readRunDocument(before.replace('"d8": 2', '"d8": 0.5'), true, 'run.json'), qrels, settings, cache);
    assert.equal(cache.evaluated, 3);
    // q2 now ranks d2 (relevant) first: P@1 1.
    assert.equal(ev.queries[1].values[settings.names.indexOf('P@1')], 1);
  });
});

describe('a run written as a JSON list of records', () => {
  it("reads each record by its keys (the CLI's names), numeric ids as String writes them, after a byte-order mark and CRLF", () => {
    const text =
      '\ufeff[\r\n  {"query_id": 7, "doc_id": 12.0, "score": 0.5},\r\n  {"qid": "7", "docid": "d\\u00e9", "prediction": -1}\r\n]\r\n';
    const run = readRunDocument(text, true, 'run.json');
    assert.equal(run.format, 'json');
    assert.deepEqual(
      run.queries.map((q) => [q.qid, q.firstLine, q.entries]),
      [['7', 1, [0, 1]]],
    );
    // 12.0 is the docid "12", as the CLI writes it; the escape is é. The places are the literals'.
    assert.deepEqual([docidOf(run, 0), docidOf(run, 1)], ['12', 'dé']);
    assert.equal(cell(text, run.at[0], run.at[1]), '12.0');
    assert.equal(cell(text, run.at[6], run.at[7]), 'd\\u00e9');
    assert.deepEqual(Array.from(run.score.subarray(0, 2)), [0.5, -1]);
    assert.deepEqual(Array.from(run.line.subarray(0, 2)), [1, 2]);
    // The qid's place is its value's, for the findings about a query.
    assert.equal(cell(text, run.rows![0], run.rows![1]), '7');
    assert.deepEqual(run.findings, []);
  });

  it("ranks records without a score by their rank (1 first), a null score too, and keeps the rank's place", () => {
    const text = '[{"qid": "q1", "docid": "a", "rank": 2}, {"qid": "q1", "docid": "b", "score": null, "rank": "1"}]';
    const run = readRunDocument(text, true, 'run.json');
    assert.deepEqual(Array.from(run.score.subarray(0, 2)), [-2, -1]);
    assert.equal(cell(text, run.at[2], run.at[3]), '2');
    assert.equal(cell(text, run.at[10], run.at[11]), '1');
  });

  it('keeps the last value of a key written twice, as the CLI does, and takes no column from "__proto__"', () => {
    const text = '[{"qid": "q1", "docid": "a", "docid": "b", "score": 1, "__proto__": 5}]';
    const run = readRunDocument(text, true, 'run.json');
    assert.equal(docidOf(run, 0), 'b');
    assert.equal(run.at[0], text.indexOf('"b"') + 1);
    assert.deepEqual(run.findings, []);
  });

  it('tells a record without a score or rank, or with a tag that is not an id, at the record', () => {
    const text =
      '[{"qid": "q1", "docid": "a"}, {"qid": "q1", "docid": "b", "score": 1, "tag": true}, {"qid": "q1", "docid": "c", "score": 2}]';
    const run = readRunDocument(text, true, 'run.json');
    assert.equal(run.count, 1);
    assert.deepEqual(
      run.findings.map((f) => [at(text, f), f.message]),
      [
        [
          'malformed-line "{\\"qid\\": \\"q1\\", \\"docid\\": \\"a\\"}"',
          'This JSON run row cannot be read: it lacks a score key (score, prediction, sim) or a rank key; its keys are "qid", "docid". The row is skipped.',
        ],
        [
          'malformed-line "{\\"qid\\": \\"q1\\", \\"docid\\": \\"b\\", \\"score\\": 1, \\"tag\\": true}"',
          'This JSON run row cannot be read: its tag is true, not a number. The row is skipped.',
        ],
      ],
    );
  });

  it('notes a rank column that trec_eval ignores, at the rank of the first record it misstates', () => {
    const qrels = readQrelsDocument('[{"qid": "q1", "docid": "a", "relevance": 1}]', true, 'error', 'qrels.json');
    const text =
      '[{"qid": "q1", "docid": "a", "score": 1, "rank": 2}, {"qid": "q1", "docid": "b", "score": 2, "rank": 1}, {"qid": "q1", "docid": "c", "score": 0, "rank": 3}]';
    const ev = evaluateRunDocument(readRunDocument(text, true, 'run.json'), qrels, trecDocSettings({}), runEvaluationCache());
    // By score b (2) is 1st, a (1) 2nd, c (0) 3rd, as the rank column says: no note.
    const ranks = (e: typeof ev, t: string) => e.findings.filter((f) => f.code === 'rank-column-ignored').map((f) => at(t, f));
    assert.deepEqual(ranks(ev, text), []);
    const swapped = text.replace('"rank": 3', '"rank": 4');
    const ev2 = evaluateRunDocument(readRunDocument(swapped, true, 'run.json'), qrels, trecDocSettings({}), runEvaluationCache());
    assert.deepEqual(ranks(ev2, swapped), ['rank-column-ignored "4"']);
  });
});

describe('qrels written as one JSON value', () => {
  it("reads {qid: {docid: grade}}, a grade 1.0 as 1 and 1.5 as trec_eval's atol reads it, a second judgement pointing at the first", () => {
    const text = '{"q1": {"d1": 1.0, "d2": 1.5, "d1": 2}, "q2": {"😀": 3}}';
    const qrels = readQrelsDocument(text, true, 'error', 'qrels.json');
    assert.equal(qrels.format, 'json');
    assert.deepEqual(qrels.queries.get('q1')!.labels, [
      { id: 'd1', grade: 1 },
      { id: 'd2', grade: 1 },
    ]);
    // `{"q1": {"d1": 1.0, "d2": 1.5, "d1": 2}, "q2": {"` is 48 characters; 😀 is two UTF-16 units.
    assert.deepEqual(qrels.queries.get('q2')!.docids, [{ start: 48, end: 50 }]);
    assert.deepEqual(
      qrels.findings.map((f) => [at(text, f), f.message]),
      [
        [
          'non-integer-grade "1.5"',
          `trec_eval reads the grade "1.5" as 1 (C's atol: the whole number at its start, 0 when there is none).`,
        ],
        ['duplicate-judgement "d1"', '"d1" is judged twice for query q1; the first grade is used (trec_eval stops on this).'],
      ],
    );
    // The first judgement of d1: its docid at [9, 11).
    assert.deepEqual(qrels.findings[1].related?.[0].span, { start: 9, end: 11 });
    // On one line, a hover finds the query by the row it is on.
    assert.equal(qrelsQueryAt(qrels, text.indexOf('😀')), 'q2');
    assert.equal(qrelsQueryAt(qrels, text.indexOf('1.5')), 'q1');
  });

  it('gives a run paired with qrels it cannot read one error saying so, and no number', () => {
    const qrels = readQrelsDocument('{"q1": {"d1": 1}, "q2": []}', true, 'error', 'qrels.json');
    assert.equal(qrels.refused, true);
    assert.equal(qrels.queries.size, 0);
    const ev = evaluateRunDocument(readRunDocument('q1 Q0 d1 1 2 bm25\n', true), qrels, trecDocSettings({}), runEvaluationCache());
    assert.equal(ev.evaluated, 0);
    assert.deepEqual(
      ev.findings.map((f) => [f.code, f.message]),
      [
        [
          'empty-file',
          'The qrels are not read: they are not JSON of the shape they are read as (the problem is told in the qrels file), so nothing is evaluated, as ranklens trec reads nothing from them.',
        ],
      ],
    );
  });

  it('reads a list of BEIR-style records (query-id, corpus-id, score), the score as the grade', () => {
    const text = '[\n  {"query-id": "q1", "corpus-id": "d1", "score": 2},\n  {"query-id": "q1", "corpus-id": "d2", "score": "1"}\n]\n';
    const qrels = readQrelsDocument(text, false, 'warning', 'qrels.json');
    assert.deepEqual(qrels.queries.get('q1')!.labels, [
      { id: 'd1', grade: 2 },
      { id: 'd2', grade: 1 },
    ]);
    assert.deepEqual(qrels.queries.get('q1')!.lines, [1, 2]);
    assert.deepEqual(qrels.findings, []);
  });
});

describe('the JSON files the editor takes for runs and qrels', () => {
  const CONFIG: FoundConfig = {
    path: '/w/ranklens.config.json',
    source: 'ranklens.config.json',
    config: { qrels: { 'runs/*.json': 'qrels/test.json' } },
    problems: [],
  };
  const NONE = { runs: [] as string[], qrels: [] as string[] };

  it('takes an object of objects of numbers, and a list of records, that a rule names, from their first lines', () => {
    assert.equal(namedTrecRole('/w/runs/bm25.json', '{"q1": {"d1": 9.5, "d2": 8}}', NONE, CONFIG), 'run');
    assert.equal(namedTrecRole('/w/qrels/test.json', '{\n  "q1": {\n    "d1": 1,\n', NONE, CONFIG), 'qrels');
    // The client reads the first 20 lines: a record written over several lines, cut after the first.
    const head = '[\n  {\n    "qid": "q1",\n    "docid": "d1",\n    "score": 9.5\n  },\n  {\n';
    assert.equal(namedTrecRole('/w/runs/bm25.json', head, NONE, CONFIG), 'run');
  });

  it('never takes a fixture or ranklens.config.json, and leaves other JSON a broad pattern names alone', () => {
    const run = '{"q1": {"d1": 9.5}}';
    const json = { runs: ['*.json'], qrels: [] as string[] };
    assert.equal(namedTrecRole('/w/runs/case.rank.json', run, NONE, CONFIG), undefined);
    assert.equal(namedTrecRole('/w/runs/ranklens.config.json', run, json, undefined), undefined);
    assert.equal(namedTrecRole('/w/package.json', '{"name": "x", "version": "1.0.0"}', json, undefined), undefined);
    assert.equal(namedTrecRole('/w/tsconfig.json', '{"compilerOptions": {"strict": true}}', json, undefined), undefined);
    assert.equal(namedTrecRole('/w/data.json', '[{"name": "x", "count": 3}]', json, undefined), undefined);
    assert.equal(namedTrecRole('/w/data.json', run, json, undefined), 'run');
  });

  it('tells JSON lines from one JSON value as the CLI does: a first line that is one row', () => {
    assert.equal(readRunDocument('{"qid": "q1", "docid": "d1", "score": 1}\n', true, 'run.json').format, 'jsonl');
    // Keys naming the columns make a row whatever another key holds; bare NaN is a plain value.
    assert.equal(readRunDocument('{"qid": "q1", "docid": "d1", "score": 1, "meta": {"k": 1}}\n', true, 'run.json').format, 'jsonl');
    assert.equal(readRunDocument('{"qid": "q1", "docid": "d1", "score": NaN}\n', true, 'run.json').format, 'jsonl');
    assert.equal(readRunDocument('{"q1": {"d1": 1}}\n', true, 'run.jsonl').format, 'json');
    assert.equal(readsAsTable('[{"qid": "q1", "docid": "d1", "relevance": 1}]', 'qrels.json', 'qrels'), true);
    assert.equal(readsAsTable('[{"qid": "q1", "docid": "d1"}]', 'qrels.json', 'qrels'), false);
  });
});

describe('JSON lines, each line read as a record of a list is', () => {
  it("keeps a key written twice by its last value, takes Python's NaN, passes over a nested value, and tells a truncated line", () => {
    const text = [
      '{"qid": "q1", "docid": "z", "score": 5}',
      '{"qid": "q1", "docid": "c", "score": 2, "meta": {"k": [1, {"x": null}]}}',
      '{"qid": "q1", "docid": "a", "docid": "b", "score": NaN}',
      '{"qid": "q1", "docid": "d", "score": {"v": 1}}',
      '{"qid": "q1", "docid": "e", "score": 1',
      '',
    ].join('\n');
    const run = readRunDocument(text, true, 'run.jsonl');
    assert.equal(run.format, 'jsonl');
    assert.deepEqual(
      [0, 1, 2].map((i) => docidOf(run, i)),
      ['z', 'c', 'b'],
    );
    assert.deepEqual(Array.from(run.score.subarray(0, 3)), [5, 2, NaN]);
    assert.deepEqual(Array.from(run.line.subarray(0, 3)), [0, 1, 2]);
    // The qid's place is its value's, the row's the object's.
    assert.equal(cell(text, run.rows![0], run.rows![1]), 'q1');
    assert.deepEqual(
      run.findings.map((f) => [at(text, f), f.message]),
      [
        [
          'unusual-score "NaN"',
          `trec_eval reads the score "nan" as NaN (C's atof: the longest number at its start, 0 when there is none).`,
        ],
        [
          'malformed-line "{\\"qid\\": \\"q1\\", \\"docid\\": \\"d\\", \\"score\\": {\\"v\\": 1}}"',
          'This JSON-lines run row cannot be read: its score is a list or an object. The line is skipped.',
        ],
        [
          'malformed-line "{\\"qid\\": \\"q1\\", \\"docid\\": \\"e\\", \\"score\\": 1"',
          'This JSON-lines run row cannot be read: it is not JSON (expected "," or "}" after the value of "score", the line ends before the object closes: a truncated line?). The line is skipped.',
        ],
      ],
    );
  });

  it('ranks a line whose score is null by its rank, as the CLI does, and skips one whose tag is not an id', () => {
    const text = '{"qid": "q1", "docid": "a", "score": null, "rank": 3}\n{"qid": "q1", "docid": "b", "score": 1, "tag": false}\n';
    const run = readRunDocument(text, true, 'run.jsonl');
    assert.deepEqual(Array.from(run.score.subarray(0, run.count)), [-3]);
    assert.deepEqual(
      run.findings.map((f) => f.message),
      ['This JSON-lines run row cannot be read: its tag is false, not a number. The line is skipped.'],
    );
  });
});
