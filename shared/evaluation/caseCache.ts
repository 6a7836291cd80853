/**
 * evaluateDocument with a memory: a case whose source text and fixture settings are unchanged reuses
 * its values and findings, so an edit to one case of ten thousand re-evaluates one case. The results
 * are the same as evaluateDocument's (a unit test holds them equal); spans are stored relative to the
 * case and moved to wherever the case is now.
 */
import { CaseEvaluation, EvaluationScratch, ExpectResult, caseInput, evaluateCaseNode, evaluationScratch } from './caseEvaluation';
import { DocumentEvaluation, FixtureEvaluation } from './fixtureEvaluation';
import { FixtureOptions, FixtureSettings, annotatedKey, fixtureSettings } from './fixtureSettings';
import { compareFixtureSystems } from './systemComparison';
import { CaseNode, FixtureDocument, FixtureNode, LocatedFinding, Span } from '../fixture/model/model';
import { runFigures } from '../core/pooled';
import { idTypes } from '../fixture/model/itemList';
import { capFileFindings, duplicateCaseIds, mixedIdTypes, gatherKExceeds } from './crossCaseChecks';

interface CachedCase {
  values: number[];
  expectations: Omit<ExpectResult, 'node'>[];
  /** The case's findings with spans relative to the case's start. */
  findings: LocatedFinding[];
  /** Whether any item id is written as a number, and as a string (mixed ids need both somewhere). */
  numberIds: boolean;
  stringIds: boolean;
}

interface Known {
  /** The fixture settings the case was evaluated under. */
  settings: string;
  cached: CachedCase;
  evaluation: CaseEvaluation;
}

/** The cases of one evaluation and the text they were read from. */
interface Evaluated {
  text: string;
  cases: Map<CaseNode, Known>;
}

/**
 * Cached case results, found two ways: by the case node itself (a model patched in place after an
 * edit keeps its other nodes, so nothing needs hashing), and by the fixture settings and the case's
 * text (a model parsed afresh: after a syntax error, or an edit outside the cases). The text index is
 * built only when a parse made many new nodes, from the last evaluation and the last one whose text
 * parsed cleanly (the cases a broken text could not read): a first pass and a typed edit build none.
 */
export class EvaluationCache {
  private last?: Evaluated;
  private lastClean?: Evaluated;
  private current?: Evaluated;
  /** Settings, then case text → results (built when first asked, see above). */
  private index?: Map<string, Map<string, CachedCase>>;

  /** Starts an evaluation of `text`. */
  begin(text: string): void {
    this.current = { text, cases: new Map() };
    this.index = undefined;
  }

  /** The case's results from the last evaluation, if the node is the same and so are the settings. */
  node(node: CaseNode, settings: string): Known | undefined {
    const hit = this.last?.cases.get(node);
    return hit && hit.settings === settings ? hit : undefined;
  }

  /** Whether an earlier evaluation may hold cases to find by their text. */
  hasEarlier(): boolean {
    return this.last !== undefined;
  }

  /** The results of a case with this text under these settings in the last evaluations, if any. */
  text(settings: string, source: string): CachedCase | undefined {
    this.index ??= this.buildIndex();
    return this.index.get(settings)?.get(source);
  }

  remember(node: CaseNode, known: Known): void {
    this.current!.cases.set(node, known);
  }

  /** Ends the evaluation; `clean` when its text parsed without a syntax error. */
  end(clean: boolean): void {
    this.last = this.current;
    if (clean) this.lastClean = this.current;
    this.current = undefined;
    this.index = undefined;
  }

  private buildIndex(): Map<string, Map<string, CachedCase>> {
    const index = new Map<string, Map<string, CachedCase>>();
    for (const evaluated of [this.lastClean, this.last]) {
      if (!evaluated) continue;
      for (const [node, known] of evaluated.cases) {
        const source = cacheableSource(node, evaluated.text);
        if (source === undefined) continue;
        let bySource = index.get(known.settings);
        if (!bySource) index.set(known.settings, (bySource = new Map()));
        bySource.set(source, known.cached);
      }
    }
    return index;
  }
}

