/**
 * What comparisons of systems may share, owned by a caller that compares many measures in a row (a
 * command, a fixture's systems) and passed to compareSystems: the random sign masks of the
 * randomization test (they depend only on the seed, the trials and the number of queries, so every
 * pair and measure of one command can use the same, generated once, the same as if drawn anew),
 * Wilcoxon's exact null distributions, and Student's t quantiles. Without one, each test computes
 * its own.
 */

/** The memos of one caller's comparisons (see above). */
export interface ComparisonMemo {
  /** The sign masks of the last sampled randomization test, block-major (block · trials + trial). */
  signs: { seed: number; trials: number; blocks: number; bytes: Uint8Array } | undefined;
  /** The null distribution of Wilcoxon's R+ by number of pairs (50 at most: the exact test's). */
  pmfs: Map<number, Float64Array>;
  /** Student's t quantiles by `${p} ${df}`: every comparison of one command usually has the same number of queries. */
  quantiles: Map<string, number>;
}

/** An empty comparison memo. */
export function comparisonMemo(): ComparisonMemo {
  return { signs: undefined, pmfs: new Map(), quantiles: new Map() };
}
