/**
 * The one JSON report every command writes with --format json (or --json), described by
 * schemas/ranklens-report.schema.json and docs/reference/json-report.md:
 *
 *   {"schemaVersion": 1, "command": "check" | "trec" | "compare" | "infer", …the command's keys…, "findings": […]}
 *
 * The parts every command shares are made here: a measured value is {value, trecEval}, the number
 * (null for NaN or an infinity) beside the name trec_eval gives the measure (null when it has none),
 * keyed by the Ranklens name; a finding has its file and a range of 1-based lines and columns, as
 * editors and the text output show them (columns count UTF-16 code units; the end column is the one
 * just after the last character).
 */
import { MetricSpec, metricName, trecEvalName } from '../shared/core';
import { Range } from './positions';
import { ReportFinding } from './report';

/** The version of the report's shape: raised when a key changes its meaning or goes (new keys may come within a version). */
export const REPORT_SCHEMA_VERSION = 1;

export type ReportCommand = 'check' | 'trec' | 'diff' | 'compare' | 'infer';

/** The report as JSON text: the version and the command, the command's own keys, then every finding. */
export function jsonReport(command: ReportCommand, body: Record<string, unknown>, findings: readonly ReportFinding[]): string {
  const report = { schemaVersion: REPORT_SCHEMA_VERSION, command, ...body, findings: findings.map(findingJson) };
  return `${JSON.stringify(report, null, 2)}\n`;
}

/** A measure's two names: Ranklens's, and trec_eval's (null when trec_eval has no such measure). */
export interface MeasureNames {
  name: string;
  trecEval: string | null;
}

/** The names of a spec; `shown` is the name the report uses when it differs from the spec's own (a fixture's "nDCG@k" expanded). */
export function measureNames(spec: MetricSpec, shown = metricName(spec)): MeasureNames {
  return { name: shown, trecEval: trecEvalName(spec)?.name ?? null };
}

export interface MeasuredValue {
  value: number | null;
  trecEval: string | null;
}

/** Values keyed by measure, each beside the measure's trec_eval name. */
export function measured(measures: readonly MeasureNames[], values: ArrayLike<number>): Record<string, MeasuredValue> {
  return Object.fromEntries(measures.map((m, j) => [m.name, { value: jsonNumber(values[j]), trecEval: m.trecEval }]));
}

/** Means keyed by measure: as measured, plus how many cases or queries each mean left out because their value is NaN. */
export function measuredMeans(
  measures: readonly MeasureNames[],
  values: ArrayLike<number>,
  excluded: ArrayLike<number>,
): Record<string, MeasuredValue & { excluded: number }> {
  return Object.fromEntries(
    measures.map((m, j) => [m.name, { value: jsonNumber(values[j]), trecEval: m.trecEval, excluded: excluded[j] }]),
  );
}

/** A number as JSON holds it: NaN and the infinities, which JSON cannot write, as null. */
export function jsonNumber(x: number): number | null {
  return Number.isFinite(x) ? x : null;
}

/** A range as editors show it: 1-based lines and columns. */
export function jsonRange(range: Range): { start: { line: number; column: number }; end: { line: number; column: number } } {
  return {
    start: { line: range.start.line + 1, column: range.start.character + 1 },
    end: { line: range.end.line + 1, column: range.end.character + 1 },
  };
}

/**
 * A finding: where (its file and range), what (severity, code, message), whether expectFindings declares it, the places that
 * explain it, and what its message says as data.
 */
export function findingJson(f: ReportFinding): Record<string, unknown> {
  return {
    file: f.path,
    range: jsonRange(f.range),
    severity: f.severity,
    code: f.code,
    message: f.message,
    expected: !!f.expected,
    related: (f.related ?? []).map((r) => ({ file: r.path, range: jsonRange(r.range), message: r.message })),
    // What the message says in full, for programs (every missing query, a collapsed problem's lines, …); null when it says all.
    data: f.data ?? null,
  };
}
