/**
 * What each pass over the run is given and gives back: plain data, so that it can be posted to a
 * worker thread (its shared memory shared, not copied). The passes, in order, are listed in
 * evaluateTrec.ts; TrecEvaluator runs them in one thread.
 */
import { Convention } from '../../core/conventions';
import { MetricSpec } from '../../core/metricNames';
import { TrecProblem } from '../read/problems';
import { Log, StorePiece } from '../store/runStore';
import { ByteRange } from './trecFiles';

/** What every thread's evaluator is made with: the files and how to read and evaluate them. */
export interface TrecSetup {
  qrelsPath: string;
  runPath: string;
  /** Bytes to skip at the start of each file (a byte-order mark the convention skips). */
  qrelsFrom: number;
  runFrom: number;
  /** A header line to skip (see ../read/fileShape.ts): the qrels' by its number, the run's by its offset in the file. */
  qrelsHeader?: number;
  runHeaderAt?: number;
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

/** One evaluated query: a value per spec, and the problems found in its lines. */
export interface QueryResult {
  qid: string;
  /** One value per spec; NaN when the convention leaves the query out. */
  values: number[];
  /** Relevant documents the query has (in the convention's pool). */
  relevant: number;
  /** Run lines the query has, and how many of them name a judged document (a grade ≥ 0): whether the ids meet (see idsMeet.ts). */
  retrieved: number;
  judged: number;
  /** When none of its documents is judged: its first docids, in file order (up to SAMPLE_IDS), to say how the ids differ. */
  sampleDocids?: string[];
  problems: TrecProblem[];
  /** With TrecSetup.relstring: trec_eval's relstring of the query. */
  relstring?: string;
  /**
   * It lists a docid twice, but came from the store pass, which numbers no lines: its problem is
   * left for a pass that reads it again with its lines' numbers (placeRepeatedDocids).
   */
  unplaced?: boolean;
}

/** A piece of the run: a byte range from a line start to a line start (or the end). */
export interface RunPiece extends ByteRange {
  /** The number of its first line in the file, when known (the pieces of a pass over parts of the run). */
  line?: number;
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

/** The stream pass (streamPieces): every piece of the run, each read as a stream. */
export interface StreamPiecesTask extends PiecesTask {
  /** Set (Atomics) by the thread that finds the run not grouped by query, so that the others stop too. */
  stop: Int32Array;
}

/**
 * What the stream pass gives for one piece of the run; run lines are numbered from the piece's
 * first line. A query whose lines go on in another piece is evaluated in each, and read again
 * whole (rereadCutQueries).
 */
export interface StreamedPiece {
  /** Its index among the pieces. */
  piece: number;
  /** A line came of a query already handed over (see OpenQueries): reading stopped, and the rest of this result is empty. */
  scattered: boolean;
  evaluated: QueryResult[];
  /**
   * Per evaluated query, where its lines lie: its first line's start and its last line's end in the
   * file, and its first line's number in the piece.
   */
  spans: number[];
  /** Queries of the run that the qrels do not judge (ignored, as trec_eval does). */
  unjudged: string[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * The store pass (storePieces), over a run whose lines are not grouped by query, or over the parts
 * of a run that hold the queries cut too often for a stream: each thread keeps the lines of the
 * pieces it takes in a store in shared memory.
 */
export interface StorePiecesTask extends PiecesTask {
  /** The queries whose lines are kept (the others are skipped); all judged queries when absent. */
  only?: string[];
}

/** What the store pass gives in one thread: its store, then evaluated share by share (evaluateStoredShare). */
export interface StoredPieces {
  /** The store's logs. */
  logs: Log[];
  /** The pieces stored, in the order taken. */
  parts: StoredPart[];
  unjudged: string[];
  qids: string[];
}

/** A piece of the run kept in a store: where its lines are there (StorePiece) and what reading it found. */
export interface StoredPart {
  piece: number;
  from: Int32Array;
  to: Int32Array;
  /** Lines numbered from the piece's first line. */
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/** The evaluation of the stores (evaluateStoredShare): each thread takes its share of the queries of every thread's store. */
export interface StoredShareTask {
  /** Every thread's store (its logs). */
  stores: Log[][];
  /** Every piece of the run, in file order. */
  pieces: StorePiece[];
  /** The counter the threads take logs from (see handOverShares), in shared memory. */
  next: Int32Array;
}

/** The judged queries with no line in the run (evaluateMissing). */
export interface MissingTask {
  /** Judged queries with no run line, scored as empty rankings (--complete). */
  missing: string[];
}

/** What evaluateMissing gives: the missing queries evaluated. */
export interface MissingResult {
  evaluated: QueryResult[];
  unjudged: string[];
}

/** What the orchestration needs from the qrels: which queries they judge and what was wrong. */
export interface QrelsInfo {
  qids: string[];
  problems: TrecProblem[];
  lines: number;
}

/** Bytes read so far, of how many. */
export type Progress = (done: number, total: number) => void;

/** The bytes the pieces cover together. */
export function bytesOf(pieces: ByteRange[]): number {
  return pieces.reduce((n, p) => n + p.end - p.start, 0);
}
