/**
 * Joins the fixture model with the metric core: per-case values, means, expectations and every
 * finding located in the text. Semantic checks (cutoffs, metric and preset names, knob values,
 * expect keys) live here so that JSON and YAML share them.
 */
import { CaseInput, Label, Prediction } from '../core/caseInput';
import { Convention, KNOBS, PRESET_NAMES, ResolvedConvention, checkKnob, resolveConvention } from '../core/conventions';
import { evaluateCase } from '../core/evaluate';
import { Finding } from '../core/findings';
import { CaseNode, DEFAULT_CUTOFFS, ExpectNode, FixtureDocument, FixtureNode, LocatedFinding, Span } from '../fixture/model/model';
import { ItemList, hasNumber, itemCount, itemId, itemIdSpan, itemNumber, itemValue } from '../fixture/model/itemList';
import { aggregate } from '../core/aggregate';
import { MetricSpec, closest, expandMetrics, metricName, parseMetricName, parseMetricSpec } from '../core/metricNames';
import { fmt } from '../core/explanation';
import { duplicateCaseIds, gatherKExceeds, mixedIdTypes } from './crossCaseChecks';
import { FixtureSystems, compareFixtureSystems } from './systemComparison';
import { coarseReach, expectationMatches, toleranceText } from './tolerance';
import { headlineIndexes } from './headline';

/** How a front end (settings, command line) shapes the evaluation. */
export interface FixtureOptions {
  /** Used when the fixture names no convention; `source` says where it was set (a setting, a config file). */
  defaultConvention?: { preset?: string; overrides?: Record<string, unknown>; source?: string };
  /** The metrics lenses and the status lead with, for fixtures without a `headline` key. */
  headlineMetrics?: readonly string[];
  /** Replaces the fixture's convention (the CLI's --convention). */
  forceConvention?: { preset?: string; overrides?: Record<string, unknown> };
  /** Used when the fixture has no k. */
  defaultCutoffs?: readonly number[];
  /** Replace the fixture's k and metrics (the CLI's --k and --metrics). */
  forceCutoffs?: readonly number[];
  forceMetrics?: readonly string[];
  /** Add convention-dependent findings (one evaluation per preset per case). */
  compare?: boolean;
}

export interface ExpectResult {
  node: ExpectNode;
  /** Index into the fixture's specs, or -1 when the fixture does not compute that metric. */
  index: number;
  computed: number | undefined;
  matches: boolean;
}

export interface CaseEvaluation {
  node: CaseNode;
  values: number[];
  expectations: ExpectResult[];
}

export interface FixtureEvaluation {
  fixture: FixtureNode;
  convention: ResolvedConvention;
  /** Where the convention came from: "fixture", "--force-convention", a setting or a config file, "built-in". */
  conventionSource: string;
  cutoffs: number[];
  /** Indexes into names of the headline metrics (see headline.ts). */
  headline: number[];
  specs: MetricSpec[];
  names: string[];
  cases: CaseEvaluation[];
  mean: number[];
  excluded: number[];
  findings: LocatedFinding[];
  /** The systems compared, when the fixture has several (see systemComparison.ts). */
  systems?: FixtureSystems;
}

export interface DocumentEvaluation {
  fixtures: FixtureEvaluation[];
  /** Every finding of the document: syntax, schema, semantics, cases, expectations. */
  findings: LocatedFinding[];
}

/** Evaluates every fixture of a parsed document. */
export function evaluateDocument(doc: FixtureDocument, options: FixtureOptions = {}): DocumentEvaluation {
  const fixtures = doc.fixtures.map((f) => evaluateFixture(f, options));
  return { fixtures, findings: [...doc.problems, ...fixtures.flatMap((f) => f.findings)] };
}

/**
 * The input the metric core sees for a case node, made when asked: kept with each case, the inputs of
 * 10,000 cases were a quarter of a million long-lived objects, for the few readers that want one.
 */
