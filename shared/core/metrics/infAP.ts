/**
 * infAP (Yilmaz & Aslam, CIKM 2006), as trec_eval computes it: the expected precision at each
 * relevant item retrieved, estimated from the judged items above it; items labeled with a negative
 * grade are in the pool but unjudged (sampled out), unlabeled items are outside the pool.
 */
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { termAt } from './judgements';

const EPSILON = 0.00001;

function infApTerms(rc: RankedCase): { sum: number; terms: RankTerm[] } {
  let rel = 0;
  let nonrel = 0;
  let unjudgedInPool = 0;
  let sum = 0;
  const terms: RankTerm[] = [];
  for (let j = 0; j < rc.count; j++) {
    if (!rc.judged[j]) {
      if (rc.grades[j] < 0) unjudgedInPool++;
      continue;
    }
    if (!rc.relevant[j]) {
      nonrel++;
      continue;
    }
    rel++;
    const t =
      j === 0
        ? 1
        : 1 / (j + 1) +
          (j / (j + 1)) * ((rel - 1 + nonrel + unjudgedInPool) / j) * ((rel - 1 + EPSILON) / (rel - 1 + nonrel + 2 * EPSILON));
    sum += t;
    terms.push(termAt(rc, j, t));
  }
  return { sum, terms };
}

/** infAP = (1/R) Σ over relevant retrieved at rank k: 1/k + ((k−1)/k)·(|d100|/(k−1))·((rel+ε)/(rel+nonrel+2ε)). */
export function infAP(rc: RankedCase): number {
  return rc.nRelevant === 0 ? 0 : infApTerms(rc).sum / rc.nRelevant;
}

/** infAP with the expected precision at each relevant item retrieved. */
export function explainInfAP(rc: RankedCase): Explanation {
  const { sum, terms } = infApTerms(rc);
  const R = rc.nRelevant;
  const value = R === 0 ? 0 : sum / R;
  return {
    metric: 'infAP',
    value,
    formula:
      'infAP = (1/R) Σ_{relevant at rank k} [1/k + ((k−1)/k) · (pooled above k / (k−1)) · ((rel above + ε) / (rel above + nonrel above + 2ε))], ε = 0.00001',
    terms,
    numerator: sum,
    denominator: R,
    knobs: [],
    arithmetic: `(${terms.map((t) => fmt(t.contribution!)).join(' + ') || '0'}) / ${R} = ${fmt(value)}`,
  };
}
