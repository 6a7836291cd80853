/**
 * Each non-default preset against its own tool's published examples (sources and inputs in
 * test/data/published-examples.md): trec_eval's test outputs, ranx's README and tests, Spark's
 * RankingMetricsSuite, scikit-learn's and torchmetrics' docstrings.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput, Label } from '../../shared/core/caseInput';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { resolveConvention } from '../../shared/core/conventions';
import { evaluateCases } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { assertPrinted, assertRounded } from '../helpers/printed';
import { TREC_PUBLISHED, TREC_TOPICS } from '../fixtures/trecEvalPublished';

function evaluate(preset: string, cases: CaseInput[], names: string[], overrides: Record<string, unknown> = {}) {
  const { resolved } = resolveConvention(preset, overrides);
  const ev = evaluateCases(
    cases,
    names.map((n) => parseMetricSpec(n).spec!),
    resolved,
  );
  const value = (c: number, name: string) => ev.cases[c].values[ev.names.indexOf(name)];
  const mean = (name: string) => ev.mean[ev.names.indexOf(name)];
  return { value, mean };
}

/** Within Spark's test tolerance (absTol 1e-5). */
function near(actual: number, expected: number, what: string) {
  assert.ok(Math.abs(actual - expected) <= 1e-5, `${what}: expected ${expected}, got ${actual}`);
}

describe('trec_eval preset', () => {
  // Each topic: its relevant labels, and a ranking whose top ranks follow trec_eval's relevance string.
  const topics: CaseInput[] = TREC_TOPICS.map((t) => {
    const labels = listLabels(Array.from({ length: t.relevant }, (_, i) => `rel${i}`));
    let next = 0;
    return { labels, predictions: listPredictions([...t.top].map((c, i) => (c === '1' ? `rel${next++}` : `non${i}`))) };
  });
  const names = Object.keys(TREC_PUBLISHED);
  const table = TREC_PUBLISHED;

  it('reproduces out.test.aq per topic and for all, to 4 decimals', () => {
    const r = evaluate('trec_eval', topics, names);
    for (const [name, row] of Object.entries(table)) {
      row.slice(0, 3).forEach((printed, t) => assertRounded(r.value(t, name), printed, `${name} topic ${301 + t}`));
      assertRounded(r.mean(name), row[3], `${name} all`);
    }
  });

  it('breaks score ties by docno descending (trec_eval issue #22 and ir_measures issue #18)', () => {
    const qrels = gradedLabels({ a: 0, b: 1, c: 0 });
    const r = evaluate(
      'trec_eval',
      [
        { labels: qrels, predictions: scoredPredictions({ b: 1.0, a: 1.0 }) }, // b before a: ndcg 1.0000
        { labels: qrels, predictions: scoredPredictions({ b: 1.0, c: 1.0 }) }, // c before b: ndcg 0.6309
        {
          labels: gradedLabels({ 0: 0, 1: 1 }),
          predictions: [
            { id: '0', score: 0 },
            { id: '1', score: 0 },
          ],
        }, // "1" first: P_1 1.0000
      ],
      ['nDCG', 'P@1'],
    );
    assertRounded(r.value(0, 'nDCG'), '1.0000');
    assertRounded(r.value(1, 'nDCG'), '0.6309');
    assertRounded(r.value(2, 'P@1'), '1.0000');
  });

  it("matches pytrec_eval's tests (trec_eval's own measure code): ndcg and ndcg_cut", () => {
    const qrel = gradedLabels({ d1: 0, d2: 1, d3: 0 });
    const r = evaluate(
      'trec_eval',
      [
        { labels: qrel, predictions: scoredPredictions({ d1: 1.0, d2: 0.0, d3: 1.5 }) },
        { labels: qrel, predictions: scoredPredictions({ d1: 1.0, d2: 2.0, d3: 1.5 }) },
        { labels: qrel, predictions: scoredPredictions({ d1: 4.0, d2: 2.0, d3: 1.5 }) },
      ],
      ['nDCG', 'nDCG@1', 'nDCG@2', 'nDCG@3', 'nDCG@1000'],
    );
    assert.equal(r.value(0, 'nDCG'), 0.5);
    assert.equal(r.value(1, 'nDCG'), 1.0);
    assert.ok(Math.abs(r.value(2, 'nDCG') - 0.6309297535714575) < 1e-15);
    assert.deepEqual(
      ['nDCG@3', 'nDCG@2', 'nDCG@1', 'nDCG@1000'].map((n) => r.value(0, n)),
      [0.5, 0.0, 0.0, 0.5],
    );
    assert.equal(r.value(1, 'nDCG@1'), 1.0);
  });
});

