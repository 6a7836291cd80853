/**
 * The store that holds a run whose lines are in any order. It appends each line to one of 128 logs
 * (by its query's number), 8 bytes a line plus its docid's bytes (and 4 for its line number, if it
 * numbers lines), in memory other threads can read; once the file is read, each log's queries are
 * laid out side by side and each query handed over whole, its lines in file order (those of several
 * stores, each holding some parts of the file, joined in file order).
 */
import { FNV_START, fnvStep } from '../../core/hash';
import { BlockColumns, RunBlock } from './runBlock';
import { memory } from './sharedMemory';

// A line goes to one of BUCKETS logs, by its query's number (query mod BUCKETS): the lines of a run in
// any order go each to a different query, and appending each to its query's own cells touched a
// different place of memory for every line (three cache misses a line, most of the time taken to
// keep a line). 128 logs' ends stay in the CPU's cache (on the 10k shuffled benchmark run 128 took
// 5.7–5.9 s of CPU, 256 took 6.0–6.4 s, 64 varied more). Once the file is read, each log's lines
// are counted by query and copied to their query's place, in file order (a counting sort), a log
// being small enough to stay in cache then too.
const BUCKETS = 128;
const BUCKET_BITS = 7;
// A log is pages of PAGE lines (8 bytes a line: the score, and the query's number within the bucket
// with the score's decimals and the docid's length), pages of BYTE_PAGE docid bytes and, if the
// store numbers lines, pages of PAGE line numbers: nothing is copied to grow, and only each log's
// last pages are partly used. Pages are cut from slabs of SLAB bytes: a shared buffer is costly to
// make (a thousand a second cost 0.1 s).
const PAGE = 1024;
const PAGE_BITS = 10;
const BYTE_PAGE = 1 << 14;
const SLAB = 1 << 20;
// A docid of LONG bytes or more: its length is LONG in the line, the real length 4 bytes before it.
const LONG = 0xfff;
// A score is kept as a whole number m and a count of decimals d (m / 10^d, the same double as the
// score: 9.8 million lines cost 39 MB less than as doubles); a score that is not (NaN, −0, 1e300,
// more than 14 decimals) is kept in the log's list of odd scores, its index in place of m.
const ODD = 15;
const POW10: readonly number[] = Array.from({ length: ODD }, (_, d) => 10 ** d);

// The most queries a store holds: their local numbers (query >>> BUCKET_BITS) take 16 bits.
const MOST_QUERIES = 0x10000 * BUCKETS - 1;
// A new log's last pages: none yet.

// Whether score is m / 10^d for a whole m of 31 bits (as the store keeps it).
function fits(score: number, d: number): boolean {
  const m = Math.round(score * POW10[d]);
  return m <= 0x7fffffff && m >= -0x7fffffff && m / POW10[d] === score;
}

/** One log: plain data (so that it can be posted to another thread, its pages shared when the store is). */
export interface Log {
  count: number;
  lines: Int32Array[]; // line i at lines[i >>> PAGE_BITS], slot 2 * (i & (PAGE − 1)): m, local query << 16 | d << 12 | length
  numbers: Int32Array[]; // line i's number at numbers[i >>> PAGE_BITS][i & (PAGE − 1)]; none if the store does not number lines
  numbered: boolean;
  bytes: Uint8Array[];
  used: number; // docid bytes
  odd: Float64Array; // odd scores
  odds: number;
  // The last pages, the ones add writes to: one property read, not three.
  page: Int32Array;
  numberPage: Int32Array;
  bytePage: Uint8Array;
}

/**
 * A part of the file kept in a store (a thread keeps the parts it takes in turn, one after the
 * other, in one store): in log b its lines are [from[b], to[b]) and its docid bytes start at
 * from[BUCKETS + b] (RunStore.marks); its lines are numbered from 1, lineOffset lines after the
 * file's first.
 */
export interface StorePiece {
  /** The index of its store among those handed over together. */
  store: number;
  from: Int32Array;
  to: Int32Array;
  lineOffset: number;
}

export class RunStore {
  readonly logs: Log[];
  // Made at the first page: a reader that streams (a grouped run) never keeps a line.
  private slab: ArrayBufferLike = new ArrayBuffer(0);
  private slabUsed = SLAB;
  private decimals = new Uint8Array(BUCKETS);

