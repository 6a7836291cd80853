/**
 * Builds a FixtureNode from a located tree, whatever the syntax was: known keys, types and shapes,
 * each problem a finding on its text. Names and values (cutoffs ≥ 1, metric and preset names, knob
 * values, expect keys) are checked later, by fixtureEvaluation.ts.
 */
import { readCases } from './caseSchema';
import { ALL_FINDING_CODES, parseFinding } from './fixtureFindings';
import { ConventionNode, FixtureNode, Located, LocatedFinding, Span } from './fixtureModel';
import { MapEntry, MapNode, TreeNode, headSpan, keyText } from './locatedTree';
import { closest } from './metricNames';
import { readQrelsRun } from './qrelsRun';
import { duplicateKey, isExtensionKey, isNull, isNumber, isString, located, readKeys, wrongType } from './treeReader';

const FIXTURE_KEYS = ['k', 'metrics', 'convention', 'cases', 'expectFindings', 'description', '$schema'];
const QRELS_RUN_KEYS = ['qrels', 'run', 'k', 'metrics', 'convention', 'expectFindings', 'description', '$schema'];

/** Reads one fixture (a JSON root or a YAML document); undefined when the root is not a mapping. */
export function readFixture(root: TreeNode, problems: LocatedFinding[]): FixtureNode | undefined {
  if (root.kind !== 'map') {
    wrongType(root, 'A fixture is a mapping with k, metrics, convention and cases (or qrels and run)', 'nothing is evaluated', problems);
    return undefined;
  }
  const shape = fixtureShape(root);
  const keys = readKeys(root, shape === 'fixture' ? FIXTURE_KEYS : QRELS_RUN_KEYS, 'the fixture', problems);
  const k = readCutoffs(keys.get('k')?.value, problems);
  const metrics = readMetrics(keys.get('metrics')?.value, problems);
  const cases = shape === 'fixture'
    ? fixtureCases(keys.get('cases'), root, problems)
    : readQrelsRun(keys.get('qrels'), keys.get('run'), root, problems);
  for (const name of ['description', '$schema']) {
    const v = keys.get(name)?.value;
    if (v && !isNull(v) && !isString(v)) wrongType(v, `"${name}" is text`, 'it is ignored', problems);
  }
  return {
    span: root.span, shape,
    k: k?.items ?? null, kSpan: k?.span ?? null,
    metrics: metrics?.items ?? null, metricsSpan: metrics?.span ?? null,
    convention: readConvention(keys.get('convention')?.value, problems),
    cases: cases.cases, casesSpan: cases.span,
    expectFindings: readExpectFindings(keys.get('expectFindings')?.value, problems),
  };
}

// A mapping with cases is our format; one with qrels or run and no cases is ranx / pytrec_eval's.
function fixtureShape(root: MapNode): FixtureNode['shape'] {
  const names = new Set(root.entries.map(keyText));
  return !names.has('cases') && (names.has('qrels') || names.has('run')) ? 'qrels-run' : 'fixture';
}

function fixtureCases(entry: MapEntry | undefined, root: MapNode, problems: LocatedFinding[]): { cases: FixtureNode['cases']; span: Span | null } {
  if (!entry) {
    problems.push(parseFinding('missing-key', headSpan(root), 'This fixture has no "cases", so there is nothing to evaluate.'));
    return { cases: [], span: null };
  }
  return { cases: readCases(entry.value, problems), span: isNull(entry.value) ? null : entry.value.span };
}

interface Listed<T> {
  items: Located<T>[];
  span: Span;
}

/** A value written alone or as a list of them ("k: 5" or "k: [1, 5]"). */
function oneOrList<T>(node: TreeNode | undefined, accept: (n: TreeNode) => Located<T> | undefined, expected: string, effect: string, problems: LocatedFinding[]): Listed<T> | undefined {
  if (node === undefined || isNull(node)) return undefined;
  if (node.kind === 'seq') return { items: node.items.flatMap((item) => accept(item) ?? []), span: node.span };
  if (node.kind === 'scalar') {
    const one = accept(node);
    if (one) return { items: [one], span: node.span };
    return undefined;
  }
  wrongType(node, expected, effect, problems);
  return undefined;
}

function readCutoffs(node: TreeNode | undefined, problems: LocatedFinding[]): Listed<number> | undefined {
  return oneOrList(node, (n) => {
    if (isNumber(n)) return located(n);
    wrongType(n, 'A cutoff is a whole number ≥ 1', 'it is ignored', problems);
    return undefined;
  }, '"k" takes a whole number ≥ 1 or a list of them', 'the default cutoffs are used', problems);
}

function readMetrics(node: TreeNode | undefined, problems: LocatedFinding[]): Listed<string> | undefined {
  return oneOrList(node, (n) => {
    if (isString(n)) return located(n);
    wrongType(n, 'A metric is a name such as "P", "nDCG@10" or "AP"', 'it is ignored', problems);
    return undefined;
  }, '"metrics" takes a metric name or a list of them', 'every metric is computed', problems);
}

function readExpectFindings(node: TreeNode | undefined, problems: LocatedFinding[]): Located<string>[] | null {
  const codes = oneOrList(node, (n) => {
    if (isString(n)) return located(n);
    wrongType(n, 'A finding code is a name such as "empty-labels"', 'it is ignored', problems);
    return undefined;
  }, '"expectFindings" takes a list of finding codes', 'it is ignored', problems);
  if (!codes) return null;
  const known = Object.keys(ALL_FINDING_CODES);
  for (const code of codes.items) {
    if (known.includes(code.value)) continue;
    const suggestion = closest(code.value, known, 3);
    problems.push(parseFinding('unknown-finding-code', code.span,
      `Ranklens never reports "${code.value}", so it is not checked.${suggestion ? ` Did you mean "${suggestion}"?` : ''}`,
      suggestion ? { data: { replacement: suggestion } } : {}));
  }
  return codes.items;
}

/** A preset name, or a mapping with an optional preset and knob overrides (checked by fixtureEvaluation.ts). */
function readConvention(node: TreeNode | undefined, problems: LocatedFinding[]): ConventionNode | null {
  if (node === undefined || isNull(node)) return null;
  if (isString(node)) return { preset: located(node), overrides: [], span: node.span };
  if (node.kind !== 'map') {
    wrongType(node, '"convention" takes a preset name or a mapping with preset and knobs', 'the default convention is used', problems);
    return null;
  }
  const result: ConventionNode = { preset: null, overrides: [], span: node.span };
  const seen = new Map<string, MapEntry>();
  for (const entry of node.entries) {
    const key = keyText(entry);
    if (isExtensionKey(key)) continue;
    const first = seen.get(key);
    if (first) { problems.push(duplicateKey(entry, first, '"convention"')); continue; }
    seen.set(key, entry);
    if (key !== 'preset') {
      result.overrides.push({ key: { value: key, span: entry.key.span }, value: { value: knobValue(entry.value), span: entry.value.span } });
    } else if (isString(entry.value)) {
      result.preset = located(entry.value);
    } else {
      wrongType(entry.value, '"preset" is a preset name such as "trec_eval"', 'the default preset is used', problems);
    }
  }
  return result;
}

// Knob values are scalars; a list or mapping reaches checkKnob as undefined and is reported there.
function knobValue(node: TreeNode): unknown {
  return node.kind === 'scalar' ? node.value : undefined;
}
