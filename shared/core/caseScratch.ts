/**
 * The buffers an evaluation ranks and measures its cases in, one case at a time: the id table, the
 * ranking's typed arrays and their views, the slot arrays, the sort's buffers and the metrics'
 * memos. A case of 20 predictions needed a dozen typed arrays, each a malloc and a free, which cost
 * more than the metrics read from them; an evaluation pass makes one scratch and passes it to every
 * rankCase, rankSlotted and metricValue it calls, so the arrays are made once per pass.
 *
 * A ranking made in a scratch is a view of it: valid until the same scratch ranks again. Two
 * evaluations that interleave each own a scratch and cannot see each other's cases.
 */
import { IdTable } from './idTable';
import { MetricScratch } from './metrics/metricScratch';
import { RadixScratch, radixScratch } from './sortIndices';

/** Typed arrays of one length for ranking a case (see ranking.ts for what each holds). */
export interface RankArrays {
  predSlot: Int32Array;
  gradeAt: Float64Array;
  keys: Float64Array;
  keyWork: Float64Array;
  needed: Uint8Array;
  order: Int32Array;
  source: Int32Array;
  grades: Float64Array;
  relevant: Uint8Array;
  judged: Uint8Array;
}

/** The first n entries of each array a ranking fills, sorts in or returns. */
export interface RankArrayViews {
  predSlot: Int32Array;
  gradeAt: Float64Array;
  keys: Float64Array;
  needed: Uint8Array;
  order: Int32Array;
  source: Int32Array;
  grades: Float64Array;
  relevant: Uint8Array;
  judged: Uint8Array;
}

/** Buffers for ranking and measuring one case at a time (see above); make one with caseScratch(). */
export interface CaseScratch extends MetricScratch {
  /** Item id → slot for the case being ranked. */
  ids: IdTable;
  /** The ranking's arrays, grown to the longest case. */
  arrays: RankArrays;
  /**
   * Views of `arrays` by length, made once: cases mostly have as many predictions as the last one,
   * and a subarray is an object and a builtin call each (nine a case). Emptied when arrays grow.
   */
  views: RankArrayViews[];
  /** The label index of each slot of the id table (−1: unlabeled), valid for the slots the current case wrote. */
  slotLabel: Int32Array;
  /**
   * Per slot: the ranking that last ranked an occurrence of the item (a stamp, keptStamp at the
   * time, so that no array is cleared between cases).
   */
  slotKept: Int32Array;
  keptStamp: number;
  /** The radix sort's buffers. */
  radix: RadixScratch;
}

/** Typed arrays of length n for one ranking. */
export function rankArrays(n: number): RankArrays {
  return {
    predSlot: new Int32Array(n),
    gradeAt: new Float64Array(n),
    keys: new Float64Array(n),
    keyWork: new Float64Array(n),
    needed: new Uint8Array(n),
    order: new Int32Array(n),
    source: new Int32Array(n),
    grades: new Float64Array(n),
    relevant: new Uint8Array(n),
    judged: new Uint8Array(n),
  };
}

/** A new, empty scratch: its buffers grow to the largest case ranked in it. */
export function caseScratch(): CaseScratch {
  return {
    ids: new IdTable(),
    arrays: rankArrays(0),
    views: [],
    slotLabel: new Int32Array(0),
    slotKept: new Int32Array(0),
    keptStamp: 0,
    radix: radixScratch(),
    gains: new Float64Array(64),
    ideal: undefined,
    elevenLevels: undefined,
  };
}
