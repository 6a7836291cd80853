/**
 * The convention-dependent finding (evaluateCase with compare): how many values depend on the convention,
 * the first three shown with every preset's value, then "…". Seed 000's user 2: labels 2, 4, 6, ranking
 * 1 2 3 4 5, so hits at ranks 2 and 4. AP@5: 1/2 · (1/2 + 2/4) = 0.5 over the 2 hits (seed000), 0.333 over
 * the 3 labels (trec_eval). nDCG@3: DCG = 1/log₂3 = 0.631; the ideal of the top 3 predicted holds one hit
 * (IDCG 1, seed000: 0.631) or the 3 labels (IDCG 1 + 0.631 + 0.5 = 2.131, trec_eval: 0.296).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { listLabels, listPredictions } from '../helpers/caseBuilders';

const USER2 = { labels: listLabels([2, 4, 6]), predictions: listPredictions([1, 2, 3, 4, 5]) };
const compared = (...names: string[]) =>
  evaluateCase(
    USER2,
    names.map((n) => parseMetricSpec(n).spec!),
    PRESETS.seed000,
    { compare: true },
  ).findings.map((f) => f.message);

const AP5 =
  'AP@5: trec_eval 0.333, seed000 0.500, ranx 0.333, mllib 0.333, sklearn 0.500, torchmetrics 0.500, seed003 0.500, lenskit 0.333, recommenders 0.333';
const NDCG3 =
  'nDCG@3: trec_eval 0.296, seed000 0.631, ranx 0.296, mllib 0.296, sklearn 0.387, torchmetrics 0.387, seed003 0.296, lenskit 0.380, recommenders 0.296';
const NDCG5 =
  'nDCG@5: trec_eval 0.498, seed000 0.651, ranx 0.498, mllib 0.498, sklearn 0.651, torchmetrics 0.651, seed003 0.498, lenskit 0.570, recommenders 0.498';

describe('values that depend on the convention', () => {
  it('two: "2 values depend", each with every preset\'s value', () => {
    assert.deepEqual(compared('P@5', 'AP@5', 'nDCG@3'), [`2 values depend on the convention. ${AP5}. ${NDCG3}.`]);
  });
  it('three are all shown; a fourth is "…"', () => {
    assert.deepEqual(compared('AP@5', 'nDCG@3', 'nDCG@5'), [`3 values depend on the convention. ${AP5}. ${NDCG3}. ${NDCG5}.`]);
    assert.deepEqual(compared('AP@5', 'nDCG@3', 'nDCG@5', 'AP@3'), [`4 values depend on the convention. ${AP5}. ${NDCG3}. ${NDCG5}. …`]);
  });
  it('none when every preset agrees (P@5 = 2/5 under all), and none unless asked', () => {
    assert.deepEqual(compared('P@5'), []);
    assert.deepEqual(evaluateCase(USER2, [parseMetricSpec('AP@5').spec!], PRESETS.seed000).findings, []);
  });
});
