/**
 * One case node of a fixture through the metric core, under settings already resolved: its values,
 * its expectations checked, and its findings placed on the case's text.
 */
import { CaseInput, Label, Prediction } from '../core/caseInput';
import { CaseScratch, caseScratch } from '../core/caseScratch';
import { Convention } from '../core/conventions';
import { evaluateCase } from '../core/evaluate';
import { fmt } from '../core/explanation';
import { Finding } from '../core/findings';
import { MetricSpec, metricName, parseMetricName, parseMetricSpec } from '../core/metricNames';
import { ItemList, hasNumber, itemCount, itemId, itemIdSpan, itemNumber, itemValue } from '../fixture/model/itemList';
import { CaseNode, ExpectNode, LocatedFinding, Span } from '../fixture/model/model';
import { coarseReach, expectationMatches, toleranceText } from './tolerance';
import { libraryMetricFinding } from './libraryMetricFinding';
import { metricFixData } from './fixtureSettings';

export interface ExpectResult {
  node: ExpectNode;
  /** Index into the fixture's specs, or -1 when the fixture does not compute that metric. */
  index: number;
  /** Undefined when the expectation is not checked: the metric is not computed, or the case is not evaluated. */
  computed: number | undefined;
  matches: boolean;
}

export interface CaseEvaluation {
  node: CaseNode;
  values: number[];
  expectations: ExpectResult[];
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
  for (let i = 0; i < predictions.length; i++)
    predictions[i] = hasNumber(p, i) ? { id: String(itemId(p, i)), score: itemValue(p, i) } : { id: String(itemId(p, i)) };
  return { id: node.id.value, labels, predictions };
}

/**
 * The inputs of the cases a fixture evaluates, in order: a case an error broke (model.ts) is left out,
 * as it is of the means, so that what the presets are compared on is what the fixture's means are of.
 */
export function evaluatedInputs(cases: readonly CaseEvaluation[]): CaseInput[] {
  return cases.filter((c) => !c.node.broken).map((c) => caseInput(c.node));
}

/**
 * The buffers of one evaluation pass over case nodes, owned by the pass (evaluateFixture, the case
 * cache) and passed to each evaluateCaseNode: the core's CaseScratch, and label and prediction objects
 * lent to one case at a time (the core reads a case's input while it evaluates it and keeps none of
 * it; ids are strings, copied by reference). 25 objects a case were a tenth of what a first pass of
 * 10,000 cases allocated.
 */
export interface EvaluationScratch {
  core: CaseScratch;
  labels: Label[];
  predictions: Prediction[];
}

/** A new, empty evaluation scratch. */
export function evaluationScratch(): EvaluationScratch {
  return { core: caseScratch(), labels: [], predictions: [] };
}

/** caseInput for one evaluation, in the scratch's objects, which the next case reuses (see above). */
function lentCaseInput(node: CaseNode, scratch: EvaluationScratch): CaseInput {
  const l = node.labels;
  const labels: Label[] = new Array(itemCount(l));
  for (let i = 0; i < labels.length; i++) {
    const label = (scratch.labels[i] ??= { id: '', grade: 0 });
    label.id = String(itemId(l, i));
    label.grade = hasNumber(l, i) ? itemValue(l, i) : 1;
    labels[i] = label;
  }
  const p = node.predictions;
  const predictions: Prediction[] = new Array(itemCount(p));
  for (let i = 0; i < predictions.length; i++) {
    const prediction = (scratch.predictions[i] ??= { id: '', score: undefined });
    prediction.id = String(itemId(p, i));
    prediction.score = hasNumber(p, i) ? itemValue(p, i) : undefined;
    predictions[i] = prediction;
  }
  return { id: node.id.value, labels, predictions };
}

/**
 * One case under settings already resolved: its values, expectations and located findings (core,
 * then expect). A scratch, owned by the pass that evaluates many cases, lends the buffers; the result
 * holds none of it.
 */
export function evaluateCaseNode(
  node: CaseNode,
  specs: MetricSpec[],
  names: string[],
  convention: Convention,
  compare?: boolean,
  scratch?: EvaluationScratch,
): { evaluation: CaseEvaluation; findings: LocatedFinding[] } {
  if (node.broken) return notEvaluated(node, names);
  const input = scratch ? lentCaseInput(node, scratch) : caseInput(node);
  const result = evaluateCase(input, specs, convention, { compare }, scratch?.core);
  const findings = result.findings.map((f) => named(locate(f, node), node));
  // A case the convention refuses (an item predicted twice under duplicates=error) is NaN everywhere: its
  // finding says so, and a mismatch per expectation would only repeat it.
  const refused = result.findings.some((f) => f.code === 'duplicate-prediction' && f.severity === 'error');
  const expectations = node.expect.map((e) =>
    refused ? uncheckedExpectation(e, names, findings) : checkExpectation(e, names, result.values, findings),
  );
  return { evaluation: { node, values: result.values, expectations }, findings };
}