describe('ranx preset', () => {
  // README quick start and the evaluate docstring.
  const qrels: Record<string, Label[]> = {
    q_1: gradedLabels({ d_12: 5, d_25: 3 }),
    q_2: gradedLabels({ d_11: 6, d_22: 1 }),
  };
  const run = {
    q_1: scoredPredictions({ d_12: 0.9, d_23: 0.8, d_25: 0.7, d_36: 0.6, d_32: 0.5, d_35: 0.4 }),
    q_2: scoredPredictions({ d_12: 0.9, d_11: 0.8, d_25: 0.7, d_36: 0.6, d_22: 0.5, d_35: 0.4 }),
  };
  const cases = [
    { labels: qrels.q_1, predictions: run.q_1 },
    { labels: qrels.q_2, predictions: run.q_2 },
  ];

  it('reproduces the README: ndcg@5 0.7861, map@5 0.6416, mrr 0.75, and the per-query scores', () => {
    const r = evaluate('ranx', cases, ['nDCG@5', 'AP@5', 'RR']);
    assertRounded(r.mean('nDCG@5'), '0.7861');
    // (0.8333 + 0.45) / 2 = 0.641666…: the README truncates to 0.6416.
    assertPrinted(r.mean('AP@5'), '0.6416');
    assertRounded(r.mean('RR'), '0.75');
    assertRounded(r.value(0, 'nDCG@5'), '0.9430');
    assertRounded(r.value(1, 'nDCG@5'), '0.6292');
    assertRounded(r.value(0, 'AP@5'), '0.8333');
    assertRounded(r.value(1, 'AP@5'), '0.4500');
    assert.deepEqual([r.value(0, 'RR'), r.value(1, 'RR')], [1, 0.5]);
  });

  it('scores an empty run 0 and keeps it in the mean (zero_division_error_test: 0.75)', () => {
    const one = (doc: string, predicted: boolean) => ({
      labels: listLabels([doc]),
      predictions: predicted ? scoredPredictions({ [doc]: 1.0 }) : [],
    });
    const r = evaluate('ranx', [one('doc_a', true), one('doc_b', true), one('doc_c', false), one('doc_d', true)], ['P@1', 'R@1', 'F1@1']);
    for (const name of ['P@1', 'R@1', 'F1@1']) assert.equal(r.mean(name), 0.75, name);
  });

  it('reproduces metrics_test.py: reciprocal rank, R-precision, recall and hit rate', () => {
    const ids = (...xs: number[]) => listPredictions(xs);
    const rr = evaluate(
      'ranx',
      [
        { labels: listLabels([3]), predictions: ids(2, 3, 1, 4, 5) },
        { labels: listLabels([1]), predictions: ids(1, 2, 3, 4, 5) },
        { labels: listLabels([3]), predictions: ids(1, 1, 1, 4, 5) },
        { labels: listLabels([3]), predictions: ids(2, 1, 4, 5) },
      ],
      ['RR@5'],
    );
    assert.deepEqual(
      [0, 1, 2, 3].map((c) => rr.value(c, 'RR@5')),
      [0.5, 1, 0, 0],
    );
    const rp = evaluate(
      'ranx',
      [
        { labels: listLabels([1, 2, 3]), predictions: ids(2, 4, 3, 1, 5, 6, 7) },
        { labels: listLabels([1, 2]), predictions: ids(2, 4, 3, 1, 5, 6, 7) },
      ],
      ['Rprec', 'R@2'],
    );
    assert.equal(rp.value(0, 'Rprec'), 2 / 3);
    assert.equal(rp.mean('Rprec'), (2 / 3 + 1 / 2) / 2);
    assert.equal(rp.value(0, 'R@2'), 1 / 3);
    assert.equal(rp.mean('R@2'), (1 / 3 + 1 / 2) / 2);
    const hit = evaluate(
      'ranx',
      [
        { labels: listLabels([9, 6, 8, 6]), predictions: ids(1, 2, 3, 4, 5, 7) },
        { labels: listLabels([1, 2, 4]), predictions: ids(1, 2, 4, 3, 5, 7) },
      ],
      ['Success@5'],
    );
    assert.equal(hit.mean('Success@5'), 0.5);
  });

  it('reproduces the graded DCG/nDCG tests, Järvelin (linear) and Burges (exponential) gains', () => {
    const labels = gradedLabels({ 2: 5, 4: 4, 5: 3, 10: 2 });
    const cases = [
      [1, 2, 3, 4, 5],
      [10, 5, 2, 4, 3],
      [1, 3, 6, 7, 8],
    ].map((p) => ({ labels, predictions: listPredictions(p) }));
    const log2 = Math.log2;
    const lin = evaluate('ranx', cases, ['DCG@10', 'nDCG@10']);
    const idcg = 5 / log2(2) + 4 / log2(3) + 3 / log2(4) + 2 / log2(5);
    const dcg1 = 5 / log2(3) + 4 / log2(5) + 3 / log2(6);
    const dcg2 = 2 / log2(2) + 3 / log2(3) + 5 / log2(4) + 4 / log2(5);
    assert.ok(Math.abs(lin.value(0, 'DCG@10') - dcg1) < 1e-12 && Math.abs(lin.value(1, 'DCG@10') - dcg2) < 1e-12);
    assert.ok(Math.abs(lin.value(0, 'nDCG@10') - dcg1 / idcg) < 1e-12 && Math.abs(lin.value(1, 'nDCG@10') - dcg2 / idcg) < 1e-12);
    assert.equal(lin.value(2, 'nDCG@10'), 0);
    const burges = evaluate('ranx', cases, ['DCG@10', 'nDCG@10'], { gain: 'exponential' });
    const bIdcg = 31 / log2(2) + 15 / log2(3) + 7 / log2(4) + 3 / log2(5);
    const bDcg1 = 31 / log2(3) + 15 / log2(5) + 7 / log2(6);
    const bDcg2 = 3 / log2(2) + 7 / log2(3) + 31 / log2(4) + 15 / log2(5);
    assert.ok(Math.abs(burges.value(0, 'nDCG@10') - bDcg1 / bIdcg) < 1e-12);
    assert.ok(Math.abs(burges.value(1, 'DCG@10') - bDcg2) < 1e-12);
  });
});

