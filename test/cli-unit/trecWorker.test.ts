/**
 * The evaluation behind `ranklens trec` without the command: a TrecEvaluator's passes (stream, store,
 * missing queries) on test/data/trec/handworked.*, and the worker side of a thread (serve) answering the
 * same requests over a MessageChannel, progress messages included.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { MessageChannel } from 'node:worker_threads';
import { TREC_DATA, tempFiles } from '../cli/ranklens';
import { QueryResult, StoredPieces, TrecSetup } from '../../shared/trec/evaluate/passes';
import { InlineRunner } from '../../shared/trec/evaluate/passRunners';
import { splitRanges as splitRangesOf } from '../../shared/trec/evaluate/runPieces';
import { TrecEvaluator } from '../../shared/trec/evaluate/trecEvaluator';
import { textBytes } from '../../shared/trec/read/byteText';
import { RunReader, runQuery } from '../../shared/trec/read/runReader';
import { NODE_FILES } from '../../shared/trec/node/nodeFiles';
import { serve } from '../../shared/trec/node/trecWorker';
import { evaluateTrec } from '../../shared/trec';
import { resolveConvention } from '../../shared/core/conventions';
import { PRESETS } from '../../shared/core/conventions';
import { propertyRuns } from '../helpers/propertyRuns';

// The run cut into pieces, read from the disk.
const splitRanges = (path: string, size: number, jobs: number, from?: number) => splitRangesOf(NODE_FILES, path, size, jobs, from);

function seeded(seed: number): () => number {
  let x = seed >>> 0 || 1;
  return () => {
    x ^= x << 13;
    x >>>= 0;
    x ^= x >>> 17;
    x ^= x << 5;
    x >>>= 0;
    return x / 2 ** 32;
  };
}

const choose = <T>(rand: () => number, xs: readonly T[]): T => xs[Math.floor(rand() * xs.length)];

// A run of lines in any order: a few queries (judged or not), repeated docids, long ones, tied and
// odd scores (1e-3, nan, -0, 0.30000000000000004), a malformed line and a comment now and then.
function randomRun(rand: () => number): string {
  const lines: string[] = [];
  const n = Math.floor(rand() * 40);
  for (let i = 0; i < n; i++) {
    const r = rand();
    if (r < 0.03) {
      lines.push('1 Q0 short');
      continue;
    }
    if (r < 0.05) {
      lines.push('# a comment');
      continue;
    }
    const qid = choose(rand, ['1', '2', '3', '12', '7']);
    const doc = rand() < 0.05 ? `long${'y'.repeat(5000)}` : choose(rand, ['a', 'b', 'c', 'x', 'z', 'caf\xe9']);
    const score = choose(rand, ['1', '0.5', '2.25', '-3', '1e-3', 'nan', '-0', '0.30000000000000004', '123456789012', '7']);
    lines.push(`${qid} Q0 ${doc} ${i} ${score} t`);
  }
  return lines.length > 0 ? `${lines.join('\n')}\n` : '';
}

// The simple path: the whole run read at once (every judged query whole), each query evaluated from its strings.
function wholeRun(ev: TrecEvaluator, text: string) {
  const evaluated: QueryResult[] = [];
  const reader = new RunReader((b) => evaluated.push(ev.evaluate(runQuery(b))), {
    mode: 'collect',
    asTrecEval: true,
    keep: (qid) => ev.qrels.queryIndex(qid) >= 0,
  });
  reader.feed(textBytes(text));
  return { evaluated, ...reader.end() };
}

function lineStarts(text: string): number[] {
  const starts: number[] = [];
  for (let i = text.indexOf('\n'); i >= 0 && i + 1 < text.length; i = text.indexOf('\n', i + 1)) starts.push(i + 1);
  return starts;
}

const qrelsPath = join(TREC_DATA, 'handworked.qrels');
const runPath = join(TREC_DATA, 'handworked.run');
const size = statSync(runPath).size;
const setup = (more: Partial<TrecSetup> = {}): TrecSetup => ({
  qrelsPath,
  runPath,
  qrelsFrom: 0,
  runFrom: 0,
  asTrecEval: true,
  specs: [{ family: 'P', k: 5 }],
  convention: PRESETS.trec_eval,
  ...more,
});
// P@5 per query (test/cli/trec.test.ts): 1: 2/5, 2: 2/5, 10: 1/5, 3: 0. Run order: 1, 2, 10, 3, then 9 (not judged).
const summary = (qs: { qid: string; values: number[] }[]) => qs.map((q) => `${q.qid}=${q.values[0]}`);
// A counter or flag in shared memory, as the threads share them.
const counter = (value = 0) => Int32Array.of(value);
// Pieces of the file cut at the given byte offsets.
const piecesAt = (cuts: number[], end: number) => cuts.map((start, i) => ({ start, end: i + 1 < cuts.length ? cuts[i + 1] : end }));

describe('TrecEvaluator', () => {
  it('the stream pass evaluates each query of a piece as the next one starts; query 9 is not judged', () => {
    const ev = new TrecEvaluator(setup(), NODE_FILES);
    const [seg, ...more] = ev.streamPieces({ pieces: [{ start: 0, end: size }], next: counter(), stop: counter() });
    assert.deepEqual([seg.piece, seg.scattered, more], [0, false, []]);
    assert.deepEqual(summary(seg.evaluated), ['1=0.4', '2=0.4', '10=0.2', '3=0']);
    assert.deepEqual(
      seg.evaluated.map((q) => q.relevant),
      [3, 2, 1, 0],
    );
    assert.deepEqual([seg.unjudged, seg.lines, seg.entries, seg.problems], [['9'], 14, 13, []]);
    assert.deepEqual(ev.qrels.lines, 14);
  });

  it('evaluateMissing evaluates the missing queries as empty rankings', () => {
    const ev = new TrecEvaluator(setup(), NODE_FILES);
    const done = ev.evaluateMissing({ missing: ['4'] });
    assert.deepEqual(summary(done.evaluated), ['4=0']);
    assert.deepEqual(done.unjudged, []);
    assert.deepEqual(
      done.evaluated.map((q) => q.relevant),
      [1],
    );
  });

  it("trec_eval's -c: a made-up document for the missing query, then the listed values cleared (relstring too)", () => {
    const ev = new TrecEvaluator(
      setup({
        specs: [
          { family: 'NumRet', k: null },
          { family: 'Unjudged', k: 5 },
        ],
        relstring: 3,
        missingAsTrecEval: { reset: [0], resetRelstring: true },
      }),
      NODE_FILES,
    );
    const [q4] = ev.evaluateMissing({ missing: ['4'] }).evaluated;
    // The made-up document is retrieved and unjudged: num_ret cleared to 0, unj@5 kept at 1/5.
    assert.deepEqual([q4.values, q4.relstring], [[0, 0.2], '']);
    const kept = new TrecEvaluator(
      setup({ specs: [{ family: 'NumRet', k: null }], relstring: 3, missingAsTrecEval: { reset: [], resetRelstring: false } }),
      NODE_FILES,
    );
    const [k4] = kept.evaluateMissing({ missing: ['4'] }).evaluated;
    assert.deepEqual([k4.values, k4.relstring], [[1], '-']);
  });

  it("storePieces with `only`: the lines of those queries in the pieces given, numbered from each piece's first line", () => {
    // Lines 6–9 (query 1's d4, query 2's c a b) and 10–11 (query 10): only queries 2 and 10, the pieces' first lines known.
    const starts = lineStarts(readFileSync(runPath, 'latin1'));
    const pieces = [
      { start: starts[4], end: starts[8], line: 6 },
      { start: starts[8], end: starts[10], line: 10 },
    ];
    const ev = new TrecEvaluator(setup(), NODE_FILES);
    const kept = ev.storePieces({ pieces, next: counter(), only: ['2', '10'] });
    // Query 1's line is skipped unread: neither counted nor kept.
    assert.deepEqual(
      [kept.qids, kept.parts.map((p) => [p.piece, p.lines, p.entries])],
      [
        ['2', '10'],
        [
          [0, 4, 3],
          [1, 2, 2],
        ],
      ],
    );
    const inOrder = kept.parts.map((p, i) => ({ ...p, store: 0, lineOffset: pieces[i].line - 1 }));
    const evaluated = ev.evaluateStoredShare({ stores: [kept.logs], pieces: inOrder, next: counter() });
    assert.deepEqual(summary(evaluated).sort(), ['10=0.2', '2=0.4']);
  });

  it("storePieces and evaluateStoredShare: each evaluator keeps the pieces it takes, the shares together evaluate every query once, lines numbered from the file's start", () => {
    // Query 1's lines are on both sides of the first cut (after line 4: "1 Q0 d3 …" is line 5); the second cut is after line 8.
    const starts = lineStarts(readFileSync(runPath, 'latin1'));
    const pieces = piecesAt([0, starts[3], starts[7]], size);
    const evaluators = [new TrecEvaluator(setup(), NODE_FILES), new TrecEvaluator(setup(), NODE_FILES)];
    // The second evaluator takes piece 1 (its counter starts there, as if the first had taken piece 0), then piece 2.
    const kept = [
      evaluators[0].storePieces({ pieces: pieces.slice(0, 1), next: counter() }),
      evaluators[1].storePieces({ pieces, next: counter(1) }),
    ];
    assert.deepEqual(
      kept.map((k) => [k.qids, k.unjudged, k.parts.map((p) => [p.piece, p.lines, p.entries])]),
      [
        [['1'], [], [[0, 4, 3]]],
        [
          ['1', '2', '10', '3', '9'],
          ['9'],
          [
            [1, 4, 4],
            [2, 6, 6],
          ],
        ],
      ],
    );
    const inOrder = [
      { ...kept[0].parts[0], store: 0, lineOffset: 0 },
      { ...kept[1].parts[0], store: 1, lineOffset: 4 },
      { ...kept[1].parts[1], store: 1, lineOffset: 8 },
    ];
    // Alone, the first evaluator takes every log from the counter: query 1 whole, from both stores.
    const evaluated = evaluators[0].evaluateStoredShare({ stores: kept.map((k) => k.logs), pieces: inOrder, next: counter() });
    assert.deepEqual(summary(evaluated).sort(), ['10=0.2', '1=0.4', '2=0.4', '3=0']);
    const dupRun = join(tempFiles({ 'd.run': '1 Q0 d1 1 2 t\n2 Q0 a 1 1 t\n1 Q0 d1 2 1 t\n' }), 'd.run');
    const dup = new TrecEvaluator(setup({ runPath: dupRun }), NODE_FILES);
    const whole = dup.storePieces({ pieces: [{ start: 0, end: statSync(dupRun).size }], next: counter() });
    // The store numbers no lines: query 1's repeat is found, but placed by reading the query again (placeRepeatedDocids), with its lines' numbers.
    const [q1] = dup.evaluateStoredShare({
      stores: [whole.logs],
      pieces: [{ ...whole.parts[0], store: 0, lineOffset: 10 }],
      next: counter(),
    });
    assert.deepEqual([q1.qid, q1.values, q1.problems, q1.unplaced], ['1', [NaN], [], true]);
    const [placed] = dup.placeRepeatedDocids([{ start: 0, end: statSync(dupRun).size, line: 11 }], ['1']);
    assert.deepEqual(
      [placed.qid, placed.values, placed.problems.map((x) => [x.code, x.line, x.related?.[0].line]), placed.unplaced],
      ['1', [NaN], [['duplicate-prediction', 13, 11]], undefined],
    );
  });

  it('storePieces and evaluateStoredShare give what collect gives, on random runs cut at random line starts (property)', () => {
    for (let seed = 1; seed <= propertyRuns(60); seed++) {
      const rand = seeded(seed);
      const text = randomRun(rand);
      const path = join(tempFiles({ 'r.run': text }), 'r.run');
      const qrels = join(tempFiles({ q: '1 0 a 1\n1 0 b 0\n2 0 c 2\n3 0 a 1\n3 0 x 1\n12 0 a 1\n' }), 'q');
      const more = {
        runPath: path,
        qrelsPath: qrels,
        specs: [
          { family: 'AP', k: null },
          { family: 'P', k: 2 },
          { family: 'NumRet', k: null },
        ] as TrecSetup['specs'],
      };
      const simple = wholeRun(new TrecEvaluator(setup(more), NODE_FILES), text);
      // Up to six pieces, kept by up to three evaluators, each taking the next few in turn (several parts to a store).
      const pieces = piecesAt([0, ...lineStarts(text).filter(() => rand() < 0.2)].slice(0, 6), text.length);
      const evaluators = [1, 2, 3].slice(0, 1 + Math.floor(rand() * 3)).map(() => new TrecEvaluator(setup(more), NODE_FILES));
      // Evaluator i takes pieces [firsts[i], firsts[i + 1]), as if the others had taken theirs already (none, now and then).
      const firsts = [
        0,
        ...evaluators
          .slice(1)
          .map(() => Math.floor(rand() * (pieces.length + 1)))
          .sort((a, b) => a - b),
        pieces.length,
      ];
      const kept = evaluators.map((ev, i) => ev.storePieces({ pieces: pieces.slice(0, firsts[i + 1]), next: counter(firsts[i]) }));
      const parts = kept.flatMap((k, store) => k.parts.map((p) => ({ ...p, store }))).sort((a, b) => a.piece - b.piece);
      assert.deepEqual(
        parts.map((p) => p.piece),
        [...pieces.keys()],
        `seed ${seed}: every piece kept once`,
      );
      const offsets = parts.map((_, i) => parts.slice(0, i).reduce((n, p) => n + p.lines, 0));
      const inOrder = parts.map((p, i) => ({ ...p, lineOffset: offsets[i] }));
      const evaluated = evaluators[evaluators.length - 1].evaluateStoredShare({
        stores: kept.map((k) => k.logs),
        pieces: inOrder,
        next: counter(),
      });
      const byQid = (qs: { qid: string }[]) => [...qs].sort((a, b) => (a.qid < b.qid ? -1 : 1));
      assert.deepEqual(byQid(evaluated), byQid(simple.evaluated), `seed ${seed}`);
      assert.deepEqual(
        parts.flatMap((p, i) => p.problems.map((x) => x.line + offsets[i])),
        simple.problems.map((p) => p.line),
        `seed ${seed}`,
      );
      assert.deepEqual(
        [parts.reduce((n, p) => n + p.lines, 0), parts.reduce((n, p) => n + p.entries, 0), new Set(kept.flatMap((k) => k.qids)).size],
        [simple.lines, simple.entries, simple.qids.length],
        `seed ${seed}`,
      );
    }
  });

  it('the stream pass keeps a query open while 32 others are read: one that comes back later stops it, with nothing else, and tells the other threads to stop', () => {
    // Query q0, then q1 … q32 (judged, one line each), then q0 again: 32 queries read since q0's line, so it was handed over.
    const qrelsOf = (n: number) => Array.from({ length: n }, (_, q) => `q${q} 0 d 1\n`).join('');
    const back = (between: number) =>
      ['q0 Q0 d 1 2 t', ...Array.from({ length: between }, (_, q) => `q${q + 1} Q0 d 1 1 t`), 'q0 Q0 e 2 1 t', ''].join('\n');
    const dir = tempFiles({ 'w.qrels': qrelsOf(40), 'late.run': back(32), 'open.run': back(31) });
    const at = (name: string) => ({ qrelsPath: join(dir, 'w.qrels'), runPath: join(dir, name) });
    const open = new TrecEvaluator(setup(at('open.run')), NODE_FILES).streamPieces({
      pieces: [{ start: 0, end: statSync(join(dir, 'open.run')).size }],
      next: counter(),
      stop: counter(),
    });
    // With 31 queries between, q0 is still open: read whole in one pass (d relevant at rank 1, P@5 = 1/5), its span the whole file.
    assert.deepEqual(
      [open[0].scattered, summary(open[0].evaluated).slice(-1), open[0].spans.slice(-3)],
      [false, ['q0=0.2'], [0, statSync(join(dir, 'open.run')).size, 1]],
    );
    const stop = counter();
    const path = join(dir, 'late.run');
    const segs = new TrecEvaluator(setup(at('late.run')), NODE_FILES).streamPieces({
      pieces: [
        { start: 0, end: statSync(path).size },
        { start: 0, end: 14 },
      ],
      next: counter(),
      stop,
    });
    assert.deepEqual(segs, [{ piece: 0, scattered: true, evaluated: [], spans: [], unjudged: [], problems: [], lines: 0, entries: 0 }]);
    assert.equal(stop[0], 1);
    // Told to stop, a thread takes no further piece.
    assert.deepEqual(new TrecEvaluator(setup(), NODE_FILES).streamPieces({ pieces: [{ start: 0, end: size }], next: counter(), stop }), []);
  });

  it('streamPieces: the pieces a thread takes in turn, each read afresh (a query in two pieces is evaluated in each)', () => {
    // Pieces: lines 1–4 (query 1: d2 d1 d5), lines 5–8 (query 1 again: d3 d4, then 2: c a), lines 9–14 (2 again: b; 10, 3, 9).
    // Each piece ranks what it holds: one relevant document in each part of queries 1 and 2 (P@5 = 1/5), evaluateTrec reads them again (rereadCutQueries).
    const starts = lineStarts(readFileSync(runPath, 'latin1'));
    const segs = new TrecEvaluator(setup(), NODE_FILES).streamPieces({
      pieces: piecesAt([0, starts[3], starts[7]], size),
      next: counter(),
      stop: counter(),
    });
    assert.deepEqual(
      segs.map((s) => [s.piece, summary(s.evaluated), s.lines]),
      [
        [0, ['1=0.2'], 4],
        [1, ['1=0.2', '2=0.2'], 4],
        [2, ['2=0.2', '10=0.2', '3=0'], 6],
      ],
    );
  });

  it("-M cuts each ranking, -J drops its unjudged documents; a duplicate document is refused under trec_eval's duplicates=error", () => {
    // Query 1 in trec_eval's order: d2 d5 d1 d3 (d5 and d1 tie at 0.8; "d5" > "d1"), d5 unjudged.
    const q1 = {
      qid: '1',
      predictions: [
        { id: 'd2', score: 0.9 },
        { id: 'd1', score: 0.8 },
        { id: 'd5', score: 0.8 },
        { id: 'd3', score: 0.5 },
      ],
      lines: [1, 2, 3, 4],
    };
    const p = (more: Partial<TrecSetup>) => new TrecEvaluator(setup(more), NODE_FILES).evaluate(q1).values[0];
    assert.deepEqual(
      [p({}), p({ maxRank: 2 }), p({ specs: [{ family: 'P', k: 2 }] }), p({ specs: [{ family: 'P', k: 2 }], judgedOnly: true })],
      [0.4, 0, 0, 0.5],
    );
    const dup = new TrecEvaluator(setup(), NODE_FILES).evaluate({
      qid: '1',
      predictions: [
        { id: 'd1', score: 2 },
        { id: 'd1', score: 1 },
      ],
      lines: [1, 2],
    });
    assert.deepEqual([dup.values, dup.problems.map((x) => [x.code, x.severity, x.line])], [[NaN], [['duplicate-prediction', 'error', 2]]]);
    const first = new TrecEvaluator(setup({ convention: PRESETS.ranx, asTrecEval: false }), NODE_FILES).evaluate({
      qid: '1',
      predictions: [
        { id: 'd1', score: 2 },
        { id: 'd1', score: 1 },
      ],
      lines: [1, 2],
    });
    assert.deepEqual([first.values, first.problems.map((x) => x.severity)], [[0.2], ['warning']]);
  });

  it('two evaluators, their queries interleaved, each give what it gives alone', () => {
    const specs: TrecSetup['specs'] = [
      { family: 'AP', k: null },
      { family: 'nDCG', k: 3 },
      { family: 'P', k: 2 },
    ];
    const q1 = {
      qid: '1',
      predictions: [
        { id: 'd2', score: 0.9 },
        { id: 'd1', score: 0.8 },
        { id: 'd5', score: 0.8 },
        { id: 'd3', score: 0.5 },
      ],
      lines: [1, 2, 3, 4],
    };
    const q2 = {
      qid: '2',
      predictions: [
        { id: 'c', score: 1 },
        { id: 'a', score: 2 },
        { id: 'b', score: 3 },
      ],
      lines: [5, 6, 7],
    };
    const trec = () => new TrecEvaluator(setup({ specs }), NODE_FILES);
    const ranx = () => new TrecEvaluator(setup({ specs, convention: PRESETS.ranx, asTrecEval: false }), NODE_FILES);
    const [x, y] = [trec(), ranx()];
    const interleaved = [x.evaluate(q1), y.evaluate(q2), y.evaluate(q1), x.evaluate(q2)];
    assert.deepEqual(interleaved, [trec().evaluate(q1), ranx().evaluate(q2), ranx().evaluate(q1), trec().evaluate(q2)]);
  });

  it('a qrels judging a document twice: an error under duplicates=error, else a warning', async () => {
    const dir = tempFiles({ q: '1 0 a 1\n1 0 a 0\n' });
    const twice = (convention: TrecSetup['convention']) =>
      new TrecEvaluator(setup({ qrelsPath: join(dir, 'q'), convention }), NODE_FILES).qrels.problems.map((x) => [
        x.code,
        x.severity,
        x.line,
      ]);
    assert.deepEqual(twice(PRESETS.trec_eval), [['duplicate-judgement', 'error', 2]]);
    assert.deepEqual(twice(PRESETS.ranx), [['duplicate-judgement', 'warning', 2]]);
    const info = await new InlineRunner(setup(), NODE_FILES).qrels();
    assert.deepEqual([info.qids, info.lines, info.problems.map((x) => x.code)], [['1', '2', '10', '3', '4'], 14, ['blank-line']]);
  });
});

describe('serve: the worker side', () => {
  it('answers qrels and each pass (streamPieces, storePieces and evaluateStoredShare: the store pass, evaluateMissing: the missing queries) as the evaluator does, with progress messages', async () => {
    const { port1, port2 } = new MessageChannel();
    serve(port1, setup());
    const replies: { type: string; done?: number; total?: number; result?: unknown }[] = [];
    const ask = (message: unknown, type: string) =>
      new Promise<unknown>((resolve) => {
        const on = (reply: { type: string; result?: unknown }) => {
          replies.push(reply);
          if (reply.type === type) {
            port2.off('message', on);
            resolve(reply.result);
          }
        };
        port2.on('message', on);
        port2.postMessage(message);
      });
    try {
      const info = (await ask({ type: 'qrels' }, 'qrels')) as { qids: string[] };
      assert.deepEqual(info.qids, ['1', '2', '10', '3', '4']);
      const [seg] = (await ask(
        { type: 'streamPieces', task: { pieces: [{ start: 0, end: size }], next: counter(), stop: counter() } },
        'streamPieces',
      )) as { evaluated: { qid: string; values: number[] }[] }[];
      assert.deepEqual(summary(seg.evaluated), ['1=0.4', '2=0.4', '10=0.2', '3=0']);
      const kept = (await ask(
        { type: 'storePieces', task: { pieces: [{ start: 0, end: size }], next: counter(), only: ['3'] } },
        'storePieces',
      )) as StoredPieces;
      const shares = (await ask(
        {
          type: 'evaluateStoredShare',
          task: { stores: [kept.logs], pieces: [{ ...kept.parts[0], store: 0, lineOffset: 0 }], next: counter() },
        },
        'evaluateStoredShare',
      )) as QueryResult[];
      assert.deepEqual(summary(shares), ['3=0']);
      const done = (await ask({ type: 'evaluateMissing', task: { missing: ['4'] } }, 'evaluateMissing')) as {
        evaluated: { qid: string; values: number[] }[];
      };
      assert.deepEqual(summary(done.evaluated), ['4=0']);
      // The file is read whole once by the stream pass and once by the store pass: one progress message each, at the end.
      assert.deepEqual(
        replies.filter((r) => r.type === 'progress').map((r) => [r.done, r.total]),
        [
          [size, size],
          [size, size],
        ],
      );
      assert.deepEqual(
        replies.map((r) => r.type),
        ['qrels', 'progress', 'streamPieces', 'progress', 'storePieces', 'evaluateStoredShare', 'evaluateMissing'],
      );
    } finally {
      port1.close();
      port2.close();
    }
  });
});

describe('serve: the last progress figure of a request', () => {
  it('is posted before the answer even when the thread read only some of the pieces (short of the total)', async () => {
    const { port1, port2 } = new MessageChannel();
    serve(port1, setup());
    const replies: { type: string; done?: number; total?: number }[] = [];
    const starts = lineStarts(readFileSync(runPath, 'latin1'));
    // Two pieces, the counter already past the first: this thread reads lines 8–14 only, starts[6] bytes short.
    const answered = new Promise<void>((resolve) =>
      port2.on('message', (r: { type: string; done?: number; total?: number }) => {
        replies.push(r);
        if (r.type === 'storePieces') resolve();
      }),
    );
    port2.postMessage({ type: 'storePieces', task: { pieces: piecesAt([0, starts[6]], size), next: counter(1) } });
    try {
      await answered;
      assert.deepEqual(
        replies.map((r) => [r.type, r.done, r.total]),
        [
          ['progress', size - starts[6], size],
          ['storePieces', undefined, undefined],
        ],
      );
    } finally {
      port1.close();
      port2.close();
    }
  });
});

describe('evaluateTrec: pieces, threads, problems in file order, progress', () => {
  // Query 1 lists a twice and line 3 is malformed; query 2 the same on lines 4–6. 68 bytes.
  const dir = tempFiles({
    'p.qrels': '1 0 a 1\n1 0 a 1\n2 0 c 1\n',
    'p.run': '1 Q0 a 1 1 t\n1 Q0 a 2 0.5 t\nbad\n2 Q0 c 1 1 t\n2 Q0 c 2 0.5 t\nbad too\n',
    'g.qrels': '1 0 a 1\n2 0 c 1\n3 0 e 1\n',
    'g.run': '1 Q0 a 1 0.9 t\n1 Q0 b 2 0.8 t\n2 Q0 c 1 0.9 t\n2 Q0 d 2 0.8 t\n3 Q0 e 1 0.9 t\n3 Q0 f 2 0.8 t\n1 Q0 g 3 0.1 t\n',
    // q0, then q1 … q32 (judged), then q0 again: q0 was handed over before its last line (34 lines, 499 bytes).
    'late.qrels': Array.from({ length: 33 }, (_, q) => `q${q} 0 d 1\n`).join(''),
    'late.run': ['q0 Q0 d 1 2 t', ...Array.from({ length: 32 }, (_, q) => `q${q + 1} Q0 x 1 1 t`), 'q0 Q0 e 2 1 t', ''].join('\n'),
  });
  const run = async (name: string, jobs: number) => {
    const progress: [number, number][] = [];
    const ev = await evaluateTrec({
      qrelsPath: join(dir, `${name}.qrels`),
      runPath: join(dir, `${name}.run`),
      specs: [{ family: 'P', k: 1 }],
      resolved: resolveConvention('trec_eval').resolved,
      complete: false,
      jobs,
      onProgress: (d, t) => progress.push([d, t]),
    });
    return {
      ev,
      progress,
      problems: ev.problems.map((p) => [p.file, p.line, p.code, ...(p.related ?? []).map((r) => `${r.file}:${r.line}`)]),
    };
  };
  const PROBLEMS = [
    ['qrels', 2, 'duplicate-judgement', 'qrels:1'],
    ['run', 2, 'duplicate-prediction', 'run:1'],
    ['run', 3, 'malformed-line'],
    ['run', 5, 'duplicate-prediction', 'run:4'],
    ['run', 6, 'malformed-line'],
  ];

  it('one thread: the problems of both files in file and line order; one progress report at the end', async () => {
    const { ev, progress, problems } = await run('p', 1);
    assert.deepEqual(problems, PROBLEMS);
    assert.deepEqual(progress, [[68, 68]]);
    assert.deepEqual(ev.counts, {
      qrelsQueries: 2,
      qrelsLines: 3,
      runQueries: 2,
      runLines: 6,
      entries: 4,
      evaluated: 2,
      missing: 0,
      unjudged: 0,
      noRelevant: 0,
    });
    assert.deepEqual([ev.scattered, ev.grouped, ev.queries.map((q) => q.values[0])], [0, true, [NaN, NaN]]);
  });

  it("two threads: the pieces' problems renumbered from the start of the file", async () => {
    // Lines of 13, 15, 4, 13, 15 and 8 bytes. From 0 a step of 68/8 → 9 bytes ends with line 1 (13), inside query 1: the
    // piece runs on to "bad" (28). From 28 a step of 5 ends with line 4 (45), inside query 2: on to "bad too" (60). Then 8 bytes.
    // The pieces' problems are renumbered from the start of the file.
    assert.deepEqual(splitRanges(join(dir, 'p.run'), 68, 2), [
      { start: 0, end: 28 },
      { start: 28, end: 60 },
      { start: 60, end: 68 },
    ]);
    const { ev, progress, problems } = await run('p', 2);
    assert.deepEqual(problems, PROBLEMS);
    // Reports as the threads read their pieces (which thread takes which piece varies): never going back, the last at 68 of 68.
    assert.ok(
      progress.every(([d, t], i) => t === 68 && (i === 0 || d >= progress[i - 1][0])),
      JSON.stringify(progress),
    );
    assert.deepEqual(progress[progress.length - 1], [68, 68]);
    assert.equal(ev.counts.runLines, 6);
  });

  it('a query that comes back while still open is read in one pass; one met in two pieces is read again where its lines lie', async () => {
    // One thread: query 1 comes back after 2 and 3, still open (32 may be): one pass, nothing read again (105 bytes, 15 a line).
    const one = await run('g', 1);
    assert.deepEqual([one.ev.scattered, one.ev.grouped, one.progress], [0, true, [[105, 105]]]);
    // Two threads: pieces [0, 30) (query 1), [30, 60), [60, 90), [90, 105) (query 1 again). Query 1 is read again from bytes
    // 0–29 (lines 1–2) and 90–104 (line 7) only: 45 bytes more, a total of 150.
    const two = await run('g', 2);
    assert.deepEqual([two.ev.scattered, two.ev.grouped], [1, true]);
    assert.deepEqual(two.progress[two.progress.length - 1], [150, 150]);
    for (const r of [one, two])
      assert.deepEqual(
        r.ev.queries.map((q) => [q.qid, q.values[0]]),
        [
          ['1', 1],
          ['2', 1],
          ['3', 1],
        ],
      );
  });

  it('a query cut where a piece ends is gathered from both places as one block: its duplicate is reported at its own line', async () => {
    // Lines of 13, 13 and 15 bytes. Pieces [0, 13) (query 1), [13, 26) (query 2), [26, 41) (query 1 again, a twice).
    const d = tempFiles({ 'cut.qrels': '1 0 a 1\n2 0 c 1\n', 'cut.run': '1 Q0 a 1 1 t\n2 Q0 c 1 1 t\n1 Q0 a 2 0.5 t\n' });
    assert.deepEqual(splitRanges(join(d, 'cut.run'), 41, 2), [
      { start: 0, end: 13 },
      { start: 13, end: 26 },
      { start: 26, end: 41 },
    ]);
    const cut = async (jobs: number) => {
      const progress: [number, number][] = [];
      const ev = await evaluateTrec({
        qrelsPath: join(d, 'cut.qrels'),
        runPath: join(d, 'cut.run'),
        specs: [{ family: 'P', k: 1 }],
        resolved: resolveConvention('trec_eval').resolved,
        complete: false,
        jobs,
        onProgress: (n, t) => progress.push([n, t]),
      });
      return {
        ev,
        progress,
        problems: ev.problems.map((p) => [p.file, p.line, p.code, ...(p.related ?? []).map((r) => `${r.file}:${r.line}`)]),
      };
    };
    const one = await cut(1);
    const two = await cut(2);
    for (const r of [one, two]) {
      assert.deepEqual(r.problems, [['run', 3, 'duplicate-prediction', 'run:1']]);
      // A query listing a document twice is left out under trec_eval's convention (as the 'p' run's are).
      assert.deepEqual(
        r.ev.queries.map((q) => [q.qid, q.values[0]]),
        [
          ['1', NaN],
          ['2', 1],
        ],
      );
    }
    // Query 1 read again over its two parts, 13 and 15 bytes: 41 + 28.
    assert.deepEqual([two.ev.scattered, two.ev.grouped, two.progress[two.progress.length - 1]], [1, true, [69, 69]]);
  });

  it('a run not grouped by query that lists a docid twice: the store pass finds it, one more pass over the run says where', async () => {
    // q0 … q32, then q0 with d0 again (line 34, first on line 1) and q5 with d5 again (line 35, first on line 6), then 400
    // lines of the 33 queries in turn: not grouped in its first piece, for one thread or two, so read once into the
    // threads' stores (which number no lines), then q0 and q5 read again.
    const lines = [
      ...Array.from({ length: 33 }, (_, q) => `q${q} Q0 d${q} 1 2 t`),
      'q0 Q0 d0 2 1 t',
      'q5 Q0 d5 2 1 t',
      ...Array.from({ length: 400 }, (_, i) => `q${i % 33} Q0 f${i} ${i + 3} 1 t`),
    ];
    const d = tempFiles({
      'rep.qrels': Array.from({ length: 33 }, (_, q) => `q${q} 0 d${q} 1\n`).join(''),
      'rep.run': lines.join('\n') + '\n',
    });
    const size = statSync(join(d, 'rep.run')).size;
    for (const jobs of [1, 2]) {
      const progress: [number, number][] = [];
      const ev = await evaluateTrec({
        qrelsPath: join(d, 'rep.qrels'),
        runPath: join(d, 'rep.run'),
        specs: [{ family: 'P', k: 1 }],
        resolved: resolveConvention('ranx').resolved,
        complete: false,
        jobs,
        onProgress: (n, t) => progress.push([n, t]),
      });
      assert.deepEqual(
        ev.problems.filter((p) => p.code === 'duplicate-prediction').map((p) => [p.line, p.related?.[0].line, p.severity]),
        [
          [34, 1, 'warning'],
          [35, 6, 'warning'],
        ],
        `jobs ${jobs}`,
      );
      // duplicates=first (ranx): the repeat is dropped; each query ranks its relevant document first.
      assert.deepEqual(
        ev.queries.map((q) => q.values[0]),
        new Array(33).fill(1),
      );
      assert.ok(ev.queries.every((q) => q.unplaced === undefined));
      // Not grouped, and read twice: once into the stores, once to place the repeats.
      assert.deepEqual([ev.grouped, progress[progress.length - 1]], [false, [2 * size, 2 * size]], `jobs ${jobs}`);
    }
  });

  it("queries cut in too many places for one stream are read again by the threads' store: the same values", async () => {
    // q0, q1 … q32, q1 … q32 again, q0 again (15 bytes a line but q10 … q32's 16): each query in two pieces, all 33 gathered;
    // read as one stream q0 is handed over when q32 opens (32 open at most) and comes back at the end.
    const lines = [
      'q0 Q0 d 1 2 t',
      ...Array.from({ length: 32 }, (_, q) => `q${q + 1} Q0 d 1 1 t`),
      ...Array.from({ length: 32 }, (_, q) => `q${q + 1} Q0 x 2 1 t`),
      'q0 Q0 e 2 1 t',
    ];
    const d = tempFiles({
      'many.qrels': Array.from({ length: 33 }, (_, q) => `q${q} 0 d 1\n`).join(''),
      'many.run': lines.join('\n') + '\n',
    });
    const many = async (jobs: number) =>
      evaluateTrec({
        qrelsPath: join(d, 'many.qrels'),
        runPath: join(d, 'many.run'),
        specs: [{ family: 'P', k: 2 }],
        resolved: resolveConvention('trec_eval').resolved,
        complete: false,
        jobs,
      });
    const one = await many(1);
    const two = await many(2);
    // Every query ranks d (relevant) then another: P@2 = 1/2.
    for (const ev of [one, two])
      assert.deepEqual(
        ev.queries.map((q) => q.values[0]),
        new Array(33).fill(0.5),
      );
    assert.deepEqual([one.scattered, one.grouped, two.scattered, two.grouped], [33, false, 33, true]);
  });

  it('a run whose first lines show it is not grouped (a query back after 32 others) is read once, into the store: progress to its 499 bytes', async () => {
    const late = await run('late', 1);
    assert.deepEqual([late.ev.scattered, late.ev.grouped, late.progress], [33, false, [[499, 499]]]);
    // q0 ranks d (relevant) first: P@1 = 1; the others rank x (not judged): 0.
    assert.deepEqual(
      late.ev.queries.map((q) => q.values[0]).reduce((a, b) => a + b, 0),
      1,
    );
    assert.deepEqual([late.ev.queries[0].qid, late.ev.queries[0].values[0]], ['q0', 1]);
  });
  it('a run found not grouped past its first 256 kB is read again whole: the progress total is what the first pass read and the run', async () => {
    // As late.run, but q32 goes on for 14,000 lines (about 290 kB) before q0 comes back.
    const lines = [
      'q0 Q0 d 1 2 t',
      ...Array.from({ length: 32 }, (_, q) => `q${q + 1} Q0 x 1 1 t`),
      ...Array.from({ length: 14_000 }, (_, i) => `q32 Q0 y${i} ${i + 2} 0.5 t`),
      'q0 Q0 e 2 1 t',
    ];
    const d = tempFiles({
      'far.qrels': Array.from({ length: 33 }, (_, q) => `q${q} 0 d 1\n`).join(''),
      'far.run': lines.join('\n') + '\n',
    });
    const size = statSync(join(d, 'far.run')).size;
    const progress: [number, number][] = [];
    const ev = await evaluateTrec({
      qrelsPath: join(d, 'far.qrels'),
      runPath: join(d, 'far.run'),
      specs: [{ family: 'P', k: 1 }],
      resolved: resolveConvention('trec_eval').resolved,
      complete: false,
      jobs: 1,
      onProgress: (n, t) => progress.push([n, t]),
    });
    assert.ok(size > 1 << 18, String(size));
    // The first pass stops in its second chunk, having reported its first (262,144 bytes read), then the store pass reads all 342,287.
    assert.deepEqual([size, ev.scattered, ev.grouped, progress[progress.length - 1]], [342_287, 33, false, [604_431, 604_431]]);
    assert.deepEqual([ev.queries[0].qid, ev.queries[0].values[0], ev.queries.reduce((n, q) => n + q.values[0], 0)], ['q0', 1, 1]);
  });
});
