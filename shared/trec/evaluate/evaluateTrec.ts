/**
 * `ranklens trec` end to end: split the run into byte ranges at line starts, evaluate each range
 * (in worker threads for a large run), then settle what the ranges could not: queries cut by a
 * range boundary, queries scattered over the file, judged queries missing from the run.
 */
import { closeSync, openSync, readSync, statSync } from 'node:fs';
import { ResolvedConvention } from '../../core/conventions';
import { means } from '../../core/means';
import { MetricSpec, metricName } from '../../core/metricNames';
import { compareText } from '../../core/ranking';
import { TrecProblem, capProblems } from '../read/problems';
import { byteOrderMark } from '../node/inputFiles';
import { ByteRange } from '../node/fileChunks';
import { StorePiece } from '../store/runStore';
import { QueryResult, RunPiece, SecondPass, SegmentResult, bytesOf } from './trecEvaluator';
import { InlineRunner, SegmentRunner, WorkerRunner } from '../node/trecWorker';

export interface TrecOptions {
  qrelsPath: string;
  runPath: string;
  specs: MetricSpec[];
  resolved: ResolvedConvention;
  /** Score judged queries missing from the run as empty rankings (trec_eval -c). */
  complete: boolean;
  /** trec_eval -M and -J: see TrecSetup. */
  maxRank?: number;
  judgedOnly?: boolean;
  relstring?: number;
  missingAsTrecEval?: { reset: number[]; resetRelstring: boolean };
  /** Threads reading the run; 1 reads it in this thread. */
  jobs: number;
  onProgress?: (done: number, total: number) => void;
}

export interface TrecCounts {
  qrelsQueries: number;
  qrelsLines: number;
  runQueries: number;
  runLines: number;
  /** Run lines read as predictions. */
  entries: number;
  evaluated: number;
  /** Judged queries with no run line: skipped, or scored as empty rankings with --complete. */
  missing: number;
  /** Run queries the qrels do not judge: ignored. */
  unjudged: number;
  /** Evaluated queries without a relevant document. */
  noRelevant: number;
}

export interface TrecEvaluation {
  specs: MetricSpec[];
  names: string[];
  convention: ResolvedConvention;
  /** One row per evaluated query, in the string order of the query ids (trec_eval's order). */
  queries: QueryResult[];
  mean: number[];
  excluded: number[];
  /** Every problem, lines numbered from the start of each file, in file and line order. */
  problems: TrecProblem[];
  counts: TrecCounts;
  /** Queries read again in a second pass: those met in several places, or all when the run is not grouped. */
  scattered: number;
  /** The first judged query missing from the run, in trec_eval's order (where trec_eval stops without -c). */
  firstMissing?: string;
  /** Whether the run's lines are grouped by query (at most a few queries met in several places). */
  grouped: boolean;
}

/** Runs over this size are split across threads when jobs are not given. */
export const PARALLEL_BYTES = 32 << 20;
// The smallest piece of a run read by several threads: small enough that the last pieces taken
// leave neither thread idle for long (a megabyte is about 4 ms of work), large enough to cost
// nothing to hand out.
const SMALLEST_PIECE = 1 << 20;

