/**
 * Joins the fixture model with the metric core: a fixture's settings (fixtureSettings.ts), each case
 * (caseEvaluation.ts), the means, the checks across cases and the comparison of its systems, with
 * every finding located in the text.
 */
import { runFigures } from '../core/pooled';
import { ResolvedConvention } from '../core/conventions';
import { MetricSpec } from '../core/metricNames';
import { FixtureDocument, FixtureNode, LocatedFinding } from '../fixture/model/model';
import { CaseEvaluation, EvaluationScratch, caseInput, evaluateCaseNode, evaluationScratch } from './caseEvaluation';
import { capFileFindings, duplicateCaseIds, gatherKExceeds, mixedIdTypes } from './crossCaseChecks';
import { FixtureOptions, fixtureSettings } from './fixtureSettings';
import { Benchmark } from '../core/benchmarks';
import { FixtureSystems, compareFixtureSystems } from './systemComparison';

export interface FixtureEvaluation {
  fixture: FixtureNode;
  convention: ResolvedConvention;
  /** Where the convention came from: "fixture", "--force-convention", a setting or a config file, "benchmark NAME", "built-in". */
  conventionSource: string;
  /** The benchmark whose measures, cutoffs and convention stand in for what the fixture leaves out. */
  benchmark?: Benchmark;
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

/** Evaluates every fixture of a parsed document, one scratch for the whole pass. */
export function evaluateDocument(doc: FixtureDocument, options: FixtureOptions = {}): DocumentEvaluation {
  const scratch = evaluationScratch();
  const fixtures = doc.fixtures.map((f) => evaluateFixture(f, options, scratch));
  return { fixtures, findings: [...doc.problems, ...fixtures.flatMap((f) => f.findings)] };
}

/** Evaluates one fixture; its cases and systems are evaluated one after another in the scratch given (a new one by default). */
export function evaluateFixture(
  fixture: FixtureNode,
  options: FixtureOptions = {},
  scratch: EvaluationScratch = evaluationScratch(),
): FixtureEvaluation {
  const settings = fixtureSettings(fixture, options);
  const { convention, specs, names } = settings;
  const findings = [...settings.findings];
  const cases = fixture.cases.map((node): CaseEvaluation => {
    const one = evaluateCaseNode(node, specs, names, convention.convention, options.compare, scratch);
    findings.push(...one.findings);
    return one.evaluation;
  });
  findings.push(...mixedIdTypes(fixture.cases), ...duplicateCaseIds(fixture.cases));
  const { mean, excluded } = runFigures(
    (i) => caseInput(cases[i].node),
    cases.map((c) => c.values),
    specs,
    convention.convention,
  );
  const systems = compareFixtureSystems(fixture, specs, names, convention.convention, findings, scratch);
  const gathered = capFileFindings(fixture, gatherKExceeds(fixture, findings));
  return {
    fixture,
    convention,
    conventionSource: settings.conventionSource,
    ...(settings.benchmark ? { benchmark: settings.benchmark } : {}),
    cutoffs: settings.cutoffs,
    headline: settings.headline,
    specs,
    names,
    cases,
    mean,
    excluded,
    findings: gathered,
    ...(systems ? { systems } : {}),
  };
}
