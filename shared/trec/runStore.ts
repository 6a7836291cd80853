/**
 * Run lines kept as columns, not as an object per line: a block of one query's lines (docid bytes
 * side by side, each line's score and line number in typed arrays), and the store that holds a run
 * whose lines are in any order. The store appends each line to one of 256 logs (by its query's
 * number), about 16 bytes a line plus its docid's bytes; once the file is read, each log is sorted
 * by query and each query handed over whole, its lines in file order.
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

// A line goes to one of BUCKETS logs, by its query's number (query mod BUCKETS): the lines of a run in
// any order go each to a different query, and appending each to its query's own cells touched a
// different place of memory for every line (three cache misses a line, most of the time taken to
// keep a line). 256 logs' ends stay in the CPU's cache. Once the file is read, each log is sorted
// by query (a counting sort, file order kept), a log being small enough to stay in cache then too.
const BUCKETS = 256;
const BUCKET_BITS = 8;
// A log is pages of PAGE lines (16 bytes a line: score, line number, the query's number within the
// bucket and the docid's length) and pages of BYTE_PAGE docid bytes: nothing is copied to grow,
// and only each log's last pages are partly used.
const PAGE = 1024;
const PAGE_BITS = 10;
const BYTE_PAGE = 1 << 14;
// A docid of LONG bytes or more: its length is LONG in the line, the real length 4 bytes before it.
const LONG = 0xffff;

/** One log: plain data (so that it can be posted to another thread, its pages shared when the store is). */
export interface Log {
  count: number;
  scores: Float64Array[]; // line i's score at scores[page][2 * slot]; the same pages as ints
  ints: Int32Array[]; // line number at ints[page][4 * slot + 2], (local query << 16 | length) at + 3
  bytes: Uint8Array[];
  used: number; // docid bytes
}

/** A store's logs as another thread sees them, with the number of lines read before its own (its lines are numbered from 1). */
export interface StoreShare {
  logs: Log[];
  lineOffset: number;
}

export class RunStore {
  readonly logs: Log[] = Array.from({ length: BUCKETS }, () => ({ count: 0, scores: [], ints: [], bytes: [], used: 0 }));
  private sizes = new Int32Array(64);
  private length = new Uint8Array(4);

  /** @param shared pages in shared memory, so that other threads can read the lines (see share). */
  constructor(private shared = false) {}

  /** Appends a line of query `query` (a number, from 0) whose docid is from[start, end). */
  add(query: number, from: Uint8Array, start: number, end: number, score: number, line: number): void {
    if (query >= this.sizes.length) this.growQueries(query);
    const local = query >>> BUCKET_BITS;
    if (local > 0xffff) throw new Error('more than 16 million judged queries in one run');
    const log = this.logs[query & (BUCKETS - 1)];
    const k = log.count;
    const slot = k & (PAGE - 1);
    if (slot === 0) {
      const page = this.page(16 * PAGE);
      log.scores.push(new Float64Array(page));
      log.ints.push(new Int32Array(page));
    }
    const page = k >>> PAGE_BITS;
    log.scores[page][2 * slot] = score;
    const ints = log.ints[page];
    const n = end - start;
    ints[4 * slot + 2] = line;
    ints[4 * slot + 3] = (local << 16) | (n < LONG ? n : LONG);
    log.count = k + 1;
    this.sizes[query]++;
    if (n >= LONG) {
      const length = this.length;
      new DataView(length.buffer).setInt32(0, n);
      this.append(log, length, 0, 4);
    }
    // The docid's bytes: in the log's last page when they fit (nearly always), else across pages.
    const at = log.used & (BYTE_PAGE - 1);
    if (at !== 0 && BYTE_PAGE - at >= n) {
      const bytes = log.bytes[log.bytes.length - 1];
      for (let i = start, o = at; i < end; i++) bytes[o++] = from[i];
      log.used += n;
    } else this.append(log, from, start, end);
  }

  /** The number of lines kept for a query. */
  sizeOf(query: number): number {
    return query < this.sizes.length ? this.sizes[query] : 0;
  }

  /** The logs for another thread (the pages are shared only if the store was made shared). */
  share(lineOffset: number): StoreShare {
    return { logs: this.logs, lineOffset };
  }

  /**
   * Hands over every query with lines, whole, its lines in file order, log by log (query numbers
   * in order within a log): into `block` (emptied first) for `onQuery`, qid(query) naming it.
   */
  handOver(block: BlockColumns, qid: (query: number) => string, onQuery: (block: RunBlock) => void): void {
    handOverShares([this.share(0)], 0, 1, block, qid, onQuery);
  }

  private page(bytes: number): ArrayBufferLike {
    return this.shared ? new SharedArrayBuffer(bytes) : new ArrayBuffer(bytes);
  }

  // Appends from[start, end) to a log's bytes, across as many pages as it takes.
  private append(log: Log, from: Uint8Array, start: number, end: number): void {
    for (let i = start; i < end;) {
      const at = log.used % BYTE_PAGE;
      if (at === 0) log.bytes.push(new Uint8Array(this.page(BYTE_PAGE)));
      const bytes = log.bytes[log.bytes.length - 1];
      const m = Math.min(end - i, BYTE_PAGE - at);
      for (let j = 0; j < m; j++) bytes[at + j] = from[i + j];
      i += m;
      log.used += m;
    }
  }

