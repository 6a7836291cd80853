/**
 * `ranklens trec` end to end: the run cut into pieces, the pieces read by this thread and worker
 * threads in turn, then what the pieces could not settle. The passes, in order:
 *
 * 1. notGroupedAtStart: the first 256 kB of the run, read once, say whether its lines are grouped by
 *    query. Not grouped (a shuffled run): straight to the store pass (4).
 * 2. streamPieces, the stream pass (every thread): each piece read as a stream, each query evaluated
 *    as soon as it ends. It stops in every thread once a query comes back after 32 others: the run
 *    is not grouped, and the store pass (4) reads it whole.
 * 3. rereadCutQueries (this thread), when some judged queries were met in several pieces (cut where a
 *    piece ends, or interleaved by parallel writers): the parts of the file that hold their lines,
 *    read again as one stream. If they are too scattered for a stream, the store pass (4) reads
 *    those parts, for those queries.
 * 4. storePieces, the store pass (every thread), for a run not grouped by query: each thread keeps
 *    the lines of the pieces it takes in shared memory; then evaluateStoredShare (every thread): each
 *    thread evaluates its share of the queries, from every thread's store.
 * 5. placeRepeatedDocids (this thread), only when the store pass met a query that lists a docid
 *    twice: those queries read again with their lines' numbers, to say where (the store numbers no
 *    lines).
 * 6. evaluateMissing: with --complete, the judged queries missing from the run, as empty rankings.
 */
import { ResolvedConvention } from '../../core/conventions';
import { means } from '../../core/means';
import { MetricSpec, metricName } from '../../core/metricNames';
import { compareText } from '../../core/ranking';
import { HEAD_BYTES, byteOrderMark } from '../read/byteOrderMark';
import { collapseProblems } from '../read/collapse';
import { binaryFile, headerLine } from '../read/fileShape';
import { TrecProblem, capProblems } from '../read/problems';
import { SharedQrels } from '../read/qrelsTable';
import { LineMap } from '../read/formats/trecLines';
import { IdCause, idCause, unjudgedRankings } from './idsMeet';
import { StorePiece } from '../store/runStore';
import { QueryResult, RunPiece, StreamedPiece, TrecSetup, bytesOf } from './passes';
import { InlineRunner, PassRunner, WorkerPassRunner } from './passRunners';
import { splitRanges } from './runPieces';
import { TrecFiles } from './trecFiles';

/** What evaluateTrec needs of the platform it runs on: files, and threads for a large run (Node's: ../node/nodePlatform.ts). */
export interface TrecPlatform {
  files: TrecFiles;
  /** How many threads the machine runs at once. */
  cores(): number;
  /** A runner in a new thread, started at once; it waits for the qrels this thread reads (giveQrels). */
  startWorker(setup: TrecSetup): WorkerPassRunner;
}

/** What to evaluate, and how. */
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
  /** Threads reading the run; 1 reads it in this thread. Default: up to 4 cores for runs over PARALLEL_BYTES, else 1. */
  jobs?: number;
  onProgress?: (done: number, total: number) => void;
  /** Keep the qrels table read (TrecEvaluation.qrels), to rank a few queries again without reading the qrels again. */
  keepQrels?: boolean;
  /** Files read from another format as TREC text (see ../node/convertInput.ts): the rows skipped, and where each line came from. */
  sources?: { qrels?: SourceFile; run?: SourceFile };
}

/** What reading a file of another format into TREC text found: its rows' problems, and each written line's place in it. */
export interface SourceFile {
  problems: TrecProblem[];
  map?: LineMap;
}

/** How many lines and queries each file had, and what became of the queries. */
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

/**
 * What a summary leaves out when it is computed on partial files: lines skipped (malformed, a grade
 * or score that is not a number, a second judgement of a docid) and queries left out of the means
 * (a docid listed twice under duplicates=error). Every mean printed over them must say so.
 */
export interface TrecPartial {
  skippedLines: { qrels: number; run: number };
  droppedQueries: number;
}

