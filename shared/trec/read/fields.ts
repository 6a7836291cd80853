/**
 * Fields of TREC lines as trec_eval splits them (whitespace, '#' comments), and numbers as strtod
 * reads them: the lexical layer under the qrels and run readers.
 */

// Field boundaries of a line: start and end of up to MAX_FIELDS fields.
const MAX_FIELDS = 7;

/** A run of C's isspace characters (not the Latin-1 no-break space, which JavaScript's \s would take). */
export const C_SPACES = /[\t\n\v\f\r ]+/;

/** Character codes trec_eval's isspace() accepts: space, tab, newline, vertical tab, form feed, return. */
export function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Splits lines into whitespace-separated fields. A character loop costs about 2 ns a character in
 * V8, so chunks whose only whitespace is single spaces and line breaks (nearly every real file) are
 * split with native indexOf searches instead; any other line takes the character loop.
 */
export class FieldSplitter {
  /** [start, end) of each field of the last line split. */
  readonly at = new Int32Array(2 * MAX_FIELDS);
  private text = '';
  private simple = false;

  /** @param commentsAtLineStart only a '#' in the first column starts a comment (trec_eval's qrels reader). */
  constructor(private commentsAtLineStart = false) {}
  // The last indexOf(' ', searchedFrom) answer: no space lies in [searchedFrom, found).
  private searchedFrom = Number.MAX_SAFE_INTEGER;
  private found = -1;

  startChunk(text: string): void {
    this.text = text;
    this.simple = text.indexOf('\t') < 0 && text.indexOf('\r') < 0 && text.indexOf('\v') < 0 && text.indexOf('\f') < 0;
    this.searchedFrom = Number.MAX_SAFE_INTEGER;
    this.found = -1;
  }

  /**
   * The number of fields of text[from, to), 0 for a blank or comment line. With `exact`, counts them
   * all; without, stops knowing there are at least `want` (the last one's end is then the line's end).
   */
  split(from: number, to: number, want: number, exact: boolean): number {
    if (this.simple && this.splitSimple(from, to, want, exact)) return want;
    const n = splitFields(this.text, from, to, this.at);
    // A line whose first field starts with '#' is a comment, as in trec_eval's run reader: it counts
    // as blank. Its qrels reader takes only a '#' in the first column (commentsAtLineStart).
    return n > 0 && this.text.charCodeAt(this.at[0]) === 35 && (!this.commentsAtLineStart || this.at[0] === from) ? 0 : n;
  }

  /** Like split, but a line starting with '#' is fields like any other (trec_eval's qrels reader after a comment line). */
  splitAll(from: number, to: number): number {
    return splitFields(this.text, from, to, this.at);
  }

  private splitSimple(from: number, to: number, want: number, exact: boolean): boolean {
    const at = this.at;
    let start = from;
    if (this.text.charCodeAt(from) === 35 /* # */) return false;
    for (let k = 0; k < want - 1; k++) {
      const space = this.nextSpace(start);
      if (space <= start || space >= to) return false; // an empty field, or fewer fields
      at[2 * k] = start;
      at[2 * k + 1] = space;
      start = space + 1;
    }
    if (start >= to || this.text.charCodeAt(start) === 32) return false;
    if (exact && this.nextSpace(start) >= 0 && this.nextSpace(start) < to) return false; // more fields, or trailing spaces
    at[2 * (want - 1)] = start;
    at[2 * (want - 1) + 1] = to;
    return true;
  }

  // indexOf(' ', from), remembering the answer so that lines without spaces never rescan the chunk.
  private nextSpace(from: number): number {
    if (from < this.searchedFrom || (this.found >= 0 && from > this.found)) {
      this.searchedFrom = from;
      this.found = this.text.indexOf(' ', from);
    }
    return this.found;
  }
}

/**
 * Splits text[from, to) into whitespace-separated fields, writing [start, end) pairs into `out`;
 * returns the number of fields (counting past MAX_FIELDS without recording them).
 */
function splitFields(text: string, from: number, to: number, out: Int32Array): number {
  let n = 0;
  let i = from;
  while (i < to) {
    // Most characters are > 32: one comparison decides them.
    const c = text.charCodeAt(i);
    if (c <= 32 && isSpace(c)) {
      i++;
      continue;
    }
    const start = i++;
    while (i < to) {
      const d = text.charCodeAt(i);
      if (d <= 32 && isSpace(d)) break;
      i++;
    }
    if (n < MAX_FIELDS) {
      out[2 * n] = start;
      out[2 * n + 1] = i;
    }
    n++;
  }
  return n;
}

/** Exact powers of ten, 10^0 … 10^22 (the fast path of decimal parsing divides by them). */
export const POW10: readonly number[] = [
  1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];
const DECIMAL = /^[-+]?(?:\d+\.?\d*|\.\d+)(?:[eE][-+]?\d+)?$/;

/**
 * The number written in text[start, end), as strtod reads a decimal, or NaN when it is not one.
 * Fast path (Clinger): at most 15 digits and a power of ten ≤ 22 give an exactly rounded quotient
 * without building a string; anything else goes through Number().
 */
export function parseDecimal(text: string, start: number, end: number): number {
  let i = start;
  let negative = false;
  const first = text.charCodeAt(i);
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let seenDot = false;
  for (; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (seenDot) fraction++;
    } else if (c === 46 /* . */ && !seenDot) {
      seenDot = true;
    } else break;
  }
  if (i === end && digits > 0 && digits <= 15 && fraction <= 22) {
    const value = fraction === 0 ? mantissa : mantissa / POW10[fraction];
    return negative ? -value : value;
  }
  const written = text.slice(start, end);
  return DECIMAL.test(written) ? Number(written) : NaN;
}

/**
 * parseDecimal over bytes[start, end) (a file read as bytes), its fast path only: NaN for anything
 * it does not take (an exponent, more than 15 digits, text), which callers then read as text with
 * parseDecimal, so that both give the same number for the same bytes.
 */
export function parseDecimalBytes(bytes: Uint8Array, start: number, end: number): number {
  let i = start;
  let negative = false;
  const first = bytes[i];
  if (first === 45 /* - */ || first === 43 /* + */) {
    negative = first === 45;
    i++;
  }
  let mantissa = 0;
  let digits = 0;
  let fraction = 0;
  let seenDot = false;
  for (; i < end; i++) {
    const c = bytes[i];
    if (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      if (seenDot) fraction++;
    } else if (c === 46 /* . */ && !seenDot) {
      seenDot = true;
    } else return NaN;
  }
  if (digits === 0 || digits > 15 || fraction > 22) return NaN;
  const value = fraction === 0 ? mantissa : mantissa / POW10[fraction];
  return negative ? -value : value;
}

/** Whether text[start, end) is an optional sign and up to 15 digits: read exactly by parseDecimal, and by atol alike. */
export function isWholeNumber(text: string, start: number, end: number): boolean {
  let i = start;
  const c = text.charCodeAt(i);
  if (c === 45 || c === 43) i++;
  if (i === end || end - i > 15) return false;
  for (; i < end; i++) {
    const d = text.charCodeAt(i);
    if (d < 48 || d > 57) return false;
  }
  return true;
}
