/** The run reader on odd lines: each problem whole (file, line, columns, code, severity, message), each line read as trec_eval reads it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { textBytes } from '../../shared/trec/read/byteText';
import { RunReader, duplicateProblems, parseRun, primeRunReader, queryShare } from '../../shared/trec/read/runReader';

// A malformed line keeps its text (sample) and field count, to name the likely cause when many are told as one.
const malformed = (line: number, text: string, fields: number) => ({
  file: 'run',
  line,
  start: 0,
  end: text.trimEnd().length,
  code: 'malformed-line',
  severity: 'error',
  message: `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${fields}. The line is skipped.`,
  what: `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${fields}.`,
  fields,
  sample: text,
});
const scores = (text: string, asTrecEval = false) => {
  const r = parseRun(text, asTrecEval);
  return [...r.queries].map(([qid, q]) => [qid, q.predictions.map((p) => [p.id, p.score]), q.lines]);
};
const ATOF = "(C's atof: the longest number at its start, 0 when there is none)";

describe('a short run line ending in blanks', () => {
  it('is malformed after any field: the next line is read on its own', () => {
    for (const [short, fields] of [
      ['1 Q0 a 1 0.5 ', 5],
      ['1 Q0 a 1 ', 4],
      ['1 Q0 a ', 3],
      ['1 Q0 ', 2],
      ['1 ', 1],
    ] as const) {
      const r = parseRun(`${short}\n1 Q0 b 2 0.25 t\n`);
      assert.deepEqual(r.problems, [malformed(1, short, fields)], short);
      assert.deepEqual(
        [...r.queries].map(([qid, q]) => [qid, q.predictions, q.lines]),
        [['1', [{ id: 'b', score: 0.25 }], [2]]],
        short,
      );
      assert.equal(r.entries, 1);
    }
  });

  it('is malformed when the next line would complete it: each is read as a line of its own', () => {
    for (const [first, second] of [
      ['1 ', 'Q0 b 2 0.25 t'],
      ['1 Q0 ', 'b 2 0.25 t'],
      ['1 Q0 b ', '2 0.25 t'],
      ['1 Q0 b 2 ', '0.25 t'],
    ]) {
      const r = parseRun(`${first}\n${second}\n`);
      const fields = first.split(' ').length - 1;
      assert.deepEqual(r.problems, [malformed(1, first, fields), malformed(2, second, 6 - fields)], first);
      assert.equal(r.entries, 0);
    }
  });
});

describe('odd scores', () => {
  it('refuses a lone sign or point under another preset, and reads it as 0 under trec_eval (atof)', () => {
    const text = '1 Q0 a 1 - t\n1 Q0 b 2 . t\n1 Q0 c 3 + t\n';
    assert.deepEqual(
      parseRun(text).problems,
      ['-', '.', '+'].map((s, i) => ({
        file: 'run',
        line: i + 1,
        start: 9,
        end: 10,
        code: 'invalid-score',
        severity: 'error',
        message: `The score "${s}" is not a number. The line is skipped.`,
      })),
    );
    const te = parseRun(text, true);
    assert.deepEqual(
      te.problems,
      ['-', '.', '+'].map((s, i) => ({
        file: 'run',
        line: i + 1,
        start: 9,
        end: 10,
        code: 'unusual-score',
        severity: 'warning',
        message: `trec_eval reads the score "${s}" as 0 ${ATOF}.`,
      })),
    );
    assert.deepEqual(scores(text, true), [
      [
        '1',
        [
          ['a', 0],
          ['b', 0],
          ['c', 0],
        ],
        [1, 2, 3],
      ],
    ]);
  });

  it('reads an exponent as written, with no problem, under either preset', () => {
    assert.deepEqual(parseRun('1 Q0 a 1 1e-3 t\n1 Q0 b 2 -2.5E+2 t\n').problems, []);
    assert.deepEqual(scores('1 Q0 a 1 1e-3 t\n1 Q0 b 2 -2.5E+2 t\n'), [
      [
        '1',
        [
          ['a', 0.001],
          ['b', -250],
        ],
        [1, 2],
      ],
    ]);
    assert.deepEqual(parseRun('1 Q0 a 1 1e-3 t\n', true).problems, []);
  });

  it('names ∞, −∞ and NaN in its warnings, as written or as trec_eval reads them', () => {
    const text = '1 Q0 a 1 inf t\n1 Q0 b 2 -inf t\n1 Q0 c 3 nan t\n';
    const at = (line: number, end: number, message: string) => ({
      file: 'run',
      line,
      start: 9,
      end,
      code: 'unusual-score',
      severity: 'warning',
      message,
    });
    assert.deepEqual(parseRun(text).problems, [
      at(1, 12, 'The score "inf" is read as ∞.'),
      at(2, 13, 'The score "-inf" is read as −∞.'),
      at(3, 12, 'The score "nan" is read as NaN, which ranks last.'),
    ]);
    assert.deepEqual(parseRun(`${text}1 Q0 d 4 2abc t\n`, true).problems, [
      at(1, 12, `trec_eval reads the score "inf" as ∞ ${ATOF}.`),
      at(2, 13, `trec_eval reads the score "-inf" as −∞ ${ATOF}.`),
      at(3, 12, `trec_eval reads the score "nan" as NaN ${ATOF}.`),
      at(4, 13, `trec_eval reads the score "2abc" as 2 ${ATOF}.`),
    ]);
  });

  it('reads a score the way the store keeps it: 1234567890.5 (11 digits), -0.0 and -0 as −0', () => {
    const r = parseRun('1 Q0 a 1 1234567890.5 t\n1 Q0 b 2 -0.0 t\n1 Q0 c 3 -0 t\n1 Q0 d 4 999999999 t\n1 Q0 e 5 -0.000000001 t\n');
    const got = r.queries.get('1')!.predictions.map((p) => p.score);
    assert.deepEqual(got, [1234567890.5, -0, -0, 999999999, -1e-9]);
    assert.ok(Object.is(got[1], -0) && Object.is(got[2], -0));
  });

  it('reads a score without a number as trec_eval does when the reader is made without options (not as trec_eval: refused)', () => {
    const kept: string[] = [];
    const reader = new RunReader((b) => kept.push(b.qid));
    reader.feed(textBytes('1 Q0 a 1 high t\n'));
    assert.deepEqual(reader.end().problems, [
      {
        file: 'run',
        line: 1,
        start: 9,
        end: 13,
        code: 'invalid-score',
        severity: 'error',
        message: 'The score "high" is not a number. The line is skipped.',
      },
    ]);
  });
});

describe("whitespace as trec_eval's isspace() sees it", () => {
  it('separates fields by vertical tab, form feed and return as by blanks, before the first field too', () => {
    const text = '\x0b1 Q0 a 1 0.5 t\n\x0c1 Q0 b 2 0.25 t\n1\x0bQ0\x0cc\r3 0.125 t\n1 Q0\x0bd 4\x0c0.0625 t\n1 Q0\re 5 0.03125 t\n';
    assert.deepEqual(scores(text), [
      [
        '1',
        [
          ['a', 0.5],
          ['b', 0.25],
          ['c', 0.125],
          ['d', 0.0625],
          ['e', 0.03125],
        ],
        [1, 2, 3, 4, 5],
      ],
    ]);
    assert.deepEqual(parseRun(text).problems, []);
  });

  it('keeps any other control byte inside its field: qid "1\\x01", docid "e\\x01f", docid "g\\x1fh"', () => {
    const text = '1\x01 Q0 a 1 0.5 t\n1 Q0 e\x01f 2 0.25 t\n1 Q0 g\x1fh 3 0.125 t\n';
    assert.deepEqual(scores(text), [
      ['1\x01', [['a', 0.5]], [1]],
      [
        '1',
        [
          ['e\x01f', 0.25],
          ['g\x1fh', 0.125],
        ],
        [2, 3],
      ],
    ]);
  });
});

describe('queries', () => {
  it('are counted in the order first met, each once, when lines of two queries alternate (collect)', () => {
    const handed: string[] = [];
    const reader = new RunReader((b) => handed.push(`${b.qid}:${b.count}`), { mode: 'collect' });
    reader.feed(textBytes('a Q0 x 1 1 t\nb Q0 x 1 1 t\na Q0 y 2 1 t\nb Q0 y 2 1 t\n'));
    const reading = reader.end();
    assert.deepEqual(reading.qids, ['a', 'b']);
    assert.deepEqual(handed, ['a:2', 'b:2']);
  });

  it("are read past the first table's 64: 70 queries, each its own line", () => {
    const text = Array.from({ length: 70 }, (_, q) => `q${q} Q0 d${q} 1 ${q} t\n`).join('');
    const r = parseRun(text);
    assert.equal(r.queries.size, 70);
    assert.equal(r.entries, 70);
    assert.deepEqual(r.queries.get('q64')?.predictions, [{ id: 'd64', score: 64 }]);
    assert.deepEqual(r.queries.get('q69')?.lines, [70]);
  });

  it('are shared out between threads by queryShare: share {part, parts} reads exactly its part', () => {
    assert.deepEqual(
      ['1', '2', '3', '4', '5', '6'].map((q) => queryShare(q, 2)),
      [0, 1, 0, 1, 0, 1],
    );
    assert.deepEqual(
      ['1', '2', '3', '4', '5', '6'].map((q) => queryShare(q, 3)),
      [1, 1, 2, 1, 2, 2],
    );
    const text = textBytes('1 Q0 d 1 0.5 t\n2 Q0 d 1 0.5 t\n3 Q0 d 1 0.5 t\n4 Q0 d 1 0.5 t\n5 Q0 d 1 0.5 t\n6 Q0 d 1 0.5 t\n');
    const read = (share: { part: number; parts: number }) => {
      const handed: string[] = [];
      const reader = new RunReader((b) => handed.push(b.qid), { mode: 'collect', share });
      reader.feed(text);
      const { qids, entries, lines } = reader.end();
      return { handed, qids, entries, lines };
    };
    assert.deepEqual(read({ part: 0, parts: 2 }), { handed: ['1', '3', '5'], qids: ['1', '3', '5'], entries: 3, lines: 6 });
    assert.deepEqual(read({ part: 1, parts: 2 }), { handed: ['2', '4', '6'], qids: ['2', '4', '6'], entries: 3, lines: 6 });
    assert.deepEqual(read({ part: 0, parts: 1 }).handed, ['1', '2', '3', '4', '5', '6']);
  });
});

describe('duplicateProblems', () => {
  it('gives none for a query without repeats', () => {
    assert.deepEqual(
      duplicateProblems(
        {
          qid: '1',
          predictions: [
            { id: 'a', score: 2 },
            { id: 'b', score: 1 },
          ],
          lines: [1, 2],
        },
        PRESETS.trec_eval,
      ),
      [],
    );
  });

  it('counts one other repeated line in the singular, and says nothing more for a single repeat', () => {
    const problem = (ids: string[]) =>
      duplicateProblems({ qid: '7', predictions: ids.map((id) => ({ id, score: 1 })), lines: ids.map((_, i) => i + 1) }, PRESETS.trec_eval);
    const effect = 'duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this)';
    // what: the message without the effect, which a refusal to evaluate (the trec_eval preset) replaces.
    const at = (what: string) => [
      {
        file: 'run',
        line: 3,
        start: 0,
        end: 0,
        code: 'duplicate-prediction',
        severity: 'error',
        message: `${what}: ${effect}.`,
        what: `${what}.`,
        related: [{ file: 'run', line: 1, message: 'first occurrence' }],
      },
    ];
    assert.deepEqual(problem(['a', 'b', 'a']), at(`"a" appears twice for query 7`));
    assert.deepEqual(problem(['a', 'b', 'a', 'b']), at(`"a" appears twice for query 7 (1 more repeated line in this query)`));
    assert.deepEqual(problem(['a', 'b', 'a', 'b', 'a']), at(`"a" appears twice for query 7 (2 more repeated lines in this query)`));
  });
});

describe('primeRunReader (warms the line reader up before a thread reads its pieces)', () => {
  it('reads all 240 of its lines by the fast path, the three judged queries handed over once each, nothing wrong', () => {
    for (const asTrecEval of [false, true]) {
      const r = primeRunReader(asTrecEval);
      assert.deepEqual(
        [r.generalLines, r.entries, r.lines, r.qids, r.handedOver, r.problems],
        [0, 240, 240, ['p1', 'p2', 'unjudged', 'p3'], 3, []],
      );
    }
  });
});
