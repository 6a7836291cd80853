/**
 * Rows of any format written as the TREC lines the readers read, so that every rule of those
 * readers (grades as trec_eval reads them, scores, ties, a docid twice) applies to every format
 * alike; and the map back from each written line to the row's place in the file it came from.
 */
import { writeNumber } from './numberBytes';
import { RowValue, idText, numberText } from './rowValues';
import { ProblemList, TrecFileKind, TrecProblem, malformedLine } from '../problems';

/** A row's place in its file: its line (or Parquet row), 1-based, and the row's text for a message. */
export interface RowPlace {
  line: number;
  text: string;
}

/**
 * Where each written line came from, as runs of lines: a run of rows one per line (JSON lines, CSV)
 * is one segment, a JSON object with every row on its first line another.
 */
export class LineMap {
  // Segments: the first written line, the source line it came from, and the step (1: a line per row, 0: the same line).
  private firstLine: number[] = [];
  private firstSource: number[] = [];
  private step: number[] = [];
  private lines = 0;

  /** Records that the next written line came from source line `source`. */
  push(source: number): void {
    this.lines++;
    const n = this.firstLine.length - 1;
    if (n >= 0) {
      const expected = this.firstSource[n] + this.step[n] * (this.lines - this.firstLine[n]);
      if (expected === source) return;
      // A segment of one line takes any step.
      if (this.lines - this.firstLine[n] === 1 && this.step[n] === 1 && source === this.firstSource[n]) {
        this.step[n] = 0;
        return;
      }
    }
    this.firstLine.push(this.lines);
    this.firstSource.push(source);
    this.step.push(1);
  }

  /** The map as plain data (to post from a worker thread): its segments and the lines written. */
  segments(): LineSegments {
    return { firstLine: this.firstLine, firstSource: this.firstSource, step: this.step, lines: this.lines };
  }

  /**
   * Appends the map of the lines written after these (another part of the file, converted apart):
   * its written lines follow this map's, and its source lines are counted from `sourceOffset`.
   */
  append(part: LineSegments, sourceOffset: number): void {
    for (let i = 0; i < part.firstLine.length; i++) {
      this.firstLine.push(part.firstLine[i] + this.lines);
      this.firstSource.push(part.firstSource[i] + sourceOffset);
      this.step.push(part.step[i]);
    }
    this.lines += part.lines;
  }

  /** The source line of written line `line` (1-based). */
  source(line: number): number {
    let lo = 0;
    let hi = this.firstLine.length - 1;
    if (hi < 0) return line;
    while (lo < hi) {
      const mid = (lo + hi + 1) >> 1;
      if (this.firstLine[mid] <= line) lo = mid;
      else hi = mid - 1;
    }
    return this.firstSource[lo] + this.step[lo] * (line - this.firstLine[lo]);
  }
}

export type { RowValue } from './rowValues';

/** A LineMap as plain data: its segments (first written line, first source line, step) and the lines written. */
export interface LineSegments {
  firstLine: number[];
  firstSource: number[];
  step: number[];
  lines: number;
}

/** The TREC lines written so far and the problems of the rows that could not be written. */
export class TrecLines {
  readonly map = new LineMap();
  private problems = new ProblemList();
  // The TREC text written since the last take(), as bytes.
  private out = new Uint8Array(1 << 16);
  private used = 0;
  private rowsSkipped = 0;
  private tagBytes: Uint8Array;

  /**
   * kind: what the lines are; tag: the run's tag when a row has none. `where` names a place in
   * messages: "line" or "row" (Parquet).
   */
  constructor(
    readonly kind: TrecFileKind,
    private tag: string,
    private where: 'line' | 'row' = 'line',
  ) {
    this.tagBytes = bytesOf(tag);
  }

