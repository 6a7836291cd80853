/**
 * Code lenses: the means above each fixture (click: compare conventions) and each case's values above
 * the case (click: the case's full breakdown).
 */
import { CodeLens, Command, Position } from 'vscode-languageserver';
import { CaseEvaluation, DocumentEvaluation, FixtureEvaluation } from '../../shared/evaluation/fixtureEvaluation';
import { caseReadout, fixtureReadout, readoutIndexes } from '../../shared/text/lensText';
import { systemReadout, systemTooltip } from '../../shared/text/systemText';
import { COMPARE_CONVENTIONS_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND } from '../../shared/protocol';
import { Placer } from '../positions';

/**
 * Titles by case result: an edit re-evaluates one case and keeps the others' result objects, so
 * ten thousand readouts are formatted once, not on every request.
 */
const titles = new WeakMap<CaseEvaluation, { shape: string; title: string }>();

function caseTitle(fe: FixtureEvaluation, i: number, shape: string): string {
  const c = fe.cases[i];
  const known = titles.get(c);
  if (known && known.shape === shape) return known.title;
  const title = caseReadout(fe, i);
  titles.set(c, { shape, title });
  return title;
}

/** One lens per compared system, above the fixture: its means, and against the first system, its marks and their tests as the tooltip. */
function systemLenses(fe: FixtureEvaluation, top: Position): CodeLens[] {
  return (fe.systems?.names ?? []).map((_, s) => ({
    range: { start: top, end: top },
    command: { title: systemReadout(fe, s), command: '', ...(s > 0 ? { tooltip: systemTooltip(fe, s) } : {}) },
  }));
}

export function codeLenses(evaluation: DocumentEvaluation, uri: string, place: Placer): CodeLens[] {
  const lenses: CodeLens[] = [];
  evaluation.fixtures.forEach((fe, f) => {
    const top = place.position(fe.fixture.span.start);
    lenses.push({ range: { start: top, end: top }, command: Command.create(fixtureReadout(fe), COMPARE_CONVENTIONS_COMMAND, uri) });
    lenses.push(...systemLenses(fe, top));
    const shape = readoutIndexes(fe).map((i) => fe.names[i]).join(' ');
    fe.cases.forEach((c, i) => {
      lenses.push({ range: place.range(c.node.id.span), command: Command.create(caseTitle(fe, i, shape), SHOW_CASE_BREAKDOWN_COMMAND, uri, f, i) });
    });
  });
  return lenses;
}
