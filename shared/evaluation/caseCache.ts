/**
 * evaluateDocument with a memory: a case whose source text and fixture settings are unchanged reuses
 * its values and findings, so an edit to one case of ten thousand re-evaluates one case. The results
 * are the same as evaluateDocument's (a unit test holds them equal); spans are stored relative to the
 * case and moved to wherever the case is now.
 */
import { CaseInput } from '../core/caseInput';
import {
  CaseEvaluation, DocumentEvaluation, ExpectResult, FixtureEvaluation, FixtureOptions, evaluateCaseNode, evaluateFixture,
} from './fixtureEvaluation';
import { CaseNode, FixtureDocument, FixtureNode, LocatedFinding, Span } from '../fixture/model';
import { aggregate } from '../core/aggregate';
import { duplicateCaseIds, mixedIdTypes, gatherKExceeds } from './crossCaseChecks';

interface CachedCase {
  input: CaseInput;
  values: number[];
  expectations: Omit<ExpectResult, 'node'>[];
  /** The case's findings with spans relative to the case's start. */
  findings: LocatedFinding[];
  /** Whether any item id is written as a number, and as a string (mixed ids need both somewhere). */
  numberIds: boolean;
  stringIds: boolean;
}

/**
 * Cached case results, found two ways: by the case node itself (a model patched in place after an
 * edit keeps its other nodes, so nothing needs hashing) and by the fixture settings and the case's
 * text (a model parsed afresh).
 */
export class EvaluationCache {
  private byNode = new WeakMap<CaseNode, { settings: string; cached: CachedCase; evaluation: CaseEvaluation }>();
  private byText = new Map<string, Map<string, CachedCase>>();
  private size = 0;

  node(node: CaseNode, settings: string): { cached: CachedCase; evaluation: CaseEvaluation } | undefined {
    const hit = this.byNode.get(node);
    return hit && hit.settings === settings ? hit : undefined;
  }

  rememberNode(node: CaseNode, settings: string, cached: CachedCase, evaluation: CaseEvaluation): void {
    this.byNode.set(node, { settings, cached, evaluation });
  }

  text(settings: string, source: string): CachedCase | undefined {
    return this.byText.get(settings)?.get(source);
  }

  /** Remembers a case by text; past `limit` entries (old versions of edited cases) the text memory starts over. */
  rememberText(settings: string, source: string, value: CachedCase, limit: number): void {
    if (this.size >= limit) { this.byText.clear(); this.size = 0; }
    let bucket = this.byText.get(settings);
    if (!bucket) this.byText.set(settings, (bucket = new Map()));
    if (!bucket.has(source)) this.size++;
    bucket.set(source, value);
  }
}

/** evaluateDocument, reusing unchanged cases from the cache. */
export function evaluateDocumentCached(doc: FixtureDocument, text: string, options: FixtureOptions, cache: EvaluationCache): DocumentEvaluation {
  const fixtures = doc.fixtures.map((f) => evaluateFixtureCached(f, text, options, cache));
  return { fixtures, findings: [...doc.problems, ...fixtures.flatMap((f) => f.findings)] };
}

function evaluateFixtureCached(fixture: FixtureNode, text: string, options: FixtureOptions, cache: EvaluationCache): FixtureEvaluation {
  const head = evaluateFixture({ ...fixture, cases: [] }, options);
  const settingsKey = JSON.stringify([head.convention.convention, head.names, !!options.compare]);
  const findings = [...head.findings];
  let numberIds = false;
  let stringIds = false;
  const limit = 2 * fixture.cases.length + 1000;
  const cases = fixture.cases.map((node): CaseEvaluation => {
    let known = cache.node(node, settingsKey);
    if (!known) {
      const source = cacheableSource(node, text);
      let cached = source === undefined ? undefined : cache.text(settingsKey, source);
      if (!cached) {
        cached = evaluateAlone(node, head, options);
        if (source !== undefined) cache.rememberText(settingsKey, source, cached, limit);
      }
      const expectations = cached.expectations.map((e, i) => ({ ...e, node: node.expect[i] }));
      known = { cached, evaluation: { node, input: cached.input, values: cached.values, expectations } };
      cache.rememberNode(node, settingsKey, known.cached, known.evaluation);
    }
    const { cached } = known;
    numberIds ||= cached.numberIds;
    stringIds ||= cached.stringIds;
    for (const f of cached.findings) findings.push(moveFinding(f, node.span.start));
    return known.evaluation;
  });
  // Mixed id types need a number id and a string id somewhere: only then is every item looked at.
  if (numberIds && stringIds) findings.push(...mixedIdTypes(fixture.cases));
  findings.push(...duplicateCaseIds(fixture.cases));
  const { mean, excluded } = aggregate(cases.map((c) => c.values), head.specs);
  return { ...head, fixture, cases, mean, excluded, findings: gatherKExceeds(fixture, findings) };
}

/**
 * The case's text, its key in the cache. None when the case's parts lie outside its own text
 * (qrels + run) or when the text may hold a YAML alias, whose value lives elsewhere.
 */
function cacheableSource(node: CaseNode, text: string): string | undefined {
  const inside = (s: Span | null) => s === null || (s.start >= node.span.start && s.end <= node.span.end);
  if (!inside(node.labelsSpan) || !inside(node.predictionsSpan) || !inside(node.expectSpan) || !inside(node.id.span)) return undefined;
  const source = text.slice(node.span.start, node.span.end);
  if (source.includes('*')) return undefined;
  return detached(source);
}

/**
 * A copy of a slice that does not hold on to the text it was cut from. V8 makes a slice a view into
 * its parent, so a cache key cut from each edited version of a 2.5 MB text kept every version alive
 * (2.5 MB per edit); JSON.parse builds a fresh string.
 */
function detached(slice: string): string {
  return JSON.parse(JSON.stringify(slice)) as string;
}

/** One case evaluated by the core on its own, under the fixture's settings; its findings are stored relative to the case. */
function evaluateAlone(node: CaseNode, head: FixtureEvaluation, options: FixtureOptions): CachedCase {
  const { evaluation: c, findings } = evaluateCaseNode(node, head.specs, head.names, head.convention.convention, options.compare);
  const ids = [...node.labels, ...node.predictions].map((item) => typeof item.id.value);
  return {
    input: c.input,
    values: c.values,
    expectations: c.expectations.map(({ node: _, ...rest }) => rest),
    findings: findings.map((f) => moveFinding(f, -node.span.start)),
    numberIds: ids.includes('number'),
    stringIds: ids.includes('string'),
  };
}

function moveSpan(s: Span, by: number): Span {
  return { start: s.start + by, end: s.end + by };
}

function moveFinding(f: LocatedFinding, by: number): LocatedFinding {
  const moved: LocatedFinding = { ...f, span: moveSpan(f.span, by) };
  if (f.related) moved.related = f.related.map((r) => ({ ...r, span: moveSpan(r.span, by) }));
  return moved;
}
