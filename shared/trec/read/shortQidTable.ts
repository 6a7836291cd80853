/**
 * Query ids of up to 6 bytes as numbers: the id's bytes as a base-256 number plus its length × 2^48
 * is the id itself (two ids are equal exactly when their numbers are), so a lookup compares one
 * number, never bytes. A run in any order changes query at nearly every line; a cache of such ids
 * that evicted on collisions sent a third of the lines of a 10,000-query run to the byte table.
 */
import { spreadBits } from '../../core/hash';

/** The longest id that has a number (6 bytes and a length stay below 2^53). */
export const SHORT_QID = 6;

/** The number of the id bytes[from, to), to − from ≤ SHORT_QID. */
export function shortQidKey(bytes: Uint8Array, from: number, to: number): number {
  let key = 0;
  for (let i = from; i < to; i++) key = key * 256 + bytes[i];
  return key + (to - from) * 2 ** 48;
}

/**
 * The id bytes[from, to) (at most SHORT_QID bytes) as the number it writes, if it is plain digits
 * without a leading zero ("0", "7", "12"; not "007" or "1a"); otherwise −1.
 */
export function plainNumber(bytes: Uint8Array, from: number, to: number): number {
  if (bytes[from] === 48 /* 0 */ && to - from > 1) return -1;
  let n = 0;
  for (let i = from; i < to; i++) {
    const c = bytes[i];
    if (c < 48 || c > 57) return -1;
    n = n * 10 + (c - 48);
  }
  return n;
}

/**
 * A table of short ids' numbers to query numbers: open addressing, linear probing, at most half
 * full; and, for ids that are plain numbers (most runs' qids), an array indexed by that number,
 * a tenth the size of the table for the same ids: in a shuffled run nearly every line looks its
 * query up, and the table's lookups missed the cache (a tenth of the time of the line reader).
 */
export class ShortQidTable {
  private keys = new Float64Array(1024); // 0 marks an empty slot: no id's number is 0
  private hashes = new Int32Array(1024);
  private queries = new Int32Array(1024);
  private mask = 1023;
  private count = 0;
  private byNumber = new Int32Array(0); // query + 1, 0 where none

  /** The query of the id written as the plain number n (see plainNumber), or −1. */
  numbered(n: number): number {
    return n < this.byNumber.length ? this.byNumber[n] - 1 : -1;
  }

  /** Records that the id written as the plain number n is query `query`. */
  setNumbered(n: number, query: number): void {
    if (n >= this.byNumber.length) {
      const grown = new Int32Array(Math.max(1024, 2 ** Math.ceil(Math.log2(n + 1))));
      grown.set(this.byNumber);
      this.byNumber = grown;
    }
    this.byNumber[n] = query + 1;
  }

  /** The query of the id whose number is `key` (FNV-1a hash h), or −1. */
  get(key: number, h: number): number {
    const keys = this.keys;
    const mask = this.mask;
    for (let s = spreadBits(h) & mask; ; s = (s + 1) & mask) {
      const k = keys[s];
      if (k === key) return this.queries[s];
      if (k === 0) return -1;
    }
  }

  /** Records that the id whose number is `key` (hash h, not in the table) is query `query`. */
  set(key: number, h: number, query: number): void {
    if (2 * (this.count + 1) > this.mask) this.grow();
    this.count++;
    this.put(key, h, query);
  }

  private put(key: number, h: number, query: number): void {
    let s = spreadBits(h) & this.mask;
    while (this.keys[s] !== 0) s = (s + 1) & this.mask;
    this.keys[s] = key;
    this.hashes[s] = h;
    this.queries[s] = query;
  }

  private grow(): void {
    const { keys, hashes, queries } = this;
    const size = 2 * keys.length;
    this.keys = new Float64Array(size);
    this.hashes = new Int32Array(size);
    this.queries = new Int32Array(size);
    this.mask = size - 1;
    for (let s = 0; s < keys.length; s++) if (keys[s] !== 0) this.put(keys[s], hashes[s], queries[s]);
  }
}
