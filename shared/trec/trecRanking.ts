/**
 * One TREC query ranked from its columns: its judged docids and its lines' docids numbered in one
 * small table (DocidSlots), so that a line's number finds its grade in an array, and its scores in a
 * typed array. The same ranking rankCase(trecCase(…)) gives for the same lines (trecRanking.test.ts
 * checks it on random queries), without a prediction or label object, or a hash table of strings,
 * per query; the only strings are the judged ids and one string per query, from which the ranked
 * case cuts an id only when it is read (a tie, an explanation): most evaluations read none.
 */
import { caseScratch } from '../core/caseScratch';
import { Convention } from '../core/conventions';
import { RankedCase, rankCase, rankSlotted } from '../core/ranking';
import { latin1 } from './byteText';
import { DocidSlots } from './docidSlots';
import { QrelsTable } from './qrelsTable';
import { RunBlock, runQuery } from './run';
import { inTrecEvalOrder } from './trecEvalOrder';
import { trecCase } from './trecCase';

const slots = new DocidSlots();
// The buffers of transient rankings (until this module's callers pass a scratch of their own).
const scratch = caseScratch();
// Each prediction's docid number and grade: read by rankSlotted while it ranks, kept by nothing
// after, so one pair of arrays serves every query.
let slotScratch = new Int32Array(1024);
let gradeScratch = new Float64Array(1024);

/**
 * Ranks a block of run lines of query `query` (a number of the qrels, −1 for none) under a
 * convention; asTrecEval: a NaN score ranks as trec_eval's sort leaves it (see inTrecEvalOrder);
 * transient: the ranking is read before the next one is made, so it may be a view of this module's scratch (see RankOptions.scratch).
 */
export function rankRunBlock(block: RunBlock, qrels: QrelsTable, query: number, conv: Convention, asTrecEval: boolean, transient = false): RankedCase {
  const n = block.count;
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(block.scores[i]);
  if (n === 0 || (nan && asTrecEval)) {
    // Rare: an empty ranking, or NaN scores replayed through glibc's merge sort, on strings.
    const q = runQuery(block);
    const labels = query >= 0 ? qrels.query(qrels.qids[query]) : undefined;
    return rankCase(trecCase(labels, asTrecEval ? inTrecEvalOrder(q.predictions) : q.predictions), conv, { scratch: transient ? scratch : undefined });
  }
  const first = query >= 0 ? qrels.start[query] : 0;
  const last = query >= 0 ? qrels.start[query + 1] : 0;
  slots.begin(last - first + n, qrels.docBytes, block.bytes);
  // The judged docids take numbers 0 … labels − 1, in the qrels' order (each docid once there).
  const labelIds: string[] = [];
  const labelGrades: number[] = [];
  if (last > first) {
    const base = qrels.docStart(first);
    const text = latin1(qrels.docBytes, base, qrels.docEnd[last - 1]);
    for (let j = first, from = base; j < last; j++) {
      const to = qrels.docEnd[j];
      const g = qrels.grades[j];
      if (Number.isFinite(g)) {
        slots.slot(0, from, to, qrels.docHash[j]);
        labelIds.push(text.slice(from - base, to - base));
        labelGrades.push(g);
      }
      from = to;
    }
  }
  const labels = labelGrades.length;
  if (n > slotScratch.length) {
    slotScratch = new Int32Array(2 * n);
    gradeScratch = new Float64Array(2 * n);
  }
  const slotOf = slotScratch;
  const grades = gradeScratch;
  const keys = new Float64Array(n);
  const bytes = block.bytes;
  // Ids are cut from the block's text only when read (ties, explanations): the block is reused
  // after, so the ranking keeps the text and a copy of where each id ends.
  const text = latin1(bytes, 0, block.docEnd[n - 1]);
  const ends = block.docEnd.slice(0, n);
  const ids = (i: number): string => text.slice(i === 0 ? 0 : ends[i - 1], ends[i]);
  for (let i = 0, from = 0; i < n; i++) {
    const to = block.docEnd[i];
    let s = slots.slot(1, from, to, block.docHash[i]);
    if (s < 0) s = -s - 1;
    slotOf[i] = s;
    grades[i] = s < labels ? labelGrades[s] : NaN;
    const score = block.scores[i];
    keys[i] = Number.isNaN(score) ? -Infinity : score; // NaN ranks last, as rankCase ranks it
    from = to;
  }
  return rankSlotted({ ids, slots: slotOf.subarray(0, n), slotCount: slots.count, grades: grades.subarray(0, n), keys, labelIds, labelGrades }, conv, undefined, transient ? scratch : undefined);
}
