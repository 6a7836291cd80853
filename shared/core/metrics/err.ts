/**
 * Expected reciprocal rank (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009): a user stops at rank r
 * with probability Rᵣ, the chance the item satisfies; ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ). The grade
 * to probability mapping is the errGain knob: (2^g − 1) / 2^gmax (exponential, the paper's) or g / gmax
 * (linear); gmax is the parameter when given (ERR(max=4)), else the case's top grade.
 */
import { Convention } from '../conventions';
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';

/** The probability that an item of this grade satisfies the user. */
export function stopProbability(grade: number, top: number, conv: Convention): number {
  if (!(grade > 0) || !(top > 0)) return 0;
  const g = Math.min(grade, top);
  return conv.errGain === 'linear' ? g / top : (2 ** g - 1) / 2 ** top;
}

function topGrade(rc: RankedCase, max: number | undefined): number {
  if (max !== undefined) return max;
  let top = 0;
  for (const g of rc.labelGrades) if (g > top) top = g;
  return top;
}

function errTerms(rc: RankedCase, k: number | null, conv: Convention, max: number | undefined): { value: number; terms: RankTerm[] } {
  const n = k === null ? rc.count : Math.min(k, rc.count);
  const top = topGrade(rc, max);
  let reach = 1;
  let value = 0;
  const terms: RankTerm[] = [];
  for (let r = 0; r < n; r++) {
    const R = stopProbability(rc.grades[r], top, conv);
    if (R > 0) {
      const t = (reach * R) / (r + 1);
      value += t;
      terms.push({
        rank: r + 1,
        id: rc.ids[r],
        grade: rc.grades[r],
        relevant: rc.relevant[r] === 1,
        gain: R,
        discount: reach / (r + 1),
        contribution: t,
      });
      reach *= 1 - R;
    }
  }
  return { value, terms };
}

/** ERR@k. */
export function err(rc: RankedCase, k: number | null, conv: Convention, max?: number): number {
  return errTerms(rc, k, conv, max).value;
}

/** ERR@k with the stop probability and the chance of reaching each rank that can satisfy. */
export function explainErr(rc: RankedCase, k: number | null, conv: Convention, max: number | undefined, metric: string): Explanation {
  const { value, terms } = errTerms(rc, k, conv, max);
  const top = topGrade(rc, max);
  return {
    metric,
    value,
    formula: `ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ), R = ${conv.errGain === 'linear' ? 'g / gmax' : '(2^g − 1) / 2^gmax'}, gmax = ${top}`,
    terms,
    numerator: value,
    denominator: 1,
    knobs: [
      {
        knob: 'errGain',
        value: conv.errGain,
        effect: `a grade becomes a stop probability as ${conv.errGain === 'linear' ? 'g / gmax' : '(2^g − 1) / 2^gmax'}`,
      },
    ],
    arithmetic: `${terms.map((t) => `${fmt(t.gain!)}·${fmt(t.discount!)}`).join(' + ') || '0'} = ${fmt(value)}`,
  };
}