  /**
   * @param shared pages in shared memory, so that other threads can read the lines (see share).
   * @param numbered keeps each line's number; without, a query is handed over with no line numbers
   * (`lines` empty), and the store takes a fifth less memory (8 bytes a line and the docid's, not 12).
   */
  constructor(
    private shared = false,
    private numbered = true,
  ) {
    // Empty pages: a log's first line makes its first real ones.
    const NO_LINES = new Int32Array(0);
    const NO_BYTES = new Uint8Array(0);
    this.logs = Array.from({ length: BUCKETS }, () => ({
      count: 0,
      lines: [],
      numbers: [],
      numbered,
      bytes: [],
      used: 0,
      odd: new Float64Array(0),
      odds: 0,
      page: NO_LINES,
      numberPage: NO_LINES,
      bytePage: NO_BYTES,
    }));
  }

  /**
   * Appends a line of query `query` (a number, from 0) whose docid is from[start, end); with
   * decimals ≥ 0, the caller read the score as whole / 10^decimals (|whole| < 2^31, decimals < 15,
   * not −0), which the store keeps as it is.
   */
  add(query: number, from: Uint8Array, start: number, end: number, score: number, line: number, whole = 0, decimals = -1): void {
    // Nearly every line: a score read as whole / 10^decimals, a short docid that fits in the log's
    // last page of bytes, and room in its last page of lines. Kept small, so that V8 inlines it.
    const log = this.logs[query & (BUCKETS - 1)];
    const k = log.count;
    const slot = 2 * (k & (PAGE - 1));
    const n = end - start;
    const at = log.used & (BYTE_PAGE - 1);
    if (slot === 0 || decimals < 0 || at === 0 || BYTE_PAGE - at < n || n >= LONG || query > MOST_QUERIES) {
      this.addAny(log, query, from, start, end, score, line, whole, decimals);
      return;
    }
    const ints = log.page;
    ints[slot] = whole;
    ints[slot + 1] = ((query >>> BUCKET_BITS) << 16) | (decimals << 12) | n;
    if (this.numbered) log.numberPage[k & (PAGE - 1)] = line;
    log.count = k + 1;
    const bytes = log.bytePage;
    for (let i = start, o = at; i < end; i++) bytes[o++] = from[i];
    log.used += n;
  }

  // add, for any line.
  private addAny(
    log: Log,
    query: number,
    from: Uint8Array,
    start: number,
    end: number,
    score: number,
    line: number,
    whole: number,
    decimals: number,
  ): void {
    const local = query >>> BUCKET_BITS;
    if (local > 0xffff) throw new Error(`more than ${(0x10000 * BUCKETS).toLocaleString('en')} judged queries in one run`);
    const k = log.count;
    const slot = 2 * (k & (PAGE - 1));
    if (slot === 0) {
      log.lines.push((log.page = new Int32Array(this.page(8 * PAGE), this.slabUsed - 8 * PAGE, 2 * PAGE)));
      if (this.numbered) log.numbers.push((log.numberPage = new Int32Array(this.page(4 * PAGE), this.slabUsed - 4 * PAGE, PAGE)));
    }
    const ints = log.page;
    const n = end - start;
    let d = decimals;
    if (d >= 0) ints[slot] = whole;
    else {
      // The decimals of the log's last score first: a run's scores mostly have as many (divisions saved).
      d = this.decimals[query & (BUCKETS - 1)];
      if (!fits(score, d)) {
        d = 0;
        while (d < ODD && !fits(score, d)) d++;
        if (d < ODD) this.decimals[query & (BUCKETS - 1)] = d;
      }
      if (d === ODD || (score === 0 && 1 / score < 0)) {
        ints[slot] = this.oddScore(log, score);
        d = ODD;
      } else ints[slot] = Math.round(score * POW10[d]);
    }
    ints[slot + 1] = (local << 16) | (d << 12) | (n < LONG ? n : LONG);
    if (this.numbered) log.numberPage[k & (PAGE - 1)] = line;
    log.count = k + 1;
    if (n >= LONG) {
      const length = new Uint8Array(4);
      new DataView(length.buffer).setInt32(0, n);
      this.append(log, length, 0, 4);
    }
    // The docid's bytes: in the log's last page when they fit, else across pages.
    const at = log.used & (BYTE_PAGE - 1);
    if (at !== 0 && BYTE_PAGE - at >= n) {
      const bytes = log.bytePage;
      for (let i = start, o = at; i < end; i++) bytes[o++] = from[i];
      log.used += n;
    } else this.append(log, from, start, end);
  }

  /** Where each log ends now: its lines, then its docid bytes (a StorePiece's from or to). */
  marks(): Int32Array {
    const marks = new Int32Array(2 * BUCKETS);
    for (let b = 0; b < BUCKETS; b++) {
      marks[b] = this.logs[b].count;
      marks[BUCKETS + b] = this.logs[b].used;
    }
    return marks;
  }

