/**
 * The passes of a large run in worker threads, so that several cores read it at once. The worker
 * is this file (dist/trecWorker.js once built, a bundle of the evaluator alone, next to the CLI's
 * bundle): loaded in a worker with our workerData, it serves; WorkerRunner is its other end.
 */
import { join } from 'node:path';
import { MessagePort, Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { SharedQrels } from '../read/qrelsTable';
import {
  MissingResult,
  MissingTask,
  Progress,
  QrelsInfo,
  QueryResult,
  StorePiecesTask,
  StoredPieces,
  StoredShareTask,
  StreamPiecesTask,
  StreamedPiece,
  TrecSetup,
} from '../evaluate/passes';
import { WorkerPassRunner } from '../evaluate/passRunners';
import { TrecEvaluator } from '../evaluate/trecEvaluator';
import { NODE_FILES } from './nodeFiles';
import { TextRangeResult, TextRangesTask, convertTextRanges } from './convertText';
import { ParquetGroupResult, ParquetGroupsTask, convertParquetGroups } from './convertParquet';

const KIND = 'ranklens-trec-worker';
const CONVERT_KIND = 'ranklens-convert-worker';

// The messages between the threads: a request of each pass is tagged with the pass's name, as its
// answer is, and 'progress' messages come before an answer.
type Reply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'streamPieces'; result: StreamedPiece[] }
  | { type: 'qrels'; result: QrelsInfo }
  | { type: 'storePieces'; result: StoredPieces }
  | { type: 'evaluateStoredShare'; result: QueryResult[] }
  | { type: 'evaluateMissing'; result: MissingResult };

type Request =
  | { type: 'qrels-table'; qrels: SharedQrels }
  | { type: 'streamPieces'; task: StreamPiecesTask }
  | { type: 'qrels' }
  | { type: 'storePieces'; task: StorePiecesTask }
  | { type: 'evaluateStoredShare'; task: StoredShareTask }
  | { type: 'evaluateMissing'; task: MissingTask };

/**
 * Evaluates in a worker thread; one request at a time. The worker starts at once and waits for
 * the qrels (giveQrels): they are read once, by the main thread, while the workers start.
 */
export class WorkerRunner implements WorkerPassRunner {
  private worker: Worker;
  private waiting: { type: string; resolve: (value: unknown) => void; reject: (e: Error) => void; onProgress?: Progress } | null = null;

