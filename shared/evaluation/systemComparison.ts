/**
 * A fixture's systems compared: each system's cases evaluated under the fixture's settings, its
 * means, and every system against the first (the baseline) on each metric, paired by case id, with
 * the fixture's `significance:` test and correction (by default the paired t-test and Holm's, over
 * the systems compared, α = 0.05).
 */
import { Convention } from '../core/conventions';
import { means } from '../core/means';
import { MetricSpec } from '../core/metricNames';
import { FixtureNode, LocatedFinding, Span } from '../fixture/model/model';
import { CompareOptions, SystemComparison, compareSystems } from '../stats/compareSystems';
import { comparisonMemo } from '../stats/comparisonMemo';
import { Correction } from '../stats/corrections';
import { SignificanceTest, TEST_TITLES } from '../stats/testNames';
import { EvaluationScratch, evaluateCaseNode } from './caseEvaluation';

/** What the editor compares with: ranx's and the command's defaults. */
export const FIXTURE_COMPARE_OPTIONS: Readonly<CompareOptions> = { test: 't', correction: 'holm', alpha: 0.05, trials: 10_000, seed: 42 };

export interface FixtureSystems {
  names: string[];
  /** Where each system's name is written. */
  nameSpans: Span[];
  /** Per system, the mean of each spec over its cases. */
  means: number[][];
  /** Per system, how many cases it has. */
  caseCounts: number[];
  /** Per spec, system i (i ≥ 1) against system 0, at index i − 1. */
  comparisons: SystemComparison[][];
  options: CompareOptions;
}

/** Compares the fixture's systems, their cases evaluated in the evaluation pass's scratch; undefined when it has fewer than two. */
export function compareFixtureSystems(
  fixture: FixtureNode,
  specs: MetricSpec[],
  names: string[],
  convention: Convention,
  findings: LocatedFinding[],
  scratch?: EvaluationScratch,
): FixtureSystems | undefined {
  const systems = fixture.systems;
  if (!systems || systems.length < 2) return undefined;
  const options = fixtureCompareOptions(fixture);
  const byId = systems.map((system, s) => {
    const values = new Map<string, number[]>();
    for (const node of system.cases) {
      const one = evaluateCaseNode(node, specs, names, convention, undefined, scratch);
      // The baseline's case findings are the fixture's own; another system's are kept where they point into its predictions.
      if (s > 0)
        findings.push(
          ...one.findings.filter(
            (f) => node.predictionsSpan && f.span.start >= node.predictionsSpan.start && f.span.end <= node.predictionsSpan.end,
          ),
        );
      if (!values.has(node.id.value)) values.set(node.id.value, one.evaluation.values);
    }
    return values;
  });
  const ids = [...new Set(byId.flatMap((m) => [...m.keys()]))];
  const pairs = systems.slice(1).map((_, i) => [0, i + 1] as [number, number]);
  // Every metric is compared on the same cases: one memo of random signs and quantiles for them all.
  const memo = comparisonMemo();
  const comparisons = specs.map((_, j) => {
    const matrix = byId.map((m) => Float64Array.from(ids, (id) => m.get(id)?.[j] ?? NaN));
    return compareSystems(matrix, pairs, options, memo);
  });
  findings.push(
    ...reachFindings(
      systems.map((s) => s.name),
      comparisons,
      options,
    ),
  );
  return {
    names: systems.map((s) => s.name.value),
    nameSpans: systems.map((s) => s.name.span),
    means: byId.map((m) => means([...m.values()], specs.length).mean),
    caseCounts: systems.map((s) => s.cases.length),
    comparisons,
    options,
  };
}

/** The fixture's `significance:` settings over the defaults. */
export function fixtureCompareOptions(fixture: FixtureNode): CompareOptions {
  const s = fixture.significance;
  const d = FIXTURE_COMPARE_OPTIONS;
  return {
    test: (s?.test?.value as SignificanceTest | undefined) ?? d.test,
    correction: (s?.correction?.value as Correction | undefined) ?? d.correction,
    alpha: s?.alpha?.value ?? d.alpha,
    trials: s?.trials?.value ?? d.trials,
    seed: s?.seed?.value ?? d.seed,
  };
}

/** One warning per system whose comparison with the baseline can never reach α, on its name. */
function reachFindings(
  names: { value: string; span: Span }[],
  comparisons: SystemComparison[][],
  options: CompareOptions,
): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  const flagged = new Set<number>();
  for (const rows of comparisons) {
    for (const r of rows) {
      if (r.smallestP <= options.alpha || flagged.has(r.b)) continue;
      flagged.add(r.b);
      const cases = `${r.n} paired case${r.n === 1 ? '' : 's'}`;
      out.push({
        code: 'too-few-queries',
        severity: 'warning',
        span: names[r.b].span,
        message: `${names[r.b].value} vs ${names[r.a].value}: on ${cases} the ${TEST_TITLES[options.test]} cannot give a p below ${r.smallestP.toPrecision(3)}, above α = ${options.alpha}: no difference can be significant.`,
      });
    }
  }
  return out;
}
