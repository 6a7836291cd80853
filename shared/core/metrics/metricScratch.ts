/**
 * What the metrics may keep between calls on the same ranked case, owned by the caller that asks
 * for many metrics of one case in a row (an evaluation pass; a CaseScratch is one). Each memo names
 * the ranking it was computed from and answers only for that very object, so a metric asked about
 * another case computes afresh; without a scratch every metric computes afresh.
 */

/** The metrics' buffers and one-case memos (see above). */
export interface MetricScratch {
  /** The top k's gains, sorted in place for IDCG under ideal=top-k (grown on demand). */
  gains: Float64Array;
  /**
   * The sorted ideal gains of the last ranking asked for (ideal=labels or predicted): a case's nDCG
   * at every cutoff is computed in a row, so one entry serves them all (a WeakMap per case cost more
   * than the sort it saved). The knobs it depends on are part of the key.
   */
  ideal: { rc: object; ideal: string; gain: string; negativeGains: string; sorted: Float64Array } | undefined;
  /**
   * The last ranking's interpolated precisions at the 11 standard recall levels: trec_eval's default
   * measures ask for all 11 of one case in a row, and one backward pass gives them all.
   */
  elevenLevels: { rc: object; values: number[] } | undefined;
}

/** An empty metric scratch. */
export function metricScratch(): MetricScratch {
  return { gains: new Float64Array(64), ideal: undefined, elevenLevels: undefined };
}
