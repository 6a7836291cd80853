/** The figure for a whole run from per-case values, as each family aggregates: mean, sum or geometric mean. */
import { MetricSpec, aggregationOf } from './metricNames';

/** gm_map and gm_bpref floor each value here before taking logs (trec_eval's MIN_GEO_MEAN). */
export const GEOMETRIC_FLOOR = 0.00001;

/**
 * Per spec, the run figure over the non-NaN values (NaN when every case is NaN) and how many were
 * left out; propagateNaN: a NaN value makes the figure NaN instead, as trec_eval's sums do.
 */
export function aggregate(rows: readonly (readonly number[])[], specs: readonly MetricSpec[], propagateNaN = false): { mean: number[]; excluded: number[] } {
  const kinds = specs.map((s) => aggregationOf(s.family));
  const sum = new Array<number>(specs.length).fill(0);
  const count = new Array<number>(specs.length).fill(0);
  const excluded = new Array<number>(specs.length).fill(0);
  for (const row of rows) {
    for (let j = 0; j < specs.length; j++) {
      const v = row[j];
      if (Number.isNaN(v) && !propagateNaN) { excluded[j]++; continue; }
      sum[j] += kinds[j] === 'geometric' ? Math.log(Math.max(v, GEOMETRIC_FLOOR)) : v;
      count[j]++;
    }
  }
  const mean = sum.map((s, j) => {
    if (kinds[j] === 'sum') return s;
    if (count[j] === 0) return NaN;
    return kinds[j] === 'geometric' ? Math.exp(s / count[j]) : s / count[j];
  });
  return { mean, excluded };
}
