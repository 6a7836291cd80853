/**
 * Numbers the distinct docids of one query, read as bytes: its judged docids first, then its run
 * lines', so that a line's number says whether the docid is judged (and which judgement) and
 * whether the query names it twice. One table serves every query, emptied by a stamp: it holds one
 * query's docids (a few thousand), so it stays in the CPU's cache, where one table of every docid
 * of the run (tens of thousands, or millions) made each lookup a trip to memory.
 */
import { spreadBits } from '../../core/hash';

/** A table of one query's docids (byte strings) to dense numbers, emptied for each query. */
export class DocidTable {
  /** Docids numbered in the current query: 0 … count − 1. */
  count = 0;
  // Per table entry, side by side: the stamp of the query that wrote it and the docid's number + 1.
  private table = new Int32Array(2048);
  private mask = 1023;
  private stamp = 0;
  // Per numbered docid: its hash, and where its bytes are (a pool the query began with, and a range).
  private hashes = new Int32Array(512);
  private poolOf = new Uint8Array(512);
  private starts = new Int32Array(512);
  private ends = new Int32Array(512);
  private pools: Uint8Array[] = [];

  /**
   * Starts a query of about `expected` distinct docids, whose bytes are in `pools` (slot names
   * them by their place in this list): every earlier number is forgotten. The pools' bytes must
   * stay as they are until the next begin (the table reads them again); see setPool.
   */
  begin(expected: number, ...pools: Uint8Array[]): void {
    if (2 * expected > this.mask || this.stamp === 0x7fffffff) {
      let size = this.mask + 1;
      while (2 * expected > size - 1) size *= 2;
      this.table = new Int32Array(2 * size);
      this.mask = size - 1;
      this.stamp = 0;
    }
    if (expected > this.hashes.length) this.growNumbers(expected);
    this.stamp++;
    this.count = 0;
    this.pools = pools;
  }

  /** Replaces pool `pool` by a copy of it that holds the same bytes at the same places, and more (a pool that grew). */
  setPool(pool: number, bytes: Uint8Array): void {
    this.pools[pool] = bytes;
  }

  /**
   * The number of the docid pools[pool][from, to) (FNV-1a hash h, core/hash's hashBytes) in this query: a
   * docid met before in the query gives its number; a new one is numbered `count` and returned as
   * −number − 1, so that one call answers both questions.
   */
  slot(pool: number, from: number, to: number, h: number): number {
    const table = this.table;
    const mask = this.mask;
    const stamp = this.stamp;
    let s = spreadBits(h) & mask;
    while (table[2 * s] === stamp) {
      const k = table[2 * s + 1] - 1;
      if (this.hashes[k] === h && this.equals(k, this.pools[pool], from, to)) return k;
      s = (s + 1) & mask;
    }
    const k = this.count++;
    if (k === this.hashes.length) this.growNumbers(2 * k);
    table[2 * s] = stamp;
    table[2 * s + 1] = k + 1;
    this.hashes[k] = h;
    this.poolOf[k] = pool;
    this.starts[k] = from;
    this.ends[k] = to;
    if (2 * this.count > mask) this.growTable();
    return -k - 1;
  }

  private equals(k: number, bytes: Uint8Array, from: number, to: number): boolean {
    const at = this.starts[k];
    const n = to - from;
    if (this.ends[k] - at !== n) return false;
    const pool = this.pools[this.poolOf[k]];
    for (let i = 0; i < n; i++) if (pool[at + i] !== bytes[from + i]) return false;
    return true;
  }

  // More docids than begin expected: room for `size`.
  private growNumbers(size: number): void {
    const int = (a: Int32Array) => {
      const b = new Int32Array(size);
      b.set(a.subarray(0, Math.min(a.length, size)));
      return b;
    };
    this.hashes = int(this.hashes);
    this.starts = int(this.starts);
    this.ends = int(this.ends);
    const poolOf = new Uint8Array(size);
    poolOf.set(this.poolOf.subarray(0, Math.min(this.poolOf.length, size)));
    this.poolOf = poolOf;
  }

  private growTable(): void {
    const size = 2 * (this.mask + 1);
    this.table = new Int32Array(2 * size);
    this.mask = size - 1;
    this.stamp = 1;
    for (let k = 0; k < this.count; k++) {
      let s = spreadBits(this.hashes[k]) & this.mask;
      while (this.table[2 * s] === 1) s = (s + 1) & this.mask;
      this.table[2 * s] = 1;
      this.table[2 * s + 1] = k + 1;
    }
  }
}
