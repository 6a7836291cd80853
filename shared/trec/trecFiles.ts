/**
 * TREC qrels (`qid iter docid grade`) and run (`qid Q0 docid rank score tag`) text, read line by
 * line into per-query labels and predictions, with every problem located at its file and line.
 * Pure: the caller feeds text (whole files or chunks of whole lines) and owns the files.
 *
 * Read as trec_eval reads: fields split on whitespace, blank lines and lines starting with '#'
 * skipped, the iter, rank and tag columns ignored (the rank comes from the score), anything after
 * the tag ignored. Unlike trec_eval, a line that cannot be read is reported and skipped instead of
 * stopping everything, and a score that is not a number is an error rather than 0.
 */
import { CaseInput, Label, Prediction } from '../core/caseInput';
import { Convention } from '../core/conventions';
import { Severity } from '../core/findings';

export type TrecFileKind = 'qrels' | 'run';

/** A problem in a qrels or run file: a 1-based line and a UTF-16 character range within it. */
export interface TrecProblem {
  file: TrecFileKind;
  line: number;
  start: number;
  end: number;
  code: string;
  severity: Severity;
  message: string;
  related?: { file: TrecFileKind; line: number; message: string }[];
  /** Set on the note that stands for this many more problems of the code, not listed. */
  omitted?: number;
}

/** One query's block of run lines: its predictions in file order and the line each came from. */
export interface RunQuery {
  qid: string;
  predictions: Prediction[];
  lines: number[];
}

/**
 * One query's judgements, column by column: a million labels kept as a million objects would be
 * copied by every young-generation GC while the file is read; plain arrays are not.
 */
export interface QrelsQuery {
  ids: string[];
  grades: number[];
  /** The line of each judgement. */
  lines: number[];
}

export interface TrecQrels {
  /** Judgements per query, in file order; a docid judged twice keeps its first grade. */
  queries: Map<string, QrelsQuery>;
  problems: TrecProblem[];
  /** Lines read, including blank and comment lines. */
  lines: number;
}

// Field boundaries of a line: start and end of up to MAX_FIELDS fields.
const MAX_FIELDS = 7;

/** Character codes trec_eval's isspace() accepts: space, tab, newline, vertical tab, form feed, return. */
function isSpace(c: number): boolean {
  return c === 32 || (c >= 9 && c <= 13);
}

/**
 * Splits lines into whitespace-separated fields. A character loop costs about 2 ns a character in
 * V8, so chunks whose only whitespace is single spaces and line breaks (nearly every real file) are
 * split with native indexOf searches instead; any other line takes the character loop.
 */
class FieldSplitter {
  /** [start, end) of each field of the last line split. */
  readonly at = new Int32Array(2 * MAX_FIELDS);
  private text = '';
  private simple = false;
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
    // A line whose first field starts with '#' is a comment, as in trec_eval: it counts as blank.
    return n > 0 && this.text.charCodeAt(this.at[0]) === 35 ? 0 : n;
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
    if (c <= 32 && isSpace(c)) { i++; continue; }
    const start = i++;
    while (i < to) {
      const d = text.charCodeAt(i);
      if (d <= 32 && isSpace(d)) break;
      i++;
    }
    if (n < MAX_FIELDS) { out[2 * n] = start; out[2 * n + 1] = i; }
    n++;
  }
  return n;
}

const POW10 = [1, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16, 1e17, 1e18, 1e19, 1e20, 1e21, 1e22];
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
  if (first === 45 /* - */ || first === 43 /* + */) { negative = first === 45; i++; }
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

/** Problems of one kind listed in full, up to this many per file; the rest are counted. */
export const PROBLEMS_LISTED = 100;

/**
 * Collects a reader's problems, keeping the first PROBLEMS_LISTED of each code: a run in the wrong
 * format has ten million malformed lines, and a list of them helps no one and fills the memory.
 */
class ProblemList {
  private kept: TrecProblem[] = [];
  private counts = new Map<string, number>();
  private omitted = new Map<string, number>();

  push(p: TrecProblem): void {
    if (p.omitted) { this.omit(p.code, p.omitted); return; }
    const n = (this.counts.get(p.code) ?? 0) + 1;
    this.counts.set(p.code, n);
    if (n <= PROBLEMS_LISTED) this.kept.push(p);
    else this.omit(p.code, 1);
  }

  /** The kept problems, then one note per code saying how many more there were. */
  list(): TrecProblem[] {
    const notes = [...this.omitted].map(([code, n]): TrecProblem => {
      const last = [...this.kept].reverse().find((p) => p.code === code)!;
      return { ...last, related: undefined, omitted: n, message: `… and ${n} more ${code} problems after this one, not listed.` };
    });
    return [...this.kept, ...notes];
  }

  private omit(code: string, n: number): void {
    this.omitted.set(code, (this.omitted.get(code) ?? 0) + n);
  }
}

