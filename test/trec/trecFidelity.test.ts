/**
 * Files trec_eval reads without complaint, read the same way: ids as bytes, ties in strcmp order,
 * grades through atol, scores through atof, NaN ranked as glibc's merge sort leaves it. Expected
 * values were worked by hand and checked against trec_eval 10.0-rc3 built from source.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { compareText, rankCase } from '../../shared/core/ranking';
import { byteString, shownBytes, utf16Column } from '../../shared/trec/read/byteText';
import { cAtof, cAtol } from '../../shared/trec/read/cNumbers';
import { parseQrels } from '../../shared/trec/read/qrelsReader';
import { parseRun } from '../../shared/trec/read/runReader';
import { inTrecEvalOrder } from '../../shared/trec/evaluate/trecEvalOrder';

// A file's bytes, as the readers get them (one character per byte).
const bytes = (text: string) => byteString(text);

describe('ids are byte strings', () => {
  it('keeps café written in UTF-8 and caf\\xe9 written in Latin-1 apart, and names each as written', () => {
    const q = parseQrels(`1 0 ${bytes('café')} 1\n1 0 caf\xe9 0\n1 0 caf\xe8 1\n1 0 caf\xe8 0\n`);
    assert.deepEqual(q.queries.get('1')?.ids.map(shownBytes), ['café', 'caf\\xE9', 'caf\\xE8']);
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.code, p.message]),
      [[4, 'duplicate-judgement', '"caf\\xE8" is judged twice for query 1; the first grade is used (trec_eval stops on this).']],
    );
  });

  it('shows control characters as \\xNN and valid UTF-8 as text', () => {
    assert.equal(shownBytes(bytes('x\u0001y\u007f')), 'x\\x01y\\x7F');
    assert.equal(shownBytes(bytes('😀 naïve')), '😀 naïve');
    assert.equal(shownBytes('\xef\xbb\xbf1'), '\ufeff1');
    assert.equal(shownBytes('\xf0\x9f'), '\\xF0\\x9F'); // a cut 4-byte sequence
  });

  it('puts problems at UTF-16 columns of the text the bytes stand for', () => {
    const line = bytes('😀 Q0 d 1 high t');
    assert.equal(utf16Column(line, 0, line.indexOf('high')), 10); // the emoji is 4 bytes, 2 UTF-16 units
    const r = parseRun(line, false);
    assert.deepEqual(
      r.problems.map((p) => [p.code, p.start, p.end]),
      [['invalid-score', 10, 14]],
    );
  });
});

describe('tied documents are ordered by their bytes, descending (strcmp on UTF-8)', () => {
  it('compares by code point: 😀 (U+1F600) after U+E000, which UTF-16 order gets the other way round', () => {
    assert.equal(compareText('\u{1F600}', '\uE000'), 1);
    assert.equal(compareText('\uE000', '\u{1F600}'), -1);
    assert.equal(compareText(bytes('\u{1F600}'), bytes('\uE000')), 1); // F0 9F 98 80 > EE 80 80
    assert.deepEqual(['b', 'a\uFFFF', 'a\u{10000}', 'a'].sort(compareText), ['a', 'a\uFFFF', 'a\u{10000}', 'b']);
  });

  it('ranks the emoji first when both tie at score 1 (trec_eval: relstring 10, RR 1)', () => {
    const rc = rankCase(
      {
        labels: [
          { id: '\u{1F600}', grade: 1 },
          { id: '\uE000', grade: 0 },
        ],
        predictions: [
          { id: '\uE000', score: 1 },
          { id: '\u{1F600}', score: 1 },
        ],
      },
      PRESETS.trec_eval,
    );
    assert.deepEqual(rc.ids, ['\u{1F600}', '\uE000']);
  });
});

describe('grades as trec_eval reads them (atol: the integer prefix)', () => {
  it('reads 1e2 as 1, 0.5 as 0, x as 0, 2.9 as 2, +3 as 3, -1.5 as -1, 03 as 3, each with a warning', () => {
    const q = parseQrels('1 0 a 1e2\n1 0 b 0.5\n1 0 c x\n1 0 d 2.9\n1 0 e +3\n1 0 f -1.5\n1 0 g 03\n1 0 h 2\n', { asTrecEval: true });
    assert.deepEqual(q.queries.get('1')?.grades, [1, 0, 0, 2, 3, -1, 3, 2]);
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.code, p.severity, p.start, p.end]),
      [
        [1, 'non-integer-grade', 'warning', 6, 9],
        [2, 'non-integer-grade', 'warning', 6, 9],
        [3, 'non-integer-grade', 'warning', 6, 7],
        [4, 'non-integer-grade', 'warning', 6, 9],
        [6, 'non-integer-grade', 'warning', 6, 10],
      ],
    );
    assert.equal(
      q.problems[0].message,
      'trec_eval reads the grade "1e2" as 1 (C\'s atol: the whole number at its start, 0 when there is none).',
    );
  });

  it('reads them as written under another preset, and refuses text', () => {
    const q = parseQrels('1 0 a 1e2\n1 0 b 0.5\n1 0 c x\n');
    assert.deepEqual(q.queries.get('1')?.grades, [100, 0.5]);
    assert.deepEqual(
      q.problems.map((p) => [p.code, p.severity, p.message]),
      [
        ['non-integer-grade', 'warning', 'The grade "1e2" is not written as a whole number: read as 100; trec_eval would read 1.'],
        ['non-integer-grade', 'warning', 'The grade "0.5" is not written as a whole number: read as 0.5; trec_eval would read 0.'],
        ['invalid-grade', 'error', 'The grade "x" is not a number. The line is skipped.'],
      ],
    );
  });

  it('atol saturates like a 64-bit long and turns -0 into 0', () => {
    assert.deepEqual(['7', '-12abc', '', 'abc', '-0', '99999999999999999999'].map(cAtol), [7, -12, 0, 0, 0, 9223372036854775807]);
  });
});

describe('scores as trec_eval reads them (atof)', () => {
  it('reads words, hex, exponents and junk after a number as strtod does', () => {
    const cases: [string, number][] = [
      ['inf', Infinity],
      ['-Infinity', -Infinity],
      ['INF', Infinity],
      ['0x10', 16],
      ['0x1p3', 8],
      ['0x1.8p1', 3],
      ['0x', 0],
      ['12abc', 12],
      ['abc', 0],
      ['1e', 1],
      ['3e+', 3],
      ['.5', 0.5],
      ['-.5e1', -5],
      ['1e400', Infinity],
      ['+3', 3],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
    assert.ok(Number.isNaN(cAtof('nan')) && Number.isNaN(cAtof('-NaN(123)')));
  });

  it('keeps the line and warns, under trec_eval; refuses what is not a number under another preset', () => {
    const run = '1 Q0 a 1 2abc t\n1 Q0 b 2 0x2 t\n1 Q0 c 3 nan t\n1 Q0 d 4 inf t\n';
    const te = parseRun(run, true);
    assert.deepEqual(
      te.queries.get('1')?.predictions.map((p) => p.score),
      [2, 2, NaN, Infinity],
    );
    assert.deepEqual(
      te.problems.map((p) => [p.line, p.code, p.start, p.end]),
      [
        [1, 'unusual-score', 9, 13],
        [2, 'unusual-score', 9, 12],
        [3, 'unusual-score', 9, 12],
        [4, 'unusual-score', 9, 12],
      ],
    );
    assert.equal(
      te.problems[0].message,
      'trec_eval reads the score "2abc" as 2 (C\'s atof: the longest number at its start, 0 when there is none).',
    );
    const other = parseRun(run, false);
    assert.deepEqual(
      other.queries.get('1')?.predictions.map((p) => [p.id, p.score]),
      [
        ['c', NaN],
        ['d', Infinity],
      ],
    );
    assert.deepEqual(
      other.problems.map((p) => [p.code, p.severity]),
      [
        ['invalid-score', 'error'],
        ['invalid-score', 'error'],
        ['unusual-score', 'warning'],
        ['unusual-score', 'warning'],
      ],
    );
  });

  it("ranks a NaN score where glibc's merge sort leaves it: a 1, b NaN, c 2 → c b a (trec_eval: relstring 011)", () => {
    // Start: lines sorted by docid, a b c. Halves [a] and [b c]; b vs c: NaN ties, docids descending: c b.
    // Merge [a] with [c b]: a (1) < c (2) → c; a vs b: NaN ties, "b" > "a" → b; then a.
    const ranked = inTrecEvalOrder([
      { id: 'a', score: 1 },
      { id: 'b', score: NaN },
      { id: 'c', score: 2 },
    ]);
    assert.deepEqual(ranked, [
      { id: 'c', score: 3 },
      { id: 'b', score: 2 },
      { id: 'a', score: 1 },
    ]);
    const plain = [{ id: 'a', score: 1 }];
    assert.equal(inTrecEvalOrder(plain), plain);
  });
});

describe('line endings, blank lines, comments', () => {
  it('reads a CRLF run with blank, space-only and comment lines as the same run with LF', () => {
    const lf = parseRun('1 Q0 a 1 2 t\n1 Q0 b 2 1 t\n', true);
    const crlf = parseRun('1 Q0 a 1 2 t\r\n\r\n  \t\r\n   # note\r\n1 Q0 b 2 1 t\r\n', true);
    assert.deepEqual(
      [...crlf.queries.values()].map((q) => q.predictions),
      [...lf.queries.values()].map((q) => q.predictions),
    );
    assert.deepEqual(crlf.problems, []);
  });

  it('warns about a blank qrels line (trec_eval stops on it) and takes only a first-column # as a comment', () => {
    const q = parseQrels('# judged\r\n1 0 a 1\r\n\r\n1 0 b 2\r\n', { asTrecEval: true });
    assert.deepEqual(q.queries.get('1')?.grades, [1, 2]);
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.code, p.severity]),
      [[3, 'blank-line', 'warning']],
    );
    const indented = parseQrels('  # a b c\n', { asTrecEval: true });
    assert.deepEqual([...indented.queries.keys()], ['#']); // trec_eval reads it as a judgement of query "#"
    assert.deepEqual(parseQrels('  # a b c\n').queries.size, 0);
  });

  it('reads a second comment line in a row as trec_eval does: a judgement of query "#x" (trec_eval 10.0: num_rel 1 for #x)', () => {
    const text = '# pooled to depth 100\n#x 0 b 1\n1 0 a 1\n';
    const q = parseQrels(text, { asTrecEval: true });
    assert.deepEqual(
      [...q.queries].map(([qid, j]) => [qid, j.ids, j.grades]),
      [
        ['#x', ['b'], [1]],
        ['1', ['a'], [1]],
      ],
    );
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.start, p.end, p.code, p.severity]),
      [[2, 0, 8, 'comment-read-as-judgement', 'warning']],
    );
    assert.match(
      q.problems[0].message,
      /skips one comment line at a time, so it reads this second one in a row as a judgement of query "#x"/,
    );
    // Read as written, every '#' line is a comment.
    assert.deepEqual([...parseQrels(text).queries.keys()], ['1']);
  });

  it('flags a second comment line in a row without 4 fields (trec_eval: "Malformed line") and skips it', () => {
    const q = parseQrels('# one\n# two\n1 0 a 1\n', { asTrecEval: true });
    assert.deepEqual([...q.queries.keys()], ['1']);
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.start, p.end, p.code, p.severity]),
      [[2, 0, 5, 'malformed-line', 'error']],
    );
    assert.match(q.problems[0].message, /with 2 fields instead of 4 it stops \("Malformed line"\)/);
  });

  it('takes a third comment line in a row as a comment again: trec_eval skips every other one', () => {
    const q = parseQrels('# a\n#b 0 d 2\n# c\n1 0 a 1\n', { asTrecEval: true });
    assert.deepEqual(
      [...q.queries].map(([qid, j]) => [qid, j.grades]),
      [
        ['#b', [2]],
        ['1', [1]],
      ],
    );
    assert.deepEqual(
      q.problems.map((p) => p.code),
      ['comment-read-as-judgement'],
    );
  });

  it('warns about a comment as the last line, on which trec_eval 10.0 crashes, with or without a final line break', () => {
    for (const text of ['1 0 a 1\n# last\n', '1 0 a 1\n# last']) {
      const q = parseQrels(text, { asTrecEval: true });
      assert.deepEqual(q.queries.get('1')?.ids, ['a']);
      assert.deepEqual(
        q.problems.map((p) => [p.line, p.code, p.severity]),
        [[2, 'final-comment-line', 'warning']],
      );
    }
    assert.deepEqual(parseQrels('1 0 a 1\n# last\n').problems, []);
  });
});
