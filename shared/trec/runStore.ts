/**
 * Run lines kept without an object per line: docid bytes side by side in buffers, each line's
 * docid place, score, line number and query in typed arrays (about 24 bytes a line plus its
 * docid). A run whose lines are in any order is held this way until its queries are whole.
 */
import { Prediction } from '../core/caseInput';

/** One query's lines, materialized for the metric core: predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

// Lines are kept in pages of PAGE lines and docids in buffers of ID_PAGE bytes: nothing is copied
// to grow, and at most one page is partly used (a doubling array wastes up to half).
const PAGE = 1 << 16;
const ID_PAGE = 1 << 20;

type Latin1Slicing = Buffer & { latin1Slice(start: number, end: number): string };

export class RunStore {
  count = 0;
  private idPages: Buffer[] = [];
  private used = ID_PAGE; // bytes used in the last id page
  private idAt: Uint32Array[] = []; // id page × ID_PAGE + offset: where each line's docid starts
  private idLength: Uint32Array[] = [];
  private scores: Float64Array[] = [];
  private lineNumbers: Int32Array[] = [];
  private queries: Int32Array[] = [];

  /** Appends a line: its docid is text[from, to), its query an index of the reader's. */
  add(text: string, from: number, to: number, score: number, line: number, query: number): void {
    const n = this.count;
    const page = n >>> 16;
    const k = n & (PAGE - 1);
    if (k === 0 && page === this.scores.length) this.addLinePage();
    const length = to - from;
    if (this.used + length > ID_PAGE) {
      this.idPages.push(Buffer.allocUnsafe(Math.max(ID_PAGE, length)));
      this.used = 0;
    }
    const bytes = this.idPages[this.idPages.length - 1];
    let at = this.used;
    this.idAt[page][k] = (this.idPages.length - 1) * ID_PAGE + at;
    this.idLength[page][k] = length;
    for (let i = from; i < to; i++) bytes[at++] = text.charCodeAt(i);
    this.used = length > ID_PAGE ? ID_PAGE : at;
    this.scores[page][k] = score;
    this.lineNumbers[page][k] = line;
    this.queries[page][k] = query;
    this.count = n + 1;
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
      for (let j = 0; j < n; j++) {
        const i = order[start[k] + j];
        const page = i >>> 16;
        const slot = i & (PAGE - 1);
        const at = this.idAt[page][slot];
        const from = at % ID_PAGE;
        // latin1Slice: Buffer's own decoder, without toString's argument checks (a third of the time here).
        const id = (this.idPages[(at - from) / ID_PAGE] as Latin1Slicing).latin1Slice(from, from + this.idLength[page][slot]);
        q.predictions[j] = { id, score: this.scores[page][slot] };
        q.lines[j] = this.lineNumbers[page][slot];
      }
      onQuery(q);
    }
  }

  private addLinePage(): void {
    this.idAt.push(new Uint32Array(PAGE));
    this.idLength.push(new Uint32Array(PAGE));
    this.scores.push(new Float64Array(PAGE));
    this.lineNumbers.push(new Int32Array(PAGE));
    this.queries.push(new Int32Array(PAGE));
  }
}
