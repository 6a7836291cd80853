/**
 * Granular RR (LlamaIndex's MRR with use_granular_mrr=True): the mean of 1/rank over every hit in the
 * top k, not only the first; 0 with no hit.
 */
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { hitTerms, topText } from './hits';

/** GranularRR@k = (Σ over the hits in the top k of 1/rank) / number of those hits, 0 with none. */
export function granularRR(rc: RankedCase, k: number | null): number {
  const terms = hitTerms(rc, k);
  if (terms.length === 0) return 0;
  let sum = 0;
  for (const t of terms) sum += 1 / t.rank;
  return sum / terms.length;
}

/** GranularRR@k with each hit's 1/rank. */
export function explainGranularRR(rc: RankedCase, k: number | null, metric: string): Explanation {
  const terms = hitTerms(rc, k).map((t) => ({ ...t, contribution: 1 / t.rank }));
  const value = granularRR(rc, k);
  return {
    metric,
    value,
    formula: `${k === null ? 'GranularRR' : 'GranularRR@k'} = Σ 1/rank over the hits ${k === null ? 'in the ranking' : 'in the top k'} / the number of those hits (0 if none)`,
    terms,
    numerator: terms.reduce((s, t) => s + t.contribution, 0),
    denominator: terms.length,
    knobs: [],
    arithmetic:
      terms.length === 0
        ? `no relevant item in ${topText(k)}: 0`
        : `(${terms.map((t) => `1/${t.rank}`).join(' + ')}) / ${terms.length} = ${fmt(value)}`,
  };
}
