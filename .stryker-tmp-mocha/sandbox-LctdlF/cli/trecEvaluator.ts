/**
 * Evaluates TREC run queries against the qrels, one instance per thread: in-process for small runs,
 * inside each worker for large ones. A segment of the run is read in a stream and every query whose
 * lines lie wholly inside it is evaluated at once, so memory holds one query's lines at a time.
 */
// @ts-nocheck

import { Convention } from '../shared/core/conventions';
import { MetricSpec } from '../shared/core/metricNames';
import { metricValue } from '../shared/core/metrics/dispatch';
import { rankCase } from '../shared/core/ranking';
import { relString } from '../shared/core/relString';
import { judgedOnly, truncated } from '../shared/core/rankViews';
import { TrecProblem } from '../shared/trec/problems';
import { QrelsReader, TrecQrels } from '../shared/trec/qrels';
import { RunQuery, RunReader, duplicateProblems, joinBlocks } from '../shared/trec/run';
import { trecCase } from '../shared/trec/trecCase';
import { ByteRange, readChunks } from './readChunks';

export interface TrecSetup {
  qrelsPath: string;
  runPath: string;
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
  evaluated: QueryResult[];
  /** Queries of the run that the qrels do not judge (ignored, as trec_eval does). */
  unjudged: string[];
  /** The segment's first and last blocks, not evaluated: their query may go on in the next segment. */
  edges: RunQuery[];
  problems: TrecProblem[];
  lines: number;
  entries: number;
}

/** What is left once every segment is read (run lines numbered from the start of the file). */
export interface FinishTask {
  /** Whole queries to evaluate: the segments' edges, joined across boundaries. */
  blocks: RunQuery[];
  /** Queries whose lines are scattered over the run: read again from the whole file. */
  gather: string[];
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
    const reader = new QrelsReader(setup.convention.duplicates === 'error' ? 'error' : 'warning');
    readChunks(setup.qrelsPath, (text) => reader.feed(text));
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
    });
    readChunks(this.setup.runPath, (text) => reader.feed(text), onProgress, range);
    const { problems, lines, entries } = reader.end();
    const edges = [first, pending].filter((q): q is RunQuery => q !== undefined);
    return { evaluated, unjudged, edges, problems, lines, entries };
  }

  /** Evaluates the joined edges, the scattered queries (one more pass over the run) and the missing ones. */
  finish(task: FinishTask, onProgress?: Progress): FinishResult {
    const evaluated: QueryResult[] = [];
    const unjudged: string[] = [];
    for (const q of task.blocks) this.evaluateInto(q, evaluated, unjudged);
    if (task.gather.length > 0) {
      for (const q of this.gather(new Set(task.gather), onProgress)) this.evaluateInto(q, evaluated, unjudged);
    }
    for (const qid of task.missing) evaluated.push(this.evaluateMissing(qid));
    return { evaluated, unjudged };
  }

  private gather(only: ReadonlySet<string>, onProgress?: Progress): RunQuery[] {
    const queries = new Map<string, RunQuery>();
    const reader = new RunReader((q) => {
      const prior = queries.get(q.qid);
      if (prior) joinBlocks(prior, q);
      else queries.set(q.qid, q);
    }, only);
    readChunks(this.setup.runPath, (text) => reader.feed(text), onProgress);
    reader.end();
    return [...queries.values()];
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
    let rc = rankCase(trecCase(this.qrels.queries.get(q.qid), q.predictions), convention);
    if (this.setup.maxRank !== undefined) rc = truncated(rc, this.setup.maxRank);
    if (this.setup.judgedOnly) rc = judgedOnly(rc);
    const values = specs.map((s) => metricValue(rc, s, convention));
    return { qid: q.qid, values, relevant: rc.nRelevant, problems: rc.duplicates > 0 ? duplicateProblems(q, convention) : [],
      ...(this.setup.relstring !== undefined ? { relstring: relString(rc, this.setup.relstring) } : {}) };
  }
}
