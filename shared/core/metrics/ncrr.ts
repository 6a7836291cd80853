/**
 * NCRR (Cornac): the cumulative reciprocal rank of the hits in the top k, Σ 1/rank, divided by its
 * ideal, Σ 1/i for i = 1..min(R, number in the top k); 0 with no hit.
 */
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { depth, hitTerms, topText } from './hits';

function idealCrr(rc: RankedCase, k: number | null): { sum: number; n: number } {
  const n = Math.min(rc.nRelevant, depth(rc, k));
  let sum = 0;
  for (let i = 1; i <= n; i++) sum += 1 / i;
  return { sum, n };
}

/** NCRR@k = Σ over the hits in the top k of 1/rank ÷ Σ 1/i, i = 1..min(R, |top k|); 0 with no hit. */
export function ncrr(rc: RankedCase, k: number | null): number {
  const terms = hitTerms(rc, k);
  if (terms.length === 0) return 0;
  let crr = 0;
  for (const t of terms) crr += 1 / t.rank;
  return crr / idealCrr(rc, k).sum;
}

/** NCRR@k with each hit's 1/rank and the ideal's sum. */
export function explainNcrr(rc: RankedCase, k: number | null, metric: string): Explanation {
  const terms = hitTerms(rc, k).map((t) => ({ ...t, contribution: 1 / t.rank }));
  const ideal = idealCrr(rc, k);
  const value = ncrr(rc, k);
  const crr = terms.reduce((s, t) => s + t.contribution, 0);
  const idealText = Array.from({ length: ideal.n }, (_, i) => `1/${i + 1}`).join(' + ');
  return {
    metric,
    value,
    formula: `${k === null ? 'NCRR' : 'NCRR@k'} = Σ 1/rank over the hits ${k === null ? 'in the ranking' : 'in the top k'} / Σ 1/i, i = 1..min(R, ${k === null ? 'n' : 'min(k, n)'}) (0 if no hit)`,
    terms,
    numerator: crr,
    denominator: ideal.sum,
    knobs: [],
    arithmetic:
      terms.length === 0
        ? `no relevant item in ${topText(k)}: 0`
        : `(${terms.map((t) => `1/${t.rank}`).join(' + ')}) / (${idealText}) = ${fmt(crr)} / ${fmt(ideal.sum)} = ${fmt(value)}`,
  };
}