/** A judged query that has no line in the run: where its judgements start in the qrels. */
export interface MissingQuery {
  qid: string;
  /** Its first judgement's line in the qrels. */
  line: number;
}

/** Where the run's ids and the qrels' do not meet (see idsMeet.ts), with an example id from each file. */
export interface IdsApart {
  /** docids: queries that rank documents none of which is judged; qids: run queries the qrels do not judge while judged queries are missing. */
  ids: 'docids' | 'qids';
  /** docids: every query that ranks documents (whole), or those that stand out at the others' median share. */
  whole: boolean;
  medianShare: number;
  /** The queries concerned: docids, those with nothing judged; qids, the run's queries the qrels do not judge (up to SAMPLE_QUERIES). */
  queries: string[];
  count: number;
  /** Queries both files have. */
  shared: number;
  cause?: IdCause;
  /** An id of the run and one of the qrels (the cause's pair when there is one). */
  run: string;
  qrels: string;
}

/** The evaluation of a qrels and run pair: per query, the means, the problems and the counts. */
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
  /** Every judged query missing from the run, in qrels order, each with its first judgement's line. */
  missing: MissingQuery[];
  /** Set when lines were skipped or queries left out: the means are computed on partial files. */
  partial?: TrecPartial;
  /** Where the ids of the two files do not meet, if they do not. */
  apart: IdsApart[];
  /** Whether the run's lines are grouped by query (at most a few queries met in several places). */
  grouped: boolean;
  /**
   * Where the lines of each query read in one piece of a grouped run lie (a byte range from its first
   * line, with that line's number): to read a few queries again without reading the run again
   * (rankTrecQueriesOn). Queries cut across pieces, or any query of a run not grouped, have none.
   */
  places: ReadonlyMap<string, RunPiece>;
  /** With TrecOptions.keepQrels: the qrels table read (in shared memory, not copied). */
  qrels?: SharedQrels;
  /** A run read from another format: the tag its rows were given (its tag column's last, else the file's name). */
  runTag?: string;
  /**
   * The TREC text read for each file: the file itself, or the one written from its rows (gone after
   * the evaluation unless TrecInputOptions.keepIn kept it). `places` are byte ranges of this run text.
   */
  text?: { qrelsPath: string; runPath: string };
}

/** Runs over this size are split across threads when jobs are not given. */
export const PARALLEL_BYTES = 32 << 20;

