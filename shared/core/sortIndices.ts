/**
 * Sorting prediction indices by score, descending, ties in index order. Array.prototype.sort with a
 * comparator dominated evaluation time (a JS call per comparison); this quicksort moves keys and
 * indices together in typed arrays, so each comparison reads two adjacent numbers. Long lists of
 * scores written with a few decimals (nearly every run's) are sorted by radix instead (radixSort).
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
    const k = work ? work.subarray(0, n) : new Float64Array(n);
    if (needed || n < RADIX_MIN || !radixSort(keys, idx, k)) {
      k.set(keys);
      quicksort(k, idx, 0, n - 1, needed);
    }
  }
  return idx;
}

// Below this many keys the quicksort's work is less than the radix sort's fixed cost (its counts).
const RADIX_MIN = 256;
// Exact powers of ten: x = m / 10^d is tested by that very division, as a reader computes x.
const POW10 = Array.from({ length: 16 }, (_, d) => 10 ** d);
// The radix sort's scratch, grown to the longest list sorted.
let digits = new Uint32Array(0);
let digitsBack = new Uint32Array(0);
let indexBack = new Int32Array(0);
const counts = new Int32Array(4 * 256);

// The fewest decimals d ≤ 15 with x = m / 10^d for a whole m, or −1 (NaN, too many digits).
function decimalsOf(x: number): number {
  for (let d = 0; d < POW10.length; d++) if (Math.round(x * POW10[d]) / POW10[d] === x) return d;
  return -1;
}

/**
 * Sorts when every key is m / 10^d for one d, with whole numbers m less than 2^32 apart (scores
 * written with a few decimals): a stable sort of max(m) − m a byte at a time, so that equal keys
 * stay in index order with no comparison at all. Returns false, `idx` untouched, for other keys
 * (NaN, ±∞, too many digits, too wide a range); `whole` (length n) is scratch.
 */
export function radixSort(keys: Float64Array, idx: Int32Array, whole: Float64Array): boolean {
  const n = keys.length;
  let d = decimalsOf(keys[0]);
  if (d < 0) return false;
  let hi = -Infinity;
  let lo = Infinity;
  for (let i = 0; i < n; i++) {
    const x = keys[i];
    const m = Math.round(x * POW10[d]);
    if (m / POW10[d] !== x) {
      // A key with more decimals: start again with as many.
      const more = decimalsOf(x);
      if (more <= d) return false;
      d = more;
      i = -1;
      hi = -Infinity;
      lo = Infinity;
      continue;
    }
    whole[i] = m;
    if (m > hi) hi = m;
    if (m < lo) lo = m;
  }
  // Also false for ±∞ (an infinite range) and past 2^53, where whole numbers are no longer exact.
  if (!(hi - lo < 2 ** 32 && hi <= 2 ** 53 && lo >= -(2 ** 53))) return false;
  if (digits.length < n) {
    digits = new Uint32Array(n);
    digitsBack = new Uint32Array(n);
    indexBack = new Int32Array(n);
  }
  const range = hi - lo;
  const passes = range < 2 ** 8 ? 1 : range < 2 ** 16 ? 2 : range < 2 ** 24 ? 3 : 4;
  counts.fill(0);
  // Every byte counted, with no loop over the passes: a byte beyond the range's counts only in its
  // zero bucket, which no pass reads. (A loop per element cost a fifth of the sort.)
  const count = counts;
  const u32 = digits;
  for (let i = 0; i < n; i++) {
    const u = hi - whole[i];
    u32[i] = u;
    count[u & 255]++;
    count[256 | ((u >>> 8) & 255)]++;
    count[512 | ((u >>> 16) & 255)]++;
    count[768 | (u >>> 24)]++;
  }
  let from: Uint32Array = u32;
  let fromIndex: Int32Array = idx;
  let to: Uint32Array = digitsBack;
  let toIndex: Int32Array = indexBack;
  for (let p = 0; p < passes; p++) {
    const base = p << 8;
    for (let c = 0, sum = 0; c < 256; c++) {
      const k = count[base | c];
      count[base | c] = sum;
      sum += k;
    }
    const shift = 8 * p;
    for (let i = 0; i < n; i++) {
      const u = from[i];
      const at = count[base | ((u >>> shift) & 255)]++;
      to[at] = u;
      toIndex[at] = fromIndex[i];
    }
    const swapped = from;
    from = to;
    to = swapped;
    const swappedIndex = fromIndex;
    fromIndex = toIndex;
    toIndex = swappedIndex;
  }
  if (fromIndex !== idx) idx.set(fromIndex.subarray(0, n));
  return true;
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
