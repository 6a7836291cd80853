/** Counting relevant items in the top k of a ranked case: the numerator most binary metrics share. */
import { RankedCase } from '../ranking';
import { RankTerm } from '../explanation';

/** The number of ranks the cutoff covers: min(k, number ranked); k null means every rank. */
export function depth(rc: RankedCase, k: number | null): number {
  return k === null ? rc.count : Math.min(k, rc.count);
}

/** The 1-based rank the item at index r is credited at: r + 1, or under ties=pessimistic-each the last rank of its tied group. */
export function creditAt(rc: RankedCase, r: number): number {
  return rc.creditRank ? rc.creditRank[r] : r + 1;
}

/** Whether the item at index r is credited within the cutoff (every rank without one). */
export function withinCut(rc: RankedCase, r: number, k: number | null): boolean {
  return k === null || creditAt(rc, r) <= k;
}

/** Relevant items in the top k (under ties=pessimistic-each, those credited at a rank ≤ k). */
export function hitsAt(rc: RankedCase, k: number | null): number {
  const n = depth(rc, k);
  let hits = 0;
  if (rc.creditRank) {
    for (let r = 0; r < n; r++) if (rc.relevant[r] && withinCut(rc, r, k)) hits++;
    return hits;
  }
  for (let r = 0; r < n; r++) hits += rc.relevant[r];
  return hits;
}

/** The relevant ranks within the top k, as terms. */
export function hitTerms(rc: RankedCase, k: number | null): RankTerm[] {
  const n = depth(rc, k);
  const terms: RankTerm[] = [];
  for (let r = 0; r < n; r++) {
    if (rc.relevant[r] && withinCut(rc, r, k)) terms.push({ rank: creditAt(rc, r), id: rc.ids[r], grade: rc.grades[r], relevant: true });
  }
  return terms;
}

/** Where a value looks, in words: "the top 3", or "the ranking" with no cutoff. */
export function topText(k: number | null): string {
  return k === null ? 'the ranking' : `the top ${k}`;
}

/**
 * A formula's name and the ranks it sums over: `AP@k` over `i = 1..k` with a cutoff, `AP` over every
 * ranked item without. The formula names k, not this cutoff's value, so that one formula is true above
 * every cutoff it is shown with (the arithmetic has the numbers).
 */
export function formulaCut(family: string, k: number | null): { name: string; ranks: string } {
  return k === null ? { name: family, ranks: 'i = 1..n (every ranked item)' } : { name: `${family}@k`, ranks: 'i = 1..k' };
}
