/**
 * Turns a case into the ranked list every metric reads: predictions ordered (scores, ties and
 * duplicates per the convention), each rank with its grade and relevance, plus the counts the
 * denominators need. Built once per case and convention; metrics only read it.
 */
import { CaseInput } from './caseInput';
import { Convention, isRelevantGrade } from './conventions';

export interface RankedCase {
  /** Item id at each rank (index 0 is rank 1). */
  ids: string[];
  /** Index into the case's predictions for each rank. */
  source: number[];
  /** The item's grade at each rank: its label grade, 0 when unlabeled or not finite. */
  grades: Float64Array;
  /** 1 where the item at that rank is relevant. */
  relevant: Uint8Array;
  /** Number of relevant items (R), counted in the convention's relevant pool. */
  nRelevant: number;
  /** Label ids and grades (finite grades only, first occurrence of each id), in the order written. */
  labelIds: string[];
  labelGrades: number[];
  /** For scored predictions under ties=average: the end (exclusive) of the tied group each rank belongs to. */
  tieEnd: Int32Array | null;
  /** For each rank, the start of its tied group (same condition as tieEnd). */
  tieStart: Int32Array | null;
  /** The case predicts an item twice and the convention refuses duplicates. */
  rejected: boolean;
}

/** Ranks a case's predictions under a convention. */
export function rankCase(input: CaseInput, conv: Convention): RankedCase {
  const gradeOf = new Map<string, number>();
  const labelIds: string[] = [];
  const labelGrades: number[] = [];
  for (const label of input.labels) {
    if (gradeOf.has(label.id) || !Number.isFinite(label.grade)) continue;
    gradeOf.set(label.id, label.grade);
    labelIds.push(label.id);
    labelGrades.push(label.grade);
  }

  const order = orderPredictions(input, conv);
  let rejected = false;
  let kept = order;
  if (conv.duplicates !== 'count') {
    const seen = new Set<string>();
    kept = [];
    for (const i of order) {
      const id = input.predictions[i].id;
      if (seen.has(id)) {
        if (conv.duplicates === 'error') rejected = true;
        continue;
      }
      seen.add(id);
      kept.push(i);
    }
  }

  const n = kept.length;
  const ids = new Array<string>(n);
  const grades = new Float64Array(n);
  const relevant = new Uint8Array(n);
  let relevantPredicted = 0;
  const countedPredicted = new Set<string>();
  for (let r = 0; r < n; r++) {
    const id = input.predictions[kept[r]].id;
    ids[r] = id;
    const g = gradeOf.get(id);
    if (g !== undefined) {
      grades[r] = g;
      if (isRelevantGrade(g, conv.relevanceThreshold)) {
        relevant[r] = 1;
        if (!countedPredicted.has(id)) { countedPredicted.add(id); relevantPredicted++; }
      }
    }
  }

  let nRelevant = relevantPredicted;
  if (conv.relevantPool === 'labels') {
    nRelevant = 0;
    for (const g of gradeOf.values()) if (isRelevantGrade(g, conv.relevanceThreshold)) nRelevant++;
  }

  let tieStart: Int32Array | null = null;
  let tieEnd: Int32Array | null = null;
  if (conv.ties === 'average' && hasScores(input)) {
    tieStart = new Int32Array(n);
    tieEnd = new Int32Array(n);
    let start = 0;
    for (let r = 1; r <= n; r++) {
      if (r === n || scoreKey(input.predictions[kept[r]].score) !== scoreKey(input.predictions[kept[start]].score)) {
        for (let j = start; j < r; j++) { tieStart[j] = start; tieEnd[j] = r; }
        start = r;
      }
    }
  }

  return { ids, source: kept, grades, relevant, nRelevant, labelIds, labelGrades, tieStart, tieEnd, rejected };
}

/** Whether every prediction of the case carries a score (predictions written as item → score). */
export function hasScores(input: CaseInput): boolean {
  return input.predictions.length > 0 && input.predictions.every((p) => p.score !== undefined);
}

// NaN sorts last, as -Infinity: a score that is not a number says nothing about rank.
function scoreKey(score: number | undefined): number {
  return score === undefined || Number.isNaN(score) ? -Infinity : score;
}

/** Indices of the predictions in ranked order. */
function orderPredictions(input: CaseInput, conv: Convention): number[] {
  const preds = input.predictions;
  const order = preds.map((_, i) => i);
  if (!hasScores(input)) return order;
  const byId = conv.ties === 'id-desc' ? -1 : conv.ties === 'id-asc' ? 1 : 0;
  // Array.prototype.sort is stable, so equal keys keep input order.
  return order.sort((a, b) => {
    const d = scoreKey(preds[b].score) - scoreKey(preds[a].score);
    if (d !== 0 && !Number.isNaN(d)) return d;
    if (byId === 0) return 0;
    return byId * compareText(preds[a].id, preds[b].id);
  });
}

/** Compares ids as strcmp does on their UTF-8 bytes (trec_eval's order); UTF-16 order differs only above U+FFFF. */
export function compareText(a: string, b: string): number {
  return a < b ? -1 : a > b ? 1 : 0;
}