/** evaluateDocument, reusing unchanged cases from the cache; the cases it evaluates share one scratch. */
export function evaluateDocumentCached(
  doc: FixtureDocument,
  text: string,
  options: FixtureOptions,
  cache: EvaluationCache,
): DocumentEvaluation {
  cache.begin(text);
  const scratch = evaluationScratch();
  const fixtures = doc.fixtures.map((f) => evaluateFixtureCached(f, text, options, cache, scratch));
  cache.end(!doc.problems.some((p) => p.code === 'syntax-error'));
  return { fixtures, findings: [...doc.problems, ...fixtures.flatMap((f) => f.findings)] };
}

function evaluateFixtureCached(
  fixture: FixtureNode,
  text: string,
  options: FixtureOptions,
  cache: EvaluationCache,
  scratch: EvaluationScratch,
): FixtureEvaluation {
  const settings = fixtureSettings(fixture, options);
  const { convention, specs, names } = settings;
  const settingsKey = JSON.stringify([convention.convention, names, !!options.compare, annotatedKey(specs)]);
  const findings = [...settings.findings];
  let numberIds = false;
  let stringIds = false;
  const hits = fixture.cases.map((node) => cache.node(node, settingsKey));
  // One new node is a case just typed in, whose text no earlier version had: no index for it.
  const byText = cache.hasEarlier() && hits.filter((h) => !h).length > 1;
  const cases = fixture.cases.map((node, i): CaseEvaluation => {
    let known = hits[i];
    if (!known) {
      const source = byText ? cacheableSource(node, text) : undefined;
      const cached = (source !== undefined && cache.text(settingsKey, source)) || evaluateAlone(node, settings, options, scratch);
      const expectations = cached.expectations.map((e, j) => ({ ...e, node: node.expect[j] }));
      known = { settings: settingsKey, cached, evaluation: { node, values: cached.values, expectations } };
    }
    cache.remember(node, known);
    const { cached } = known;
    numberIds ||= cached.numberIds;
    stringIds ||= cached.stringIds;
    for (const f of cached.findings) findings.push(moveFinding(f, node.span.start));
    return known.evaluation;
  });
  // Mixed id types need a number id and a string id somewhere: only then is every item looked at.
  if (numberIds && stringIds) findings.push(...mixedIdTypes(fixture.cases));
  findings.push(...duplicateCaseIds(fixture.cases));
  const { mean, excluded } = runFigures(
    (i) => caseInput(cases[i].node),
    cases.map((c) => c.values),
    specs,
    convention.convention,
  );
  // Systems are compared afresh on every pass, as evaluateFixture compares them, and their findings come in the same place.
  const systems = compareFixtureSystems(fixture, specs, names, convention.convention, findings, scratch);
  return {
    fixture,
    convention,
    conventionSource: settings.conventionSource,
    cutoffs: settings.cutoffs,
    headline: settings.headline,
    specs,
    names,
    cases,
    mean,
    excluded,
    findings: capFileFindings(fixture, gatherKExceeds(fixture, findings)),
    ...(systems ? { systems } : {}),
  };
}

/**
 * The case's text, its key in the cache. None when the case's parts lie outside its own text
 * (qrels + run), when the text may hold a YAML alias, whose value lives elsewhere, or when a syntax
 * error after the text broke the case (the same text read whole before must not stand in for it).
 */
function cacheableSource(node: CaseNode, text: string): string | undefined {
  if (node.broken) return undefined;
  const inside = (s: Span | null) => s === null || (s.start >= node.span.start && s.end <= node.span.end);
  if (!inside(node.labelsSpan) || !inside(node.predictionsSpan) || !inside(node.expectSpan) || !inside(node.id.span)) return undefined;
  const source = text.slice(node.span.start, node.span.end);
  return source.includes('*') ? undefined : source;
}

/** One case evaluated by the core on its own, under the fixture's settings; its findings are stored relative to the case. */
function evaluateAlone(node: CaseNode, settings: FixtureSettings, options: FixtureOptions, scratch: EvaluationScratch): CachedCase {
  const { evaluation: c, findings } = evaluateCaseNode(
    node,
    settings.specs,
    settings.names,
    settings.convention.convention,
    options.compare,
    scratch,
  );
  const labels = idTypes(node.labels);
  const predictions = idTypes(node.predictions);
  return {
    values: c.values,
    expectations: c.expectations.map(({ node: _, ...rest }) => rest),
    findings: findings.map((f) => moveFinding(f, -node.span.start)),
    numberIds: labels.numbers || predictions.numbers,
    stringIds: labels.strings || predictions.strings,
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
