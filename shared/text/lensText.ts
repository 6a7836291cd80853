/**
 * The one-line readouts: a case's values above the case, a fixture's means above the fixture, and
 * the status bar text. A fixture that lists no metrics computes every family at every cutoff, far
 * too many for one line, so the readouts then keep the five families people quote. The lenses are
 * shorter still: the convention and where it came from, then the headline metrics (headline.ts),
 * one short lens per metric, with the rest in the tooltip and one click away.
 */
import { fmt } from '../core/explanation';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { Family } from '../core/metricNames';
import { SPREAD_MARGIN, ValueSpread, headlineSpread, spreadText, spreads } from '../evaluation/presetSpread';
import { otherPresetsText } from './explainMarkdown';

const QUOTED: readonly Family[] = ['P', 'R', 'AP', 'RR', 'nDCG'];

/** Indexes into the fixture's specs of the metrics a readout shows. */
export function readoutIndexes(fe: FixtureEvaluation): number[] {
  const all = fe.specs.map((_, i) => i);
  if (fe.fixture.metrics !== null) return all;
  const quoted = all.filter((i) => fe.specs[i].k !== null && QUOTED.includes(fe.specs[i].family));
  return quoted.length > 0 ? quoted : all;
}

function readout(fe: FixtureEvaluation, values: readonly number[]): string {
  return readoutIndexes(fe)
    .map((i) => `${fe.names[i]} ${fmt(values[i])}`)
    .join(' · ');
}

/** How many cases are NaN and left out of the means (the same for every metric, but take the worst). */
export function excludedCases(fe: FixtureEvaluation): number {
  return Math.max(0, ...fe.excluded);
}

/** The status bar: the convention and the means, short. */
export function statusText(fe: FixtureEvaluation): string {
  return `${fe.convention.name} · ${fe.cases.length === 0 ? 'no cases' : readout(fe, fe.mean)}`;
}

/** A title and the tooltip that says what a click does. */
export interface LensText {
  title: string;
  tooltip: string;
}

const SOURCES: Readonly<Record<string, string>> = {
  fixture: "the fixture's convention key",
  '--force-convention': 'ranklens check --force-convention',
  'built-in': "Ranklens' built-in default (nothing sets one)",
  setting: 'the ranklens.defaultConvention setting',
};

/** The convention, short: the preset, and how many knobs the fixture sets ("default + 3 knobs"); the knobs go in tooltips. */
export function shortConventionName(fe: FixtureEvaluation): string {
  const knobs = fe.convention.name.split(' + ')[1]?.split(', ').length ?? 0;
  return knobs === 0 ? fe.convention.preset : `${fe.convention.preset} + ${knobs} knob${knobs > 1 ? 's' : ''}`;
}

/** `trec_eval (fixture)`: the convention first, with where it came from. */
export function conventionLens(fe: FixtureEvaluation): LensText {
  const from = SOURCES[fe.conventionSource] ?? fe.conventionSource;
  return {
    title: `${shortConventionName(fe)} (${fe.conventionSource})`,
    tooltip: `Convention ${fe.convention.name}, from ${from}. Click to compare every preset's values for this file.`,
  };
}

/** `mean of 4: nDCG@10 0.524 · AP@10 0.400 · P@1 0.750 · R@1 0.375`, every mean in the tooltip. */
export function meanLens(fe: FixtureEvaluation): LensText {
  const n = fe.cases.length;
  const left = excludedCases(fe);
  const counted = left === 0 ? `${n}` : `${n - left} of ${n} (${left} NaN)`;
  const values = n === 0 ? 'no cases' : fe.headline.map((i) => `${fe.names[i]} ${fmt(fe.mean[i])}`).join(' · ') || 'no metric computed';
  const all = readoutIndexes(fe)
    .map((i) => `${fe.names[i]} ${fmt(fe.mean[i])}`)
    .join('\n');
  const over = left === 0 ? `${n} case${n === 1 ? '' : 's'}` : `${n - left} of ${n} cases, ${left} NaN left out`;
  return {
    title: `mean of ${counted}: ${values}`,
    tooltip: `Means over ${over}:\n${all}\n\nClick to compare every preset's values for this file.`,
  };
}

/**
 * Above this many cases a case gets one lens with its headline values side by side instead of one per
 * metric: every lens costs about 100 bytes of the codeLens answer whatever its title, and 10,000 cases
 * with four lenses each made a 4 MB answer the editor needs over 100 ms to receive.
 */
const ONE_LENS_PER_CASE_ABOVE = 2_000;

/** How many lenses caseLenses gives a case, without formatting them (lenses are placed before their titles are asked for). */
export function caseLensCount(fe: FixtureEvaluation, caseIndex: number): number {
  const values = fe.cases[caseIndex].values;
  if (fe.cases.length > ONE_LENS_PER_CASE_ABOVE || fe.cases[caseIndex].node.broken) return 1;
  return fe.headline.length === 0 || fe.headline.every((i) => Number.isNaN(values[i])) ? 1 : fe.headline.length;
}

