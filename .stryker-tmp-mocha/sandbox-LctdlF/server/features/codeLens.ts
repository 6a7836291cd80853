/**
 * Code lenses: the means above each fixture (click: compare conventions) and each case's values above
 * the case (click: the case's full breakdown). A fixture of ten thousand cases has ten thousand case
 * lenses, and an editor shows a screenful: the case lenses go out with a place and no title, and
 * codeLens/resolve fills in the title of those the editor shows (the same title the eager lens had).
 */
// @ts-nocheck

import { CodeLens, Command, Position } from 'vscode-languageserver';
import { CaseEvaluation, DocumentEvaluation, FixtureEvaluation } from '../../shared/evaluation/fixtureEvaluation';
import { caseReadout, fixtureReadout, readoutIndexes } from '../../shared/text/lensText';
import { systemReadout, systemTooltip } from '../../shared/text/systemText';
import { COMPARE_CONVENTIONS_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND } from '../../shared/protocol';
import { Placer } from '../positions';

/**
 * What an unresolved case lens carries: the document (a number the server gave its URI, which
 * codeLens/resolve does not send), the fixture and the case. Three numbers keep 10,000 lenses small.
 */
export type CaseLensData = [document: number, fixture: number, caseIndex: number];

/**
 * Titles by case result: an edit re-evaluates one case and keeps the others' result objects, so
 * ten thousand readouts are formatted once, not on every request.
 */
const titles = new WeakMap<CaseEvaluation, { shape: string; title: string }>();

function readoutShape(fe: FixtureEvaluation): string {
  return readoutIndexes(fe).map((i) => fe.names[i]).join(' ');
}

function caseTitle(fe: FixtureEvaluation, i: number): string {
  const c = fe.cases[i];
  const shape = readoutShape(fe);
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

/** The lenses of a document: fixture and system lenses whole, case lenses to be resolved (`document` names the URI in their data). */
export function codeLenses(evaluation: DocumentEvaluation, uri: string, place: Placer, document: number): CodeLens[] {
  const lenses: CodeLens[] = [];
  evaluation.fixtures.forEach((fe, f) => {
    const top = place.position(fe.fixture.span.start);
    lenses.push({ range: { start: top, end: top }, command: Command.create(fixtureReadout(fe), COMPARE_CONVENTIONS_COMMAND, uri) });
    lenses.push(...systemLenses(fe, top));
    fe.cases.forEach((c, i) => {
      const data: CaseLensData = [document, f, i];
      lenses.push({ range: place.range(c.node.id.span), data });
    });
  });
  return lenses;
}

/** A case lens with its title and command, from the evaluation the lens was placed from (or a newer one). */
export function resolveCodeLens(lens: CodeLens, evaluation: DocumentEvaluation, uri: string): CodeLens {
  const [, f, i] = lens.data as CaseLensData;
  const fe = evaluation.fixtures[f];
  // The document changed between the two requests so much that the case is gone: the editor asks again.
  if (!fe || i >= fe.cases.length) return { range: lens.range, command: Command.create('', '') };
  return { range: lens.range, command: Command.create(caseTitle(fe, i), SHOW_CASE_BREAKDOWN_COMMAND, uri, f, i) };
}

/** Whether a lens is a case lens waiting for its title. */
export function isCaseLensData(data: unknown): data is CaseLensData {
  return Array.isArray(data) && data.length === 3 && data.every((n) => Number.isSafeInteger(n) && n >= 0);
}
