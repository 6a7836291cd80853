/**
 * Evaluates TREC run queries against the qrels, one instance per thread: in-process for small runs,
 * inside each worker for large ones. A segment of the run is read in a stream and each query is
 * evaluated as soon as the next one starts, so memory holds one query's lines at a time.
 */
import { statSync } from 'node:fs';
import { Convention } from '../shared/core/conventions';
import { MetricSpec } from '../shared/core/metricNames';
import { metricValue } from '../shared/core/metrics/dispatch';
import { metricScratch } from '../shared/core/metrics/metricScratch';
import { relString } from '../shared/core/relString';
import { judgedOnly, truncated } from '../shared/core/rankViews';
import { TrecProblem } from '../shared/trec/problems';
import { QrelsReader } from '../shared/trec/qrels';
import { QrelsTable, SharedQrels } from '../shared/trec/qrelsTable';
import { QuerySpan } from '../shared/trec/openQueries';
import { RunBlock, RunQuery, RunReader, RunReaderOptions, duplicateProblems, primeRunReader, runQuery } from '../shared/trec/run';
import { BlockColumns } from '../shared/trec/runBlock';
import { Log, StorePiece, handOverShares } from '../shared/trec/runStore';
import { rankRunBlock } from '../shared/trec/trecRanking';
import { hashBytes } from '../shared/trec/byteInterner';
import { ByteRange, readByteChunks } from './readChunks';

export interface TrecSetup {
  qrelsPath: string;
  runPath: string;
  /** Bytes to skip at the start of each file (a byte-order mark the convention skips). */
  qrelsFrom: number;
  runFrom: number;
  /** Read the files as trec_eval reads them (grades by atol, scores by atof, its comment rules) and rank NaN scores as its qsort does. */
  asTrecEval: boolean;
  specs: MetricSpec[];
  convention: Convention;
  /** trec_eval -M: only the first maxRank ranked documents of each query count. */
  maxRank?: number;
  /** trec_eval -J: unjudged documents are removed from each ranking before any measure. */
  judgedOnly?: boolean;
  /** trec_eval's relstring: the grades of the first this many documents, as text. */
  relstring?: number;
  /**
   * How a judged query missing from the run is scored (--complete): as an empty ranking (default),
   * or as trec_eval -c does, a ranking of one unjudged document whose values at these spec indices
   * (and relstring, when resetRelstring) are then cleared.
   */
  missingAsTrecEval?: { reset: number[]; resetRelstring: boolean };
}

export interface QueryResult {
  qid: string;
  /** One value per spec; NaN when the convention leaves the query out. */
  values: number[];
  /** Relevant documents the query has (in the convention's pool). */
  relevant: number;
  problems: TrecProblem[];
  /** With TrecSetup.relstring: trec_eval's relstring of the query. */
  relstring?: string;
  /**
   * It lists a docid twice, but came from a store pass, which numbers no lines: its problem is
   * left for a pass that reads it again with its lines' numbers (place).
   */
  unplaced?: boolean;
}

/**
 * Pieces of the run (byte ranges from line starts, in file order) that the threads take in turn
 * from a shared counter, so that none sits idle while another has work left.
 */
export interface PiecesTask {
  pieces: RunPiece[];
  /** The counter the threads take pieces from (Atomics), in shared memory. */
  next: Int32Array;
}

/** A piece of the run: a byte range from a line start to a line start (or the end). */
export interface RunPiece extends ByteRange {
  /** The number of its first line in the file, when known (the pieces of a second pass over parts of the run). */
  line?: number;
}

/** A second pass over pieces of the run (see PiecesTask) that keeps the lines of some queries only. */
export interface KeepTask extends PiecesTask {
  /** The queries whose lines are kept (the others are skipped); all judged queries when absent. */
  only?: string[];
}

export interface SegmentTask extends PiecesTask {
  /** Set (Atomics) by the thread that finds the run not grouped by query, so that the others stop too. */
  stop: Int32Array;
}

/**
 * What one piece of the run gives; run lines are numbered from the piece's first line. A query
 * whose lines go on in another piece is evaluated in each, and read again whole (see trecRun).
 */
