/**
 * bpref (Buckley & Voorhees, SIGIR 2004), as trec_eval computes it: each relevant item retrieved
 * scores 1 − min(n, R) / min(N, R), n the judged non-relevant items ranked above it, N all judged
 * non-relevant labels; the sum is divided by R. Unjudged items are skipped, not taken as non-relevant.
 */
import { RelevanceThreshold } from '../conventions';
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { judgedNonrelevantLabels, termAt } from './judgements';

function bprefTerms(rc: RankedCase, threshold: RelevanceThreshold): { sum: number; terms: RankTerm[]; N: number } {
  const N = judgedNonrelevantLabels(rc, threshold);
  const R = rc.nRelevant;
  const terms: RankTerm[] = [];
  let nonrel = 0;
  let sum = 0;
  for (let r = 0; r < rc.count; r++) {
    if (!rc.judged[r]) continue;
    if (!rc.relevant[r]) {
      nonrel++;
      continue;
    }
    const t = nonrel > 0 ? 1 - Math.min(nonrel, R) / Math.min(N, R) : 1;
    sum += t;
    terms.push(termAt(rc, r, t));
  }
  return { sum, terms, N };
}

/** bpref = (1/R) Σ over relevant retrieved (1 − min(n above, R) / min(N, R)). */
export function bpref(rc: RankedCase, threshold: RelevanceThreshold): number {
  if (rc.nRelevant === 0) return 0;
  // bprefTerms' sum, without a term object per relevant item (values are asked for far more often than explanations).
  const N = judgedNonrelevantLabels(rc, threshold);
  const R = rc.nRelevant;
  let nonrel = 0;
  let sum = 0;
  for (let r = 0; r < rc.count; r++) {
    if (!rc.judged[r]) continue;
    if (!rc.relevant[r]) {
      nonrel++;
      continue;
    }
    sum += nonrel > 0 ? 1 - Math.min(nonrel, R) / Math.min(N, R) : 1;
  }
  return sum / R;
}

/** bpref with one term per relevant item retrieved. */
export function explainBpref(rc: RankedCase, threshold: RelevanceThreshold, metric = 'Bpref'): Explanation {
  const { sum, terms, N } = bprefTerms(rc, threshold);
  const R = rc.nRelevant;
  const value = R === 0 ? 0 : sum / R;
  return {
    metric,
    value,
    formula: 'bpref = (1/R) Σ_{relevant r retrieved} (1 − min(judged non-relevant above r, R) / min(N, R)); unjudged items are skipped',
    terms,
    numerator: sum,
    denominator: R,
    knobs: [],
    arithmetic: `N = ${N} judged non-relevant, R = ${R}: (${terms.map((t) => fmt(t.contribution!)).join(' + ') || '0'}) / ${R} = ${fmt(value)}`,
    ...(metric === 'gmBpref' ? { note: 'the run figure is the geometric mean over cases, each value floored at 0.00001' } : {}),
  };
}
