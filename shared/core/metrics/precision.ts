/** P@k: the share of the top k that is relevant. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { depth, hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** The denominator of P@k: k, or min(k, number predicted) under precisionDenominator=min-k-predicted. */
export function precisionDenominator(rc: RankedCase, k: number, conv: Convention): number {
  return conv.precisionDenominator === 'k' ? k : depth(rc, k);
}

/** P@k = hits in the top k / (k or min(k, predicted)). */
export function precision(rc: RankedCase, k: number, conv: Convention): number {
  const d = precisionDenominator(rc, k, conv);
  return d === 0 ? 0 : hitsAt(rc, k) / d;
}

/** P@k with its hits and the denominator the convention chose. */
export function explainPrecision(rc: RankedCase, k: number, conv: Convention): Explanation {
  const hits = hitsAt(rc, k);
  const d = precisionDenominator(rc, k, conv);
  const value = precision(rc, k, conv);
  const effect =
    conv.precisionDenominator === 'k'
      ? `divides by k = ${k}${rc.count < k ? ` although only ${rc.count} items are predicted` : ''}`
      : `divides by min(k, predicted) = min(${k}, ${rc.count}) = ${d}`;
  return {
    metric: `P@${k}`,
    value,
    formula: conv.precisionDenominator === 'k' ? 'P@k = |relevant ∩ top k| / k' : 'P@k = |relevant ∩ top k| / min(k, |predicted|)',
    terms: hitTerms(rc, k),
    numerator: hits,
    denominator: d,
    knobs: [{ knob: 'precisionDenominator', value: conv.precisionDenominator, effect }],
    arithmetic: d === 0 ? `no predictions: 0` : `${hits} / ${d} = ${fmt(value)}`,
  };
}
