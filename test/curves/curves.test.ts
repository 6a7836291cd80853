/**
 * Metric curves on seed 000's five users (../shared/seeds/000_7ec1ce784fa54d29.txt), worked by hand:
 *   user1 labels {1..6}, predictions [1, 6, 8]      → hits at ranks 1 and 2, R = 6
 *   user2 labels {2, 4, 6}, predictions [1, 2, 3, 4, 5] → hits at ranks 2 and 4, R = 3
 *   user3 labels {2, 4, 6}, no predictions         → 0 everywhere
 *   user4, user5 no labels                          → NaN (seed000, left out) or 0 (trec_eval, counted)
 */
import { SEED000_USERS } from '../fixtures/seed000';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, resolveConvention } from '../../shared/core/conventions';
import { CurveSeries, MAX_CURVE_K, MetricCurves, curveFamilies, fixtureCurves, metricCurves } from '../../shared/curves/curves';
import { evaluateCases } from '../../shared/core/evaluate';
import { evaluateFixture } from '../../shared/evaluation/fixtureEvaluation';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { parseFixture } from '../../shared/fixture/parse';

const users = [...SEED000_USERS];

const seed000Convention = { name: 'seed000', convention: PRESETS.seed000 };
const trecEval = { name: 'trec_eval', convention: PRESETS.trec_eval };

/** The one series of a family, convention and scope. */
function series(curves: MetricCurves, family: string, convention: string, scope: CurveSeries['scope']): CurveSeries {
  const found = curves.curves.find((c) => c.family === family)?.series.filter((s) => s.convention === convention && s.scope === scope);
  assert.equal(found?.length, 1, `one ${family} series for ${convention}, ${scope}`);
  return found![0];
}

/** Exact to 1e-12, NaN equal to NaN. */
function assertSeries(actual: readonly number[], expected: readonly number[], what: string): void {
  assert.equal(actual.length, expected.length, `${what}: length`);
  actual.forEach((v, i) => {
    const ok = Number.isNaN(expected[i]) ? Number.isNaN(v) : Math.abs(v - expected[i]) <= 1e-12;
    assert.ok(ok, `${what} at k = ${i + 1}: expected ${expected[i]}, got ${v}`);
  });
}

describe('metricCurves on seed 000', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const curves = () => metricCurves(users, ['P', 'R', 'AP', 'RR', 'Success'], 5, [seed000Convention, trecEval], 1, 'user2');

  it('draws one mean and one case series per convention for each family', () => {
    assert.deepEqual(
      curves().curves.map((c) => c.family),
      ['P', 'R', 'AP', 'RR', 'Success'],
    );
    for (const c of curves().curves) {
      assert.deepEqual(
        c.series.map((s) => `${s.convention}, ${s.label}`),
        ['seed000, mean', 'seed000, user2', 'trec_eval, mean', 'trec_eval, user2'],
      );
    }
    assert.equal(curves().maxK, 5);
    assert.equal(curves().caseCount, 5);
    assert.equal(curves().caseLabel, 'user2');
  });

  it('P@k mean under seed000: users 4 and 5 are NaN and left out, so the mean is over three users', () => {
    // k:      1        2            3              4              5
    // user1:  1/1      2/2          2/3            2/4            2/5
    // user2:  0/1      1/2          1/3            2/4            2/5
    // user3:  0        0            0              0              0
    const p = series(curves(), 'P', 'seed000', 'mean');
    assertSeries(p.values, [1 / 3, 1.5 / 3, 1 / 3, 1 / 3, 4 / 15], 'seed000 P mean');
    assert.deepEqual(p.excluded, [2, 2, 2, 2, 2]);
  });

  it('P@k mean under trec_eval: the empty-label users count 0, so the mean is over five users', () => {
    const p = series(curves(), 'P', 'trec_eval', 'mean');
    assertSeries(p.values, [1 / 5, 1.5 / 5, 1 / 5, 1 / 5, 0.8 / 5], 'trec_eval P mean');
    assert.deepEqual(p.excluded, [0, 0, 0, 0, 0]);
  });

  it('R@k mean: user1 recalls 1/6 then 2/6, user2 0, 1/3, 1/3, 2/3, 2/3', () => {
    assertSeries(series(curves(), 'R', 'seed000', 'mean').values, [1 / 18, 2 / 9, 2 / 9, 1 / 3, 1 / 3], 'seed000 R mean');
    assertSeries(series(curves(), 'R', 'trec_eval', 'mean').values, [1 / 30, 2 / 15, 2 / 15, 1 / 5, 1 / 5], 'trec_eval R mean');
  });

  it('AP@k for user2 divides by the hits (seed000) or by R = 3 (trec_eval)', () => {
    // Hits at ranks 2 and 4: precisions 1/2 and 2/4.
    assertSeries(series(curves(), 'AP', 'seed000', 'case').values, [0, 0.5, 0.5, 0.5, 0.5], 'seed000 AP user2');
    assertSeries(series(curves(), 'AP', 'trec_eval', 'case').values, [0, 1 / 6, 1 / 6, 1 / 3, 1 / 3], 'trec_eval AP user2');
  });

  it('AP@k mean: user1 is 1 then 1 (÷ hits) or 1/6 then 1/3 (÷ R = 6)', () => {
    assertSeries(series(curves(), 'AP', 'seed000', 'mean').values, [1 / 3, 0.5, 0.5, 0.5, 0.5], 'seed000 AP mean');
    assertSeries(series(curves(), 'AP', 'trec_eval', 'mean').values, [1 / 30, 0.1, 0.1, 2 / 15, 2 / 15], 'trec_eval AP mean');
  });

  it('RR@k and Success@k step up at k = 2, where user2 finds its first hit', () => {
    assertSeries(series(curves(), 'RR', 'seed000', 'mean').values, [1 / 3, 0.5, 0.5, 0.5, 0.5], 'seed000 RR mean');
    assertSeries(series(curves(), 'RR', 'trec_eval', 'mean').values, [0.2, 0.3, 0.3, 0.3, 0.3], 'trec_eval RR mean');
    assertSeries(series(curves(), 'Success', 'seed000', 'case').values, [0, 1, 1, 1, 1], 'seed000 Success user2');
    assertSeries(series(curves(), 'Success', 'seed000', 'mean').values, [1 / 3, 2 / 3, 2 / 3, 2 / 3, 2 / 3], 'seed000 Success mean');
  });

  it('a case with no labels is NaN at every k under seed000 and 0 under trec_eval', () => {
    const user4 = metricCurves(users, ['P'], 3, [seed000Convention, trecEval], 3, 'user4');
    assertSeries(series(user4, 'P', 'seed000', 'case').values, [NaN, NaN, NaN], 'seed000 P user4');
    assertSeries(series(user4, 'P', 'trec_eval', 'case').values, [0, 0, 0], 'trec_eval P user4');
  });

  it('equals the evaluation of the same cases at every k (the curve is the readout, k by k)', () => {
    const all = metricCurves(users, ['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Success'], 5, [trecEval]);
    const names = all.curves.flatMap((c) => [1, 2, 3, 4, 5].map((k) => `${c.family}@${k}`));
    const ev = evaluateCases(
      users,
      names.map((n) => parseMetricSpec(n).spec!),
      resolveConvention('trec_eval').resolved,
    );
    for (const c of all.curves) {
      const mean = [1, 2, 3, 4, 5].map((k) => ev.mean[ev.names.indexOf(`${c.family}@${k}`)]);
      assert.deepEqual(c.series[0].values, mean, c.family);
    }
  });
});

