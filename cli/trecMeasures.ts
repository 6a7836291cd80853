/**
 * The measures of `ranklens trec -m`: Ranklens names (P@5, nDCG@10, AP) and trec_eval's
 * (P.5,10  ndcg_cut.10  map  recip_rank  recall), so a trec_eval command line carries over.
 */
import { MetricSpec, TAKES_NO_CUTOFF, parseMetricName } from '../shared/core/metricNames';

/** trec_eval's cutoffs for a measure written without one (P, recall, map_cut, ndcg_cut, success). */
export const TREC_CUTOFFS: readonly number[] = [5, 10, 15, 20, 30, 100, 200, 500, 1000];
export const TREC_SUCCESS_CUTOFFS: readonly number[] = [1, 5, 10];

/** What `ranklens trec` computes when no -m is given. */
export const DEFAULT_TREC_MEASURES: readonly string[] = ['P@5', 'P@10', 'R@1000', 'AP', 'RR', 'nDCG', 'nDCG@10', 'Rprec', 'Success@10'];

/**
 * Specs for the -m values, in the order written, each once. "P.5,10" gives P@5 and P@10,
 * "P@5,nDCG@10" two measures, a bare "P", "recall", "map_cut" or "ndcg_cut" trec_eval's cutoffs.
 */
export function parseTrecMeasures(values: readonly string[]): { specs: MetricSpec[]; errors: string[] } {
  const specs: MetricSpec[] = [];
  const errors: string[] = [];
  const add = (spec: MetricSpec) => {
    if (!specs.some((s) => s.family === spec.family && s.k === spec.k)) specs.push(spec);
  };
  for (const value of values) {
    let previous: string | undefined;
    for (const raw of value.split(',')) {
      const part = raw.trim();
      if (part === '') continue;
      // A bare number continues the previous measure: "P.5,10".
      const text = /^\d+$/.test(part) && previous ? `${previous}@${part}` : part;
      const parsed = measureSpecs(text);
      if ('error' in parsed) errors.push(parsed.error);
      else parsed.specs.forEach(add);
      previous = baseName(text);
    }
  }
  return { specs, errors };
}

function baseName(text: string): string {
  return text.replace(/[@._]\d+$/, '');
}

function measureSpecs(text: string): { specs: MetricSpec[] } | { error: string } {
  // map_cut and ndcg_cut name AP and nDCG, but alone they mean "at trec_eval's cutoffs".
  if (/_cut$/i.test(text)) {
    const parsed = parseMetricName(text);
    if (parsed.ok) return { specs: TREC_CUTOFFS.map((k) => ({ family: parsed.family, k })) };
  }
  const parsed = parseMetricName(text);
  if (!parsed.ok) return { error: `-m ${text}: ${parsed.message}` };
  if (parsed.cutoff === 'each') return { error: `-m ${text}: write the cutoffs, e.g. ${parsed.family}@10.` };
  if (typeof parsed.cutoff === 'number') return { specs: [{ family: parsed.family, k: parsed.cutoff }] };
  if (TAKES_NO_CUTOFF.has(parsed.family)) return { specs: [{ family: parsed.family, k: null }] };
  const cutoffs = parsed.family === 'Success' ? TREC_SUCCESS_CUTOFFS : TREC_CUTOFFS;
  return { specs: cutoffs.map((k) => ({ family: parsed.family, k })) };
}

