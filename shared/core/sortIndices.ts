/**
 * Sorting prediction indices by score, descending, ties in index order. Array.prototype.sort with a
 * comparator dominated evaluation time (a JS call per comparison); this quicksort moves keys and
 * indices together in typed arrays, so each comparison reads two adjacent numbers.
 */

/**
 * Indices 0..n-1 ordered by keys descending, equal keys by index ascending, written into `idx`. With
 * `needed`, only the positions of flagged indices are exact: a segment holding no flagged index is
 * left unsorted. `work` (length ≥ n) spares the copy of the keys the sort permutes.
 */
export function sortIndicesByKeyDesc(keys: Float64Array, needed?: Uint8Array, idx: Int32Array = new Int32Array(keys.length), work?: Float64Array): Int32Array {
  const n = keys.length;
  for (let i = 0; i < n; i++) idx[i] = i;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (keys[i] > keys[i - 1]) sorted = false;
  if (!sorted) {
    // The sort moves keys with their indices: a copy, into `work` when the caller lends one.
    const k = work ? work.subarray(0, n) : keys.slice();
    if (work) k.set(keys);
    quicksort(k, idx, 0, n - 1, needed);
  }
  return idx;
}

// a goes before b: larger key first, then smaller index.
function before(ka: number, ia: number, kb: number, ib: number): boolean {
  return ka > kb || (ka === kb && ia < ib);
}

// Whether ix[lo..hi] holds an index whose final position matters.
function holdsNeeded(ix: Int32Array, needed: Uint8Array, lo: number, hi: number): boolean {
  for (let i = lo; i <= hi; i++) if (needed[ix[i]]) return true;
  return false;
}

function quicksort(k: Float64Array, ix: Int32Array, lo: number, hi: number, needed?: Uint8Array): void {
  // Segments sit at their final range after partitioning, so an unneeded one can stay unsorted.
  if (needed && !holdsNeeded(ix, needed, lo, hi)) return;
  while (hi - lo > 16) {
    const mid = (lo + hi) >>> 1;
    // Median of three as pivot, to stay O(n log n) on sorted-ish input.
    if (before(k[mid], ix[mid], k[lo], ix[lo])) swap(k, ix, mid, lo);
    if (before(k[hi], ix[hi], k[lo], ix[lo])) swap(k, ix, hi, lo);
    if (before(k[hi], ix[hi], k[mid], ix[mid])) swap(k, ix, hi, mid);
    const pk = k[mid];
    const pi = ix[mid];
    let i = lo;
    let j = hi;
    while (i <= j) {
      while (before(k[i], ix[i], pk, pi)) i++;
      while (before(pk, pi, k[j], ix[j])) j--;
      if (i <= j) { swap(k, ix, i, j); i++; j--; }
    }
    // Recurse into the smaller half, loop on the larger: bounded stack depth.
    if (j - lo < hi - i) { quicksort(k, ix, lo, j, needed); lo = i; } else { quicksort(k, ix, i, hi, needed); hi = j; }
    if (needed && !holdsNeeded(ix, needed, lo, hi)) return;
  }
  for (let i = lo + 1; i <= hi; i++) {
    const vk = k[i];
    const vi = ix[i];
    let j = i - 1;
    while (j >= lo && before(vk, vi, k[j], ix[j])) { k[j + 1] = k[j]; ix[j + 1] = ix[j]; j--; }
    k[j + 1] = vk;
    ix[j + 1] = vi;
  }
}

function swap(k: Float64Array, ix: Int32Array, a: number, b: number): void {
  const tk = k[a]; k[a] = k[b]; k[b] = tk;
  const ti = ix[a]; ix[a] = ix[b]; ix[b] = ti;
}
