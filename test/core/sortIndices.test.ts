/**
 * The typed-array quicksort exists only for speed, so it must order exactly as the plain comparator
 * sort does: on hand-checked lists, and on random lists long enough to reach its partitioning branch
 * (more than 16 items), with many ties, infinities and the `needed` shortcut.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { radixSort, sortIndicesByKeyDesc } from '../../shared/core/sortIndices';
import { below, seededUint32 } from '../../shared/stats/random';

/** The simple path: a comparator sort, larger key first, ties by index. */
function reference(keys: Float64Array): number[] {
  return Array.from(keys.keys()).sort((a, b) => (keys[b] > keys[a] ? 1 : keys[b] < keys[a] ? -1 : a - b));
}

function randomKeys(next: () => number, n: number, distinct: number): Float64Array {
  const keys = new Float64Array(n);
  for (let i = 0; i < n; i++) {
    const r = below(next, distinct + 2);
    keys[i] = r === distinct ? Infinity : r === distinct + 1 ? -Infinity : r / 4;
  }
  return keys;
}

describe('sorting prediction indices', () => {
  it('leaves an already sorted list as it is, ties in index order', () => {
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(Float64Array.from([5, 5, 3, 3, 3, 1]))), [0, 1, 2, 3, 4, 5]);
  });

  it('orders a short list by insertion: [1, 3, 3, 2] → indices 1, 2, 3, 0', () => {
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(Float64Array.from([1, 3, 3, 2]))), [1, 2, 3, 0]);
  });

  it('orders 20 ascending keys descending (the partitioning branch): 19, 18, …, 0', () => {
    const keys = Float64Array.from({ length: 20 }, (_, i) => i);
    assert.deepEqual(
      Array.from(sortIndicesByKeyDesc(keys)),
      Array.from({ length: 20 }, (_, i) => 19 - i),
    );
  });

  it('keeps 40 tied keys after one larger key in index order: 40, 0, 1, …, 39', () => {
    const keys = Float64Array.from({ length: 41 }, (_, i) => (i === 40 ? 2 : 1));
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), [40, ...Array.from({ length: 40 }, (_, i) => i)]);
  });

  it('equals the comparator sort on 600 seeded random lists of 0–300 keys, heavy ties and ±∞ included', () => {
    const next = seededUint32(20261125);
    for (let trial = 0; trial < 600; trial++) {
      const n = below(next, 301);
      const keys = randomKeys(next, n, 1 + below(next, 12));
      assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), reference(keys), `trial ${trial}, n = ${n}`);
    }
  });

  it('with `needed`, places every flagged index exactly where the full sort would', () => {
    const next = seededUint32(7);
    for (let trial = 0; trial < 300; trial++) {
      const n = 17 + below(next, 200);
      const keys = randomKeys(next, n, 2 + below(next, 30));
      const needed = new Uint8Array(n);
      for (let f = below(next, 4); f > 0; f--) needed[below(next, n)] = 1;
      const full = reference(keys);
      const partial = Array.from(sortIndicesByKeyDesc(keys, needed));
      assert.deepEqual(
        [...partial].sort((a, b) => a - b),
        Array.from(keys.keys()),
        `trial ${trial}: a permutation`,
      );
      full.forEach((index, position) => {
        if (needed[index]) assert.equal(partial[position], index, `trial ${trial}: flagged index ${index} at ${position}`);
      });
    }
  });

  it('sorts 256 or more decimal keys by radix: 300 keys (i mod 3) / 100 → the 0.02s, then the 0.01s, then the 0s, each in index order', () => {
    const keys = Float64Array.from({ length: 300 }, (_, i) => (i % 3) / 100);
    const byRemainder = (r: number) => Array.from({ length: 100 }, (_, j) => 3 * j + r);
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), [...byRemainder(2), ...byRemainder(1), ...byRemainder(0)]);
  });

  it('radix: keys of two decimal counts (0.5 and 0.25), negative keys and −0 tie with 0 in index order', () => {
    const keys = Float64Array.from({ length: 256 }, (_, i) => [0.5, -0.25, 0, -0, 1.75][i % 5]);
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), reference(keys));
    const first = Array.from(sortIndicesByKeyDesc(keys)).slice(0, 4);
    assert.deepEqual(first, [4, 9, 14, 19]); // the 1.75s first
  });

  it('radix and quicksort agree with the comparator sort on 300 seeded lists of 256–1,500 scores (4 to 9 decimals, ranges past 2^32 included)', () => {
    const next = seededUint32(20261127);
    for (let trial = 0; trial < 300; trial++) {
      const n = 256 + below(next, 1245);
      const decimals = 4 + below(next, 6);
      const spread = 10 ** below(next, 8);
      const keys = new Float64Array(n);
      for (let i = 0; i < n; i++) {
        // A fifth tie with the key before, as real runs do; now and then NaN or ±∞ (the quicksort's).
        const odd = below(next, 2000);
        keys[i] =
          i > 0 && below(next, 5) === 0
            ? keys[i - 1]
            : odd === 0
              ? Infinity
              : odd === 1
                ? -Infinity
                : Math.round((next() / 2 ** 32 - 0.5) * spread * 10 ** decimals) / 10 ** decimals;
      }
      assert.deepEqual(
        Array.from(sortIndicesByKeyDesc(keys, undefined, new Int32Array(n), new Float64Array(n))),
        reference(keys),
        `trial ${trial}, n = ${n}`,
      );
    }
  });

  it('radix refuses keys it cannot order exactly, and the quicksort orders them: 1/3, 2^60 and 2^60 + 2^8', () => {
    const thirds = Float64Array.from({ length: 260 }, (_, i) => (i % 7) / 3);
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(thirds)), reference(thirds));
    const huge = Float64Array.from({ length: 260 }, (_, i) => 2 ** 60 + (i % 2) * 2 ** 8);
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(huge)).slice(0, 3), [1, 3, 5]);
  });
});