export function caseInput(node: CaseNode): CaseInput {
  const l = node.labels;
  const labels: Label[] = new Array(itemCount(l));
  for (let i = 0; i < labels.length; i++) labels[i] = { id: String(itemId(l, i)), grade: hasNumber(l, i) ? itemValue(l, i) : 1 };
  const p = node.predictions;
  const predictions: Prediction[] = new Array(itemCount(p));
  for (let i = 0; i < predictions.length; i++) predictions[i] = hasNumber(p, i) ? { id: String(itemId(p, i)), score: itemValue(p, i) } : { id: String(itemId(p, i)) };
  return { labels, predictions };
}

// Label and prediction objects lent to one evaluation at a time: the core reads a case's input while it
// evaluates it and keeps none of it (ids are strings, copied by reference). 25 objects a case were a
// tenth of what a first pass of 10,000 cases allocated.
const lentLabels: Label[] = [];
const lentPredictions: Prediction[] = [];

/** caseInput for one evaluation, in objects the next case reuses (see above). */
function lentCaseInput(node: CaseNode): CaseInput {
  const l = node.labels;
  const labels: Label[] = new Array(itemCount(l));
  for (let i = 0; i < labels.length; i++) {
    const label = (lentLabels[i] ??= { id: '', grade: 0 });
    label.id = String(itemId(l, i));
    label.grade = hasNumber(l, i) ? itemValue(l, i) : 1;
    labels[i] = label;
  }
  const p = node.predictions;
  const predictions: Prediction[] = new Array(itemCount(p));
  for (let i = 0; i < predictions.length; i++) {
    const prediction = (lentPredictions[i] ??= { id: '', score: undefined });
    prediction.id = String(itemId(p, i));
    prediction.score = hasNumber(p, i) ? itemValue(p, i) : undefined;
    predictions[i] = prediction;
  }
  return { labels, predictions };
}

/** Evaluates one fixture. */
export function evaluateFixture(fixture: FixtureNode, options: FixtureOptions = {}): FixtureEvaluation {
  const findings: LocatedFinding[] = [];
  const convention = fixtureConvention(fixture, options, findings);
  const cutoffs = fixtureCutoffs(fixture, options, findings);
  const metricNames = options.forceMetrics ?? fixtureMetricNames(fixture, findings);
  const specs = expandMetrics(metricNames, cutoffs);
  const names = specs.map(metricName);
  const conventionSource = options.forceConvention ? '--force-convention'
    : fixture.convention ? 'fixture' : options.defaultConvention?.source ?? 'built-in';
  const headline = headlineIndexes(names, cutoffs, fixtureHeadline(fixture, findings), options.headlineMetrics);

  const cases = fixture.cases.map((node): CaseEvaluation => {
    const one = evaluateCaseNode(node, specs, names, convention.convention, options.compare);
    findings.push(...one.findings);
    return one.evaluation;
  });
  findings.push(...mixedIdTypes(fixture.cases), ...duplicateCaseIds(fixture.cases));
  const { mean, excluded } = aggregate(cases.map((c) => c.values), specs);
  const systems = compareFixtureSystems(fixture, specs, names, convention.convention, findings);
  const gathered = gatherKExceeds(fixture, findings);
  return { fixture, convention, conventionSource, cutoffs, headline, specs, names, cases, mean, excluded, findings: gathered, ...(systems ? { systems } : {}) };
}

/** One case under settings already resolved: its values, expectations and located findings (core, then expect). */
export function evaluateCaseNode(node: CaseNode, specs: MetricSpec[], names: string[], convention: Convention, compare?: boolean): { evaluation: CaseEvaluation; findings: LocatedFinding[] } {
  const result = evaluateCase(lentCaseInput(node), specs, convention, { compare });
  const findings = result.findings.map((f) => locate(f, node));
  const expectations = node.expect.map((e) => checkExpectation(e, names, result.values, findings));
  return { evaluation: { node, values: result.values, expectations }, findings };
}

