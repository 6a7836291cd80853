/**
 * trec_eval's utility: a·(relevant retrieved) + b·(non-relevant retrieved) + c·(relevant missed)
 * + d·(non-relevant missed), the last from the collection size N (trec_eval -N, default 0).
 */
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { relevantRetrieved } from './judgements';

/** The utility of the retrieved set under coefficients [a, b, c, d] and a collection of N items. */
export function utility(rc: RankedCase, coefficients: readonly number[], collection = 0): number {
  const [a, b, c, d] = coefficients;
  const hits = relevantRetrieved(rc);
  const ret = rc.count;
  const R = rc.nRelevant;
  return a * hits + b * (ret - hits) + c * (R - hits) + d * (collection + hits - ret - R);
}

/** Utility with its four counts. */
export function explainUtility(rc: RankedCase, coefficients: readonly number[], collection: number, metric: string): Explanation {
  const [a, b, c, d] = coefficients;
  const hits = relevantRetrieved(rc);
  const ret = rc.count;
  const R = rc.nRelevant;
  const value = utility(rc, coefficients, collection);
  return {
    metric,
    value,
    formula: 'Utility = a·relevant retrieved + b·non-relevant retrieved + c·relevant missed + d·non-relevant missed',
    terms: [],
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: `${a}·${hits} + ${b}·${ret - hits} + ${c}·${R - hits} + ${d}·${collection + hits - ret - R} = ${fmt(value)}`,
  };
}