/** Evaluates a qrels and run pair. */
export async function evaluateTrec(options: TrecOptions): Promise<TrecEvaluation> {
  const size = statSync(options.runPath).size;
  const asTrecEval = options.resolved.preset === 'trec_eval';
  const qrelsMark = byteOrderMark(options.qrelsPath, 'qrels', asTrecEval);
  const runMark = byteOrderMark(options.runPath, 'run', asTrecEval);
  const setup = { qrelsPath: options.qrelsPath, runPath: options.runPath, qrelsFrom: qrelsMark.skip, runFrom: runMark.skip, asTrecEval,
    specs: options.specs, convention: options.resolved.convention,
    maxRank: options.maxRank, judgedOnly: options.judgedOnly, relstring: options.relstring,
    missingAsTrecEval: options.missingAsTrecEval };
  // This thread and the workers take the pieces in turn. The run is cut in pieces (a few reads),
  // the workers start, and the qrels are read here meanwhile, once, then shared with them (a worker
  // starting takes about as long as reading the qrels of a 2,000-query run). No more threads than
  // pieces: a run of one long query is one piece, and an idle worker costs 10–20 MB.
  const runners: SegmentRunner[] = [];
  try {
    const pieces = splitRanges(options.runPath, size, options.jobs, runMark.skip);
    const workers = Array.from({ length: Math.min(options.jobs, pieces.length) - 1 }, () => new WorkerRunner(setup));
    runners.push(...workers);
    const inline = new InlineRunner(setup);
    runners.unshift(inline);
    if (workers.length > 0) {
      const qrels = inline.shareQrels();
      for (const w of workers) w.giveQrels(qrels);
    }
    // A run whose first lines show it is not grouped (shuffled) goes straight to the store pass:
    // the first pass would stop in its first piece, after every thread had started it.
    const shuffled = inline.scatteredAtStart(pieces[0]);
    // Bytes read by each thread in the first pass, then in the second, if any (the last two: this
    // thread's gathering, and its placing of repeats).
    const threads = runners.length;
    const done = new Array<number>(2 * threads + 2).fill(0);
    let total = shuffled ? 0 : size;
    const progress = (slot: number, d: number) => { done[slot] = d; options.onProgress?.(done.reduce((a, b) => a + b, 0), total); };
    const task = { pieces, next: counter(), stop: counter() };
    const segments = shuffled ? [] : (await inParallel(runners, (r, i) => r.segments(task, (d) => progress(i, d)))).flat().sort((a, b) => a.piece - b.piece);
    const qrels = await runners[0].qrels();
    const judged = new Set(qrels.qids);
    // A judged query met in several pieces (a query cut where a piece ends, when parallel writers
    // left the run's queries interleaved): the parts of the file that hold its lines are read again,
    // for those queries only, by this thread as a stream (a few megabytes: a store pass's set-up in
    // every thread would cost more than it saves), or, if they are too scattered for a stream, as
    // the whole run is when a piece stopped early (the run is not grouped by query): once in all,
    // the threads taking pieces in turn (readOnce).
    const whole = shuffled || segments.some((seg) => seg.scattered);
    const plan = whole ? undefined : settle(segments, judged);
    const gather = plan ? plan.gather : null;
    let gathered: QueryResult[] | undefined;
    if (plan && plan.gather.length > 0) {
      total += bytesOf(plan.spans);
      gathered = inline.gather(plan.spans, plan.gather, (d) => progress(2 * threads, d));
      if (!gathered) progress(2 * threads, bytesOf(plan.spans)); // given up: what was read counts as read, the store pass adds its own
    }
    const again: SecondPass[] = [];
    if (!plan || (plan.gather.length > 0 && !gathered)) {
      const second = plan ? plan.spans : pieces;
      // A first pass that stopped early read less than the run: the bar counts what it read.
      if (!plan) total = done.reduce((a, b) => a + b, 0);
      total += bytesOf(second);
      const pass = await readOnce(runners, second, (i, d) => progress(threads + i, d), plan?.gather);
      // The store numbers no lines (a fifth of its memory): the queries that list a docid twice are
      // read again, with their lines' numbers, to say where (a run with repeats is rare: trec_eval refuses it).
      const unplaced = pass.evaluated.filter((q) => q.unplaced).map((q) => q.qid);
      if (unplaced.length > 0) {
        total += bytesOf(second);
        const placed = new Map(inline.place(second, unplaced, (d) => progress(2 * threads + 1, d)).map((q) => [q.qid, q]));
        pass.evaluated = pass.evaluated.map((q) => placed.get(q.qid) ?? q);
      }
      again.push(pass);
    }
    const runQids = plan?.runQids ?? new Set(again.flatMap((a) => a.qids));
    const missing = qrels.qids.filter((qid) => !runQids.has(qid));
    const finished = await runners[0].finish({ missing: options.complete ? missing : [] });

    const queries = [...(plan?.evaluated ?? []), ...(gathered ?? []), ...again.flatMap((a) => a.evaluated), ...finished.evaluated].sort((a, b) => compareText(a.qid, b.qid));
    const { mean, excluded } = means(queries.map((q) => q.values), options.specs.length);
    const unjudged = new Set([...(plan?.unjudged ?? []), ...again.flatMap((a) => a.unjudged), ...finished.unjudged]);
    const marks = [qrelsMark.problem, runMark.problem].filter((p): p is TrecProblem => p !== undefined);
    const lineProblems = plan ? plan.problems : again.flatMap((a) => a.problems);
    const problems = capProblems([...marks, ...qrels.problems, ...lineProblems, ...queries.flatMap((q) => q.problems)].sort(byPlace));
    return {
      specs: options.specs, names: options.specs.map(metricName), convention: options.resolved, queries, mean, excluded, problems,
      counts: {
        qrelsQueries: qrels.qids.length, qrelsLines: qrels.lines, runQueries: runQids.size,
        runLines: plan ? plan.lines : again[0].lines, entries: plan ? plan.entries : again.reduce((n, a) => n + a.entries, 0),
        evaluated: queries.length, missing: missing.length, unjudged: unjudged.size, noRelevant: queries.filter((q) => q.relevant === 0).length,
      },
      firstMissing: missing.length > 0 ? missing.reduce((a, b) => (compareText(a, b) <= 0 ? a : b)) : undefined,
      scattered: gather === null ? runQids.size : gather.length,
      grouped: gather !== null,
    };
  } finally {
    for (const r of runners) r.close();
  }
}

