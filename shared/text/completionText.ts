/**
 * Completion candidates for what is typed at the cursor (the fixture layer's completion context):
 * keys, metric names with their cutoffs and parameters (and trec_eval's names the reader accepts),
 * presets, knobs and their values, finding codes, and the metrics an expect entry can check. Each
 * candidate's documentation is resolved later, from the text the hover on that name shows
 * (knobText.ts), the core's declaration (a finding's summary, a family's title) or, for a key
 * without a hover of its own, the JSON Schema's description — what the editor shows on that key.
 */
import schema from '../../schemas/rank-fixture.schema.json';
import { CompletionContext, CompletionTarget, ValueShape, snippetText, writeKey, writeValue } from '../fixture/editing/completionContext';
import { FIXTURE_KEYS, QRELS_RUN_KEYS } from '../fixture/schema/fixtureSchema';
import { LISTED_CASE_KEYS, MAPPED_CASE_KEYS } from '../fixture/schema/caseSchema';
import { SIGNIFICANCE_KEYS } from '../fixture/schema/significanceSchema';
import { DEFAULT_CUTOFFS } from '../fixture/model/model';
import { KNOBS, PRESET_NAMES } from '../core/conventions';
import { FIXTURE_FINDING_CODES, FindingCode } from '../core/findingCodes';
import {
  DEFAULT_FAMILIES,
  FAMILIES,
  FAMILY_PARAM,
  FAMILY_TITLES,
  Family,
  LEVEL_EXAMPLE,
  LEVEL_PARAM,
  TAKES_CUTOFF,
  TAKES_NO_CUTOFF,
  parseMetricName,
} from '../core/metricNames';
import { TREC_MEASURES } from '../core/trecEvalNames';
import { CORRECTIONS } from '../stats/corrections';
import { SIGNIFICANCE_TESTS, TEST_TITLES } from '../stats/testNames';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { conventionHover, cutoffHover, knobHover, metricHover, metricsHover, presetHover } from './knobText';
import { escapeMarkdown } from './explainMarkdown';

export type CompletionKind = 'key' | 'metric' | 'preset' | 'value' | 'code';

/** What a candidate's documentation describes; completionDocumentation writes it when the editor asks. */
export type CompletionDoc =
  | { kind: 'key'; key: string; in: 'fixture' | 'case' | 'significance' }
  | { kind: 'knob'; name: string }
  | { kind: 'metric'; name: string }
  | { kind: 'preset'; name: string }
  | { kind: 'knob-value'; knob: string }
  | { kind: 'significance-value'; key: 'test' | 'correction' }
  | { kind: 'code'; code: string };

export interface CompletionCandidate {
  label: string;
  kind: CompletionKind;
  /** One short line beside the label. */
  detail: string;
  /** The text that replaces the context's span: quoted, with its colon, in snippet syntax when `snippet`. */
  insert: string;
  snippet: boolean;
  /** What the editor matches the typed text against (with the opening quote in JSON strings). */
  filterText: string;
  /** The order: names that start with the typed prefix first, then the most quoted names first. */
  sortText: string;
  doc: CompletionDoc;
}

/** A candidate before it is written for its place. */
interface Entry {
  label: string;
  kind: CompletionKind;
  detail: string;
  /** A key (with the shape of its value) or a value. */
  key?: ValueShape;
  /** The value as inserted without snippets, and with them (placeholders). */
  plain: string;
  snippet?: string;
  doc: CompletionDoc;
}

const KEY_ORDER: readonly string[] = [
  'cases',
  'metrics',
  'k',
  'convention',
  'expectFindings',
  'headline',
  'description',
  'significance',
  '$schema',
];
const KEY_SHAPES: Readonly<Record<string, ValueShape>> = {
  cases: 'map',
  k: 'list',
  metrics: 'list',
  headline: 'list',
  convention: 'text',
  significance: 'map',
  expectFindings: 'list',
  description: 'text',
  $schema: 'text',
  qrels: 'map',
  run: 'map',
  runs: 'map',
  id: 'text',
  labels: 'list',
  test: 'text',
  correction: 'text',
  predictions: 'list',
  expect: 'map',
};

