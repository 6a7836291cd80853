/**
 * Hole@k (BEIR's and MTEB's custom metric): the share of the top k whose id is judged nowhere, divided
 * by k. BEIR counts an id as judged when any query's qrels hold it (its "annotated corpus"): a fixture
 * gives the metric the ids labeled in any of its cases (MetricSpec.annotated); without them, only the
 * case's own labels count as judged.
 */
import { Explanation, RankTerm } from '../explanation';
import { RankedCase } from '../ranking';
import { fractionExplanation } from './judgements';

function holes(rc: RankedCase, k: number | null, annotated: ReadonlySet<string> | undefined): { terms: RankTerm[]; d: number } {
  const d = k ?? rc.count;
  const n = Math.min(d, rc.count);
  const own = new Set(rc.labelIds);
  const terms: RankTerm[] = [];
  for (let r = 0; r < n; r++) {
    const id = rc.ids[r];
    if (!own.has(id) && !annotated?.has(id)) terms.push({ rank: r + 1, id, grade: rc.grades[r], relevant: false, contribution: 1 });
  }
  return { terms, d };
}

/** Hole@k = ids in the top k judged in no case / k (k: every rank without a cutoff). */
export function hole(rc: RankedCase, k: number | null, annotated: ReadonlySet<string> | undefined): number {
  const { terms, d } = holes(rc, k, annotated);
  return d === 0 ? 0 : terms.length / d;
}

/** Hole@k as its fraction, each hole a term. */
export function explainHole(rc: RankedCase, k: number | null, annotated: ReadonlySet<string> | undefined, metric: string): Explanation {
  const { terms, d } = holes(rc, k, annotated);
  const pool = annotated ? 'labeled in no case of the fixture' : "not among the case's labels";
  return fractionExplanation(metric, `Hole@k = |top k ${pool}| / k (BEIR, MTEB)`, terms.length, d, terms);
}
