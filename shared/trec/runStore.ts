/**
 * Run lines kept without an object per line: docid bytes side by side in one growing buffer, each
 * line's docid end, score, line number and query in typed arrays (about 20 bytes a line plus its
 * docid). A run whose lines are in any order is held this way until its queries are whole.
 */
import { Prediction } from '../core/caseInput';

/** One query's lines, materialized for the metric core: predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

// Lines are kept in pages of PAGE lines and docids in pages of BYTE_PAGE bytes: nothing is ever
// copied to grow, and at most one page of each is unused (a doubling array wastes up to half).
const PAGE = 1 << 16;
const BYTE_PAGE = 1 << 20;

export class RunStore {
  count = 0;
  private bytePages: Buffer[] = [];
  private used = BYTE_PAGE; // bytes used in the last byte page
  private idAt: Uint32Array[] = []; // byte page × BYTE_PAGE + offset of each line's docid
  private idLength: Uint32Array[] = [];
  private scores: Float64Array[] = [];
  private lineNumbers: Int32Array[] = [];
  private queries: Int32Array[] = [];

  /** Appends a line: its docid is text[from, to) (a byte string), its query an index of the reader's. */
  add(text: string, from: number, to: number, score: number, line: number, query: number): void {
    const n = this.count;
    const page = n >>> 16;
    const k = n & (PAGE - 1);
    if (k === 0 && page === this.scores.length) this.addLinePage();
    const length = to - from;
    if (this.used + length > BYTE_PAGE || this.bytePages.length === 0) {
      this.bytePages.push(Buffer.allocUnsafe(Math.max(BYTE_PAGE, length)));
      this.used = 0;
    }
    const bytes = this.bytePages[this.bytePages.length - 1];
    let at = this.used;
    this.idAt[page][k] = (this.bytePages.length - 1) * BYTE_PAGE + at;
    for (let i = from; i < to; i++) bytes[at++] = text.charCodeAt(i);
    this.used = length > BYTE_PAGE ? BYTE_PAGE : at;
    this.idLength[page][k] = length;
    this.scores[page][k] = score;
    this.lineNumbers[page][k] = line;
    this.queries[page][k] = query;
    this.count = n + 1;
  }

  /** Forgets every line, keeping one page of each for the next lines. */
  clear(): void {
    this.count = 0;
    this.bytePages.length = Math.min(this.bytePages.length, 1);
    this.used = 0;
    for (const pages of [this.idAt, this.idLength, this.scores, this.lineNumbers, this.queries]) pages.length = Math.min(pages.length, 1);
  }

  /** Lines [from, to) as one query. */
  range(qid: string, from: number, to: number): RunQuery {
    const q: RunQuery = { qid, predictions: new Array(to - from), lines: new Array(to - from) };
    for (let i = from; i < to; i++) this.put(q, i - from, i);
    return q;
  }

  /**
   * Every line grouped by query (a counting sort, file order kept within each query), handed over
   * one query at a time so that only one query's objects live at once.
   */
  eachQuery(qids: readonly string[], onQuery: (q: RunQuery) => void): void {
    const start = new Int32Array(qids.length + 1);
    for (let i = 0; i < this.count; i++) start[this.queries[i >>> 16][i & (PAGE - 1)] + 1]++;
    for (let k = 0; k < qids.length; k++) start[k + 1] += start[k];
    const next = start.slice(0, qids.length);
    const order = new Int32Array(this.count);
    for (let i = 0; i < this.count; i++) order[next[this.queries[i >>> 16][i & (PAGE - 1)]]++] = i;
    for (let k = 0; k < qids.length; k++) {
      const n = start[k + 1] - start[k];
      if (n === 0) continue;
      const q: RunQuery = { qid: qids[k], predictions: new Array(n), lines: new Array(n) };
      for (let j = 0; j < n; j++) this.put(q, j, order[start[k] + j]);
      onQuery(q);
    }
  }

  private put(q: RunQuery, j: number, i: number): void {
    const page = i >>> 16;
    const k = i & (PAGE - 1);
    const at = this.idAt[page][k];
    const bytes = this.bytePages[Math.floor(at / BYTE_PAGE)];
    const from = at % BYTE_PAGE;
    q.predictions[j] = { id: bytes.toString('latin1', from, from + this.idLength[page][k]), score: this.scores[page][k] };
    q.lines[j] = this.lineNumbers[page][k];
  }

  private addLinePage(): void {
    this.idAt.push(new Uint32Array(PAGE));
    this.idLength.push(new Uint32Array(PAGE));
    this.scores.push(new Float64Array(PAGE));
    this.lineNumbers.push(new Int32Array(PAGE));
    this.queries.push(new Int32Array(PAGE));
  }
}
