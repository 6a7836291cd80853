/**
 * The fast path of a JSON line: a flat object whose ids are strings without escapes (or whole
 * numbers) and whose grade or score is a plain decimal, written as TREC text byte for byte without
 * building a JavaScript object. Any other line (escapes, nesting, other numbers, a key twice, a tag
 * or rank column) is left to the general path (jsonRows.ts addJsonLine), which reads it the same way.
 */
import { TrecFileKind } from '../problems';
import { COLUMN_NAMES, ColumnMap, ColumnRole } from './inputFormat';
import { TrecLines } from './trecLines';

// A role of a key as this path reads it; 'other' keys are passed over, 'slow' ones send the line to the general path.
type KeyRole = 'query' | 'doc' | 'grade' | 'score' | 'other' | 'slow';

/** The roles of the keys met, by their place in the line: lines of one file repeat their keys. */
export class JsonKeyCache {
  private keys: Uint8Array[] = [];
  private roles: KeyRole[] = [];
  /** Where a line's query id, document id, grade and score are ([start, end) each), reused line after line. */
  readonly found = new Int32Array(8);
  constructor(
    private kind: TrecFileKind,
    private map: ColumnMap,
  ) {}

  /**
   * Where the k-th key of a line ends (its closing quote) when it is the k-th key of the line before,
   * read from bytes[from] (past its opening quote) and not past `end`; -1 when it is not, or not known.
   */
  same(bytes: Uint8Array, from: number, end: number, k: number): number {
    const known = this.keys[k];
    if (!known) return -1;
    const stop = from + known.length;
    if (stop >= end || bytes[stop] !== QUOTE) return -1;
    for (let i = 0; i < known.length; i++) if (known[i] !== bytes[from + i]) return -1;
    return stop;
  }

  /** The role of the k-th key, when same() found it. */
  knownRole(k: number): KeyRole {
    return this.roles[k];
  }

  /** The role of the key bytes[from, to), the k-th key of its line. */
  role(bytes: Uint8Array, from: number, to: number, k: number): KeyRole {
    const known = this.keys[k];
    if (known && known.length === to - from) {
      let same = true;
      for (let i = 0; i < known.length; i++)
        if (known[i] !== bytes[from + i]) {
          same = false;
          break;
        }
      if (same) return this.roles[k];
    }
    const key = String.fromCharCode(...bytes.subarray(from, to));
    this.keys[k] = bytes.slice(from, to);
    this.roles[k] = this.lookUp(key);
    return this.roles[k];
  }

  private lookUp(key: string): KeyRole {
    const given = (Object.keys(this.map) as ColumnRole[]).find((r) => this.map[r] === key);
    const role = given ?? (Object.keys(COLUMN_NAMES) as ColumnRole[]).find((r) => COLUMN_NAMES[r].includes(key.toLowerCase()));
    if (role === undefined) return 'other';
    if (role === 'query' || role === 'doc' || role === 'grade' || role === 'score') return role;
    // A rank is passed over (a run with a score is ranked by it; without one, the general path
    // ranks by rank); a tag names the run: the general path.
    return role === 'rank' ? 'other' : 'slow';
  }
}

const QUOTE = 34;
const BACKSLASH = 92;

// 1 for the bytes a string's scan stops at: a quote, a backslash, a blank (C's isspace: an id cannot hold one).
const STRING_STOPS: ArrayLike<number> = Uint8Array.from({ length: 256 }, (_, c) =>
  c === QUOTE || c === BACKSLASH || c === 32 || (c >= 9 && c <= 13) ? 1 : 0,
);

// Whether a byte is JSON's white space within a line (a line break ends the line).
function blank(c: number): boolean {
  return c === 32 || c === 9 || c === 13;
}

/**
 * Writes the line that starts at bytes[start] if it takes the fast path, reading no further than
 * `end` (the end of the bytes read; `atEnd` when that is the end of the file); returns where the
 * line ends (its line break, or `end`), or -1 when it does not take the fast path (nothing written).
 */
