/**
 * The parts that make `ranklens trec` fast, each against the simple way it replaces: the interner of
 * query ids, the per-query docid numbering, the byte-level readers' fast line against their general
 * reader of a line (on random lines, odd ones included), the store of a run in any order, and the
 * ranking of a query from its columns against rankCase on the same lines (random queries, every preset).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, PRESET_NAMES } from '../../shared/core/conventions';
import { rankCase } from '../../shared/core/ranking';
import { hashBytes } from '../../shared/core/hash';
import { QidTable } from '../../shared/trec/read/qidTable';
import { DocidTable } from '../../shared/trec/read/docidTable';
import { parseDecimal, parseDecimalBytes } from '../../shared/trec/read/fields';
import { QrelsReader } from '../../shared/trec/read/qrelsReader';
import { textBytes } from '../../shared/trec/read/byteText';
import { RunBlock, RunReader, runQuery } from '../../shared/trec/read/runReader';
import { BlockColumns } from '../../shared/trec/store/runBlock';
import { RunStore, handOverShares } from '../../shared/trec/store/runStore';
import { ShortQidTable, plainNumber, shortQidKey } from '../../shared/trec/read/shortQidTable';
import { inTrecEvalOrder } from '../../shared/trec/evaluate/trecEvalOrder';
import { rankRunBlock, rankingScratch } from '../../shared/trec/evaluate/trecRanking';
import { trecCase } from '../../shared/trec/evaluate/trecCase';
import { propertyRuns } from '../helpers/propertyRuns';
import { seededUint32 } from '../../shared/stats/random';

const bytes = (text: string) => Buffer.from(text, 'latin1');

// The project's seeded generator as floats in [0, 1), so that a failure names its seed.
function random(seed: number): () => number {
  const next = seededUint32(seed);
  return () => next() / 4294967296;
}
const pick = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

describe('QidTable', () => {
  it('numbers ids 0, 1, 2, … in the order first met, the same bytes the same number', () => {
    const t = new QidTable();
    const b = bytes('301 302 301 caf\xe9 302');
    const at = (from: number, to: number) => t.intern(b, from, to, hashBytes(b, from, to));
    assert.deepEqual([at(0, 3), at(4, 7), at(8, 11), at(12, 16), at(17, 20)], [0, 1, 0, 2, 1]);
    assert.equal(t.count, 3);
    assert.deepEqual([t.string(0), t.string(1), t.string(2)], ['301', '302', 'caf\xe9']);
  });

  it('keeps 100,000 ids apart while its table grows, and an id longer than a page of bytes', () => {
    const t = new QidTable();
    const ids = Array.from({ length: 100_000 }, (_, i) => bytes(`q${i}`));
    ids.forEach((b, i) => assert.equal(t.intern(b, 0, b.length, hashBytes(b, 0, b.length)), i));
    ids.forEach((b, i) => assert.equal(t.intern(b, 0, b.length, hashBytes(b, 0, b.length)), i));
    const long = bytes('x'.repeat((1 << 20) + 5));
    assert.equal(t.intern(long, 0, long.length, hashBytes(long, 0, long.length)), 100_000);
    const after = bytes('after');
    assert.equal(t.intern(after, 0, 5, hashBytes(after, 0, 5)), 100_001);
    assert.deepEqual([t.string(99_999), t.string(100_000).length, t.string(100_001)], ['q99999', (1 << 20) + 5, 'after']);
  });
});

describe('ShortQidTable', () => {
  it('gives ids of up to 6 bytes numbers that are equal exactly when the ids are', () => {
    const key = (id: string) => {
      const b = bytes(`x\t${id}`);
      return shortQidKey(b, 2, b.length);
    };
    assert.deepEqual(
      [key('1'), key('01'), key('\x001'), key('A'), key('\xff\xff\xff\xff\xff\xff')],
      [2 ** 48 + 49, 2 * 2 ** 48 + 48 * 256 + 49, 2 * 2 ** 48 + 49, 2 ** 48 + 65, 7 * 2 ** 48 - 1],
    );
    assert.ok(key('\xff\xff\xff\xff\xff\xff') < 2 ** 53);
  });

  it('finds every id set, past many growths, and no other', () => {
    const t = new ShortQidTable();
    const ids = Array.from({ length: 20_000 }, (_, i) => bytes(String(i * 7)));
    const at = (b: Buffer) => [shortQidKey(b, 0, b.length), hashBytes(b, 0, b.length)] as const;
    ids.forEach((b, i) => {
      assert.equal(t.get(...at(b)), -1);
      t.set(...at(b), i);
    });
    ids.forEach((b, i) => assert.equal(t.get(...at(b)), i));
    assert.equal(t.get(...at(bytes('3'))), -1);
  });

  it('reads plain numbers only: "0", "7", "999999" are 0, 7, 999999; "007", "00", "1a", "-1", "+1" are not', () => {
    // Each id after two bytes of something else, as in a line.
    const number = (id: string) => {
      const b = bytes(`9 ${id}`);
      return plainNumber(b, 2, b.length);
    };
    assert.deepEqual(['0', '7', '999999', '007', '00', '1a', '-1', '+1'].map(number), [0, 7, 999999, -1, -1, -1, -1, -1]);
  });

  it('finds ids that are plain numbers by their number, up to 999,999, and no other', () => {
    const t = new ShortQidTable();
    for (const [n, query] of [
      [0, 3],
      [7, 0],
      [2000, 1],
      [999_999, 2],
    ]) {
      assert.equal(t.numbered(n), -1);
      t.setNumbered(n, query);
    }
    assert.deepEqual(
      [0, 7, 2000, 999_999, 1, 1024, 5000].map((n) => t.numbered(n)),
      [3, 0, 1, 2, -1, -1, -1],
    );
  });

  it('keeps qids that write the same number apart in a run in any order: 7, 007, 07, 0, 00 and 7 again', () => {
    const run = ['7', '007', '07', '0', '00', '7'].map((qid, i) => `${qid} Q0 d${i} 1 ${i}.5 tag`).join('\n');
    const queries: [string, string[]][] = [];
    const reader = new RunReader((b) => queries.push([b.qid, runQuery(b).predictions.map((p) => p.id)]), { mode: 'collect' });
    reader.feed(textBytes(run));
    reader.end();
    assert.deepEqual(queries.sort(), [
      ['0', ['d3']],
      ['00', ['d4']],
      ['007', ['d1']],
      ['07', ['d2']],
      ['7', ['d0', 'd5']],
    ]);
  });
});

describe('DocidTable', () => {
  it("numbers a query's docids, answering a new one with −number − 1, and forgets them at the next query", () => {
    const s = new DocidTable();
    const b = bytes('d1 d2 d1 d3');
    const slot = (from: number, to: number) => s.slot(0, from, to, hashBytes(b, from, to));
    s.begin(4, b);
    assert.deepEqual([slot(0, 2), slot(3, 5), slot(6, 8), slot(9, 11), slot(3, 5)], [-1, -2, 0, -3, 1]);
    assert.equal(s.count, 3);
    s.begin(4, b);
    assert.deepEqual([slot(9, 11), slot(0, 2)], [-1, -2]);
  });

  it('compares docids across pools: the same bytes in two arrays are one docid', () => {
    const s = new DocidTable();
    const [a, b] = [bytes('x d1 d2'), bytes('d2 d3 d1')];
    s.begin(4, a, b);
    const slot = (pool: number, from: number, to: number) => s.slot(pool, from, to, hashBytes(pool === 0 ? a : b, from, to));
    assert.deepEqual([slot(0, 2, 4), slot(0, 5, 7), slot(1, 0, 2), slot(1, 3, 5), slot(1, 6, 8)], [-1, -2, 1, -3, 0]);
  });

  it('grows past what begin expected, and tells apart docids whose hashes are made equal', () => {
    const s = new DocidTable();
    const all = bytes(Array.from({ length: 5000 }, (_, i) => `doc${String(i).padStart(4, '0')}`).join(''));
    s.begin(2, all);
    const at = (i: number) => [7 * i, 7 * i + 7] as const;
    for (let i = 0; i < 5000; i++) assert.equal(s.slot(0, ...at(i), hashBytes(all, ...at(i))), -i - 1);
    for (let i = 0; i < 5000; i++) assert.equal(s.slot(0, ...at(i), hashBytes(all, ...at(i))), i);
    const ab = bytes('aabb');
    s.begin(2, ab);
    assert.deepEqual([s.slot(0, 0, 2, 7), s.slot(0, 2, 4, 7), s.slot(0, 0, 2, 7), s.slot(0, 2, 4, 7)], [-1, -2, 0, 1]);
  });
});

describe('parseDecimalBytes', () => {
  it("gives parseDecimal's number for plain decimals, NaN for what it leaves to parseDecimal", () => {
    for (const t of ['27.5389', '0', '-0', '+7', '1.', '0000.5000', '123456789012345', '-4.25', '9.99999999999999']) {
      assert.ok(Object.is(parseDecimalBytes(bytes(t), 0, t.length), parseDecimal(t, 0, t.length)), t);
    }
    for (const t of ['1e-3', '.', '-', '', '1234567890123456', '9.999999999999999', 'inf', '0x10', '1,5', '1.2.3', '.5e1']) {
      assert.ok(Number.isNaN(parseDecimalBytes(bytes(t), 0, t.length)), t);
    }
    assert.equal(parseDecimalBytes(bytes('.5'), 0, 2), 0.5);
  });
});

// Run lines of every kind: plain ones (most), and what the fast line leaves to the general reader.
function randomRun(rand: () => number): string {
  const qids = ['1', '2', '10', '#3', 'caf\xe9', 'q\x01'];
  const docs = ['a', 'b', 'c', 'd1', 'doc0022414', 'x\xa0y', 'é'];
  const scores = ['0.5', '1', '-2.25', '+3', '1.', '.5', '1e-3', 'inf', 'nan', 'abc', '12abc', '-0', '1234567890123456', '0x1p-1', '7'];
  const lines: string[] = [];
  let qid = pick(rand, qids);
  for (let i = 0; i < 60; i++) {
    if (rand() < 0.15) qid = pick(rand, qids);
    const fields = [qid, 'Q0', pick(rand, docs), String(i), pick(rand, scores), 'tag'];
    const r = rand();
    if (r < 0.05) lines.push('');
    else if (r < 0.08) lines.push('   \t');
    else if (r < 0.11) lines.push(`# comment ${i}`);
    else if (r < 0.16) lines.push(fields.slice(0, 1 + Math.floor(rand() * 5)).join(' '));
    else if (r < 0.22) lines.push(fields.join(pick(rand, ['\t', '  ', ' \t ', '\v', '\f'])));
    else if (r < 0.26) lines.push(`  ${fields.join(' ')}`);
    else if (r < 0.3) lines.push(`${fields.join(' ')}\r`);
    else if (r < 0.34) lines.push(`${fields.join(' ')} extra more`);
    else lines.push(fields.join(' '));
  }
  return lines.join('\n') + (rand() < 0.5 ? '\n' : '');
}

// Everything a reader gives, as plain data: each block (or whole query), problems, counts.
function readRun(text: string, options: ConstructorParameters<typeof RunReader>[1], chunk: number) {
  const blocks: unknown[] = [];
  const reader = new RunReader((b) => blocks.push(runQuery(b)), options);
  const all = textBytes(text);
  let reading = true;
  for (let p = 0; p < all.length && reading;) {
    let end = Math.min(all.length, p + chunk);
    end = all.lastIndexOf(10, end - 1) + 1;
    if (end <= p) end = all.indexOf(10, p) + 1;
    reading = reader.feed(all, p, end);
    p = end;
  }
  const reading_ = reader.end();
  return { blocks, ...reading_, scattered: reader.scattered };
}

describe('RunReader: the fast line reads as the general reader of a line', () => {
  it('on random runs (odd lines, fields, scores; fed whole or in pieces), in each mode, as trec_eval reads or not', () => {
    for (let seed = 1; seed <= propertyRuns(300); seed++) {
      const rand = random(seed);
      const text = randomRun(rand);
      const chunk = pick(rand, [7, 64, 1 << 20]);
      for (const mode of ['stream', 'collect'] as const) {
        for (const asTrecEval of [true, false]) {
          const keep = (qid: string) => qid !== '2';
          const share = mode === 'collect' && rand() < 0.5 ? { part: Math.floor(rand() * 2), parts: 2 } : undefined;
          const fast = readRun(text, { mode, asTrecEval, keep, share }, chunk);
          const general = readRun(text, { mode, asTrecEval, keep, share, general: true }, chunk);
          assert.deepEqual(fast, general, `seed ${seed}, ${mode}, asTrecEval ${asTrecEval}`);
        }
      }
    }
  });

  it('takes the fast path on every plain line, and leaves to the general reader only the lines it needs', () => {
    const plain =
      [
        '301 Q0 doc1 1 27.5389 run',
        '301 Q0 doc2 2 -3 run',
        '301\tQ0\tdoc3\t3\t27.5389\trun',
        '301  Q0 doc4 4 -3 run',
        '301 Q0 d 5 1 r more',
        'query-number-301 Q0 d 1 0.5 r',
        '1 Q0 d 1 +3 r',
        '1 Q0 e 2 1. r',
        '1 Q0 f 3 .5 r',
        '1 Q0 g 4 -0 r',
        '1 Q0 caf\xe9 5 2 r',
        '1 Q0 h 6 7 r ',
        '301 Q0 doc5 6 27.5389 run\r',
        '1234567 Q0 d 1 1 r',
        '123456 Q0 d 1 0.000001 r',
        '2 Q0 d 1 12345678901234.5 r',
        '301 Q0 doc6 7 1 run',
      ].join('\n') + '\n';
    // An exponent, 16 digits, a line that starts with a blank: the fast path hands each on.
    const odd = '1 Q0 x 1 1e-3 r\n1 Q0 y 2 1234567890123456 r\n 1 Q0 z 3 1 r\n';
    const generalLines = (text: string, options: ConstructorParameters<typeof RunReader>[1]) => {
      const reader = new RunReader(() => undefined, options);
      const all = textBytes(text);
      reader.feed(all, 0, all.length);
      reader.end();
      return reader.generalLines();
    };
    for (const mode of ['stream', 'collect', 'store'] as const) {
      for (const asTrecEval of [true, false]) {
        assert.equal(generalLines(plain, { mode, asTrecEval }), 0, `${mode}, asTrecEval ${asTrecEval}`);
        assert.equal(generalLines(plain + odd, { mode, asTrecEval }), 3, `${mode}, asTrecEval ${asTrecEval}`);
        assert.equal(generalLines(plain, { mode, asTrecEval, general: true }), 17);
      }
    }
  });

  it("reads a plain line's fields, and the same lines with tabs and runs of blanks", () => {
    const read = (text: string) => readRun(text, { mode: 'collect' }, 1 << 20).blocks;
    const expected = [
      {
        qid: '301',
        predictions: [
          { id: 'doc1', score: 27.5389 },
          { id: 'doc2', score: -3 },
        ],
        lines: [1, 2],
      },
    ];
    assert.deepEqual(read('301 Q0 doc1 1 27.5389 run\n301 Q0 doc2 2 -3 run\n'), expected);
    assert.deepEqual(read('301\tQ0\tdoc1\t1\t27.5389\trun\n301  Q0 \t doc2 2 -3 run more\n'), expected);
  });
});

// Qrels lines of every kind, as randomRun.
function randomQrels(rand: () => number): string {
  const qids = ['1', '2', '10', 'caf\xe9'];
  const docs = ['a', 'b', 'c', 'd1', 'doc0022414', 'é'];
  const grades = ['0', '1', '2', '-1', '+3', '03', '1e2', '2.5', 'x', '1234567890123456', '-0'];
  const lines: string[] = [];
  let qid = pick(rand, qids);
  for (let i = 0; i < 40; i++) {
    if (rand() < 0.2) qid = pick(rand, qids);
    const fields = [qid, '0', pick(rand, docs), pick(rand, grades)];
    const r = rand();
    if (r < 0.05) lines.push('');
    else if (r < 0.1) lines.push(`# note ${i}`);
    else if (r < 0.13) lines.push(`# ${fields.join(' ')}`);
    else if (r < 0.17) lines.push(fields.slice(0, 1 + Math.floor(rand() * 3)).join(' '));
    else if (r < 0.22) lines.push(fields.join(pick(rand, ['\t', '  ', '\r'])));
    else if (r < 0.25) lines.push(` ${fields.join(' ')}`);
    else if (r < 0.28) lines.push(`${fields.join(' ')} extra`);
    else if (r < 0.31) lines.push(`${fields.join(' ')}\r`);
    else lines.push(fields.join(' '));
  }
  return lines.join('\n') + '\n';
}

function readQrels(text: string, asTrecEval: boolean, general: boolean) {
  const reader = new QrelsReader({ asTrecEval, general, duplicateSeverity: asTrecEval ? 'error' : 'warning' });
  const all = textBytes(text);
  for (let p = 0; p < all.length;) {
    const end = all.indexOf(10, Math.min(all.length - 1, p + 50)) + 1;
    reader.feed(all, p, end);
    p = end;
  }
  const table = reader.end();
  return { ...table.byQuery(), qids: table.qids, start: Array.from(table.start) };
}

describe('QrelsReader: the fast line reads as the general reader of a line', () => {
  it('on random qrels (comments, blanks, odd grades, repeats, queries met again), as trec_eval reads or not', () => {
    for (let seed = 1; seed <= propertyRuns(300); seed++) {
      const text = randomQrels(random(seed));
      for (const asTrecEval of [true, false]) {
        assert.deepEqual(readQrels(text, asTrecEval, false), readQrels(text, asTrecEval, true), `seed ${seed}, asTrecEval ${asTrecEval}`);
      }
    }
  });

  it('takes the fast path on every plain line, and leaves to the general reader only the lines it needs', () => {
    const plain =
      [
        '301 0 doc1 1',
        '301 0 doc2 0',
        '301 0 doc3 -1',
        '301\t0\tdoc4\t2',
        'query-301 0 d 1',
        '1 0 d +3',
        '1 0 e 03',
        '1 0 caf\xe9 1',
        '1  0 f 1',
        '1234567890 0 d 12',
        '301 0 doc5 3',
      ].join('\n') + '\n';
    // A fifth field, an exponent grade, a decimal grade, a comment: the fast path hands each on.
    const odd = '2 0 d 1 extra\n2 0 e 1e2\n2 0 f 2.5\n# note\n';
    const generalLines = (text: string, asTrecEval: boolean, general = false) => {
      const reader = new QrelsReader({ asTrecEval, general });
      const all = textBytes(text);
      reader.feed(all, 0, all.length);
      reader.end();
      return reader.generalLines();
    };
    for (const asTrecEval of [true, false]) {
      assert.equal(generalLines(plain, asTrecEval), 0);
      assert.equal(generalLines(plain + odd, asTrecEval), 4);
      assert.equal(generalLines(plain, asTrecEval, true), 11);
    }
  });

  it('groups the judgements of a query met again, its repeats dropped and reported in query order', () => {
    const q = readQrels('1 0 a 1\n2 0 b 2\n1 0 c 0\n1 0 a 3\n2 0 b 0\n', true, false);
    assert.deepEqual(q.qids, ['1', '2']);
    assert.deepEqual(q.start, [0, 2, 3]);
    assert.deepEqual(q.queries.get('1'), { ids: ['a', 'c'], grades: [1, 0], lines: [1, 3] });
    assert.deepEqual(q.queries.get('2'), { ids: ['b'], grades: [2], lines: [2] });
    assert.deepEqual(
      q.problems.map((p) => [p.line, p.code, p.related?.[0].line]),
      [
        [4, 'duplicate-judgement', 1],
        [5, 'duplicate-judgement', 2],
      ],
    );
  });
});

describe('RunStore', () => {
  it('gives each query its lines in file order, across pages, long docids (4,095 bytes and more) included', () => {
    const store = new RunStore();
    const expected = new Map<number, { ids: string[]; scores: number[]; lines: number[] }>();
    const rand = random(7);
    // 700 queries: several per log (query mod 256), each log over a page of lines and of bytes.
    for (let line = 1; line <= 30_000; line++) {
      const query = Math.floor(rand() * 700);
      const id = line % 5000 === 0 ? 'L'.repeat(70_000 + line) : line % 97 === 0 ? `l${'o'.repeat(5000)}ng${line}` : `doc${line}`;
      // Half the scores as the line reader gives a plain decimal: its whole number and decimals.
      const decimals = line % 2 === 0 ? line % 5 : -1;
      const whole = Math.round(rand() * 2e9) - 1e9;
      const score = decimals >= 0 ? whole / 10 ** decimals : Math.round(rand() * 1000) / 7;
      const b = bytes(`  ${id} `);
      store.add(query, b, 2, 2 + id.length, score, line, whole, decimals);
      const e = expected.get(query) ?? { ids: [], scores: [], lines: [] };
      e.ids.push(id);
      e.scores.push(score);
      e.lines.push(line);
      expected.set(query, e);
    }
    const block = new BlockColumns();
    const handed: number[] = [];
    store.handOver(
      block,
      (query) => `q${query}`,
      (b) => {
        const query = Number(b.qid.slice(1));
        handed.push(query);
        const e = expected.get(query)!;
        const q = runQuery(b);
        assert.deepEqual([q.predictions.map((p) => p.id), q.predictions.map((p) => p.score), q.lines], [e.ids, e.scores, e.lines], b.qid);
        for (let i = 0, from = 0; i < b.count; from = b.docEnd[i], i++) assert.equal(b.docHash[i], hashBytes(b.bytes, from, b.docEnd[i]));
      },
    );
    // Each query once (log by log: query mod the number of logs).
    assert.deepEqual(
      [...handed].sort((x, y) => x - y),
      [...expected.keys()].sort((x, y) => x - y),
    );
  });

  it('reads back a long docid whose 4-byte length crosses the end of a page of bytes, or ends on it', () => {
    // Query 0 (log 0): 163 docids of 100 bytes and one of 82 fill 16,382 bytes of its first page of 16,384, so the
    // length of the 5,000-byte docid that follows takes bytes 16,382–16,385. Query 1 (log 1): 16,380 bytes first,
    // the length then ends on the page's last byte.
    const store = new RunStore();
    const expected = new Map<number, string[]>([
      [0, []],
      [1, []],
    ]);
    const add = (query: number, id: string) => {
      const b = bytes(id);
      store.add(query, b, 0, b.length, 1.5, 1, 15, 1);
      expected.get(query)!.push(id);
    };
    for (let i = 0; i < 163; i++) {
      add(0, `a${String(i).padStart(99, '0')}`);
      add(1, `b${String(i).padStart(99, '0')}`);
    }
    add(0, 'c'.repeat(82));
    add(1, 'd'.repeat(80));
    add(0, 'L'.repeat(5000));
    add(1, 'M'.repeat(4095));
    add(0, 'after0');
    add(1, 'after1');
    const got = new Map<number, string[]>();
    store.handOver(
      new BlockColumns(),
      (q) => `q${q}`,
      (b) =>
        got.set(
          Number(b.qid.slice(1)),
          runQuery(b).predictions.map((p) => p.id),
        ),
    );
    assert.deepEqual(got, expected);
  });

  it('holds queries numbered up to 2^23 − 1, and says so beyond', () => {
    const store = new RunStore();
    const b = bytes('d1');
    store.add(2 ** 23 - 1, b, 0, 2, 1.5, 1, 15, 1);
    assert.throws(() => store.add(2 ** 23, b, 0, 2, 1.5, 2, 15, 1), /more than 8,388,608 judged queries in one run/);
    const got: [string, number[]][] = [];
    store.handOver(
      new BlockColumns(),
      (q) => `q${q}`,
      (block) => got.push([block.qid, Array.from(block.scores.subarray(0, block.count))]),
    );
    assert.deepEqual(got, [['q8388607', [1.5]]]);
  });
});

describe('handOverShares', () => {
  it('joins the stores of pieces of a file, taken in turn by several stores, as one store of the whole file: each query whole, in file order, scores exact (property)', () => {
    const scores = [
      0,
      -0,
      1,
      -3,
      27.5389,
      0.30000000000000004,
      1e-3,
      1e300,
      -1e-300,
      NaN,
      Infinity,
      -Infinity,
      2147483647,
      2147483648,
      -2147483647.5,
      3e9,
      0.123456789012345,
      12.5,
    ];
    for (let seed = 1; seed <= propertyRuns(40); seed++) {
      const rand = random(seed);
      const lines = Array.from({ length: Math.floor(rand() * 3000) }, (_, i) => ({
        query: Math.floor(rand() * (rand() < 0.5 ? 5 : 600)),
        id: rand() < 0.002 ? 'L'.repeat(4000 + Math.floor(rand() * 30_000)) : `d${Math.floor(rand() * 50)}`,
        score: rand() < 0.5 ? pick(rand, scores) : Math.round(rand() * 1e6) / 10 ** Math.floor(rand() * 8),
        line: i + 1,
      }));
      // The simple path: one store of every line.
      const whole = new RunStore();
      for (const l of lines) {
        const b = bytes(l.id);
        whole.add(l.query, b, 0, b.length, l.score, l.line);
      }
      const expected = new Map<string, [string[], number[], number[]]>();
      whole.handOver(
        new BlockColumns(),
        (q) => `q${q}`,
        (b) => {
          const q = runQuery(b);
          expected.set(b.qid, [q.predictions.map((p) => p.id), q.predictions.map((p) => p.score!), q.lines]);
        },
      );
      // Pieces of the file, each its lines numbered from 1, each kept by one of three shared stores
      // (taken at random, in turn: a store holds several pieces, one after the other).
      const cuts = [0, ...[1, 2, 3, 4, 5].map(() => Math.floor(rand() * lines.length)).sort((a, b) => a - b), lines.length];
      const stores = [new RunStore(true), new RunStore(true), new RunStore(true)];
      const pieces = cuts.slice(1).map((end, i) => {
        const s = Math.floor(rand() * stores.length);
        const store = stores[s];
        const from = store.marks();
        for (const l of lines.slice(cuts[i], end)) {
          const b = bytes(`x ${l.id}`);
          store.add(l.query, b, 2, b.length, l.score, l.line - cuts[i]);
        }
        return { store: s, from, to: store.marks(), lineOffset: cuts[i] };
      });
      const got = new Map<string, [string[], number[], number[]]>();
      const next = new Int32Array(new SharedArrayBuffer(4));
      handOverShares(
        stores.map((st) => st.logs),
        pieces,
        next,
        new BlockColumns(),
        (q) => `q${q}`,
        (b) => {
          const q = runQuery(b);
          assert.ok(!got.has(b.qid), `${b.qid} handed over once`);
          for (let i = 0, from = 0; i < b.count; from = b.docEnd[i], i++) assert.equal(b.docHash[i], hashBytes(b.bytes, from, b.docEnd[i]));
          got.set(b.qid, [q.predictions.map((p) => p.id), q.predictions.map((p) => p.score!), q.lines]);
        },
      );
      assert.deepEqual(got, expected, `seed ${seed}`);
      // Object.is: −0 stays −0.
      for (const [qid, [, s]] of got) s.forEach((x, i) => assert.ok(Object.is(x, expected.get(qid)![1][i]), `seed ${seed} ${qid}`));
      const byQuery = new Map<string, number[]>();
      for (const l of lines) byQuery.set(`q${l.query}`, [...(byQuery.get(`q${l.query}`) ?? []), l.line]);
      assert.deepEqual(new Map([...got].map(([q, [, , ls]]) => [q, ls])), byQuery, `seed ${seed}`);
    }
  });
});

describe('rankRunBlock ranks as rankCase(trecCase(…)) does', () => {
  it("with ids cut when read, still the ranked lines' after the block is reused for another query", () => {
    const qreader = new QrelsReader({ asTrecEval: true });
    qreader.feed(textBytes('1 0 b 1\n2 0 x 1\n'));
    const qrels = qreader.end();
    const block = new BlockColumns();
    const fill = (qid: string, ids: string[], scores: number[]) => {
      block.reset(qid);
      ids.forEach((id, i) => {
        const b = bytes(id);
        block.push(b, 0, b.length, hashBytes(b, 0, b.length), scores[i], i + 1);
      });
    };
    const scratch = rankingScratch();
    fill('1', ['a', 'bb', 'c'], [1, 3, 2]);
    const first = rankRunBlock(block as RunBlock, qrels, qrels.queryIndex('1'), PRESETS.trec_eval, true, scratch);
    fill('2', ['xxxxx', 'y'], [1, 2]);
    rankRunBlock(block as RunBlock, qrels, qrels.queryIndex('2'), PRESETS.trec_eval, true, scratch);
    assert.deepEqual(first.ids, ['bb', 'c', 'a']);
  });

  it("two evaluations interleaved, each with its own scratch, leave each other's rankings as they were", () => {
    const qreader = new QrelsReader({ asTrecEval: true });
    qreader.feed(textBytes('1 0 b 1\n1 0 c 2\n2 0 x 1\n2 0 y 3\n'));
    const qrels = qreader.end();
    const block = (qid: string, ids: string[], scores: number[]) => {
      const b = new BlockColumns();
      b.reset(qid);
      ids.forEach((id, i) => {
        const d = bytes(id);
        b.push(d, 0, d.length, hashBytes(d, 0, d.length), scores[i], i + 1);
      });
      return b as RunBlock;
    };
    const one = block('1', ['a', 'b', 'c', 'd'], [4, 3, 2, 1]);
    const two = block('2', ['y', 'z', 'x'], [1, 3, 2]);
    const alone = (b: RunBlock, q: string) => rankRunBlock(b, qrels, qrels.queryIndex(q), PRESETS.trec_eval, true, rankingScratch());
    const [a, b] = [rankingScratch(), rankingScratch()];
    const first = rankRunBlock(one, qrels, qrels.queryIndex('1'), PRESETS.trec_eval, true, a);
    const second = rankRunBlock(two, qrels, qrels.queryIndex('2'), PRESETS.trec_eval, true, b);
    const again = rankRunBlock(two, qrels, qrels.queryIndex('2'), PRESETS.trec_eval, true, a);
    rankRunBlock(one, qrels, qrels.queryIndex('1'), PRESETS.trec_eval, true, b);
    for (const [got, want] of [
      [first, alone(one, '1')],
      [second, alone(two, '2')],
      [again, alone(two, '2')],
    ]) {
      assert.deepEqual({ ...got, ids: got.ids }, { ...want, ids: want.ids });
    }
  });

  it('on random queries (ties, repeats, NaN and odd scores, negative grades), under every preset', () => {
    const pool = ['a', 'b', 'c', 'd', 'e', 'f', 'g', 'h', 'caf\xe9', 'caf\xe8', '\xf0\x9f\x98\x80', '\xee\x80\x80'];
    for (let seed = 1; seed <= propertyRuns(400); seed++) {
      const rand = random(seed);
      const judged = pool.filter(() => rand() < 0.5);
      const qrelsText = judged.map((d) => `1 0 ${d} ${pick(rand, [-1, 0, 0, 1, 2, 3])}\n`).join('') + '2 0 z 1\n';
      const n = Math.floor(rand() * 15);
      const predictions = Array.from({ length: n }, () => ({
        id: pick(rand, pool),
        score: pick(rand, [1, 1, 0.5, 2, 0, -1, NaN, Infinity, -Infinity, 3]),
      }));
      const qid = rand() < 0.9 ? '1' : '5';
      for (const name of PRESET_NAMES) {
        const conv = PRESETS[name];
        const asTrecEval = name === 'trec_eval';
        const qreader = new QrelsReader({ asTrecEval });
        qreader.feed(textBytes(qrelsText));
        const qrels = qreader.end();
        const block = new BlockColumns();
        block.reset(qid);
        predictions.forEach((p, i) => {
          const b = bytes(p.id);
          block.push(b, 0, b.length, hashBytes(b, 0, b.length), p.score, i + 1);
        });
        const fast = rankRunBlock(block as RunBlock, qrels, qrels.queryIndex(qid), conv, asTrecEval, rankingScratch());
        const simple = rankCase(trecCase(qrels.query(qid), asTrecEval ? inTrecEvalOrder(predictions) : predictions), conv);
        // fast cuts its ids only when they are read (a getter): read here, they are rankCase's.
        assert.deepEqual({ ...fast, ids: fast.ids }, simple, `seed ${seed}, ${name}`);
      }
    }
  });
});
