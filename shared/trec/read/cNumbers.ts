/**
 * Numbers as trec_eval's C reads them: a grade through atol (the integer prefix: "1e2" is 1,
 * "0.5" is 0, "high" is 0), a score through atof (strtod: "inf", "nan", "0x1p3", "12abc" is 12,
 * "abc" is 0), and the parameters of its measure names (-m P.5,10) through both. Leading
 * whitespace is skipped, as C skips it (isspace: not the Latin-1 no-break space).
 */

// C's isspace characters before the number, which atof and atol skip.
const LEADING_SPACE = /^[\t\n\v\f\r ]+/;
// strtod's longest prefix, in the C locale.
const STRTOD =
  /^[+-]?(?:inf(?:inity)?|nan(?:\([0-9A-Za-z_]*\))?|0x(?:[0-9a-f]+\.?[0-9a-f]*|\.[0-9a-f]+)(?:p[+-]?\d+)?|(?:\d+\.?\d*|\.\d+)(?:e[+-]?\d+)?)/i;
const LONG_MAX = 9223372036854775807;

/** C's atof(text): the value of the longest prefix strtod accepts, 0 when there is none. */
export function cAtof(text: string): number {
  const m = STRTOD.exec(text.replace(LEADING_SPACE, ''));
  if (!m) return 0;
  const t = m[0];
  const sign = t.startsWith('-') ? -1 : 1;
  const body = t.replace(/^[+-]/, '').toLowerCase();
  if (body.startsWith('inf')) return sign * Infinity;
  if (body.startsWith('nan')) return NaN;
  if (body.startsWith('0x')) return sign * hexFloat(body.slice(2));
  return Number(t);
}

/** C's atol(text) on a 64-bit long: the integer prefix, saturated at the long's range; 0 when there is none. */
export function cAtol(text: string): number {
  const m = /^[+-]?\d+/.exec(text.replace(LEADING_SPACE, ''));
  if (!m) return 0;
  const v = Number(m[0]);
  return v > LONG_MAX ? LONG_MAX : v < -LONG_MAX - 1 ? -LONG_MAX - 1 : v + 0; // + 0 turns -0 into 0
}

/** The words Python's float() and NumPy accept for the infinities and NaN (the other presets read those). */
export function namedFloat(text: string): number | undefined {
  const m = /^([+-]?)(inf|infinity|nan)$/i.exec(text);
  if (!m) return undefined;
  if (m[2].toLowerCase() === 'nan') return NaN;
  return m[1] === '-' ? -Infinity : Infinity;
}

// A hexadecimal float's digits and binary exponent, rounded once (BigInt → Number rounds to nearest even).
function hexFloat(body: string): number {
  const [mantissa, exponent] = body.split('p');
  const [whole, fraction = ''] = mantissa.split('.');
  const digits = (whole + fraction).replace(/^0+/, '') || '0';
  const scale = Number(exponent ?? 0) - 4 * fraction.length;
  return timesPowerOfTwo(Number(BigInt(`0x${digits}`)), scale);
}

// value × 2^scale rounded once, as strtod: 2^scale alone overflows past ±1023 (0 × ∞ is NaN, 1 / ∞
// is 0 where strtod gives a subnormal), so the value is first brought to [1, 2) exactly, and a result
// below the normal range is reached from 2^-1022 in one last, rounding, multiplication.
function timesPowerOfTwo(value: number, scale: number): number {
  if (value === 0 || !Number.isFinite(value)) return value;
  let e = Math.floor(Math.log2(value));
  // log2 rounds: 2^53 − 1 gives 53.
  if (value * 2 ** -e < 1) e--;
  const unit = value * 2 ** -e;
  const s = Math.max(-2200, Math.min(2200, scale + e));
  return s >= -1022 ? unit * 2 ** s : unit * 2 ** -1022 * 2 ** (s + 1022);
}