describe('metricCurves arguments', () => {
  it('keeps only families with a cutoff, once each, in the usual order', () => {
    assert.deepEqual(curveFamilies(['nDCG', 'Rprec', 'P', 'P']), ['P', 'nDCG']);
    const curves = metricCurves(users, ['Rprec'], 3, [seed000Convention]);
    assert.equal(curves.curves.length, 0);
  });

  it('gives only the mean without a case, one series per convention', () => {
    const curves = metricCurves(users, ['nDCG'], 2, [seed000Convention, trecEval, { name: 'ranx', convention: PRESETS.ranx }]);
    assert.deepEqual(
      curves.curves[0].series.map((s) => `${s.convention}, ${s.label}`),
      ['seed000, mean', 'trec_eval, mean', 'ranx, mean'],
    );
    assert.equal(curves.caseLabel, undefined);
  });

  it(`stops at k = ${MAX_CURVE_K} and says how far the fixture asked`, () => {
    const curves = metricCurves(users, ['P'], 1000, [seed000Convention]);
    assert.equal(curves.maxK, MAX_CURVE_K);
    assert.equal(curves.requestedMaxK, 1000);
    assert.equal(curves.curves[0].series[0].values.length, MAX_CURVE_K);
    // Past user2's five predictions nothing new is found: P@100 = (2/100 + 2/100 + 0) / 3.
    assert.ok(Math.abs(curves.curves[0].series[0].values[99] - 4 / 300) <= 1e-12);
  });

  it('refuses a k below 1 and a case that does not exist', () => {
    assert.throws(() => metricCurves(users, ['P'], 0, [seed000Convention]), RangeError);
    assert.throws(() => metricCurves(users, ['P'], 2.5, [seed000Convention]), RangeError);
    assert.throws(() => metricCurves(users, ['P'], 3, [seed000Convention], 5), /caseIndex 5 is not one of the 5 cases/);
  });

  it('names the case by its place when no label is given', () => {
    assert.equal(metricCurves(users, ['P'], 1, [seed000Convention], 0).caseLabel, 'case 1');
  });
});

describe('fixtureCurves', () => {
  const text = [
    'k: [1, 3]',
    'metrics: [P, AP, Rprec]',
    'convention: trec_eval',
    'cases:',
    '  - id: user1',
    '    labels: [1, 2, 3, 4, 5, 6]',
    '    predictions: [1, 6, 8]',
    '  - id: user2',
    '    labels: [2, 4, 6]',
    '    predictions: [1, 2, 3, 4, 5]',
    '',
  ].join('\n');
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const fe = () => evaluateFixture(parseFixture(text, 'yaml').fixtures[0]);

  it('draws every family of the fixture that takes a cutoff (AP too, listed without one) up to its largest k', () => {
    const curves = fixtureCurves(fe(), { caseIndex: 1 });
    assert.deepEqual(
      curves.curves.map((c) => c.family),
      ['P', 'AP'],
    );
    assert.equal(curves.maxK, 3);
    assert.deepEqual(curves.conventions, ['trec_eval']);
    assert.equal(curves.caseLabel, 'user2');
    // user2 under trec_eval: AP@k = 0, 1/6, 1/6.
    assertSeries(series(curves, 'AP', 'trec_eval', 'case').values, [0, 1 / 6, 1 / 6], 'AP user2');
  });

  it("compares: the fixture's convention first, then every other preset once", () => {
    const curves = fixtureCurves(fe(), { compare: true });
    assert.deepEqual(curves.conventions, [
      'trec_eval',
      'seed000',
      'ranx',
      'mllib',
      'sklearn',
      'torchmetrics',
      'seed003',
      'lenskit',
      'recommenders',
    ]);
    assert.equal(curves.curves[0].series.length, 9);
  });
});
