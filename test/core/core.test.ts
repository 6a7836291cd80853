/** The core's contracts beyond the seed tables: names, conventions, findings, comparisons, explanations. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { PRESETS, findPreset, resolveConvention } from '../../shared/core/conventions';
import { comparePresetMeans, comparePresets } from '../../shared/core/compare';
import { evaluateCase, evaluateCases, explainCase } from '../../shared/core/evaluate';
import { explanationMarkdown, presetTableMarkdown } from '../../shared/text/explainMarkdown';
import { expandMetrics, metricName, parseMetricName, parseMetricSpec } from '../../shared/core/metricNames';
import { sortIndicesByKeyDesc } from '../../shared/core/sortIndices';
import { caseFindings } from '../../shared/core/caseFindings';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { rankCase } from '../../shared/core/ranking';
import { CaseInput } from '../../shared/core/caseInput';
import { propertyRuns } from '../helpers/propertyRuns';

const spec = (name: string) => parseMetricSpec(name).spec!;
const names = (specs: ReturnType<typeof expandMetrics>) => specs.map(metricName);

describe('metric names', () => {
  it('accepts canonical names, aliases and trec_eval names case-insensitively', () => {
    const cases: [string, string][] = [
      ['P@3', 'P@3'],
      ['precision@3', 'P@3'],
      ['p_5', 'P@5'],
      ['Recall@10', 'R@10'],
      ['recall_5', 'R@5'],
      ['map@5', 'AP@5'],
      ['MAP', 'AP'],
      ['map_cut_10', 'AP@10'],
      ['mrr@10', 'RR@10'],
      ['recip_rank', 'RR'],
      ['ndcg@10', 'nDCG@10'],
      ['ndcg_cut.10', 'nDCG@10'],
      ['NDCG', 'nDCG'],
      ['hit@5', 'Success@5'],
      ['success_1', 'Success@1'],
      ['R-precision', 'Rprec'],
      ['rprec', 'Rprec'],
      ['f1@3', 'F1@3'],
      ['dcg@3', 'DCG@3'],
      ['hit_rate@2', 'Success@2'],
    ];
    for (const [text, canonical] of cases) assert.equal(metricName(spec(text)), canonical, text);
  });

  it('rejects unknown names with a did-you-mean, bad cutoffs and cutoffs on Rprec', () => {
    assert.deepEqual(parseMetricName('ndgc@5'), {
      ok: false,
      message: 'Unknown metric "ndgc@5". Did you mean "nDCG@5"?',
      suggestion: 'nDCG@5',
    });
    assert.equal(parseMetricSpec('P@0').message, 'The cutoff of "P@0" must be a whole number ≥ 1 (or k for every cutoff).');
    assert.equal(parseMetricSpec('Rprec@5').message, 'Rprec takes no cutoff.');
    assert.equal(parseMetricSpec('P').message, 'P needs a cutoff, e.g. P@5.');
  });

  it("expands a fixture's names over its cutoffs: bare P at every k, AP alone without cutoff, AP@k at every k", () => {
    assert.deepEqual(names(expandMetrics(['P', 'AP', 'nDCG@k', 'RR@3'], [1, 5])), ['P@1', 'P@5', 'AP', 'RR@3', 'nDCG@1', 'nDCG@5']);
    assert.deepEqual(names(expandMetrics(undefined, [3])), [
      'P@3',
      'R@3',
      'F1@3',
      'AP@3',
      'AP',
      'RR@3',
      'RR',
      'DCG@3',
      'nDCG@3',
      'nDCG',
      'Rprec',
      'Success@3',
    ]);
  });
});

describe('conventions', () => {
  it('resolves a preset with overrides and names the result', () => {
    const { resolved, problems } = resolveConvention('trec_eval', { gain: 'exponential' });
    assert.deepEqual(problems, []);
    assert.equal(resolved.name, 'trec_eval + gain=exponential');
    assert.deepEqual(resolved.convention, { ...PRESETS.trec_eval, gain: 'exponential' });
  });

  it('reports unknown presets, unknown knobs and bad values instead of throwing', () => {
    const { resolved, problems } = resolveConvention('trec', {});
    assert.equal(resolved.preset, 'trec_eval', 'the alias trec names trec_eval');
    assert.deepEqual(problems, []);
    const bad = resolveConvention('nope', { gian: 'linear', ties: 'random', relevanceThreshold: Infinity });
    assert.equal(bad.resolved.preset, 'trec_eval', 'an unknown preset leaves the built-in default, trec_eval');
    assert.deepEqual(
      bad.problems.map((p) => p.key),
      ['preset', 'gian', 'ties', 'relevanceThreshold'],
    );
    assert.equal(bad.problems[2].message, 'ties takes one of: input, id-desc, id-asc, average, pessimistic, optimistic, pessimistic-each.');
  });

  it('finds presets by alias and spelling', () => {
    assert.equal(findPreset('Spark'), 'mllib');
    assert.equal(findPreset('scikit-learn'), 'sklearn');
    assert.equal(findPreset('TREC-EVAL'), 'trec_eval');
    assert.equal(findPreset('nosuchtool'), undefined);
  });
});

describe('knobs change exactly what they say', () => {
  const labels = listLabels(['a', 'b', 'c']);
  const predictions = listPredictions(['x', 'a', 'y', 'b']);
  const value = (name: string, overrides: Record<string, unknown>) =>
    evaluateCases([{ labels, predictions }], [spec(name)], resolveConvention('seed000', overrides).resolved).cases[0].values[0];

  it('apDenominator: (1/2 + 2/4) over 2 hits, 3 relevant, min(k=4, 3) = 3, min(3, 4 predicted) = 3', () => {
    assert.equal(value('AP@4', { apDenominator: 'hits' }), 0.5);
    assert.equal(value('AP@4', { apDenominator: 'relevant' }), 1 / 3);
    assert.equal(value('AP@2', { apDenominator: 'min-k-relevant' }), 0.5 / 2);
    assert.equal(value('AP@4', { apDenominator: 'min-relevant-predicted' }), 1 / 3);
  });

  it('precisionDenominator: P@10 is 2/10 or 2/4', () => {
    assert.equal(value('P@10', { precisionDenominator: 'k' }), 0.2);
    assert.equal(value('P@10', { precisionDenominator: 'min-k-predicted' }), 0.5);
  });

  it('discount changes DCG but not nDCG', () => {
    assert.equal(value('DCG@2', { discount: 'log2' }), 1 / Math.log2(3));
    assert.equal(value('DCG@2', { discount: 'ln' }), 1 / Math.log(3));
    assert.equal(value('nDCG@4', { discount: 'log2', ideal: 'labels' }), value('nDCG@4', { discount: 'log10', ideal: 'labels' }));
  });

  it('duplicates: first drops the repeat, count counts it, error refuses the case', () => {
    const dup = { labels: listLabels(['a']), predictions: listPredictions(['a', 'a', 'z']) };
    const r = (duplicates: string) =>
      evaluateCases([dup], [spec('R@3'), spec('P@3')], resolveConvention('seed000', { duplicates }).resolved).cases[0].values;
    assert.deepEqual(r('first'), [1, 1 / 3]);
    assert.deepEqual(r('count'), [2, 2 / 3]);
    assert.ok(r('error').every(Number.isNaN));
  });

  it('ties: input order, id descending, id ascending', () => {
    const tie = { labels: listLabels(['b']), predictions: scoredPredictions({ a: 1, b: 1, c: 1 }) };
    const rr = (ties: string) => evaluateCases([tie], [spec('RR')], resolveConvention('seed000', { ties }).resolved).cases[0].values[0];
    assert.equal(rr('input'), 0.5);
    assert.equal(rr('id-desc'), 0.5);
    assert.equal(rr('id-asc'), 0.5);
    const tie2 = { labels: listLabels(['c']), predictions: scoredPredictions({ a: 1, b: 1, c: 1 }) };
    const rr2 = (ties: string) => evaluateCases([tie2], [spec('RR')], resolveConvention('seed000', { ties }).resolved).cases[0].values[0];
    assert.deepEqual(['input', 'id-desc', 'id-asc'].map(rr2), [1 / 3, 1, 1 / 3]);
  });

  it('relevanceThreshold: grade 1 is relevant above 0, not above 1; listed makes grade 0 relevant', () => {
    const graded = { labels: gradedLabels({ a: 1, b: 2, c: 0 }), predictions: listPredictions(['a', 'b', 'c']) };
    const p = (relevanceThreshold: unknown) =>
      evaluateCases([graded], [spec('P@3')], resolveConvention('seed000', { relevanceThreshold }).resolved).cases[0].values[0];
    assert.deepEqual([p(0), p(1), p('listed')], [2 / 3, 1 / 3, 1]);
  });

  it('relevantPool: recall counts unpredicted labels or not', () => {
    assert.equal(value('R@4', { relevantPool: 'labels' }), 2 / 3);
    assert.equal(value('R@4', { relevantPool: 'predicted' }), 1);
  });
});

describe('findings', () => {
  const codes = (input: Parameters<typeof evaluateCase>[0], preset = 'seed000') =>
    evaluateCase(input, [spec('P@5')], PRESETS[preset as keyof typeof PRESETS]).findings.map((f) => [f.code, f.severity, f.part]);

  it('flags empty labels, empty predictions and both, saying what happens to the numbers', () => {
    assert.deepEqual(codes({ labels: [], predictions: listPredictions(['a']) }), [['empty-labels', 'warning', { kind: 'labels' }]]);
    assert.deepEqual(codes({ labels: listLabels(['a']), predictions: [] }), [['empty-predictions', 'warning', { kind: 'predictions' }]]);
    const both = evaluateCase({ labels: [], predictions: [] }, [spec('P@5')], PRESETS.seed000).findings;
    assert.equal(
      both[0].message,
      'No relevant labels and no predictions: every metric is NaN and left out of the means (emptyLabels=nan).',
    );
    const zero = evaluateCase(
      { labels: gradedLabels({ a: 0 }), predictions: listPredictions(['a']) },
      [spec('P@5')],
      PRESETS.trec_eval,
    ).findings;
    assert.equal(
      zero[0].message,
      'No label is relevant (every grade is at or below the threshold): every metric is 0 and counts in the means (emptyLabels=zero).',
    );
  });

  it('flags k larger than the predictions, duplicates, duplicate labels, bad grades and scores', () => {
    const input = {
      labels: [
        { id: 'a', grade: 1 },
        { id: 'a', grade: 2 },
        { id: 'b', grade: NaN },
        { id: 'c', grade: -1 },
      ],
      predictions: [
        { id: 'a', score: 2 },
        { id: 'a', score: 1 },
        { id: 'd', score: Infinity },
        { id: 'e', score: -0.5 },
      ],
    };
    const f = evaluateCase(input, [spec('P@5')], PRESETS.trec_eval).findings;
    assert.deepEqual(
      f.map((x) => [x.code, x.severity, x.part]),
      [
        ['duplicate-label', 'warning', { kind: 'label', index: 1 }],
        ['non-finite-grade', 'error', { kind: 'label', index: 2 }],
        ['non-positive-grade', 'warning', { kind: 'label', index: 3 }],
        ['duplicate-prediction', 'error', { kind: 'prediction', index: 1 }],
        ['non-finite-score', 'error', { kind: 'prediction', index: 2 }],
        ['non-positive-score', 'hint', { kind: 'prediction', index: 3 }],
      ],
      'trec_eval refuses the case (a predicted twice): no cutoff changes anything, so k = 5 is no finding',
    );
    assert.equal(
      f[3].message,
      '"a" is predicted again (first at position 1): duplicates=error refuses the case, so its metrics are NaN and left out (trec_eval stops with an error).',
    );
    assert.deepEqual(f[3].related, [{ part: { kind: 'prediction', index: 0 }, message: 'first prediction of this item' }]);
    // ranx keeps the first a: three predictions are ranked, and k = 5 exceeds them.
    const ranx = evaluateCase(input, [spec('P@5')], PRESETS.ranx).findings;
    assert.equal(
      ranx.find((x) => x.code === 'k-exceeds-predictions')?.message,
      'k = 5 is larger than the 3 predictions: P@5 still divides by 5 (precisionDenominator=k), so it is at most 0.600.',
    );
  });

  it('flags ties only where the tied items differ in grade', () => {
    const f = evaluateCase(
      { labels: listLabels(['b']), predictions: scoredPredictions({ a: 0.5, b: 0.5, c: 0.2, d: 0.2 }) },
      [spec('P@1')],
      PRESETS.trec_eval,
    ).findings;
    assert.deepEqual(
      f.map((x) => x.code),
      ['score-ties'],
    );
    assert.equal(
      f[0].message,
      '2 items share the score 0.5 but differ in grade ("a", "b"): they are ordered by id descending as text (ties=id-desc, trec_eval); another tie rule gives other values.',
    );
    assert.deepEqual(f[0].part, { kind: 'prediction', index: 0 });
  });

  it('says which values depend on the convention, when asked to compare', () => {
    const f = evaluateCase(
      { labels: listLabels([2, 4, 6]), predictions: listPredictions([1, 2, 3, 4, 5]) },
      [spec('P@5'), spec('AP@5')],
      PRESETS.seed000,
      { compare: true },
    ).findings;
    assert.deepEqual(
      f.map((x) => x.code),
      ['convention-dependent'],
    );
    assert.equal(
      f[0].message,
      '1 value depends on the convention. AP@5: trec_eval 0.333, seed000 0.500, ranx 0.333, mllib 0.333, sklearn 0.500, torchmetrics 0.500, seed003 0.500, lenskit 0.333, recommenders 0.333.',
    );
  });
});

describe('comparing presets', () => {
  it("lists every preset's value and marks disagreement (seed 000 user #2)", () => {
    const rows = comparePresets({ labels: listLabels([2, 4, 6]), predictions: listPredictions([1, 2, 3, 4, 5]) }, [
      spec('P@5'),
      spec('AP@5'),
      spec('nDCG@3'),
    ]);
    assert.deepEqual(
      rows.map((r) => [r.metric, r.disagree]),
      [
        ['P@5', false],
        ['AP@5', true],
        ['nDCG@3', true],
      ],
    );
    assert.equal(rows[2].values.seed000, Math.log(2) / Math.log(3));
    assert.equal(rows[2].values.trec_eval, 1 / Math.log2(3) / (1 + 1 / Math.log2(3) + 0.5));
  });

  it('compares means: empty labels are left out under seed000 and count 0 under trec_eval', () => {
    const rows = comparePresetMeans(
      [
        { labels: listLabels(['a']), predictions: listPredictions(['a']) },
        { labels: [], predictions: listPredictions(['a']) },
      ],
      [spec('P@1')],
    );
    assert.deepEqual(rows[0].values, {
      trec_eval: 0.5,
      seed000: 1,
      ranx: 0.5,
      mllib: 0.5,
      sklearn: 0.5,
      torchmetrics: 0.5,
      seed003: 1,
      lenskit: 1,
      recommenders: 1,
    });
  });
});

describe('explanations as Markdown', () => {
  it('shows the hits, the knob and the division for AP@5 (seed 000 user #2)', () => {
    const md = explanationMarkdown(
      explainCase({ labels: listLabels([2, 4, 6]), predictions: listPredictions([1, 2, 3, 4, 5]) }, spec('AP@5'), PRESETS.trec_eval),
    );
    assert.equal(
      md,
      [
        '**AP@5 = 0.333**',
        '`AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = all relevant labels`',
        'Hits:\n\n| rank | item | grade | P@rank |\n|---:|---|---:|---:|\n| 2 | 2 | 1 | 0.500 |\n| 4 | 4 | 1 | 0.500 |',
        '*apDenominator = relevant*: D = all relevant labels = 3',
        '`(1/2 + 2/4) / 3 = 0.333`',
      ].join('\n\n'),
    );
  });

  it('escapes table cells and names, in the preset table, only the presets that differ', () => {
    // "q" is relevant but never predicted: ideals from the labels see it, ideals from the row do not.
    const rows = comparePresets({ labels: listLabels(['a|b', 'q']), predictions: listPredictions(['x', 'a|b']) }, [
      spec('P@2'),
      spec('nDCG@2'),
    ]);
    const md = presetTableMarkdown(rows, { name: 'ranx', values: [rows[0].values.ranx, rows[1].values.ranx] });
    // nDCG@2: 1/log₂3 over 1 + 1/log₂3 = 0.387 with q in the ideal; 0.631 without; LensKit 1 / (1 + 1) = 0.500.
    assert.deepEqual(md.split('\n').slice(2), [
      '| metric | ranx | other presets |',
      '|---|---:|---|',
      '| P@2 | 0.500 | — |',
      '| nDCG@2 | 0.387 | 0.631 seed000, sklearn, torchmetrics; 0.500 lenskit |',
    ]);
    const ex = explanationMarkdown(
      explainCase({ labels: listLabels(['a|b']), predictions: listPredictions(['x', 'a|b']) }, spec('RR'), PRESETS.seed000),
    );
    assert.match(ex, /\| 2 \| a\\\|b \| 1 \| 0\.500 \|/);
  });
});

describe('sorting prediction indices', () => {
  it('orders by key descending with ties in index order, also past the insertion-sort threshold', () => {
    const keys = Float64Array.from([3, 1, 3, -Infinity, 2, 3, 1, 0, 5, 2, 2, 1, 0, 4, 3, 3, 2, 1, 0, 5, 1, 2]);
    const expected = Array.from(keys.keys()).sort((a, b) => keys[b] - keys[a] || a - b);
    assert.deepEqual(Array.from(sortIndicesByKeyDesc(keys)), expected);
  });
});

describe('explanations agree with values', () => {
  it('gives the same number as the fast path for every metric, preset and edge case', () => {
    const inputs = [
      { labels: listLabels([1, 2, 3, 4, 5, 6]), predictions: listPredictions([1, 6, 8]) },
      { labels: listLabels([2, 4, 6]), predictions: listPredictions([1, 2, 3, 4, 5]) },
      { labels: listLabels([2, 4, 6]), predictions: [] },
      { labels: [], predictions: listPredictions([1, 2]) },
      {
        labels: gradedLabels({ a: 3, b: 0, c: 1, d: 2 }),
        predictions: scoredPredictions({ c: 0.9, x: 0.9, a: 0.5, d: 0.5, b: 0.1, a2: -1 }),
      },
      { labels: listLabels(['a']), predictions: listPredictions(['a', 'a', 'b']) },
    ];
    const specs = expandMetrics(undefined, [1, 2, 3, 5, 10]);
    for (const preset of Object.keys(PRESETS) as (keyof typeof PRESETS)[]) {
      const conv = PRESETS[preset];
      inputs.forEach((input, c) => {
        const values = evaluateCase(input, specs, conv).values;
        specs.forEach((s, j) => {
          const ex = explainCase(input, s, conv);
          assert.ok(
            Object.is(ex.value, values[j]) || Math.abs(ex.value - values[j]) < 1e-12,
            `${preset} case ${c} ${metricName(s)}: ${ex.value} vs ${values[j]}`,
          );
        });
      });
    }
  });
});

describe('the values-only ranking', () => {
  // Random cases with many ties, repeats, unlabeled and non-finite scores: the fast path leaves
  // unlabeled items unsorted among themselves, and must still give every value and finding exactly.
  function randomCase(seed: number): CaseInput {
    let a = seed;
    const rand = () => (a = (a * 1103515245 + 12345) % 2147483648) / 2147483648;
    const n = 1 + Math.floor(rand() * (seed % 2 ? 80 : 400));
    const pick = () => `i${Math.floor(rand() * (seed % 2 ? 60 : 2000))}`;
    const labels = Array.from({ length: Math.floor(rand() * 12) }, () => ({
      id: pick(),
      grade: rand() < 0.05 ? NaN : Math.floor(rand() * 4) - (rand() < 0.1 ? 1 : 0),
    }));
    const scores = [0.1, 0.2, 0.3, 0.5, 0.8, NaN, Infinity];
    const predictions = Array.from({ length: n }, () => ({
      id: pick(),
      score: rand() < 0.6 ? scores[Math.floor(rand() * scores.length)] : Math.round(rand() * 1000) / 1000,
    }));
    return { labels, predictions };
  }
  const specs = expandMetrics(undefined, [1, 2, 3, 5, 10, 50]);

  it('gives the same values and findings as the exact ranking, under every preset, on 300 random cases', () => {
    let partial = 0;
    for (let seed = 1; seed <= propertyRuns(300); seed++) {
      const input = randomCase(seed);
      for (const preset of Object.keys(PRESETS) as (keyof typeof PRESETS)[]) {
        const conv = PRESETS[preset];
        const exact = rankCase(input, conv);
        const fast = rankCase(input, conv, { valuesOnly: true });
        specs.forEach((s) => {
          const [x, y] = [metricValue(exact, s, conv), metricValue(fast, s, conv)];
          assert.ok(Object.is(x, y) || Math.abs(x - y) < 1e-12, `seed ${seed} ${preset} ${metricName(s)}: ${x} vs ${y}`);
        });
        assert.deepEqual(
          caseFindings(input, fast, specs, conv),
          caseFindings(input, exact, specs, conv),
          `seed ${seed} ${preset} findings`,
        );
        if (fast.order.some((v, i) => v !== exact.order[i])) partial++;
      }
    }
    // The shortcut really left unlabeled items unsorted in many of them.
    assert.ok(partial > 100, `only ${partial} rankings differed`);
  });
});