/** At most PROBLEMS_LISTED problems per file and code, then one line per file and code with the rest counted. */
export function capProblems(problems: readonly TrecProblem[]): TrecProblem[] {
  const byFile = new Map<TrecFileKind, ProblemList>();
  for (const p of problems) {
    let list = byFile.get(p.file);
    if (!list) { list = new ProblemList(); byFile.set(p.file, list); }
    list.push(p);
  }
  return [...byFile.values()].flatMap((l) => l.list());
}

/** Reads qrels text fed in chunks of whole lines. */
export class QrelsReader {
  private queries = new Map<string, QrelsQuery>();
  private problems = new ProblemList();
  private line = 1;
  private splitter = new FieldSplitter();
  // The query of the previous line: qrels are written query by query, so most lookups are skipped.
  private qid = '';
  private current: QrelsQuery | undefined;

  /** @param duplicateSeverity how a docid judged twice for one query is reported (trec_eval stops on it). */
  constructor(private duplicateSeverity: Severity = 'error') {}

  /** Reads text made of whole lines (the last chunk may lack its final line break). */
  feed(text: string): void {
    this.splitter.startChunk(text);
    let line = this.line;
    for (let from = 0; from < text.length; line++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      this.readLine(text, from, to, line);
      from = to + 1;
    }
    this.line = line;
  }

  /** The judgements read, each docid once per query (repeats reported here). */
  end(): TrecQrels {
    for (const [qid, q] of this.queries) this.dropRepeats(qid, q);
    return { queries: this.queries, problems: this.problems.list(), lines: this.line - 1 };
  }

  private readLine(text: string, from: number, to: number, line: number): void {
    const n = this.splitter.split(from, to, 4, true);
    if (n === 0) return;
    if (n !== 4) {
      this.problems.push(lineProblem('qrels', line, text, from, to, 'malformed-line',
        `A qrels line has 4 fields (qid iter docid grade); this one has ${n}. The line is skipped.`));
      return;
    }
    const f = this.splitter.at;
    const grade = parseDecimal(text, f[6], f[7]);
    if (!Number.isFinite(grade)) {
      this.problems.push(fieldProblem('qrels', line, f[6] - from, f[7] - from, 'invalid-grade', 'error',
        `The grade "${text.slice(f[6], f[7])}" is not a number. The line is skipped.`));
      return;
    }
    if (!Number.isInteger(grade)) {
      this.problems.push(fieldProblem('qrels', line, f[6] - from, f[7] - from, 'non-integer-grade', 'warning',
        `The grade ${grade} is not a whole number: Ranklens uses it as written, trec_eval would read ${Math.trunc(grade)}.`));
    }
    let q = this.current;
    if (!q || !sameText(text, f[0], f[1], this.qid)) {
      this.qid = text.slice(f[0], f[1]);
      q = this.queries.get(this.qid);
      if (!q) { q = { ids: [], grades: [], lines: [] }; this.queries.set(this.qid, q); }
      this.current = q;
    }
    q.ids.push(text.slice(f[4], f[5]));
    q.grades.push(grade);
    q.lines.push(line);
  }

  // One Set per query, once, instead of a lookup per line that would keep every query's map alive.
  private dropRepeats(qid: string, q: QrelsQuery): void {
    const seen = new Set<string>();
    const keep: number[] = [];
    q.ids.forEach((id, i) => {
      const before = seen.size;
      seen.add(id);
      if (seen.size > before) { keep.push(i); return; }
      const prior = q.ids.indexOf(id); // rare: only for a repeat
      this.problems.push({ ...fieldProblem('qrels', q.lines[i], 0, 0, 'duplicate-judgement', this.duplicateSeverity,
        `"${id}" is judged twice for query ${qid}; the first grade is used${this.duplicateSeverity === 'error' ? ' (trec_eval stops on this)' : ''}.`),
      related: [{ file: 'qrels', line: q.lines[prior], message: 'first judgement' }] });
    });
    if (keep.length === q.ids.length) return;
    q.ids = keep.map((i) => q.ids[i]);
    q.grades = keep.map((i) => q.grades[i]);
    q.lines = keep.map((i) => q.lines[i]);
  }
}

/**
 * Reads run text fed in chunks of whole lines and hands over each query's block of lines as soon as
 * the next query starts, so a run written query by query is never held whole in memory.
 */
export class RunReader {
  /** Queries whose lines are not contiguous: handed over in more than one block. */
  readonly split = new Set<string>();
  private problems = new ProblemList();
  private handedOver = new Set<string>();
  private current: RunQuery | null = null;
  private line = 1;
  private entries = 0;
  private splitter = new FieldSplitter();

  /**
   * @param onQuery receives each block of contiguous lines of one query.
   * @param only when given, lines of other queries are skipped (a second pass over scattered queries).
   */
  constructor(private onQuery: (q: RunQuery) => void, private only?: ReadonlySet<string>) {}

  /** Reads text made of whole lines (the last chunk may lack its final line break). */
  feed(text: string): void {
    this.splitter.startChunk(text);
    let line = this.line;
    for (let from = 0; from < text.length; line++) {
      let to = text.indexOf('\n', from);
      if (to < 0) to = text.length;
      const count = this.splitter.split(from, to, 6, false);
      if (count >= 6) this.readFields(text, from, line);
      else if (count > 0) {
        this.problems.push(lineProblem('run', line, text, from, to, 'malformed-line',
          `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${count}. The line is skipped.`));
      }
      from = to + 1;
    }
    this.line = line;
  }