  constructor(setup: TrecSetup) {
    // A query's lines (about 100 kB for 1,000 documents) die young in 16 MB: 48 MB cost each thread
    // 30–40 MB more peak RSS on the 2k and 10k benchmark runs and saved no time.
    this.worker = new Worker(join(__dirname, 'trecWorker.js'), {
      workerData: { kind: KIND, setup, sharedQrels: true },
      resourceLimits: { maxYoungGenerationSizeMb: 16 },
    });
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the evaluation worker stopped (exit code ${code})`)));
  }

  /** The qrels, read by the main thread (InlineRunner.shareQrels); sent before any request. */
  giveQrels(qrels: SharedQrels): void {
    this.post({ type: 'qrels-table', qrels });
  }
  streamPieces(task: StreamPiecesTask, onProgress: Progress): Promise<StreamedPiece[]> {
    return this.request({ type: 'streamPieces', task }, onProgress) as Promise<StreamedPiece[]>;
  }
  qrels(): Promise<QrelsInfo> {
    return this.request({ type: 'qrels' }) as Promise<QrelsInfo>;
  }
  storePieces(task: StorePiecesTask, onProgress: Progress): Promise<StoredPieces> {
    return this.request({ type: 'storePieces', task }, onProgress) as Promise<StoredPieces>;
  }
  evaluateStoredShare(task: StoredShareTask): Promise<QueryResult[]> {
    return this.request({ type: 'evaluateStoredShare', task }) as Promise<QueryResult[]>;
  }
  evaluateMissing(task: MissingTask): Promise<MissingResult> {
    return this.request({ type: 'evaluateMissing', task }) as Promise<MissingResult>;
  }
  close(): void {
    this.worker.removeAllListeners('exit');
    void this.worker.terminate();
  }

  private post(message: Request): void {
    this.worker.postMessage(message);
  }

  private request(message: Request, onProgress?: Progress): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting = { type: message.type, resolve, reject, onProgress };
      this.post(message);
    });
  }

  private receive(reply: Reply): void {
    const w = this.waiting;
    if (!w) return;
    if (reply.type === 'progress') {
      w.onProgress?.(reply.done, reply.total);
      return;
    }
    this.waiting = null;
    w.resolve(reply.result);
  }

  private fail(e: Error): void {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }
}

/**
 * The worker side: read the qrels (or, with sharedQrels, wait for them: a 'qrels-table' message),
 * then answer requests until terminated (exported for the in-process tests).
 */
export function serve(port: MessagePort, setup: TrecSetup, sharedQrels = false): void {
  let evaluator = sharedQrels ? undefined : new TrecEvaluator(setup, NODE_FILES);
  // One message per 4 MB read is plenty for a bar redrawn ten times a second; the last figure of a
  // request is posted before its answer (a thread reads only some of the pieces: its figure may end
  // short of the total).
  let posted = 0;
  let last: [number, number] | undefined;
  const progress: Progress = (done, total) => {
    last = [done, total];
    if (done - posted < 4 << 20 && done < total && done >= posted) return;
    posted = done;
    last = undefined;
    port.postMessage({ type: 'progress', done, total });
  };
  port.on('message', (request: Request) => {
    if (request.type === 'qrels-table') {
      evaluator = new TrecEvaluator(setup, NODE_FILES, request.qrels);
      return;
    }
    if (!evaluator) throw new Error('a request before the qrels');
    if (request.type !== 'qrels') {
      posted = 0;
      last = undefined;
    }
    const answer = (type: Reply['type'], result: unknown) => {
      if (last) port.postMessage({ type: 'progress', done: last[0], total: last[1] });
      last = undefined;
      port.postMessage({ type, result });
    };
    if (request.type === 'streamPieces') answer('streamPieces', evaluator.streamPieces(request.task, progress));
    else if (request.type === 'qrels') answer('qrels', evaluator.qrelsInfo());
    else if (request.type === 'storePieces') answer('storePieces', evaluator.storePieces(request.task, progress));
    else if (request.type === 'evaluateStoredShare') answer('evaluateStoredShare', evaluator.evaluateStoredShare(request.task));
    else if (request.type === 'evaluateMissing') answer('evaluateMissing', evaluator.evaluateMissing(request.task));
  });
}

/** A part of a file to write as TREC text in a worker thread: a range of a text file, or row groups of a Parquet file. */
export type ConvertJob = { text: TextRangesTask; parquet?: undefined } | { parquet: ParquetGroupsTask; text?: undefined };

/** Writes a part of a file as TREC text in a worker thread (./convertText.ts, ./convertParquet.ts); rejects with the worker's error. */
export function convertInWorker(job: ConvertJob): Promise<{ index: number; result: TextRangeResult }[] | ParquetGroupResult[]> {
  return new Promise((resolve, reject) => {
    const worker = new Worker(join(__dirname, 'trecWorker.js'), { workerData: { kind: CONVERT_KIND, job } });
    let answered = false;
    worker.once('message', (reply: { result?: { index: number; result: TextRangeResult }[] | ParquetGroupResult[]; error?: string }) => {
      answered = true;
      if (reply.result) resolve(reply.result);
      else reject(new Error(reply.error ?? 'the conversion worker failed'));
    });
    worker.once('error', (e) => {
      answered = true;
      reject(e);
    });
    worker.once('exit', (code) => {
      if (!answered) reject(new Error(`the conversion worker stopped (exit code ${code})`));
    });
  });
}

if (!isMainThread && parentPort && workerData?.kind === KIND)
  serve(parentPort, workerData.setup as TrecSetup, workerData.sharedQrels === true);

if (!isMainThread && parentPort && workerData?.kind === CONVERT_KIND) {
  const port = parentPort;
  const job = workerData.job as ConvertJob;
  (job.text ? convertTextRanges(job.text) : convertParquetGroups(job.parquet)).then(
    (result) => port.postMessage({ result }),
    (e: Error) => port.postMessage({ error: e.message }),
  );
}