export interface SegmentResult {
  /** Its index among the pieces. */
  piece: number;
  /** A line came of a query already handed over (see OpenQueries): reading stopped, and the rest of this result is empty. */
  scattered: boolean;
  evaluated: QueryResult[];
  /** Per evaluated query, where its lines lie: its first line's start and its last line's end in the file, and its first line's number in the piece. */
  spans: number[];
  /** Queries of the run that the qrels do not judge (ignored, as trec_eval does). */
  unjudged: string[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/** What a second pass gives (trecRun's readOnce: keep, then evaluateShares). */
export interface SecondPass {
  evaluated: QueryResult[];
  unjudged: string[];
  /** The queries read. */
  qids: string[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * A second pass, once in all, over a run whose lines are not grouped by query, or over the parts
 * of a run that hold the queries met in several pieces: each thread keeps the lines of the pieces
 * it takes in a store in shared memory (keep), then evaluates its share of the queries from every
 * thread's store (evaluateShares).
 */
export interface KeepResult {
  /** The store's logs. */
  logs: Log[];
  /** The pieces kept, in the order taken. */
  parts: KeptPart[];
  unjudged: string[];
  qids: string[];
}

/** A piece of the run kept in a store: where its lines are there (StorePiece) and what reading it found. */
export interface KeptPart {
  piece: number;
  from: Int32Array;
  to: Int32Array;
  /** Lines numbered from the piece's first line. */
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

export interface SharesTask {
  /** Every thread's store (its logs). */
  stores: Log[][];
  /** Every piece of the run, in file order. */
  pieces: StorePiece[];
  /** The counter the threads take logs from (see handOverShares), in shared memory. */
  next: Int32Array;
}

/** What is left once every segment is read. */
export interface FinishTask {
  /** Judged queries with no run line, scored as empty rankings (--complete). */
  missing: string[];
}

export interface FinishResult {
  evaluated: QueryResult[];
  unjudged: string[];
}

export type Progress = (done: number, total: number) => void;

export class TrecEvaluator {
  qrels: QrelsTable;
  /** The metrics' buffers and one-query memos, for the queries this evaluator measures one after another. */
  private readonly metrics = metricScratch();

  /** Reads the qrels, unless given them (read by another thread: see shareQrels). */
  constructor(private setup: TrecSetup, qrels?: SharedQrels) {
    if (qrels) { this.qrels = QrelsTable.fromShared(qrels); return; }
    const end = statSync(setup.qrelsPath).size;
    // In shared memory from the start: the table is then shared with worker threads as it is.
    const reader = new QrelsReader({ duplicateSeverity: setup.convention.duplicates === 'error' ? 'error' : 'warning', asTrecEval: setup.asTrecEval,
      size: end - setup.qrelsFrom, shared: true });
    readByteChunks(setup.qrelsPath, (bytes, to) => reader.feed(bytes, 0, to), undefined, { start: setup.qrelsFrom, end });
    this.qrels = reader.end();
  }

  /** The qrels moved to shared memory, for other threads' evaluators (one copy in all). */
  shareQrels(): SharedQrels {
    const shared = this.qrels.shared();
    this.qrels = QrelsTable.fromShared(shared);
    return shared;
  }

  /**
   * Reads pieces of the run in turn, evaluating each query as soon as the next one starts, until
   * none is left or a piece turns out not grouped by query (then every thread stops).
   */
  segments(task: SegmentTask, onProgress?: Progress): SegmentResult[] {
    const results: SegmentResult[] = [];
    const going = () => Atomics.load(task.stop, 0) === 0;
    const total = bytesOf(task.pieces);
    let done = 0;
    let evaluated: QueryResult[] = [];
    let spans: number[] = [];
    // One reader for every piece this thread takes (restarted for each): a reader costs its tables and blocks to make.
    const reader = this.reader((b, at) => { evaluated.push(this.evaluateBlock(b)); spans.push(at!.start, at!.end, at!.line); }, {});
    // Both threads warm up at once on two cores, so V8's background compiler has no core of its own:
    // every branch first met after the line reader was optimized (a new query, a signed score, an
    // unjudged query) cost a deoptimization and a slow stretch before it was compiled again.
    primeRunReader(this.setup.asTrecEval);
    for (let piece = Atomics.add(task.next, 0, 1); piece < task.pieces.length && going(); piece = Atomics.add(task.next, 0, 1)) {
      const range = task.pieces[piece];
      evaluated = [];
      spans = [];
      reader.restart();
      readByteChunks(this.setup.runPath, (bytes, end, offset) => reader.feed(bytes, 0, end, offset) && going(), onProgress && ((d) => onProgress(done + d, total)), range);
      done += range.end - range.start;
      const { problems, lines, entries, qids } = reader.end();
      if (reader.scattered) {
        Atomics.store(task.stop, 0, 1);
        results.push({ piece, scattered: true, evaluated: [], spans: [], unjudged: [], problems: [], lines: 0, entries: 0 });
        break;
      }
      results.push({ piece, scattered: false, evaluated, spans, unjudged: this.unjudged(qids), problems, lines, entries });
    }
    return results;
  }

  /**
   * Whether the first chunk of `range` (256 kB of whole lines) already shows the run is not grouped
   * by query: a judged query back after more than the reader's window of others. A first pass over
   * pieces would stop at the same line of the piece `range`, so it can be skipped.
   */
  scatteredAtStart(range: ByteRange): boolean {
    const reader = this.reader(() => {}, {});
    readByteChunks(this.setup.runPath, (chunk, end, offset) => { reader.feed(chunk, 0, end, offset); return false; }, undefined, range);
    return reader.scattered;
  }

  /**
   * Reads the parts of the run `spans` (in file order, each with its first line's number) again in
   * this thread as one stream, evaluating the queries `only` (queries cut where a piece ended). The
   * streaming reader is the one the pieces ran, so it is already compiled, where a store pass would
   * start cold in every thread. Undefined if one of those queries comes back after more than the
   * reader's window of others (then they need a store pass: see keep).
   */
  gather(spans: RunPiece[], only: string[], onProgress?: Progress): QueryResult[] | undefined {
    return this.readAgain(spans, only, 'stream', onProgress);
  }

  /** Keeps the lines (of judged queries, or of task.only) of the pieces it takes in shared memory: see KeepResult. */
  keep(task: KeepTask, onProgress?: Progress): KeepResult {
    const only = task.only && new Set(task.only);
    // No line numbers: they take a fifth of the store, and only a query that lists a docid twice needs them (see place).
    const reader = this.reader(() => {}, { mode: 'store', lineNumbers: false, storeNumber: (qid) => this.qrels.queryIndex(qid), accept: only ? (qid) => only.has(qid) : undefined });
    const parts: KeptPart[] = [];
    const total = bytesOf(task.pieces);
    let done = 0;
    for (let piece = Atomics.add(task.next, 0, 1); piece < task.pieces.length; piece = Atomics.add(task.next, 0, 1)) {
      const range = task.pieces[piece];
      const from = reader.store.marks();
      readByteChunks(this.setup.runPath, (bytes, end) => reader.feed(bytes, 0, end), onProgress && ((d) => onProgress(done + d, total)), range);
      done += range.end - range.start;
      parts.push({ piece, from, to: reader.store.marks(), ...reader.part() });
    }
    const { qids } = reader.end();
    return { logs: reader.store.logs, parts, unjudged: this.unjudged(qids), qids };
  }

  /**
   * Reads the parts of the run `spans` (in file order, each numbered from its first line's number
   * when it has one, else on from the last) again in this thread, keeping the lines of the queries
   * `only` with their numbers, and evaluates those queries: for the queries a store pass evaluated
   * without placing their repeated docids (QueryResult.unplaced), rare as a run with repeats is.
   */
  place(spans: RunPiece[], only: string[], onProgress?: Progress): QueryResult[] {
    return this.readAgain(spans, only, 'collect', onProgress)!; // a reader that collects never stops
  }

  // Reads `spans` (each numbered from its first line's number when it has one, else on from the
  // last) in this thread, evaluating the queries `only`: as a stream (undefined once one of them
  // comes back after the reader's window: see gather), or collected whole (see place).
  private readAgain(spans: RunPiece[], only: string[], mode: 'stream' | 'collect', onProgress?: Progress): QueryResult[] | undefined {
    const wanted = new Set(only);
    const evaluated: QueryResult[] = [];
    const reader = this.reader((b) => evaluated.push(this.evaluateBlock(b)), { mode, accept: (qid) => wanted.has(qid) });
    const total = bytesOf(spans);
    let done = 0;
    for (const span of spans) {
      if (span.line !== undefined) reader.continueAt(span.line);
      readByteChunks(this.setup.runPath, (bytes, end, offset) => reader.feed(bytes, 0, end, offset), onProgress && ((d) => onProgress(done + d, total)), span);
      if (reader.scattered) return undefined;
      done += span.end - span.start;
    }
    reader.end();
    return evaluated;
  }

  /** Evaluates this thread's share of the queries kept by every thread: see SharesTask. */
  evaluateShares(task: SharesTask): QueryResult[] {
    const evaluated: QueryResult[] = [];
    handOverShares(task.stores, task.pieces, task.next, new BlockColumns(), (q) => this.qrels.qids[q], (b) => evaluated.push(this.evaluateBlock(b)));
    return evaluated;
  }

  /** Evaluates the missing queries. */
  finish(task: FinishTask): FinishResult {
    return { evaluated: task.missing.map((qid) => this.evaluateMissing(qid)), unjudged: [] };
  }

  // A run reader that keeps the lines of judged queries only.
  private reader(onQuery: (b: RunBlock, span?: QuerySpan) => void, options: Omit<RunReaderOptions, 'asTrecEval' | 'keep'>): RunReader {
    return new RunReader(onQuery, { ...options, asTrecEval: this.setup.asTrecEval, keep: (qid) => this.qrels.queryIndex(qid) >= 0 });
  }

  private unjudged(qids: string[]): string[] {
    return qids.filter((qid) => this.qrels.queryIndex(qid) < 0);
  }

  /** A judged query with no run line, scored under --complete. */
  private evaluateMissing(qid: string): QueryResult {
    const bogus = this.setup.missingAsTrecEval;
    if (!bogus) return this.evaluate({ qid, predictions: [], lines: [] });
    // trec_eval -c ranks one made-up document, then clears what it would count (num_ret, utility, …).
    const result = this.evaluate({ qid, predictions: [{ id: 'ceci_nest_pas_un_docno', score: 1 }], lines: [] });
    for (const j of bogus.reset) result.values[j] = 0;
    if (bogus.resetRelstring && result.relstring !== undefined) result.relstring = '';
    return result;
  }

  /** One query given as strings (a missing query, a test): as a block of its bytes. */
  evaluate(q: RunQuery): QueryResult {
    const block = new BlockColumns();
    block.reset(q.qid, q.predictions.length);
    q.predictions.forEach((p, i) => {
      const id = Buffer.from(p.id, 'latin1');
      block.push(id, 0, id.length, hashBytes(id, 0, id.length), p.score ?? NaN, q.lines[i] ?? 0);
    });
    return this.evaluateBlock(block);
  }

  /** One query's block through the core: rank under the convention, then every spec. */
  private evaluateBlock(b: RunBlock): QueryResult {
    const { specs, convention } = this.setup;
    // Transient: the ranking is read here and dropped, so its arrays are lent, not allocated per query.
    let rc = rankRunBlock(b, this.qrels, this.qrels.queryIndex(b.qid), convention, this.setup.asTrecEval, true);
    if (this.setup.maxRank !== undefined) rc = truncated(rc, this.setup.maxRank);
    if (this.setup.judgedOnly) rc = judgedOnly(rc);
    const values = specs.map((s) => metricValue(rc, s, convention, this.metrics));
    // A block of a store that numbers no lines has none: its repeats are placed later (see place).
    const unplaced = rc.duplicates > 0 && b.lines.length < b.count;
    return { qid: b.qid, values, relevant: rc.nRelevant, problems: rc.duplicates > 0 && !unplaced ? duplicateProblems(runQuery(b), convention) : [],
      ...(this.setup.relstring !== undefined ? { relstring: relString(rc, this.setup.relstring) } : {}), ...(unplaced ? { unplaced } : {}) };
  }
}

/** The bytes the pieces cover together. */
export function bytesOf(pieces: ByteRange[]): number {
  return pieces.reduce((n, p) => n + p.end - p.start, 0);
}