  /** Hands over the last block; returns the problems and counts. */
  end(): { problems: TrecProblem[]; lines: number; entries: number } {
    this.close();
    return { problems: this.problems.list(), lines: this.line - 1, entries: this.entries };
  }

  private readFields(text: string, from: number, line: number): void {
    const f = this.splitter.at;
    let q = this.current;
    if (!q || !sameText(text, f[0], f[1], q.qid)) {
      const qid = text.slice(f[0], f[1]);
      if (this.only && !this.only.has(qid)) return;
      this.close();
      q = { qid, predictions: [], lines: [] };
      this.current = q;
    }
    const score = parseDecimal(text, f[8], f[9]);
    if (!Number.isFinite(score)) {
      this.problems.push(fieldProblem('run', line, f[8] - from, f[9] - from, 'invalid-score', 'error',
        `The score "${text.slice(f[8], f[9])}" is not a finite number. The line is skipped.`));
      return;
    }
    q.predictions.push({ id: text.slice(f[4], f[5]), score });
    q.lines.push(line);
    this.entries++;
  }

  private close(): void {
    const q = this.current;
    if (!q) return;
    this.current = null;
    if (this.handedOver.has(q.qid)) this.split.add(q.qid);
    else this.handedOver.add(q.qid);
    this.onQuery(q);
  }
}

function sameText(text: string, start: number, end: number, other: string): boolean {
  if (end - start !== other.length) return false;
  for (let i = 0; i < other.length; i++) if (text.charCodeAt(start + i) !== other.charCodeAt(i)) return false;
  return true;
}

function fieldProblem(file: TrecFileKind, line: number, start: number, end: number, code: string, severity: Severity, message: string): TrecProblem {
  return { file, line, start, end, code, severity, message };
}

function lineProblem(file: TrecFileKind, line: number, text: string, from: number, to: number, code: string, message: string): TrecProblem {
  let end = to;
  while (end > from && isSpace(text.charCodeAt(end - 1))) end--;
  return fieldProblem(file, line, 0, end - from, code, 'error', message);
}

/** Parses a whole qrels text. */
export function parseQrels(text: string, duplicateSeverity: Severity = 'error'): TrecQrels {
  const reader = new QrelsReader(duplicateSeverity);
  reader.feed(text);
  return reader.end();
}

/** Parses a whole run text, joining the blocks of a query whose lines are not contiguous. */
export function parseRun(text: string): { queries: Map<string, RunQuery>; problems: TrecProblem[]; lines: number; entries: number } {
  const queries = new Map<string, RunQuery>();
  const reader = new RunReader((q) => {
    const prior = queries.get(q.qid);
    if (prior) joinBlocks(prior, q);
    else queries.set(q.qid, q);
  });
  reader.feed(text);
  return { queries, ...reader.end() };
}

/** Appends a later block of the same query to an earlier one (file order is kept). */
export function joinBlocks(into: RunQuery, block: RunQuery): void {
  for (let i = 0; i < block.predictions.length; i++) {
    into.predictions.push(block.predictions[i]);
    into.lines.push(block.lines[i]);
  }
}

/** The case the metric core sees for one query: its judgements and its scored predictions. */
export function trecCase(judged: QrelsQuery | undefined, predictions: readonly Prediction[]): CaseInput {
  const labels: Label[] = judged ? judged.ids.map((id, i) => ({ id, grade: judged.grades[i] })) : [];
  return { labels, predictions };
}

/**
 * The first repeated docid of a query, located at its repeat and reported as the convention treats
 * it (one problem per query, counting the other repeats, so that a broken run cannot flood the report).
 */
export function duplicateProblems(q: RunQuery, conv: Convention): TrecProblem[] {
  const first = new Map<string, number>();
  let found: { index: number; prior: number } | undefined;
  let repeats = 0;
  q.predictions.forEach((p, i) => {
    const prior = first.get(p.id);
    if (prior === undefined) { first.set(p.id, i); return; }
    repeats++;
    found ??= { index: i, prior };
  });
  if (!found) return [];
  const effect = {
    error: 'duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this)',
    first: 'duplicates=first: only the higher-ranked occurrence counts',
    count: 'duplicates=count: every occurrence counts, so recall can exceed 1',
  }[conv.duplicates];
  const id = q.predictions[found.index].id;
  const more = repeats > 1 ? ` (${repeats - 1} more repeated line${repeats > 2 ? 's' : ''} in this query)` : '';
  return [{ file: 'run', line: q.lines[found.index], start: 0, end: 0, code: 'duplicate-prediction',
    severity: conv.duplicates === 'error' ? 'error' : 'warning',
    message: `"${id}" appears twice for query ${q.qid}${more}: ${effect}.`,
    related: [{ file: 'run', line: q.lines[found.prior], message: 'first occurrence' }] }];
}
