/**
 * Evaluates TREC run queries against the qrels, one instance per thread: in-process for small runs,
 * inside each worker for large ones. Each pass of evaluateTrec.ts is a method here. In the stream
 * pass each query is evaluated as soon as the next one starts, so memory holds one query's lines at
 * a time.
 */
import { metricValue } from '../../core/metrics/dispatch';
import { MetricSpec } from '../../core/metricNames';
import { relString } from '../../core/relString';
import { judgedOnly, truncated } from '../../core/rankViews';
import { hashBytes } from '../../core/hash';
import { latin1, latin1Bytes } from '../read/byteText';
import { QrelsReader } from '../read/qrelsReader';
import { QrelsTable, SharedQrels } from '../read/qrelsTable';
import { QuerySpan } from '../read/openQueries';
import { RunBlock, RunQuery, RunReader, RunReaderOptions, duplicateProblems, primeRunReader, runQuery } from '../read/runReader';
import { BlockColumns } from '../store/runBlock';
import { handOverShares } from '../store/runStore';
import {
  MissingResult,
  MissingTask,
  Progress,
  QrelsInfo,
  QueryResult,
  RunPiece,
  StorePiecesTask,
  StoredPart,
  StoredPieces,
  StoredShareTask,
  StreamPiecesTask,
  StreamedPiece,
  TrecSetup,
  bytesOf,
} from './passes';
import { ByteRange, TrecFiles } from './trecFiles';
import { RankingScratch, rankRunBlock, rankingScratch } from './trecRanking';
import { RankedCase } from '../../core/ranking';

/** One thread's evaluator: the qrels it reads or is given, and the passes it runs over pieces of the run. */
export class TrecEvaluator {
  qrels: QrelsTable;
  // This evaluator's own: every query it ranks uses it (see RankingScratch).
  private scratch: RankingScratch = rankingScratch();

  /** Reads the qrels from `files`, unless given them (read by another thread: see shareQrels). */
  constructor(
    private setup: TrecSetup,
    private files: TrecFiles,
    qrels?: SharedQrels,
  ) {
    if (qrels) {
      this.qrels = QrelsTable.fromShared(qrels);
      return;
    }
    const end = files.size(setup.qrelsPath);
    // In shared memory from the start: the table is then shared with worker threads as it is.
    const reader = new QrelsReader({
      duplicateSeverity: setup.convention.duplicates === 'error' ? 'error' : 'warning',
      asTrecEval: setup.asTrecEval,
      size: end - setup.qrelsFrom,
      shared: true,
      headerLine: setup.qrelsHeader,
    });
    files.readByteChunks(setup.qrelsPath, (bytes, to) => reader.feed(bytes, 0, to), undefined, { start: setup.qrelsFrom, end });
    this.qrels = reader.end();
  }

  /** The qrels moved to shared memory, for other threads' evaluators (one copy in all). */
  shareQrels(): SharedQrels {
    const shared = this.qrels.shared();
    this.qrels = QrelsTable.fromShared(shared);
    return shared;
  }

  /** What the orchestration needs of the qrels. */
  qrelsInfo(): QrelsInfo {
    return { qids: this.qrels.qids, problems: this.qrels.problems, lines: this.qrels.lines };
  }

