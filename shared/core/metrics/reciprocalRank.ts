/** RR@k and RR: one over the rank of the first relevant item, 0 when none is in the cutoff. */
import { Explanation, fmt } from '../explanation';
import { creditAt, depth, topText, withinCut } from './hits';
import { RankedCase } from '../ranking';

// The credited rank of the first hit (relevant items come last in a tied group under pessimistic-each).
function firstHit(rc: RankedCase, k: number | null): number {
  const n = depth(rc, k);
  for (let r = 0; r < n; r++) if (rc.relevant[r]) return withinCut(rc, r, k) ? creditAt(rc, r) : 0;
  return 0;
}

/** RR@k = 1 / rank of the first relevant item in the top k, else 0. */
export function reciprocalRank(rc: RankedCase, k: number | null): number {
  const rank = firstHit(rc, k);
  return rank === 0 ? 0 : 1 / rank;
}

/** RR@k with the first hit. */
export function explainReciprocalRank(rc: RankedCase, k: number | null): Explanation {
  const rank = firstHit(rc, k);
  const value = rank === 0 ? 0 : 1 / rank;
  return {
    metric: k === null ? 'RR' : `RR@${k}`,
    value,
    formula:
      k === null
        ? 'RR = 1 / rank of the first relevant item (0 if none)'
        : 'RR@k = 1 / rank of the first relevant item among ranks 1..k (0 if none)',
    terms: rank === 0 ? [] : [{ rank, id: rc.ids[firstIndex(rc)], grade: rc.grades[firstIndex(rc)], relevant: true, contribution: value }],
    numerator: rank === 0 ? 0 : 1,
    denominator: rank,
    knobs: [],
    arithmetic: rank === 0 ? `no relevant item in ${topText(k)}: 0` : `1 / ${rank} = ${fmt(value)}`,
  };
}

function firstIndex(rc: RankedCase): number {
  return rc.relevant.indexOf(1);
}
