/**
 * Run lines kept as columns, not as an object per line: a block of one query's lines (docid bytes
 * side by side, each line's score and line number in typed arrays), and the store that holds a run
 * whose lines are in any order. The store gives each query its own chains of cells, appended to as
 * lines are read, so that once the file is read each query's lines are already together, in file
 * order: no sort, no index of the whole file, and about 16 bytes a line plus its docid's bytes.
 */
import { Prediction } from '../core/caseInput';
import { FNV_OFFSET, FNV_PRIME } from './byteInterner';

/** One query's lines, materialized for the metric core: predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

/**
 * One query's lines as columns, the first `count` of each: line i's docid is bytes[docEnd[i − 1],
 * docEnd[i]) (from 0 for the first), with its FNV-1a hash. Valid until its reader goes on.
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
    const int = (a: Int32Array) => { const b = new Int32Array(capacity); b.set(a.subarray(0, n)); return b; };
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

// Lines are kept in pages of PAGE lines, bytes in pages of PAGE bytes (nothing is copied to grow),
// cut into cells of CELL lines and BYTE_CELL bytes; a query's last cells are partly used, so at most
// CELL − 1 lines and BYTE_CELL − 1 bytes are wasted a query. (Records of line, docid and score in one
// stream of bytes per query cost more to pack and unpack in JavaScript than three columns.)
const PAGE = 1 << 16;
const CELL = 64;
const BYTE_CELL = 1 << 10;

// Per query, side by side: first and last line cell, lines, first and last byte cell, bytes.
const LINE_HEAD = 0;
const LINE_TAIL = 1;
const LINES = 2;
const BYTE_HEAD = 3;
const BYTE_TAIL = 4;
const BYTES = 5;
const STRIDE = 8;

export class RunStore {
  private scores: Float64Array[] = [];
  private lineNumbers: Int32Array[] = [];
  private lengths: Int32Array[] = [];
  private lineCells = 0;
  private nextLineCell = new Int32Array(1024);
  private bytePages: Uint8Array[] = [];
  private byteCells = 0;
  private nextByteCell = new Int32Array(1024);
  private queries = new Int32Array(64 * STRIDE);

  /** Appends a line of query `query` (a number of the reader's, from 0) whose docid is from[start, end). */
  add(query: number, from: Uint8Array, start: number, end: number, score: number, line: number): void {
    if ((query + 1) * STRIDE > this.queries.length) this.growQueries(query);
    const q = this.queries;
    const m = query * STRIDE;
    const k = q[m + LINES];
    if ((k & (CELL - 1)) === 0) {
      const cell = this.newLineCell();
      if (k === 0) q[m + LINE_HEAD] = cell; else this.nextLineCell[q[m + LINE_TAIL]] = cell;
      q[m + LINE_TAIL] = cell;
    }
    const at = q[m + LINE_TAIL] * CELL + (k & (CELL - 1));
    const page = at >>> 16;
    const slot = at & (PAGE - 1);
    this.scores[page][slot] = score;
    this.lineNumbers[page][slot] = line;
    this.lengths[page][slot] = end - start;
    q[m + LINES] = k + 1;
    // The docid's bytes, across as many byte cells as it takes.
    let used = q[m + BYTES];
    for (let i = start; i < end;) {
      let room = BYTE_CELL - (used & (BYTE_CELL - 1));
      if (room === BYTE_CELL) {
        const cell = this.newByteCell();
        if (used === 0) q[m + BYTE_HEAD] = cell; else this.nextByteCell[q[m + BYTE_TAIL]] = cell;
        q[m + BYTE_TAIL] = cell;
      }
      if (room > end - i) room = end - i;
      const to = q[m + BYTE_TAIL] * BYTE_CELL + (used & (BYTE_CELL - 1));
      const bytes = this.bytePages[to >>> 16];
      const offset = to & (PAGE - 1);
      for (let j = 0; j < room; j++) bytes[offset + j] = from[i + j];
      i += room;
      used += room;
    }
    q[m + BYTES] = used;
  }

  /** The number of lines kept for a query. */
  sizeOf(query: number): number {
    return (query + 1) * STRIDE <= this.queries.length ? this.queries[query * STRIDE + LINES] : 0;
  }

  /** A query's lines, in file order, into `into` (emptied first). */
  copyQuery(query: number, qid: string, into: BlockColumns): void {
    const q = this.queries;
    const m = query * STRIDE;
    const n = this.sizeOf(query);
    const size = n === 0 ? 0 : q[m + BYTES];
    into.reset(qid, n, size);
    // The bytes first, cell by cell, into one run.
    const bytes = into.bytes;
    for (let cell = q[m + BYTE_HEAD], done = 0; done < size; cell = this.nextByteCell[cell]) {
      const at = cell * BYTE_CELL;
      const page = this.bytePages[at >>> 16];
      const offset = at & (PAGE - 1);
      const length = Math.min(BYTE_CELL, size - done);
      for (let i = 0; i < length; i++) bytes[done + i] = page[offset + i];
      done += length;
    }
    // Then each line, its docid's end and hash read off the run of bytes.
    let end = 0;
    for (let cell = q[m + LINE_HEAD], j = 0; j < n; cell = this.nextLineCell[cell]) {
      const at = cell * CELL;
      const page = at >>> 16;
      const slot = at & (PAGE - 1);
      const scores = this.scores[page];
      const lines = this.lineNumbers[page];
      const lengths = this.lengths[page];
      for (let i = 0; i < CELL && j < n; i++, j++) {
        const start = end;
        end += lengths[slot + i];
        let h = FNV_OFFSET;
        for (let b = start; b < end; b++) h = Math.imul(h ^ bytes[b], FNV_PRIME);
        into.docEnd[j] = end;
        into.docHash[j] = h;
        into.scores[j] = scores[slot + i];
        into.lines[j] = lines[slot + i];
      }
    }
    into.count = n;
    into.used = end;
  }

  private newLineCell(): number {
    const cell = this.lineCells++;
    if (cell === this.nextLineCell.length) this.nextLineCell = doubled(this.nextLineCell);
    if ((cell * CELL) >>> 16 === this.scores.length) {
      this.scores.push(new Float64Array(PAGE));
      this.lineNumbers.push(new Int32Array(PAGE));
      this.lengths.push(new Int32Array(PAGE));
    }
    return cell;
  }

  private newByteCell(): number {
    const cell = this.byteCells++;
    if (cell === this.nextByteCell.length) this.nextByteCell = doubled(this.nextByteCell);
    if ((cell * BYTE_CELL) >>> 16 === this.bytePages.length) this.bytePages.push(new Uint8Array(PAGE));
    return cell;
  }

  private growQueries(query: number): void {
    const q = new Int32Array(Math.max(2 * this.queries.length, (query + 1) * STRIDE));
    q.set(this.queries);
    this.queries = q;
  }
}

function doubled(a: Int32Array<ArrayBuffer>): Int32Array<ArrayBuffer> {
  const b = new Int32Array(2 * a.length);
  b.set(a);
  return b;
}