  /**
   * Adds a row: a judgement (query, doc, grade) or a ranked document (query, doc, score, tag); a run
   * row with no score is ranked by its rank (its score is minus the rank). A row that cannot be a
   * TREC line (an id missing, empty or holding a blank, a value missing) is skipped with a
   * malformed-line problem.
   */
  add(place: RowPlace, query: RowValue, doc: RowValue, value: RowValue, rank?: RowValue, tag?: RowValue): void {
    const q = idText(query);
    const d = idText(doc);
    let v = numberText(value);
    if (this.kind === 'run' && (value === undefined || value === null) && rank !== undefined) {
      const r = numberText(rank);
      v = r === undefined ? undefined : r.startsWith('-') ? r.slice(1) : r === '0' ? '0' : `-${r}`;
    }
    const t = tag === undefined || tag === null ? this.tag : idText(tag);
    const wrong =
      q === undefined
        ? whatIsWrong('query id', query)
        : d === undefined
          ? whatIsWrong('document id', doc)
          : v === undefined
            ? whatIsWrong(
                this.kind === 'qrels' ? 'grade' : value === undefined && rank !== undefined ? 'rank' : 'score',
                value === undefined ? rank : value,
              )
            : t === undefined
              ? whatIsWrong('tag', tag)
              : undefined;
    if (wrong) {
      this.skip(place, wrong);
      return;
    }
    this.write(this.kind === 'qrels' ? `${q} 0 ${d} ${v}\n` : `${q} Q0 ${d} 0 ${v} ${t}\n`);
    this.map.push(place.line);
  }

  /**
   * Adds a row whose query id, document id and grade or score are the byte ranges [qs, qe), [ds,
   * de), [vs, ve) of `bytes`, already checked (see plainId, plainNumber): the fast path of a plain row.
   */
  addBytes(line: number, bytes: Uint8Array, qs: number, qe: number, ds: number, de: number, vs: number, ve: number): void {
    const tag = this.tagBytes;
    const need = qe - qs + de - ds + ve - vs + tag.length + 12;
    if (this.used + need > this.out.length) this.grow(need);
    // Byte by byte: ids are short, and a view per field would cost more than the copy.
    const out = this.out;
    let at = this.used;
    for (let i = qs; i < qe; i++) out[at++] = bytes[i];
    out[at++] = 32;
    if (this.kind === 'run') out[at++] = 81; // Q
    out[at++] = 48; // 0
    out[at++] = 32;
    for (let i = ds; i < de; i++) out[at++] = bytes[i];
    out[at++] = 32;
    if (this.kind === 'run') {
      out[at++] = 48;
      out[at++] = 32;
    }
    for (let i = vs; i < ve; i++) out[at++] = bytes[i];
    if (this.kind === 'run') {
      out[at++] = 32;
      for (let i = 0; i < tag.length; i++) out[at++] = tag[i];
    }
    out[at++] = 10;
    this.used = at;
    this.map.push(line);
  }

  /**
   * Adds a row of ids as bytes and a finite grade or score (a Parquet row) if it is plain: ids without
   * blanks, a whole-number grade; returns false for any other, left to add().
   */
  addParts(line: number, query: Uint8Array, doc: Uint8Array, value: number): boolean {
    return this.addRanges(line, query, 0, query.length, doc, 0, doc.length, value);
  }

  /**
   * addParts with the ids as ranges of byte arrays, query[qs, qe) and doc[ds, de) (Parquet's fast
   * path: no view per value). The value is written as String(value), as every Parquet number is.
   */
  addRanges(line: number, query: Uint8Array, qs: number, qe: number, doc: Uint8Array, ds: number, de: number, value: number): boolean {
    if (!Number.isFinite(value) || (this.kind === 'qrels' && !Number.isInteger(value))) return false;
    if (qs >= qe || ds >= de) return false;
    const tag = this.tagBytes;
    // String() of a finite number is at most 25 characters (-1.2345678901234567e-308), writeNumber's fewer.
    const need = qe - qs + de - ds + 25 + tag.length + 12;
    if (this.used + need > this.out.length) this.grow(need);
    const out = this.out;
    let at = this.used;
    // Byte by byte, each checked as it is copied (a blank: nothing is kept, the row is left to add()).
    for (let i = qs; i < qe; i++) {
      const c = query[i];
      if (c === 32 || (c >= 9 && c <= 13)) return false;
      out[at++] = c;
    }
    out[at++] = 32;
    if (this.kind === 'run') out[at++] = 81; // Q
    out[at++] = 48; // 0
    out[at++] = 32;
    for (let i = ds; i < de; i++) {
      const c = doc[i];
      if (c === 32 || (c >= 9 && c <= 13)) return false;
      out[at++] = c;
    }
    out[at++] = 32;
    if (this.kind === 'run') {
      out[at++] = 48;
      out[at++] = 32;
    }
    const end = writeNumber(out, at, value);
    if (end >= 0) at = end;
    else {
      const v = String(value);
      for (let i = 0; i < v.length; i++) out[at++] = v.charCodeAt(i);
    }
    if (this.kind === 'run') {
      out[at++] = 32;
      for (let i = 0; i < tag.length; i++) out[at++] = tag[i];
    }
    out[at++] = 10;
    this.used = at;
    this.map.push(line);
    return true;
  }

