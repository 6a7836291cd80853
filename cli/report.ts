/**
 * What every command reports, before it is written as text or JSON: per file (or per fixture) the
 * convention, the values per case, the means and the findings with their positions.
 */
import { FindingCode, Severity } from '../shared/core';
import { Range } from './positions';

export interface ReportFinding {
  /** The file the finding is in. */
  path: string;
  severity: Severity;
  code: FindingCode;
  message: string;
  /** 0-based lines and UTF-16 characters, as in LSP. */
  range: Range;
  /** An error the fixture declares in expectFindings: shown, but it does not fail the run. */
  expected?: boolean;
  related?: { path: string; range: Range; message: string }[];
  /** What the message says in full, for JSON: every missing query, a collapsed problem's count and lines, … */
  data?: Record<string, unknown>;
}

export interface FileReport {
  path: string;
  /** Index of the fixture when the file holds several. */
  fixture?: number;
  /** The resolved convention: its name and every knob; null when nothing could be evaluated. */
  convention: ({ name: string } & Record<string, unknown>) | null;
  names: string[];
  cases: { id: string; values: number[] }[];
  mean: number[];
  excluded: number[];
  findings: ReportFinding[];
  /** Command-specific additions (trec: the qrels path and counts). */
  extra?: Record<string, unknown>;
}

/** A finding as one line: `file:line:col severity code message`, line and column 1-based. */
export function findingLine(f: ReportFinding): string {
  const where = `${f.path}:${f.range.start.line + 1}:${f.range.start.character + 1}`;
  const related = (f.related ?? [])
    .map((r) => ` (${r.message}: ${r.path}:${r.range.start.line + 1}:${r.range.start.character + 1})`)
    .join('');
  return `${where} ${f.severity} ${f.code} ${f.message}${related}${f.expected ? ' [expected]' : ''}`;
}

/** Whether a finding fails the run: an error that no expectFindings declares. */
export function fails(f: ReportFinding): boolean {
  return f.severity === 'error' && !f.expected;
}
