/**
 * The headline metrics: the few a lens or the status bar leads with. The fixture's `headline` key
 * wins, then the setting (or project config); by default every metric when there are at most four,
 * else nDCG and AP at the largest cutoff, P and R at the smallest, as evaluations are usually quoted.
 */
import { metricName, parseMetricSpec } from '../core/metricNames';

/** Indexes into `names` of the headline metrics: the first of the lists given that names a computed metric, else the default. */
export function headlineIndexes(
  names: readonly string[],
  cutoffs: readonly number[],
  ...wanted: (readonly string[] | undefined)[]
): number[] {
  for (const list of wanted) {
    const found = (list ?? [])
      .map((w) => {
        const spec = parseMetricSpec(w).spec;
        return spec ? names.indexOf(metricName(spec)) : -1;
      })
      .filter((i) => i >= 0);
    if (found.length > 0) return [...new Set(found)];
  }
  if (names.length <= 4) return names.map((_, i) => i);
  const hi = Math.max(...cutoffs);
  const lo = Math.min(...cutoffs);
  const preferred = [`nDCG@${hi}`, `AP@${hi}`, `P@${lo}`, `R@${lo}`].map((n) => names.indexOf(n)).filter((i) => i >= 0);
  const chosen = [...new Set(preferred)];
  return chosen.length > 0 ? chosen : names.slice(0, 4).map((_, i) => i);
}
