/**
 * `ranklens infer` on fixtures built from each library's published example (the same examples
 * test/core/libraryPresets.test.ts reproduces, files and lines cited there): the search explains every
 * published value, the library's own preset is among the conventions that do, and where the example
 * exercises the library's own definition the best match carries that knob. Where other presets give
 * the same numbers on so small an example, the search names the first of them, and the test says which.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS, PresetName } from '../../shared/core/conventions';
import { evaluateCases } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { expectedValue } from '../../shared/inference/expected';
import { conventionText } from '../../shared/inference/fixtureInference';
import { ExpectedValue, inferConventions, matches } from '../../shared/inference/search';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

const log2 = Math.log2;

/** An expectation as a fixture writes it: a case (or 'mean'), a metric name, the value as printed. */
type Written = [number | 'mean', string, string];

function expectations(written: Written[]): ExpectedValue[] {
  return written.map(([c, name, value]) => expectedValue(c, parseMetricSpec(name).spec!, value));
}

function reproduces(conv: Convention, cases: CaseInput[], es: ExpectedValue[]): boolean {
  return es.every((e) => {
    const ev = evaluateCases(cases, [e.spec], { preset: 'trec_eval', overrides: {}, convention: conv, name: 'x' });
    return matches(e, e.case === 'mean' ? ev.mean[0] : ev.cases[e.case].values[0]);
  });
}

/** Infers, checks that the search explains everything and that the library's preset is one answer; returns the best match. */
function inferred(library: PresetName, cases: CaseInput[], written: Written[]) {
  const es = expectations(written);
  const r = inferConventions(cases, es);
  assert.equal(r.exact, true, `${library}: every published value explained`);
  assert.deepEqual(r.unexplained, []);
  assert.ok(reproduces(PRESETS[library], cases, es), `${library}'s preset reproduces its published example`);
  assert.ok(reproduces(r.matches[0].convention, cases, es));
  return r.matches[0];
}

const f = (v: number) => v.toFixed(4);

