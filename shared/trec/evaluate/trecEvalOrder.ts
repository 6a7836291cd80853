/**
 * trec_eval ranks a query's documents with glibc's qsort (a merge sort) and a comparator under
 * which a NaN score ties with every score, docids then deciding. With a NaN the comparator is no
 * order at all, so the ranking is whatever that merge sort makes of it: replayed here step by step.
 */
import { Prediction } from '../../core/caseInput';
import { compareText } from '../../core/ranking';

/**
 * The predictions as trec_eval ranks them when some score is NaN, rescored n, n − 1, …, 1 so that
 * any ranking by score keeps that order; otherwise the predictions unchanged (scores order them).
 */
export function inTrecEvalOrder(predictions: readonly Prediction[]): readonly Prediction[] {
  if (!predictions.some((p) => Number.isNaN(p.score))) return predictions;
  // trec_eval reads the run's lines sorted by query and docid: that is the order its ranking sort starts from.
  const order = Array.from(predictions, (_, i) => i);
  mergeSort(order, 0, order.length, new Array<number>(order.length), (a, b) => compareText(predictions[a].id, predictions[b].id));
  mergeSort(order, 0, order.length, new Array<number>(order.length), (a, b) => compareSimDocno(predictions[a], predictions[b]));
  return order.map((i, r) => ({ id: predictions[i].id, score: order.length - r }));
}

// form_res_rels.c's comp_sim_docno: higher score first, equal (or NaN) scores by docid descending.
function compareSimDocno(a: Prediction, b: Prediction): number {
  const x = a.score ?? 0;
  const y = b.score ?? 0;
  if (x > y) return -1;
  if (x < y) return 1;
  return compareText(b.id, a.id);
}

// glibc 2.x msort_with_tmp: halves of n/2 and n − n/2, the left element taken while cmp ≤ 0.
function mergeSort(b: number[], from: number, n: number, tmp: number[], cmp: (a: number, b: number) => number): void {
  if (n <= 1) return;
  let n1 = Math.floor(n / 2);
  let n2 = n - n1;
  mergeSort(b, from, n1, tmp, cmp);
  mergeSort(b, from + n1, n2, tmp, cmp);
  let i = from;
  let j = from + n1;
  let t = 0;
  while (n1 > 0 && n2 > 0) {
    if (cmp(b[i], b[j]) <= 0) {
      tmp[t++] = b[i++];
      n1--;
    } else {
      tmp[t++] = b[j++];
      n2--;
    }
  }
  while (n1 > 0) {
    tmp[t++] = b[i++];
    n1--;
  }
  for (let k = 0; k < t; k++) b[from + k] = tmp[k];
}