// radixSort on its own (sortIndicesByKeyDesc falls back to the quicksort, which orders the same, so
// there only the order shows): whether it sorts, and the order it gives.
function radix(keys: number[]): false | number[] {
  const idx = Int32Array.from(keys, (_, i) => i);
  return radixSort(Float64Array.from(keys), idx, new Float64Array(keys.length)) ? Array.from(idx) : false;
}

describe('radixSort', () => {
  it('sorts keys written with a few decimals, one decimal count or several: [0.5, 0.25, 2, 0.25, -1.125] → 2, 0.5, the 0.25s, −1.125', () => {
    assert.deepEqual(radix([0.5, 0.25, 2, 0.25, -1.125]), [2, 0, 1, 3, 4]);
    assert.deepEqual(radix([3, 1, 2]), [0, 2, 1]);
  });

  it('takes as many passes of up to 11 bits as the range needs: whole keys 2^8, 2^11, 2^18, 2^22, 2^24 and 2^32 − 1 apart, and one less', () => {
    for (const range of [
      3,
      2 ** 8 - 1,
      2 ** 8,
      2 ** 11 - 1,
      2 ** 11,
      2 ** 16,
      2 ** 18 - 1,
      2 ** 18,
      2 ** 22 - 1,
      2 ** 22,
      2 ** 24,
      2 ** 32 - 1,
    ]) {
      assert.deepEqual(radix([0, range, 1, range - 1]), [1, 3, 2, 0], `range ${range}`);
    }
  });

  it('refuses, leaving the indices as they were, NaN, ±∞, 1/3, a range of 2^32 and whole numbers past 2^53', () => {
    for (const keys of [
      [NaN, 1],
      [1, NaN],
      [Infinity, 1],
      [1, -Infinity],
      [1 / 3, 1],
      [1, 1 / 3],
      [0, 2 ** 32],
      [2 ** 53 + 2, 2 ** 53 + 4],
      [-(2 ** 53) - 2, -(2 ** 53) - 4],
    ]) {
      const idx = Int32Array.from(keys, (_, i) => i);
      assert.equal(radixSort(Float64Array.from(keys), idx, new Float64Array(keys.length)), false, String(keys));
      assert.deepEqual(Array.from(idx), [0, 1]);
    }
  });

  it('keeps index order among equal keys, with no pass at all when every key is equal: [7, 7, 7] → 0, 1, 2; [5, 9, 5, 9] → 1, 3, 0, 2', () => {
    assert.deepEqual(radix([7, 7, 7]), [0, 1, 2]);
    assert.deepEqual(radix([5, 9, 5, 9]), [1, 3, 0, 2]);
  });

  it('orders 1,000 scores of 4 decimals below 26 (two passes of 9 bits) as a stable comparison sort does', () => {
    let seed = 7;
    const next = () => (seed = (Math.imul(seed, 1103515245) + 12345) >>> 0) / 2 ** 32;
    const keys = Array.from({ length: 1000 }, () => Math.round(next() * 26 * 10 ** 4) / 10 ** 4);
    keys[500] = keys[10]; // a tie, kept in index order
    const expected = keys.map((_, i) => i).sort((a, b) => keys[b] - keys[a] || a - b);
    assert.deepEqual(radix(keys), expected);
  });

  it('sorts whole numbers up to ±2^53: [2^53 − 2, 2^53], [−2^53, −2^53 + 2]', () => {
    assert.deepEqual(radix([2 ** 53 - 2, 2 ** 53]), [1, 0]);
    assert.deepEqual(radix([-(2 ** 53), -(2 ** 53) + 2]), [1, 0]);
  });
});
