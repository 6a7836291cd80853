/** trec_eval's relstring: the grades of a ranking's first documents as one character each. */
import { RankedCase } from './ranking';

/**
 * One character per document among the first n: its grade 0–9, '>' above 9, '-' unlabeled (not in
 * the pool), '.' labeled with a negative grade (in the pool, unjudged).
 */
export function relString(rc: RankedCase, n: number): string {
  let out = '';
  for (let r = 0; r < Math.min(n, rc.count); r++) {
    const g = Math.trunc(rc.grades[r]);
    out += rc.judged[r] ? (g > 9 ? '>' : String(g)) : rc.grades[r] < 0 ? '.' : '-';
  }
  return out;
}
