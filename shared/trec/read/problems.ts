/** Problems of qrels and run files: where they are, and a cap per code so that a broken file cannot flood the report. */
import { FindingCode } from '../../core/findingCodes';
import { Severity } from '../../core/findings';
import { utf16Column } from './byteText';
import { isSpace } from './fields';

export type TrecFileKind = 'qrels' | 'run';

/** A problem in a qrels or run file: a 1-based line and a UTF-16 character range within it (the line's bytes read as UTF-8). */
export interface TrecProblem {
  file: TrecFileKind;
  line: number;
  start: number;
  end: number;
  code: FindingCode;
  severity: Severity;
  message: string;
  related?: { file: TrecFileKind; line: number; message: string }[];
  /** Set on the note that stands for this many more problems of the code, not listed. */
  omitted?: number;
  /** The message without what is done about the problem (the line skipped, …): what a refusal to evaluate says instead. */
  what?: string;
  /** A problem that stands for several of one code (see collapseProblems): how many, and the first lines (up to PROBLEMS_LISTED). */
  count?: number;
  lines?: number[];
  /** malformed-line: how many fields the line has, and its text (cut to SAMPLE_CHARS), to name the likely cause. */
  fields?: number;
  sample?: string;
}

/** How much of a malformed line a problem keeps, to name the likely cause. */
export const SAMPLE_CHARS = 200;

/** Problems of one kind listed in full, up to this many per file; the rest are counted. */
export const PROBLEMS_LISTED = 100;

/**
 * Collects a reader's problems, keeping the first PROBLEMS_LISTED of each code: a run in the wrong
 * format has ten million malformed lines, and a list of them helps no one and fills the memory.
 */
export class ProblemList {
  private kept: TrecProblem[] = [];
  private counts = new Map<string, number>();
  private omitted = new Map<string, number>();

  push(p: TrecProblem): void {
    if (p.omitted) {
      this.omit(p.code, p.omitted);
      return;
    }
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
    if (!list) {
      list = new ProblemList();
      byFile.set(p.file, list);
    }
    list.push(p);
  }
  return [...byFile.values()].flatMap((l) => l.list());
}

export function fieldProblem(
  file: TrecFileKind,
  line: number,
  start: number,
  end: number,
  code: FindingCode,
  severity: Severity,
  message: string,
): TrecProblem {
  return { file, line, start, end, code, severity, message };
}

export function lineProblem(
  file: TrecFileKind,
  line: number,
  text: string,
  from: number,
  to: number,
  code: FindingCode,
  message: string,
): TrecProblem {
  let end = to;
  while (end > from && isSpace(text.charCodeAt(end - 1))) end--;
  return fieldProblem(file, line, 0, utf16Column(text, from, end), code, 'error', message);
}

/**
 * A line without the fields its file has (malformed-line), over the whole line: `what` is wrong,
 * `effect` what is done about it; its field count and text are kept to name the likely cause.
 */
export function malformedLine(file: TrecFileKind, line: number, text: string, fields: number, what: string, effect: string): TrecProblem {
  return {
    ...lineProblem(file, line, text, 0, text.length, 'malformed-line', `${what} ${effect}`),
    what,
    fields,
    sample: text.slice(0, SAMPLE_CHARS),
  };
}