/**
 * Each runner's answer to a request, in runner order. The workers are asked first: the runner of
 * this thread answers as soon as it is asked, holding the thread until it is done.
 */
function inParallel<T>(runners: SegmentRunner[], ask: (r: SegmentRunner, i: number) => Promise<T>): Promise<T[]> {
  const answers = new Array<Promise<T>>(runners.length);
  for (let i = runners.length - 1; i >= 0; i--) answers[i] = ask(runners[i], i);
  return Promise.all(answers);
}

// A counter or flag in shared memory, for Atomics in every thread.
function counter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * A second pass, once in all (a run not grouped by query, or the parts of a run holding the
 * queries `only`): each runner keeps the lines of the pieces it takes, then evaluates its share of
 * the queries from every runner's lines (shared memory, not copied). Lines are numbered from the
 * file's first: from each piece's own first line number when it has one, else counted.
 */
async function readOnce(runners: SegmentRunner[], pieces: RunPiece[], onProgress: (i: number, done: number) => void, only?: string[]): Promise<SecondPass> {
  const next = counter();
  const kept = await inParallel(runners, (r, i) => r.keep({ pieces, next, only }, (d) => onProgress(i, d)));
  const parts = kept.flatMap((k, store) => k.parts.map((part) => ({ ...part, store }))).sort((a, b) => a.piece - b.piece);
  const inFileOrder: StorePiece[] = [];
  const problems: TrecProblem[] = [];
  let lines = 0;
  for (const part of parts) {
    const first = pieces[part.piece].line;
    if (first !== undefined) lines = first - 1;
    inFileOrder.push({ store: part.store, from: part.from, to: part.to, lineOffset: lines });
    for (const p of part.problems) problems.push(shift(p, lines));
    lines += part.lines;
  }
  const task = { stores: kept.map((k) => k.logs), pieces: inFileOrder, next: counter() };
  const evaluated = await inParallel(runners, (r) => r.evaluateShares(task));
  return {
    evaluated: evaluated.flat(),
    unjudged: [...new Set(kept.flatMap((k) => k.unjudged))],
    qids: [...new Set(kept.flatMap((k) => k.qids))],
    problems, lines,
    entries: parts.reduce((n, part) => n + part.entries, 0),
  };
}

/**
 * The pieces the threads take in turn: each starts at a line start (the first at `from`) and, in a
 * run grouped by query, at a query's first line, so that a query is read by one thread, never
 * shipped between threads (one query of 300,000 documents would be copied whole, twice). Each
 * piece is a quarter of what is left per thread, down to a megabyte (less in a small run): large
 * pieces first, small ones last, so that the threads end together. One piece for one thread.
 */
export function splitRanges(path: string, size: number, jobs: number, from = 0): ByteRange[] {
  const starts = [from];
  const smallest = Math.min(SMALLEST_PIECE, Math.ceil((size - from) / (16 * jobs)));
  if (jobs > 1) {
    const fd = openSync(path, 'r');
    const window = Buffer.allocUnsafe(WINDOW);
    try {
      for (let at = from; ;) {
        const step = Math.max(smallest, Math.ceil((size - at) / (4 * jobs)));
        if (at + step >= size) break;
        const next = pieceEnd(fd, window, at + step, size);
        if (next >= size) break;
        starts.push(next);
        at = next;
      }
    } finally {
      closeSync(fd);
    }
  }
  return starts.map((start, i) => ({ start, end: i + 1 < starts.length ? starts[i + 1] : size }));
}

// Bytes read around a cut: a query of up to a few hundred lines is passed in one read.
const WINDOW = 1 << 16;
const BACK = 1 << 12;

/**
 * Where a piece reaching byte `target` ends: at the first line start after the line holding
 * `target` whose query differs from that line's (blank lines have none, and are passed), so that
 * the piece ends with a query; right after that line when it is blank, or when a line is too long
 * to look past (then the query is read by two threads and gathered).
 */
