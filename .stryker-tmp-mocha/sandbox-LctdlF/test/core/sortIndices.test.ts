/**
 * The typed-array quicksort exists only for speed, so it must order exactly as the plain comparator
 * sort does: on hand-checked lists, and on random lists long enough to reach its partitioning branch
 * (more than 16 items), with many ties, infinities and the `needed` shortcut.
 */
// @ts-nocheck

import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { sortIndicesByKeyDesc } from '../../shared/core/sortIndices';
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
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), Array.from({ length: 20 }, (_, i) => 19 - i));
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
      assert.deepEqual([...partial].sort((a, b) => a - b), Array.from(keys.keys()), `trial ${trial}: a permutation`);
      full.forEach((index, position) => {
        if (needed[index]) assert.equal(partial[position], index, `trial ${trial}: flagged index ${index} at ${position}`);
      });
    }
  });
});