  private growQueries(query: number): void {
    const sizes = new Int32Array(Math.max(2 * this.sizes.length, query + 1));
    sizes.set(this.sizes);
    this.sizes = sizes;
  }
}

/**
 * Hands over every query of the logs `part` of `parts` (log b when b mod parts = part) of several
 * stores, each query whole: its lines of the first store, then of the next (stores in file order),
 * each in file order, numbered from the start of the file. As RunStore.handOver otherwise.
 */
export function handOverShares(stores: StoreShare[], part: number, parts: number, block: BlockColumns, qid: (query: number) => string, onQuery: (block: RunBlock) => void): void {
  for (let b = part; b < BUCKETS; b += parts) {
    const sorted = stores.map((s) => sortLog(s.logs[b]));
    let locals = 0;
    for (const s of sorted) locals = Math.max(locals, s.start.length - 1);
    for (let l = 0; l < locals; l++) {
      let count = 0;
      let size = 0;
      for (const s of sorted) {
        if (l >= s.start.length - 1) continue;
        count += s.start[l + 1] - s.start[l];
        size += docidBytes(s, l);
      }
      if (count === 0) continue;
      block.reset(qid((l << BUCKET_BITS) | b), count, size);
      stores.forEach((store, i) => { if (l < sorted[i].start.length - 1) gather(sorted[i], l, store.lineOffset, block); });
      onQuery(block);
    }
  }
}

// A log's lines sorted by query (a counting sort that keeps file order): line order[j] is the j-th,
// query l's lines are j in start[l] … start[l + 1] − 1; byteAt[i] is line i's docid start.
interface SortedLog {
  log: Log;
  order: Int32Array;
  start: Int32Array;
  byteAt: Float64Array;
}

function sortLog(log: Log): SortedLog {
  const n = log.count;
  const byteAt = new Float64Array(n);
  let locals = 0;
  for (let i = 0, at = 0; i < n; i++) {
    const packed = log.ints[i >>> PAGE_BITS][4 * (i & (PAGE - 1)) + 3];
    let length = packed & 0xffff;
    if (length === LONG) { length = longLength(log, at); at += 4; }
    byteAt[i] = at;
    at += length;
    const local = packed >>> 16;
    if (local >= locals) locals = local + 1;
  }
  const start = new Int32Array(locals + 1);
  for (let i = 0; i < n; i++) start[(log.ints[i >>> PAGE_BITS][4 * (i & (PAGE - 1)) + 3] >>> 16) + 1]++;
  for (let l = 0; l < locals; l++) start[l + 1] += start[l];
  const next = start.slice(0, locals);
  const order = new Int32Array(n);
  for (let i = 0; i < n; i++) order[next[log.ints[i >>> PAGE_BITS][4 * (i & (PAGE - 1)) + 3] >>> 16]++] = i;
  return { log, order, start, byteAt };
}

// The docid bytes of query l's lines in a sorted log.
function docidBytes(s: SortedLog, l: number): number {
  let size = 0;
  for (let j = s.start[l]; j < s.start[l + 1]; j++) {
    const i = s.order[j];
    const length = s.log.ints[i >>> PAGE_BITS][4 * (i & (PAGE - 1)) + 3] & 0xffff;
    size += length === LONG ? longLength(s.log, s.byteAt[i] - 4) : length;
  }
  return size;
}

// Appends query l's lines of a sorted log to block (with room for them), docid bytes side by side,
// each hashed, line numbers moved by lineOffset.
function gather(s: SortedLog, l: number, lineOffset: number, block: BlockColumns): void {
  const { log, order, byteAt } = s;
  const out = block.bytes;
  let end = block.used;
  let k = block.count;
  for (let j = s.start[l]; j < s.start[l + 1]; j++, k++) {
    const i = order[j];
    const page = i >>> PAGE_BITS;
    const slot = i & (PAGE - 1);
    const ints = log.ints[page];
    let length = ints[4 * slot + 3] & 0xffff;
    let at = byteAt[i];
    if (length === LONG) length = longLength(log, at - 4);
    let h = FNV_OFFSET;
    for (let done = 0; done < length;) {
      const bytes = log.bytes[Math.floor(at / BYTE_PAGE)];
      const offset = at % BYTE_PAGE;
      const m = Math.min(length - done, BYTE_PAGE - offset);
      for (let x = offset; x < offset + m; x++) {
        const c = bytes[x];
        out[end++] = c;
        h = Math.imul(h ^ c, FNV_PRIME);
      }
      done += m;
      at += m;
    }
    block.docEnd[k] = end;
    block.docHash[k] = h;
    block.scores[k] = log.scores[page][2 * slot];
    block.lines[k] = ints[4 * slot + 2] + lineOffset;
  }
  block.count = k;
  block.used = end;
}

// The 4-byte length written before a LONG docid at byte `at` of a log.
function longLength(log: Log, at: number): number {
  const length = new Uint8Array(4);
  for (let i = 0; i < 4; i++) length[i] = log.bytes[Math.floor((at + i) / BYTE_PAGE)][(at + i) % BYTE_PAGE];
  return new DataView(length.buffer).getInt32(0);
}
