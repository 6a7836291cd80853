/**
 * Sorting prediction indices by score, descending, ties in index order. Array.prototype.sort with a
 * comparator dominated evaluation time (a JS call per comparison); this quicksort moves keys and
 * indices together in typed arrays, so each comparison reads two adjacent numbers. Long lists of
 * scores written with a few decimals (nearly every run's) are sorted by radix instead (radixSort).
 */

/**
 * Indices 0..n-1 ordered by keys descending, equal keys by index ascending, written into `idx`. With
 * `needed`, only the positions of flagged indices are exact: a segment holding no flagged index is
 * left unsorted. `work` (length ≥ n) spares the copy of the keys the sort permutes, and `radix` the
 * radix sort's buffers (see radixScratch); without them each sort allocates its own.
 */
export function sortIndicesByKeyDesc(
  keys: Float64Array,
  needed?: Uint8Array,
  idx: Int32Array = new Int32Array(keys.length),
  work?: Float64Array,
  radix?: RadixScratch,
): Int32Array {
  const n = keys.length;
  for (let i = 0; i < n; i++) idx[i] = i;
  let sorted = true;
  for (let i = 1; i < n && sorted; i++) if (keys[i] > keys[i - 1]) sorted = false;
  if (!sorted) {
    // The sort moves keys with their indices: a copy, into `work` when the caller lends one.
    const k = work ? work.subarray(0, n) : new Float64Array(n);
    if (needed || n < RADIX_MIN || !radixSort(keys, idx, k, radix)) {
      k.set(keys);
      quicksort(k, idx, 0, n - 1, needed);
    }
  }
  return idx;
}

// Below this many keys the quicksort's work is less than the radix sort's fixed cost (its counts).
const RADIX_MIN = 256;
// Exact powers of ten: x = m / 10^d is tested by that very division, as a reader computes x.
const POW10: readonly number[] = Array.from({ length: 16 }, (_, d) => 10 ** d);
// A digit has at most MAX_WIDTH bits: 2^11 counts per pass, so that 32 bits take 3 passes.
const MAX_WIDTH = 11;

/**
 * The radix sort's buffers, owned by whoever sorts many lists one after another (a CaseScratch
 * holds one): the digits and indices, grown to the longest list sorted, and the counts of each pass.
 * A list is sorted through them and read before the next sort; nothing in them outlives a sort.
 */
export interface RadixScratch {
  digits: Uint32Array;
  digitsBack: Uint32Array;
  indexBack: Int32Array;
  counts: Int32Array;
}

/** Radix sort buffers for lists of up to `n` keys, none made before a list needs them (grown when a longer list comes). */
export function radixScratch(n = 0): RadixScratch {
  return {
    digits: new Uint32Array(n),
    digitsBack: new Uint32Array(n),
    indexBack: new Int32Array(n),
    counts: new Int32Array(n > 0 ? 3 << MAX_WIDTH : 0),
  };
}

// The fewest decimals d ≤ 15 with x = m / 10^d for a whole m, or −1 (NaN, too many digits).
function decimalsOf(x: number): number {
  for (let d = 0; d < POW10.length; d++) if (Math.round(x * POW10[d]) / POW10[d] === x) return d;
  return -1;
}

/**
 * Sorts when every key is m / 10^d for one d, with whole numbers m less than 2^32 apart (scores
 * written with a few decimals): a stable sort of max(m) − m a digit at a time, so that equal keys
 * stay in index order with no comparison at all. Returns false, `idx` untouched, for other keys
 * (NaN, ±∞, too many digits, too wide a range); `whole` (length n) is scratch, and so is `radix`
 * (buffers of this sort's own when none is given).
 */
export function radixSort(keys: Float64Array, idx: Int32Array, whole: Float64Array, radix?: RadixScratch): boolean {
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
  const buffers = radix ?? radixScratch(n);
  if (buffers.digits.length < n) {
    buffers.digits = new Uint32Array(n);
    buffers.digitsBack = new Uint32Array(n);
    buffers.indexBack = new Int32Array(n);
    if (buffers.counts.length === 0) buffers.counts = new Int32Array(3 << MAX_WIDTH);
  }
  // As few passes as digits of at most MAX_WIDTH bits allow, the range's bits shared out evenly
  // among them: scores with 4 decimals below 26 (18 bits) take 2 passes of 9 bits, not 3 of 8.
  const bits = 32 - Math.clz32(hi - lo);
  const passes = Math.ceil(bits / MAX_WIDTH);
  const width = Math.ceil(bits / Math.max(passes, 1));
  const mask = (1 << width) - 1;
  const size = mask + 1;
  const count = buffers.counts;
  count.fill(0, 0, 3 * size);
  // Every digit counted, with no loop over the passes: a digit beyond the range's counts only in
  // its table's zero bucket, which no pass reads. (A loop per element cost a fifth of the sort.)
  const u32 = buffers.digits;
  const shift2 = 2 * width;
  for (let i = 0; i < n; i++) {
    const u = hi - whole[i];
    u32[i] = u;
    count[u & mask]++;
    count[size + ((u >>> width) & mask)]++;
    count[2 * size + ((u >>> shift2) & mask)]++;
  }
  let from: Uint32Array = u32;
  let fromIndex: Int32Array = idx;
  let to: Uint32Array = buffers.digitsBack;
  let toIndex: Int32Array = buffers.indexBack;
  for (let p = 0; p < passes; p++) {
    const base = p * size;
    for (let c = 0, sum = 0; c < size; c++) {
      const k = count[base + c];
      count[base + c] = sum;
      sum += k;
    }
    const shift = width * p;
    for (let i = 0; i < n; i++) {
      const u = from[i];
      const at = count[base + ((u >>> shift) & mask)]++;
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
      if (i <= j) {
        swap(k, ix, i, j);
        i++;
        j--;
      }
    }
    // Recurse into the smaller half, loop on the larger: bounded stack depth.
    if (j - lo < hi - i) {
      quicksort(k, ix, lo, j, needed);
      lo = i;
    } else {
      quicksort(k, ix, i, hi, needed);
      hi = j;
    }
    if (needed && !holdsNeeded(ix, needed, lo, hi)) return;
  }
  for (let i = lo + 1; i <= hi; i++) {
    const vk = k[i];
    const vi = ix[i];
    let j = i - 1;
    while (j >= lo && before(vk, vi, k[j], ix[j])) {
      k[j + 1] = k[j];
      ix[j + 1] = ix[j];
      j--;
    }
    k[j + 1] = vk;
    ix[j + 1] = vi;
  }
}

function swap(k: Float64Array, ix: Int32Array, a: number, b: number): void {
  const tk = k[a];
  k[a] = k[b];
  k[b] = tk;
  const ti = ix[a];
  ix[a] = ix[b];
  ix[b] = ti;
}
