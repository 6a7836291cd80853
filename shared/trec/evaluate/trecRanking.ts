/**
 * One TREC query ranked from its columns: its judged docids and its lines' docids numbered in one
 * small table (DocidTable), so that a line's number finds its grade in an array, and its scores in a
 * typed array. The same ranking rankCase(trecCase(…)) gives for the same lines (test/trec/trecFast.test.ts
 * checks it on random queries), without a prediction or label object, or a hash table of strings,
 * per query; the only strings are the judged ids and one string per query, from which the ranked
 * case cuts an id only when it is read (a tie, an explanation): most evaluations read none.
 */
import { CaseScratch, caseScratch } from '../../core/caseScratch';
import { Convention } from '../../core/conventions';
import { RankedCase, rankCase, rankSlotted } from '../../core/ranking';
import { latin1 } from '../read/byteText';
import { DocidTable } from '../read/docidTable';
import { QrelsTable } from '../read/qrelsTable';
import { RunBlock, runQuery } from '../read/runReader';
import { inTrecEvalOrder } from './trecEvalOrder';
import { trecCase } from './trecCase';

/**
 * What ranking a block uses and keeps nothing of after: the table numbering its docids, each
 * prediction's docid number and grade (read by rankSlotted while it ranks), and the core's buffers
 * that a ranking read at once and dropped is a view of (with the metrics' memos). One per evaluator
 * (one per thread), passed to every rankRunBlock, so that two evaluations never share it unseen.
 */
export interface RankingScratch {
  docids: DocidTable;
  slots: Int32Array;
  grades: Float64Array;
  ranking: CaseScratch;
}

/** Scratch for rankRunBlock, sized for queries of about a thousand lines (it grows for longer ones). */
export function rankingScratch(): RankingScratch {
  return { docids: new DocidTable(), slots: new Int32Array(1024), grades: new Float64Array(1024), ranking: caseScratch() };
}

/**
 * Ranks a block of run lines of query `query` (a number of the qrels, −1 for none) under a
 * convention, in `scratch`; asTrecEval: a NaN score ranks as trec_eval's sort leaves it (see
 * inTrecEvalOrder); inScratch: the ranking is read before the next one is made, so it may be a view of
 * scratch.ranking, valid until that scratch ranks again (see RankOptions.scratch); otherwise it is fresh.
 */
export function rankRunBlock(
  block: RunBlock,
  qrels: QrelsTable,
  query: number,
  conv: Convention,
  asTrecEval: boolean,
  scratch: RankingScratch,
  inScratch = false,
): RankedCase {
  const n = block.count;
  let nan = false;
  for (let i = 0; i < n && !nan; i++) nan = Number.isNaN(block.scores[i]);
  if (n === 0 || (nan && asTrecEval)) {
    // Rare: an empty ranking, or NaN scores replayed through glibc's merge sort, on strings.
    const q = runQuery(block);
    const labels = query >= 0 ? qrels.query(qrels.qids[query]) : undefined;
    const input = trecCase(labels, asTrecEval ? inTrecEvalOrder(q.predictions) : q.predictions);
    return rankCase({ ...input, id: block.qid }, conv, {
      scratch: inScratch ? scratch.ranking : undefined,
    });
  }
  const first = query >= 0 ? qrels.start[query] : 0;
  const last = query >= 0 ? qrels.start[query + 1] : 0;
  const slots = scratch.docids;
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
  if (n > scratch.slots.length) {
    scratch.slots = new Int32Array(2 * n);
    scratch.grades = new Float64Array(2 * n);
  }
  const slotOf = scratch.slots;
  const grades = scratch.grades;
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
  return rankSlotted(
    {
      ids,
      slots: slotOf.subarray(0, n),
      slotCount: slots.count,
      grades: grades.subarray(0, n),
      keys,
      labelIds,
      labelGrades,
      caseId: block.qid,
    },
    conv,
    undefined,
    inScratch ? scratch.ranking : undefined,
  );
}