  /**
   * Hands over every query with lines, whole, its lines in file order, log by log (query numbers
   * in order within a log): into `block` (emptied first) for `onQuery`, qid(query) naming it.
   */
  handOver(block: BlockColumns, qid: (query: number) => string, onQuery: (block: RunBlock) => void): void {
    const piece = { store: 0, from: new Int32Array(2 * BUCKETS), to: this.marks(), lineOffset: 0 };
    handOverShares([this.logs], [piece], new Int32Array(1), block, qid, onQuery);
  }

  // A page of `bytes` bytes (a multiple of 8) at the end of the slab (a new one when it is full).
  private page(bytes: number): ArrayBufferLike {
    if (this.slabUsed + bytes > SLAB) {
      this.slab = memory(SLAB, this.shared);
      this.slabUsed = 0;
    }
    this.slabUsed += bytes;
    return this.slab;
  }

  // Keeps a score in a log's list of odd scores; returns its index there.
  private oddScore(log: Log, score: number): number {
    if (log.odds === log.odd.length) {
      const odd = new Float64Array(memory(8 * Math.max(8, 2 * log.odds), this.shared));
      odd.set(log.odd);
      log.odd = odd;
    }
    log.odd[log.odds] = score;
    return log.odds++;
  }

  // Appends from[start, end) to a log's bytes, across as many pages as it takes.
  private append(log: Log, from: Uint8Array, start: number, end: number): void {
    for (let i = start; i < end;) {
      const at = log.used % BYTE_PAGE;
      if (at === 0) log.bytes.push((log.bytePage = new Uint8Array(this.page(BYTE_PAGE), this.slabUsed - BYTE_PAGE, BYTE_PAGE)));
      const bytes = log.bytePage;
      const m = Math.min(end - i, BYTE_PAGE - at);
      for (let j = 0; j < m; j++) bytes[at + j] = from[i + j];
      i += m;
      log.used += m;
    }
  }
}

/**
 * Hands over every query of several stores (each store's logs), each query whole: its lines of the
 * file's first piece, then of the next (`pieces` in file order, together every line of every
 * store), each in file order, numbered from the start of the file. Logs are taken one at a time
 * from the counter next[0] (Atomics), so that threads sharing the counter share the logs out as
 * each is free. A log's queries are laid out in `block` side by side, each handed over as a view of
 * its part. As RunStore.handOver otherwise.
 */
export function handOverShares(
  stores: Log[][],
  pieces: StorePiece[],
  next: Int32Array,
  block: BlockColumns,
  qid: (query: number) => string,
  onQuery: (block: RunBlock) => void,
): void {
  const layout = new Layout();
  const numbered = stores.every((logs) => logs[0].numbered);
  for (let b = Atomics.add(next, 0, 1); b < BUCKETS; b = Atomics.add(next, 0, 1)) {
    layout.count(stores.map((logs) => logs[b]));
    block.reset('', layout.lines, layout.bytes);
    for (const p of pieces) {
      if (p.to[b] > p.from[b]) scatter(stores[p.store][b], p.from[b], p.to[b], p.from[BUCKETS + b], p.lineOffset, layout, block);
    }
    const noLines = new Int32Array(0);
    for (let l = 0; l < layout.locals; l++) {
      const from = layout.lineStart[l];
      const to = layout.lineStart[l + 1];
      if (to === from) continue;
      onQuery({
        qid: qid((l << BUCKET_BITS) | b),
        count: to - from,
        bytes: block.bytes.subarray(layout.byteStart[l], layout.byteStart[l + 1]),
        docEnd: block.docEnd.subarray(from, to),
        docHash: block.docHash.subarray(from, to),
        scores: block.scores.subarray(from, to),
        lines: numbered ? block.lines.subarray(from, to) : noLines,
      });
    }
  }
}

// Where each query of a log goes among the log's lines and docid bytes laid out query by query:
// query l's lines from lineStart[l] (its next at lineNext[l]), its docid bytes from byteStart[l].
class Layout {
  locals = 0;
  lines = 0;
  bytes = 0;
  lineStart = new Int32Array(64);
  byteStart = new Int32Array(64);
  lineNext = new Int32Array(64);
  byteNext = new Int32Array(64);