describe('mllib preset (Spark RankingMetrics)', () => {
  const data: [number[], number[]][] = [
    [
      [1, 6, 2, 7, 8, 3, 9, 10, 4, 5],
      [1, 2, 3, 4, 5],
    ],
    [
      [4, 1, 5, 6, 2, 7, 3, 8, 9, 10],
      [1, 2, 3],
    ],
    [[1, 2, 3, 4, 5], []],
  ];
  const binary = data.map(([pred, lab]) => ({ labels: listLabels(lab), predictions: listPredictions(pred) }));
  const common: Record<string, number> = {
    'P@1': 1 / 3,
    'P@2': 1 / 3,
    'P@3': 1 / 3,
    'P@4': 0.75 / 3,
    'P@5': 0.8 / 3,
    'P@10': 0.8 / 3,
    'P@15': 8 / 45,
    AP: 0.355026,
    'AP@1': 0.333334,
    'AP@2': 0.25,
    'AP@3': 0.24074,
    'R@1': 1 / 15,
    'R@2': 8 / 45,
    'R@3': 11 / 45,
    'R@4': 11 / 45,
    'R@5': 16 / 45,
    'R@10': 2 / 3,
    'R@15': 2 / 3,
  };

  it('reproduces "Ranking metrics: MAP, NDCG, Recall" (binary labels, the empty one counts 0)', () => {
    const expected = { ...common, 'nDCG@3': 1 / 3, 'nDCG@5': 0.328788, 'nDCG@10': 0.487913, 'nDCG@15': 0.487913 };
    const r = evaluate('mllib', binary, Object.keys(expected));
    for (const [name, value] of Object.entries(expected)) near(r.mean(name), value, name);
  });

  it('reproduces "NDCG with relevance": graded nDCG, relevance 0 labels still relevant for P, R and MAP', () => {
    const rels = [[3, 2, 1, 1, 1], [2, 0, 0], []];
    const graded = data.map(([pred, lab], u) => ({
      labels: lab.map((id, i) => ({ id: String(id), grade: rels[u][i] })),
      predictions: listPredictions(pred),
    }));
    const expected = { ...common, 'nDCG@3': 0.511959, 'nDCG@5': 0.487806, 'nDCG@10': 0.5187, 'nDCG@15': 0.5187 };
    const r = evaluate('mllib', graded, Object.keys(expected));
    for (const [name, value] of Object.entries(expected)) near(r.mean(name), value, name);
  });

  it('reproduces SPARK-14886: few predictions and an empty prediction list', () => {
    const r = evaluate(
      'mllib',
      [
        { labels: listLabels([1, 2, 3, 4, 5]), predictions: listPredictions([1, 6, 2]) },
        { labels: listLabels([1, 2, 3]), predictions: [] },
      ],
      ['P@1', 'P@2', 'nDCG@1', 'nDCG@2', 'R@1', 'R@2'],
    );
    const expected = { 'P@1': 0.5, 'P@2': 0.25, 'nDCG@1': 0.5, 'nDCG@2': 0.30657, 'R@1': 0.1, 'R@2': 0.1 };
    for (const [name, value] of Object.entries(expected)) near(r.mean(name), value, name);
  });
});