describe('ranklens infer on the libraries’ published examples', () => {
  it('elasticsearch (DiscountedCumulativeGainTests.java testDCGAt): DCG 13.8483 needs 2^r − 1 gains', () => {
    const c: CaseInput[] = [
      {
        labels: gradedLabels({ d0: 3, d1: 2, d2: 3, d3: 0, d4: 1, d5: 2 }),
        predictions: listPredictions(['d0', 'd1', 'd2', 'd3', 'd4', 'd5']),
      },
    ];
    const m = inferred('elasticsearch', c, [
      [0, 'DCG@10', f(13.84826362927298)],
      [0, 'nDCG@10', f(13.84826362927298 / 14.595390756454922)],
    ]);
    assert.equal(m.convention.gain, 'exponential');
    assert.equal(m.convention.discount, 'log2');
  });

  it('recbole (test_topk_metrics.py test_map): MAP@k ÷ min(k, pos_len)', () => {
    // Users 2 and 3 of the test: hits 1, 0, 1 with 4 positives; 0, 0, 1 with 2.
    const c: CaseInput[] = [
      { labels: listLabels(['a', 'c', 'x1', 'x2']), predictions: listPredictions(['a', 'b', 'c']) },
      { labels: listLabels(['f', 'y1']), predictions: listPredictions(['d', 'e', 'f']) },
    ];
    const m = inferred('recbole', c, [
      [0, 'AP@1', f(1)],
      [0, 'AP@2', f(1 / 2)],
      [0, 'AP@3', f((1 / 3) * (1 / 1 + 2 / 3))],
      [1, 'AP@3', f((1 / 3) * (1 / 2))],
    ]);
    assert.ok(['min-k-relevant', 'min-k-relevant-predicted'].includes(m.convention.apDenominator), conventionText(m));
  });

  it('tfrs (tf.math.in_top_k’s documented example): Success@2 of 1 for a target tied across the boundary needs optimistic ties', () => {
    const c: CaseInput[] = [
      { labels: listLabels(['c0']), predictions: scoredPredictions({ c0: 1.2, c1: -0.3, c2: 2.8, c3: 5.2 }) },
      { labels: listLabels(['c1']), predictions: scoredPredictions({ c0: 0.1, c1: 0.0, c2: 0.0, c3: 0.0 }) },
      { labels: listLabels(['c3']), predictions: scoredPredictions({ c0: 0.0, c1: 0.5, c2: 0.3, c3: 0.3 }) },
    ];
    const m = inferred('tfrs', c, [
      [0, 'Success@2', '0'],
      [1, 'Success@2', '1'],
      [2, 'Success@2', '1'],
    ]);
    assert.equal(m.convention.ties, 'optimistic', conventionText(m));
  });

  it('lightfm (test_evaluation.py test_precision_at_k_with_ties): P@10 = 0 when every score ties needs the positives ranked after their ties', () => {
    const scores = Object.fromEntries(Array.from({ length: 20 }, (_, i) => [`item${i}`, 0]));
    const c: CaseInput[] = [{ labels: listLabels(['item0', 'item1']), predictions: scoredPredictions(scores) }];
    const m = inferred('lightfm', c, [[0, 'P@10', '0.0']]);
    assert.ok(['pessimistic', 'pessimistic-each', 'id-desc', 'id-asc'].includes(m.convention.ties), conventionText(m));
  });

  it('implicit (evaluation.pyx:444, 471): a "precision" of Σ hits ÷ Σ min(K, likes) over the users is a pooled R@K', () => {
    // K = 3: user 1 likes a, b, c and gets a, x, y (1 ÷ 3); user 2 likes d and gets d, y, z (1 ÷ 1):
    // pooled 2 / 4 = 0.5, where the mean of R@3 is 0.667 and of P@3 0.333.
    const c: CaseInput[] = [
      { labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a', 'x', 'y']) },
      { labels: listLabels(['d']), predictions: listPredictions(['d', 'y', 'z']) },
    ];
    const m = inferred('implicit', c, [['mean', 'R@3', '0.5']]);
    assert.equal(m.convention.averaging, 'pooled', conventionText(m));
  });

  it('llamaindex (test_metrics.py test_ndcg): an ideal DCG over all four expected ids with two retrieved', () => {
    const c: CaseInput[] = [{ labels: listLabels(['id1', 'id2', 'id3', 'id4']), predictions: listPredictions(['id5', 'id1']) }];
    const ideal4 = 1 / log2(2) + 1 / log2(3) + 1 / log2(4) + 1 / log2(5);
    const m = inferred('llamaindex', c, [[0, 'nDCG@2', f(1 / log2(3) / ideal4)]]);
    assert.equal(m.convention.idealCut, 'none', conventionText(m));
  });

  it('beir (evaluation.py:73-83): the query’s own id retrieved first does not count against it', () => {
    // pytrec_eval's README q1 with the query's id q1 retrieved first: nDCG stays 0.5 under BEIR.
    const c: CaseInput[] = [
      { id: 'q1', labels: gradedLabels({ d1: 0, d2: 1, d3: 0 }), predictions: scoredPredictions({ q1: 9, d1: 1.0, d2: 0.0, d3: 1.5 }) },
    ];
    // Kept, d2 falls to rank 4: AP 1/4 (LensKit's discount would still give nDCG 0.5).
    const m = inferred('beir', c, [
      [0, 'nDCG', '0.5'],
      [0, 'AP', '0.3333333333333333'],
    ]);
    assert.equal(m.convention.identicalIds, 'drop', conventionText(m));
  });

  it('recpack: a relevant item scored 0 is never recommended', () => {
    const c: CaseInput[] = [{ labels: listLabels(['b']), predictions: scoredPredictions({ a: 0.5, b: 0, c: 0.3 }) }];
    const m = inferred('recpack', c, [[0, 'R@3', '0']]);
    assert.equal(m.convention.zeroScores, 'drop', conventionText(m));
  });

  it('haystack (document_map.py:136-139): a repeat keeps its rank without credit', () => {
    const c: CaseInput[] = [{ labels: listLabels(['A', 'B']), predictions: listPredictions(['A', 'A', 'B']) }];
    const m = inferred('haystack', c, [[0, 'AP', f((1 + 2 / 3) / 2)]]);
    assert.equal(m.convention.duplicates, 'no-credit', conventionText(m));
  });

  it('sentence-transformers, pytrec_eval, ir_measures, ragas, cornac, tf-ranking: their published examples are explained, each by its own preset among others', () => {
    // sentence-transformers test_metrices (means); pytrec_eval's README; ir_measures test_P; ragas'
    // docs; cornac test_map; tf-ranking test_make_precision_fn. Too small to single a library out:
    // trec_eval's convention gives the same numbers on most of them.
    const others = (own: string) => Object.fromEntries(['d0', 'd1', 'd2', 'd3', 'd4'].filter((d) => d !== own).map((d) => [d, 0]));
    inferred(
      'sentence-transformers',
      [
        { labels: listLabels(['d0']), predictions: scoredPredictions({ d0: 1, ...others('d0') }) },
        { labels: listLabels(['d1']), predictions: scoredPredictions({ d1: 1, ...others('d1') }) },
        { labels: listLabels(['d2']), predictions: scoredPredictions({ d2: 1, ...others('d2') }) },
        { labels: listLabels(['d3', 'd4']), predictions: scoredPredictions({ d3: 1, d4: Math.SQRT1_2, d0: 0, d1: 0, d2: 0 }) },
        { labels: listLabels(['d4']), predictions: scoredPredictions({ d4: Math.SQRT1_2, ...others('d4') }) },
      ],
      [
        ['mean', 'Success@1', '1.0'],
        ['mean', 'P@3', '0.4'],
        ['mean', 'R@1', '0.9'],
        ['mean', 'nDCG@3', '1.0'],
        ['mean', 'RR@3', '1.0'],
        ['mean', 'AP@5', '1.0'],
      ],
    );
    inferred(
      'pytrec_eval',
      [
        { labels: gradedLabels({ d1: 0, d2: 1, d3: 0 }), predictions: scoredPredictions({ d1: 1.0, d2: 0.0, d3: 1.5 }) },
        { labels: gradedLabels({ d2: 1, d3: 1 }), predictions: scoredPredictions({ d1: 1.5, d2: 0.2, d3: 0.5 }) },
      ],
      [
        [0, 'nDCG', '0.5'],
        [0, 'AP', '0.3333333333333333'],
        [1, 'nDCG', '0.6934264036172708'],
        [1, 'AP', '0.5833333333333333'],
      ],
    );
    inferred(
      'ir_measures',
      [
        {
          labels: gradedLabels({ D0: -1, D1: 1, D3: 2, D4: 1 }),
          predictions: scoredPredictions({ D0: 0.8, D2: 0.7, D1: 0.3, D3: 0.4, D4: 0.1 }),
        },
        { labels: gradedLabels({ D0: 1, D3: 0, D4: -1 }), predictions: scoredPredictions({ D1: 0.8, D0: 0.7, D3: 0.3, D2: 0.4 }) },
      ],
      [
        [0, 'P@4', '0.5'],
        [1, 'P@4', '0.25'],
      ],
    );
    inferred(
      'ragas',
      [{ labels: listLabels(['doc_1', 'doc_4', 'doc_5', 'doc_6']), predictions: listPredictions(['doc_1', 'doc_2', 'doc_3', 'doc_4']) }],
      [[0, 'P@4', '0.5']],
    );
    inferred(
      'cornac',
      [
        { labels: listLabels(['i0']), predictions: scoredPredictions({ i0: 0.75, i1: 0.5, i2: 1 }) },
        { labels: listLabels(['i2']), predictions: scoredPredictions({ i0: 1, i1: 0.2, i2: 0.1 }) },
      ],
      [
        [0, 'AP', '0.5'],
        [1, 'AP', f(1 / 3)],
      ],
    );
    inferred(
      'tf-ranking',
      [
        { labels: gradedLabels({ a: 0, b: 0, c: 1 }), predictions: scoredPredictions({ a: 1, b: 3, c: 2 }) },
        { labels: gradedLabels({ a: 0, b: 1, c: 2 }), predictions: scoredPredictions({ a: 1, b: 2, c: 3 }) },
      ],
      [
        [0, 'P@1', '0'],
        [0, 'P@2', '0.5'],
        [0, 'P@3', f(1 / 3)],
        ['mean', 'P@3', '0.5'],
      ],
    );
  });
});
