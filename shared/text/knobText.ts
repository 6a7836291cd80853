/**
 * Hover Markdown for the fixture's settings: the cutoffs, the metric names and the convention (its
 * preset and each knob) — what they mean, and which knobs change what they compute.
 */
import {
  DEFAULT_PRESET,
  KNOBS,
  KnobName,
  PRESETS,
  PRESET_NAMES,
  findPreset,
  renamedPreset,
  renamedPresetMessage,
} from '../core/conventions';
import { escapeMarkdown } from './explainMarkdown';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { FAMILY_TITLES, Family, TAKES_NO_CUTOFF, metricName, parseMetricName } from '../core/metricNames';
import { explainMetric } from '../core/metrics/dispatch';
import { rankCase } from '../core/ranking';

const code = (text: string) => '`' + text.replace(/`/g, "'") + '`';

/** The knobs that change each family's value; every metric also depends on EVERY_METRIC. */
const FAMILY_KNOBS: Readonly<Record<Family, readonly KnobName[]>> = {
  P: ['precisionDenominator', 'relevanceThreshold', 'averaging'],
  R: ['relevantPool', 'relevanceThreshold', 'recallDenominator', 'averaging'],
  F1: ['precisionDenominator', 'relevantPool', 'relevanceThreshold', 'noHit', 'recallDenominator', 'averaging'],
  AP: ['apDenominator', 'relevantPool', 'relevanceThreshold', 'noHit', 'apTerms'],
  RR: ['relevanceThreshold'],
  DCG: ['gain', 'discount'],
  nDCG: ['gain', 'ideal', 'idealCut', 'discount'],
  Rprec: ['relevantPool', 'relevanceThreshold'],
  Success: ['relevanceThreshold'],
  NumQ: [],
  NumRet: [],
  NumRel: ['relevantPool', 'relevanceThreshold'],
  NumRelRet: ['relevanceThreshold'],
  NumNonrelJudgedRet: ['relevanceThreshold'],
  gmAP: ['apDenominator', 'relevantPool', 'relevanceThreshold'],
  Bpref: ['relevantPool', 'relevanceThreshold'],
  gmBpref: ['relevantPool', 'relevanceThreshold'],
  infAP: ['relevantPool', 'relevanceThreshold'],
  IPrec: ['relevantPool', 'relevanceThreshold'],
  '11ptAvg': ['relevantPool', 'relevanceThreshold'],
  RprecMult: ['relevantPool', 'relevanceThreshold'],
  Utility: ['relevantPool', 'relevanceThreshold'],
  binG: ['relevantPool', 'relevanceThreshold'],
  G: ['gain'],
  nDCGrel: ['gain'],
  Rndcg: ['gain', 'relevanceThreshold'],
  RelP: ['relevantPool', 'relevanceThreshold'],
  SetP: ['relevanceThreshold'],
  SetRelP: ['relevantPool', 'relevanceThreshold'],
  SetR: ['relevantPool', 'relevanceThreshold'],
  SetAP: ['relevantPool', 'relevanceThreshold'],
  SetF: ['relevantPool', 'relevanceThreshold'],
  RBP: [],
  RBPresid: [],
  Unjudged: [],
  Judged: [],
  ERR: ['errGain'],
  GranularRR: ['relevanceThreshold'],
  NCRR: ['relevantPool', 'relevanceThreshold'],
  Hole: [],
};
const EVERY_METRIC: readonly KnobName[] = [
  'emptyLabels',
  'emptyPredictions',
  'duplicates',
  'ties',
  'unjudged',
  'unjudgedGrade',
  'identicalIds',
  'zeroScores',
];
const CUTOFF_KNOBS: readonly KnobName[] = ['precisionDenominator', 'apDenominator', 'ideal', 'idealCut', 'unjudged'];

function knobLine(fe: FixtureEvaluation, name: KnobName): string {
  const info = KNOBS.find((k) => k.name === name)!;
  return `- ${code(`${name} = ${fe.convention.convention[name]}`)} — ${escapeMarkdown(info.description)}`;
}

/** The formula of a family under the fixture's convention, read off a one-item case. */
function formulaOf(family: Family, k: number | null, fe: FixtureEvaluation, param?: number): string {
  const conv = fe.convention.convention;
  const rc = rankCase({ labels: [{ id: 'a', grade: 1 }], predictions: [{ id: 'a' }] }, conv);
  return explainMetric(rc, { family, k, ...(param === undefined ? {} : { param }) }, conv).formula;
}

/** On k: what a cutoff does here and the knobs that use it. */
export function cutoffHover(fe: FixtureEvaluation): string {
  const given = fe.fixture.k === null ? ' (the default, since the fixture gives no k)' : '';
  return [
    `**k** — cutoffs: a metric at k looks only at the top k ranked predictions. This fixture computes at k = ${fe.cutoffs.join(', ')}${given}.`,
    'Knobs that decide what a cutoff does:',
    CUTOFF_KNOBS.map((n) => knobLine(fe, n)).join('\n'),
  ].join('\n\n');
}

/** On a metric name: the family, its formula, what it expands to here and the knobs that apply. */
export function metricHover(fe: FixtureEvaluation, written: string): string {
  const parsed = parseMetricName(written);
  // The unknown-metric finding on the name says all there is, and an editor shows it with the hover.
  if (!parsed.ok) return '';
  const family = parsed.family;
  // Any cutoff gives the formula at k (`nDCG@k`, true of every cutoff); no cutoff, the formula over every item.
  const k = parsed.cutoff === undefined && TAKES_NO_CUTOFF.has(family) ? null : 1;
  const expanded = fe.specs
    .filter((s) => s.family === family && (typeof parsed.cutoff !== 'number' || s.k === parsed.cutoff))
    .map(metricName);
  return [
    `**${escapeMarkdown(written)}** — ${FAMILY_TITLES[family]}`,
    code(formulaOf(family, k, fe, parsed.param)),
    expanded.length > 0 ? `Computed here as ${expanded.map(code).join(', ')}.` : 'Not computed by this fixture.',
    'Knobs that change it (now):',
    [...FAMILY_KNOBS[family], ...EVERY_METRIC].map((n) => knobLine(fe, n)).join('\n'),
  ].join('\n\n');
}

/** On the convention: the resolved knobs, each with what it decides and where it came from. */
export function conventionHover(fe: FixtureEvaluation): string {
  const preset = PRESETS[fe.convention.preset];
  const rows = KNOBS.map((k) => {
    const value = fe.convention.convention[k.name];
    const origin = k.name in fe.convention.overrides && preset[k.name] !== value ? `override (preset: ${preset[k.name]})` : 'preset';
    return `| ${k.name} | ${escapeMarkdown(String(value))} | ${origin} | ${escapeMarkdown(k.affects)} |`;
  });
  return [
    `**Convention ${code(fe.convention.name)}** — every number here is computed under these knobs. Presets: ${PRESET_NAMES.map(code).join(', ')}.`,
    '| knob | value | from | affects |\n|---|---|---|---|\n' + rows.join('\n'),
  ].join('\n\n');
}

/** On a preset name: its knobs and how they differ from the default preset. */
export function presetHover(name: string): string {
  const preset = findPreset(name);
  // The unknown-preset finding names the presets; an editor shows it with the hover.
  if (!preset) return '';
  const rows = KNOBS.map((k) => {
    const v = PRESETS[preset][k.name];
    const differs = v !== PRESETS[DEFAULT_PRESET][k.name] ? ` (${DEFAULT_PRESET}: ${PRESETS[DEFAULT_PRESET][k.name]})` : '';
    return `| ${k.name} | ${escapeMarkdown(String(v))}${escapeMarkdown(differs)} |`;
  });
  const renamed = renamedPreset(name) ? [escapeMarkdown(renamedPresetMessage(name))] : [];
  return [`**Preset ${code(preset)}**`, ...renamed, '| knob | value |\n|---|---|\n' + rows.join('\n')].join('\n\n');
}

/** On a knob override: what the knob decides, its allowed values and the value in force. */
export function knobHover(fe: FixtureEvaluation, name: string): string {
  const info = KNOBS.find((k) => k.name === name);
  // The unknown-knob finding names the knobs; an editor shows it with the hover.
  if (!info) return '';
  const values =
    name === 'relevanceThreshold' ? 'a number, or listed' : name === 'unjudgedGrade' ? 'none, or a number' : info.values.join(', ');
  return [
    `**${code(name)}** = ${code(String(fe.convention.convention[info.name]))} (preset ${code(fe.convention.preset)} has ${code(String(PRESETS[fe.convention.preset][info.name]))})`,
    escapeMarkdown(info.description),
    `Values: ${escapeMarkdown(values)}. Affects: ${escapeMarkdown(info.affects)}.`,
  ].join('\n\n');
}

/** On the metrics key: what the list does and what it expands to here. */
export function metricsHover(fe: FixtureEvaluation): string {
  return [
    '**metrics** — the metrics to compute: `P` or `P@k` at every cutoff, `P@3` at 3 only; `AP`, `RR`, `nDCG` and `Rprec` alone take no cutoff (write `AP@k` for every cutoff). Without this key every family is computed.',
    `Computed here: ${fe.names.map(code).join(', ') || 'nothing'}.`,
  ].join('\n\n');
}