/** The families in the order completion offers them: those reports quote first. */
const FAMILY_ORDER: readonly Family[] = [
  ...(['nDCG', 'AP', 'P', 'R', 'RR'] as const),
  ...DEFAULT_FAMILIES.filter((f) => !['nDCG', 'AP', 'P', 'R', 'RR'].includes(f)),
  ...FAMILIES.filter((f) => !DEFAULT_FAMILIES.includes(f)),
];
/** Binary families offered with a relevance level of their own (`P(rel=2)@k`). */
const REL_FAMILIES: ReadonlySet<Family> = new Set<Family>(['P', 'R', 'AP', 'RR', 'Success']);

export interface CandidateOptions {
  /** The client takes snippets (placeholders such as `nDCG@${1:k}`). */
  snippets: boolean;
  /**
   * The editor completes this file from the JSON Schema too (VS Code's JSON language features, or
   * a YAML extension): leave to it the keys, presets, knob values, finding codes and metric examples
   * the schema lists, so that none is offered twice.
   */
  schemaShown?: boolean;
}

/** The metric names the schema suggests itself. */
const SCHEMA_METRICS: ReadonlySet<string> = new Set(schema.definitions.metric.examples);

/** The candidates for the context, in order; `fe` is the fixture's evaluation (perhaps of an earlier version), when there is one. */
export function completionCandidates(
  context: CompletionContext,
  fe: FixtureEvaluation | undefined,
  options: CandidateOptions,
): CompletionCandidate[] {
  const present = new Set(context.present);
  const { snippets, schemaShown = false } = options;
  const targets = schemaShown ? context.targets.filter((t) => t.kind === 'metric' || t.kind === 'expect-key') : context.targets;
  const entries = targets
    .flatMap((t) => entriesFor(t, context, fe))
    .filter((e) => !present.has(e.plain) && !(schemaShown && e.kind === 'metric' && !e.key && SCHEMA_METRICS.has(e.plain)));
  const seen = new Set<string>();
  const prefix = context.prefix.toLowerCase();
  return entries
    .filter((e) => !seen.has(e.label) && seen.add(e.label))
    .map((e, rank) => {
      const written = e.key
        ? { text: writeKey(context, e.plain, e.key, snippets), snippet: snippets }
        : writeValue(context, e.plain, snippets ? e.snippet : undefined);
      const starts = e.label.toLowerCase().startsWith(prefix);
      return {
        label: e.label,
        kind: e.kind,
        detail: e.detail,
        insert: written.text,
        snippet: written.snippet,
        filterText: context.write.quoted ? `"${e.label}` : e.label,
        sortText: `${starts ? 0 : 1}${String(rank).padStart(4, '0')}`,
        doc: e.doc,
      };
    });
}

function entriesFor(target: CompletionTarget, context: CompletionContext, fe: FixtureEvaluation | undefined): Entry[] {
  switch (target.kind) {
    case 'fixture-key':
      return fixtureKeys(context.present).map((key) => keyEntry(key, 'fixture', 'fixture key'));
    case 'case-key':
      return (target.listed ? LISTED_CASE_KEYS : MAPPED_CASE_KEYS).map((key) => keyEntry(key, 'case', 'case key'));
    case 'significance-key':
      return SIGNIFICANCE_KEYS.map((key) => keyEntry(key, 'significance', 'significance setting'));
    case 'convention-key':
      return [
        {
          label: 'preset',
          kind: 'key',
          detail: 'the preset the knobs start from',
          key: 'text',
          plain: 'preset',
          doc: { kind: 'preset', name: '' },
        },
        ...KNOBS.map((k): Entry => ({
          label: k.name,
          kind: 'key',
          detail: k.name === 'relevanceThreshold' ? 'a number, or listed' : k.values.join(' | '),
          key: k.name === 'relevanceThreshold' ? 'scalar' : 'text',
          plain: k.name,
          doc: { kind: 'knob', name: k.name },
        })),
      ];
    case 'expect-key':
      return expectNames(fe).map((name) => ({ ...metricEntry(name, familyDetail(name)), key: 'scalar' }));
    case 'preset':
      return PRESET_NAMES.map((name) => ({ label: name, kind: 'preset', detail: 'preset', plain: name, doc: { kind: 'preset', name } }));
    case 'knob-value': {
      const knob = KNOBS.find((k) => k.name === target.knob);
      return (knob?.values ?? []).map((v) => ({
        label: v,
        kind: 'value',
        detail: knob!.name,
        plain: v,
        doc: { kind: 'knob-value', knob: knob!.name },
      }));
    }
    case 'significance-value':
      return target.key === 'test'
        ? SIGNIFICANCE_TESTS.map((t) => ({
            label: t,
            kind: 'value',
            detail: TEST_TITLES[t],
            plain: t,
            doc: { kind: 'significance-value', key: 'test' },
          }))
        : CORRECTIONS.map((c) => ({
            label: c,
            kind: 'value',
            detail: 'correction',
            plain: c,
            doc: { kind: 'significance-value', key: 'correction' },
          }));
    case 'finding-code':
      return (Object.keys(FIXTURE_FINDING_CODES) as FindingCode[]).map((code) => {
        const info = FIXTURE_FINDING_CODES[code]!;
        return { label: code, kind: 'code', detail: `${info.severity} · ${info.layer}`, plain: code, doc: { kind: 'code', code } };
      });
    case 'metric':
      return [...cutoffEntries(context.prefix, fe), ...metricEntries(), ...trecEntries()];
  }
}