describe('sklearn preset (ndcg_score / dcg_score)', () => {
  const row = (grades: number[], scores: number[]): CaseInput => ({
    labels: grades.map((g, i) => ({ id: `i${i}`, grade: g })),
    predictions: scores.map((s, i) => ({ id: `i${i}`, score: s })),
  });
  const truth = [10, 0, 0, 1, 5];

  it('reproduces the ndcg_score docstring: 0.69, 0.49, 0.35 at k=4, 1.0, and 0.75 with averaged ties', () => {
    const r = evaluate(
      'sklearn',
      [row(truth, [0.1, 0.2, 0.3, 4, 70]), row(truth, [0.05, 1.1, 1.0, 0.5, 0.0]), row(truth, truth), row(truth, [1, 0, 0, 0, 1])],
      ['nDCG', 'nDCG@4', 'nDCG@1'],
    );
    assertPrinted(r.value(0, 'nDCG'), '0.69'); // 0.6957, printed "0.69..."
    assertPrinted(r.value(1, 'nDCG'), '0.49'); // 0.4937
    assertPrinted(r.value(1, 'nDCG@4'), '0.35'); // 0.3520
    assert.equal(r.value(2, 'nDCG@4'), 1.0);
    assert.equal(r.value(3, 'nDCG@1'), 0.75); // (10/10 + 5/10) / 2
  });

  it('reproduces the dcg_score docstring: 9.49, 5.63 at k=2, 7.5 with averaged ties at k=1', () => {
    const r = evaluate('sklearn', [row(truth, [0.1, 0.2, 0.3, 4, 70]), row(truth, [1, 0, 0, 0, 1])], ['DCG@2', 'DCG@1', 'DCG@5']);
    assertPrinted(r.value(0, 'DCG@5'), '9.49');
    assertPrinted(r.value(0, 'DCG@2'), '5.63');
    assert.equal(r.value(1, 'DCG@1'), 7.5);
  });

  it('reproduces test_dcg_ties: a tied group gets its mean gain times the sum of its discounts', () => {
    const discounts = [2, 3, 4, 5, 6].map((x) => 1 / Math.log2(x));
    const sum = (xs: number[]) => xs.reduce((a, b) => a + b, 0);
    const r = evaluate('sklearn', [row([0, 1, 2, 3, 4], [0, 0, 0, 0, 0]), row([0, 1, 2, 3, 4], [0, 0, 0, 1, 1])], ['DCG@5']);
    assert.ok(Math.abs(r.value(0, 'DCG@5') - sum(discounts) * 2) < 1e-12);
    assert.ok(Math.abs(r.value(1, 'DCG@5') - (sum(discounts.slice(0, 2)) * 3.5 + sum(discounts.slice(2)) * 1)) < 1e-12);
  });

  it('reproduces test_ndcg_toy_examples: one relevant item at rank r gives 1/log2(r+1)', () => {
    const rows = [0, 1, 2, 3, 4].map((i) =>
      row(
        Array.from({ length: 7 }, (_, j) => (j === i ? 3 : 0)),
        [6, 5, 4, 3, 2, 1, 0],
      ),
    );
    const r = evaluate('sklearn', rows, ['DCG@7', 'nDCG']);
    const log10 = evaluate('sklearn', rows, ['DCG@7'], { discount: 'log10' });
    rows.forEach((_, i) => {
      assert.ok(Math.abs(r.value(i, 'DCG@7') - 3 / Math.log2(i + 2)) < 1e-12);
      assert.ok(Math.abs(r.value(i, 'nDCG') - 1 / Math.log2(i + 2)) < 1e-12);
      assert.ok(Math.abs(log10.value(i, 'DCG@7') - 3 / Math.log10(i + 2)) < 1e-12);
    });
    const all = evaluate('sklearn', [row([3, 3, 3, 3, 3, 3, 3], [6, 5, 4, 3, 2, 1, 0])], ['DCG@7', 'nDCG']);
    const expected = [2, 3, 4, 5, 6, 7, 8].reduce((s, x) => s + 3 / Math.log2(x), 0);
    assert.ok(Math.abs(all.value(0, 'DCG@7') - expected) < 1e-12);
    assert.equal(all.value(0, 'nDCG'), 1);
  });
});

