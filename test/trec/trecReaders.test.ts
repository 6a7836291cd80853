/** TREC qrels and run text → per-query labels and predictions, with every problem at its line. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { parseDecimal } from '../../shared/trec/read/fields';
import { PROBLEMS_LISTED, capProblems } from '../../shared/trec/read/problems';
import { parseQrels } from '../../shared/trec/read/qrelsReader';
import { textBytes } from '../../shared/trec/read/byteText';
import { RunQuery, RunReader, duplicateProblems, parseRun, runQuery } from '../../shared/trec/read/runReader';
import { trecCase } from '../../shared/trec/evaluate/trecCase';

const decimal = (text: string) => parseDecimal(text, 0, text.length);

describe('parseDecimal reads scores as strtod does', () => {
  it('gives exactly Number() for plain decimals (the fast path)', () => {
    for (const t of ['27.5389', '0.1', '0.3', '-4.25', '+7', '1.', '0000.5000', '123456789012345', '9.999999999999999']) {
      assert.equal(decimal(t), Number(t), t);
    }
  });
  it('takes exponents and long mantissas through Number()', () => {
    assert.equal(decimal('1e-3'), 0.001);
    assert.equal(decimal('-2.5E+2'), -250);
    assert.equal(decimal('.5'), 0.5);
    assert.equal(decimal('3.14159265358979323846'), Math.PI);
  });
  it('refuses what is not a decimal number', () => {
    for (const t of ['high', '', '-', '.', '0x10', '1,5', 'Infinity', '1e', '--1']) assert.ok(Number.isNaN(decimal(t)), t);
  });
});

describe('qrels', () => {
  it('groups judgements by query, in file order, skipping blank and # lines', () => {
    const q = parseQrels('# judged\n301 0 d1 2\n\n301 0 d2 0\n302\t0\td7\t1\n   \n301 0 d3 -1\n');
    assert.deepEqual([...q.queries.keys()], ['301', '302']);
    assert.deepEqual(q.queries.get('301'), { ids: ['d1', 'd2', 'd3'], grades: [2, 0, -1], lines: [2, 4, 7] });
    assert.deepEqual(q.queries.get('302'), { ids: ['d7'], grades: [1], lines: [5] });
    assert.equal(q.lines, 7);
    assert.deepEqual(q.problems, []);
  });

  it('reports a line without 4 fields and a grade that is not a number, and reads on', () => {
    const q = parseQrels('1 0 a 1\n1 0 b\n1 0 c x\n1 0 d 1 extra\n1 0 e 1');
    assert.deepEqual(q.queries.get('1')?.ids, ['a', 'e']);
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.code, p.severity, p.start, p.end]),
      [
        [2, 'malformed-line', 'error', 0, 5],
        [3, 'invalid-grade', 'error', 6, 7],
        [4, 'malformed-line', 'error', 0, 13],
      ],
    );
  });

  it('keeps the first grade of a docid judged twice and points the repeat at the first line', () => {
    const q = parseQrels('7 0 a 1\n8 0 a 2\n7 0 a 0\n');
    assert.deepEqual(q.queries.get('7'), { ids: ['a'], grades: [1], lines: [1] });
    assert.equal(q.problems.length, 1);
    const p = q.problems[0];
    assert.deepEqual([p.line, p.code, p.severity, p.related?.[0].line], [3, 'duplicate-judgement', 'error', 1]);
    assert.equal(parseQrels('7 0 a 1\n7 0 a 0\n', { duplicateSeverity: 'warning' }).problems[0].severity, 'warning');
  });

  it('warns that trec_eval truncates a fractional grade', () => {
    const q = parseQrels('1 0 a 1.5\n');
    assert.deepEqual(q.queries.get('1')?.grades, [1.5]);
    assert.deepEqual(
      q.problems.map((p) => [p.code, p.severity]),
      [['non-integer-grade', 'warning']],
    );
  });
});

describe('trecCase', () => {
  it('gives the core each judged docid with its grade, and no labels for a query the qrels do not judge', () => {
    const q = parseQrels('1 0 a 2\n1 0 b -1\n');
    const predictions = [{ id: 'b', score: 1 }];
    assert.deepEqual(trecCase(q.queries.get('1'), predictions), {
      labels: [
        { id: 'a', grade: 2 },
        { id: 'b', grade: -1 },
      ],
      predictions,
    });
    assert.deepEqual(trecCase(undefined, predictions).labels, []);
  });
});

describe('runs', () => {
  const RUN = '1 Q0 d2 1 0.9 t\n1 Q0 d1 2 0.8 t\n2 Q0 a 1 3 t\n2 Q0 b 2 2 t extra fields\n';

  it('reads qid, docid and score; ignores Q0, rank, tag and anything after', () => {
    const r = parseRun(RUN);
    assert.deepEqual([...r.queries.keys()], ['1', '2']);
    assert.deepEqual(r.queries.get('1')?.predictions, [
      { id: 'd2', score: 0.9 },
      { id: 'd1', score: 0.8 },
    ]);
    assert.deepEqual(r.queries.get('2')?.lines, [3, 4]);
    assert.equal(r.entries, 4);
    assert.equal(r.lines, 4);
  });

  it('reads tabs, runs of spaces, CRLF and leading blanks as trec_eval does', () => {
    const messy = '1\tQ0\td2 1   0.9 t\r\n  1 Q0 d1 2 0.8 t\r\n# note\r\n2 Q0 a 1 3 t\r\n2 Q0 b 2 2 t extra fields\r\n';
    const a = parseRun(RUN);
    const b = parseRun(messy);
    assert.deepEqual(
      [...b.queries.values()].map((q) => q.predictions),
      [...a.queries.values()].map((q) => q.predictions),
    );
    assert.deepEqual(b.queries.get('2')?.lines, [4, 5]);
    assert.deepEqual(b.problems, []);
  });

  it('reports short lines and bad scores with their line and column, and reads on', () => {
    const r = parseRun('1 Q0 a 1 0.5 t\n1 Q0 b 2\n1 Q0 c 3 high t\n1 Q0 d 4 0.25 t');
    assert.deepEqual(
      r.queries.get('1')?.predictions.map((p) => p.id),
      ['a', 'd'],
    );
    assert.deepEqual(
      r.problems.map((p) => [p.line, p.code, p.start, p.end]),
      [
        [2, 'malformed-line', 0, 8],
        [3, 'invalid-score', 9, 13],
      ],
    );
  });

  it('keeps a query open while `window` others start, hands over the one read least recently to make room, and stops when a query comes back after that', () => {
    // 13 bytes a line, from byte 100 of the file: a a b a c d. With two open at a time, c makes room by handing over b (read
    // less recently than a), d by handing over a. Each block comes with where its lines lie and its first line's number.
    const blocks: string[] = [];
    const reader = new RunReader((q, span) => blocks.push(`${q.qid}:${q.count} ${span!.start}–${span!.end} line ${span!.line}`), {
      window: 2,
    });
    assert.equal(
      reader.feed(textBytes('a Q0 x 1 1 t\na Q0 y 2 1 t\nb Q0 x 1 1 t\na Q0 z 3 1 t\nc Q0 z 3 1 t\nd Q0 x 1 1 t\n'), 0, 78, 100),
      true,
    );
    assert.deepEqual(blocks, ['b:1 126–139 line 3', 'a:3 100–152 line 1']);
    assert.equal(reader.feed(textBytes('a Q0 w 4 1 t\n'), 0, 13, 178), false);
    assert.equal(reader.scattered, true);
    reader.end();
    assert.deepEqual(blocks, ['b:1 126–139 line 3', 'a:3 100–152 line 1']);
  });

  it('by default keeps 32 queries open: lines interleaved by parallel writers are read in one pass, each query whole at the end', () => {
    const blocks: string[] = [];
    const reader = new RunReader((q, span) =>
      blocks.push(
        `${q.qid}:${runQuery(q)
          .predictions.map((p) => p.id)
          .join('')} ${span!.start}–${span!.end}`,
      ),
    );
    assert.equal(reader.feed(textBytes('a Q0 x 1 3 t\nb Q0 x 1 1 t\na Q0 y 2 2 t\nb Q0 z 2 1 t\n')), true);
    assert.deepEqual(blocks, []);
    reader.end();
    // Handed over in the order last read: a (line 3), then b (line 4), whose lines end with the file (52 bytes).
    assert.deepEqual(blocks, ['a:xy 0–39', 'b:xz 13–52']);
  });

  it('joins the scattered lines of a query in file order when parsing a whole text', () => {
    const r = parseRun('a Q0 x 1 3 t\nb Q0 x 1 1 t\na Q0 y 2 2 t\n');
    assert.deepEqual(
      r.queries.get('a')?.predictions.map((p) => p.id),
      ['x', 'y'],
    );
    assert.deepEqual(r.queries.get('a')?.lines, [1, 3]);
  });

  it("collects only the queries it is given (one thread's share), problems included", () => {
    const seen: string[] = [];
    const reader = new RunReader((q) => seen.push(`${q.qid}:${runQuery(q).lines.join(',')}`), {
      mode: 'collect',
      accept: (qid) => qid === 'b',
    });
    reader.feed(textBytes('a Q0 x 1 3 t\nb Q0 x 1 1 t\na Q0 y\nb Q0 y\nb Q0 z 2 2 t\n'));
    const { problems, qids, entries, lines } = reader.end();
    assert.deepEqual(seen, ['b:2,5']);
    assert.deepEqual(
      problems.map((p) => [p.line, p.code]),
      [[4, 'malformed-line']],
    );
    assert.deepEqual([qids, entries, lines], [['b'], 2, 5]);
  });

  it('gives the same queries whether fed whole or in chunks of whole lines', () => {
    const lines = Array.from({ length: 50 }, (_, i) => `${i % 7} Q0 doc${i} ${i} ${(i * 0.37).toFixed(2)} t\n`);
    const whole = parseRun(lines.join(''));
    const chunked = new Map<string, RunQuery>();
    const reader = new RunReader((q) => chunked.set(q.qid, runQuery(q)), { mode: 'collect' });
    for (let i = 0; i < lines.length; i += 3) reader.feed(textBytes(lines.slice(i, i + 3).join('')));
    reader.end();
    assert.deepEqual([...chunked.entries()], [...whole.queries.entries()]);
  });

  it('stays linear on lines without spaces (the fast path remembers its last search)', () => {
    const text = 'x\n'.repeat(200_000);
    const t0 = performance.now();
    const r = parseRun(text);
    assert.equal(r.lines, 200_000);
    assert.equal(r.problems[100].omitted, 200_000 - 100);
    assert.ok(performance.now() - t0 < 2000, 'quadratic rescanning');
  });
});

describe('a file in the wrong format', () => {
  it('lists the first 100 problems of a kind and counts the rest in one note', () => {
    const r = parseRun('1 Q0 a 1\n'.repeat(150));
    assert.equal(PROBLEMS_LISTED, 100);
    assert.equal(r.problems.length, 101);
    const note = r.problems[100];
    assert.deepEqual([note.line, note.code, note.omitted], [100, 'malformed-line', 50]);
    assert.match(note.message, /… and 50 more malformed-line problems after this one, not listed\./);
  });

  it('adds up the notes of several readers (one per thread)', () => {
    const a = parseRun('1 Q0 a 1\n'.repeat(150)).problems;
    const b = parseRun('1 Q0 a 1\n'.repeat(120)).problems;
    const merged = capProblems([...a, ...b]);
    assert.equal(merged.length, 101);
    assert.equal(merged[100].omitted, 50 + 20 + 100);
  });
});

describe('duplicate docids in a run', () => {
  const q: RunQuery = {
    qid: '1',
    predictions: [
      { id: 'a', score: 3 },
      { id: 'b', score: 2 },
      { id: 'a', score: 1 },
    ],
    lines: [10, 11, 12],
  };

  it('are errors under trec_eval (duplicates=error), pointing at the repeat and the first line', () => {
    const [p, ...rest] = duplicateProblems(q, PRESETS.trec_eval);
    assert.equal(rest.length, 0);
    assert.deepEqual([p.line, p.severity, p.code, p.related?.[0].line], [12, 'error', 'duplicate-prediction', 10]);
  });

  it('give one problem per query, counting the other repeats', () => {
    const many: RunQuery = { qid: '2', predictions: ['x', 'y', 'x', 'y', 'x'].map((id) => ({ id, score: 1 })), lines: [1, 2, 3, 4, 5] };
    const problems = duplicateProblems(many, PRESETS.trec_eval);
    assert.equal(problems.length, 1);
    assert.match(problems[0].message, /^"x" appears twice for query 2 \(2 more repeated lines in this query\)/);
    assert.equal(problems[0].line, 3);
  });

  it('are warnings where the convention keeps the first (ranx) or counts each (mllib)', () => {
    assert.equal(duplicateProblems(q, PRESETS.ranx)[0].severity, 'warning');
    assert.match(duplicateProblems(q, PRESETS.mllib)[0].message, /recall can exceed 1/);
  });
});
