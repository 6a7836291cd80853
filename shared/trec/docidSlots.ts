/**
 * Numbers the distinct docids of one query, read as bytes: its judged docids first, then its run
 * lines', so that a line's number says whether the docid is judged (and which judgement) and
 * whether the query names it twice. One table serves every query, emptied by a stamp: it holds one
 * query's docids (a few thousand), so it stays in the CPU's cache, where one table of every docid
 * of the run (tens of thousands, or millions) made each lookup a trip to memory.
 */
import { slotHash } from './byteInterner';

export class DocidSlots {
  /** Docids numbered in the current query: 0 … count − 1. */
  count = 0;
  private table = new Int32Array(1024); // slot number + 1 per table entry, valid when its stamp is current
  private stamps = new Int32Array(1024);
  private mask = 1023;
  private stamp = 0;
  private hashes = new Int32Array(512);
  // Where each numbered docid's bytes are: in the caller's arrays, which must not change during the query.
  private pools: Uint8Array[] = [];
  private starts = new Int32Array(512);
  private ends = new Int32Array(512);

  /** Starts a query of up to `expected` distinct docids: every earlier number is forgotten. */
  begin(expected: number): void {
    if (2 * expected > this.mask || this.stamp === 0x7fffffff) {
      let size = this.table.length;
      while (2 * expected > size - 1) size *= 2;
      this.table = new Int32Array(size);
      this.stamps = new Int32Array(size);
      this.mask = size - 1;
      this.stamp = 0;
    }
    if (expected > this.hashes.length) {
      this.hashes = new Int32Array(expected);
      this.starts = new Int32Array(expected);
      this.ends = new Int32Array(expected);
    }
    this.stamp++;
    this.count = 0;
  }

  /**
   * The number of the docid bytes[from, to) (FNV-1a hash h, see hashBytes) in this query: a docid
   * met before in the query gives its number; a new one is numbered `count` and returned as
   * −number − 1, so that one call answers both questions. bytes[from, to) must stay as they are
   * until the next begin (the table reads them again).
   */
  slot(bytes: Uint8Array, from: number, to: number, h: number): number {
    const mask = this.mask;
    const stamp = this.stamp;
    let s = slotHash(h) & mask;
    while (this.stamps[s] === stamp) {
      const k = this.table[s] - 1;
      if (this.hashes[k] === h && this.equals(k, bytes, from, to)) return k;
      s = (s + 1) & mask;
    }
    const k = this.count++;
    this.stamps[s] = stamp;
    this.table[s] = k + 1;
    if (k === this.hashes.length) this.growNumbers();
    this.hashes[k] = h;
    this.pools[k] = bytes;
    this.starts[k] = from;
    this.ends[k] = to;
    if (2 * this.count > this.mask) this.growTable();
    return -k - 1;
  }

  // More docids than begin expected: room for twice as many.
  private growNumbers(): void {
    const grow = (a: Int32Array) => { const b = new Int32Array(2 * a.length); b.set(a); return b; };
    this.hashes = grow(this.hashes);
    this.starts = grow(this.starts);
    this.ends = grow(this.ends);
  }

  private growTable(): void {
    const size = 2 * this.table.length;
    this.table = new Int32Array(size);
    this.stamps = new Int32Array(size);
    this.mask = size - 1;
    this.stamp = 1;
    for (let k = 0; k < this.count; k++) {
      let s = slotHash(this.hashes[k]) & this.mask;
      while (this.stamps[s] === 1) s = (s + 1) & this.mask;
      this.stamps[s] = 1;
      this.table[s] = k + 1;
    }
  }

  private equals(k: number, bytes: Uint8Array, from: number, to: number): boolean {
    const at = this.starts[k];
    const n = to - from;
    if (this.ends[k] - at !== n) return false;
    const pool = this.pools[k];
    for (let i = 0; i < n; i++) if (pool[at + i] !== bytes[from + i]) return false;
    return true;
  }
}