  // Adds up the lines and docid bytes of each query in logs (a pass over their lines: counting
  // them as they came cost add a tenth of its time), then places them.
  count(logs: Log[]): void {
    this.locals = 0;
    this.lineStart.fill(0);
    this.byteStart.fill(0);
    let bytes = 0;
    for (const log of logs) {
      let at = 0;
      for (let first = 0; first < log.count; first += PAGE) {
        const ints = log.lines[first >>> PAGE_BITS];
        const end = 2 * Math.min(PAGE, log.count - first);
        for (let slot = 1; slot < end; slot += 2) {
          const packed = ints[slot];
          const l = packed >>> 16;
          let length = packed & LONG;
          if (length === LONG) {
            length = longLength(log, at);
            at += 4;
          }
          at += length;
          if (l >= this.locals) this.more(l);
          this.lineStart[l + 1]++;
          this.byteStart[l + 1] += length;
        }
      }
      bytes += at;
    }
    // Byte positions are 32-bit: a log's docids (a 128th of a run's) past 2 GB would need a run of 256 GB.
    if (bytes > 0x7fffffff) throw new Error('the docids of one log of the run take more than 2 GB');
    for (let l = 0; l < this.locals; l++) {
      this.lineStart[l + 1] += this.lineStart[l];
      this.byteStart[l + 1] += this.byteStart[l];
    }
    this.lines = this.lineStart[this.locals];
    this.bytes = this.byteStart[this.locals];
    this.lineNext.set(this.lineStart);
    this.byteNext.set(this.byteStart);
  }

  // Query l is the last yet.
  private more(l: number): void {
    if (l + 2 > this.lineStart.length) this.grow(l + 2);
    this.locals = l + 1;
  }

  private grow(size: number): void {
    const n = Math.max(size, 2 * this.lineStart.length);
    const int = (a: Int32Array) => {
      const x = new Int32Array(n);
      x.set(a);
      return x;
    };
    this.lineStart = int(this.lineStart);
    this.lineNext = int(this.lineNext);
    this.byteStart = int(this.byteStart);
    this.byteNext = int(this.byteNext);
  }
}

// Copies lines [from, to) of a log, whose docid bytes start at byte `at`, each to its query's place
// in block (one pass, in file order): the docid's bytes hashed on the way, its end counted from its
// query's first byte, the line number moved by lineOffset.
function scatter(log: Log, from: number, to: number, at: number, lineOffset: number, layout: Layout, block: BlockColumns): void {
  const { lineNext, byteNext, byteStart } = layout;
  // Every array in a local: V8 reloads a property after each store into a typed array.
  const { bytes: out, docEnd, docHash, scores, lines } = block;
  const { lines: pages, numbers, numbered, bytes: bytePages, odd } = log;
  let page = Math.floor(at / BYTE_PAGE);
  let offset = at % BYTE_PAGE;
  let bytes = bytePages[page];
  for (let i = from; i < to; i++) {
    const ints = pages[i >>> PAGE_BITS];
    const slot = 2 * (i & (PAGE - 1));
    const packed = ints[slot + 1];
    const l = packed >>> 16;
    let length = packed & LONG;
    if (length === LONG) {
      length = longLength(log, page * BYTE_PAGE + offset);
      offset += 4;
      while (offset >= BYTE_PAGE) {
        offset -= BYTE_PAGE;
        bytes = bytePages[++page];
      }
    }
    let end = byteNext[l];
    let h = FNV_START;
    if (offset + length < BYTE_PAGE) {
      // Nearly always: the docid within one page, the next one starting on it too.
      for (let x = offset, e = offset + length; x < e; x++) {
        const c = bytes[x];
        out[end++] = c;
        h = fnvStep(h, c);
      }
      offset += length;
    } else {
      for (let done = 0; done < length; done++) {
        const c = bytes[offset++];
        out[end++] = c;
        h = fnvStep(h, c);
        if (offset === BYTE_PAGE) {
          offset = 0;
          bytes = bytePages[++page];
        }
      }
    }
    byteNext[l] = end;
    const k = lineNext[l]++;
    const d = (packed >>> 12) & 15;
    docEnd[k] = end - byteStart[l];
    docHash[k] = h;
    scores[k] = d === ODD ? odd[ints[slot]] : d === 0 ? ints[slot] : ints[slot] / POW10[d];
    if (numbered) lines[k] = numbers[i >>> PAGE_BITS][i & (PAGE - 1)] + lineOffset;
  }
}

// The 4-byte length written before a LONG docid at byte `at` of a log.
function longLength(log: Log, at: number): number {
  const length = new Uint8Array(4);
  for (let i = 0; i < 4; i++) length[i] = log.bytes[Math.floor((at + i) / BYTE_PAGE)][(at + i) % BYTE_PAGE];
  return new DataView(length.buffer).getInt32(0);
}
