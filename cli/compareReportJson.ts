/**
 * The comparison as JSON (--format json): {"runs": [{name, path, means}], "comparisons": [{measure,
 * a, b, meanA, meanB, diff, ci, effectSize, test, p, pAdjusted, significant, n, leftOut}], …}.
 * NaN is written as null.
 */
import { ComparisonReport } from './compareReport';
import { ReportFinding } from './report';

/** The report as JSON text. */
export function jsonReportText(report: ComparisonReport, findings: readonly ReportFinding[]): string {
  const num = (x: number) => (Number.isFinite(x) ? x : null);
  const { test, correction, alpha, trials, seed } = report.options;
  const json = {
    runs: report.runs.map((r) => ({
      name: r.name,
      path: r.path,
      means: Object.fromEntries(report.measures.map((m, j) => [m, num(r.means[j])])),
      ...(r.partial ? { partial: { skippedLines: r.partial.skippedLines, droppedQueries: r.partial.droppedQueries } } : {}),
    })),
    comparisons: report.measures.flatMap((measure, j) =>
      report.comparisons[j].map((c, k) => ({
        measure,
        a: report.runs[c.a].name,
        b: report.runs[c.b].name,
        meanA: num(c.meanA),
        meanB: num(c.meanB),
        diff: num(c.diff),
        ci: c.ci.map(num),
        effectSize: num(c.effectSize),
        test,
        p: num(c.p),
        pAdjusted: num(c.pAdjusted),
        significant: c.significant,
        n: c.n,
        leftOut: c.leftOut,
        exact: c.exact,
        ...(report.perQuery ? { perQuery: Object.fromEntries(report.perQuery[j][k].map((q) => [q.qid, q.diff])) } : {}),
      })),
    ),
    test,
    correction: test === 'tukey' ? 'none' : correction,
    alpha,
    ...(test === 'randomization' || test === 'bootstrap' || test === 'tukey' ? { trials, seed } : {}),
    baseline: report.baseline === 'all' ? 'all' : report.runs[report.baseline].name,
    findings: findings.map((f) => ({
      file: f.path,
      severity: f.severity,
      code: f.code,
      message: f.message,
      range: f.range,
      ...(f.data ? { data: f.data } : {}),
    })),
  };
  return `${JSON.stringify(json, null, 2)}\n`;
}
