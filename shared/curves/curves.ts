/**
 * Metric curves: each metric with a cutoff at k = 1..maxK, for the mean over the cases and for one
 * case, under one or more conventions. Plain data for the curve view; every value comes from the core
 * (rankCase once per case and convention, metricValue per k), so a point always equals the readout.
 */
import { CaseInput } from '../core/caseInput';
import { COMPARED_PRESETS, Convention, PRESETS } from '../core/conventions';
import type { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { FAMILIES, FAMILY_TITLES, Family, TAKES_CUTOFF } from '../core/metricNames';
import { means } from '../core/means';
import { metricValue } from '../core/metrics/dispatch';
import { rankCase } from '../core/ranking';
import { evaluatedInputs } from '../evaluation/caseEvaluation';

/** Above this k a chart stops being readable and the page grows by megabytes; longer curves are cut. */
export const MAX_CURVE_K = 100;

export interface NamedConvention {
  name: string;
  convention: Convention;
}

/** One line of a chart: a convention's values at k = 1..maxK (values[k - 1]). */
export interface CurveSeries {
  convention: string;
  scope: 'mean' | 'case';
  /** "mean" or the case's label; with the convention it names the series: "trec_eval, mean". */
  label: string;
  values: number[];
  /** For the mean: at each k, how many cases were NaN and left out; zeros for a case. */
  excluded: number[];
}

export interface MetricCurve {
  family: Family;
  title: string;
  /** Convention by convention, the mean before the case. */
  series: CurveSeries[];
}

export interface MetricCurves {
  /** The largest k drawn (requestedMaxK cut at MAX_CURVE_K). */
  maxK: number;
  requestedMaxK: number;
  caseCount: number;
  caseLabel?: string;
  conventions: string[];
  curves: MetricCurve[];
}

/** The curves of the families that take a cutoff (others are skipped), mean first, then the case when caseIndex is given. */
export function metricCurves(
  inputs: readonly CaseInput[],
  families: readonly Family[],
  maxK: number,
  conventions: readonly NamedConvention[],
  caseIndex?: number,
  caseLabel?: string,
): MetricCurves {
  if (!Number.isSafeInteger(maxK) || maxK < 1) throw new RangeError(`maxK must be a whole number ≥ 1, got ${maxK}`);
  if (caseIndex !== undefined && !(Number.isInteger(caseIndex) && caseIndex >= 0 && caseIndex < inputs.length)) {
    throw new RangeError(`caseIndex ${caseIndex} is not one of the ${inputs.length} cases`);
  }
  const drawn = curveFamilies(families);
  const k = Math.min(maxK, MAX_CURVE_K);
  const label = caseIndex === undefined ? undefined : (caseLabel ?? `case ${caseIndex + 1}`);
  const perConvention = conventions.map((c) => conventionSeries(inputs, drawn, k, c, caseIndex, label));
  const curves = drawn.map((family, f) => ({ family, title: FAMILY_TITLES[family], series: perConvention.flatMap((s) => s[f]) }));
  return { maxK: k, requestedMaxK: maxK, caseCount: inputs.length, caseLabel: label, conventions: conventions.map((c) => c.name), curves };
}

/**
 * The curves of an evaluated fixture up to its largest cutoff, for every family it computes that can
 * take a cutoff ("AP" alone still gets its AP@k curve); compare adds every other preset after its own convention.
 */
export function fixtureCurves(fe: FixtureEvaluation, options: { caseIndex?: number; compare?: boolean } = {}): MetricCurves {
  const own: NamedConvention = { name: fe.convention.name, convention: fe.convention.convention };
  const others = options.compare ? COMPARED_PRESETS.filter((p) => p !== own.name).map((p) => ({ name: p, convention: PRESETS[p] })) : [];
  const families = fe.specs.map((s) => s.family);
  // A case an error broke is in no mean, and has no curve of its own: the means alone are drawn for it.
  const picked = options.caseIndex === undefined ? undefined : fe.cases[options.caseIndex];
  if (options.caseIndex !== undefined && !picked)
    throw new RangeError(`caseIndex ${options.caseIndex} is not one of the ${fe.cases.length} cases`);
  const i = picked && !picked.node.broken ? fe.cases.filter((c) => !c.node.broken).indexOf(picked) : undefined;
  return metricCurves(
    evaluatedInputs(fe.cases),
    families,
    Math.max(1, ...fe.cutoffs),
    [own, ...others],
    i,
    i === undefined ? undefined : picked!.node.id.value,
  );
}

/** The families that take a cutoff, once each, in the usual family order. */
export function curveFamilies(families: readonly Family[]): Family[] {
  return FAMILIES.filter((f) => TAKES_CUTOFF.has(f) && families.includes(f));
}

// One pass per case: rank once, then every family at every k, laid out as one wide row for means().
function conventionSeries(
  inputs: readonly CaseInput[],
  families: Family[],
  maxK: number,
  named: NamedConvention,
  caseIndex: number | undefined,
  caseLabel: string | undefined,
): CurveSeries[][] {
  const rows = inputs.map((input) => caseRow(input, families, maxK, named.convention));
  const { mean, excluded } = means(rows, families.length * maxK);
  const slice = (row: readonly number[], f: number) => row.slice(f * maxK, (f + 1) * maxK);
  return families.map((_, f) => {
    const series: CurveSeries[] = [
      { convention: named.name, scope: 'mean', label: 'mean', values: slice(mean, f), excluded: slice(excluded, f) },
    ];
    if (caseIndex !== undefined) {
      series.push({
        convention: named.name,
        scope: 'case',
        label: caseLabel!,
        values: slice(rows[caseIndex], f),
        excluded: new Array<number>(maxK).fill(0),
      });
    }
    return series;
  });
}

function caseRow(input: CaseInput, families: Family[], maxK: number, conv: Convention): number[] {
  const rc = rankCase(input, conv);
  const row: number[] = [];
  for (const family of families) {
    for (let k = 1; k <= maxK; k++) row.push(metricValue(rc, { family, k }, conv));
  }
  return row;
}
