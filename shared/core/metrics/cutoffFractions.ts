/**
 * Measures that are one fraction at a cutoff: RelP@k (trec_eval's relative_P), RprecMult@x (precision
 * at x·R, trec_eval's Rprec_mult), Judged@k (ir_measures) and Unjudged@k (trec_eval's unj).
 */
import { Explanation } from '../explanation';
import { RankedCase } from '../ranking';
import { hitsAt, hitTerms } from './hits';
import { fractionExplanation, judgedRetrieved } from './judgements';

/** RelP@k = hits in the top k / min(k, R). */
export function relativePrecision(rc: RankedCase, k: number): number {
  return rc.nRelevant === 0 ? 0 : hitsAt(rc, k) / Math.min(k, rc.nRelevant);
}

/** RelP@k as its fraction. */
export function explainRelativePrecision(rc: RankedCase, k: number, metric: string): Explanation {
  return fractionExplanation(
    metric,
    'RelP@k = |relevant ∩ top k| / min(k, R)',
    hitsAt(rc, k),
    rc.nRelevant === 0 ? 0 : Math.min(k, rc.nRelevant),
    hitTerms(rc, k),
  );
}

/** The rank RprecMult@x looks at: x·R, rounded as trec_eval does (+0.9, then down). */
export function multipleOfR(rc: RankedCase, x: number): number {
  return Math.trunc(x * rc.nRelevant + 0.9);
}

/** RprecMult@x = P@⌊x·R + 0.9⌋ (0 at rank 0). */
export function precisionAtMultipleOfR(rc: RankedCase, x: number): number {
  const c = multipleOfR(rc, x);
  return c === 0 ? 0 : hitsAt(rc, c) / c;
}

/** RprecMult@x as its fraction. */
export function explainPrecisionAtMultipleOfR(rc: RankedCase, x: number, metric: string): Explanation {
  const c = multipleOfR(rc, x);
  return fractionExplanation(
    metric,
    `RprecMult@x = |relevant ∩ top c| / c, c = ⌊x·R + 0.9⌋ = ${c}`,
    c === 0 ? 0 : hitsAt(rc, c),
    c,
    hitTerms(rc, c),
  );
}

/** Judged@k = judged items in the top k / k (k: every rank when there is no cutoff). */
export function judgedShare(rc: RankedCase, k: number | null): number {
  const d = k ?? rc.count;
  return d === 0 ? 0 : judgedRetrieved(rc, d) / d;
}

/** Unjudged@k = unjudged items in the top k / k; missing ranks count as judged (trec_eval's unj). */
export function unjudgedShare(rc: RankedCase, k: number | null): number {
  const d = k ?? rc.count;
  const n = Math.min(d, rc.count);
  return d === 0 ? 0 : (n - judgedRetrieved(rc, n)) / d;
}

/** Judged@k or Unjudged@k as its fraction. */
export function explainJudgedShare(rc: RankedCase, k: number | null, judged: boolean, metric: string): Explanation {
  const d = k ?? rc.count;
  const n = Math.min(d, rc.count);
  const terms = [];
  for (let r = 0; r < n; r++) {
    if ((rc.judged[r] === 1) === judged)
      terms.push({ rank: r + 1, id: rc.ids[r], grade: rc.grades[r], relevant: rc.relevant[r] === 1, contribution: 1 });
  }
  const formula = judged
    ? 'Judged@k = |judged ∩ top k| / k (judged: labeled with a grade ≥ 0)'
    : 'Unjudged@k = |unjudged ∩ top k| / k (missing ranks count as judged)';
  return fractionExplanation(metric, formula, terms.length, d, terms);
}
