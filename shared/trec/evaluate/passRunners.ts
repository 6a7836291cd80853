/**
 * A TrecEvaluator behind one interface, in this thread (InlineRunner) or in a worker thread (the
 * platform's: ../node/trecWorker.ts), so that the passes of a large run are read by several cores at
 * once.
 */
import { SharedQrels } from '../read/qrelsTable';
import {
  MissingResult,
  MissingTask,
  Progress,
  QrelsInfo,
  QueryResult,
  RunPiece,
  StorePiecesTask,
  StoredPieces,
  StoredShareTask,
  StreamPiecesTask,
  StreamedPiece,
  TrecSetup,
} from './passes';
import { TrecEvaluator } from './trecEvaluator';
import { ByteRange, TrecFiles } from './trecFiles';

/** The passes every thread runs (see TrecEvaluator), one request at a time. */
export interface PassRunner {
  streamPieces(task: StreamPiecesTask, onProgress: Progress): Promise<StreamedPiece[]>;
  qrels(): Promise<QrelsInfo>;
  storePieces(task: StorePiecesTask, onProgress: Progress): Promise<StoredPieces>;
  evaluateStoredShare(task: StoredShareTask): Promise<QueryResult[]>;
  evaluateMissing(task: MissingTask): Promise<MissingResult>;
  close(): void;
}

/** A runner in another thread: it reads no qrels, but is given those this thread read, before any request. */
export interface WorkerPassRunner extends PassRunner {
  giveQrels(qrels: SharedQrels): void;
}

/** Evaluates in this thread; it also runs the passes only this thread runs (the qrels are read here). */
export class InlineRunner implements PassRunner {
  private evaluator: TrecEvaluator;
  constructor(setup: TrecSetup, files: TrecFiles) {
    this.evaluator = new TrecEvaluator(setup, files);
  }
  /** The qrels this thread read, in shared memory, for the workers' evaluators. */
  shareQrels(): SharedQrels {
    return this.evaluator.shareQrels();
  }
  async streamPieces(task: StreamPiecesTask, onProgress: Progress): Promise<StreamedPiece[]> {
    return this.evaluator.streamPieces(task, onProgress);
  }
  async qrels(): Promise<QrelsInfo> {
    return this.evaluator.qrelsInfo();
  }
  async storePieces(task: StorePiecesTask, onProgress: Progress): Promise<StoredPieces> {
    return this.evaluator.storePieces(task, onProgress);
  }
  /** See TrecEvaluator.notGroupedAtStart. */
  notGroupedAtStart(range: ByteRange): boolean {
    return this.evaluator.notGroupedAtStart(range);
  }
  /** See TrecEvaluator.rereadCutQueries (this thread only: its streaming reader is the one already compiled). */
  rereadCutQueries(spans: RunPiece[], only: string[], onProgress: Progress): QueryResult[] | undefined {
    return this.evaluator.rereadCutQueries(spans, only, onProgress);
  }
  /** See TrecEvaluator.placeRepeatedDocids (this thread only: a few queries). */
  placeRepeatedDocids(spans: RunPiece[], only: string[], onProgress: Progress): QueryResult[] {
    return this.evaluator.placeRepeatedDocids(spans, only, onProgress);
  }
  async evaluateStoredShare(task: StoredShareTask): Promise<QueryResult[]> {
    return this.evaluator.evaluateStoredShare(task);
  }
  /** See TrecEvaluator.judgements (this thread's qrels). */
  judgements(qids: readonly string[], max: number): { line: number; docids: string[] }[] {
    return this.evaluator.judgements(qids, max);
  }
  async evaluateMissing(task: MissingTask): Promise<MissingResult> {
    return this.evaluator.evaluateMissing(task);
  }
  close(): void {}
}