describe('torchmetrics preset (retrieval metrics, default arguments)', () => {
  const query = (scores: number[], target: boolean[], prefix = 'd'): CaseInput => ({
    labels: listLabels(target.flatMap((t, i) => (t ? [`${prefix}${i}`] : []))),
    predictions: scores.map((s, i) => ({ id: `${prefix}${i}`, score: s })),
  });

  it('reproduces the functional docstrings: AP 0.8333, P@2 0.5, R@2 0.5, hit rate 1, R-precision 0.5, RR 0.5, nDCG 0.6957', () => {
    const r = evaluate(
      'torchmetrics',
      [query([0.2, 0.3, 0.5], [true, false, true]), query([0.2, 0.3, 0.5], [false, true, false])],
      ['AP', 'P@2', 'R@2', 'Success@2', 'Rprec', 'RR'],
    );
    assertRounded(r.value(0, 'AP'), '0.8333');
    assertRounded(r.value(0, 'P@2'), '0.5000');
    assertRounded(r.value(0, 'R@2'), '0.5000');
    assert.equal(r.value(0, 'Success@2'), 1);
    assertRounded(r.value(0, 'Rprec'), '0.5000');
    assertRounded(r.value(1, 'RR'), '0.5000');
    const ndcg = evaluate(
      'torchmetrics',
      [
        {
          labels: [10, 0, 0, 1, 5].map((g, i) => ({ id: `d${i}`, grade: g })),
          predictions: [0.1, 0.2, 0.3, 4, 70].map((s, i) => ({ id: `d${i}`, score: s })),
        },
      ],
      ['nDCG'],
    );
    assertRounded(ndcg.value(0, 'nDCG'), '0.6957');
  });

  it('reproduces the module docstrings over two queries: MAP 0.7917, MRR 0.75, P@2 0.5, R@2 0.75, nDCG 0.8467, R-precision 0.75', () => {
    const preds = [
      [0.2, 0.3, 0.5],
      [0.1, 0.3, 0.5, 0.2],
    ];
    const r = evaluate(
      'torchmetrics',
      [query(preds[0], [false, false, true], 'a'), query(preds[1], [false, true, false, true], 'b')],
      ['AP', 'RR', 'P@2', 'R@2', 'nDCG', 'Rprec'],
    );
    assertRounded(r.mean('AP'), '0.7917');
    assertRounded(r.mean('RR'), '0.7500');
    assertRounded(r.mean('P@2'), '0.5000');
    assertRounded(r.mean('R@2'), '0.7500');
    assertRounded(r.mean('nDCG'), '0.8467');
    assertRounded(r.mean('Rprec'), '0.7500');
    const hit = evaluate(
      'torchmetrics',
      [query(preds[0], [true, false, false], 'a'), query(preds[1], [false, true, false, true], 'b')],
      ['Success@2'],
    );
    assertRounded(hit.mean('Success@2'), '0.5000');
  });
});
