/**
 * Sorting prediction indices by score, descending, ties in index order. Array.prototype.sort with a
 * comparator dominated evaluation time (a JS call per comparison); this monomorphic quicksort over a
 * typed key array is several times faster and the result does not depend on sort stability.
 */

function before(keys: Float64Array, a: number, b: number): boolean {
  return keys[a] > keys[b] || (keys[a] === keys[b] && a < b);
}

/** Indices 0..n-1 ordered by keys descending, equal keys by index ascending. */
export function sortIndicesByKeyDesc(keys: Float64Array): Int32Array {
  const n = keys.length;
  const idx = new Int32Array(n);
  for (let i = 0; i < n; i++) idx[i] = i;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (keys[i] > keys[i - 1]) sorted = false;
  if (!sorted) quicksort(keys, idx, 0, n - 1);
  return idx;
}

function quicksort(keys: Float64Array, idx: Int32Array, lo: number, hi: number): void {
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    // Median of three as pivot, to stay O(n log n) on sorted-ish input.
    if (before(keys, idx[mid], idx[lo])) swap(idx, mid, lo);
    if (before(keys, idx[hi], idx[lo])) swap(idx, hi, lo);
    if (before(keys, idx[hi], idx[mid])) swap(idx, hi, mid);
    const pivot = idx[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(keys, idx[i], pivot)) i++;
      while (before(keys, pivot, idx[j])) j--;
      if (i <= j) { swap(idx, i, j); i++; j--; }
    }
    // Recurse into the smaller half, loop on the larger: bounded stack depth.
    if (j - lo < hi - i) { quicksort(keys, idx, lo, j); lo = i; } else { quicksort(keys, idx, i, hi); hi = j; }
  }
  for (let i = lo + 1; i <= hi; i++) {
    const v = idx[i];
    let j = i - 1;
    while (j >= lo && before(keys, v, idx[j])) { idx[j + 1] = idx[j]; j--; }
    idx[j + 1] = v;
  }
}

function swap(idx: Int32Array, a: number, b: number): void {
  const t = idx[a]; idx[a] = idx[b]; idx[b] = t;
}