function fixtureConvention(fixture: FixtureNode, options: FixtureOptions, findings: LocatedFinding[]): ResolvedConvention {
  if (options.forceConvention) return resolveConvention(options.forceConvention.preset, options.forceConvention.overrides).resolved;
  const node = fixture.convention;
  if (!node) {
    const d = options.defaultConvention;
    return resolveConvention(d?.preset, d?.overrides).resolved;
  }
  let preset: string | undefined;
  if (node.preset) {
    const { problems } = resolveConvention(node.preset.value);
    if (problems.length === 0) preset = node.preset.value;
    else {
      const suggestion = closest(node.preset.value, PRESET_NAMES, 3);
      findings.push({ code: 'unknown-preset', severity: 'error', span: node.preset.span,
        message: `Unknown preset "${node.preset.value}"${suggestion ? `; did you mean "${suggestion}"?` : ''} The default preset is used. Presets: ${PRESET_NAMES.join(', ')}.`,
        ...(suggestion ? { data: { replacement: suggestion } } : {}) });
    }
  }
  const overrides: Record<string, unknown> = Object.create(null);
  for (const o of node.overrides) {
    const problem = checkKnob(o.key.value, o.value.value);
    if (!problem) { overrides[o.key.value] = o.value.value; continue; }
    const knob = KNOBS.find((k) => k.name === o.key.value);
    const choices = knob?.values.filter((v) => knob.name !== 'relevanceThreshold' || v === 'listed');
    const suggestion = knob
      ? (typeof o.value.value === 'string' ? closest(o.value.value, knob.values, 3) : undefined)
      : closest(o.key.value, KNOBS.map((k) => k.name), 3);
    findings.push({ code: knob ? 'invalid-knob-value' : 'unknown-knob', severity: 'error', span: knob ? o.value.span : o.key.span,
      message: `${problem}${suggestion ? ` Did you mean "${suggestion}"?` : ''} This override is ignored.`,
      ...(suggestion || choices ? { data: { ...(suggestion ? { replacement: suggestion } : {}), ...(choices ? { choices } : {}) } } : {}) });
  }
  return resolveConvention(preset, overrides).resolved;
}

function fixtureCutoffs(fixture: FixtureNode, options: FixtureOptions, findings: LocatedFinding[]): number[] {
  if (options.forceCutoffs) return [...new Set(options.forceCutoffs)].sort((a, b) => a - b);
  if (!fixture.k) return [...(options.defaultCutoffs ?? DEFAULT_CUTOFFS)];
  const ok: number[] = [];
  for (const k of fixture.k) {
    if (Number.isSafeInteger(k.value) && k.value >= 1) {
      if (ok.includes(k.value)) findings.push({ code: 'duplicate-cutoff', severity: 'warning', span: k.span, message: `Cutoff ${k.value} is listed twice; it is computed once.` });
      else ok.push(k.value);
    } else {
      findings.push({ code: 'invalid-cutoff', severity: 'error', span: k.span, message: `A cutoff must be a whole number ≥ 1; ${k.value} is ignored.` });
    }
  }
  if (ok.length === 0 && fixture.k.length > 0 && fixture.kSpan) {
    findings.push({ code: 'invalid-cutoff', severity: 'error', span: fixture.kSpan, message: `No valid cutoff: the defaults ${DEFAULT_CUTOFFS.join(', ')} are used.` });
    return [...DEFAULT_CUTOFFS];
  }
  return ok.sort((a, b) => a - b);
}

/** The fixture's headline names that are metric names; the others get an unknown-metric finding. */
function fixtureHeadline(fixture: FixtureNode, findings: LocatedFinding[]): string[] | undefined {
  if (!fixture.headline) return undefined;
  return fixture.headline.filter((m) => {
    if (parseMetricSpec(m.value).spec) return true;
    const parsed = parseMetricName(m.value);
    findings.push({ code: 'unknown-metric', severity: 'error', span: m.span, message: `${parsed.ok ? `"${m.value}" needs a cutoff here (${m.value}@10).` : parsed.message} It is not a headline.`,
      ...(!parsed.ok && parsed.suggestion ? { data: { replacement: parsed.suggestion } } : {}) });
    return false;
  }).map((m) => m.value);
}

