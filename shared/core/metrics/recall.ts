/** R@k: the share of the relevant items found in the top k. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** R@k = hits in the top k / number of relevant items (R > 0). */
export function recall(rc: RankedCase, k: number): number {
  return hitsAt(rc, k) / rc.nRelevant;
}

/** R@k with its hits and R. */
export function explainRecall(rc: RankedCase, k: number, conv: Convention): Explanation {
  const hits = hitsAt(rc, k);
  const value = recall(rc, k);
  return {
    metric: `R@${k}`, value,
    formula: 'R@k = |relevant ∩ top k| / |relevant|',
    terms: hitTerms(rc, k), numerator: hits, denominator: rc.nRelevant,
    knobs: [{ knob: 'relevantPool', value: conv.relevantPool,
      effect: conv.relevantPool === 'labels' ? `|relevant| = ${rc.nRelevant} relevant labels` : `|relevant| = ${rc.nRelevant} relevant items among the predictions` }],
    arithmetic: `${hits} / ${rc.nRelevant} = ${fmt(value)}`,
  };
}
