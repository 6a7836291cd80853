/**
 * The qrels and run the TREC document tests share, with trec_eval's values for them: the TREC text
 * (trecDocuments.test.ts) and the same rows in TSV, CSV and JSON lines (trecTableDocuments.test.ts).
 */

export const QRELS = `q1 0 d1 2
q1 0 d2 1
q1 0 d3 0
q1 0 d4 1
q2 0 d1 1
q2 0 d5 1
q2 0 d6 0
q3 0 d9 1
`;

// q1 ranks d3 (grade 0), d1 (2), then d7 (unjudged) and d2 (1), tied at 7.0: trec_eval breaks the tie
// by docid descending, d7 before d2. q2 ranks d5 (1), d8 (unjudged), d6 (0), d1 (1). q3 is judged but
// has no line.
export const RUN = `q1 Q0 d3 1 9.5 bm25
q1 Q0 d1 2 8.0 bm25
q1 Q0 d7 3 7.0 bm25
q1 Q0 d2 4 7.0 bm25
q2 Q0 d5 1 3.0 bm25
q2 Q0 d8 2 2.5 bm25
q2 Q0 d6 3 2.0 bm25
q2 Q0 d1 4 1.0 bm25
`;

// /tmp/trec_eval -q -m ndcg_cut.10 -m map_cut.10 -m P.1 -m recall.1 dev.qrels bm25.run (trec_eval 10.0-rc3):
//   q1: ndcg_cut_10 0.5406 map_cut_10 0.3333 P_1 0.0000 recall_1 0.0000
//   q2: ndcg_cut_10 0.8772 map_cut_10 0.7500 P_1 1.0000 recall_1 0.5000
// (then it stops: "result qid 'q3' not found", which the editor reports as query-not-in-run).
// The lenses show three decimals: the default headline of cutoffs 1, 3, 5, 10 is nDCG@10, AP@10, P@1, R@1.
export const Q1_LENS = 'nDCG@10 0.541 · AP@10 0.333 · P@1 0.000 · R@1 0.000';
export const Q2_LENS = 'nDCG@10 0.877 · AP@10 0.750 · P@1 1.000 · R@1 0.500';

export const titles = (lenses: { range: { start: { line: number } }; command?: { title: string } }[]) =>
  lenses.map((l) => `${l.range.start.line}: ${l.command?.title}`);

/** The file lens over q1 and q2: nDCG@10 (0.5406 + 0.8772) / 2 = 0.7089, AP@10 (0.3333 + 0.75) / 2 = 0.5417. */
export const FILE_LENS = 'trec_eval (built-in) · mean of 2: nDCG@10 0.709 · AP@10 0.542 · P@1 0.500 · R@1 0.250';
