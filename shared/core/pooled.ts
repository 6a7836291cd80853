/**
 * Run figures under averaging=pooled: Σ numerators ÷ Σ denominators over the cases, where a family
 * has such a form (implicit's precision_at_k is Σ hits ÷ Σ min(K, R), a pooled R@k under
 * recallDenominator=min-k-relevant), and NaN where it has none.
 */
import { aggregate } from './aggregate';
import { CaseInput } from './caseInput';
import { caseScratch } from './caseScratch';
import { Convention } from './conventions';
import { MetricSpec, aggregationOf } from './metricNames';
import { pooledParts } from './metrics/dispatch';
import { rankCase } from './ranking';

/** The families with a pooled form: P@k and R@k (Σ hits ÷ Σ denominators), F1@k (of the pooled P and R). */
export const POOLED_FAMILIES: ReadonlySet<string> = new Set(['P', 'R', 'F1']);

/** Whether a spec's run figure is defined under averaging=pooled: a pooled family, or a count (a sum either way). */
export function hasPooledForm(spec: MetricSpec): boolean {
  return POOLED_FAMILIES.has(spec.family) || aggregationOf(spec.family) === 'sum';
}

/**
 * The run figures of the cases' rows under the convention's averaging: means (aggregate), or pooled
 * ratios over the cases whose value is not NaN (each counted in `excluded` as the mean counts it).
 * inputOf gives case i's input, asked only under averaging=pooled for a case with a value to pool.
 */
export function runFigures(
  inputOf: (i: number) => CaseInput,
  rows: readonly (readonly number[])[],
  specs: readonly MetricSpec[],
  conv: Convention,
): { mean: number[]; excluded: number[] } {
  const base = aggregate(rows, specs);
  if (conv.averaging !== 'pooled') return base;
  const pooled = specs.map((s) => POOLED_FAMILIES.has(s.family));
  if (!pooled.includes(true)) return { mean: base.mean.map((m, j) => (hasPooledForm(specs[j]) ? m : NaN)), excluded: base.excluded };
  const hits = new Float64Array(specs.length);
  const pDen = new Float64Array(specs.length);
  const rDen = new Float64Array(specs.length);
  const scratch = caseScratch();
  rows.forEach((row, i) => {
    if (!specs.some((_, j) => pooled[j] && !Number.isNaN(row[j]))) return;
    const rc = rankCase(inputOf(i), conv, { valuesOnly: true, scratch });
    specs.forEach((s, j) => {
      if (!pooled[j] || Number.isNaN(row[j])) return;
      const parts = pooledParts(rc, s, conv);
      hits[j] += parts.hits;
      pDen[j] += parts.precision;
      rDen[j] += parts.recall;
    });
  });
  const mean = specs.map((s, j) => {
    if (!pooled[j]) return hasPooledForm(s) ? base.mean[j] : NaN;
    const p = pDen[j] === 0 ? NaN : hits[j] / pDen[j];
    const r = rDen[j] === 0 ? NaN : hits[j] / rDen[j];
    if (s.family === 'P') return p;
    if (s.family === 'R') return r;
    if (p + r === 0) return conv.noHit === 'nan' ? NaN : 0;
    return (2 * p * r) / (p + r);
  });
  return { mean, excluded: base.excluded };
}
