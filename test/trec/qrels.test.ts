/** The qrels reader on odd lines: each problem whole (file, line, columns, code, severity, message), each judgement as trec_eval reads it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { QrelsReader, parseQrels } from '../../shared/trec/read/qrelsReader';

// A malformed line keeps its text (sample) and field count, to name the likely cause when many are told as one.
const malformed = (line: number, text: string, fields: number) => ({
  file: 'qrels',
  line,
  start: 0,
  end: text.trimEnd().length,
  code: 'malformed-line',
  severity: 'error',
  message: `A qrels line has 4 fields (qid iter docid grade); this one has ${fields}. The line is skipped.`,
  what: `A qrels line has 4 fields (qid iter docid grade); this one has ${fields}.`,
  fields,
  sample: text,
});
const judged = (text: string, asTrecEval = false) =>
  [...parseQrels(text, { asTrecEval }).queries].map(([qid, q]) => [qid, q.ids, q.grades, q.lines]);
const ATOL = "(C's atol: the whole number at its start, 0 when there is none)";

describe('qrels grades', () => {
  it('reads grades of several digits and signs: 12, 230, -1, +3', () => {
    assert.deepEqual(judged('1 0 a 12\n1 0 b 230\n1 0 c -1\n1 0 d +3\n'), [['1', ['a', 'b', 'c', 'd'], [12, 230, -1, 3], [1, 2, 3, 4]]]);
  });

  it('refuses a lone sign under another preset, and reads it as 0 under trec_eval (atol)', () => {
    assert.deepEqual(
      parseQrels('1 0 a -\n1 0 b +\n').problems,
      ['-', '+'].map((g, i) => ({
        file: 'qrels',
        line: i + 1,
        start: 6,
        end: 7,
        code: 'invalid-grade',
        severity: 'error',
        message: `The grade "${g}" is not a number. The line is skipped.`,
      })),
    );
    const te = parseQrels('1 0 a -\n1 0 b +\n', { asTrecEval: true });
    assert.deepEqual(
      te.problems,
      ['-', '+'].map((g, i) => ({
        file: 'qrels',
        line: i + 1,
        start: 6,
        end: 7,
        code: 'non-integer-grade',
        severity: 'warning',
        message: `trec_eval reads the grade "${g}" as 0 ${ATOL}.`,
      })),
    );
  });

  it('reads a whole number of up to 15 digits, 9 included, the same on a line read as text (a leading blank)', () => {
    assert.deepEqual(parseQrels(' 1 0 a 9\n 1 0 b 123456789012345\n', { asTrecEval: true }).problems, []);
    assert.deepEqual(judged(' 1 0 a 9\n 1 0 b 123456789012345\n', true), [['1', ['a', 'b'], [9, 123456789012345], [1, 2]]]);
  });

  it('words a fractional grade as it is read, under either preset', () => {
    assert.deepEqual(parseQrels('1 0 b 0.5\n').problems, [
      {
        file: 'qrels',
        line: 1,
        start: 6,
        end: 9,
        code: 'non-integer-grade',
        severity: 'warning',
        message: 'The grade "0.5" is not written as a whole number: read as 0.5; trec_eval would read 0.',
      },
    ]);
    assert.deepEqual(parseQrels('1 0 b 0.5\n', { asTrecEval: true }).problems, [
      {
        file: 'qrels',
        line: 1,
        start: 6,
        end: 9,
        code: 'non-integer-grade',
        severity: 'warning',
        message: `trec_eval reads the grade "0.5" as 0 ${ATOL}.`,
      },
    ]);
  });
});

describe('qrels lines', () => {
  it('takes a tab or a return before the first field as a blank', () => {
    assert.deepEqual(judged('\t1 0 a 1\n\r1 0 b 2\n'), [['1', ['a', 'b'], [1, 2], [1, 2]]]);
  });

  it('reports a short line ending in blanks, and reads the next line on its own', () => {
    for (const [short, fields] of [
      ['1 0 a ', 3],
      ['1 0 ', 2],
      ['1 ', 1],
    ] as const) {
      const r = parseQrels(`${short}\n1 0 b 1\n`);
      assert.deepEqual(r.problems, [malformed(1, short, fields)], short);
      assert.deepEqual(judged(`${short}\n1 0 b 1\n`), [['1', ['b'], [1], [2]]], short);
    }
  });

  it('does not join a short line to the next one that would complete it', () => {
    for (const [first, second] of [
      ['1', '0 b 1'],
      ['1 ', '0 b 1'],
      ['1 0', 'b 1'],
      ['1 0 ', 'b 1'],
      ['1 0 b ', '1'],
    ]) {
      const r = parseQrels(`${first}\n${second}\n`);
      const fields = first.trim().split(' ').length;
      assert.deepEqual(r.problems, [malformed(1, first, fields), malformed(2, second, 4 - fields)], JSON.stringify(first));
      assert.deepEqual([...r.queries], []);
    }
  });

  it('splits a line read as text at runs of blanks and a trailing blank, and keeps a control byte in its field', () => {
    // Each line has a fractional grade (or another oddity), so that it is read as text, not by the fast reader of a plain line.
    const text = '1  0 a 0.5\n1 0  b 0.5\n1 0 c  0.5\n1 0 d 0.5 \n1 0 e 1 x\n 1 0 f\x01g 1\n1\t0 \x01h 0.5\n1  0 i\n';
    assert.deepEqual(judged(text), [['1', ['a', 'b', 'c', 'd', 'f\x01g', '\x01h'], [0.5, 0.5, 0.5, 0.5, 1, 0.5], [1, 2, 3, 4, 6, 7]]]);
    const half = (line: number, start: number) => ({
      file: 'qrels',
      line,
      start,
      end: start + 3,
      code: 'non-integer-grade',
      severity: 'warning',
      message: 'The grade "0.5" is not written as a whole number: read as 0.5; trec_eval would read 0.',
    });
    assert.deepEqual(parseQrels(text).problems, [
      half(1, 7),
      half(2, 7),
      half(3, 7),
      half(4, 6),
      malformed(5, '1 0 e 1 x', 5),
      half(7, 7),
      malformed(8, '1  0 i', 3),
    ]);
  });

  it('takes a judgement of the query of a plain line on an odd line as the same query', () => {
    assert.deepEqual(judged('1 0 a 1\n1 0 b 0.5\n1 0 c 2\n'), [['1', ['a', 'b', 'c'], [1, 0.5, 2], [1, 2, 3]]]);
  });

  it('words a second comment line in a row of one field, and the final comment line, under trec_eval', () => {
    const r = parseQrels('#a\n#b\n#c d e f\n', { asTrecEval: true });
    assert.deepEqual(r.problems, [
      {
        file: 'qrels',
        line: 2,
        start: 0,
        end: 2,
        code: 'malformed-line',
        severity: 'error',
        message:
          'A comment line right after another: trec_eval skips one comment line at a time, so it reads this second one in a row as a judgement, and with 1 field instead of 4 it stops ("Malformed line"). The line is skipped here; join the comments into one line.',
        what: 'A comment line right after another: trec_eval skips one comment line at a time, so it reads this second one in a row as a judgement, and with 1 field instead of 4 it stops ("Malformed line").',
        fields: 1,
        sample: '#b',
      },
      {
        file: 'qrels',
        line: 3,
        start: 0,
        end: 0,
        code: 'final-comment-line',
        severity: 'warning',
        message:
          'The qrels end with a comment line: skipped here, but trec_eval 10.0 skips it and reads on past the end of the file (it crashes with a segmentation fault). Delete the line, or move it up.',
      },
    ]);
  });

  it('reads empty qrels as no lines and no problems, under either preset', () => {
    for (const asTrecEval of [false, true]) {
      const r = parseQrels('', { asTrecEval });
      assert.deepEqual([r.lines, r.problems, [...r.queries]], [0, [], []]);
    }
  });

  it("reports the repeat of the file's first judgement", () => {
    const r = parseQrels('1 0 a 1\n1 0 a 0\n');
    assert.deepEqual(judged('1 0 a 1\n1 0 a 0\n'), [['1', ['a'], [1], [1]]]);
    assert.deepEqual(r.problems, [
      {
        file: 'qrels',
        line: 2,
        start: 0,
        end: 0,
        code: 'duplicate-judgement',
        severity: 'error',
        message: '"a" is judged twice for query 1; the first grade is used (trec_eval stops on this).',
        what: '"a" is judged twice for query 1.',
        related: [{ file: 'qrels', line: 1, message: 'first judgement' }],
      },
    ]);
  });
});

describe('large qrels', () => {
  it('keep 4,000 judgements of 40-byte docids fed as one piece of 192 kB (160 kB of docids), and 1,500 of another piece', () => {
    const line = (i: number) => `q${i % 7} 0 ${`doc${i}`.padEnd(40, '-')} ${i % 4}\n`;
    const reader = new QrelsReader();
    const first = Buffer.from(Array.from({ length: 4000 }, (_, i) => line(i)).join(''), 'latin1');
    assert.equal(first.length, 192000); // its docids alone more than twice the reader's first 64 kB
    reader.feed(first);
    reader.feed(Buffer.from(Array.from({ length: 1500 }, (_, i) => line(4000 + i)).join(''), 'latin1'));
    const table = reader.end();
    assert.deepEqual(table.qids, ['q0', 'q1', 'q2', 'q3', 'q4', 'q5', 'q6']);
    const q3 = table.query('q3')!;
    assert.equal(q3.ids.length, 786);
    assert.deepEqual([q3.ids[0], q3.grades[0], q3.lines[0]], ['doc3'.padEnd(40, '-'), 3, 4]);
    assert.deepEqual([q3.ids[570], q3.grades[570], q3.lines[570]], ['doc3993'.padEnd(40, '-'), 1, 3994]); // the first piece's end
    assert.deepEqual([q3.ids[785], q3.grades[785], q3.lines[785]], ['doc5498'.padEnd(40, '-'), 2, 5499]);
    assert.deepEqual(table.problems, []);
    assert.equal(table.lines, 5500);
  });

  it('answer undefined for a query they do not judge', () => {
    const table = new QrelsReader().end();
    assert.equal(table.query('nope'), undefined);
    assert.equal(table.queryIndex('nope'), -1);
  });

  it('read with their size known are the same table: columns sized at the first chunk, grown when later lines are shorter', () => {
    // 200 lines of 40-byte docids, then 3,000 of short ones: the first chunk predicts 210 lines.
    const long = (i: number) => `q${Math.floor(i / 100)} 0 ${`doc${i}`.padEnd(40, '-')} ${i % 3}\n`;
    const short = (i: number) => `q${3 + Math.floor(i / 1500)} 0 d${i} 1\n`;
    const first = Buffer.from(Array.from({ length: 200 }, (_, i) => long(i)).join(''), 'latin1');
    const second = Buffer.from(Array.from({ length: 3000 }, (_, i) => short(i)).join(''), 'latin1');
    const read = (options: { size?: number; shared?: boolean }) => {
      const reader = new QrelsReader(options);
      reader.feed(first);
      reader.feed(second);
      return reader.end();
    };
    const plain = read({});
    for (const options of [
      { size: first.length + second.length },
      { size: first.length + second.length, shared: true },
      { size: first.length, shared: true },
    ]) {
      const table = read(options);
      assert.deepEqual(table.byQuery(), plain.byQuery());
      assert.equal(table.query('q4')!.ids[1499], 'd2999');
      assert.equal(table.query('q4')!.lines[1499], 3200);
      assert.equal(table.lines, 3200);
      if (options.shared) {
        const shared = table.shared();
        for (const a of [shared.docBytes, shared.docEnd, shared.docHash, shared.grades, shared.judgementLines])
          assert.ok(a.buffer instanceof SharedArrayBuffer);
        assert.equal(shared.docEnd, table.docEnd, 'already shared: not copied');
      }
    }
  });

  it('read with their size known take their columns once, sized from the first chunk: 5% more lines than it predicts, and 64', () => {
    // A first chunk of 2,000 lines of 14 bytes (q0 0 d00001 1), then 3 of 1,000 lines of 28 bytes,
    // 28,000 bytes each: the first predicts 8,000 lines, so 8,400 + 64 (a later one would predict 4,000).
    const line = (c: number, i: number) => `q${c} 0 d${String(2000 * c + i).padStart(5, '0')}${c === 0 ? '' : '-'.repeat(14)} 1\n`;
    const chunks = [0, 1, 2, 3].map((c) =>
      Buffer.from(Array.from({ length: c === 0 ? 2000 : 1000 }, (_, i) => line(c, i)).join(''), 'latin1'),
    );
    assert.deepEqual(
      chunks.map((c) => c.length),
      [28000, 28000, 28000, 28000],
    );
    const reader = new QrelsReader({ size: 112000, shared: true });
    for (const c of chunks) reader.feed(c);
    const table = reader.end();
    assert.equal(table.docEnd.length, 5000);
    assert.equal(table.docEnd.buffer.byteLength, 4 * (8400 + 64));
    assert.equal(table.grades.buffer.byteLength, 8 * (8400 + 64));
    assert.equal(table.docBytes.buffer.byteLength, 112000, 'room for as many docid bytes as the file has');
    assert.equal(table.docid(4999), `d06999${'-'.repeat(14)}`);
    // Without the size, the columns grow by doubling from 1,024 lines, in plain memory.
    const unsized = new QrelsReader();
    for (const c of chunks) unsized.feed(c);
    const plain = unsized.end();
    assert.equal(plain.docEnd.buffer.byteLength, 4 * 8192);
    assert.ok(!(plain.docEnd.buffer instanceof SharedArrayBuffer));
    assert.equal(unsized.generalLines(), 0, 'a plain line is read by the fast reader unless asked otherwise');
    assert.deepEqual(plain.byQuery(), table.byQuery());
  });

  it('sized from a chunk count only its own lines, where it starts and ends in the buffer fed', () => {
    // Lines of 11 bytes; the buffer holds 10 before the chunk's 100 and 90 after (a reader's buffer holds older bytes).
    const lines = (n: number, from: number) =>
      Array.from({ length: n }, (_, i) => `q 0 d${String(from + i).padStart(3, '0')} 1\n`).join('');
    const buffer = Buffer.from(lines(10, 900) + lines(100, 0) + lines(90, 910), 'latin1');
    const sizedFor = (size: number) => {
      const reader = new QrelsReader({ size });
      reader.feed(buffer, 110, 1210);
      return reader.end().docEnd.buffer.byteLength / 4;
    };
    assert.equal(sizedFor(9000), 1024, '100 lines in 1,100 bytes predict 859 (+5%) + 64 lines: the first 1,024 are enough');
    assert.equal(sizedFor(13200), 1260 + 64);
  });

  it('sized from a first chunk of blank lines expect at most one judgement per 8 bytes', () => {
    const reader = new QrelsReader({ size: 8000 });
    reader.feed(Buffer.from('\n'.repeat(800), 'latin1'));
    reader.feed(Buffer.from('1 0 a 1\n', 'latin1'));
    const table = reader.end();
    assert.equal(table.docEnd.buffer.byteLength, 4 * (1000 + 64), 'not 8,400 + 64');
    assert.deepEqual(table.query('1')!.lines, [801]);
  });

  it('sized for a file larger than memory (10^12 bytes) read on, their columns growing as lines come', () => {
    for (const shared of [false, true]) {
      const reader = new QrelsReader({ size: 1e12, shared });
      reader.feed(Buffer.from('1 0 a 1\n1 0 b 2\n', 'latin1'));
      const table = reader.end();
      assert.deepEqual(table.query('1')!.ids, ['a', 'b']);
      assert.equal(table.docEnd.buffer.byteLength, 4 * 1024);
      assert.equal(table.docBytes.buffer.byteLength, 1 << 16);
    }
  });

  it('sized for a small file keep their first columns (1,024 lines, 64 kB of docids)', () => {
    const reader = new QrelsReader({ size: 16, shared: true });
    reader.feed(Buffer.from('1 0 a 1\n1 0 b 0\n', 'latin1'));
    const table = reader.end();
    assert.equal(table.docEnd.buffer.byteLength, 4 * 1024);
    assert.equal(table.docBytes.buffer.byteLength, 1 << 16);
  });

  it('read into shared memory need no copy to be shared, however small', () => {
    const reader = new QrelsReader({ shared: true });
    reader.feed(Buffer.from('1 0 a 1\n1 0 b 0\n', 'latin1'));
    const table = reader.end();
    const shared = table.shared();
    for (const name of ['docBytes', 'docEnd', 'docHash', 'grades', 'judgementLines'] as const)
      assert.equal(shared[name], table[name], name);
  });

  it('are shared with worker threads in shared memory', () => {
    const reader = new QrelsReader();
    reader.feed(Buffer.from('1 0 a 1\n', 'latin1'));
    const shared = reader.end().shared();
    for (const a of [shared.start, shared.docBytes, shared.docEnd, shared.docHash, shared.grades, shared.judgementLines])
      assert.ok(a.buffer instanceof SharedArrayBuffer);
  });
});
