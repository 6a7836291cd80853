/**
 * Runs a TrecEvaluator in-process or in a worker thread behind one interface, so a large run is
 * read by several cores at once. The worker is this file (dist/trecWorker.js once built, a bundle of
 * the evaluator alone, next to the CLI's bundle): loaded in a worker with our workerData, it serves.
 */
import { join } from 'node:path';
import { MessagePort, Worker, isMainThread, parentPort, workerData } from 'node:worker_threads';
import { TrecProblem } from '../read/problems';
import { SharedQrels } from '../read/qrelsTable';
import { ByteRange } from './fileChunks';
import { FinishResult, FinishTask, KeepResult, KeepTask, Progress, QueryResult, RunPiece, SegmentResult, SegmentTask, SharesTask, TrecEvaluator, TrecSetup } from '../evaluate/trecEvaluator';

const KIND = 'ranklens-trec-segment';

/** What the orchestrator needs from the qrels: which queries they judge and what was wrong. */
export interface QrelsInfo {
  qids: string[];
  problems: TrecProblem[];
  lines: number;
}

export interface SegmentRunner {
  segments(task: SegmentTask, onProgress: Progress): Promise<SegmentResult[]>;
  qrels(): Promise<QrelsInfo>;
  keep(task: KeepTask, onProgress: Progress): Promise<KeepResult>;
  evaluateShares(task: SharesTask): Promise<QueryResult[]>;
  finish(task: FinishTask): Promise<FinishResult>;
  close(): void;
}

/** Evaluates in this thread. */
export class InlineRunner implements SegmentRunner {
  private evaluator: TrecEvaluator;
  constructor(setup: TrecSetup) {
    this.evaluator = new TrecEvaluator(setup);
  }
  /** The qrels this thread read, in shared memory, for WorkerRunner.giveQrels. */
  shareQrels(): SharedQrels {
    return this.evaluator.shareQrels();
  }
  async segments(task: SegmentTask, onProgress: Progress): Promise<SegmentResult[]> {
    return this.evaluator.segments(task, onProgress);
  }
  async qrels(): Promise<QrelsInfo> {
    return qrelsInfo(this.evaluator);
  }
  async keep(task: KeepTask, onProgress: Progress): Promise<KeepResult> {
    return this.evaluator.keep(task, onProgress);
  }
  /** See TrecEvaluator.scatteredAtStart. */
  scatteredAtStart(range: ByteRange): boolean {
    return this.evaluator.scatteredAtStart(range);
  }
  /** See TrecEvaluator.gather (this thread only: its streaming reader is the one already compiled). */
  gather(spans: RunPiece[], only: string[], onProgress: Progress): QueryResult[] | undefined {
    return this.evaluator.gather(spans, only, onProgress);
  }
  /** See TrecEvaluator.place (this thread only: a few queries). */
  place(spans: RunPiece[], only: string[], onProgress: Progress): QueryResult[] {
    return this.evaluator.place(spans, only, onProgress);
  }
  async evaluateShares(task: SharesTask): Promise<QueryResult[]> {
    return this.evaluator.evaluateShares(task);
  }
  async finish(task: FinishTask): Promise<FinishResult> {
    return this.evaluator.finish(task);
  }
  close(): void {}
}

type Reply =
  | { type: 'progress'; done: number; total: number }
  | { type: 'segments'; result: SegmentResult[] }
  | { type: 'qrels'; result: QrelsInfo }
  | { type: 'keep'; result: KeepResult }
  | { type: 'shares'; result: QueryResult[] }
  | { type: 'finish'; result: FinishResult };

/**
 * Evaluates in a worker thread; one request at a time. The worker starts at once and waits for
 * the qrels (giveQrels): they are read once, by the main thread, while the workers start.
 */
export class WorkerRunner implements SegmentRunner {
  private worker: Worker;
  private waiting: { type: string; resolve: (value: unknown) => void; reject: (e: Error) => void; onProgress?: Progress } | null = null;

