/**
 * ranklens/systemsDiff: a fixture's systems compared case by case, as the Compare Runs view's report
 * (shared/curves/fixtureDiff.ts). The fixture is the one asked for, the one at the position, or the
 * first that compares systems.
 */
import { fixtureDiff } from '../../shared/curves';
import { DocumentEvaluation } from '../../shared/evaluation';
import { SystemsDiffParams, SystemsDiffResult } from '../../shared/protocol';

/** The answer for one evaluated document; `offset` is the position's, when one was given. */
export function systemsDiff(evaluation: DocumentEvaluation, name: string, params: SystemsDiffParams, offset?: number): SystemsDiffResult {
  const fixtures = evaluation.fixtures;
  const at = offset === undefined ? -1 : fixtures.findIndex((f) => f.fixture.span.start <= offset && offset <= f.fixture.span.end);
  const index =
    params.fixture ??
    (at >= 0
      ? at
      : Math.max(
          0,
          fixtures.findIndex((f) => (f.fixture.systems?.length ?? 0) >= 2),
        ));
  const fe = fixtures[index];
  if (!fe) return { title: `Compare Systems: ${name}`, message: `${name} holds no fixture.` };
  const report = fixtureDiff(fe, { measure: params.measure, tie: params.tie, top: params.top, cases: params.cases });
  if ('message' in report) return { title: `Compare Systems: ${name}`, message: report.message };
  const names = report.runs.map((r) => r.name);
  return {
    title: `${report.measure.name}: ${names.slice(1).join(', ')} vs ${names[0]} (${name})`,
    report,
    measures: fe.names,
  };
}