  private write(text: string): void {
    if (this.used + text.length > this.out.length) this.grow(text.length);
    for (let i = 0; i < text.length; i++) this.out[this.used + i] = text.charCodeAt(i);
    this.used += text.length;
  }

  private grow(need: number): void {
    const next = new Uint8Array(Math.max(this.out.length * 2, this.used + need));
    next.set(this.out.subarray(0, this.used));
    this.out = next;
  }

  /** Skips a row that is not a row of the format (a line that is not JSON, a row with too few cells). */
  skip(place: RowPlace, what: string): void {
    this.rowsSkipped++;
    const at = this.where === 'row' ? `Row ${place.line}` : 'The line';
    this.problems.push(malformedLine(this.kind, place.line, place.text, 0, `${at} ${what}.`, 'It is skipped.'));
  }

  /** The problem of a file that is not its format at all: nothing of it is read. */
  refuse(problem: TrecProblem): void {
    this.problems.push(problem);
  }

  /** The bytes written since the last call (valid until the next row is added). */
  take(): Uint8Array {
    const bytes = this.out.subarray(0, this.used);
    this.used = 0;
    return bytes;
  }

  /** The bytes written since the last call, theirs to keep: the next rows go into `next` (a buffer given back), else a new one. */
  takeOwned(next?: Uint8Array<ArrayBuffer>): Uint8Array {
    const bytes = this.out.subarray(0, this.used);
    this.out = next && next.length >= this.out.length ? next : new Uint8Array(this.out.length);
    this.used = 0;
    return bytes;
  }

  /** The tag of the last run line written, if any, as a byte string. */
  lastTag(written: Uint8Array): string | undefined {
    if (this.kind !== 'run' || written.length === 0) return undefined;
    let start = written.length - 1;
    while (start > 0 && written[start - 1] !== 32) start--;
    return String.fromCharCode(...written.subarray(start, written.length - 1));
  }

  /** Rows skipped so far. */
  get skipped(): number {
    return this.rowsSkipped;
  }

  /** The problems of the rows skipped. */
  list(): TrecProblem[] {
    return this.problems.list();
  }
}

function bytesOf(text: string): Uint8Array {
  return Uint8Array.from(text, (c) => c.charCodeAt(0) & 0xff);
}

/** Whether bytes[from, to) is an id a TREC field holds as it is: not empty, no blank (C's isspace). */
export function plainId(bytes: Uint8Array, from: number, to: number): boolean {
  if (from >= to) return false;
  for (let i = from; i < to; i++) {
    const c = bytes[i];
    if (c === 32 || (c >= 9 && c <= 13)) return false;
  }
  return true;
}

/**
 * Whether bytes[from, to) is a plain decimal (-?digits, with a fraction for a score): read by the
 * TREC readers exactly as its number, so written as it is. Anything else takes the general path.
 */
export function plainNumber(bytes: Uint8Array, from: number, to: number, whole: boolean): boolean {
  let i = from;
  if (i < to && bytes[i] === 45) i++;
  const digits = i;
  while (i < to && bytes[i] >= 48 && bytes[i] <= 57) i++;
  if (i === digits) return false;
  if (i === to) return true;
  if (whole || bytes[i] !== 46) return false;
  i++;
  const fraction = i;
  while (i < to && bytes[i] >= 48 && bytes[i] <= 57) i++;
  return i === to && i > fraction;
}

function whatIsWrong(what: string, v: RowValue): string {
  if (v === undefined) return `has no ${what}`;
  if (v === null) return `has a null ${what}`;
  if (typeof v === 'boolean') return `has ${v} for its ${what}, not a number`;
  if (typeof v === 'object') return `has a list or an object for its ${what}`;
  if (v === '' || (typeof v === 'string' && v.trim() === '')) return `has an empty ${what}`;
  return `has a ${what} with a blank inside ("${String(v)}"), which a TREC field cannot hold`;
}
