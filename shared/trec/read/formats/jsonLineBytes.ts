/**
 * The fast path of a JSON line: a flat object whose ids are strings without escapes (or whole
 * numbers) and whose grade or score is a plain decimal, written as TREC text byte for byte without
 * building a JavaScript object. Any other line (escapes, nesting, other numbers, a key twice, a tag
 * or rank column) is left to the general path (jsonRows.ts addJsonLine), which reads it the same way.
 */
import { TrecFileKind } from '../problems';
import { COLUMN_NAMES, ColumnMap, ColumnRole } from './inputFormat';
import { TrecLines, plainId, plainNumber } from './trecLines';

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
  let i = start;
  while (i < end && blank(bytes[i])) i++;
  if (bytes[i] !== 123) return -1; // {
  i++;
  const found = keys.found; // query, doc, grade, score: [start, end) each
  found.fill(-1);
  for (let k = 0; ; k++) {
    while (i < end && blank(bytes[i])) i++;
    if (bytes[i] !== QUOTE) return -1;
    const ks = i + 1;
    i = ks;
    while (i < end && bytes[i] !== QUOTE) {
      if (bytes[i] === BACKSLASH) return -1;
      i++;
    }
    if (i >= end) return -1;
    const role = keys.role(bytes, ks, i, k);
    if (role === 'slow') return -1;
    i++;
    while (i < end && blank(bytes[i])) i++;
    if (bytes[i] !== 58) return -1; // :
    i++;
    while (i < end && blank(bytes[i])) i++;
    let vs: number;
    let ve: number;
    let text = false;
    if (bytes[i] === QUOTE) {
      vs = i + 1;
      i = vs;
      while (i < end && bytes[i] !== QUOTE) {
        if (bytes[i] === BACKSLASH) return -1;
        i++;
      }
      if (i >= end) return -1;
      ve = i;
      i++;
      text = true;
    } else {
      vs = i;
      while (i < end && ((bytes[i] >= 48 && bytes[i] <= 57) || bytes[i] === 45 || bytes[i] === 46)) i++;
      ve = i;
      // true, null, a list, an object, a number with an exponent: the general path.
      if (!plainNumber(bytes, vs, ve, false)) return -1;
      // JSON has no leading zeros: "01" is not a number.
      const d = bytes[vs] === 45 ? vs + 1 : vs;
      if (bytes[d] === 48 && d + 1 < ve && bytes[d + 1] !== 46) return -1;
    }
    if (role !== 'other') {
      const slot = role === 'query' ? 0 : role === 'doc' ? 2 : role === 'grade' ? 4 : 6;
      if (found[slot] >= 0) return -1; // two keys for one role: the general path decides
      const isId = slot < 4;
      if (
        isId
          ? !plainId(bytes, vs, ve) || (!text && !plainNumber(bytes, vs, ve, true))
          : text || !plainNumber(bytes, vs, ve, lines.kind === 'qrels')
      )
        return -1;
      found[slot] = vs;
      found[slot + 1] = ve;
    }
    while (i < end && blank(bytes[i])) i++;
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
