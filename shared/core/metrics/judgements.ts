/**
 * What trec_eval's measures for incomplete judgements count on a ranked case: judged and unjudged
 * ranks, judged non-relevant labels, and a plain explanation for the measures that are one fraction.
 */
import { isRelevantGrade } from '../conventions';
import { Explanation, RankTerm, fmt, num } from '../explanation';
import { RankedCase } from '../ranking';

/** Relevant items retrieved (every rank). */
export function relevantRetrieved(rc: RankedCase): number {
  let n = 0;
  for (let r = 0; r < rc.relevant.length; r++) n += rc.relevant[r];
  return n;
}

/** Judged items retrieved (labeled with a grade ≥ 0). */
export function judgedRetrieved(rc: RankedCase, k: number | null = null): number {
  const n = k === null ? rc.judged.length : Math.min(k, rc.judged.length);
  let count = 0;
  for (let r = 0; r < n; r++) count += rc.judged[r];
  return count;
}

/** Labels judged non-relevant: a grade ≥ 0 that the relevance rule does not count (bpref's N). */
export function judgedNonrelevantLabels(rc: RankedCase, threshold: number | 'listed'): number {
  let n = 0;
  for (const g of rc.labelGrades) if (g >= 0 && !isRelevantGrade(g, threshold)) n++;
  return n;
}

/** A term for the item at a 0-based rank. */
export function termAt(rc: RankedCase, r: number, contribution?: number): RankTerm {
  return {
    rank: r + 1,
    id: rc.ids[r],
    grade: rc.grades[r],
    relevant: rc.relevant[r] === 1,
    ...(contribution === undefined ? {} : { contribution }),
  };
}

/** The explanation of a value that is one fraction: numerator / denominator (0 when the denominator is). */
export function fractionExplanation(
  metric: string,
  formula: string,
  numerator: number,
  denominator: number,
  terms: RankTerm[] = [],
): Explanation {
  const value = denominator === 0 ? 0 : numerator / denominator;
  return {
    metric,
    value,
    formula,
    terms,
    numerator,
    denominator,
    knobs: [],
    arithmetic: denominator === 0 ? `denominator 0: 0` : `${num(numerator)} / ${num(denominator)} = ${fmt(value)}`,
  };
}