/** What the store pass (storePieces, then evaluateStoredShare) gives. */
interface StorePassResult {
  evaluated: QueryResult[];
  unjudged: string[];
  /** The queries read. */
  qids: string[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * How every thread reads and evaluates the files, from their first bytes: the byte-order marks and
 * header lines to skip (with the problems that say so), under the options' convention.
 */
export function trecSetup(options: TrecOptions, qrelsHead: Uint8Array, runHead: Uint8Array) {
  const asTrecEval = options.resolved.preset === 'trec_eval';
  const qrelsMark = byteOrderMark(qrelsHead, 'qrels', asTrecEval);
  const runMark = byteOrderMark(runHead, 'run', asTrecEval);
  const qrelsHeader = headerLine(qrelsHead, 'qrels', qrelsMark.skip, asTrecEval);
  const runHeader = headerLine(runHead, 'run', runMark.skip, asTrecEval);
  const setup: TrecSetup = {
    qrelsPath: options.qrelsPath,
    runPath: options.runPath,
    qrelsFrom: qrelsMark.skip,
    runFrom: runMark.skip,
    qrelsHeader: qrelsHeader?.line,
    runHeaderAt: runHeader?.offset,
    asTrecEval,
    specs: options.specs,
    convention: options.resolved.convention,
    maxRank: options.maxRank,
    judgedOnly: options.judgedOnly,
    relstring: options.relstring,
    missingAsTrecEval: options.missingAsTrecEval,
  };
  return { setup, qrelsMark, runMark, qrelsHeader, runHeader };
}

/** Evaluates a qrels and run pair on `platform`. */
export async function evaluateTrecOn(platform: TrecPlatform, options: TrecOptions): Promise<TrecEvaluation> {
  const files = platform.files;
  const size = files.size(options.runPath);
  const jobs = options.jobs ?? (size > PARALLEL_BYTES ? Math.min(4, platform.cores()) : 1);
  const qrelsHead = head(files, options.qrelsPath);
  const runHead = head(files, options.runPath);
  // A file that is not text is not read at all: its "lines" would be noise.
  const binary = [binaryFile(qrelsHead, 'qrels'), binaryFile(runHead, 'run')].filter((p): p is TrecProblem => p !== undefined);
  if (binary.length > 0) return unread(options, binary);
  const { setup, qrelsMark, runMark, qrelsHeader, runHeader } = trecSetup(options, qrelsHead, runHead);
  // This thread and the workers take the pieces in turn. The run is cut in pieces (a few reads),
  // the workers start, and the qrels are read here meanwhile, once, then shared with them (a worker
  // starting takes about as long as reading the qrels of a 2,000-query run). No more threads than
  // pieces: a run of one long query is one piece, and an idle worker costs 10–20 MB.
  const runners: PassRunner[] = [];
  try {
    const pieces = splitRanges(files, options.runPath, size, jobs, runMark.skip);
    const workers = Array.from({ length: Math.min(jobs, pieces.length) - 1 }, () => platform.startWorker(setup));
    runners.push(...workers);
    const inline = new InlineRunner(setup, files);
    runners.unshift(inline);
    if (workers.length > 0) {
      const qrels = inline.shareQrels();
      for (const w of workers) w.giveQrels(qrels);
    }
    // A run whose first lines show it is not grouped (shuffled) goes straight to the store pass:
    // the stream pass would stop in its first piece, after every thread had started it.
    const shuffled = inline.notGroupedAtStart(pieces[0]);
    // Bytes read by each thread in the stream pass, then in the store pass, if any (the last two:
    // this thread's rereading of cut queries, and its placing of repeats).
    const threads = runners.length;
    const done = new Array<number>(2 * threads + 2).fill(0);
    let total = shuffled ? 0 : size;
    const progress = (slot: number, d: number) => {
      done[slot] = d;
      options.onProgress?.(
        done.reduce((a, b) => a + b, 0),
        total,
      );
    };
    const task = { pieces, next: counter(), stop: counter() };
    const streamed = shuffled
      ? []
      : (await inParallel(runners, (r, i) => r.streamPieces(task, (d) => progress(i, d)))).flat().sort((a, b) => a.piece - b.piece);
    const qrels = await runners[0].qrels();
    const judged = new Set(qrels.qids);
    // A judged query met in several pieces (a query cut where a piece ends, when parallel writers
    // left the run's queries interleaved): the parts of the file that hold its lines are read again,
    // for those queries only, by this thread as a stream (a few megabytes: the store pass's set-up
    // in every thread would cost more than it saves), or, if they are too scattered for a stream,
    // as the whole run is when a piece stopped early (the run is not grouped by query): by the store
    // pass, the threads taking pieces in turn.
    const whole = shuffled || streamed.some((piece) => piece.scattered);
    const plan = whole ? undefined : settle(streamed, judged);
    const cut = plan ? plan.cut : null;
    let reread: QueryResult[] | undefined;
    if (plan && plan.cut.length > 0) {
      total += bytesOf(plan.spans);
      reread = inline.rereadCutQueries(plan.spans, plan.cut, (d) => progress(2 * threads, d));
      if (!reread) progress(2 * threads, bytesOf(plan.spans)); // given up: what was read counts as read, the store pass adds its own
    }
    const stored: StorePassResult[] = [];
    if (!plan || (plan.cut.length > 0 && !reread)) {
      const second = plan ? plan.spans : pieces;
      // A stream pass that stopped early read less than the run: the bar counts what it read.
      if (!plan) total = done.reduce((a, b) => a + b, 0);
      total += bytesOf(second);
      const pass = await storePass(runners, second, (i, d) => progress(threads + i, d), plan?.cut);
      // The store numbers no lines (a fifth of its memory): the queries that list a docid twice are
      // read again, with their lines' numbers, to say where (a run with repeats is rare: trec_eval refuses it).
      const unplaced = pass.evaluated.filter((q) => q.unplaced).map((q) => q.qid);
      if (unplaced.length > 0) {
        total += bytesOf(second);
        const placed = new Map(inline.placeRepeatedDocids(second, unplaced, (d) => progress(2 * threads + 1, d)).map((q) => [q.qid, q]));
        pass.evaluated = pass.evaluated.map((q) => placed.get(q.qid) ?? q);
      }
      stored.push(pass);
    }
    const runQids = plan?.runQids ?? new Set(stored.flatMap((a) => a.qids));
    const missing = qrels.qids.filter((qid) => !runQids.has(qid));
    const finished = await runners[0].evaluateMissing({ missing: options.complete ? missing : [] });

    const queries = [...(plan?.evaluated ?? []), ...(reread ?? []), ...stored.flatMap((a) => a.evaluated), ...finished.evaluated].sort(
      (a, b) => compareText(a.qid, b.qid),
    );
    const { mean, excluded } = means(
      queries.map((q) => q.values),
      options.specs.length,
    );
    const unjudged = new Set([...(plan?.unjudged ?? []), ...stored.flatMap((a) => a.unjudged), ...finished.unjudged]);
    const marks = [qrelsMark.problem, runMark.problem, qrelsHeader?.problem, runHeader?.problem].filter(
      (p): p is TrecProblem => p !== undefined,
    );
    const lineProblems = plan ? plan.problems : stored.flatMap((a) => a.problems);
    const read = [...marks, ...qrels.problems, ...lineProblems, ...queries.flatMap((q) => q.problems)].map((p) =>
      placed(p, options.sources),
    );
    const fromSources = [...(options.sources?.qrels?.problems ?? []), ...(options.sources?.run?.problems ?? [])];
    const capped = capProblems([...fromSources, ...read].sort(byPlace));
    const problems = collapseProblems(capped);
    const firstJudged = inline.judgements(missing, 0);
    const qrelsLine = (line: number) => options.sources?.qrels?.map?.source(line) ?? line;
    const evaluated = queries.filter((q) => runQids.has(q.qid));
    const apart = [
      ...docidsApart(evaluated, (qids) => inline.judgements(qids, SAMPLE_JUDGED)),
      ...qidsApart([...unjudged], missing, runQids.size - unjudged.size),
    ];
    return {
      specs: options.specs,
      names: options.specs.map(metricName),
      convention: options.resolved,
      queries,
      mean,
      excluded,
      problems,
      counts: {
        qrelsQueries: qrels.qids.length,
        qrelsLines: qrels.lines,
        runQueries: runQids.size,
        runLines: plan ? plan.lines : stored[0].lines,
        entries: plan ? plan.entries : stored.reduce((n, a) => n + a.entries, 0),
        evaluated: queries.length,
        missing: missing.length,
        unjudged: unjudged.size,
        noRelevant: queries.filter((q) => q.relevant === 0).length,
      },
      firstMissing: missing.length > 0 ? missing.reduce((a, b) => (compareText(a, b) <= 0 ? a : b)) : undefined,
      missing: missing.map((qid, i) => ({ qid, line: qrelsLine(firstJudged[i].line) })),
      partial: partialOf(capped),
      apart,
      scattered: cut === null ? runQids.size : cut.length,
      grouped: cut !== null,
      places: plan?.places ?? new Map(),
      ...(options.keepQrels ? { qrels: inline.shareQrels() } : {}),
    };
  } finally {
    for (const r of runners) r.close();
  }
}

/**
 * Each runner's answer to a request, in runner order. The workers are asked first: the runner of
 * this thread answers as soon as it is asked, holding the thread until it is done.
 */
function inParallel<T>(runners: PassRunner[], ask: (r: PassRunner, i: number) => Promise<T>): Promise<T[]> {
  const answers = new Array<Promise<T>>(runners.length);
  for (let i = runners.length - 1; i >= 0; i--) answers[i] = ask(runners[i], i);
  return Promise.all(answers);
}

// A counter or flag in shared memory, for Atomics in every thread.
function counter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/**
 * The store pass, once in all (a run not grouped by query, or the parts of a run holding the
 * queries `only`): each runner keeps the lines of the pieces it takes, then evaluates its share of
 * the queries from every runner's lines (shared memory, not copied). Lines are numbered from the
 * file's first: from each piece's own first line number when it has one, else counted.
 */
async function storePass(
  runners: PassRunner[],
  pieces: RunPiece[],
  onProgress: (i: number, done: number) => void,
  only?: string[],
): Promise<StorePassResult> {
  const next = counter();
  const kept = await inParallel(runners, (r, i) => r.storePieces({ pieces, next, only }, (d) => onProgress(i, d)));
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
  const evaluated = await inParallel(runners, (r) => r.evaluateStoredShare(task));
  return {
    evaluated: evaluated.flat(),
    unjudged: [...new Set(kept.flatMap((k) => k.unjudged))],
    qids: [...new Set(kept.flatMap((k) => k.qids))],
    problems,
    lines,
    entries: parts.reduce((n, part) => n + part.entries, 0),
  };
}

/** The first bytes of a file (its byte-order mark, if any, and its first line's query id). */
export function head(files: TrecFiles, path: string): Uint8Array {
  const bytes = new Uint8Array(HEAD_BYTES);
  return bytes.subarray(0, files.readAt(path, 0, bytes));
}

/** What the stream pass settled, and the queries it cut. */
interface Plan {
  /** Queries evaluated inside a piece, whose lines lie nowhere else. */
  evaluated: QueryResult[];
  /** Judged queries seen in more than one piece: read again where their lines lie (spans). */
  cut: string[];
  /** The parts of the file that hold the lines of the cut queries, in file order, each with its first line's number. */
  spans: RunPiece[];
  unjudged: string[];
  runQids: Set<string>;
  /** Where the lines of each query read in one piece lie (see TrecEvaluation.places). */
  places: Map<string, RunPiece>;
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * Joins the stream pass's pieces: numbers lines from the start of the file, and sends any judged
 * query found in several pieces to a second pass over the parts of the file where its lines lie
 * (pieces start where a query starts, so that takes queries interleaved by parallel writers, or a
 * query longer than the search for that start).
 */
function settle(streamed: StreamedPiece[], judged: Set<string>): Plan {
  const problems: TrecProblem[] = [];
  const places = new Map<string, number>();
  const count = (qid: string) => places.set(qid, (places.get(qid) ?? 0) + 1);
  const spansOf = new Map<string, RunPiece[]>();
  let offset = 0;
  let entries = 0;
  for (const seg of streamed) {
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
  const unjudged = streamed.flatMap((s) => s.unjudged);
  for (const qid of unjudged) count(qid);
  const cut = [...places].filter(([qid, n]) => n > 1 && judged.has(qid)).map(([qid]) => qid);
  const scattered = new Set(cut);
  return {
    evaluated: streamed.flatMap((s) => s.evaluated).filter((q) => !scattered.has(q.qid)),
    cut,
    spans: joined(cut.flatMap((qid) => spansOf.get(qid) ?? [])),
    unjudged,
    runQids: new Set(places.keys()),
    places: new Map([...spansOf].flatMap(([qid, s]) => (s.length === 1 && !scattered.has(qid) ? [[qid, s[0]] as const] : []))),
    problems,
    lines: offset,
    entries,
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

// A problem of a file read from another format, placed on the row its line came from: its line
// (the columns of the TREC text written are not the file's: the whole line's start).
function placed(p: TrecProblem, sources: TrecOptions['sources']): TrecProblem {
  const map = (file: TrecProblem['file']) => sources?.[file]?.map;
  const own = map(p.file);
  if (!own && !p.related?.some((r) => map(r.file))) return p;
  return {
    ...p,
    ...(own ? { line: own.source(p.line), start: 0, end: 0 } : {}),
    related: p.related?.map((r) => ({ ...r, line: map(r.file)?.source(r.line) ?? r.line })),
  };
}

function shift(p: TrecProblem, offset: number): TrecProblem {
  if (p.file !== 'run' || offset === 0) return p;
  return { ...p, line: p.line + offset, related: p.related?.map((r) => (r.file === 'run' ? { ...r, line: r.line + offset } : r)) };
}

function byPlace(a: TrecProblem, b: TrecProblem): number {
  return (a.file === b.file ? 0 : a.file === 'qrels' ? -1 : 1) || a.line - b.line || a.start - b.start;
}

/** How many query ids an IdsApart lists, and how many judged docids per query its cause is looked for in. */
export const SAMPLE_QUERIES = 1000;
const SAMPLE_JUDGED = 1000;

/** The evaluation of files one of which is not text (or not its format): nothing read, the problems say why. */
export function unread(options: TrecOptions, problems: TrecProblem[]): TrecEvaluation {
  const zero = options.specs.map(() => NaN);
  return {
    specs: options.specs,
    names: options.specs.map(metricName),
    convention: options.resolved,
    queries: [],
    mean: zero,
    excluded: options.specs.map(() => 0),
    problems,
    counts: {
      qrelsQueries: 0,
      qrelsLines: 0,
      runQueries: 0,
      runLines: 0,
      entries: 0,
      evaluated: 0,
      missing: 0,
      unjudged: 0,
      noRelevant: 0,
    },
    scattered: 0,
    missing: [],
    apart: [],
    grouped: true,
    places: new Map(),
  };
}

// What the problems (capped: see capProblems) say was left out of the means.
function partialOf(problems: readonly TrecProblem[]): TrecPartial | undefined {
  const skippedLines = { qrels: 0, run: 0 };
  let droppedQueries = 0;
  for (const p of problems) {
    const n = p.omitted ?? 1;
    if (SKIPPING.has(p.code)) skippedLines[p.file] += n;
    else if (p.code === 'duplicate-prediction' && p.severity === 'error') droppedQueries += n;
  }
  return skippedLines.qrels + skippedLines.run + droppedQueries > 0 ? { skippedLines, droppedQueries } : undefined;
}

// Problems whose line is left out of the evaluation.
const SKIPPING: ReadonlySet<string> = new Set<string>(['malformed-line', 'invalid-grade', 'invalid-score', 'duplicate-judgement']);

// Queries ranking documents none of which is judged, when that says the docids do not meet.
function docidsApart(evaluated: readonly QueryResult[], judgements: (qids: string[]) => { docids: string[] }[]): IdsApart[] {
  const found = unjudgedRankings(evaluated);
  if (!found) return [];
  // The cause is looked for in the first few queries: one pattern is enough to name.
  const some = found.queries.slice(0, 5);
  const judged = judgements(some.map((q) => q.qid));
  const runIds = some.flatMap((q) => q.sampleDocids ?? []);
  const qrelsIds = judged.flatMap((j) => j.docids);
  const cause = idCause(runIds, qrelsIds);
  return [
    {
      ids: 'docids',
      whole: found.whole,
      medianShare: found.medianShare,
      queries: found.queries.slice(0, SAMPLE_QUERIES).map((q) => q.qid),
      count: found.queries.length,
      shared: evaluated.length,
      cause,
      run: cause?.run ?? runIds[0] ?? '',
      qrels: cause?.qrels ?? qrelsIds[0] ?? '',
    },
  ];
}

// Run queries the qrels do not judge while judged queries are missing from the run: when no
// query is shared, or a pattern turns one into the other (q1 and 1).
function qidsApart(unjudged: readonly string[], missing: readonly string[], shared: number): IdsApart[] {
  if (unjudged.length === 0 || missing.length === 0) return [];
  const cause = idCause(unjudged.slice(0, SAMPLE_QUERIES), missing.slice(0, SAMPLE_QUERIES));
  if (!cause && shared > 0) return [];
  return [
    {
      ids: 'qids',
      whole: shared === 0,
      medianShare: 0,
      queries: unjudged.slice(0, SAMPLE_QUERIES),
      count: unjudged.length,
      shared,
      cause,
      run: cause?.run ?? unjudged[0],
      qrels: cause?.qrels ?? missing[0],
    },
  ];
}
