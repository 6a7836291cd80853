/**
 * Each library preset against a published example of its library: the inputs and the expected values
 * of its own tests, docstrings or documentation, cited by file and line (the repository snapshots and
 * their commits are listed in PRESET_SOURCES and docs/guide/conventions.md). Where a library
 * publishes no example with numbers, the test says so and works one by hand from the code.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { PRESETS, PRESET_NAMES, findPreset, resolveConvention } from '../../shared/core/conventions';
import { evaluateCases } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { assertClose } from '../helpers/printed';

function evaluate(preset: string, cases: CaseInput[], names: string[], overrides: Record<string, unknown> = {}) {
  const { resolved, problems } = resolveConvention(preset, overrides);
  assert.deepEqual(problems, []);
  const ev = evaluateCases(
    cases,
    names.map((n) => parseMetricSpec(n).spec!),
    resolved,
  );
  const value = (c: number, name: string) => ev.cases[c].values[ev.names.indexOf(name)];
  const mean = (name: string) => ev.mean[ev.names.indexOf(name)];
  return { value, mean };
}

const log2 = Math.log2;

describe('library presets: names', () => {
  it('reads each library preset by the name its users write, - _ and case alike', () => {
    assert.equal(findPreset('sentence-transformers'), 'sentence-transformers');
    assert.equal(findPreset('Sentence_Transformers'), 'sentence-transformers');
    assert.equal(findPreset('TF-Ranking'), 'tf-ranking');
    assert.equal(findPreset('tensorflow_ranking'), 'tf-ranking');
    assert.equal(findPreset('ir-measures'), 'ir_measures');
    assert.equal(findPreset('llama_index'), 'llamaindex');
    assert.equal(findPreset('pytrec-eval'), 'pytrec_eval');
    assert.equal(findPreset('trec-eval'), 'trec_eval');
    assert.equal(findPreset('tfrs'), 'tfrs');
  });

  it('has a convention for every preset name', () => {
    for (const name of PRESET_NAMES) assert.ok(PRESETS[name], name);
  });
});

describe('sentence-transformers preset', () => {
  // tests/evaluation/test_information_retrieval_evaluator.py:65 (relevant docs) and :114-126
  // (expected values, `test_metrices`). The mock model one-hot encodes keywords, so cosine similarity
  // gives each query its own document 1, "vehicle" (query 3) doc 4 "A car is a vehicle" 1/√2, and
  // "car" (query 4) doc 4 1/√2; every other pair 0.
  const others = (own: string) => Object.fromEntries(['d0', 'd1', 'd2', 'd3', 'd4'].filter((d) => d !== own).map((d) => [d, 0]));
  const cases: CaseInput[] = [
    { labels: listLabels(['d0']), predictions: scoredPredictions({ d0: 1, ...others('d0') }) },
    { labels: listLabels(['d1']), predictions: scoredPredictions({ d1: 1, ...others('d1') }) },
    { labels: listLabels(['d2']), predictions: scoredPredictions({ d2: 1, ...others('d2') }) },
    { labels: listLabels(['d3', 'd4']), predictions: scoredPredictions({ d3: 1, d4: Math.SQRT1_2, d0: 0, d1: 0, d2: 0 }) },
    { labels: listLabels(['d4']), predictions: scoredPredictions({ d4: Math.SQRT1_2, ...others('d4') }) },
  ];

  it('reproduces test_metrices: accuracy@k is Success@k, precision@3 0.4, recall@1 0.9', () => {
    const r = evaluate('sentence-transformers', cases, ['Success@1', 'Success@3', 'P@1', 'P@3', 'R@1', 'R@3', 'nDCG@3', 'RR@3', 'AP@5']);
    const expected: Record<string, number> = {
      'Success@1': 1.0, // test_cosine_accuracy@1
      'Success@3': 1.0, // test_cosine_accuracy@3
      'P@1': 1.0,
      'P@3': 0.4, // "6 out of 15 (5 queries * 3) are True Positives"
      'R@1': 0.9, // "4 times a recall of 1 and once a recall of 0.5"
      'R@3': 1.0,
      'nDCG@3': 1.0,
      'RR@3': 1.0, // test_cosine_mrr@3
      'AP@5': 1.0, // test_cosine_map@5
    };
    for (const [name, v] of Object.entries(expected)) assertClose(r.mean(name), v, name);
  });

  it('divides MAP@k by min(k, relevant) (InformationRetrievalEvaluator.py:499), where trec_eval divides by every relevant', () => {
    // 3 relevant, one hit at rank 1 of k = 2: 1 / min(2, 3) = 0.5 here, 1 / 3 under trec_eval.
    const c: CaseInput[] = [{ labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a', 'x']) }];
    assertClose(evaluate('sentence-transformers', c, ['AP@2']).value(0, 'AP@2'), 0.5);
    assertClose(evaluate('trec_eval', c, ['AP@2']).value(0, 'AP@2'), 1 / 3);
  });
});

describe('recbole preset', () => {
  // tests/metrics/test_topk_metrics.py:26-34: pos_idx (hit or not at ranks 1..3) and pos_len (the
  // user's positives, some never ranked); :44-120 the expected values at k = 1, 2, 3.
  const rows = [
    { hits: [0, 0, 0], posLen: 1 },
    { hits: [1, 1, 1], posLen: 3 },
    { hits: [1, 0, 1], posLen: 4 },
    { hits: [0, 0, 1], posLen: 2 },
  ];
  const cases: CaseInput[] = rows.map((row, u) => {
    const ranked = row.hits.map((h, i) => (h ? `u${u}rel${i}` : `u${u}non${i}`));
    const relevant = ranked.filter((id) => id.includes('rel'));
    const unranked = Array.from({ length: row.posLen - relevant.length }, (_, i) => `u${u}unranked${i}`);
    return { labels: listLabels([...relevant, ...unranked]), predictions: listPredictions(ranked) };
  });
  const specs = [1, 2, 3].flatMap((k) => ['Success', 'nDCG', 'RR', 'AP', 'R', 'P'].map((f) => `${f}@${k}`));
  const expected: Record<string, number[][]> = {
    // test_hit
    Success: [
      [0, 0, 0],
      [1, 1, 1],
      [1, 1, 1],
      [0, 0, 1],
    ],
    // test_ndcg
    nDCG: [
      [0, 0, 0],
      [1, 1, 1],
      [1, 1 / log2(2) / (1 / log2(2) + 1 / log2(3)), (1 / log2(2) + 1 / log2(4)) / (1 / log2(2) + 1 / log2(3) + 1 / log2(4))],
      [0, 0, 1 / log2(4) / (1 / log2(2) + 1 / log2(3))],
    ],
    // test_mrr
    RR: [
      [0, 0, 0],
      [1, 1, 1],
      [1, 1, 1],
      [0, 0, 1 / 3],
    ],
    // test_map
    AP: [
      [0, 0, 0],
      [1, 1, 1],
      [1, 1 / 2, (1 / 3) * (1 / 1 + 2 / 3)],
      [0, 0, (1 / 3) * (1 / 2)],
    ],
    // test_recall
    R: [
      [0, 0, 0],
      [1 / 3, 2 / 3, 3 / 3],
      [1 / 4, 1 / 4, 2 / 4],
      [0, 0, 1 / 2],
    ],
    // test_precision
    P: [
      [0, 0, 0],
      [1 / 1, 2 / 2, 3 / 3],
      [1 / 1, 1 / 2, 2 / 3],
      [0, 0, 1 / 3],
    ],
  };

  it('reproduces every value of test_topk_metrics.py: hit, ndcg, mrr, map, recall, precision at k = 1, 2, 3', () => {
    const r = evaluate('recbole', cases, specs);
    for (const [family, byUser] of Object.entries(expected))
      byUser.forEach((values, u) =>
        values.forEach((v, i) => assertClose(r.value(u, `${family}@${i + 1}`), v, `${family}@${i + 1} user ${u}`)),
      );
  });
});

describe('tf-ranking preset', () => {
  // tensorflow_ranking/python/metrics_test.py:271-287 (test_make_precision_fn) and the NDCG test
  // after it: scores [[1, 3, 2], [1, 2, 3]], labels [[0, 0, 1], [0, 1, 2]]; _dcg(label, rank) is
  // (2^label − 1) / log2(rank + 1) (:28-32).
  const cases: CaseInput[] = [
    { labels: gradedLabels({ a: 0, b: 0, c: 1 }), predictions: scoredPredictions({ a: 1, b: 3, c: 2 }) },
    { labels: gradedLabels({ a: 0, b: 1, c: 2 }), predictions: scoredPredictions({ a: 1, b: 2, c: 3 }) },
  ];
  const dcg = (label: number, rank: number) => (2 ** label - 1) / log2(rank + 1);

  it('reproduces test_make_precision_fn: 1/3, P@1 0, P@2 1/2, mean (1/3 + 2/3)/2', () => {
    const r = evaluate('tf-ranking', cases, ['P@1', 'P@2', 'P@3']);
    assertClose(r.value(0, 'P@3'), 1 / 3);
    assertClose(r.value(0, 'P@1'), 0 / 1);
    assertClose(r.value(0, 'P@2'), 1 / 2);
    assertClose(r.mean('P@3'), (1 / 3 + 2 / 3) / 2);
  });

  it('reproduces test_normalized_discounted_cumulative_gain: (_dcg(1, 2)) / _dcg(1, 1), then 1.0, 2^l − 1 gains', () => {
    const r = evaluate('tf-ranking', cases, ['nDCG']);
    const first = (dcg(0, 1) + dcg(1, 2) + dcg(0, 3)) / (dcg(1, 1) + dcg(0, 2) + dcg(0, 3));
    assertClose(r.value(0, 'nDCG'), first);
    assertClose(r.value(1, 'nDCG'), 1.0);
    assertClose(r.mean('nDCG'), (first + 1.0) / 2);
  });

  it('divides P@k by the list when it is shorter than k (metrics_impl.py:202, valid_topn)', () => {
    // One relevant of a 3-item list: P@10 = 1/3 here, 1/10 under trec_eval.
    assertClose(evaluate('tf-ranking', [cases[0]], ['P@10']).value(0, 'P@10'), 1 / 3);
    assertClose(evaluate('trec_eval', [cases[0]], ['P@10']).value(0, 'P@10'), 1 / 10);
  });
});

describe('ir_measures preset', () => {
  // tests/test_pytrec_eval.py:574-606 (test_P) and :532-572 (test_nDCG), the pytrec_eval provider.
  const run0 = scoredPredictions({ D0: 0.8, D2: 0.7, D1: 0.3, D3: 0.4, D4: 0.1 });

  it('reproduces test_P: P@4 0.5 and 0.25; P(judged_only)@4 0.75 and 0.25 (unjudged: drop)', () => {
    const cases: CaseInput[] = [
      { labels: gradedLabels({ D0: -1, D1: 1, D3: 2, D4: 1 }), predictions: run0 },
      { labels: gradedLabels({ D0: 1, D3: 0, D4: -1 }), predictions: scoredPredictions({ D1: 0.8, D0: 0.7, D3: 0.3, D2: 0.4 }) },
    ];
    const r = evaluate('ir_measures', cases, ['P@4']);
    assertClose(r.value(0, 'P@4'), 0.5);
    assertClose(r.value(1, 'P@4'), 0.25);
    const judged = evaluate('ir_measures', cases, ['P@4'], { unjudged: 'drop' });
    assertClose(judged.value(0, 'P@4'), 0.75);
    assertClose(judged.value(1, 'P@4'), 0.25);
  });

  it('reproduces test_nDCG: nDCG 0.76018 and 0.32739, nDCG@3 0.76018 and 0.0', () => {
    const cases: CaseInput[] = [
      { labels: gradedLabels({ D0: 1, D1: -1, D2: 0, D3: 2, D4: 0 }), predictions: run0 },
      { labels: gradedLabels({ D0: 1, D3: 2, D4: -1, D5: 0 }), predictions: scoredPredictions({ D1: 0.8, D4: 0.7, D3: 0.3, D2: 0.4 }) },
    ];
    // tests/base.py:8-18: assertMetrics compares with assertAlmostEqual(places=4), |a − b| < 0.5e-4.
    const almost = (v: number, printed: number, what: string) => assert.ok(Math.abs(v - printed) < 0.5e-4, `${what}: ${v}`);
    const r = evaluate('ir_measures', cases, ['nDCG', 'nDCG@3']);
    almost(r.value(0, 'nDCG'), 0.76018, 'nDCG q0');
    almost(r.value(1, 'nDCG'), 0.32739, 'nDCG q1');
    almost(r.value(0, 'nDCG@3'), 0.76018, 'nDCG@3 q0');
    almost(r.value(1, 'nDCG@3'), 0.0, 'nDCG@3 q1');
  });

  it('is trec_eval’s convention, knob for knob', () => {
    assert.deepEqual(PRESETS.ir_measures, PRESETS.trec_eval);
  });
});

describe('pytrec_eval preset', () => {
  // README.md (0d8571ef): qrel q1 {d1: 0, d2: 1, d3: 0}, q2 {d2: 1, d3: 1}; run q1 {d1: 1.0, d2: 0.0,
  // d3: 1.5}, q2 {d1: 1.5, d2: 0.2, d3: 0.5}; {'map', 'ndcg'}.
  const cases: CaseInput[] = [
    { labels: gradedLabels({ d1: 0, d2: 1, d3: 0 }), predictions: scoredPredictions({ d1: 1.0, d2: 0.0, d3: 1.5 }) },
    { labels: gradedLabels({ d2: 1, d3: 1 }), predictions: scoredPredictions({ d1: 1.5, d2: 0.2, d3: 0.5 }) },
  ];

  it("reproduces the README's example: q1 ndcg 0.5, map 0.3333; q2 ndcg 0.6934264036172708, map 0.5833333333333333", () => {
    const r = evaluate('pytrec_eval', cases, ['nDCG', 'AP']);
    assertClose(r.value(0, 'nDCG'), 0.5);
    assertClose(r.value(0, 'AP'), 0.3333333333333333);
    assertClose(r.value(1, 'nDCG'), 0.6934264036172708);
    assertClose(r.value(1, 'AP'), 0.5833333333333333);
  });

  it('leaves a judged query missing from the run out of the mean, as evaluate() returns only the run’s queries', () => {
    // Not in the README: a third judged query with no run line. pytrec_eval returns no entry for
    // it, so a mean over the returned dict is over 2 queries; trec_eval -c counts it as 0.
    const withMissing = [...cases, { labels: listLabels(['d9']), predictions: [] }];
    assertClose(evaluate('pytrec_eval', withMissing, ['AP']).mean('AP'), (1 / 3 + 7 / 12) / 2);
    assertClose(evaluate('trec_eval', withMissing, ['AP']).mean('AP'), (1 / 3 + 7 / 12) / 3);
  });
});

describe('cornac preset', () => {
  it('reproduces tests/cornac/metrics/test_ranking.py:61-69: NDCG@2 of gt [2] ranked [1, 2, 0] is 0.63', () => {
    const r = evaluate('cornac', [{ labels: listLabels(['i2']), predictions: listPredictions(['i1', 'i2', 'i0']) }], ['nDCG@2']);
    assert.equal(r.value(0, 'nDCG@2').toFixed(2), '0.63');
  });

  it('reproduces test_ranking.py:177-187: Precision of gt [0, 2] ranked [0, 2, 1] is 2/3', () => {
    const r = evaluate('cornac', [{ labels: listLabels(['i0', 'i2']), predictions: listPredictions(['i0', 'i2', 'i1']) }], ['P@3']);
    assertClose(r.value(0, 'P@3'), 2 / 3);
  });

  it('reproduces test_ranking.py:274-297: MAP 0.5, 1/3 and 0.5 over the whole ranking', () => {
    const tenDescending = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`i${i}`, 1 - i / 9]));
    const r = evaluate(
      'cornac',
      [
        { labels: listLabels(['i0']), predictions: scoredPredictions({ i0: 0.75, i1: 0.5, i2: 1 }) },
        { labels: listLabels(['i2']), predictions: scoredPredictions({ i0: 1, i1: 0.2, i2: 0.1 }) },
        { labels: listLabels(['i1', 'i3', 'i5']), predictions: scoredPredictions(tenDescending) },
      ],
      ['AP'],
    );
    assertClose(r.value(0, 'AP'), 0.5);
    assertClose(r.value(1, 'AP'), 1 / 3);
    assertClose(r.value(2, 'AP'), 0.5);
  });
});

describe('recpack preset', () => {
  // recpack/tests/test_metrics/conftest.py: X_pred user 0 {0: 0.3, 2: 0.2, 3: 0.1}, user 2
  // {1: 0.23, 3: 0.3, 4: 0.5}; X_true user 0 {0, 2}, user 2 {0, 1, 3}; X_true_unrecommended_user
  // adds user 3 {1} with no prediction.
  const u0: CaseInput = { labels: listLabels(['i0', 'i2']), predictions: scoredPredictions({ i0: 0.3, i2: 0.2, i3: 0.1 }) };
  const u2: CaseInput = { labels: listLabels(['i0', 'i1', 'i3']), predictions: scoredPredictions({ i1: 0.23, i3: 0.3, i4: 0.5 }) };
  const u3: CaseInput = { labels: listLabels(['i1']), predictions: [] };

  it('reproduces test_precision.py: PrecisionK(2) 0.75, and 2/4 with a user never recommended', () => {
    assertClose(evaluate('recpack', [u0, u2], ['P@2']).mean('P@2'), 0.75);
    assertClose(evaluate('recpack', [u0, u2, u3], ['P@2']).mean('P@2'), 2 / 4);
  });

  it('reproduces test_recall.py: RecallK(2) 2/3, RecallK(1) 1/4; with user 3, 4/9 and 1/6', () => {
    assertClose(evaluate('recpack', [u0, u2], ['R@2']).mean('R@2'), 2 / 3);
    assertClose(evaluate('recpack', [u0, u2], ['R@1']).mean('R@1'), 1 / 4);
    assertClose(evaluate('recpack', [u0, u2, u3], ['R@2']).mean('R@2'), 4 / 9);
    assertClose(evaluate('recpack', [u0, u2, u3], ['R@1']).mean('R@1'), 1 / 6);
  });

  it('reproduces test_dcg.py test_ndcg: NDCGK(2) with IDCG over min(K, |true|)', () => {
    const idcg2 = 1 + 1 / log2(3);
    assertClose(evaluate('recpack', [u0, u2], ['nDCG@2']).mean('nDCG@2'), (1 / log2(3) / idcg2 + (1 + 1 / log2(3)) / idcg2) / 2);
  });
});

describe('lightfm preset', () => {
  it('reproduces tests/test_evaluation.py:197-217: every prediction tied at 0 gives P@10 = 0.0 ("pessimistic precision")', () => {
    // Two positives among twenty items, every score 0 (the test zeroes every embedding and bias).
    const scores = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`item${i}`, 0]));
    const c: CaseInput[] = [{ labels: listLabels(['item0', 'item1']), predictions: scoredPredictions(scores) }];
    assertClose(evaluate('lightfm', c, ['P@10']).value(0, 'P@10'), 0.0);
    // In the order written the two positives would come first: 2/10.
    assertClose(evaluate('lightfm', c, ['P@10'], { ties: 'input' }).value(0, 'P@10'), 0.2);
  });
});

describe('elasticsearch preset', () => {
  // DiscountedCumulativeGainTests.java (0066a272): testDCGAt and testDCGAtFourMoreRatings; the
  // window k is 10 (DEFAULT_K), gains 2^r − 1 over log2(rank + 1).
  it('reproduces testDCGAt: ratings 3, 2, 3, 0, 1, 2 give DCG 13.84826362927298 and nDCG ÷ 14.595390756454922', () => {
    const c: CaseInput[] = [
      {
        labels: gradedLabels({ d0: 3, d1: 2, d2: 3, d3: 0, d4: 1, d5: 2 }),
        predictions: listPredictions(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']),
      },
    ];
    const r = evaluate('elasticsearch', c, ['DCG@10', 'nDCG@10']);
    assertClose(r.value(0, 'DCG@10'), 13.84826362927298);
    assertClose(r.value(0, 'nDCG@10'), 13.84826362927298 / 14.595390756454922);
  });

  it('reproduces testDCGAtFourMoreRatings: four hits, an unrated one among them, DCG 12.392789260714371', () => {
    const c: CaseInput[] = [
      { labels: gradedLabels({ d0: 3, d1: 2, d2: 3, d4: 1 }), predictions: listPredictions(['d0', 'd1', 'd2', 'd3']) },
    ];
    const r = evaluate('elasticsearch', c, ['DCG@10', 'nDCG@10']);
    assertClose(r.value(0, 'DCG@10'), 12.392789260714371);
    assertClose(r.value(0, 'nDCG@10'), 12.392789260714371 / 13.347184833073591);
  });

  it('divides precision by the hits returned in the window (PrecisionAtK.java, tp ÷ (tp + fp))', () => {
    const c: CaseInput[] = [{ labels: gradedLabels({ a: 1, b: 0 }), predictions: listPredictions(['a', 'b']) }];
    assertClose(evaluate('elasticsearch', c, ['P@10']).value(0, 'P@10'), 1 / 2);
  });
});

describe('ragas preset', () => {
  it('reproduces context_precision.md:238-258: retrieved doc_1..doc_4, reference doc_1, doc_4, doc_5, doc_6 → 0.5', () => {
    const c: CaseInput[] = [
      { labels: listLabels(['doc_1', 'doc_4', 'doc_5', 'doc_6']), predictions: listPredictions(['doc_1', 'doc_2', 'doc_3', 'doc_4']) },
    ];
    // No cutoff in ragas: the precision of the whole retrieved list, whatever k is written.
    assertClose(evaluate('ragas', c, ['P@4']).value(0, 'P@4'), 0.5);
    assertClose(evaluate('ragas', c, ['P@10']).value(0, 'P@10'), 0.5);
  });

  it('reproduces context_recall.md:123-141: retrieved doc_1..doc_3, the same reference → 0.25', () => {
    const c: CaseInput[] = [
      { labels: listLabels(['doc_1', 'doc_4', 'doc_5', 'doc_6']), predictions: listPredictions(['doc_1', 'doc_2', 'doc_3']) },
    ];
    assertClose(evaluate('ragas', c, ['R@3']).value(0, 'R@3'), 0.25);
  });
});

describe('llamaindex preset', () => {
  // llama-index-core/tests/evaluation/test_metrics.py (0f3f9582): expected [id1..id4], retrieved
  // [id5, id1]: precision 1/2, recall 1/4, ap (0 + 1/2) / 4, mrr 1/2, hit rate 1.
  it('reproduces the test_precision, test_recall, test_ap, test_mrr and test_hit_rate cases of expected id1..id4, retrieved id5, id1', () => {
    const c: CaseInput[] = [{ labels: listLabels(['id1', 'id2', 'id3', 'id4']), predictions: listPredictions(['id5', 'id1']) }];
    const r = evaluate('llamaindex', c, ['P@2', 'R@2', 'AP@2', 'RR@2', 'Success@2']);
    assertClose(r.value(0, 'P@2'), 1 / 2);
    assertClose(r.value(0, 'R@2'), 1 / 4);
    assertClose(r.value(0, 'AP@2'), (0 + 1 / 2) / 4);
    assertClose(r.value(0, 'RR@2'), 1 / 2);
    assertClose(r.value(0, 'Success@2'), 1);
  });

  it('reproduces test_precision: expected id1, id2, retrieved id2, id1, id7 → 2/3 (÷ the retrieved, not k)', () => {
    const c: CaseInput[] = [{ labels: listLabels(['id1', 'id2']), predictions: listPredictions(['id2', 'id1', 'id7']) }];
    assertClose(evaluate('llamaindex', c, ['P@10']).value(0, 'P@10'), 2 / 3);
  });
});

describe('elliot preset (no published example with numbers: worked from map.py)', () => {
  // Searched for a published example with inputs and numbers in sisinflab/elliot at fc27efed: the repository has
  // no test suite and no notebook (`git ls-tree -r HEAD`: no .ipynb; the one file named test,
  // config_files/test_config.yml, is a configuration); README.md, basic_configuration.md,
  // advanced_configuration.md, docs/source/guide/metrics_intro.rst, metrics_summary.rst, metrics/accuracy.rst,
  // quick_start.rst, config_files/*.yml and sample_*.py give configurations and no metric values; the metric
  // docstrings (elliot/evaluation/metrics/accuracy/**) give formulas only. The paper's tables (README.md l.154,
  // arXiv 2103.02590) are per-dataset results of trained models, not inputs and outputs of a metric. So none exists.
  it('averages P@1…P@k for MAP@k (map.py __user_ap), not the precisions at the hits', () => {
    // Hand-worked from elliot/evaluation/metrics/accuracy/map/map.py (fc27efed) l.61-69 (__user_ap: np.average of
    // __user_precision at n + 1 for n in range(cutoff)) and l.72-80 (hits in the top n ÷ n).
    // Relevant a and c, ranked a, b, c: P@1 = 1, P@2 = 1/2, P@3 = 2/3; MAP@3 = their mean, 0.722222. The class
    // docstring (l.29) writes AP@N = 1/min(m, N) Σ P(k)·rel(k), which gives (1 + 2/3) / 2 = 0.833333 here: the
    // docstring and the code disagree, and the preset follows the code (what Elliot prints).
    const c: CaseInput[] = [{ labels: listLabels(['a', 'c']), predictions: listPredictions(['a', 'b', 'c']) }];
    assertClose(evaluate('elliot', c, ['AP@3']).value(0, 'AP@3'), (1 + 1 / 2 + 2 / 3) / 3);
    assertClose(evaluate('trec_eval', c, ['AP@3']).value(0, 'AP@3'), (1 + 2 / 3) / 2);
  });
});

describe('library presets on the knobs issue 35 added', () => {
  it('beir and mteb drop a document whose id is the query’s (evaluation.py:73-83, ignore_identical_ids=True)', () => {
    // pytrec_eval's README q1, with the query's own id q1 retrieved first: dropped, nDCG stays 0.5;
    // kept (pytrec_eval alone), d2 falls to rank 4 and nDCG is 1/log2(5).
    const q1: CaseInput = {
      id: 'q1',
      labels: gradedLabels({ d1: 0, d2: 1, d3: 0 }),
      predictions: scoredPredictions({ q1: 9, d1: 1.0, d2: 0.0, d3: 1.5 }),
    };
    assertClose(evaluate('beir', [q1], ['nDCG']).value(0, 'nDCG'), 0.5);
    assertClose(evaluate('mteb', [q1], ['nDCG']).value(0, 'nDCG'), 0.5);
    assertClose(evaluate('pytrec_eval', [q1], ['nDCG']).value(0, 'nDCG'), 1 / log2(5));
  });

  it('llamaindex: reproduces test_ndcg, whose ideal runs over every expected id (not cut at the retrieved list)', () => {
    // test_metrics.py (0f3f9582), test_ndcg: expected id1..id4, retrieved id5, id1, linear;
    // expected id1, id2, retrieved id1, id7, id15, id2, exponential (binary gains: the same).
    const r = evaluate(
      'llamaindex',
      [
        { labels: listLabels(['id1', 'id2', 'id3', 'id4']), predictions: listPredictions(['id5', 'id1']) },
        { labels: listLabels(['id1', 'id2']), predictions: listPredictions(['id1', 'id7', 'id15', 'id2']) },
      ],
      ['nDCG@2', 'nDCG@4'],
    );
    assertClose(r.value(0, 'nDCG@2'), 1 / log2(2 + 1) / (1 / log2(1 + 1) + 1 / log2(2 + 1) + 1 / log2(3 + 1) + 1 / log2(4 + 1)));
    assertClose(r.value(1, 'nDCG@4'), (1 / log2(1 + 1) + 1 / log2(4 + 1)) / (1 / log2(1 + 1) + 1 / log2(2 + 1)));
  });

  it('haystack: reproduces test_run_with_complex_data (test_document_map.py:123-158): 1.0, 0.8333, 0.5, 0.5833, 0.0, 0.8333, mean 0.625', () => {
    const cases: CaseInput[] = [
      { labels: listLabels(['France']), predictions: listPredictions(['France']) },
      { labels: listLabels(['9th century', '9th']), predictions: listPredictions(['9th century', '10th century', '9th']) },
      { labels: listLabels(['classical music', 'classical']), predictions: listPredictions(['classical', 'rock music', 'dubstep']) },
      { labels: listLabels(['11th century', 'the 11th']), predictions: listPredictions(['11th', 'the 11th', '11th century']) },
      { labels: listLabels(['Denmark, Iceland and Norway']), predictions: listPredictions(['Denmark', 'Norway', 'Iceland']) },
      {
        labels: listLabels(['10th century', '10th']),
        predictions: listPredictions(['10th century', 'the first half of the 10th century', '10th', '10th']),
      },
    ];
    const r = evaluate('haystack', cases, ['AP']);
    [1.0, 0.8333333333333333, 0.5, 0.5833333333333333, 0.0, 0.8333333333333333].forEach((v, i) =>
      assertClose(r.value(i, 'AP'), v, `case ${i}`),
    );
    assertClose(r.mean('AP'), 0.625);
  });

  it('haystack: a repeated document keeps its rank but is not credited again (document_map.py:136-139)', () => {
    // test_run_with_missed_and_duplicate_relevant_documents: gt A, B; retrieved A, A → 0.5. And A, A, B:
    // B at rank 3, (1 + 2/3) / 2, where dropping the repeat would move B up to rank 2 (1.0).
    const gt = listLabels(['A', 'B']);
    const r = evaluate(
      'haystack',
      [
        { labels: gt, predictions: listPredictions(['A', 'A']) },
        { labels: gt, predictions: listPredictions(['A', 'A', 'B']) },
      ],
      ['AP'],
    );
    assertClose(r.value(0, 'AP'), 0.5);
    assertClose(r.value(1, 'AP'), (1 + 2 / 3) / 2);
    assertClose(
      evaluate('haystack', [{ labels: gt, predictions: listPredictions(['A', 'A', 'B']) }], ['AP'], { duplicates: 'first' }).value(0, 'AP'),
      1,
    );
  });

  it('haystack: reproduces test_document_ndcg.py:11-46 (0.6592, 0.9197); its docstring prints 0.8869 where the code gives 0.9502', () => {
    const graded = gradedLabels({ doc1: 3, doc2: 2, doc3: 3, doc6: 2, doc7: 3, doc8: 2 });
    const r = evaluate(
      'haystack',
      [
        { labels: graded, predictions: listPredictions(['doc1', 'doc2', 'doc3', 'doc4', 'doc5']) },
        { labels: listLabels(['France', 'Paris']), predictions: listPredictions(['France', 'Germany', 'Paris']) },
        // document_ndcg.py:20-33: France 1.0, Paris 0.5; the code's value (1 + 0.5/2) / (1 + 0.5/log2 3), not 0.8869.
        { labels: gradedLabels({ France: 1.0, Paris: 0.5 }), predictions: listPredictions(['France', 'Germany', 'Paris']) },
      ],
      ['nDCG'],
    );
    assert.equal(r.value(0, 'nDCG').toFixed(4), '0.6592');
    assert.equal(r.value(1, 'nDCG').toFixed(4), '0.9197');
    assert.equal(r.value(2, 'nDCG').toFixed(4), '0.9502');
  });

  it('elasticsearch: cuts the ideal DCG at min(k, hits returned) (DiscountedCumulativeGain.java, normalize)', () => {
    // Worked from the code (no published case has more ratings than hits): ratings 3, 2, 3, 0, 1, 2,
    // two hits d0, d1: DCG 7 + 3/log2 3; IDCG of the two best ratings 7 + 7/log2 3.
    const c: CaseInput[] = [
      { labels: gradedLabels({ d0: 3, d1: 2, d2: 3, d3: 0, d4: 1, d5: 2 }), predictions: listPredictions(['d0', 'd1']) },
    ];
    assertClose(evaluate('elasticsearch', c, ['nDCG@10']).value(0, 'nDCG@10'), (7 + 3 / log2(3)) / (7 + 7 / log2(3)));
  });

  it('ragas: an empty retrieval has precision NaN (_context_precision.py:291-295) and recall 0', () => {
    const r = evaluate('ragas', [{ labels: listLabels(['doc_1']), predictions: [] }], ['P@5', 'R@5']);
    assert.ok(Number.isNaN(r.value(0, 'P@5')));
    assertClose(r.value(0, 'R@5'), 0);
  });

  it('tfrs: reproduces tf.math.in_top_k’s documented example (k = 2: False, True, True) with optimistic ties', () => {
    // tensorflow.org/api_docs/python/tf/math/in_top_k: targets 0, 1, 3; "if multiple classes have the
    // same prediction value and straddle the top-k boundary, all of those classes are considered to be
    // in the top k" (factorized_top_k.py:187 calls it).
    const r = evaluate(
      'tfrs',
      [
        { labels: listLabels(['c0']), predictions: scoredPredictions({ c0: 1.2, c1: -0.3, c2: 2.8, c3: 5.2 }) },
        { labels: listLabels(['c1']), predictions: scoredPredictions({ c0: 0.1, c1: 0.0, c2: 0.0, c3: 0.0 }) },
        { labels: listLabels(['c3']), predictions: scoredPredictions({ c0: 0.0, c1: 0.5, c2: 0.3, c3: 0.3 }) },
      ],
      ['Success@2'],
    );
    assert.deepEqual(
      [0, 1, 2].map((i) => r.value(i, 'Success@2')),
      [0, 1, 1],
    );
  });

  it('cornac: MAP ranks a positive after every item tied with it (rankdata(-scores, "max"), ranking.py:523-525)', () => {
    // Worked from the code: a and x tie at 1, b at 0.5; positives a, b: ranks 2 and 3, L = 1, 2.
    const c: CaseInput[] = [{ labels: listLabels(['a', 'b']), predictions: scoredPredictions({ a: 1, x: 1, b: 0.5 }) }];
    assertClose(evaluate('cornac', c, ['AP']).value(0, 'AP'), (1 / 2 + 2 / 3) / 2);
    assertClose(evaluate('cornac', c, ['AP'], { ties: 'input' }).value(0, 'AP'), (1 + 2 / 3) / 2);
  });

  it('recpack: a prediction scored 0 is not recommended (util.py:50-77 reads only the stored entries)', () => {
    const c: CaseInput[] = [{ labels: listLabels(['b']), predictions: scoredPredictions({ a: 0.5, b: 0, c: 0.3 }) }];
    assertClose(evaluate('recpack', c, ['R@3']).value(0, 'R@3'), 0);
    assertClose(evaluate('recpack', c, ['R@3'], { zeroScores: 'keep' }).value(0, 'R@3'), 1);
  });

  it('implicit: reproduces recommender_base_test.py test_evaluation, p@1 = 1 on the 50-user checkerboard', () => {
    // benfred/implicit tests/recommender_base_test.py (8a95dbe2): get_checker_board(50) (l.20-28) withholds the
    // diagonal; test_recommend (l.38-52) asserts that each user's top recommendation is its own id (l.52);
    // test_evaluation (l.147-159) scores precision_at_k(..., csr_matrix(np.eye(50)), K=1) and asserts p == 1
    // (l.159). So: 50 users, user u likes item u alone and is recommended item u first. This is implicit's only
    // published metric value with inputs (tests/evaluation_test.py l.119 asserts only > 0.2 on MovieLens; the docs,
    // docs/source/api/evaluation.rst, are the docstrings; examples/ and the notebook compute no metric); every
    // averaging gives 1 on it, so the pooled rule is checked by the hand-worked test below.
    const cases: CaseInput[] = Array.from({ length: 50 }, (_, u) => ({
      labels: listLabels([`i${u}`]),
      predictions: listPredictions([`i${u}`]),
    }));
    assertClose(evaluate('implicit', cases, ['R@1']).mean('R@1'), 1);
  });

  it('implicit: "precision" is Σ hits ÷ Σ min(K, likes) over the users (evaluation.pyx:444, 471), a pooled R@K', () => {
    // Hand-worked from benfred/implicit implicit/evaluation.pyx (8a95dbe2) l.444, l.455, l.471 (implicit publishes no
    // case with numbers that tells pooled from mean; see the test above): user 1 likes a, b, c and gets
    // a, x (1 hit ÷ min(2, 3)); user 2 likes d and gets d, y (1 ÷ min(2, 1)): 2 / 3, not (1/2 + 1) / 2.
    const cases: CaseInput[] = [
      { labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a', 'x']) },
      { labels: listLabels(['d']), predictions: listPredictions(['d', 'y']) },
    ];
    assertClose(evaluate('implicit', cases, ['R@2']).mean('R@2'), 2 / 3);
    assertClose(evaluate('implicit', cases, ['R@2'], { averaging: 'mean' }).mean('R@2'), 0.75);
  });
});

describe('the measures issue 35 added, under their libraries’ presets', () => {
  it('cornac: reproduces test_ranking.py:71-105, NCRR and NCRR@k with the ideal over min(|gt|, the list cut at k)', () => {
    const rank = (ids: number[]) => listPredictions(ids.map((i) => `i${i}`));
    const gt = (ids: number[]) => listLabels(ids.map((i) => `i${i}`));
    const r = evaluate(
      'cornac',
      [
        { labels: gt([0]), predictions: rank([0]) },
        { labels: gt([0, 2]), predictions: rank([0, 2, 1]) },
        { labels: gt([0, 2]), predictions: rank([1, 2, 0]) },
        { labels: gt([2]), predictions: rank([1, 2, 0]) },
        { labels: gt([2]), predictions: rank([4, 1, 2]) },
        { labels: gt([0, 1, 2]), predictions: rank([5, 1, 6]) },
        { labels: gt([0, 1]), predictions: rank([5, 1, 6, 8]) },
      ],
      ['NCRR', 'NCRR@2', 'NCRR@3'],
    );
    assertClose(r.value(0, 'NCRR'), 1);
    assertClose(r.value(1, 'NCRR'), 1);
    assertClose(r.value(2, 'NCRR'), (1 / 3 + 1 / 2) / (1 + 1 / 2));
    assertClose(r.value(3, 'NCRR@2'), 0.5);
    assertClose(r.value(4, 'NCRR@2'), 0.0);
    assertClose(r.value(5, 'NCRR@2'), 1.0 / 3.0);
    assertClose(r.value(6, 'NCRR@3'), 1.0 / 3.0);
  });

  it('llamaindex: reproduces test_metrics.py test_mrr’s granular cases (use_granular_mrr=True)', () => {
    const r = evaluate(
      'llamaindex',
      [
        { labels: listLabels(['id1', 'id2', 'id3']), predictions: listPredictions(['id3', 'id1', 'id2', 'id4']) },
        { labels: listLabels(['id1', 'id2', 'id3', 'id4']), predictions: listPredictions(['id1', 'id2', 'id5']) },
        { labels: listLabels(['id1', 'id2']), predictions: listPredictions(['id1', 'id7', 'id15', 'id2']) },
      ],
      ['GranularRR'],
    );
    assertClose(r.value(0, 'GranularRR'), (1 / 1 + 1 / 2 + 1 / 3) / 3);
    assertClose(r.value(1, 'GranularRR'), (1 / 1 + 1 / 2) / 2);
    assertClose(r.value(2, 'GranularRR'), (1 / 1 + 1 / 4) / 2);
  });
});
