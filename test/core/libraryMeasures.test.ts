/**
 * The measures of the RAG and recommender libraries Ranklens lacked: LlamaIndex's granular MRR, Cornac's
 * NCRR and BEIR's and MTEB's Hole@k, with the values of the libraries' own tests (repository, file, commit and
 * lines cited) and, where a library publishes none, values hand-worked from the cited lines (said so).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listLabels, listPredictions } from '../helpers/caseBuilders';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase, explainCase } from '../../shared/core/evaluate';
import { parseMetricName, parseMetricSpec } from '../../shared/core/metricNames';
import { CaseInput } from '../../shared/core/caseInput';

const value = (input: CaseInput, name: string, conv = PRESETS.trec_eval) =>
  Number(evaluateCase(input, [parseMetricSpec(name).spec!], conv).values[0].toFixed(6));
const ids = (n: number[]) => n.map((i) => `id${i}`);
const llama = (expected: number[], retrieved: number[]): CaseInput => ({
  labels: listLabels(ids(expected)),
  predictions: listPredictions(ids(retrieved)),
});
// Cornac numbers items 0..n−1; gt_pos lists the positives, pd_rank the ranking.
const cornac = (gtPos: number[], pdRank: number[]): CaseInput => ({
  labels: listLabels(gtPos.map(String)),
  predictions: listPredictions(pdRank.map(String)),
});

describe("GranularRR (LlamaIndex's MRR with use_granular_mrr=True)", () => {
  // run-llama/llama_index llama-index-core/tests/evaluation/test_metrics.py (0f3f9582) l.34-60, test_mrr: the
  // use_granular=True cases at l.41-53. The fourth value (no hit → 0) is hand-worked from MRR.compute's granular
  // branch in llama-index-core/llama_index/core/evaluation/retrieval/metrics.py (`reciprocal_rank_sum /
  // relevant_docs_count if relevant_docs_count > 0 else 0.0`); the test's own no-hit case (l.39) is not granular.
  it('test_mrr: (1/1 + 1/2 + 1/3) / 3, (1/1 + 1/2) / 2, (1/1 + 1/4) / 2', () => {
    assert.equal(value(llama([1, 2, 3], [3, 1, 2, 4]), 'GranularRR'), 0.611111);
    assert.equal(value(llama([1, 2, 3, 4], [1, 2, 5]), 'GranularRR'), 0.75);
    assert.equal(value(llama([1, 2], [1, 7, 15, 2]), 'GranularRR'), 0.625);
    assert.equal(value(llama([1, 2], [3, 4]), 'GranularRR'), 0);
  });
  it('at a cutoff, only the hits in the top k: GranularRR@2 of id1 id7 id15 id2 is 1/1', () => {
    assert.equal(value(llama([1, 2], [1, 7, 15, 2]), 'GranularRR@2'), 1);
  });
  it('answers to the names people write for it, and explains each hit', () => {
    for (const name of ['mrr_granular', 'granular_mrr@10', 'use_granular_mrr'])
      assert.equal((parseMetricName(name) as { family: string }).family, 'GranularRR');
    const ex = explainCase(llama([1, 2], [1, 7, 15, 2]), parseMetricSpec('GranularRR').spec!, PRESETS.trec_eval);
    assert.equal(ex.arithmetic, '(1/1 + 1/4) / 2 = 0.625');
  });
});

describe("NCRR (Cornac's normalized cumulative reciprocal rank)", () => {
  // PreferredAI/cornac tests/cornac/metrics/test_ranking.py (4db147de) l.71-105, test_ncrr: NCRR() at l.77, l.81,
  // l.85; NCRR(k=2) at l.92, l.96, l.100; NCRR(k=3) at l.105.
  it('NCRR(): 1, 1, and (1/3 + 1/2) / (1 + 1/2)', () => {
    assert.equal(value(cornac([0], [0]), 'NCRR'), 1);
    assert.equal(value(cornac([0, 2], [0, 2, 1]), 'NCRR'), 1);
    assert.equal(value(cornac([0, 2], [1, 2, 0]), 'NCRR'), Number(((1 / 3 + 1 / 2) / (1 + 1 / 2)).toFixed(6)));
  });
  it('NCRR(k=2): 0.5, 0 with no hit in the top 2, 1/3 (ideal 1 + 1/2 over min(3, 2) items); NCRR(k=3): 1/3', () => {
    assert.equal(value(cornac([2], [1, 2, 0]), 'NCRR@2'), 0.5);
    assert.equal(value(cornac([2], [4, 1, 2]), 'NCRR@2'), 0);
    assert.equal(value(cornac([0, 1, 2], [5, 1, 6]), 'NCRR@2'), 0.333333);
    assert.equal(value(cornac([0, 1], [5, 1, 6, 8]), 'NCRR@3'), 0.333333);
  });
  it('explains the ideal it divides by', () => {
    const ex = explainCase(cornac([0, 1, 2], [5, 1, 6]), parseMetricSpec('NCRR@2').spec!, PRESETS.trec_eval);
    assert.equal(ex.arithmetic, '(1/2) / (1/1 + 1/2) = 0.500 / 1.500 = 0.333');
  });
});

describe("Hole@k (BEIR's and MTEB's custom metric)", () => {
  // beir-cellar/beir beir/retrieval/custom_metrics.py (ef83d293) l.65-91, hole(): annotated_corpus = every doc_id
  // of every query's qrels (l.75-78); Hole@k += len([d for d in top_hits[0:k] if d not in annotated_corpus]) / k
  // (l.86-87), summed over the queries and divided by len(qrels) (l.90); embeddings-benchmark/mteb
  // mteb/_evaluators/retrieval_metrics.py (a905523d) l.86-108 appends the same per-query value. Neither library's
  // tests publish Hole@k numbers: the values below are hand-worked from those lines.
  const Q: CaseInput = { labels: listLabels(['a']), predictions: listPredictions(['a', 'x', 'b', 'y']) };
  it("alone, a case's own labels are its judged ids: x, b and y are holes in the top 4, 2 of the top 3", () => {
    assert.equal(value(Q, 'Hole@4'), 0.75);
    assert.equal(value(Q, 'Hole@3'), 0.666667);
    assert.equal(value(Q, 'Hole@10'), 0.3, 'three holes over k = 10, as BEIR divides by k');
  });
  it('with the annotated pool of the evaluation, b (judged for another query) is no hole: 1/3 at k = 3', () => {
    const spec = { ...parseMetricSpec('Hole@3').spec!, annotated: new Set(['a', 'b']) };
    assert.equal(evaluateCase(Q, [spec], PRESETS.trec_eval).values[0], 1 / 3);
    assert.equal(explainCase(Q, spec, PRESETS.trec_eval).formula, 'Hole@k = |top k labeled in no case of the fixture| / k (BEIR, MTEB)');
  });
  it('needs no relevant label: a case with none still has its holes', () => {
    assert.equal(value({ labels: [], predictions: listPredictions(['x', 'y']) }, 'Hole@2'), 1);
  });
});