function fixtureMetricNames(fixture: FixtureNode, findings: LocatedFinding[]): string[] | undefined {
  if (!fixture.metrics) return undefined;
  const ok: string[] = [];
  for (const m of fixture.metrics) {
    const parsed = parseMetricName(m.value);
    if (parsed.ok) { ok.push(m.value); continue; }
    findings.push({ code: 'unknown-metric', severity: 'error', span: m.span, message: `${parsed.message} It is not computed.`,
      ...(parsed.suggestion ? { data: { replacement: parsed.suggestion } } : {}) });
  }
  return ok;
}

export { writtenDecimals, expectationMatches } from './tolerance';

function checkExpectation(e: ExpectNode, names: string[], values: number[], findings: LocatedFinding[]): ExpectResult {
  const parsed = parseMetricSpec(e.metric.value);
  if (!parsed.spec) {
    const suggestion = parseMetricName(e.metric.value);
    findings.push({ code: 'unknown-metric', severity: 'error', span: e.metric.span, message: `${parsed.message} This expectation is not checked.`,
      ...(!suggestion.ok && suggestion.suggestion ? { data: { replacement: suggestion.suggestion } } : {}) });
    return { node: e, index: -1, computed: undefined, matches: false };
  }
  const name = metricName(parsed.spec);
  const index = names.indexOf(name);
  if (index < 0) {
    findings.push({ code: 'expect-not-computed', severity: 'warning', span: e.metric.span,
      message: `The fixture does not compute ${name} (check k and metrics), so this expectation is not checked.` });
    return { node: e, index, computed: undefined, matches: false };
  }
  const computed = values[index];
  const matches = expectationMatches(e.value.value, e.text, computed);
  if (!matches) {
    const within = e.value.value === null ? '' : `: not ${toleranceText(e.text)}`;
    findings.push({ code: 'expect-mismatch', severity: 'error', span: e.value.span,
      message: `Expected ${name} = ${e.value.value === null ? 'NaN (null)' : e.text}, computed ${fmt(computed, 4)}${within}.`,
      data: { computed: Number.isNaN(computed) ? null : computed } });
  } else {
    const reach = coarseReach(e.value.value, e.text);
    if (reach !== undefined) {
      findings.push({ code: 'coarse-expectation', severity: 'hint', span: e.value.span,
        message: `${e.text} is checked ${toleranceText(e.text)}, so it also accepts values up to ${Math.round(reach * 100)}% away from it; write more decimals to check ${name} closely.` });
    }
  }
  return { node: e, index, computed, matches };
}

/** Places a core finding on the text of the case it is about. */
function locate(f: Finding, node: CaseNode): LocatedFinding {
  const span = partSpan(f.code, f.part, node);
  const located: LocatedFinding = { code: f.code, severity: f.severity, message: f.message, span };
  if (f.related) located.related = f.related.map((r) => ({ span: partSpan(f.code, r.part, node), message: r.message }));
  return located;
}

function partSpan(code: string, part: Finding['part'], node: CaseNode): Span {
  switch (part.kind) {
    case 'case': return node.id.span;
    case 'labels': return node.labelsSpan ?? node.id.span;
    case 'predictions': return node.predictionsSpan ?? node.id.span;
    case 'label': return itemPartSpan(code, 'grade', node.labels, part.index);
    case 'prediction': return itemPartSpan(code, 'score', node.predictions, part.index);
  }
}

/** A finding about an item's grade or score sits on that number when one is written, else on the id. */
function itemPartSpan(code: string, number: 'grade' | 'score', items: ItemList, i: number): Span {
  return (code.endsWith(number) && itemNumber(items, i)?.span) || itemIdSpan(items, i);
}
