/**
 * Knobs for definitions found in libraries' own evaluation code, each with a worked example computed
 * from that code (file and line in docs/guide/conventions.md): LensKit's Recall, AP and NDCG
 * discount, BEIR's R_cap, LightFM's ranks of tied items, trec_eval -J.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listLabels, listPredictions, scoredPredictions, gradedLabels } from '../helpers/caseBuilders';
import { PRESETS, resolveConvention } from '../../shared/core/conventions';
import { evaluateCases, explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { assertClose } from '../helpers/printed';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const under = (preset: string, overrides: Record<string, unknown> = {}) => resolveConvention(preset, overrides).resolved;

describe('the lenskit preset (lkpy src/lenskit/metrics/ranking/)', () => {
  // recs [a, x, b], test items {a, b, c, d}.
  const user = { labels: listLabels(['a', 'b', 'c', 'd']), predictions: listPredictions(['a', 'x', 'b']) };

  it('Precision ÷ len(recs) after the cut, Recall ÷ min(|test|, k), AveragePrecision ÷ min(|test|, len(recs))', () => {
    const ev = evaluateCases([user], specs('P@2', 'P@5', 'R@2', 'R@5', 'AP@2', 'AP@3', 'AP@5'), under('lenskit'));
    const [p2, p5, r2, r5, ap2, ap3, ap5] = ev.cases[0].values;
    assertClose(p2, 1 / 2);
    // Only three recommendations: P@5 = 2/3, not 2/5.
    assertClose(p5, 2 / 3);
    // R@2 = 1 / min(4, 2); R@5 = 2 / min(4, 5).
    assertClose(r2, 1 / 2);
    assertClose(r5, 2 / 4);
    // AP@2: sum_good[good] / ranks[good] = 1/1, ÷ min(4, 2) = 0.5. AP@3 and AP@5: (1/1 + 2/3) ÷ min(4, 3).
    assertClose(ap2, 1 / 2);
    assertClose(ap3, (1 + 2 / 3) / 3);
    assertClose(ap5, (1 + 2 / 3) / 3);
  });

  it('NDCG weighs rank i by 1/log2(max(i, 2)): ranks 1 and 2 both weigh 1', () => {
    const ev = evaluateCases([user], specs('nDCG@3', 'DCG@3'), under('lenskit'));
    // DCG = 1/1 + 0 + 1/log2(3); the ideal has min(4, 3) = 3 items: 1 + 1 + 1/log2(3).
    const dcg = 1 + 1 / Math.log2(3);
    assertClose(ev.cases[0].values[1], dcg);
    assertClose(ev.cases[0].values[0], dcg / (2 + 1 / Math.log2(3)));
    const ex = explainCase(user, specs('DCG@3')[0], PRESETS.lenskit);
    assert.deepEqual(
      ex.terms.map((t) => t.discount),
      [1, 1, 1 / Math.log2(3)],
    );
  });

  it('gives NaN for a user with an empty test list', () => {
    const ev = evaluateCases([{ labels: [], predictions: listPredictions(['a']) }], specs('nDCG@3', 'R@3'), under('lenskit'));
    assert.ok(ev.cases[0].values.every(Number.isNaN));
  });
});

describe('recallDenominator: min-k-relevant (BEIR custom_metrics.recall_cap)', () => {
  it('divides by min(|relevant|, k): 1 of 3 relevant in the top 2 is R_cap@2 = 1/2, R@2 = 1/3', () => {
    const query = { labels: gradedLabels({ a: 1, b: 2, c: 1 }), predictions: scoredPredictions({ a: 0.9, x: 0.8, b: 0.7 }) };
    const capped = evaluateCases([query], specs('R@2', 'R@3', 'F1@2'), under('trec_eval', { recallDenominator: 'min-k-relevant' }));
    assertClose(capped.cases[0].values[0], 1 / 2);
    assertClose(capped.cases[0].values[1], 2 / 3);
    // F1@2 combines P@2 = 1/2 with the capped R@2 = 1/2.
    assertClose(capped.cases[0].values[2], 1 / 2);
    const plain = evaluateCases([query], specs('R@2'), under('trec_eval'));
    assertClose(plain.cases[0].values[0], 1 / 3);
    const ex = explainCase(
      query,
      specs('R@2')[0],
      resolveConvention('trec_eval', { recallDenominator: 'min-k-relevant' }).resolved.convention,
    );
    assert.equal(ex.arithmetic, '1 / 2 = 0.500');
    assert.equal(ex.formula, 'R@k = |relevant ∩ top k| / min(k, |relevant|)');
  });
});

describe('ties: pessimistic (LightFM predict_ranks counts every other item scored ≥ as ranked above)', () => {
  // LightFM: rank(r) = #{other items with prediction ≥ 0.5} = 2 (top and n), 0-based; precision_at_k
  // counts ranks < k, so P@2 = 0 where the order written gives 1/2.
  const user = { labels: listLabels(['r']), predictions: scoredPredictions({ top: 0.9, r: 0.5, n: 0.5 }) };

  it('puts a relevant item after the items it ties with', () => {
    assertClose(evaluateCases([user], specs('P@2'), under('default', { ties: 'pessimistic' })).cases[0].values[0], 0);
    assertClose(evaluateCases([user], specs('P@2'), under('default')).cases[0].values[0], 1 / 2);
    assertClose(evaluateCases([user], specs('RR'), under('default', { ties: 'pessimistic' })).cases[0].values[0], 1 / 3);
  });
});

describe('unjudged: drop (trec_eval -J, form_trvec skips documents not in the qrels)', () => {
  it('drops unlabeled predictions before ranking; judged non-relevant ones stay', () => {
    // b is judged non-relevant (grade 0), x and y are not in the qrels at all.
    const query = { labels: gradedLabels({ a: 1, b: 0 }), predictions: listPredictions(['x', 'b', 'y', 'a']) };
    const dropped = evaluateCases([query], specs('P@2', 'RR', 'AP'), under('trec_eval', { unjudged: 'drop' }));
    // Ranking [b, a]: P@2 = 1/2, RR = 1/2, AP = (1/2) / 1.
    assert.deepEqual(dropped.cases[0].values, [0.5, 0.5, 0.5]);
    const kept = evaluateCases([query], specs('P@2', 'RR', 'AP'), under('trec_eval'));
    assert.deepEqual(kept.cases[0].values, [0, 0.25, 0.25]);
  });
});

describe('the recommenders preset (recommenders/evaluation/python_evaluation.py)', () => {
  // rating_true: u1 → {a, b, c}; rating_pred: a 0.9, x 0.8, b 0.7, y 0.6.
  const user = { labels: listLabels(['a', 'b', 'c']), predictions: scoredPredictions({ a: 0.9, x: 0.8, b: 0.7, y: 0.6 }) };

  it('precision_at_k ÷ k, recall_at_k ÷ actual, map_at_k ÷ min(actual, k), ndcg_at_k binary over ln', () => {
    const ev = evaluateCases([user], specs('P@3', 'R@3', 'AP@2', 'AP@3', 'nDCG@3'), under('recommenders'));
    const [p3, r3, ap2, ap3, ndcg3] = ev.cases[0].values;
    assertClose(p3, 2 / 3);
    assertClose(r3, 2 / 3);
    // rr = Σ (hit count / rank) over the hits: 1/1 at k = 2, 1/1 + 2/3 at k = 3; ÷ min(3, k).
    assertClose(ap2, 1 / 2);
    assertClose(ap3, (1 + 2 / 3) / 3);
    // dcg = 1/ln(2) + 1/ln(4); idcg = 1/ln(2) + 1/ln(3) + 1/ln(4).
    assertClose(ndcg3, (1 / Math.log(2) + 1 / Math.log(4)) / (1 / Math.log(2) + 1 / Math.log(3) + 1 / Math.log(4)));
  });
});

describe('apTerms: every-rank (Elliot elliot/evaluation/metrics/accuracy/map/map.py, MAP.__user_ap)', () => {
  // np.average of __user_precision(recs[:cutoff], n + 1, relevant) for n in range(cutoff): P@1…P@cutoff.
  const user = { labels: listLabels(['a', 'b']), predictions: listPredictions(['a', 'x', 'b']) };
  const elliot = under('default', { apTerms: 'every-rank' });

  it('averages P@1…P@k over every rank, past the end of the list too', () => {
    const ev = evaluateCases([user], specs('AP@3', 'AP@5'), elliot);
    // (1/1 + 1/2 + 2/3) / 3 = 0.7222; at 5 the list has 3 items: (1 + 1/2 + 2/3 + 2/4 + 2/5) / 5 = 0.6133.
    assertClose(ev.cases[0].values[0], (1 + 1 / 2 + 2 / 3) / 3);
    assertClose(ev.cases[0].values[1], (1 + 1 / 2 + 2 / 3 + 2 / 4 + 2 / 5) / 5);
    // Average precision over the hits would be (1 + 2/3) / 2 = 0.8333.
    assertClose(evaluateCases([user], specs('AP@3'), under('default')).cases[0].values[0], (1 + 2 / 3) / 2);
    const ex = explainCase(user, specs('AP@3')[0], elliot.convention);
    assert.equal(ex.arithmetic, '(1/1 + 1/2 + 2/3) / 3 = 0.722');
  });
});

describe('emptyPredictions: nan (trec_eval without -c averages over the queries in the run)', () => {
  it('leaves a case with no predictions out of the means, and says so in its explanation', () => {
    const cases = [
      { labels: listLabels(['a']), predictions: listPredictions(['a']) },
      { labels: listLabels(['b']), predictions: [] },
    ];
    const left = evaluateCases(cases, specs('P@1', 'AP'), under('trec_eval', { emptyPredictions: 'nan' }));
    assert.ok(left.cases[1].values.every(Number.isNaN));
    assert.deepEqual(
      [left.mean, left.excluded],
      [
        [1, 1],
        [1, 1],
      ],
    );
    const counted = evaluateCases(cases, specs('P@1', 'AP'), under('trec_eval'));
    assert.deepEqual(
      [counted.cases[1].values, counted.mean],
      [
        [0, 0],
        [0.5, 0.5],
      ],
    );
    const ex = explainCase(cases[1], specs('AP')[0], resolveConvention('trec_eval', { emptyPredictions: 'nan' }).resolved.convention);
    assert.deepEqual(
      [ex.knobs[0].knob, ex.note],
      ['emptyPredictions', 'no predictions: NaN, left out of the means (emptyPredictions=nan)'],
    );
  });
});