  constructor(setup: TrecSetup) {
    // A query's lines (about 100 kB for 1,000 documents) die young in 16 MB: 48 MB cost each thread
    // 30–40 MB more peak RSS on the 2k and 10k benchmark runs and saved no time.
    this.worker = new Worker(join(__dirname, 'trecWorker.js'), { workerData: { kind: KIND, setup, sharedQrels: true }, resourceLimits: { maxYoungGenerationSizeMb: 16 } });
    this.worker.on('message', (reply: Reply) => this.receive(reply));
    this.worker.on('error', (e) => this.fail(e));
    this.worker.on('exit', (code) => this.fail(new Error(`the evaluation worker stopped (exit code ${code})`)));
  }

  /** The qrels, read by the main thread (InlineRunner.shareQrels); sent before any request. */
  giveQrels(qrels: SharedQrels): void {
    this.worker.postMessage({ type: 'qrels-table', qrels });
  }
  segments(task: SegmentTask, onProgress: Progress): Promise<SegmentResult[]> {
    return this.request('segments', { type: 'segments', task }, onProgress) as Promise<SegmentResult[]>;
  }
  qrels(): Promise<QrelsInfo> {
    return this.request('qrels', { type: 'qrels' }) as Promise<QrelsInfo>;
  }
  keep(task: KeepTask, onProgress: Progress): Promise<KeepResult> {
    return this.request('keep', { type: 'keep', task }, onProgress) as Promise<KeepResult>;
  }
  evaluateShares(task: SharesTask): Promise<QueryResult[]> {
    return this.request('shares', { type: 'shares', task }) as Promise<QueryResult[]>;
  }
  finish(task: FinishTask): Promise<FinishResult> {
    return this.request('finish', { type: 'finish', task }) as Promise<FinishResult>;
  }
  close(): void {
    this.worker.removeAllListeners('exit');
    void this.worker.terminate();
  }

  private request(type: string, message: unknown, onProgress?: Progress): Promise<unknown> {
    return new Promise((resolve, reject) => {
      this.waiting = { type, resolve, reject, onProgress };
      this.worker.postMessage(message);
    });
  }

  private receive(reply: Reply): void {
    const w = this.waiting;
    if (!w) return;
    if (reply.type === 'progress') { w.onProgress?.(reply.done, reply.total); return; }
    this.waiting = null;
    w.resolve(reply.result);
  }

  private fail(e: Error): void {
    const w = this.waiting;
    this.waiting = null;
    w?.reject(e);
  }
}

function qrelsInfo(evaluator: TrecEvaluator): QrelsInfo {
  const q = evaluator.qrels;
  return { qids: q.qids, problems: q.problems, lines: q.lines };
}

/**
 * The worker side: read the qrels (or, with sharedQrels, wait for them: a 'qrels-table' message),
 * then answer requests until terminated (exported for the in-process tests).
 */
export function serve(port: MessagePort, setup: TrecSetup, sharedQrels = false): void {
  let evaluator = sharedQrels ? undefined : new TrecEvaluator(setup);
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
  port.on('message', (request: { type: string; task?: FinishTask & KeepTask & SharesTask & SegmentTask; qrels?: SharedQrels }) => {
    if (request.type === 'qrels-table') { evaluator = new TrecEvaluator(setup, request.qrels); return; }
    if (!evaluator) throw new Error('a request before the qrels');
    if (request.type !== 'qrels') { posted = 0; last = undefined; }
    const answer = (type: string, result: unknown) => {
      if (last) port.postMessage({ type: 'progress', done: last[0], total: last[1] });
      last = undefined;
      port.postMessage({ type, result });
    };
    if (request.type === 'segments') answer('segments', evaluator.segments(request.task!, progress));
    else if (request.type === 'qrels') answer('qrels', qrelsInfo(evaluator));
    else if (request.type === 'keep') answer('keep', evaluator.keep(request.task!, progress));
    else if (request.type === 'shares') answer('shares', evaluator.evaluateShares(request.task!));
    else if (request.type === 'finish') answer('finish', evaluator.finish(request.task!));
  });
}

if (!isMainThread && parentPort && workerData?.kind === KIND) serve(parentPort, workerData.setup as TrecSetup, workerData.sharedQrels === true);
