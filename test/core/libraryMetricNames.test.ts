/**
 * Metric names as libraries print them: each is read as the metric its number is, and the names whose
 * word says something else (accuracy@k, top_k_categorical_accuracy, Haystack's recall, ann-benchmarks'
 * k-nn) carry the trap a library-metric-name finding names.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { libraryMetricName, metricName, parseMetricSpec } from '../../shared/core/metricNames';
import { findingAt } from '../helpers/fixtureText';

const as = (text: string) => {
  const { spec, message } = parseMetricSpec(text);
  return spec ? metricName(spec) : `error: ${message}`;
};

describe('metric names as libraries print them', () => {
  it('reads each as the metric its number is', () => {
    const read: [string, string][] = [
      // sentence-transformers InformationRetrievalEvaluator: {score function}_{metric}@k (test file l.86-94).
      ['accuracy@10', 'Success@10'],
      ['cosine_accuracy@1', 'Success@1'],
      ['dot_accuracy@3', 'Success@3'],
      ['cosine_precision@3', 'P@3'],
      ['cosine_recall@1', 'R@1'],
      ['cosine_ndcg@10', 'nDCG@10'],
      ['cosine_mrr@10', 'RR@10'],
      ['cosine_map@100', 'AP@100'],
      // BEIR custom_metrics.py: Accuracy@k, R_cap@k; evaluate_custom's "top_k_accuracy".
      ['Accuracy@5', 'Success@5'],
      ['top_k_accuracy@5', 'Success@5'],
      ['R_cap@100', 'R@100'],
      // MTEB's score keys (retrieval_metrics.py make_score_dict): ndcg_at_10, mrr_at_10, …
      ['ndcg_at_10', 'nDCG@10'],
      ['mrr_at_10', 'RR@10'],
      ['map_at_100', 'AP@100'],
      ['recall_at_1000', 'R@1000'],
      ['precision_at_5', 'P@5'],
      ['hit_rate_at_10', 'Success@10'],
      // TensorFlow Recommenders' FactorizedTopK (factorized_top_k.py:87).
      ['factorized_top_k/top_100_categorical_accuracy', 'Success@100'],
      ['top_5_categorical_accuracy', 'Success@5'],
      // Haystack's evaluators, with the cutoff written.
      ['document_recall@5', 'Success@5'],
      ['document_mrr', 'RR'],
      ['document_map', 'AP'],
      // ann-benchmarks' k-nn recall; Elasticsearch's and ragas' names.
      ['k-nn@10', 'P@10'],
      ['mean_reciprocal_rank@10', 'RR@10'],
      ['expected_reciprocal_rank@10', 'ERR@10'],
      ['id_based_context_precision@5', 'P@5'],
    ];
    for (const [text, metric] of read) assert.equal(as(text), metric, text);
  });

  it('names the trap where the word misleads, and none where it only spells a metric another way', () => {
    assert.match(libraryMetricName('accuracy@10')!.trap!, /hit rate/);
    assert.match(libraryMetricName('factorized_top_k/top_100_categorical_accuracy')!.trap!, /top 100/);
    assert.match(libraryMetricName('document_recall@5')!.trap!, /single_hit/);
    assert.match(libraryMetricName('k-nn@10')!.trap!, /P@k/);
    assert.match(libraryMetricName('R_cap@10')!.trap!, /min\(k, R\)/);
    assert.equal(libraryMetricName('ndcg_at_10')!.trap, undefined);
    assert.equal(libraryMetricName('cosine_ndcg@10')!.trap, undefined);
    assert.equal(libraryMetricName('nDCG@10'), undefined);
    assert.equal(libraryMetricName('P@5'), undefined);
    // Own keys only: no metric hides behind Object's properties.
    assert.equal(libraryMetricName('constructor'), undefined);
    assert.equal(libraryMetricName('cosine_constructor'), undefined);
    assert.equal(as('constructor_at_5'), 'error: Unknown metric "constructor_at_5".');
  });

  it('reports library-metric-name where a fixture writes accuracy@1, and computes Success@1', () => {
    const { start, finding } = findingAt('{"metrics": [⟦"accuracy@1"⟧], "cases": {}}', 'json', 'library-metric-name');
    assert.deepEqual(start, { line: 0, character: 13 });
    assert.equal(
      finding.message,
      '"accuracy@k" in sentence-transformers and BEIR is the hit rate: 1 when any relevant item is in the top k, else 0 (Success@k), not a share of correct items. Ranklens computes it as Success@1.',
    );
    assert.equal(finding.severity, 'warning');
    assert.deepEqual(finding.data, { replacement: 'Success@1' });
  });

  it('reports it on an expect key too (YAML)', () => {
    const { start } = findingAt(
      `k: [3]
metrics: [Success]
cases:
  u:
    labels: [a]
    predictions: [b, a]
    expect: { ⟦top_3_categorical_accuracy⟧: 1 }
`,
      'yaml',
      'library-metric-name',
    );
    assert.deepEqual(start, { line: 6, character: 14 });
  });
});