  /**
   * The stream pass: reads pieces of the run in turn, evaluating each query as soon as the next one
   * starts, until none is left or a piece turns out not grouped by query (then every thread stops).
   */
  streamPieces(task: StreamPiecesTask, onProgress?: Progress): StreamedPiece[] {
    const results: StreamedPiece[] = [];
    const going = () => Atomics.load(task.stop, 0) === 0;
    const total = bytesOf(task.pieces);
    let done = 0;
    let evaluated: QueryResult[] = [];
    let spans: number[] = [];
    // One reader for every piece this thread takes (restarted for each): a reader costs its tables and blocks to make.
    const reader = this.reader((b, at) => {
      evaluated.push(this.evaluateBlock(b));
      spans.push(at!.start, at!.end, at!.line);
    }, {});
    // Both threads warm up at once on two cores, so V8's background compiler has no core of its own:
    // every branch first met after the line reader was optimized (a new query, a signed score, an
    // unjudged query) cost a deoptimization and a slow stretch before it was compiled again.
    primeRunReader(this.setup.asTrecEval);
    for (let piece = Atomics.add(task.next, 0, 1); piece < task.pieces.length && going(); piece = Atomics.add(task.next, 0, 1)) {
      const range = task.pieces[piece];
      evaluated = [];
      spans = [];
      reader.restart();
      this.files.readByteChunks(
        this.setup.runPath,
        (bytes, end, offset) => reader.feed(bytes, 0, end, offset) && going(),
        onProgress && ((d) => onProgress(done + d, total)),
        range,
      );
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
   * by query: a judged query back after more than the reader's window of others. The stream pass
   * would stop at the same line of the piece `range`, so it can be skipped.
   */
  notGroupedAtStart(range: ByteRange): boolean {
    const reader = this.reader(() => {}, {});
    this.files.readByteChunks(
      this.setup.runPath,
      (chunk, end, offset) => {
        reader.feed(chunk, 0, end, offset);
        return false;
      },
      undefined,
      range,
    );
    return reader.scattered;
  }

  /**
   * The pass over queries cut by a piece boundary: reads the parts of the run `spans` (in file
   * order, each with its first line's number) again in this thread as one stream, evaluating the
   * queries `only`. The streaming reader is the one the pieces ran, so it is already compiled, where
   * a store pass would start cold in every thread. Undefined if one of those queries comes back
   * after more than the reader's window of others (then they need the store pass: see storePieces).
   */
  rereadCutQueries(spans: RunPiece[], only: string[], onProgress?: Progress): QueryResult[] | undefined {
    return this.readAgain(spans, only, 'stream', onProgress);
  }

  /**
   * The store pass: keeps the lines (of judged queries, or of task.only) of the pieces it takes in
   * shared memory, for evaluateStoredShare: see StoredPieces.
   */
  storePieces(task: StorePiecesTask, onProgress?: Progress): StoredPieces {
    const only = task.only && new Set(task.only);
    // No line numbers: they take a fifth of the store, and only a query that lists a docid twice needs them (see placeRepeatedDocids).
    const reader = this.reader(() => {}, {
      mode: 'store',
      lineNumbers: false,
      storeNumber: (qid) => this.qrels.queryIndex(qid),
      accept: only ? (qid) => only.has(qid) : undefined,
    });
    const parts: StoredPart[] = [];
    const total = bytesOf(task.pieces);
    let done = 0;
    for (let piece = Atomics.add(task.next, 0, 1); piece < task.pieces.length; piece = Atomics.add(task.next, 0, 1)) {
      const range = task.pieces[piece];
      const from = reader.store.marks();
      this.files.readByteChunks(
        this.setup.runPath,
        (bytes, end, offset) => reader.feed(bytes, 0, end, offset),
        onProgress && ((d) => onProgress(done + d, total)),
        range,
      );
      done += range.end - range.start;
      parts.push({ piece, from, to: reader.store.marks(), ...reader.part() });
    }
    const { qids } = reader.end();
    return { logs: reader.store.logs, parts, unjudged: this.unjudged(qids), qids };
  }

  /**
   * The pass that places repeated docids: reads the parts of the run `spans` (in file order, each
   * numbered from its first line's number when it has one, else on from the last) again in this
   * thread, keeping the lines of the queries `only` with their numbers, and evaluates those queries:
   * the queries the store pass evaluated without placing their repeated docids
   * (QueryResult.unplaced), rare as a run with repeats is.
   */
  placeRepeatedDocids(spans: RunPiece[], only: string[], onProgress?: Progress): QueryResult[] {
    return this.readAgain(spans, only, 'collect', onProgress)!; // a reader that collects never stops
  }

  // Reads `spans` (each numbered from its first line's number when it has one, else on from the
  // last) in this thread, evaluating the queries `only`: as a stream (undefined once one of them
  // comes back after the reader's window: see rereadCutQueries), or collected whole (see placeRepeatedDocids).
  private readAgain(spans: RunPiece[], only: string[], mode: 'stream' | 'collect', onProgress?: Progress): QueryResult[] | undefined {
    const wanted = new Set(only);
    const evaluated: QueryResult[] = [];
    const reader = this.reader((b) => evaluated.push(this.evaluateBlock(b)), { mode, accept: (qid) => wanted.has(qid) });
    const total = bytesOf(spans);
    let done = 0;
    for (const span of spans) {
      if (span.line !== undefined) reader.continueAt(span.line);
      this.files.readByteChunks(
        this.setup.runPath,
        (bytes, end, offset) => reader.feed(bytes, 0, end, offset),
        onProgress && ((d) => onProgress(done + d, total)),
        span,
      );
      if (reader.scattered) return undefined;
      done += span.end - span.start;
    }
    reader.end();
    return evaluated;
  }

  /**
   * The queries `only` ranked again, each as evaluateBlock ranks it (-M and -J applied) into a
   * ranking of its own: read from `spans` (in file order), collected whole wherever their lines lie.
   * For a diff's explanations of a few queries.
   */
  rankAgain(spans: RunPiece[], only: readonly string[]): Map<string, RankedCase> {
    const wanted = new Set(only);
    const ranked = new Map<string, RankedCase>();
    const reader = this.reader(
      (b) => {
        let rc = rankRunBlock(b, this.qrels, this.qrels.queryIndex(b.qid), this.setup.convention, this.setup.asTrecEval, this.scratch);
        if (this.setup.maxRank !== undefined) rc = truncated(rc, this.setup.maxRank);
        if (this.setup.judgedOnly) rc = judgedOnly(rc);
        ranked.set(b.qid, rc);
      },
      { mode: 'collect', accept: (qid) => wanted.has(qid) },
    );
    for (const span of spans) {
      if (span.line !== undefined) reader.continueAt(span.line);
      this.files.readByteChunks(this.setup.runPath, (bytes, end, offset) => reader.feed(bytes, 0, end, offset), undefined, span);
    }
    reader.end();
    return ranked;
  }

  /** After the store pass: evaluates this thread's share of the queries stored by every thread (see StoredShareTask). */
  evaluateStoredShare(task: StoredShareTask): QueryResult[] {
    const evaluated: QueryResult[] = [];
    handOverShares(
      task.stores,
      task.pieces,
      task.next,
      new BlockColumns(),
      (q) => this.qrels.qids[q],
      (b) => evaluated.push(this.evaluateBlock(b)),
    );
    return evaluated;
  }

  /**
   * Per query, its first judgement's line and up to `max` of its judged docids (byte strings), in
   * file order: to place a query missing from the run, and to show how the ids differ.
   */
  judgements(qids: readonly string[], max: number): { line: number; docids: string[] }[] {
    return qids.map((qid) => {
      const q = this.qrels.query(qid);
      return q ? { line: q.lines.reduce((a, b) => Math.min(a, b)), docids: q.ids.slice(0, max) } : { line: 0, docids: [] };
    });
  }

  /** The last pass: evaluates the judged queries missing from the run (--complete). */
  evaluateMissing(task: MissingTask): MissingResult {
    return { evaluated: task.missing.map((qid) => this.missingQuery(qid)), unjudged: [] };
  }

  // A run reader that keeps the lines of judged queries only.
  private reader(onQuery: (b: RunBlock, span?: QuerySpan) => void, options: Omit<RunReaderOptions, 'asTrecEval' | 'keep'>): RunReader {
    return new RunReader(onQuery, {
      ...options,
      asTrecEval: this.setup.asTrecEval,
      keep: (qid) => this.qrels.queryIndex(qid) >= 0,
      headerAt: this.setup.runHeaderAt,
    });
  }

  private unjudged(qids: string[]): string[] {
    return qids.filter((qid) => this.qrels.queryIndex(qid) < 0);
  }

  /** A judged query with no run line, scored under --complete. */
  private missingQuery(qid: string): QueryResult {
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
      const id = latin1Bytes(p.id);
      block.push(id, 0, id.length, hashBytes(id, 0, id.length), p.score ?? NaN, q.lines[i] ?? 0);
    });
    return this.evaluateBlock(block);
  }

