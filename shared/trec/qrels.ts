/** Reads TREC qrels (`qid iter docid grade`) line by line into per-query judgements. */
import { Severity } from '../core/findings';
import { shownBytes, utf16Column } from './byteText';
import { cAtol } from './cNumbers';
import { FieldSplitter, parseDecimal, sameText } from './fields';
import { ProblemList, TrecProblem, fieldProblem, lineProblem } from './problems';

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


export interface QrelsReaderOptions {
  /** How a docid judged twice for one query is reported (trec_eval stops on it). */
  duplicateSeverity?: Severity;
  /**
   * Read as trec_eval reads: a grade is its integer prefix (C's atol: "1e2" is 1, "0.5" and "high"
   * are 0), with a warning; only a '#' in the first column starts a comment; a blank line is
   * skipped with a warning (trec_eval stops on it). Otherwise a grade is read as written and one
   * that is not a number is an error.
   */
  asTrecEval?: boolean;
}

/** Reads qrels text (a byte string) fed in chunks of whole lines. */
export class QrelsReader {
  private queries = new Map<string, QrelsQuery>();
  private problems = new ProblemList();
  private line = 1;
  private splitter: FieldSplitter;
  // The query of the previous line: qrels are written query by query, so most lookups are skipped.
  private qid = '';
  private current: QrelsQuery | undefined;
  private duplicateSeverity: Severity;
  private asTrecEval: boolean;
  // trec_eval skips one '#' line at a time: the line after a comment line is read as a judgement.
  private afterComment = false;

  constructor(options: QrelsReaderOptions = {}) {
    this.duplicateSeverity = options.duplicateSeverity ?? 'error';
    this.asTrecEval = options.asTrecEval ?? false;
    this.splitter = new FieldSplitter(this.asTrecEval);
  }

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
    if (this.afterComment) {
      this.problems.push(fieldProblem('qrels', this.line - 1, 0, 0, 'final-comment-line', 'warning',
        'The qrels end with a comment line: skipped here, but trec_eval 10.0 skips it and reads on past the end of the file (it crashes with a segmentation fault). Delete the line, or move it up.'));
    }
    for (const [qid, q] of this.queries) this.dropRepeats(qid, q);
    return { queries: this.queries, problems: this.problems.list(), lines: this.line - 1 };
  }

  private readLine(text: string, from: number, to: number, line: number): void {
    const comment = this.asTrecEval && text.charCodeAt(from) === 35;
    if (comment && this.afterComment) {
      this.afterComment = false;
      this.commentAfterComment(text, from, to, line);
      return;
    }
    this.afterComment = comment;
    const n = this.splitter.split(from, to, 4, true);
    if (n === 0) {
      if (this.asTrecEval && text.charCodeAt(from) !== 35) {
        this.problems.push(fieldProblem('qrels', line, 0, 0, 'blank-line', 'warning',
          'A blank line: skipped here; trec_eval stops on it ("Malformed line") and evaluates nothing.'));
      }
      return;
    }
    if (n !== 4) {
      this.problems.push(lineProblem('qrels', line, text, from, to, 'malformed-line',
        `A qrels line has 4 fields (qid iter docid grade); this one has ${n}. The line is skipped.`));
      return;
    }
    this.judgement(text, from, line);
  }

  /** A '#' line right after a comment line, read as trec_eval reads it: as a judgement of query "#…", or a malformed line. */
  private commentAfterComment(text: string, from: number, to: number, line: number): void {
    const n = this.splitter.splitAll(from, to);
    const why = 'trec_eval skips one comment line at a time, so it reads this second one in a row as a judgement';
    if (n !== 4) {
      this.problems.push(lineProblem('qrels', line, text, from, to, 'malformed-line',
        `A comment line right after another: ${why}, and with ${n} field${n === 1 ? '' : 's'} instead of 4 it stops ("Malformed line"). The line is skipped here; join the comments into one line.`));
      return;
    }
    const f = this.splitter.at;
    this.problems.push(fieldProblem('qrels', line, 0, utf16Column(text, from, f[7]), 'comment-read-as-judgement', 'warning',
      `A comment line right after another: ${why} of query "${shownBytes(text.slice(f[0], f[1]))}", and so does Ranklens under the trec_eval preset. Join the comments into one line if it is not one.`));
    this.judgement(text, from, line);
  }

  // The judgement on the line just split: 4 fields.
  private judgement(text: string, from: number, line: number): void {
    const f = this.splitter.at;
    const grade = this.grade(text, from, line);
    if (grade === undefined) return;
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

  // The grade of the line just split, or undefined when the line is skipped.
  private grade(text: string, from: number, line: number): number | undefined {
    const f = this.splitter.at;
    if (isWholeNumber(text, f[6], f[7])) return parseDecimal(text, f[6], f[7]) + 0; // + 0: -0 is 0
    const written = text.slice(f[6], f[7]);
    const start = utf16Column(text, from, f[6]);
    const end = start + utf16Column(text, f[6], f[7]);
    if (this.asTrecEval) {
      const grade = cAtol(written);
      this.problems.push(fieldProblem('qrels', line, start, end, 'non-integer-grade', 'warning',
        `trec_eval reads the grade "${shownBytes(written)}" as ${grade} (C's atol: the whole number at its start, 0 when there is none).`));
      return grade;
    }
    const grade = parseDecimal(text, f[6], f[7]);
    if (!Number.isFinite(grade)) {
      this.problems.push(fieldProblem('qrels', line, start, end, 'invalid-grade', 'error',
        `The grade "${shownBytes(written)}" is not a number. The line is skipped.`));
      return undefined;
    }
    this.problems.push(fieldProblem('qrels', line, start, end, 'non-integer-grade', 'warning',
      `The grade "${shownBytes(written)}" is not written as a whole number: read as ${grade}; trec_eval would read ${cAtol(written)}.`));
    return grade;
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
        `"${shownBytes(id)}" is judged twice for query ${shownBytes(qid)}; the first grade is used${this.duplicateSeverity === 'error' ? ' (trec_eval stops on this)' : ''}.`),
      related: [{ file: 'qrels', line: q.lines[prior], message: 'first judgement' }] });
    });
    if (keep.length === q.ids.length) return;
    q.ids = keep.map((i) => q.ids[i]);
    q.grades = keep.map((i) => q.grades[i]);
    q.lines = keep.map((i) => q.lines[i]);
  }
}

/** Parses a whole qrels text (a byte string). */
export function parseQrels(text: string, options: QrelsReaderOptions = {}): TrecQrels {
  const reader = new QrelsReader(options);
  reader.feed(text);
  return reader.end();
}

// An optional sign and up to 15 digits: read exactly by parseDecimal, and by atol alike.
function isWholeNumber(text: string, start: number, end: number): boolean {
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
