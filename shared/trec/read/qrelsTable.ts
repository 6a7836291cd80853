/** The qrels once read: judgements grouped by query, as columns (QrelsTable) or as strings (TrecQrels). */
import { latin1 } from './byteText';
import { TrecProblem } from './problems';
import { memory } from '../store/sharedMemory';

/** One query's judgements, column by column, ids as byte strings. */
export interface QrelsQuery {
  ids: string[];
  grades: number[];
  /** The line of each judgement. */
  lines: number[];
}

/** The qrels as strings, query by query (parseQrels; QrelsTable.byQuery). */
export interface TrecQrels {
  /** Judgements per query, in file order; a docid judged twice keeps its first grade. */
  queries: Map<string, QrelsQuery>;
  problems: TrecProblem[];
  /** Lines read, including blank and comment lines. */
  lines: number;
}

/**
 * The qrels as ranking uses them, without a string per judgement: judgements grouped by query in
 * column arrays, query k's at [start[k], start[k + 1]), in file order, each docid once; judgement
 * j's docid is docBytes[docStart(j), docEnd[j]) (a query's docids side by side), with its FNV-1a hash.
 */
export class QrelsTable {
  private index = new Map<string, number>();

  constructor(
    /** Judged query ids (byte strings), in the order first met. */
    readonly qids: string[],
    readonly start: Int32Array,
    readonly docBytes: Uint8Array,
    readonly docEnd: Int32Array,
    readonly docHash: Int32Array,
    readonly grades: Float64Array,
    readonly judgementLines: Int32Array,
    readonly problems: TrecProblem[],
    /** Lines read, including blank and comment lines. */
    readonly lines: number,
  ) {
    qids.forEach((qid, k) => this.index.set(qid, k));
  }

  /**
   * The table as plain data whose arrays are in shared memory, so that worker threads are sent it
   * without a copy of each array (and read the qrels once, in one thread); fromShared rebuilds it.
   */
  shared(): SharedQrels {
    return {
      qids: this.qids,
      start: shared(this.start),
      docBytes: shared(this.docBytes),
      docEnd: shared(this.docEnd),
      docHash: shared(this.docHash),
      grades: shared(this.grades),
      judgementLines: shared(this.judgementLines),
      problems: this.problems,
      lines: this.lines,
    };
  }

  /** The table of shared() data. */
  static fromShared(q: SharedQrels): QrelsTable {
    return new QrelsTable(q.qids, q.start, q.docBytes, q.docEnd, q.docHash, q.grades, q.judgementLines, q.problems, q.lines);
  }

  /** Where judgement j's docid starts in docBytes. */
  docStart(j: number): number {
    return j === 0 ? 0 : this.docEnd[j - 1];
  }

  /** Judgement j's docid as a byte string. */
  docid(j: number): string {
    return latin1(this.docBytes, this.docStart(j), this.docEnd[j]);
  }

  /** The number of a judged query, −1 for a query the qrels do not judge. */
  queryIndex(qid: string): number {
    return this.index.get(qid) ?? -1;
  }

  /** A query's judgements as strings (undefined when it is not judged). */
  query(qid: string): QrelsQuery | undefined {
    const k = this.queryIndex(qid);
    if (k < 0) return undefined;
    const q: QrelsQuery = { ids: [], grades: [], lines: [] };
    for (let j = this.start[k]; j < this.start[k + 1]; j++) {
      q.ids.push(this.docid(j));
      q.grades.push(this.grades[j]);
      q.lines.push(this.judgementLines[j]);
    }
    return q;
  }

  /** Every query's judgements as strings. */
  byQuery(): TrecQrels {
    return { queries: new Map(this.qids.map((qid) => [qid, this.query(qid)!])), problems: this.problems, lines: this.lines };
  }
}

/** A QrelsTable's data, its arrays in shared memory (QrelsTable.shared). */
export interface SharedQrels {
  qids: string[];
  start: Int32Array;
  docBytes: Uint8Array;
  docEnd: Int32Array;
  docHash: Int32Array;
  grades: Float64Array;
  judgementLines: Int32Array;
  problems: TrecProblem[];
  lines: number;
}

// A typed array's copy in a SharedArrayBuffer (the array itself when it is in one already).
function shared<T extends Int32Array | Uint8Array | Float64Array>(a: T): T {
  if (a.buffer instanceof SharedArrayBuffer) return a;
  const copy = new (a.constructor as new (buffer: ArrayBufferLike) => T)(memory(a.byteLength, true));
  copy.set(a as never);
  return copy;
}
