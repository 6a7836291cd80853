/**
 * The query ids of a qrels or run file, read as bytes, numbered 0, 1, 2, … in the order first met:
 * each distinct id is kept once, its bytes side by side in pages, and its string is made once, when
 * first asked for. A run's reader looks up the query of a line without making a string of it.
 */
import { Buffer } from 'node:buffer';
import { spreadBits } from '../../core/hash';

// Bytes are kept in pages of PAGE bytes; an id never spans two pages (a longer one gets a page of its own).
const PAGE = 1 << 20;

type Latin1Slicing = Buffer & { latin1Slice(start: number, end: number): string };

/** A table of query ids (byte strings) to dense numbers. */
export class QidTable {
  /** How many ids are interned: their numbers are 0 … count − 1. */
  count = 0;
  private pages: Buffer[] = [];
  private used = PAGE; // bytes used in the last page
  private page = new Int32Array(1024);
  private offset = new Int32Array(1024);
  private length = new Int32Array(1024);
  private hashes = new Int32Array(1024);
  // Open addressing, linear probing: id + 1 per slot, 0 for an empty slot; at most half full.
  private table = new Int32Array(2048);
  private mask = 2047;
  private strings: (string | undefined)[] = [];

  /** The number of the id bytes[from, to) (whose FNV-1a hash, core/hash's hashBytes, is `hash`), numbering it if new. */
  intern(bytes: Uint8Array, from: number, to: number, hash: number): number {
    const table = this.table;
    const mask = this.mask;
    let s = spreadBits(hash) & mask;
    for (let e = table[s]; e !== 0; e = table[s]) {
      if (this.hashes[e - 1] === hash && this.equals(e - 1, bytes, from, to)) return e - 1;
      s = (s + 1) & mask;
    }
    return this.add(bytes, from, to, hash, s);
  }

  /** The id as a byte string (one character per byte), made once and kept. */
  string(id: number): string {
    let s = this.strings[id];
    if (s === undefined) {
      const at = this.offset[id];
      s = (this.pages[this.page[id]] as Latin1Slicing).latin1Slice(at, at + this.length[id]);
      this.strings[id] = s;
    }
    return s;
  }

  private equals(id: number, bytes: Uint8Array, from: number, to: number): boolean {
    const n = to - from;
    if (this.length[id] !== n) return false;
    const page = this.pages[this.page[id]];
    const at = this.offset[id];
    for (let i = 0; i < n; i++) if (page[at + i] !== bytes[from + i]) return false;
    return true;
  }

  private add(bytes: Uint8Array, from: number, to: number, hash: number, slot: number): number {
    const id = this.count;
    const n = to - from;
    if (id === this.page.length) this.growIds();
    if (this.used + n > PAGE) {
      this.pages.push(Buffer.allocUnsafeSlow(Math.max(PAGE, n)));
      this.used = 0;
    }
    const page = this.pages[this.pages.length - 1];
    const at = this.used;
    for (let i = 0; i < n; i++) page[at + i] = bytes[from + i];
    this.used = n > PAGE ? PAGE : at + n;
    this.page[id] = this.pages.length - 1;
    this.offset[id] = at;
    this.length[id] = n;
    this.hashes[id] = hash;
    this.table[slot] = id + 1;
    this.strings.push(undefined); // one entry per id: a dense array, never a sparse one
    this.count = id + 1;
    if (2 * this.count > this.mask) this.growTable();
    return id;
  }

  private growIds(): void {
    const grow = (a: Int32Array) => {
      const b = new Int32Array(2 * a.length);
      b.set(a);
      return b;
    };
    this.page = grow(this.page);
    this.offset = grow(this.offset);
    this.length = grow(this.length);
    this.hashes = grow(this.hashes);
  }

  private growTable(): void {
    this.table = new Int32Array(2 * this.table.length);
    this.mask = this.table.length - 1;
    for (let id = 0; id < this.count; id++) {
      let s = spreadBits(this.hashes[id]) & this.mask;
      while (this.table[s] !== 0) s = (s + 1) & this.mask;
      this.table[s] = id + 1;
    }
  }
}