function pieceEnd(fd: number, window: Buffer, target: number, size: number): number {
  let position = Math.max(0, target - BACK);
  let read = readSync(fd, window, 0, window.length, position);
  const lineStart = window.lastIndexOf(0x0a, target - position - 1) + 1;
  let end = window.indexOf(0x0a, target - position);
  if (end < 0 || end >= read) return nextLineStartAfter(fd, window, target, size);
  if (lineStart === 0 && position > 0) return position + end + 1; // a line longer than BACK: no query to compare
  const qid = Buffer.from(window.subarray(...fieldAt(window, lineStart, end))); // a copy: the window is read into again
  if (qid.length === 0) return position + end + 1;
  for (let line = end + 1; ;) {
    end = window.indexOf(0x0a, line);
    if (end < 0 || end >= read) {
      if (line === 0) return position; // a line longer than the window: give up aligning
      position += line;
      if (position >= size) return size;
      read = readSync(fd, window, 0, window.length, position);
      line = 0;
      continue;
    }
    if (!startsWith(window, line, end, qid)) {
      const [from, to] = fieldAt(window, line, end);
      if (to > from && (to - from !== qid.length || window.compare(qid, 0, qid.length, from, to) !== 0)) return position + line;
    }
    line = end + 1;
  }
}

// Just past the line break of the line holding byte `at` (a line longer than the window), or the size.
function nextLineStartAfter(fd: number, window: Buffer, at: number, size: number): number {
  for (let position = at; position < size;) {
    const read = readSync(fd, window, 0, window.length, position);
    const i = window.subarray(0, read).indexOf(0x0a);
    if (i >= 0) return position + i + 1;
    position += read;
  }
  return size;
}

// Whether the line buffer[from, to) starts with the field `qid` (the usual line of the same query, checked without a loop of its own).
function startsWith(buffer: Buffer, from: number, to: number, qid: Buffer): boolean {
  const after = buffer[from + qid.length];
  return from + qid.length < to && (after === 32 || after === 9) && buffer.compare(qid, 0, qid.length, from, from + qid.length) === 0;
}

// The first whitespace-separated field of buffer[from, to), as [start, end) (empty for a blank line).
function fieldAt(buffer: Buffer, from: number, to: number): [number, number] {
  let i = from;
  while (i < to && (buffer[i] === 32 || (buffer[i] >= 9 && buffer[i] <= 13))) i++;
  let end = i;
  while (end < to && !(buffer[end] === 32 || (buffer[end] >= 9 && buffer[end] <= 13))) end++;
  return [i, end];
}

interface Plan {
  /** Queries evaluated inside a piece, whose lines lie nowhere else. */
  evaluated: QueryResult[];
  /** Judged queries seen in more than one piece: read again where their lines lie (spans). */
  gather: string[];
  /** The parts of the file that hold the lines of the gathered queries, in file order, each with its first line's number. */
  spans: RunPiece[];
  unjudged: string[];
  runQids: Set<string>;
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * Joins the pieces' results: numbers lines from the start of the file, and sends any judged query
 * found in several pieces to a second pass over the parts of the file where its lines lie (pieces
 * start where a query starts, so that takes queries interleaved by parallel writers, or a query
 * longer than the search for that start).
 */
function settle(segments: SegmentResult[], judged: Set<string>): Plan {
  const problems: TrecProblem[] = [];
  const places = new Map<string, number>();
  const count = (qid: string) => places.set(qid, (places.get(qid) ?? 0) + 1);
  const spansOf = new Map<string, RunPiece[]>();
  let offset = 0;
  let entries = 0;
  for (const seg of segments) {
    for (const p of seg.problems) problems.push(shift(p, offset));
    seg.evaluated.forEach((q, i) => {
      q.problems = q.problems.map((p) => shift(p, offset));
      count(q.qid);
      const span = { start: seg.spans[3 * i], end: seg.spans[3 * i + 1], line: seg.spans[3 * i + 2] + offset };
      spansOf.set(q.qid, [...(spansOf.get(q.qid) ?? []), span]);
    });
    offset += seg.lines;
    entries += seg.entries;
  }
  const unjudged = segments.flatMap((s) => s.unjudged);
  for (const qid of unjudged) count(qid);
  const gather = [...places].filter(([qid, n]) => n > 1 && judged.has(qid)).map(([qid]) => qid);
  const scattered = new Set(gather);
  return {
    evaluated: segments.flatMap((s) => s.evaluated).filter((q) => !scattered.has(q.qid)),
    gather,
    spans: joined(gather.flatMap((qid) => spansOf.get(qid) ?? [])),
    unjudged,
    runQids: new Set(places.keys()),
    problems, lines: offset, entries,
  };
}

// Spans in file order, those that overlap or touch made one (its first line's number the earliest's).
function joined(spans: RunPiece[]): RunPiece[] {
  const out: RunPiece[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start <= last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}

function shift(p: TrecProblem, offset: number): TrecProblem {
  if (p.file !== 'run' || offset === 0) return p;
  return { ...p, line: p.line + offset, related: p.related?.map((r) => (r.file === 'run' ? { ...r, line: r.line + offset } : r)) };
}

function byPlace(a: TrecProblem, b: TrecProblem): number {
  return (a.file === b.file ? 0 : a.file === 'qrels' ? -1 : 1) || a.line - b.line || a.start - b.start;
}
