/**
 * Code lenses, short enough for a narrow editor: above each fixture its convention with where it came
 * from, then its headline means (click: compare conventions); above each case one lens per headline
 * metric (click: the case's full breakdown). Every lens has a tooltip saying what a click does.
 * A fixture of ten thousand cases has tens of thousands of case lenses, and an editor shows a
 * screenful: case lenses go out with a place and no title, and codeLens/resolve fills in those shown.
 */
import { CodeLens, Command, Position, Range } from 'vscode-languageserver';
import { CaseEvaluation, DocumentEvaluation, FixtureEvaluation } from '../../shared/evaluation';
import {
  CaseLensOptions,
  caseLensCount,
  caseLenses,
  conventionLens,
  LensText,
  meanLens,
  staleLens,
  systemReadout,
  systemTooltip,
} from '../../shared/text';
import { COMPARE_CONVENTIONS_COMMAND, COMPARE_SYSTEMS_COMMAND, SHOW_CASE_BREAKDOWN_COMMAND } from '../../shared/protocol';
import { Placer } from '../positions';

/**
 * What an unresolved case lens carries: the document (a number the server gave its URI, which
 * codeLens/resolve does not send), the fixture, the case and which of its lenses. Four numbers keep
 * the lenses of 10,000 cases small.
 */
export type CaseLensData = [document: number, fixture: number, caseIndex: number, lens: number];

/**
 * Titles by case result: an edit re-evaluates one case and keeps the others' result objects, so
 * ten thousand readouts are formatted once, not on every request.
 */
const titles = new WeakMap<CaseEvaluation, { shape: string; texts: LensText[] }>();

function caseTexts(fe: FixtureEvaluation, i: number, options: CaseLensOptions): LensText[] {
  const c = fe.cases[i];
  const shape = `${fe.convention.name} ${fe.headline.map((h) => fe.names[h]).join(' ')} ${options.marks} ${options.spread}`;
  const known = titles.get(c);
  if (known && known.shape === shape) return known.texts;
  const texts = caseLenses(fe, i, options);
  titles.set(c, { shape, texts });
  return texts;
}

/**
 * One lens per compared system, above the fixture: its means, and against the first system, its marks
 * and their tests as the tooltip; a click compares the systems case by case (Compare Systems).
 */
function systemLenses(fe: FixtureEvaluation, uri: string, f: number, top: Position): CodeLens[] {
  return (fe.systems?.names ?? []).map((_, s) => ({
    range: { start: top, end: top },
    command: {
      ...Command.create(systemReadout(fe, s), COMPARE_SYSTEMS_COMMAND, uri, f),
      ...(s > 0 ? { tooltip: systemTooltip(fe, s) } : {}),
    },
  }));
}

/** How lenses are drawn: `stale` marks lenses kept from the last version that parsed; marks and spread as caseLenses takes them. */
export interface LensOptions extends CaseLensOptions {
  stale?: boolean;
}

const marked = (t: LensText, options: LensOptions) => (options.stale ? staleLens(t, options.marks) : t);

/** The convention and means lenses above a fixture, then one per compared system. */
function fixtureLenses(fe: FixtureEvaluation, uri: string, f: number, top: Position, options: LensOptions): CodeLens[] {
  const lenses: CodeLens[] = [];
  for (const t of [conventionLens(fe), meanLens(fe)]) {
    const m = marked(t, options);
    lenses.push({
      range: { start: top, end: top },
      command: { ...Command.create(m.title, COMPARE_CONVENTIONS_COMMAND, uri), tooltip: m.tooltip },
    });
  }
  lenses.push(...systemLenses(fe, uri, f, top));
  return lenses;
}

/** A case lens with its title, tooltip and the breakdown command. */
function caseLens(range: Range, t: LensText, uri: string, f: number, i: number, options: LensOptions): CodeLens {
  const m = marked(t, options);
  return { range, command: { ...Command.create(m.title, SHOW_CASE_BREAKDOWN_COMMAND, uri, f, i), tooltip: m.tooltip } };
}

/**
 * The lenses of a document: fixture and system lenses whole, case lenses to be resolved (`document`
 * names the URI in their data).
 */
export function codeLenses(
  evaluation: DocumentEvaluation,
  uri: string,
  place: Placer,
  document: number,
  options: LensOptions = {},
): CodeLens[] {
  const lenses: CodeLens[] = [];
  evaluation.fixtures.forEach((fe, f) => {
    lenses.push(...fixtureLenses(fe, uri, f, place.position(fe.fixture.span.start), options));
    const crowded = crowdedOnFile(fe);
    fe.cases.forEach((c, i) => {
      if (crowded && onFileName(c)) return;
      const range = place.range(c.node.id.span);
      for (let j = caseLensCount(fe, i), k = 0; k < j; k++) {
        const data: CaseLensData = [document, f, i, k];
        lenses.push({ range, data });
      }
    });
  });
  return lenses;
}

/** Cases read from a qrels file sit on its name, one line: up to this many get their lenses there. */
const FILE_CASE_LENSES = 10;

// A case whose id is the qrels file's name (it was read from that file).
function onFileName(c: CaseEvaluation): boolean {
  return !!c.node.fromFile && c.node.id.span.start === c.node.span.start && c.node.id.span.end === c.node.span.end;
}

// More cases read from a qrels file than one line can show: the fixture's lenses (its means) stand for them.
function crowdedOnFile(fe: FixtureEvaluation): boolean {
  let n = 0;
  for (const c of fe.cases) if (onFileName(c) && ++n > FILE_CASE_LENSES) return true;
  return false;
}

/**
 * The lenses on the given lines (0-based, both ends in), each with its title and command: the window
 * of a large file the VS Code client shows (ranklens/codeLenses).
 */
export function codeLensesIn(
  evaluation: DocumentEvaluation,
  uri: string,
  place: Placer,
  lines: readonly { start: number; end: number }[],
  options: LensOptions = {},
): CodeLens[] {
  const within = (line: number) => lines.some((r) => line >= r.start && line <= r.end);
  const lenses: CodeLens[] = [];
  evaluation.fixtures.forEach((fe, f) => {
    const top = place.position(fe.fixture.span.start);
    if (within(top.line)) lenses.push(...fixtureLenses(fe, uri, f, top, options));
    const crowded = crowdedOnFile(fe);
    fe.cases.forEach((c, i) => {
      if (crowded && onFileName(c)) return;
      const range = place.range(c.node.id.span);
      if (within(range.start.line)) for (const t of caseTexts(fe, i, options)) lenses.push(caseLens(range, t, uri, f, i, options));
    });
  });
  return lenses;
}

/** A case lens with its title, tooltip and command, from the evaluation the lens was placed from (or a newer one). */
export function resolveCodeLens(lens: CodeLens, evaluation: DocumentEvaluation, uri: string, options: LensOptions = {}): CodeLens {
  const [, f, i, k] = lens.data as CaseLensData;
  const fe = evaluation.fixtures[f];
  const t = fe && i < fe.cases.length ? caseTexts(fe, i, options)[k] : undefined;
  // The document changed between the two requests so much that the lens is gone: the editor asks again.
  if (!t) return { range: lens.range, command: Command.create('', '') };
  return caseLens(lens.range, t, uri, f, i, options);
}

/** Whether a lens is a case lens waiting for its title. */
export function isCaseLensData(data: unknown): data is CaseLensData {
  return Array.isArray(data) && data.length === 4 && data.every((n) => Number.isSafeInteger(n) && n >= 0);
}