// A finding of a case read from a file sits on the file's name, where every case's does: it names its query.
function named(f: LocatedFinding, node: CaseNode): LocatedFinding {
  return node.fromFile ? { ...f, message: `${queryPrefix(node.id.value)}${f.message}` } : f;
}

/** How a finding of a case read from a file starts: the query it is about. */
export function queryPrefix(id: string): string {
  return `In query ${JSON.stringify(id)}: `;
}

/**
 * A case broken by an error in its own text (model.ts): NaN for every metric, and its expectations
 * unchecked. The error is reported where it was found; the case adds no finding of its own.
 */
function notEvaluated(node: CaseNode, names: string[]): { evaluation: CaseEvaluation; findings: LocatedFinding[] } {
  const findings: LocatedFinding[] = [];
  const expectations = node.expect.map((e) => uncheckedExpectation(e, names, findings));
  return { evaluation: { node, values: names.map(() => NaN), expectations }, findings };
}

/** An expectation of a case that is not evaluated: an unknown metric or one not computed is still reported, nothing else. */
function uncheckedExpectation(e: ExpectNode, names: string[], findings: LocatedFinding[]): ExpectResult {
  const spec = parseMetricSpec(e.metric.value).spec;
  const index = spec ? names.indexOf(metricName(spec)) : -1;
  if (index < 0) return checkExpectation(e, names, [], findings);
  return { node: e, index, computed: undefined, matches: false };
}

function checkExpectation(e: ExpectNode, names: string[], values: number[], findings: LocatedFinding[]): ExpectResult {
  const parsed = parseMetricSpec(e.metric.value);
  if (!parsed.spec) {
    findings.push({
      code: 'unknown-metric',
      severity: 'error',
      span: e.metric.span,
      message: `${parsed.message} This expectation is not checked.`,
      ...metricFixData(parseMetricName(e.metric.value)),
    });
    return { node: e, index: -1, computed: undefined, matches: false };
  }
  const name = metricName(parsed.spec);
  const library = libraryMetricFinding(e.metric);
  if (library) findings.push(library);
  const index = names.indexOf(name);
  if (index < 0) {
    findings.push({
      code: 'expect-not-computed',
      severity: 'warning',
      span: e.metric.span,
      message: `The fixture does not compute ${name} (check k and metrics), so this expectation is not checked.`,
    });
    return { node: e, index, computed: undefined, matches: false };
  }
  const computed = values[index];
  const matches = expectationMatches(e.value.value, e.text, computed);
  if (!matches) {
    const within = e.value.value === null ? '' : `: not ${toleranceText(e.text)}`;
    findings.push({
      code: 'expect-mismatch',
      severity: 'error',
      span: e.value.span,
      message: `Expected ${name} = ${e.value.value === null ? 'NaN (null)' : e.text}, computed ${fmt(computed, 4)}${within}.`,
      data: { computed: Number.isNaN(computed) ? null : computed },
    });
  } else {
    const reach = coarseReach(e.value.value, e.text);
    if (reach !== undefined) {
      findings.push({
        code: 'coarse-expectation',
        severity: 'hint',
        span: e.value.span,
        message: `${e.text} is checked ${toleranceText(e.text)}, so it also accepts values up to ${Math.round(reach * 100)}% away from it; write more decimals to check ${name} closely.`,
      });
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
    case 'case':
      return node.id.span;
    case 'labels':
      return node.labelsSpan ?? node.id.span;
    case 'predictions':
      return node.predictionsSpan ?? node.id.span;
    case 'label':
      return itemPartSpan(code, 'grade', node.labels, part.index);
    case 'prediction':
      return itemPartSpan(code, 'score', node.predictions, part.index);
  }
}

/** A finding about an item's grade or score sits on that number when one is written, else on the id. */
function itemPartSpan(code: string, number: 'grade' | 'score', items: ItemList, i: number): Span {
  return (code.endsWith(number) && itemNumber(items, i)?.span) || itemIdSpan(items, i);
}
