/** Success@k (hit rate): 1 when any relevant item is in the top k. */
import { Explanation } from '../explanation';
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** Success@k = 1 if the top k holds a relevant item, else 0. */
export function success(rc: RankedCase, k: number): number {
  return hitsAt(rc, k) > 0 ? 1 : 0;
}

/** Success@k with the hits that made it 1. */
export function explainSuccess(rc: RankedCase, k: number): Explanation {
  const terms = hitTerms(rc, k);
  const value = terms.length > 0 ? 1 : 0;
  return {
    metric: `Success@${k}`,
    value,
    formula: 'Success@k = 1 if |relevant ∩ top k| > 0, else 0',
    terms,
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: value ? `first hit at rank ${terms[0].rank} ≤ ${k}: 1` : `no relevant item in the top ${k}: 0`,
  };
}
