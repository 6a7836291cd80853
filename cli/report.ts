/**
 * A finding as every command reports it, before it is written as text, JSON, SARIF, JUnit or GitHub
 * annotations: its file, severity, code, message and range.
 */
import { FindingCode, Severity } from '../shared/core';
import { Range } from './positions';

export interface ReportFinding {
  /** The file the finding is in. */
  path: string;
  severity: Severity;
  code: FindingCode;
  message: string;
  /** 0-based lines and UTF-16 characters, as in LSP; every output adds 1 to both (the text, the JSON report, SARIF, JUnit, GitHub). */
  range: Range;
  /** An error the fixture declares in expectFindings: shown, but it does not fail the run. */
  expected?: boolean;
  related?: { path: string; range: Range; message: string }[];
  /** What the message says in full, for JSON: every missing query, a collapsed problem's count and lines, … */
  data?: Record<string, unknown>;
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
