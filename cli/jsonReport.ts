/**
 * The machine-readable report (--json): {"files": [{path, convention, cases, mean, excluded,
 * findings}]}. NaN is written as null; ranges are 0-based lines and UTF-16 characters, as in LSP.
 */
import { FileReport, ReportFinding } from './report';

/** The report as JSON text. */
export function jsonReport(files: readonly FileReport[]): string {
  return `${JSON.stringify({ files: files.map(fileJson) }, null, 2)}\n`;
}

function fileJson(f: FileReport): Record<string, unknown> {
  return {
    path: f.path,
    ...(f.fixture !== undefined ? { fixture: f.fixture } : {}),
    convention: f.convention,
    cases: f.cases.map((c) => ({ id: c.id, metrics: byName(f.names, c.values) })),
    mean: byName(f.names, f.mean),
    excluded: byName(f.names, f.excluded),
    findings: f.findings.map((x) => findingJson(x, f.path)),
    ...f.extra,
  };
}

// JSON.stringify already writes NaN as null; spelled out so the rule is visible.
function byName(names: readonly string[], values: readonly number[]): Record<string, number | null> {
  return Object.fromEntries(names.map((n, j) => [n, Number.isNaN(values[j]) ? null : values[j]]));
}

function findingJson(f: ReportFinding, path: string): Record<string, unknown> {
  return {
    severity: f.severity,
    code: f.code,
    message: f.message,
    range: f.range,
    ...(f.path !== path ? { file: f.path } : {}),
    ...(f.expected ? { expected: true } : {}),
    ...(f.related?.length ? { related: f.related.map((r) => ({ file: r.path, range: r.range, message: r.message })) } : {}),
    ...(f.data ? { data: f.data } : {}),
  };
}
