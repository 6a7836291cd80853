/**
 * Rows of any format written as the TREC lines the readers read, so that every rule of those
 * readers (grades as trec_eval reads them, scores, ties, a docid twice) applies to every format
 * alike; and the map back from each written line to the row's place in the file it came from.
 */
import { isSpace } from '../fields';
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

/** A value read from a row: a byte string (Latin-1, one character per byte), or a number, or nothing. */
export type RowValue = string | number | bigint | boolean | null | undefined;

/** The TREC lines written so far and the problems of the rows that could not be written. */
export class TrecLines {
  readonly map = new LineMap();
  private problems = new ProblemList();
  private out: string[] = [];
  private rowsSkipped = 0;

  /**
   * kind: what the lines are; tag: the run's tag when a row has none. `where` names a place in
   * messages: "line" or "row" (Parquet).
   */
  constructor(
    readonly kind: TrecFileKind,
    private tag: string,
    private where: 'line' | 'row' = 'line',
  ) {}

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
            ? whatIsWrong(this.kind === 'qrels' ? 'grade' : value === undefined && rank !== undefined ? 'rank' : 'score', value ?? rank)
            : t === undefined
              ? whatIsWrong('tag', tag)
              : undefined;
    if (wrong) {
      this.skip(place, wrong);
      return;
    }
    this.out.push(this.kind === 'qrels' ? `${q} 0 ${d} ${v}\n` : `${q} Q0 ${d} 0 ${v} ${t}\n`);
    this.map.push(place.line);
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

  /** The lines written since the last call, as one byte string (Latin-1). */
  take(): string {
    const text = this.out.join('');
    this.out = [];
    return text;
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

// An id as a byte string for a TREC field: text or a whole number; none when it is empty or holds a blank.
function idText(v: RowValue): string | undefined {
  const text =
    typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'bigint' ? String(v) : undefined;
  if (text === undefined || text === '') return undefined;
  for (let i = 0; i < text.length; i++) if (isSpace(text.charCodeAt(i))) return undefined;
  return text;
}

/**
 * A grade, score or rank as the TREC field the readers read: a number as its shortest text that
 * reads back to the same double (so 1.0 is "1" and 1e400 is "Infinity", read as inf), a string as
 * written, without the blanks around it (so "0x10", "nan" and "2.5" meet the readers' rules as they
 * would in a TREC file); none when missing, empty, a boolean or holding a blank inside.
 */
function numberText(v: RowValue): string | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v);
  if (typeof v === 'bigint') return String(v);
  if (typeof v !== 'string') return undefined;
  let from = 0;
  let to = v.length;
  while (from < to && isSpace(v.charCodeAt(from))) from++;
  while (to > from && isSpace(v.charCodeAt(to - 1))) to--;
  const text = v.slice(from, to);
  return idText(text);
}

function whatIsWrong(what: string, v: RowValue): string {
  if (v === undefined) return `has no ${what}`;
  if (v === null) return `has a null ${what}`;
  if (typeof v === 'boolean') return `has ${v} for its ${what}, not a number`;
  if (typeof v === 'object') return `has a list or an object for its ${what}`;
  if (v === '' || (typeof v === 'string' && v.trim() === '')) return `has an empty ${what}`;
  return `has a ${what} with a blank inside ("${String(v)}"), which a TREC field cannot hold`;
}
