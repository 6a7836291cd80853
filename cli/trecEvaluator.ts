/**
 * Evaluates TREC run queries against the qrels, one instance per thread: in-process for small runs,
 * inside each worker for large ones. A segment of the run is read in a stream and every query whose
 * lines lie wholly inside it is evaluated at once, so memory holds one query's lines at a time.
 */
import { statSync } from 'node:fs';
import { Convention } from '../shared/core/conventions';
import { MetricSpec } from '../shared/core/metricNames';
import { metricValue } from '../shared/core/metrics/dispatch';
import { rankCase } from '../shared/core/ranking';
import { relString } from '../shared/core/relString';
import { judgedOnly, truncated } from '../shared/core/rankViews';
import { TrecProblem } from '../shared/trec/problems';
import { QrelsReader, TrecQrels } from '../shared/trec/qrels';
import { RunQuery, RunReader, duplicateProblems } from '../shared/trec/run';
import { inTrecEvalOrder } from '../shared/trec/trecEvalOrder';
import { trecCase } from '../shared/trec/trecCase';
import { ByteRange, readChunks } from './readChunks';

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
}

/** What one segment of the run gives; run lines are numbered from the segment's first line. */
export interface SegmentResult {
  /** A query of the segment came back after another started: reading stopped, and the rest of this result is empty. */
  scattered: boolean;
  evaluated: QueryResult[];
  /** Queries of the run that the qrels do not judge (ignored, as trec_eval does). */
  unjudged: string[];
  /** The segment's first and last blocks, not evaluated: their query may go on in the next segment. */
  edges: RunQuery[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/**
 * A second pass over the whole run for a run whose lines are not grouped by query: this thread
 * keeps the lines of its share of the queries (a hash of the qid picks the thread) and evaluates
 * each query once it is whole.
 */
export interface CollectTask {
  /** The queries to read; null for every query (the run is read only here, problems included). */
  only: string[] | null;
  part: number;
  parts: number;
}

export interface CollectResult {
  evaluated: QueryResult[];
  unjudged: string[];
  /** The queries read (this thread's share). */
  qids: string[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/** What is left once every segment is read (run lines numbered from the start of the file). */
export interface FinishTask {
  /** Whole queries to evaluate: the segments' edges, joined across boundaries. */
  blocks: RunQuery[];
  /** Judged queries with no run line, scored as empty rankings (--complete). */
  missing: string[];
}

export interface FinishResult {
  evaluated: QueryResult[];
  unjudged: string[];
}

export type Progress = (done: number, total: number) => void;

export class TrecEvaluator {
  readonly qrels: TrecQrels;

  constructor(private setup: TrecSetup) {
    const reader = new QrelsReader({ duplicateSeverity: setup.convention.duplicates === 'error' ? 'error' : 'warning', asTrecEval: setup.asTrecEval });
    readChunks(setup.qrelsPath, (text) => reader.feed(text), undefined, { start: setup.qrelsFrom, end: statSync(setup.qrelsPath).size });
    this.qrels = reader.end();
  }

  /** Reads one byte range of the run, evaluating every query that does not touch its edges. */
  segment(range: ByteRange, onProgress?: Progress): SegmentResult {
    const evaluated: QueryResult[] = [];
    const unjudged: string[] = [];
    let first: RunQuery | undefined;
    let pending: RunQuery | undefined;
    const reader = new RunReader((q) => {
      if (!first) { first = q; return; }
      if (pending) this.evaluateInto(pending, evaluated, unjudged);
      pending = q;
    }, { asTrecEval: this.setup.asTrecEval });
    readChunks(this.setup.runPath, (text) => reader.feed(text), onProgress, range);
    const { problems, lines, entries } = reader.end();
    if (reader.scattered) return { scattered: true, evaluated: [], unjudged: [], edges: [], problems: [], lines: 0, entries: 0 };
    const edges = [first, pending].filter((q): q is RunQuery => q !== undefined);
    return { scattered: false, evaluated, unjudged, edges, problems, lines, entries };
  }

  /** The second pass over a run whose lines are not grouped by query: see CollectTask. */
  collect(task: CollectTask, onProgress?: Progress): CollectResult {
    const evaluated: QueryResult[] = [];
    const unjudged: string[] = [];
    const only = task.only && new Set(task.only);
    const reader = new RunReader((q) => this.evaluateInto(q, evaluated, unjudged), { asTrecEval: this.setup.asTrecEval, mode: 'collect',
      accept: only ? (qid) => only.has(qid) : undefined, share: task.parts > 1 ? { part: task.part, parts: task.parts } : undefined });
    readChunks(this.setup.runPath, (text) => reader.feed(text), onProgress, { start: this.setup.runFrom, end: statSync(this.setup.runPath).size });
    const { problems, lines, entries, qids } = reader.end();
    return { evaluated, unjudged, qids, problems: only ? [] : problems, lines, entries };
  }

  /** Evaluates the joined edges and the missing queries. */
  finish(task: FinishTask): FinishResult {
    const evaluated: QueryResult[] = [];
    const unjudged: string[] = [];
    for (const q of task.blocks) this.evaluateInto(q, evaluated, unjudged);
    for (const qid of task.missing) evaluated.push(this.evaluateMissing(qid));
    return { evaluated, unjudged };
  }

  private evaluateInto(q: RunQuery, evaluated: QueryResult[], unjudged: string[]): void {
    if (this.qrels.queries.has(q.qid)) evaluated.push(this.evaluate(q));
    else unjudged.push(q.qid);
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

  /** One query through the core: rank under the convention, then every spec. */
  evaluate(q: RunQuery): QueryResult {
    const { specs, convention } = this.setup;
    const predictions = this.setup.asTrecEval ? inTrecEvalOrder(q.predictions) : q.predictions;
    let rc = rankCase(trecCase(this.qrels.queries.get(q.qid), predictions), convention);
    if (this.setup.maxRank !== undefined) rc = truncated(rc, this.setup.maxRank);
    if (this.setup.judgedOnly) rc = judgedOnly(rc);
    const values = specs.map((s) => metricValue(rc, s, convention));
    return { qid: q.qid, values, relevant: rc.nRelevant, problems: rc.duplicates > 0 ? duplicateProblems(q, convention) : [],
      ...(this.setup.relstring !== undefined ? { relstring: relString(rc, this.setup.relstring) } : {}) };
  }
}

