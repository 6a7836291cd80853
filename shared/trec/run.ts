/** Reads TREC runs (`qid Q0 docid rank score tag`) line by line into per-query blocks of predictions. */
import { Convention } from '../core/conventions';
import { shownBytes, utf16Column } from './byteText';
import { cAtof, namedFloat } from './cNumbers';
import { FieldSplitter, isSpace, parseDecimal, sameText } from './fields';
import { ProblemList, TrecProblem, fieldProblem, lineProblem } from './problems';
import { RunQuery, RunStore } from './runStore';

export type { RunQuery } from './runStore';

export interface RunReaderOptions {
  /** Read as trec_eval reads (scores through C's atof, with a warning), or as written (a score that is not a number is an error). */
  asTrecEval?: boolean;
  /**
   * 'stream' (default) hands over each block of lines as soon as the next query starts, so a run
   * written query by query is never held whole; it stops at the first query met in a second place
   * (`scattered`). 'collect' keeps every line and hands over whole queries at the end.
   */
  mode?: 'stream' | 'collect';
  /** collect: lines of other queries are skipped unread. */
  accept?: (qid: string) => boolean;
  /** collect: only the queries of this share are read (another thread reads the others); see queryShare. */
  share?: { part: number; parts: number };
}

/** Reads run text (a byte string) fed in chunks of whole lines. */
export class RunReader {
  /** stream: a query came back after another started; reading stopped there. */
  scattered = false;
  private problems = new ProblemList();
  private store = new RunStore();
  private block: RunQuery = { qid: '', predictions: [], lines: [] };
  private qids: string[] = [];
  private index = new Map<string, number>();
  private accepted: boolean[] = [];
  private closed: Uint8Array = new Uint8Array(64);
  private current = -1;
  private line = 1;
  private entries = 0;
  private splitter = new FieldSplitter();
  private asTrecEval: boolean;
  private collect: boolean;

  /** @param onQuery receives each block of contiguous lines of one query (stream), or each whole query (collect). */
  constructor(private onQuery: (q: RunQuery) => void, private options: RunReaderOptions = {}) {
    this.asTrecEval = options.asTrecEval ?? false;
    this.collect = options.mode === 'collect';
  }

  /** Reads text made of whole lines (the last chunk may lack its final line break); false once reading has stopped. */
  feed(text: string): boolean {
    if (this.scattered) return false;
    this.splitter.startChunk(text);
    let line = this.line;
    for (let from = 0; from < text.length; line++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      if (this.skips(text, from, to)) { from = to + 1; continue; }
      const count = this.splitter.split(from, to, 6, false);
      // A short line is reported by the thread that reads its first field's query; in a stream it
      // belongs to no block, so that it cannot make the query around it look scattered.
      const query = count >= 6 || (count > 0 && this.collect) ? this.queryOf(text, line) : -1;
      if (this.scattered) { this.line = line; return false; }
      if (query >= 0 && count >= 6) this.readFields(text, from, line, query);
      else if (count > 0 && count < 6 && (query >= 0 || !this.collect)) {
        this.problems.push(lineProblem('run', line, text, from, to, 'malformed-line',
          `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${count}. The line is skipped.`));
      }
      from = to + 1;
    }
    this.line = line;
    return true;
  }

  /** Hands over what is left; returns the problems and counts. */
  end(): { problems: TrecProblem[]; lines: number; entries: number; qids: string[] } {
    if (this.collect) this.store.eachQuery(this.qids, this.onQuery);
    else if (!this.scattered) this.close();
    return { problems: this.problems.list(), lines: this.line - 1, entries: this.entries, qids: this.qids.filter((_, k) => this.accepted[k]) };
  }

  // collect with a share: whether the line's query is another thread's, read from its first field alone.
  private skips(text: string, from: number, to: number): boolean {
    const share = this.options.share;
    if ((!this.options.accept && !share) || from >= to) return false;
    const c = text.charCodeAt(from);
    if (c <= 32 || c === 35) return false; // leading space or a comment: the full split decides
    // The qid's hash while looking for its end: another share's line costs no string and no lookup.
    let h = FNV_OFFSET;
    let end = from;
    while (end < to) {
      const d = text.charCodeAt(end);
      if (d <= 32 && isSpace(d)) break;
      h = Math.imul(h ^ d, FNV_PRIME);
      end++;
    }
    if (share && (h >>> 0) % share.parts !== share.part) return true;
    if (!this.options.accept) return false;
    const current = this.current;
    if (current >= 0 && sameText(text, from, end, this.qids[current])) return !this.accepted[current];
    this.current = this.indexOf(text.slice(from, end));
    return !this.accepted[this.current];
  }

