/**
 * Other views of a ranked case, sharing its arrays where they can: the same ranking with another
 * relevance level (ir_measures' rel=), cut to its first m items (trec_eval -M), or with its unjudged
 * items removed (trec_eval -J).
 */
import { Convention, RelevanceThreshold, isRelevantGrade } from './conventions';
import { RankedCase } from './ranking';

/** The threshold a spec's rel= stands for: relevant when the grade is at least rel. */
export function thresholdOf(rel: number | undefined, conv: Convention): RelevanceThreshold {
  return rel === undefined ? conv.relevanceThreshold : rel - 1;
}

/** The case with relevance decided by another threshold. */
export function withThreshold(rc: RankedCase, threshold: RelevanceThreshold, conv: Convention): RankedCase {
  const relevant = new Uint8Array(rc.grades.length);
  let predicted = 0;
  for (let r = 0; r < rc.grades.length; r++) {
    if (rc.judged[r] && isRelevantGrade(rc.grades[r], threshold)) {
      relevant[r] = 1;
      predicted++;
    }
  }
  let nRelevant = predicted;
  if (conv.relevantPool === 'labels') {
    nRelevant = 0;
    for (const g of rc.labelGrades) if (isRelevantGrade(g, threshold)) nRelevant++;
  }
  return { ...rc, ids: rc.ids, relevant, nRelevant };
}

/** The case cut to its first m ranked items. */
export function truncated(rc: RankedCase, m: number): RankedCase {
  if (rc.count <= m) return rc;
  return {
    ...rc,
    ids: rc.ids.slice(0, m),
    count: m,
    source: rc.source.subarray(0, m),
    grades: rc.grades.subarray(0, m),
    relevant: rc.relevant.subarray(0, m),
    judged: rc.judged.subarray(0, m),
    tieStart: null,
    tieEnd: null,
  };
}

/** The case with only its judged ranked items, in the same order (trec_eval -J). */
export function judgedOnly(rc: RankedCase): RankedCase {
  const keep: number[] = [];
  for (let r = 0; r < rc.judged.length; r++) if (rc.judged[r]) keep.push(r);
  if (keep.length === rc.judged.length) return rc;
  const pick = <T extends Float64Array | Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
    const out = make(keep.length);
    keep.forEach((r, i) => {
      out[i] = a[r];
    });
    return out;
  };
  return {
    ...rc,
    ids: keep.map((r) => rc.ids[r]),
    count: keep.length,
    source: pick(rc.source, (n) => new Int32Array(n)),
    grades: pick(rc.grades, (n) => new Float64Array(n)),
    relevant: pick(rc.relevant, (n) => new Uint8Array(n)),
    judged: pick(rc.judged, (n) => new Uint8Array(n)),
    tieStart: null,
    tieEnd: null,
  };
}

/**
 * The case cut at k (every rank without one), then with its unlabeled items removed
 * (unjudged=drop-after-cut, Elasticsearch's ignore_unlabeled: the hits come back first, unrated
 * ones are skipped after). Credited ranks (ties=pessimistic-each) are renumbered among the kept items.
 */
export function judgedWithinCut(rc: RankedCase, k: number | null): RankedCase {
  const unlabeled = rc.unlabeled;
  if (!unlabeled) return rc;
  const n = k === null ? rc.count : Math.min(k, rc.count);
  const keep: number[] = [];
  for (let r = 0; r < n; r++) if (!unlabeled[r]) keep.push(r);
  // Nothing unlabeled in the cut: the metric at k reads only the cut, so the case serves as it is.
  if (keep.length === n) return rc;
  const pick = <T extends Float64Array | Uint8Array | Int32Array>(a: T, make: (n: number) => T): T => {
    const out = make(keep.length);
    keep.forEach((r, i) => {
      out[i] = a[r];
    });
    return out;
  };
  let creditRank: Int32Array | null = null;
  if (rc.creditRank) {
    const old = rc.creditRank;
    // The new credited rank: how many kept items lie up to the old group's last rank.
    creditRank = Int32Array.from(keep, (r) => keep.filter((q) => q < old[r]).length);
  }
  return {
    ...rc,
    ids: keep.map((r) => rc.ids[r]),
    count: keep.length,
    source: pick(rc.source, (m) => new Int32Array(m)),
    grades: pick(rc.grades, (m) => new Float64Array(m)),
    relevant: pick(rc.relevant, (m) => new Uint8Array(m)),
    judged: pick(rc.judged, (m) => new Uint8Array(m)),
    tieStart: null,
    tieEnd: null,
    creditRank,
    unlabeled: null,
  };
}
