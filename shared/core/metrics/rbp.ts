/**
 * Rank-biased precision (Moffat & Zobel, TOIS 2008): (1 − p) Σᵢ p^(i−1) · gainᵢ, a user who goes on
 * from each rank with probability p. Gains are the grade over the case's top grade (0/1 for binary
 * labels, as trec_eval scales them). The residual is how much RBP could still rise if every
 * unjudged item ranked, and every rank past the end, were fully relevant.
 */
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';

/** The default persistence. */
export const RBP_P = 0.9;

function topGrade(rc: RankedCase): number {
  let top = 0;
  for (const g of rc.labelGrades) if (g > top) top = g;
  return top;
}

function rbpTerms(rc: RankedCase, p: number, k: number | null, binary: boolean): { sum: number; terms: RankTerm[] } {
  const n = k === null ? rc.count : Math.min(k, rc.count);
  const top = topGrade(rc);
  const terms: RankTerm[] = [];
  let sum = 0;
  let w = 1;
  for (let i = 0; i < n; i++) {
    const g = binary ? rc.relevant[i] : rc.grades[i] > 0 && top > 0 ? rc.grades[i] / top : 0;
    if (g !== 0) {
      sum += g * w;
      terms.push({
        rank: i + 1,
        id: rc.ids[i],
        grade: rc.grades[i],
        relevant: rc.relevant[i] === 1,
        gain: g,
        discount: w,
        contribution: g * w,
      });
    }
    w *= p;
  }
  return { sum, terms };
}

/** RBP(p)@k; binary: gain 1 for a relevant item (when a rel= is given), else the scaled grade. */
export function rbp(rc: RankedCase, p: number, k: number | null, binary = false): number {
  return (1 - p) * rbpTerms(rc, p, k, binary).sum;
}

/** RBP with one term per rank that gains. */
export function explainRbp(rc: RankedCase, p: number, k: number | null, binary: boolean, metric: string): Explanation {
  const { sum, terms } = rbpTerms(rc, p, k, binary);
  const value = (1 - p) * sum;
  return {
    metric,
    value,
    formula: `RBP = (1 − p) Σᵢ p^(i−1) · gainᵢ, p = ${p}, gain = grade / top grade${binary ? ' (binary here)' : ''}`,
    terms,
    numerator: sum,
    denominator: 1 / (1 - p),
    knobs: [],
    arithmetic: `(1 − ${p}) · (${terms.map((t) => `${fmt(t.gain!)}·${fmt(t.discount!)}`).join(' + ') || '0'}) = ${fmt(value)}`,
  };
}

/** RBPresid = p^n + (1 − p) Σ over unjudged ranks p^(i−1); 0 when every ranked item is judged. */
export function rbpResidual(rc: RankedCase, p: number, k: number | null): number {
  const n = k === null ? rc.count : Math.min(k, rc.count);
  let w = 1;
  let sum = 0;
  let unjudged = 0;
  for (let i = 0; i < n; i++) {
    if (!rc.judged[i]) {
      unjudged++;
      sum += w;
    }
    w *= p;
  }
  return unjudged === 0 ? 0 : w + (1 - p) * sum;
}

/** The residual with its unjudged ranks, each contributing (1 − p) · p^(i−1). */
export function explainRbpResidual(rc: RankedCase, p: number, k: number | null, metric: string): Explanation {
  const value = rbpResidual(rc, p, k);
  const n = k === null ? rc.count : Math.min(k, rc.count);
  const terms: RankTerm[] = [];
  for (let i = 0; i < n; i++)
    if (!rc.judged[i])
      terms.push({ rank: i + 1, id: rc.ids[i], grade: rc.grades[i], relevant: false, discount: p ** i, contribution: (1 - p) * p ** i });
  return {
    metric,
    value,
    formula: `RBPresid = p^n + (1 − p) Σ_{unjudged rank i} p^(i−1), p = ${p}; 0 when all ranked items are judged`,
    terms,
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic:
      terms.length === 0
        ? 'every ranked item is judged: 0'
        : `${p}^${n} + (1 − ${p}) · (${terms.map((t) => fmt(t.discount!)).join(' + ')}) = ${fmt(value)}`,
  };
}
