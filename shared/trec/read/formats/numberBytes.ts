/**
 * A number written as JavaScript's String(value) writes it, straight into bytes, for the common
 * case: a value that is a decimal of at most 15 significant digits and at most 6 after the point
 * (a score such as 27.5389, a grade). String() on ten million scores is most of the time of
 * converting a Parquet run; this is a few multiplications.
 *
 * Why it is String(value) exactly: with m = round(value × 10^6) below 10^15, m / 10^6 is the
 * correctly rounded quotient of two exact doubles, so `m / 10^6 === value` says that the decimal
 * m·10^-6 reads back as value. Distinct decimals of at most 15 significant digits are distinct
 * doubles (DBL_DIG is 15), so no other decimal that short reads back as value: m·10^-6 without its
 * last zeros is the shortest, the digits String() chooses (ECMA-262 Number::toString: the fewest
 * digits that read back as the value), and as 1e-6 ≤ |value| < 1e15 it writes them without an
 * exponent. (A value with a shorter decimal of fewer places gives m = that decimal × 10^6 exactly.)
 */

/** The most bytes writeNumber writes: a sign, 15 digits and a point. */
export const NUMBER_BYTES = 17;

/**
 * Writes String(value) into out from `at` (NUMBER_BYTES free) and returns where it ends, or -1
 * (nothing written) for a value it leaves to String(): not such a short decimal, or not finite.
 */
export function writeNumber(out: Uint8Array, at: number, value: number): number {
  if (value === 0) {
    out[at] = 48; // String(-0) is "0" too
    return at + 1;
  }
  let p = at;
  const negative = value < 0;
  const v = negative ? -value : value;
  if (!(v < 1e9)) {
    // A whole number of at most 15 digits; any other left to String().
    if (!(v < 1e15) || Math.floor(v) !== v) return -1;
    if (negative) out[p++] = 45;
    const high = Math.floor(v / 1e9);
    p = whole(out, p, high);
    return padded(out, p, v - high * 1e9, 9);
  }
  // m = v·10^6 as an integer, and the decimal m·10^-6 read back as v: the shortest digits are m's
  // without its last zeros (m < 1e15, at most 15 digits; see above).
  const m = Math.round(v * 1e6);
  if (m < 1 || m / 1e6 !== v) return -1;
  // floor(v) is the whole part of m·10^-6: near 1e9 doubles are 1.2e-7 apart, finer than 10^-6.
  const units = Math.floor(v);
  let fraction = (m - units * 1e6) | 0;
  if (negative) out[p++] = 45;
  p = whole(out, p, units);
  if (fraction === 0) return p;
  let k = 6;
  while (fraction % 10 === 0) {
    fraction /= 10;
    k--;
  }
  out[p++] = 46;
  return padded(out, p, fraction, k);
}

// The digits of 0 ≤ x < 1e9 ("0" for 0).
function whole(out: Uint8Array, at: number, x: number): number {
  let n = 1;
  for (let y = x | 0; y >= 10; y = (y / 10) | 0) n++;
  return padded(out, at, x, n);
}

// The last n digits of 0 ≤ x < 1e9, leading zeros written.
function padded(out: Uint8Array, at: number, x: number, n: number): number {
  let y = x | 0;
  for (let w = at + n - 1; w >= at; w--) {
    const q = (y / 10) | 0;
    out[w] = 48 + y - q * 10;
    y = q;
  }
  return at + n;
}
