/** Reads TREC runs (`qid Q0 docid rank score tag`) line by line into per-query blocks of predictions. */
// @ts-nocheck

import { Prediction } from '../core/caseInput';
import { Convention } from '../core/conventions';
import { FieldSplitter, parseDecimal, sameText } from './fields';
import { ProblemList, TrecProblem, fieldProblem, lineProblem } from './problems';

/** One query's block of run lines: its predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

/**
 * Reads run text fed in chunks of whole lines and hands over each query's block of lines as soon as
 * the next query starts, so a run written query by query is never held whole in memory.
 */
export class RunReader {
  /** Queries whose lines are not contiguous: handed over in more than one block. */
  readonly split = new Set<string>();
  private problems = new ProblemList();
  private handedOver = new Set<string>();
  private current: RunQuery | null = null;
  private line = 1;
  private entries = 0;
  private splitter = new FieldSplitter();

  /**
   * @param onQuery receives each block of contiguous lines of one query.
   * @param only when given, lines of other queries are skipped (a second pass over scattered queries).
   */
  constructor(private onQuery: (q: RunQuery) => void, private only?: ReadonlySet<string>) {}

  /** Reads text made of whole lines (the last chunk may lack its final line break). */
  feed(text: string): void {
    this.splitter.startChunk(text);
    let line = this.line;
    for (let from = 0; from < text.length; line++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const count = this.splitter.split(from, to, 6, false);
      if (count >= 6) this.readFields(text, from, line);
      else if (count > 0) {
        this.problems.push(lineProblem('run', line, text, from, to, 'malformed-line',
          `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${count}. The line is skipped.`));
      }
      from = to + 1;
    }
    this.line = line;
  }

  /** Hands over the last block; returns the problems and counts. */
  end(): { problems: TrecProblem[]; lines: number; entries: number } {
    this.close();
    return { problems: this.problems.list(), lines: this.line - 1, entries: this.entries };
  }

  private readFields(text: string, from: number, line: number): void {
    const f = this.splitter.at;
    let q = this.current;
    if (!q || !sameText(text, f[0], f[1], q.qid)) {
      const qid = text.slice(f[0], f[1]);
      if (this.only && !this.only.has(qid)) return;
      this.close();
      q = { qid, predictions: [], lines: [] };
      this.current = q;
    }
    const score = parseDecimal(text, f[8], f[9]);
    if (!Number.isFinite(score)) {
      this.problems.push(fieldProblem('run', line, f[8] - from, f[9] - from, 'invalid-score', 'error',
        `The score "${text.slice(f[8], f[9])}" is not a finite number. The line is skipped.`));
      return;
    }
    q.predictions.push({ id: text.slice(f[4], f[5]), score });
    q.lines.push(line);
    this.entries++;
  }

  private close(): void {
    const q = this.current;
    if (!q) return;
    this.current = null;
    if (this.handedOver.has(q.qid)) this.split.add(q.qid);
    else this.handedOver.add(q.qid);
    this.onQuery(q);
  }
}

/** Parses a whole run text, joining the blocks of a query whose lines are not contiguous. */
export function parseRun(text: string): { queries: Map<string, RunQuery>; problems: TrecProblem[]; lines: number; entries: number } {
  const queries = new Map<string, RunQuery>();
  const reader = new RunReader((q) => {
    const prior = queries.get(q.qid);
    if (prior) joinBlocks(prior, q);
    else queries.set(q.qid, q);
  });
  reader.feed(text);
  return { queries, ...reader.end() };
}

/** Appends a later block of the same query to an earlier one (file order is kept). */
export function joinBlocks(into: RunQuery, block: RunQuery): void {
  for (let i = 0; i < block.predictions.length; i++) {
    into.predictions.push(block.predictions[i]);
    into.lines.push(block.lines[i]);
  }
}

/**
 * The first repeated docid of a query, located at its repeat and reported as the convention treats
 * it (one problem per query, counting the other repeats, so that a broken run cannot flood the report).
 */
export function duplicateProblems(q: RunQuery, conv: Convention): TrecProblem[] {
  const first = new Map<string, number>();
  let found: { index: number; prior: number } | undefined;
  let repeats = 0;
  q.predictions.forEach((p, i) => {
    const prior = first.get(p.id);
    if (prior === undefined) { first.set(p.id, i); return; }
    repeats++;
    found ??= { index: i, prior };
  });
  if (!found) return [];
  const effect = {
    error: 'duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this)',
    first: 'duplicates=first: only the higher-ranked occurrence counts',
    count: 'duplicates=count: every occurrence counts, so recall can exceed 1',
  }[conv.duplicates];
  const id = q.predictions[found.index].id;
  const more = repeats > 1 ? ` (${repeats - 1} more repeated line${repeats > 2 ? 's' : ''} in this query)` : '';
  return [{ file: 'run', line: q.lines[found.index], start: 0, end: 0, code: 'duplicate-prediction',
    severity: conv.duplicates === 'error' ? 'error' : 'warning',
    message: `"${id}" appears twice for query ${q.qid}${more}: ${effect}.`,
    related: [{ file: 'run', line: q.lines[found.prior], message: 'first occurrence' }] }];
}
