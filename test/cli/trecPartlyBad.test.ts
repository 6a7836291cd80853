/**
 * `ranklens trec` on files that are only partly right, made from trec_eval's own test files
 * (test/data/trec/trec_eval: qrels.test judges queries 301–303, results.test ranks 500 documents
 * for each; intact, trec_eval and Ranklens print map 0.1785, P_10 0.3000). The terminal never prints
 * a number it should not: under trec_eval's convention a malformed line or a docid twice stops
 * everything, as trec_eval stops; --keep-going (or another preset) marks every mean PARTIAL; ids
 * that do not meet, a header line, missing queries and a file that is not text are named. Beside
 * each case, what trec_eval 10.0-rc3 prints on the same bytes (stdout / stderr, exit status).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TREC_DATA, ranklens, tempFiles } from './ranklens';

const QRELS = readFileSync(join(TREC_DATA, 'trec_eval', 'qrels.test'), 'latin1');
const RESULTS = readFileSync(join(TREC_DATA, 'trec_eval', 'results.test'), 'latin1');
const lines = (text: string) => text.split('\n').slice(0, -1);
const file = (rows: readonly string[]) => `${rows.join('\n')}\n`;
// Query q's lines of a file, moved to query q + shift (the qrels of more queries than the run has).
const shifted = (text: string, shift: number) => file(lines(text).map((l) => l.replace(/^\d+/, (q) => String(Number(q) + shift))));

const dir = tempFiles({
  'qrels.test': QRELS,
  'results.test': RESULTS,
  // 98 lines (1, 16, 31, …, 1456) without their tag column.
  'cut.run': file(lines(RESULTS).map((l, i) => (i < 1470 && i % 15 === 0 ? l.split('\t').slice(0, 5).join('\t') : l))),
  'five.run': file(lines(RESULTS).map((l) => l.split('\t').slice(0, 5).join('\t'))),
  'lower.run': RESULTS.toLowerCase(),
  'part.run': file(lines(RESULTS).map((l) => (l.startsWith('302') ? l.toLowerCase() : l))),
  'qpref.run': file(lines(RESULTS).map((l) => `q${l}`)),
  'hdr.qrels': `qid iter docno rel\n${QRELS}`,
  'hdr.run': `qid Q0 docno rank score tag\n${RESULTS}`,
  'tsv.run': file([
    'query-id\tcorpus-id\tscore',
    ...lines(RESULTS).map((l) =>
      l
        .split('\t')
        .filter((_, j) => [0, 2, 4].includes(j))
        .join('\t'),
    ),
  ]),
  'csv.run': file([
    'qid,docid,score',
    ...lines(RESULTS).map((l) =>
      l
        .split('\t')
        .filter((_, j) => [0, 2, 4].includes(j))
        .map((f) => f.trim())
        .join(','),
    ),
  ]),
  'miss.qrels': QRELS + shifted(QRELS, 3),
  'many.qrels': QRELS + [1, 2, 3, 4].map((k) => shifted(QRELS, 3 * k)).join(''),
  'dup.run': `${RESULTS}${lines(RESULTS)[1]}\n`,
});
const trec = (...args: string[]) => ranklens(['trec', ...args], dir);
const map = (value: string) => `map                   \tall\t${value}\n`;
const P_10 = 'P_10                  \tall\t0.3000\n';

describe('ranklens trec refuses what trec_eval refuses (the trec_eval convention)', () => {
  const CUT =
    'cut.run:1:1 error malformed-line 98 run lines have 5 fields, not 6 (qid Q0 docid rank score tag); the tag column is missing (the last field is the score). Lines 1, 16, 31, 46, 61 and 93 more.';

  it('98 lines without their tag: nothing printed, one message (what, where, how to go on); exit 1', () => {
    // trec_eval: nothing on stdout; "trec_eval.get_results: Malformed line 1" and "trec_eval: Quit in file 'cut.run'"; exit 2.
    const r = trec('qrels.test', 'cut.run', '-m', 'map', '-m', 'P.10');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        '',
        `${CUT} Nothing is evaluated: trec_eval stops at the first ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.\n`,
        1,
      ],
    );
  });

  it('--keep-going: the rest evaluated, the summary marked PARTIAL on its first line (map 0.1696, not the 0.1785 of the whole run)', () => {
    const r = trec('qrels.test', 'cut.run', '-m', 'map', '-m', 'P.10', '--keep-going');
    assert.equal(
      r.stdout,
      'PARTIAL: these means leave out 98 of 1500 run lines (see the errors): they are not the means of the files given.\n' +
        map('0.1696') +
        P_10,
    );
    assert.deepEqual([r.stderr, r.code], [`${CUT} They are skipped.\n`, 1]);
  });

  it('another preset skips the lines too, and says so in the summary itself', () => {
    const r = trec('qrels.test', 'cut.run', '-m', 'AP', '-m', 'P@10', '--convention', 'ranx');
    assert.equal(
      r.stdout,
      'PARTIAL: these means leave out 98 of 1500 run lines (see the errors): they are not the means of the files given.\n' +
        'AP                    \tall\t0.1696\nP@10                  \tall\t0.3000\n',
    );
    assert.deepEqual([r.stderr, r.code], [`${CUT} They are skipped.\n`, 1]);
  });

  it('two runs: the broken copy stops the comparison; with --keep-going it is compared, marked PARTIAL in the table', () => {
    const stopped = trec('qrels.test', 'results.test', 'cut.run', '-m', 'AP');
    assert.deepEqual([stopped.stdout, stopped.code], ['', 1]);
    assert.match(stopped.stderr, /^cut\.run:1:1 error malformed-line 98 run lines .* Nothing is evaluated: trec_eval stops at the first/);
    const marked = trec('qrels.test', 'results.test', 'cut.run', '-m', 'AP', '--keep-going');
    // The answer is marked too: the broken copy loses on all 3 queries, by 0.0089 of AP, not significantly.
    assert.equal(
      marked.stdout.split('\n').slice(0, 8).join('\n'),
      [
        '   run                AP',
        'a  STANDARD           0.1785',
        'b  cut.run (PARTIAL)  0.1696',
        '',
        'measure  b − a                            diff  95% CI                  d  p (Holm)  significant  W/T/L',
        'AP       cut.run (PARTIAL) − STANDARD  -0.0089  [-0.0394, +0.0216]  -0.73    0.3343  no           0/0/3',
        '',
        'cut.run: PARTIAL: these means leave out 98 of 1500 run lines (see the errors): they are not the means of the files given.',
      ].join('\n'),
    );
    const json = JSON.parse(trec('qrels.test', 'results.test', 'cut.run', '-m', 'AP', '--keep-going', '--json').stdout);
    assert.deepEqual(
      json.runs.map((r: { name: string; partial: unknown }) => [r.name, r.partial]),
      [
        ['STANDARD', null],
        ['cut.run', { skippedLines: { qrels: 0, run: 98 }, droppedQueries: 0 }],
      ],
    );
    // Without --keep-going the JSON report is refused: both runs listed, no figure, no comparison.
    const refused = JSON.parse(trec('qrels.test', 'results.test', 'cut.run', '-m', 'AP', '--json').stdout);
    assert.deepEqual(
      [refused.refused, refused.runs.map((r: { name: string; means: object }) => [r.name, r.means]), refused.comparisons],
      [
        true,
        [
          ['STANDARD', {}],
          ['cut.run', {}],
        ],
        [],
      ],
    );
  });

  it('a docid twice: nothing printed, one message; --keep-going leaves the query out (num_q 2), marked PARTIAL', () => {
    // trec_eval: "trec_eval.form_res_qrels: duplicate docs FR940202-2-00151trec_eval: Can't calculate measure 'map'"; exit 4.
    const r = trec('qrels.test', 'dup.run', '-m', 'map');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        '',
        'dup.run:1501:1 error duplicate-prediction "FR940202-2-00151" appears twice for query 301. Nothing is evaluated: trec_eval stops here ("duplicate docs"). Remove the repeated lines, or add --keep-going to evaluate the other queries (a query that lists a docid twice is left out), every mean marked as computed on partial files. (first occurrence: dup.run:2:1)\n',
        1,
      ],
    );
    const going = trec('qrels.test', 'dup.run', '-m', 'map', '-m', 'num_q', '--keep-going');
    assert.equal(
      going.stdout,
      'PARTIAL: these means leave out 1 query that lists a docid twice (see the errors): they are not the means of the files given.\n' +
        'num_q                 \tall\t2\n' +
        map('0.2516'),
    );
    const json = JSON.parse(trec('qrels.test', 'dup.run', '-m', 'map', '--keep-going', '--json').stdout).runs[0];
    assert.deepEqual(json.partial, { skippedLines: { qrels: 0, run: 0 }, droppedQueries: 1 });
  });
});

describe('ranklens trec tells many bad lines as one, with the likely cause', () => {
  it('a 5-column run: one message, "the tag column is missing", not 1500 errors and "no line to rank"', () => {
    // trec_eval: "trec_eval.get_results: Malformed line 1", "trec_eval: Quit in file 'five.run'"; exit 2.
    const r = trec('qrels.test', 'five.run', '-m', 'map', '--keep-going');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        '',
        'five.run:1:1 error malformed-line 1500 run lines have 5 fields, not 6 (qid Q0 docid rank score tag); the tag column is missing (the last field is the score). Lines 1, 2, 3, 4, 5 and 1495 more. They are skipped. No line to rank is left, so nothing is evaluated.\n',
        1,
      ],
    );
    const json = JSON.parse(trec('qrels.test', 'five.run', '-m', 'map', '--json').stdout);
    assert.deepEqual(json.findings[0].data.count, 1500);
    assert.deepEqual(json.findings[0].data.lines.slice(0, 3), [1, 2, 3]);
    assert.equal(json.findings[0].data.lines.length, 100);
    // Refused (trec_eval stops at line 1): the run with what was read, no figure.
    assert.deepEqual([json.refused, json.runs[0].means, json.runs[0].counts.rankedLines, json.findings.length], [true, {}, 0, 1]);
  });

  it("a TSV with a header (BEIR's query-id corpus-id score) is read as such: the intact values", () => {
    // Found by its header: the same rankings as results.test, so trec_eval's map on that file.
    const tsv = trec('qrels.test', 'tsv.run', '-m', 'map');
    assert.deepEqual([tsv.stdout, tsv.stderr, tsv.code], ['map                   \tall\t0.1785\n', '', 0]);
  });

  it('a TSV with a header read as TREC text (--run-format trec): the header named, the lines "qid docid score"', () => {
    // trec_eval: "trec_eval.get_results: Malformed line 1"; exit 2.
    const r = trec('qrels.test', 'tsv.run', '-m', 'map', '--run-format', 'trec');
    assert.deepEqual(r.stderr.split('\n'), [
      'tsv.run:1:1 warning header-line The first line names the columns ("query-id\\x09corpus-id\\x09score"): a header, not a ranked document. It is skipped; trec_eval stops on it ("Malformed line"). Delete it to give trec_eval the same file.',
      'tsv.run:2:1 error malformed-line 1500 run lines have 3 fields, not 6 (qid Q0 docid rank score tag); the lines are "qid docid score": write them as "qid Q0 docid rank score tag". Lines 2, 3, 4, 5, 6 and 1495 more. Nothing is evaluated: trec_eval stops at the first ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.',
      '',
    ]);
    assert.deepEqual([r.stdout, r.code], ['', 1]);
  });

  it('a CSV with a header is read as such: the intact values', () => {
    const csv = trec('qrels.test', 'csv.run', '-m', 'map');
    assert.deepEqual([csv.stdout, csv.stderr, csv.code], ['map                   \tall\t0.1785\n', '', 0]);
  });

  it('a CSV with a header read as TREC text (--run-format trec): the separator named', () => {
    // trec_eval: "trec_eval.get_results: Malformed line 1"; exit 2.
    const r = trec('qrels.test', 'csv.run', '-m', 'map', '--run-format', 'trec');
    assert.equal(
      r.stderr.split('\n')[1],
      'csv.run:2:1 error malformed-line 1500 run lines have 1 field, not 6 (qid Q0 docid rank score tag); the fields are separated by "," (comma-separated values); TREC files separate them with spaces or tabs. Lines 2, 3, 4, 5, 6 and 1495 more. Nothing is evaluated: trec_eval stops at the first ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.',
    );
    assert.match(r.stderr, /^csv\.run:1:1 warning header-line The first line names the columns \("qid,docid,score"\)/);
  });

  it('a gzipped run not named .gz, and a file with a NUL byte: "not text", no garbled bytes; exit 1', () => {
    const at = tempFiles({ 'qrels.test': QRELS });
    const gz = join(at, 'bin.run');
    const nul = join(at, 'nul.run');
    writeFileSync(gz, gzipSync(Buffer.from(RESULTS, 'latin1')));
    writeFileSync(nul, Buffer.from('x\x00y\n', 'latin1'));
    // trec_eval: "trec_eval.get_results: Malformed line 2" (gzip) / "Malformed line 1" (NUL), "Quit in file"; exit 2.
    const r = ranklens(['trec', 'qrels.test', 'bin.run', '-m', 'map'], at);
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        '',
        'bin.run:1:1 error binary-file The run file is not text: gzip-compressed (a file whose name ends in .gz is read through gunzip: rename it, or gunzip it). Nothing is read from it (trec_eval stops on it: "Malformed line").\n',
        1,
      ],
    );
    assert.equal(
      ranklens(['trec', 'qrels.test', 'nul.run', '-m', 'map'], at).stderr,
      'nul.run:1:1 error binary-file The run file is not text: it holds NUL bytes (the first at byte 1), which no text line holds. Nothing is read from it (trec_eval stops on it: "Malformed line").\n',
    );
  });
});

describe('ranklens trec says when ids do not meet', () => {
  it('docids lowercased: the values trec_eval prints (0), and a warning naming the case with an example from each file', () => {
    // trec_eval: map 0.0000, P_10 0.0000, nothing on stderr; exit 0.
    const r = trec('qrels.test', 'lower.run', '-m', 'map', '-m', 'P.10');
    assert.equal(r.stdout, map('0.0000') + 'P_10                  \tall\t0.0000\n');
    assert.deepEqual(
      [r.stderr, r.code],
      [
        'lower.run:1:1 warning ids-do-not-meet No document the run ranks is judged in the qrels, for any of its 3 judged queries: the docids do not meet, and every measure is 0. The likely cause is upper and lower case: the run writes "fr940202-2-00150" where the qrels write "FR940202-2-00150" (ids are compared byte for byte, as trec_eval does).\n',
        0,
      ],
    );
  });

  it("one query's docids lowercased: it stands out against the others' median share of judged documents (47%)", () => {
    // trec_eval: map 0.0394 (query 302 counts 0); exit 0. Shares judged: 301 259/500, 303 215/500, median 0.474; 302 none of 500.
    const r = trec('qrels.test', 'part.run', '-m', 'map');
    assert.equal(r.stdout, map('0.0394'));
    assert.equal(
      r.stderr,
      'part.run:1:1 warning ids-do-not-meet 1 query ranks no judged document (302), where the other queries have a median of 47% of their documents judged: their docids may not meet the qrels\'. The likely cause is upper and lower case: the run writes "fr940126-2-00100" where the qrels write "FR940126-2-00100" (ids are compared byte for byte, as trec_eval does).\n',
    );
  });

  it('query ids q301 against 301: nothing evaluated, the prefix named; with -c the 0 of trec_eval -c, and a warning', () => {
    // trec_eval: "trec_eval: result qid '301' not found in qrels"; exit 4. With -c: map 0.0000; exit 0.
    const r = trec('qrels.test', 'qpref.run', '-m', 'map');
    assert.deepEqual([r.stdout, r.code], ['', 1]);
    assert.equal(
      r.stderr.split('\n')[0],
      'qpref.run:1:1 error nothing-evaluated No query is both judged in the qrels and in the run, so nothing is evaluated (trec_eval stops: "No queries with both results and relevance info"). The likely cause is a prefix: the run\'s query ids start with "q" (the run writes "q301" where the qrels write "301").',
    );
    const c = trec('-c', 'qrels.test', 'qpref.run', '-m', 'map');
    assert.deepEqual([c.stdout, c.code], [map('0.0000'), 0]);
    assert.match(
      c.stderr,
      /^qpref\.run:1:1 warning ids-do-not-meet 3 run queries are not judged in the qrels \(q301, q302 and q303\) while judged queries have no line in the run: the query ids may not meet\. The likely cause is a prefix: the run's query ids start with "q" \(the run writes "q301" where the qrels write "301"\)\.$/m,
    );
  });
});

describe('ranklens trec recognises a header line', () => {
  it('qrels "qid iter docno rel": skipped and named, not a judgement of query "qid" (with -c: 0.1785, where trec_eval -c counts "qid")', () => {
    // trec_eval: "trec_eval: result qid 'qid' not found in qrels", exit 4; with -c: map 0.1339, P_10 0.2250, exit 0.
    const r = trec('-c', 'hdr.qrels', 'results.test', '-m', 'map', '-m', 'P.10');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        map('0.1785') + P_10,
        'hdr.qrels:1:1 warning header-line The first line names the columns ("qid iter docno rel"): a header, not a judgement. It is skipped; trec_eval reads it as a judgement of a query "qid" (grade 0), which -c counts among the queries. Delete it to give trec_eval the same file.\n',
        0,
      ],
    );
  });

  it('run "qid Q0 docno rank score tag": skipped and named; the values are the intact run\'s', () => {
    // trec_eval: map 0.1785, P_10 0.3000 (it ranks a document of an unjudged query "qid"); exit 0.
    const r = trec('qrels.test', 'hdr.run', '-m', 'map', '-m', 'P.10');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        map('0.1785') + P_10,
        'hdr.run:1:1 warning header-line The first line names the columns ("qid Q0 docno rank score tag"): a header, not a ranked document. It is skipped; trec_eval reads it as a ranked document of a query "qid", which it ignores unless the qrels judge that query. Delete it to give trec_eval the same file.\n',
        0,
      ],
    );
  });
});

describe('ranklens trec names every judged query missing from the run', () => {
  it('three: each with the line of its first judgement, the warning at the first', () => {
    // trec_eval: "trec_eval: result qid '304' not found in qrels"; exit 4.
    const r = trec('miss.qrels', 'results.test', '-m', 'map');
    assert.deepEqual(
      [r.stdout, r.stderr, r.code],
      [
        map('0.1785'),
        'miss.qrels:3682:1 warning query-not-in-run 3 judged queries have no line in the run: 304 (line 3682), 305 (line 5390) and 306 (line 6451); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 304 ("result qid not found"), after printing the queries before it.\n',
        0,
      ],
    );
  });

  it('twelve: the first 10 in the text "and 2 more", all 12 in the JSON', () => {
    // trec_eval: "trec_eval: result qid '304' not found in qrels"; exit 4.
    const r = trec('many.qrels', 'results.test', '-m', 'map');
    assert.equal(
      r.stderr,
      'many.qrels:3682:1 warning query-not-in-run 12 judged queries have no line in the run: 304 (line 3682), 305 (line 5390), 306 (line 6451), 307 (line 7363), 308 (line 9071), 309 (line 10132), 310 (line 11044), 311 (line 12752), 312 (line 13813), 313 (line 14725) and 2 more; skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 304 ("result qid not found"), after printing the queries before it.\n',
    );
    const f = JSON.parse(trec('many.qrels', 'results.test', '-m', 'map', '--json').stdout).findings[0];
    assert.deepEqual(
      f.data.queries.map((q: { id: string; line: number }) => `${q.id}:${q.line}`),
      [
        '304:3682',
        '305:5390',
        '306:6451',
        '307:7363',
        '308:9071',
        '309:10132',
        '310:11044',
        '311:12752',
        '312:13813',
        '313:14725',
        '314:16433',
        '315:17494',
      ],
    );
  });
});

describe('ranklens check on an empty fixture file', () => {
  it('is an error (empty-fixture), exit 1: nothing to check is not a pass', () => {
    const d = tempFiles({ 'empty.rank.yaml': '' });
    const r = ranklens(['check', 'empty.rank.yaml'], d);
    assert.equal(
      r.stdout,
      'empty.rank.yaml — nothing to evaluate\n\nempty.rank.yaml:1:1 error empty-fixture The file holds no fixture: it is empty. Write a fixture in it (at least "cases"), or delete it.\n\n1 file: 1 error, 0 warnings, 0 notes — FAILED\n',
    );
    assert.equal(r.code, 1);
  });
});
