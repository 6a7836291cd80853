/**
 * Code lenses, short enough for a narrow editor: above each fixture its convention with where it came
 * from, then its headline means (click: compare conventions); above each case one lens per headline
 * metric (click: the case's full breakdown). Every lens has a tooltip saying what a click does.
 */
import { CodeLens, Command, Position } from 'vscode-languageserver';
import { CaseEvaluation, DocumentEvaluation, FixtureEvaluation } from '../../shared/evaluation/fixtureEvaluation';
import { LensText, caseLenses, conventionLens, meanLens, staleLens } from '../../shared/text/lensText';
import { systemReadout, systemTooltip } from '../../shared/text/systemText';
import { COMPARE_CONVENTIONS_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND } from '../../shared/protocol';
import { Placer } from '../positions';

/**
 * Titles by case result: an edit re-evaluates one case and keeps the others' result objects, so
 * ten thousand readouts are formatted once, not on every request.
 */
const titles = new WeakMap<CaseEvaluation, { shape: string; texts: LensText[] }>();

function caseTexts(fe: FixtureEvaluation, i: number, shape: string): LensText[] {
  const c = fe.cases[i];
  const known = titles.get(c);
  if (known && known.shape === shape) return known.texts;
  const texts = caseLenses(fe, i);
  titles.set(c, { shape, texts });
  return texts;
}

/** One lens per compared system, above the fixture: its means, and against the first system, its marks and their tests as the tooltip. */
function systemLenses(fe: FixtureEvaluation, top: Position): CodeLens[] {
  return (fe.systems?.names ?? []).map((_, s) => ({
    range: { start: top, end: top },
    command: { title: systemReadout(fe, s), command: '', ...(s > 0 ? { tooltip: systemTooltip(fe, s) } : {}) },
  }));
}

export function codeLenses(evaluation: DocumentEvaluation, uri: string, place: Placer, stale = false): CodeLens[] {
  const mark = (t: LensText) => (stale ? staleLens(t) : t);
  const lenses: CodeLens[] = [];
  evaluation.fixtures.forEach((fe, f) => {
    const top = place.position(fe.fixture.span.start);
    for (const t of [conventionLens(fe), meanLens(fe)].map(mark)) {
      lenses.push({ range: { start: top, end: top }, command: { ...Command.create(t.title, COMPARE_CONVENTIONS_COMMAND, uri), tooltip: t.tooltip } });
    }
    lenses.push(...systemLenses(fe, top));
    const shape = `${fe.convention.name} ${fe.headline.map((i) => fe.names[i]).join(' ')}`;
    fe.cases.forEach((c, i) => {
      const range = place.range(c.node.id.span);
      for (const t of caseTexts(fe, i, shape).map(mark)) {
        lenses.push({ range, command: { ...Command.create(t.title, SHOW_CASE_BREAKDOWN_COMMAND, uri, f, i), tooltip: t.tooltip } });
      }
    });
  });
  return lenses;
}