/** The keys a fixture may still take: our format's, or the qrels/run shape's once it has qrels, run or runs. */
function fixtureKeys(present: readonly string[]): string[] {
  const qrelsRun = !present.includes('cases') && ['qrels', 'run', 'runs'].some((k) => present.includes(k));
  if (qrelsRun) return QRELS_RUN_KEYS.slice();
  const ordered = [...KEY_ORDER.filter((k) => FIXTURE_KEYS.includes(k)), ...FIXTURE_KEYS.filter((k) => !KEY_ORDER.includes(k))];
  return present.includes('cases') ? ordered : [...ordered, 'qrels', 'run', 'runs'];
}

function keyEntry(key: string, where: 'fixture' | 'case' | 'significance', detail: string): Entry {
  return { label: key, kind: 'key', detail, key: KEY_SHAPES[key] ?? 'scalar', plain: key, doc: { kind: 'key', key, in: where } };
}

function metricEntry(name: string, detail: string, snippet?: string, label = name): Entry {
  return { label, kind: 'metric', detail, plain: name, ...(snippet ? { snippet } : {}), doc: { kind: 'metric', name } };
}

function familyDetail(name: string): string {
  const parsed = parseMetricName(name);
  return parsed.ok ? FAMILY_TITLES[parsed.family] : '';
}

/** The names an expect entry can check: the fixture's headline metrics first, then the rest it computes. */
function expectNames(fe: FixtureEvaluation | undefined): string[] {
  if (!fe) return [];
  const first = fe.headline.map((i) => fe.names[i]);
  return [...first, ...fe.names.filter((n) => !first.includes(n))];
}

/** After `nDCG@`: the name at each of the fixture's cutoffs, and at every cutoff (`@k`). */
function cutoffEntries(prefix: string, fe: FixtureEvaluation | undefined): Entry[] {
  const at = prefix.lastIndexOf('@');
  if (at <= 0) return [];
  const base = prefix.slice(0, at);
  const parsed = parseMetricName(base);
  if (!parsed.ok || parsed.cutoff !== undefined || !TAKES_CUTOFF.has(parsed.family) || LEVEL_PARAM.has(parsed.family)) return [];
  const title = FAMILY_TITLES[parsed.family];
  return [`${base}@k`, ...(fe?.cutoffs ?? DEFAULT_CUTOFFS).map((k) => `${base}@${k}`)].map((name) => metricEntry(name, title));
}

/** Every family: alone, at every cutoff (`@k`), at a level, with its parameter, with a relevance level of its own. */
function metricEntries(): Entry[] {
  return FAMILY_ORDER.flatMap((f) => {
    const title = FAMILY_TITLES[f];
    const out: Entry[] = [];
    const level = LEVEL_EXAMPLE[f];
    if (level) return [metricEntry(`${f}@${level}`, title, `${f}@\${1:${level}}`)];
    if (TAKES_CUTOFF.has(f) || TAKES_NO_CUTOFF.has(f)) out.push(metricEntry(f, title));
    if (TAKES_CUTOFF.has(f)) out.push(metricEntry(`${f}@k`, title, `${f}@\${1:k}`));
    const param = FAMILY_PARAM[f];
    if (param && Number.isFinite(param.default)) {
      out.push(
        metricEntry(`${f}(${param.name}=${param.default})`, title, `${f}(${param.name}=\${1:${param.default}})`, `${f}(${param.name}=…)`),
      );
    }
    if (REL_FAMILIES.has(f)) out.push(metricEntry(`${f}(rel=2)@k`, title, `${f}(rel=\${1:2})@\${2:k}`, `${f}(rel=…)@k`));
    if (f === 'nDCG') out.push(metricEntry('nDCG(gain1=3,gain2=9)', title, 'nDCG(gain1=${1:3},gain2=${2:9})', 'nDCG(gain1=…,gain2=…)'));
    return out;
  });
}

