/** What a file's first bytes say before any line is read (fileShape.ts), and many problems told as one (collapse.ts). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { textBytes } from '../../shared/trec/read/byteText';
import { COLLAPSE_ABOVE, collapseProblems, lineList, malformedCause } from '../../shared/trec/read/collapse';
import { binaryFile, headerLine, isHeader } from '../../shared/trec/read/fileShape';
import { TrecProblem, malformedLine } from '../../shared/trec/read/problems';
import { QrelsReader } from '../../shared/trec/read/qrelsReader';
import { RunReader } from '../../shared/trec/read/runReader';

describe('binaryFile', () => {
  const what = (head: string) => binaryFile(textBytes(head), 'run')?.what;

  it('names compressed and archived files by their first bytes, UTF-16 by its mark or its NULs', () => {
    assert.equal(
      what('\x1f\x8b\x08\x00'),
      'The run file is not text: gzip-compressed (a file whose name ends in .gz is read through gunzip: rename it, or gunzip it).',
    );
    assert.equal(what('PK\x03\x04rest'), 'The run file is not text: a zip archive: unzip it.');
    assert.equal(what('BZh91AY'), 'The run file is not text: bzip2-compressed: bunzip2 it.');
    assert.equal(what('\xfd7zXZ\x00\x00'), 'The run file is not text: xz-compressed: unxz it.');
    assert.equal(what('\xff\xfe1\x00 \x00'), 'The run file is not text: UTF-16 text: save it as UTF-8.');
    assert.equal(what('1\x00 \x00Q\x000\x00'), 'The run file is not text: UTF-16 text (a NUL byte between characters): save it as UTF-8.');
    assert.equal(
      what('1 Q0 d\x00 1 1 t\n'),
      'The run file is not text: it holds NUL bytes (the first at byte 6), which no text line holds.',
    );
  });

  it('lets text through, control characters and Latin-1 bytes included (conformance files hold them)', () => {
    for (const text of ['1 Q0 d 1 1 t\n', '1 Q0 caf\xe9 1 1 t\n', '1 Q0 a\x01b 1 1 t\r\n', '\xef\xbb\xbf1 0 a 1\n', '']) {
      assert.equal(binaryFile(textBytes(text), 'qrels'), undefined, JSON.stringify(text));
    }
  });

  it('is an error at 1:1 of the file, with the message the CLI prints', () => {
    const p = binaryFile(textBytes('\x1f\x8b'), 'qrels')!;
    assert.deepEqual([p.file, p.line, p.start, p.end, p.code, p.severity], ['qrels', 1, 0, 0, 'binary-file', 'error']);
    assert.match(p.message, /Nothing is read from it \(trec_eval stops on it: "Malformed line"\)\.$/);
  });
});

describe('isHeader and headerLine', () => {
  it('takes fields that are all words, two of them column names, for a header', () => {
    assert.equal(isHeader(['qid', 'iter', 'docno', 'rel']), true);
    assert.equal(isHeader(['query-id', 'corpus-id', 'score']), true);
    assert.equal(isHeader(['Query_ID', 'Doc_ID', 'Relevance']), true);
    assert.equal(isHeader(['qid', 'Q0', 'docno', 'rank', 'score', 'tag']), true);
  });

  it('does not take a data line for one: a number among the fields, or fewer than two column names', () => {
    assert.equal(isHeader(['qid', '0', 'docno', 'rel']), false); // 0 is a number
    assert.equal(isHeader(['1', 'Q0', 'd1', 'score', 'rank', 'tag']), false); // 1 is a number
    assert.equal(isHeader(['topic', 'iter', 'doc', '1e2']), false);
    assert.equal(isHeader(['abc', 'Q0', 'def', 'ghi', 'jkl', 'tag']), false); // only "tag"
    assert.equal(isHeader(['qid']), false);
  });

  it('finds the first line that is not blank or a comment, gives its number and offset, and words the trec_eval difference', () => {
    const qrels = '# judged in 2024\n\nqid iter docno rel\n1 0 d1 1\n';
    const h = headerLine(textBytes(qrels), 'qrels', 0, true)!;
    assert.deepEqual(
      [h.line, h.offset, h.problem.start, h.problem.end, h.problem.code, h.problem.severity],
      [3, 18, 0, 18, 'header-line', 'warning'],
    );
    assert.equal(
      h.problem.message,
      'The first line names the columns ("qid iter docno rel"): a header, not a judgement. It is skipped; trec_eval reads it as a judgement of a query "qid" (grade 0), which -c counts among the queries. Delete it to give trec_eval the same file.',
    );
    assert.equal(
      headerLine(textBytes('query-id,corpus-id,score\n1,d,1\n'), 'run', 0, false)!.problem.message,
      'The first line names the columns ("query-id,corpus-id,score"): a header, not a ranked document. It is skipped.',
    );
    assert.equal(headerLine(textBytes('1 0 d1 1\nqid iter docno rel\n'), 'qrels', 0, true), undefined); // not the first line
    // The first line does not end in the bytes read (a line longer than HEAD_BYTES): not a header.
    assert.equal(headerLine(Uint8Array.from(Buffer.from('qid iter docno rel', 'latin1')), 'qrels', 0, true), undefined);
  });

  it('is skipped by the readers where it lies, the other lines numbered as in the file', () => {
    const qrels = new QrelsReader({ asTrecEval: true, headerLine: 2 });
    qrels.feed(textBytes('# c\nqid iter docno rel\n1 0 d1 1\n'));
    const table = qrels.end().byQuery();
    assert.deepEqual([[...table.queries.keys()], table.queries.get('1')!.lines, table.problems], [['1'], [3], []]);
    const seen: string[] = [];
    const run = new RunReader((b) => seen.push(`${b.qid}:${b.count}`), { mode: 'collect', headerAt: 0 });
    run.feed(textBytes('qid Q0 docno rank score tag\n1 Q0 d1 1 2 t\n'));
    assert.deepEqual([seen, run.end().problems], [['1:1'], []]);
  });
});

describe('malformedCause', () => {
  it('names the column a run line misses, or the format it is in', () => {
    assert.equal(malformedCause('run', 5, '301\tQ0\tFR1\t1\t2.5'), 'the tag column is missing (the last field is the score)');
    assert.equal(malformedCause('run', 5, '301 FR1 1 2.5 tag'), 'the Q0 column is missing (the second field is the docid)');
    assert.equal(malformedCause('run', 3, 'q1 d1 0.5'), 'the lines are "qid docid score": write them as "qid Q0 docid rank score tag"');
    assert.equal(
      malformedCause('run', 4, '1 0 d1 2'),
      'the line reads as a judgement (qid iter docid grade): the qrels and the run may be given in the wrong order (QRELS comes first)',
    );
    assert.equal(
      malformedCause('run', 1, '1,d1,0.5'),
      'the fields are separated by "," (comma-separated values); TREC files separate them with spaces or tabs',
    );
    assert.equal(malformedCause('run', 2, '{"qid": "1",'), 'the lines are JSON, not TREC text');
    assert.equal(malformedCause('run', 4, 'a b c d'), undefined);
  });

  it('names what a qrels line misses, or a run line given as qrels', () => {
    assert.equal(
      malformedCause('qrels', 3, '1 d1 2'),
      'the iter column is missing: the lines are "qid docid grade"; write them as "qid 0 docid grade"',
    );
    assert.equal(
      malformedCause('qrels', 6, '1 Q0 d1 1 0.5 run'),
      'the line reads as a run line (qid Q0 docid rank score tag): the qrels and the run may be given in the wrong order (QRELS comes first)',
    );
  });
});

describe('collapseProblems', () => {
  const cut = (line: number) =>
    malformedLine(
      'run',
      line,
      '1 Q0 d 1 0.5',
      5,
      'A run line has 6 fields (qid Q0 docid rank score tag); this one has 5.',
      'The line is skipped.',
    );
  const score = (line: number): TrecProblem => ({
    file: 'run',
    line,
    start: 9,
    end: 13,
    code: 'unusual-score',
    severity: 'warning',
    message: `score on ${line}`,
  });

  it(`lists up to ${COLLAPSE_ABOVE} problems of a code each at its place, and tells more as one at the first`, () => {
    const few = [cut(2), cut(5), cut(9)];
    assert.deepEqual(collapseProblems(few), few);
    const many = collapseProblems([score(1), cut(2), cut(4), score(5), cut(7), cut(9), cut(11), cut(13), cut(15)]);
    assert.deepEqual(
      many.map((p) => [p.line, p.code, p.count ?? 1]),
      [
        [1, 'unusual-score', 1],
        [2, 'malformed-line', 7],
        [5, 'unusual-score', 1],
      ],
    );
    assert.equal(
      many[1].message,
      '7 run lines have 5 fields, not 6 (qid Q0 docid rank score tag); the tag column is missing (the last field is the score). Lines 2, 4, 7, 9, 11 and 2 more. They are skipped.',
    );
    assert.deepEqual(many[1].lines, [2, 4, 7, 9, 11, 13, 15]);
  });

  it("counts the problems a reader's cap left out, and says how the field counts differ when they do", () => {
    const four = (line: number) =>
      malformedLine(
        'qrels',
        line,
        '1 0 d 1 x',
        5,
        'A qrels line has 4 fields (qid iter docid grade); this one has 5.',
        'The line is skipped.',
      );
    const note: TrecProblem = { ...four(9), omitted: 96 };
    const [one] = collapseProblems([four(1), malformedLine('qrels', 3, '1 0', 2, 'two', 'The line is skipped.'), four(5), four(9), note]);
    assert.equal(one.count, 100);
    assert.equal(
      one.message,
      '100 qrels lines do not have 4 fields (qid iter docid grade): 3 lines with 5, 1 line with 2, among the first 4. Lines 1, 3, 5, 9 and 96 more. They are skipped.',
    );
  });

  it('adds the lines of the others to the message of any other code, and to its what (a refusal words it)', () => {
    const dup = (line: number): TrecProblem => ({
      file: 'qrels',
      line,
      start: 0,
      end: 0,
      code: 'duplicate-judgement',
      severity: 'error',
      message: `"d" is judged twice for query ${line}; the first grade is used (trec_eval stops on this).`,
      what: `"d" is judged twice for query ${line}.`,
    });
    const [one] = collapseProblems([dup(3), dup(8), dup(20), dup(31), dup(40), dup(52), dup(60)]);
    assert.equal(one.what, '"d" is judged twice for query 3. The same on 6 more lines: 8, 20, 31, 40 and 2 more.');
    assert.equal(
      one.message,
      '"d" is judged twice for query 3; the first grade is used (trec_eval stops on this). The same on 6 more lines: 8, 20, 31, 40 and 2 more.',
    );
  });

  it('lineList: the first five, then how many more', () => {
    assert.equal(lineList([4], 1), '4');
    assert.equal(lineList([4, 9], 2), '4 and 9');
    assert.equal(lineList([1, 2, 3, 4, 5], 5), '1, 2, 3, 4 and 5');
    assert.equal(lineList([1, 2, 3, 4, 5, 6, 7], 4900), '1, 2, 3, 4, 5 and 4895 more');
  });
});
