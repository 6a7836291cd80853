/** R@k: the share of the relevant items found in the top k. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** The denominator of R@k: R, or min(k, R) under recallDenominator=min-k-relevant. */
export function recallDenominator(rc: RankedCase, k: number, conv: Convention): number {
  return conv.recallDenominator === 'min-k-relevant' ? Math.min(k, rc.nRelevant) : rc.nRelevant;
}

/** R@k = hits in the top k / R, or / min(k, R) (R > 0). */
export function recall(rc: RankedCase, k: number, conv: Convention): number {
  return hitsAt(rc, k) / recallDenominator(rc, k, conv);
}

/** R@k with its hits and R. */
export function explainRecall(rc: RankedCase, k: number, conv: Convention): Explanation {
  const hits = hitsAt(rc, k);
  const value = recall(rc, k, conv);
  const d = recallDenominator(rc, k, conv);
  const capped = conv.recallDenominator === 'min-k-relevant';
  const knobs: Explanation['knobs'] = [
    {
      knob: 'relevantPool',
      value: conv.relevantPool,
      effect:
        conv.relevantPool === 'labels'
          ? `|relevant| = ${rc.nRelevant} relevant labels`
          : `|relevant| = ${rc.nRelevant} relevant items among the predictions`,
    },
  ];
  if (capped)
    knobs.push({
      knob: 'recallDenominator',
      value: conv.recallDenominator,
      effect: `divides by min(k, |relevant|) = min(${k}, ${rc.nRelevant}) = ${d}`,
    });
  return {
    metric: `R@${k}`,
    value,
    formula: capped ? 'R@k = |relevant ∩ top k| / min(k, |relevant|)' : 'R@k = |relevant ∩ top k| / |relevant|',
    terms: hitTerms(rc, k),
    numerator: hits,
    denominator: d,
    knobs,
    arithmetic: `${hits} / ${d} = ${fmt(value)}`,
  };
}