/** trec_eval's names that the fixture reader accepts (`map`, `ndcg_cut_k`, `recip_rank`, `iprec_at_recall_0.50`). */
function trecEntries(): Entry[] {
  return TREC_MEASURES.flatMap((m) => {
    const detail = `trec_eval · ${FAMILY_TITLES[m.family]}`;
    const entry =
      m.kind === 'cutoffs'
        ? metricEntry(`${m.name}_k`, detail, `${snippetText(m.name)}_\${1:k}`)
        : m.kind === 'levels'
          ? levelEntry(m.name, m.family, detail)
          : metricEntry(m.name, detail);
    return parseMetricName(entry.plain).ok ? [entry] : [];
  });
}

/** A trec_eval name with its level written as trec_eval prints it (`iprec_at_recall_0.50`). */
function levelEntry(name: string, family: Family, detail: string): Entry {
  const level = Number(LEVEL_EXAMPLE[family] ?? 0).toFixed(2);
  return metricEntry(`${name}_${level}`, detail, `${snippetText(name)}_\${1:${level}}`);
}

/** The documentation of a candidate: Markdown, the same text the hover on that name shows where there is one. */
export function completionDocumentation(doc: CompletionDoc, fe: FixtureEvaluation | undefined): string {
  switch (doc.kind) {
    case 'key':
      return keyDocumentation(doc.key, doc.in, fe);
    case 'knob': {
      const knob = KNOBS.find((k) => k.name === doc.name);
      return fe ? knobHover(fe, doc.name) : knob ? escapeMarkdown(knob.description) : '';
    }
    case 'metric': {
      if (fe) return metricHover(fe, doc.name);
      const parsed = parseMetricName(doc.name);
      return parsed.ok ? `**${escapeMarkdown(doc.name)}** — ${FAMILY_TITLES[parsed.family]}` : escapeMarkdown(parsed.message);
    }
    case 'preset':
      return doc.name ? presetHover(doc.name) : escapeMarkdown(schema.definitions.preset.description);
    case 'knob-value': {
      const knob = KNOBS.find((k) => k.name === doc.knob);
      return knob ? `**${doc.knob}** — ${escapeMarkdown(knob.description)}` : '';
    }
    case 'significance-value':
      return escapeMarkdown(schema.properties.significance.properties[doc.key].description);
    case 'code': {
      const info = FIXTURE_FINDING_CODES[doc.code as FindingCode];
      return info ? `**${doc.code}** (${info.severity} by default) — ${escapeMarkdown(info.summary)}` : '';
    }
  }
}

/** A key's documentation: the hover on k, metrics or the convention, else what the schema says of it. */
function keyDocumentation(key: string, where: 'fixture' | 'case' | 'significance', fe: FixtureEvaluation | undefined): string {
  if (where === 'fixture' && fe) {
    if (key === 'k') return cutoffHover(fe);
    if (key === 'metrics') return metricsHover(fe);
    if (key === 'convention') return conventionHover(fe);
  }
  return escapeMarkdown(schemaDescription(key, where));
}

function schemaDescription(key: string, where: 'fixture' | 'case' | 'significance'): string {
  const described = (node: unknown): string => {
    const n = node as { description?: string; $ref?: string } | undefined;
    if (n?.$ref) return described((schema.definitions as Record<string, unknown>)[n.$ref.replace('#/definitions/', '')]);
    return n?.description ?? '';
  };
  if (where === 'fixture') return described((schema.properties as Record<string, unknown>)[key]);
  if (where === 'significance') return described((schema.properties.significance.properties as Record<string, unknown>)[key]);
  return described((schema.definitions.listedCase.properties as Record<string, unknown>)[key]);
}