  private annotatedSpecs: MetricSpec[] | undefined;

  /**
   * The setup's specs, Hole@k's given every docid of the qrels (BEIR's annotated corpus: a docid judged
   * for any query is no hole), made once per evaluator.
   */
  private specs(): readonly MetricSpec[] {
    const specs = this.setup.specs;
    if (!specs.some((s) => s.family === 'Hole')) return specs;
    if (!this.annotatedSpecs) {
      const annotated = new Set<string>();
      for (const qid of this.qrels.qids) for (const id of this.qrels.query(qid)?.ids ?? []) annotated.add(id);
      this.annotatedSpecs = specs.map((s) => (s.family === 'Hole' ? { ...s, annotated } : s));
    }
    return this.annotatedSpecs;
  }

  /** One query's block through the core: rank under the convention, then every spec. */
  private evaluateBlock(b: RunBlock): QueryResult {
    const { convention } = this.setup;
    const specs = this.specs();
    // In scratch: the ranking is read here and dropped, so its arrays are the scratch's, not allocated per query.
    let rc = rankRunBlock(b, this.qrels, this.qrels.queryIndex(b.qid), convention, this.setup.asTrecEval, this.scratch, true);
    // Counted before -M and -J cut the ranking; a refused ranking (a docid twice) is not counted.
    let judged = 0;
    for (let r = 0; r < rc.count; r++) judged += rc.judged[r];
    if (rc.rejected) judged = b.count;
    if (this.setup.maxRank !== undefined) rc = truncated(rc, this.setup.maxRank);
    if (this.setup.judgedOnly) rc = judgedOnly(rc);
    const values = specs.map((s) => metricValue(rc, s, convention, this.scratch.ranking));
    // A block of a store that numbers no lines has none: its repeats are placed later (see placeRepeatedDocids).
    const unplaced = rc.duplicates > 0 && b.lines.length < b.count;
    return {
      qid: b.qid,
      values,
      relevant: rc.nRelevant,
      retrieved: b.count,
      judged,
      ...(judged === 0 && b.count > 0 ? { sampleDocids: firstDocids(b) } : {}),
      problems: rc.duplicates > 0 && !unplaced ? duplicateProblems(runQuery(b), convention) : [],
      ...(this.setup.relstring !== undefined ? { relstring: relString(rc, this.setup.relstring) } : {}),
      ...(unplaced ? { unplaced } : {}),
    };
  }
}

/** How many docids of a query none of whose documents is judged are kept, to say how the run's ids differ from the qrels'. */
export const SAMPLE_IDS = 10;

// A block's first docids (its lines' order), as byte strings.
function firstDocids(b: RunBlock): string[] {
  const n = Math.min(b.count, SAMPLE_IDS);
  const text = latin1(b.bytes, 0, b.docEnd[n - 1]);
  return Array.from({ length: n }, (_, i) => text.slice(i === 0 ? 0 : b.docEnd[i - 1], b.docEnd[i]));
}