/**
 * How a front end draws the lenses' marks: VS Code's codicons (`$(name)`, which its lenses render as
 * icons), or characters any editor shows (a glyph such as ⏸ rendered as an empty box in Chromium).
 */
export type LensMarks = 'codicons' | 'text';

const MARKS: Readonly<Record<'spread' | 'stale', Readonly<Record<LensMarks, string>>>> = {
  spread: { codicons: '$(arrow-both)', text: '±' },
  stale: { codicons: '$(debug-pause)', text: 'stale:' },
};

/** What the case lenses show besides the values. */
export interface CaseLensOptions {
  marks?: LensMarks;
  /** Mark a value whose presets spread more than SPREAD_MARGIN (presetSpread.ts). */
  spread?: boolean;
}

/** The tooltip's sentence on a marked value: the spread, and the presets that give other values. */
function spreadSentence(s: ValueSpread, value: number): string {
  const others = otherPresetsText(s.presets, value);
  const by = s.someNaN ? '' : ` by more than ${SPREAD_MARGIN}`;
  return `Presets disagree${by}: ${spreadText(s)}${others ? `; other presets give ${others}` : ''}.`;
}

/**
 * One short lens per headline metric of a case (`nDCG@10 0.524`), or in a fixture of more than
 * ONE_LENS_PER_CASE_ABOVE cases one lens with them all; a click opens the case's breakdown. With
 * `spread`, a value on which the presets lie more than SPREAD_MARGIN apart carries a mark, and its
 * tooltip the spread.
 */
export function caseLenses(fe: FixtureEvaluation, caseIndex: number, options: CaseLensOptions = {}): LensText[] {
  const texts = caseLensTexts(fe, caseIndex, options);
  const c = fe.cases[caseIndex].node;
  // The cases of a qrels file all sit on its name, one line: each says which query it is.
  if (!c.fromFile) return texts;
  return texts.map((t, k) => (k === 0 ? { ...t, title: `${c.id.value}: ${t.title}` } : t));
}

function caseLensTexts(fe: FixtureEvaluation, caseIndex: number, options: CaseLensOptions): LensText[] {
  const c = fe.cases[caseIndex];
  const id = c.node.id.value;
  const click = `Click for the case's breakdown: all ${fe.names.length} metrics, every term, knob and preset.`;
  if (c.node.broken) {
    return [
      {
        title: 'not evaluated: see the error',
        tooltip: `Case ${id} is not evaluated: ${c.node.broken.reason}. Its values are NaN and left out of the means, and its expectations are not checked, until the error is fixed.`,
      },
    ];
  }
  if (fe.headline.length === 0) return [{ title: 'no metric computed', tooltip: `Case ${id} computes no metric (check k and metrics).` }];
  if (fe.headline.every((i) => Number.isNaN(c.values[i]))) {
    return [
      {
        title: 'every metric NaN',
        tooltip: `Every metric of case ${id} is NaN under ${fe.convention.name}, and the case is left out of the means. ${click}`,
      },
    ];
  }
  const spread = options.spread ? headlineSpread(fe, caseIndex).map((s) => (spreads(s) ? s : undefined)) : [];
  const mark = MARKS.spread[options.marks ?? 'text'];
  const titles = fe.headline.map((i, j) => `${fe.names[i]} ${fmt(c.values[i])}${spread[j] ? ` ${mark}` : ''}`);
  if (fe.cases.length > ONE_LENS_PER_CASE_ABOVE) {
    const lines = fe.headline
      .map((i, j) => `${fe.names[i]} ${fmt(c.values[i], 4)}${spread[j] ? ` (${spreadText(spread[j]!)})` : ''}`)
      .join('\n');
    return [{ title: titles.join(' · '), tooltip: `Case ${id} under ${fe.convention.name}:\n${lines}\n\n${click}` }];
  }
  return fe.headline.map((i, j) => ({
    title: titles[j],
    tooltip: `${fe.names[i]} of case ${id} = ${fmt(c.values[i], 4)} under ${fe.convention.name}.${spread[j] ? ` ${spreadSentence(spread[j]!, c.values[i])}` : ''} ${click}`,
  }));
}

/** The status bar entry, short: `trec_eval · nDCG@10 0.524` (the convention and the first headline mean). */
export function statusShort(fe: FixtureEvaluation): string {
  const first = fe.headline[0];
  const convention = shortConventionName(fe);
  if (fe.cases.length === 0 || first === undefined) return convention;
  return `${convention} · ${fe.names[first]} ${fmt(fe.mean[first])}`;
}

/** A lens kept from the last version that parsed, while the text is broken: marked, and its tooltip says why. */
export function staleLens(t: LensText, marks: LensMarks = 'text'): LensText {
  return {
    title: `${MARKS.stale[marks]} ${t.title}`,
    tooltip: `The text does not parse now: these are the values of the last version that did. ${t.tooltip}`,
  };
}