export function fastJsonLine(
  lines: TrecLines,
  keys: JsonKeyCache,
  bytes: Uint8Array,
  start: number,
  end: number,
  line: number,
  atEnd: boolean,
): number {
  // Every read is bounded by `end`: past it the buffer holds bytes of an earlier chunk.
  let i = start;
  while (i < end && blank(bytes[i])) i++;
  if (i >= end || bytes[i] !== 123) return -1; // {
  i++;
  const found = keys.found; // query, doc, grade, score: [start, end) each
  found.fill(-1);
  for (let k = 0; ; k++) {
    while (i < end && blank(bytes[i])) i++;
    if (i >= end || bytes[i] !== QUOTE) return -1;
    const ks = i + 1;
    // Lines of a file repeat their keys: the line before's k-th key is compared as it is read.
    const known = keys.same(bytes, ks, end, k);
    let role: KeyRole;
    if (known >= 0) {
      i = known;
      role = keys.knownRole(k);
    } else {
      i = ks;
      while (i < end && bytes[i] !== QUOTE) {
        if (bytes[i] === BACKSLASH) return -1;
        i++;
      }
      if (i >= end) return -1;
      role = keys.role(bytes, ks, i, k);
    }
    if (role === 'slow') return -1;
    i++;
    while (i < end && blank(bytes[i])) i++;
    if (i >= end || bytes[i] !== 58) return -1; // :
    i++;
    while (i < end && blank(bytes[i])) i++;
    if (i >= end) return -1;
    // The value is checked as it is scanned, in one pass: a string's blanks (an id cannot hold
    // one), a number's shape (a plain decimal, -?digits with a fraction only where a run's score or
    // an unread key may have one; an exponent, true, null, a list or an object: the general path).
    let vs: number;
    let ve: number;
    let text = false;
    if (bytes[i] === QUOTE) {
      vs = i + 1;
      i = vs;
      let blanks = false;
      for (; i < end; i++) {
        const c = bytes[i];
        // One look-up for the common byte, neither a quote, a backslash nor a blank.
        if (STRING_STOPS[c] === 0) continue;
        if (c === QUOTE) break;
        if (c === BACKSLASH) return -1;
        blanks = true;
      }
      if (i >= end) return -1;
      ve = i;
      i++;
      text = true;
      // An id cannot be empty or hold a blank; a grade or score is not a string here.
      if (role !== 'other' && (blanks || ve === vs || role === 'grade' || role === 'score')) return -1;
    } else {
      vs = i;
      if (bytes[i] === 45) i++; // -
      const digits = i;
      while (i < end && bytes[i] >= 48 && bytes[i] <= 57) i++;
      // JSON has no leading zeros: "01" is not a number.
      if (i === digits || (bytes[digits] === 48 && i > digits + 1)) return -1;
      if (i < end && bytes[i] === 46) {
        // A fraction: not in an id, nor in a qrels grade.
        if (role === 'query' || role === 'doc' || (lines.kind === 'qrels' && role !== 'other')) return -1;
        const fraction = ++i;
        while (i < end && bytes[i] >= 48 && bytes[i] <= 57) i++;
        if (i === fraction) return -1;
      }
      ve = i;
    }
    if (role !== 'other') {
      const slot = role === 'query' ? 0 : role === 'doc' ? 2 : role === 'grade' ? 4 : 6;
      if (found[slot] >= 0) return -1; // two keys for one role: the general path decides
      found[slot] = vs;
      found[slot + 1] = ve;
    }
    while (i < end && blank(bytes[i])) i++;
    if (i >= end) return -1;
    if (bytes[i] === 44) {
      i++;
      continue;
    }
    if (bytes[i] !== 125) return -1; // }
    i++;
    break;
  }
  while (i < end && blank(bytes[i])) i++;
  // Bytes read end before the line does: it may go on in the next chunk.
  if (i === end ? !atEnd : bytes[i] !== 10) return -1;
  const value = lines.kind === 'qrels' ? (found[4] >= 0 ? 4 : 6) : found[4] >= 0 ? -1 : 6;
  if (found[0] < 0 || found[2] < 0 || value < 0 || found[value] < 0) return -1;
  lines.addBytes(line, bytes, found[0], found[1], found[2], found[3], found[value], found[value + 1]);
  return i;
}
