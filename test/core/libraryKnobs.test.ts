/**
 * The knobs that carry the RAG and recommender libraries' conventions, each on a case where its values
 * differ, with the library's own numbers where its tests publish some (repository, file, commit and lines
 * cited) and ones hand-worked from the cited lines where they do not (each comment says which).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { Convention, COMPARED_PRESETS, PRESETS, checkKnob, resolveConvention } from '../../shared/core/conventions';
import { evaluateCase, evaluateCases, explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { CaseInput } from '../../shared/core/caseInput';
import { trecConventionProblem } from '../../shared/trec';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const values = (input: CaseInput, conv: Convention, ...names: string[]) =>
  evaluateCase(input, specs(...names), conv).values.map((v) => (Number.isNaN(v) ? v : Number(v.toFixed(6))));
const knobLines = (input: CaseInput, conv: Convention, name: string) =>
  explainCase(input, parseMetricSpec(name).spec!, conv).knobs.map((k) => `${k.knob}=${k.value}: ${k.effect}`);
const TREC = PRESETS.trec_eval;

describe('identicalIds (BEIR, MTEB: ignore_identical_ids)', () => {
  // beir-cellar/beir beir/retrieval/evaluation.py (ef83d293) l.69-84: EvaluateRetrieval.evaluate(...,
  // ignore_identical_ids=True) pops `results[qid][pid]` where `qid == pid` (l.82-83); embeddings-benchmark/mteb
  // mteb/_evaluators/retrieval_evaluator.py (a905523d) l.116-132 does the same when the task sets it (l.130-132).
  // Neither library's tests publish numbers for it: the values below are hand-worked from those lines.
  const Q: CaseInput = {
    id: 'q1',
    labels: listLabels(['d1', 'd2']),
    predictions: scoredPredictions({ q1: 0.9, d1: 0.8, x: 0.7, d2: 0.6 }),
  };
  it('keep: q1 takes rank 1, P@3 = 1/3, nDCG@3 = (1/log₂3) / (1 + 1/log₂3) = 0.386853', () => {
    assert.deepEqual(values(Q, TREC, 'P@3', 'nDCG@3'), [0.333333, 0.386853]);
  });
  it('drop: q1 leaves before ranking, d1 x d2 move up: P@3 = 2/3, nDCG@3 = (1 + 1/2) / 1.630930 = 0.919721', () => {
    const conv = { ...TREC, identicalIds: 'drop' } as const;
    assert.deepEqual(values(Q, conv, 'P@3', 'nDCG@3'), [0.666667, 0.919721]);
    assert.deepEqual(knobLines(Q, conv, 'P@3')[0], `identicalIds=drop: dropped "q1", the case's own id, before ranking`);
  });
  it('a case with no id drops nothing', () => {
    assert.deepEqual(values({ ...Q, id: undefined }, { ...TREC, identicalIds: 'drop' }, 'P@3'), [0.333333]);
  });
});

describe('zeroScores (RecPack)', () => {
  // RecPack keeps scores in a scipy csr_matrix, which stores no 0: LienM/recpack (d4299773)
  // recpack/metrics/base.py l.189 ranks with recpack/util.py get_top_K_ranks (l.50-77), which picks among the
  // stored entries only (X.indices and X.data, l.68), so an item scored 0 is never recommended;
  // recpack/metrics/precision.py l.51 divides by K. Hand-worked from those lines (no RecPack test has a 0 score).
  const U: CaseInput = { labels: listLabels(['a', 'b']), predictions: scoredPredictions({ a: 0.5, c: 0.2, b: 0, d: 0 }) };
  it('keep: a c d b (ties id-desc): P@4 = 2/4, R@4 = 2/2', () => {
    assert.deepEqual(values(U, TREC, 'P@4', 'R@4'), [0.5, 1]);
  });
  it('drop: b and d are not recommended: P@4 = 1/4, R@4 = 1/2, and the finding on b says so', () => {
    const conv = { ...TREC, zeroScores: 'drop' } as const;
    assert.deepEqual(values(U, conv, 'P@4', 'R@4'), [0.25, 0.5]);
    assert.equal(knobLines(U, conv, 'P@4')[0], 'zeroScores=drop: dropped "d", "b", scored 0, before ranking');
    const finding = evaluateCase(U, specs('P@4'), conv).findings.find((f) => f.code === 'non-positive-score')!;
    assert.equal(finding.message, 'The score of "b" is 0: it is not recommended and is dropped before ranking (zeroScores=drop, RecPack).');
  });
});

describe("unjudged=drop-after-cut (Elasticsearch's ignore_unlabeled)", () => {
  const ES = { ...TREC, precisionDenominator: 'min-k-predicted' } as const;
  // elastic/elasticsearch modules/rank-eval/src/test/java/org/elasticsearch/index/rankeval/PrecisionAtKTests.java
  // (00203b9a) l.97-117, testIgnoreUnlabeled: docs 0 and 1 rated relevant, hit 2 unrated: precision 2/3 (l.107),
  // and 2/2 with ignore_unlabeled (l.112-114). The second test below is hand-worked from that rule.
  const HITS: CaseInput = { labels: listLabels(['0', '1']), predictions: listPredictions(['0', '1', '2']) };
  it('PrecisionAtKTests.testIgnoreUnlabeled: 2/3 by default, 1 with the unrated hit skipped', () => {
    assert.deepEqual(values(HITS, ES, 'P@10'), [0.666667]);
    assert.deepEqual(values(HITS, { ...ES, unjudged: 'drop-after-cut' }, 'P@10'), [1]);
  });
  it('after the cut, not before: in a x b c y, P@3 sees a b of a x b (2/2), where drop sees a b c (2/3)', () => {
    const q: CaseInput = { labels: gradedLabels({ a: 1, b: 1, c: 0 }), predictions: listPredictions(['a', 'x', 'b', 'c', 'y']) };
    assert.deepEqual(values(q, { ...ES, unjudged: 'drop-after-cut' }, 'P@3', 'RR@3'), [1, 1]);
    assert.deepEqual(values(q, { ...ES, unjudged: 'drop' }, 'P@3'), [0.666667]);
    assert.deepEqual(
      knobLines(q, { ...ES, unjudged: 'drop-after-cut' }, 'P@3')[0],
      'unjudged=drop-after-cut: 1 unlabeled item of the top 3 dropped after the cut: 2 judged remain',
    );
  });
});

describe("unjudgedGrade (Elasticsearch's unknown_doc_rating) and idealCut", () => {
  const ES = { ...TREC, gain: 'exponential', idealCut: 'min-k-predicted' } as const;
  // elastic/elasticsearch modules/rank-eval/src/test/java/org/elasticsearch/index/rankeval/
  // DiscountedCumulativeGainTests.java (0066a272) l.105-140, testDCGAtSixMissingRatings: ratings 3, 2, 3, –, 1, – on
  // six hits: dcg = 12.779642067948913 (l.120), and normalized 12.779642067948913 / 13.347184833073591 (l.139, the
  // four ratings sorted). The unjudgedGrade 2 values are hand-worked from the same table (l.90-104): Elasticsearch's
  // tests set unknown_doc_rating only when parsing (l.201-207), never with numbers.
  const SIX: CaseInput = {
    labels: gradedLabels({ '0': 3, '1': 2, '2': 3, '4': 1 }),
    predictions: listPredictions(['0', '1', '2', '3', '4', '5']),
  };
  it('testDCGAtSixMissingRatings: DCG@10 12.779642, nDCG@10 0.957478 with the unrated hits gaining nothing', () => {
    assert.deepEqual(values(SIX, ES, 'DCG@10', 'nDCG@10'), [12.779642, Number((12.779642067948913 / 13.347184833073591).toFixed(6))]);
  });
  it('unjudgedGrade 2: the unrated hits 3 and 5 gain 3/log₂5 + 3/log₂7 = 2.360651, the ideal (the ratings) is unchanged, so nDCG > 1', () => {
    const conv = { ...ES, unjudgedGrade: 2 } as const;
    const dcg = 12.779642067948913 + 3 / Math.log2(5) + 3 / Math.log2(7);
    assert.deepEqual(values(SIX, conv, 'DCG@10', 'nDCG@10'), [Number(dcg.toFixed(6)), Number((dcg / 13.347184833073591).toFixed(6))]);
    assert.equal(knobLines(SIX, conv, 'DCG@10')[0], 'unjudgedGrade=2: unlabeled "3", "5" ranked with grade 2');
  });
  // DiscountedCumulativeGainTests.java (0066a272) l.159-198, testDCGAtFourMoreRatings: four hits 0–3, ratings
  // 3, 2, 3, –, 1: dcg 12.392789260714371 (l.177), normalized ÷ 13.347184833073591 (l.197). Here a fifth rating
  // (5: 3) is added so that the ratings outnumber the hits: the ideals IDCG5 and IDCG4 are hand-worked, the DCG is
  // the test's.
  const FOUR: CaseInput = {
    labels: gradedLabels({ '0': 3, '1': 2, '2': 3, '4': 1, '5': 3 }),
    predictions: listPredictions(['0', '1', '2', '3']),
  };
  const IDCG5 = 7 + 7 / Math.log2(3) + 7 / 2 + 3 / Math.log2(5) + 1 / Math.log2(6);
  const IDCG4 = 7 + 7 / Math.log2(3) + 7 / 2 + 3 / Math.log2(5);
  it('idealCut: DCG@10 = 12.392789 over an ideal of the 5 ratings (k), of min(10, 4 hits) = 4 (min-k-predicted), or all of them (none)', () => {
    const at = (idealCut: Convention['idealCut']) => values(FOUR, { ...ES, idealCut }, 'DCG@10', 'nDCG@10');
    assert.deepEqual(at('k'), [12.392789, Number((12.392789260714371 / IDCG5).toFixed(6))]);
    assert.deepEqual(at('min-k-predicted'), [12.392789, Number((12.392789260714371 / IDCG4).toFixed(6))]);
    assert.deepEqual(at('none'), at('k'));
  });
  it('idealCut=none keeps the whole ideal at k = 2: nDCG@2 = (7 + 3/log₂3) / IDCG of all five (LlamaIndex before its ideal was cut)', () => {
    const dcg2 = 7 + 3 / Math.log2(3);
    assert.deepEqual(values(FOUR, { ...ES, idealCut: 'none' }, 'nDCG@2'), [Number((dcg2 / IDCG5).toFixed(6))]);
    assert.deepEqual(values(FOUR, { ...ES, idealCut: 'k' }, 'nDCG@2'), [Number((dcg2 / (7 + 7 / Math.log2(3))).toFixed(6))]);
    assert.deepEqual(
      knobLines(FOUR, { ...ES, idealCut: 'none' }, 'nDCG@2').at(-1),
      'idealCut=none: the ideal ranking is not cut at k = 2: every item of it counts',
    );
  });
});

describe('ties=optimistic (TensorFlow Recommenders: tf.math.in_top_k)', () => {
  // tensorflow/recommenders tensorflow_recommenders/metrics/factorized_top_k.py (cf1dafa9) l.187 computes the
  // top-k accuracy with tf.math.in_top_k, whose documentation (tensorflow.org/api_docs/python/tf/math/in_top_k,
  // the InTopK op's docstring) says: "if multiple classes have the same prediction value and straddle the top-k
  // boundary, all of those classes are considered to be in the top k". Hand-worked from that sentence.
  const U: CaseInput = { labels: listLabels(['d']), predictions: scoredPredictions({ a: 0.9, b: 0.5, c: 0.5, d: 0.5 }) };
  it('d ties with b and c across the cut at 2: a hit at 2 when optimistic, none in input order or pessimistic', () => {
    const at = (ties: Convention['ties']) => values(U, { ...TREC, ties }, 'Success@2', 'RR')[0];
    assert.deepEqual([at('optimistic'), at('input'), at('pessimistic')], [1, 0, 0]);
    assert.deepEqual(values(U, { ...TREC, ties: 'optimistic' }, 'RR'), [0.5]);
  });
});

describe('ties=pessimistic-each (Cornac MAP, LightFM)', () => {
  // PreferredAI/cornac cornac/metrics/ranking.py (4db147de) l.522-525, MAP.compute: rank =
  // rankdata(-pd_scores, "max")[relevant]; L = rankdata(-pd_scores[relevant], "max"); (L / rank).mean(): every
  // tied item at its group's last rank. The tied cases are hand-worked from those lines; test_map's three cases
  // (tests/cornac/metrics/test_ranking.py l.274-293, values at l.283, l.288, l.293) are the library's own.
  const U: CaseInput = { labels: listLabels(['a', 'b']), predictions: scoredPredictions({ y: 0.9, a: 0.5, x: 0.5, b: 0.5 }) };
  const EACH = { ...TREC, ties: 'pessimistic-each' } as const;
  it("Cornac's MAP: a and b both at rank 4 with L = 2: (2/4 + 2/4) / 2 = 0.5; pessimistic puts them at 3 and 4: (1/3 + 2/4) / 2", () => {
    assert.deepEqual(values(U, EACH, 'AP'), [0.5]);
    assert.deepEqual(values(U, { ...TREC, ties: 'pessimistic' }, 'AP'), [0.416667]);
  });
  it('P@3 counts no hit (both credited at 4), RR = 1/4, nDCG@4 = 2/log₂5 / (1 + 1/log₂3) = 0.528136', () => {
    assert.deepEqual(values(U, EACH, 'P@3', 'P@4', 'RR', 'nDCG@4'), [0, 0.5, 0.25, 0.528136]);
    assert.deepEqual(values(U, { ...TREC, ties: 'pessimistic' }, 'P@3'), [0.333333]);
  });
  it("Cornac's test_map (tests/cornac/metrics/test_ranking.py): 0.5, 1/3 and 0.5, without ties as with", () => {
    const map = (gtPos: number[], scores: number[]) =>
      values(
        {
          labels: listLabels(gtPos.map(String)),
          predictions: scores.map((score, i) => ({ id: String(i), score })),
        },
        EACH,
        'AP',
      )[0];
    assert.equal(map([0], [0.75, 0.5, 1]), 0.5);
    assert.equal(map([2], [1, 0.2, 0.1]), 0.333333);
    assert.equal(
      map(
        [1, 3, 5],
        Array.from({ length: 10 }, (_, i) => 1 - i / 9),
      ),
      0.5,
    );
  });

  it('a family with no credited form is NaN, and says why', () => {
    assert.deepEqual(values(U, EACH, 'Bpref'), [NaN]);
    assert.match(
      explainCase(U, specs('Bpref')[0], EACH).note!,
      /^ties=pessimistic-each credits each item at the last rank of its tied group, which Bpref has no form for/,
    );
  });
});

describe('emptyPredictions=precision-nan (LensKit, ragas)', () => {
  // lenskit/lkpy src/lenskit/metrics/ranking/_pr.py (0d8cc5aa): Precision.measure_list returns NaN when
  // len(recs) == 0 (l.38-45, NaN at l.41-42), Recall ngood / nrel = 0 (l.64-71); _map.py (09c7c88a) l.29-43:
  // AveragePrecision NaN on an empty list (l.32-33); _recip.py (0d8cc5aa) l.40-50: RecipRank 0 (l.49-50).
  // Hand-worked from those lines (LensKit's tests do not publish an empty-list case with these values).
  const EMPTY: CaseInput = { labels: listLabels(['a']), predictions: [] };
  it('P, AP and F1 are NaN; R, RR and nDCG are 0', () => {
    const conv = { ...PRESETS.lenskit, emptyPredictions: 'precision-nan' } as const;
    assert.deepEqual(values(EMPTY, conv, 'P@3', 'AP', 'F1@3', 'R@3', 'RR', 'nDCG@3'), [NaN, NaN, NaN, 0, 0, 0]);
    assert.deepEqual(values(EMPTY, PRESETS.lenskit, 'P@3', 'R@3'), [0, 0]);
  });
});

describe('duplicates=no-credit (Haystack)', () => {
  // deepset-ai/haystack haystack/components/evaluators/document_map.py (c7cb46c0) l.131-141: a retrieved value is
  // credited only while it is still in uncredited_ground_truth_values (l.136-139), so a repeat keeps its rank
  // (enumerate, l.131) and earns nothing; AP ÷ the distinct ground truth (l.141). Hand-worked from those lines.
  const Q: CaseInput = { labels: listLabels(['a', 'b']), predictions: listPredictions(['a', 'a', 'b']) };
  it('the repeat of a holds rank 2 with no credit: AP = (1/1 + 2/3) / 2 = 0.833333, nDCG@2 = 1 / 1.630930 = 0.613147', () => {
    const conv = { ...PRESETS.seed000, duplicates: 'no-credit', gain: 'linear', discount: 'log2', ideal: 'labels' } as const;
    assert.deepEqual(values(Q, conv, 'AP', 'nDCG@2', 'R@3'), [0.833333, 0.613147, 1]);
    assert.deepEqual(values(Q, { ...conv, duplicates: 'first' }, 'AP', 'nDCG@2'), [1, 1]);
    assert.deepEqual(values(Q, { ...conv, duplicates: 'count' }, 'AP', 'R@3'), [1, 1.5], 'three hits over three hits (apDenominator=hits)');
    assert.equal(knobLines(Q, conv, 'AP')[0], 'duplicates=no-credit: the repeats of "a" keep their ranks with no credit');
  });
});

describe('averaging=pooled (implicit)', () => {
  // benfred/implicit implicit/evaluation.pyx (8a95dbe2), ranking_metrics_at_k (l.366-475), which precision_at_k
  // (l.236-266) returns: pr_div += fmin(K, likes.size()) (l.444); relevant += 1 per hit (l.455); "precision":
  // relevant / pr_div (l.471). Hand-worked from those lines: implicit publishes no case with numbers that tells
  // pooled from mean (see test/core/libraryPresets.test.ts, implicit).
  const CASES: CaseInput[] = [
    { labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a', 'x', 'y']) },
    { labels: listLabels(['d']), predictions: listPredictions(['d', 'z', 'w']) },
  ];
  const run = (overrides: Record<string, unknown>, ...names: string[]) =>
    evaluateCases(CASES, specs(...names), resolveConvention('trec_eval', overrides).resolved).mean.map((v) =>
      Number.isNaN(v) ? v : Number(v.toFixed(6)),
    );
  it("implicit's precision@3: Σ hits ÷ Σ min(3, R) = 2 / (3 + 1) = 0.5, where the mean of the cases' R_cap is (1/3 + 1) / 2", () => {
    assert.deepEqual(run({ recallDenominator: 'min-k-relevant', averaging: 'pooled' }, 'R@3'), [0.5]);
    assert.deepEqual(run({ recallDenominator: 'min-k-relevant' }, 'R@3'), [0.666667]);
  });
  it('P@3 pooled = 2/6; F1@3 of the pooled P = 1/3 and R = 2/4: 0.4; counts are sums; AP has no pooled form: NaN', () => {
    assert.deepEqual(run({ averaging: 'pooled' }, 'P@3', 'F1@3', 'NumRelRet', 'AP'), [0.333333, 0.4, 2, NaN]);
  });
});

describe('the knobs take their values, and the TREC engine says which it refuses', () => {
  it('unjudgedGrade takes none or a finite number', () => {
    assert.equal(checkKnob('unjudgedGrade', 'none'), undefined);
    assert.equal(checkKnob('unjudgedGrade', -1), undefined);
    assert.equal(
      checkKnob('unjudgedGrade', Infinity),
      'unjudgedGrade takes a finite number (the grade of an unlabeled prediction) or "none".',
    );
  });
  it('every reference preset keeps the old behaviour (the library presets of issue 35 set these knobs)', () => {
    for (const conv of COMPARED_PRESETS.map((p) => PRESETS[p]))
      assert.deepEqual(
        [conv.identicalIds, conv.zeroScores, conv.unjudgedGrade, conv.idealCut, conv.averaging],
        ['keep', 'keep', 'none', 'k', 'mean'],
      );
  });
  it('ranklens trec refuses averaging=pooled and takes the rest', () => {
    assert.equal(
      trecConventionProblem({ ...TREC, averaging: 'pooled' }),
      'averaging=pooled is not supported on qrels and run files (their run figures are means and sums); evaluate a fixture for pooled figures.',
    );
    assert.equal(trecConventionProblem({ ...TREC, identicalIds: 'drop', ties: 'pessimistic-each', unjudged: 'drop-after-cut' }), undefined);
  });
});
