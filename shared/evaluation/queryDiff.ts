/**
 * Runs compared query by query on one measure: each run's value per query, the difference b − a
 * against the first run, sorted, counted as wins, ties and losses with a stated tie margin, beside
 * the paired test `ranklens trec` gives the same pair (shared/stats, not computed again here).
 */
import { compareText } from '../core/ranking';
import { naturalOrder } from '../core/naturalOrder';
import { CompareOptions, SystemComparison, compareSystems } from '../stats/compareSystems';

/** One query of a pair: both values and b − a; its outcome under the tie margin. */
export interface QueryDiff {
  qid: string;
  a: number;
  b: number;
  diff: number;
  outcome: 'win' | 'tie' | 'loss';
}

/** One pair of runs (a, b: their indices) compared query by query. */
export interface PairDiff {
  a: number;
  b: number;
  /** The paired queries, the largest gain first, the largest loss last (equal differences in query order: 1, 2, 10). */
  queries: QueryDiff[];
  /** |b − a| ≤ tie is a tie; above it a win (b higher) or a loss. */
  tie: number;
  wins: number;
  ties: number;
  losses: number;
  /** The paired test, its interval and effect size, as `ranklens trec` gives them for the pair. */
  test: SystemComparison;
}

/**
 * Each run after the first against the first, query by query; values[r][q] is run r on query
 * qids[q], NaN where the run has no value (such a query is in no pair).
 */
export function queryDiffs(
  qids: readonly string[],
  values: readonly ArrayLike<number>[],
  tie: number,
  options: CompareOptions,
): PairDiff[] {
  const pairs = values.slice(1).map((_, i) => [0, i + 1] as const);
  const tests = compareSystems(values, pairs, options);
  // Query order for equal differences: natural (1, 2, 10), as every table of Ranklens lists queries.
  const rank = new Map(naturalOrder(qids).map((qid, i) => [qid, i]));
  return pairs.map(([a, b], k) => {
    const queries: QueryDiff[] = [];
    for (let q = 0; q < qids.length; q++) {
      const x = values[a][q];
      const y = values[b][q];
      if (Number.isNaN(x) || Number.isNaN(y)) continue;
      const diff = y - x;
      queries.push({ qid: qids[q], a: x, b: y, diff, outcome: diff > tie ? 'win' : diff < -tie ? 'loss' : 'tie' });
    }
    queries.sort((p, q) => q.diff - p.diff || rank.get(p.qid)! - rank.get(q.qid)! || compareText(p.qid, q.qid));
    const count = (o: QueryDiff['outcome']) => queries.filter((q) => q.outcome === o).length;
    return { a, b, queries, tie, wins: count('win'), ties: count('tie'), losses: count('loss'), test: tests[k] };
  });
}

/** The queries that changed most each way: up to n gains (largest first) and n losses (largest first). */
export function mostChanged(pair: PairDiff, n: number): { gains: QueryDiff[]; losses: QueryDiff[] } {
  const gains = pair.queries.filter((q) => q.outcome === 'win').slice(0, n);
  // slice(-0) would be every loss.
  const losses =
    n === 0
      ? []
      : pair.queries
          .filter((q) => q.outcome === 'loss')
          .slice(-n)
          .reverse();
  return { gains, losses };
}
