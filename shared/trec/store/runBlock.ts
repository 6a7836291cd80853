/**
 * One query's run lines as columns, not as an object per line: docid bytes side by side, each
 * line's docid end, hash, score and line number in typed arrays. A reader fills a block and hands it
 * over, again and again (BlockColumns); the store hands over views of its layout (runStore.ts).
 */
import { Prediction } from '../../core/caseInput';

/** One query's lines, materialized for the metric core: predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

/**
 * One query's lines as columns, the first `count` of each: line i's docid is bytes[docEnd[i − 1],
 * docEnd[i]) (from 0 for the first), with its FNV-1a hash; `lines` is empty when it comes from a
 * store that does not number lines. Valid until its reader goes on.
 */
export interface RunBlock {
  qid: string;
  count: number;
  bytes: Uint8Array;
  docEnd: Int32Array;
  docHash: Int32Array;
  scores: Float64Array;
  lines: Int32Array;
}

/** A growable block (the one a reader fills and hands over, again and again). */
export class BlockColumns implements RunBlock {
  qid = '';
  count = 0;
  bytes = new Uint8Array(1 << 14);
  used = 0;
  docEnd = new Int32Array(1024);
  docHash = new Int32Array(1024);
  scores = new Float64Array(1024);
  lines = new Int32Array(1024);

  /** Empties it for a query, with room for `lines` lines and `bytes` docid bytes. */
  reset(qid: string, lines = 0, bytes = 0): void {
    this.qid = qid;
    this.count = 0;
    this.used = 0;
    if (lines > this.docEnd.length) this.growLines(lines);
    if (bytes > this.bytes.length) this.bytes = new Uint8Array(bytes);
  }

  /** Makes room for `bytes` more docid bytes. */
  room(bytes: number): void {
    if (this.used + bytes > this.bytes.length) this.growBytes(this.used + bytes);
  }

  /** Appends a line whose docid is from[start, end), with its FNV-1a hash. */
  push(from: Uint8Array, start: number, end: number, h: number, score: number, line: number): void {
    let at = this.used;
    if (at + end - start > this.bytes.length) this.growBytes(at + end - start);
    const bytes = this.bytes;
    for (let i = start; i < end; i++) bytes[at++] = from[i];
    this.pushCopied(at, h, score, line);
  }

  /** Appends a line whose docid the caller copied past the block's bytes, up to `at`. */
  pushCopied(at: number, h: number, score: number, line: number): void {
    const k = this.count;
    if (k === this.docEnd.length) this.growLines(2 * k);
    this.used = at;
    this.docEnd[k] = at;
    this.docHash[k] = h;
    this.scores[k] = score;
    this.lines[k] = line;
    this.count = k + 1;
  }

  private growLines(capacity: number): void {
    const n = this.count;
    const int = (a: Int32Array) => {
      const b = new Int32Array(capacity);
      b.set(a.subarray(0, n));
      return b;
    };
    const scores = new Float64Array(capacity);
    scores.set(this.scores.subarray(0, n));
    this.docEnd = int(this.docEnd);
    this.docHash = int(this.docHash);
    this.lines = int(this.lines);
    this.scores = scores;
  }

  private growBytes(needed: number): void {
    const bytes = new Uint8Array(Math.max(needed, 2 * this.bytes.length));
    bytes.set(this.bytes.subarray(0, this.used));
    this.bytes = bytes;
  }
}