  private indexOf(qid: string): number {
    let k = this.index.get(qid);
    if (k === undefined) {
      k = this.qids.length;
      this.qids.push(qid);
      this.index.set(qid, k);
      const share = this.options.share;
      this.accepted.push((this.options.accept?.(qid) ?? true) && (!share || queryShare(qid, share.parts) === share.part));
      if (k === this.closed.length) { const c = new Uint8Array(2 * k); c.set(this.closed); this.closed = c; }
    }
    return k;
  }

  // The index of the line's query; −1 for a line to skip (another thread's query, or a stream that stops here).
  private queryOf(text: string, line: number): number {
    const f = this.splitter.at;
    const current = this.current;
    if (current >= 0 && sameText(text, f[0], f[1], this.qids[current])) return this.accepted[current] ? current : -1;
    const k = this.indexOf(text.slice(f[0], f[1]));
    if (!this.collect) {
      this.close();
      if (this.closed[k]) { this.scattered = true; return -1; }
    }
    this.current = k;
    return this.accepted[k] ? k : -1;
  }

  private readFields(text: string, from: number, line: number, query: number): void {
    const f = this.splitter.at;
    let score = parseDecimal(text, f[8], f[9]);
    if (Number.isNaN(score)) {
      const written = text.slice(f[8], f[9]);
      const named = this.asTrecEval ? cAtof(written) : namedFloat(written);
      const at = [utf16Column(text, from, f[8]), utf16Column(text, from, f[9])];
      if (named === undefined) {
        this.problems.push(fieldProblem('run', line, at[0], at[1], 'invalid-score', 'error',
          `The score "${shownBytes(written)}" is not a number. The line is skipped.`));
        return;
      }
      score = named;
      this.problems.push(fieldProblem('run', line, at[0], at[1], 'unusual-score', 'warning', this.asTrecEval
        ? `trec_eval reads the score "${shownBytes(written)}" as ${cNumber(score)} (C's atof: the longest number at its start, 0 when there is none).`
        : `The score "${shownBytes(written)}" is read as ${cNumber(score)}${Number.isNaN(score) ? ', which ranks last' : ''}.`));
    }
    // A block lives only until the next query starts: plain objects cost less than the store's copies.
    if (this.collect) this.store.add(text, f[4], f[5], score, line, query);
    else {
      this.block.predictions.push({ id: text.slice(f[4], f[5]), score });
      this.block.lines.push(line);
    }
    this.entries++;
  }

  // stream: hands over the block being read, if any.
  private close(): void {
    const k = this.current;
    if (k < 0 || this.collect) return;
    this.current = -1;
    this.closed[k] = 1;
    if (this.block.lines.length > 0) this.onQuery({ qid: this.qids[k], predictions: this.block.predictions, lines: this.block.lines });
    this.block = { qid: '', predictions: [], lines: [] };
  }
}

const FNV_OFFSET = 0x811c9dc5;
const FNV_PRIME = 0x01000193;

/** Which of `parts` threads reads a query in a second pass: FNV-1a of its bytes, modulo parts. */
export function queryShare(qid: string, parts: number): number {
  let h = FNV_OFFSET;
  for (let i = 0; i < qid.length; i++) h = Math.imul(h ^ qid.charCodeAt(i), FNV_PRIME);
  return (h >>> 0) % parts;
}

function cNumber(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v === Infinity ? '∞' : v === -Infinity ? '−∞' : String(v);
}

/** Parses a whole run text (a byte string), every query whole whatever the order of its lines. */
export function parseRun(text: string, asTrecEval = false): { queries: Map<string, RunQuery>; problems: TrecProblem[]; lines: number; entries: number } {
  const queries = new Map<string, RunQuery>();
  const reader = new RunReader((q) => queries.set(q.qid, q), { asTrecEval, mode: 'collect' });
  reader.feed(text);
  const { problems, lines, entries } = reader.end();
  return { queries, problems, lines, entries };
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
  const id = shownBytes(q.predictions[found.index].id);
  const more = repeats > 1 ? ` (${repeats - 1} more repeated line${repeats > 2 ? 's' : ''} in this query)` : '';
  return [{ file: 'run', line: q.lines[found.index], start: 0, end: 0, code: 'duplicate-prediction',
    severity: conv.duplicates === 'error' ? 'error' : 'warning',
    message: `"${id}" appears twice for query ${shownBytes(q.qid)}${more}: ${effect}.`,
    related: [{ file: 'run', line: q.lines[found.prior], message: 'first occurrence' }] }];
}
