/**
 * Seed 003 (../shared/seeds/003_8c592ec6ab21d639.txt) gives Python instead of tables. Its functions
 * (precision_k, recall_k, f1_score, ap_k, rr_k, ndcg_k) were run under numpy 2.4 on the five users
 * below at k = 3 and 5; the values are written out here with the arithmetic behind each. The seed003
 * preset must reproduce every one. Where the prose and the code could part (AP's "n is the number of
 * relevant items in the entire recommendation set"), the code wins: ap_k divides by the hits in the
 * top k, and gives nan when there is none.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listLabels, listPredictions } from '../helpers/caseBuilders';
import { PRESETS, resolveConvention } from '../../shared/core/conventions';
import { evaluateCases, explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { assertClose } from '../helpers/printed';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const { resolved } = resolveConvention('seed003');
const log2 = Math.log2;

const USERS = {
  // The seed's own System A and System B: relevant items 2 and 6.
  A: { labels: listLabels(['2', '6']), predictions: listPredictions(['6', '2', '1', '0', '3']) },
  B: { labels: listLabels(['2', '6']), predictions: listPredictions(['4', '1', '7', '2', '6']) },
  // Relevant items, but none in the top 3 (first hit at rank 4).
  C: { labels: listLabels(['7', '9']), predictions: listPredictions(['1', '2', '3', '7', '5']) },
  // Graded: ndcg_k(['a','b','c'], [3, 1, 2], ['b','x','a','c','y'], k).
  D: { labels: gradedLabels({ a: 3, b: 1, c: 2 }), predictions: listPredictions(['b', 'x', 'a', 'c', 'y']) },
  // Two predictions for k = 3 and 5.
  E: { labels: listLabels(['1', '2', '3']), predictions: listPredictions(['3', '4']) },
};
const users = Object.values(USERS);
const NAMES = ['P', 'R', 'F1', 'AP', 'RR', 'nDCG'];

/** Per user A..E: P, R, F1, AP, RR, nDCG as seed 003's functions return them (NaN: np.nan or ZeroDivisionError). */
const AT_3: number[][] = [
  // A: hits at 1 and 2. P = 2/3, R = 2/2, F1 = 2·(2/3)·1/(5/3) = 0.8, AP = mean(1/1, 2/2) = 1, nDCG = 1.
  [2 / 3, 1, 0.8, 1, 1, 1],
  // B: no hit in the top 3. f1_score raises ZeroDivisionError (0.0/0.0), ap_k is np.mean([]) = nan.
  [0, 0, NaN, NaN, 0, 0],
  // C: the same shape: relevant items exist, none in the top 3.
  [0, 0, NaN, NaN, 0, 0],
  // D: hits b (1) and a (3). AP = mean(1/1, 2/3) = 0.8333. DCG = 1/log2(2) + 0 + 3/log2(4) = 2.5;
  // IDCG = 3/log2(2) + 2/log2(3) + 1/log2(4) = 4.76186; nDCG = 0.52500.
  [2 / 3, 2 / 3, 2 / 3, (1 + 2 / 3) / 2, 1, 2.5 / (3 + 2 / log2(3) + 0.5)],
  // E: two predictions, k = 3: P = 1/3 (÷ k, not ÷ 2), R = 1/3, AP = mean(1/1) = 1;
  // nDCG = 1 / (1 + 1/log2(3) + 1/log2(4)) = 0.46928 (the ideal is all three items, cut at k).
  [1 / 3, 1 / 3, 1 / 3, 1, 1, 1 / (1 + 1 / log2(3) + 0.5)],
];
const AT_5: number[][] = [
  // A: P = 2/5, F1 = 2·0.4·1/1.4 = 0.571429.
  [0.4, 1, 0.8 / 1.4, 1, 1, 1],
  // B: hits at 4 and 5. AP = mean(1/4, 2/5) = 0.325, RR = 1/4; nDCG = (1/log2(5) + 1/log2(6)) / (1 + 1/log2(3)) = 0.501266.
  [0.4, 1, 0.8 / 1.4, 0.325, 0.25, (1 / log2(5) + 1 / log2(6)) / (1 + 1 / log2(3))],
  // C: one hit at 4: P = 1/5, R = 1/2, F1 = 0.2/0.7 = 0.285714, AP = 1/4; nDCG = (1/log2(5)) / (1 + 1/log2(3)) = 0.264068.
  [0.2, 0.5, 0.2 / 0.7, 0.25, 0.25, 1 / log2(5) / (1 + 1 / log2(3))],
  // D: hits at 1, 3, 4: P = 3/5, R = 1, F1 = 1.2/1.6 = 0.75, AP = mean(1, 2/3, 3/4) = 0.805556;
  // DCG = 1 + 3/2 + 2/log2(5) = 3.36135, IDCG as at k = 3 (three graded items): nDCG = 0.705891.
  [0.6, 1, 0.75, (1 + 2 / 3 + 3 / 4) / 3, 1, (2.5 + 2 / log2(5)) / (3 + 2 / log2(3) + 0.5)],
  // E: P = 1/5, R = 1/3, F1 = (2/15)/(8/15) = 0.25; the nDCG ideal is still cut at k items.
  [0.2, 1 / 3, 0.25, 1, 1, 1 / (1 + 1 / log2(3) + 0.5)],
];

describe('seed 003 under the seed003 preset', () => {
  for (const [k, table] of [
    [3, AT_3],
    [5, AT_5],
  ] as const) {
    it(`reproduces P, R, F1, AP, RR and nDCG at k = ${k} for users A..E`, () => {
      const ev = evaluateCases(users, specs(...NAMES.map((n) => `${n}@${k}`)), resolved);
      table.forEach((row, u) => row.forEach((want, j) => assertClose(ev.cases[u].values[j], want, `user ${'ABCDE'[u]} ${ev.names[j]}`)));
    });
  }

  it('leaves the NaN APs out of MAP@3 and says how many: (1 + 0.8333 + 1) / 3 = 0.9444 over 3 users, 2 left out', () => {
    // The seed's own map_k is np.mean over all five and so returns nan here; the preset follows
    // emptyLabels=nan instead: NaN values leave the mean and the mean reports the count.
    const ev = evaluateCases(users, specs('AP@3', 'F1@3', 'RR@3', 'AP@5'), resolved);
    assertClose(ev.mean[0], (1 + (1 + 2 / 3) / 2 + 1) / 3);
    assert.deepEqual(ev.excluded, [2, 2, 0, 0]);
    // mrr_k at 3: (1 + 0 + 0 + 1 + 1) / 5 = 0.6; map_k at 5 = 0.676111 (numpy agrees: no NaN at k = 5).
    assertClose(ev.mean[2], 0.6);
    assertClose(ev.mean[3], (1 + 0.325 + 0.25 + (1 + 2 / 3 + 3 / 4) / 3 + 1) / 5);
  });

  it("renders a user with no labels as NaN (the seed's recall_k raises ZeroDivisionError, ap_k returns nan)", () => {
    const ev = evaluateCases([{ labels: [], predictions: listPredictions(['1']) }], specs('P@3', 'R@3', 'AP@3', 'nDCG@3'), resolved);
    assert.ok(ev.cases[0].values.every(Number.isNaN));
    assert.deepEqual(ev.excluded, [1, 1, 1, 1]);
  });

  it('counts a label of grade 0 as relevant for P (`item in relevant`) while it gains nothing in nDCG', () => {
    const input = { labels: gradedLabels({ a: 0, b: 2 }), predictions: listPredictions(['a', 'b']) };
    const ev = evaluateCases([input], specs('P@2', 'nDCG@2'), resolved);
    assertClose(ev.cases[0].values[0], 1);
    // DCG = 0 + 2/log2(3); IDCG = 2 + 0.
    assertClose(ev.cases[0].values[1], 2 / log2(3) / 2);
  });

  it('explains the NaN AP@3 of user B with the noHit knob', () => {
    const ex = explainCase(USERS.B, specs('AP@3')[0], PRESETS.seed003);
    assert.ok(Number.isNaN(ex.value));
    assert.deepEqual(
      ex.knobs.map((k) => k.knob),
      ['apDenominator', 'noHit'],
    );
    assert.equal(ex.arithmetic, 'no hit in the top 3, so AP = NaN, left out of the means (noHit=nan)');
    const f1 = explainCase(USERS.B, specs('F1@3')[0], PRESETS.seed003);
    assert.ok(Number.isNaN(f1.value));
    assert.equal(f1.arithmetic, 'P@k = R@k = 0, so F1 = NaN, left out of the means (noHit=nan)');
  });

  it('differs from the closest older convention only where nothing hits', () => {
    // {default, gain: linear, discount: log2, ideal: labels} says 0 where seed 003 says NaN.
    const { resolved: older } = resolveConvention('seed000', { gain: 'linear', discount: 'log2', ideal: 'labels' });
    const ev = evaluateCases(users, specs('F1@3', 'AP@3', 'AP@5'), older);
    assert.deepEqual(ev.cases[1].values, [0, 0, 0.325]);
    const { resolved: nan } = resolveConvention('seed000', { gain: 'linear', discount: 'log2', ideal: 'labels', noHit: 'nan' });
    const withNan = evaluateCases(users, specs('F1@3', 'AP@3', 'AP@5'), nan);
    assert.ok(Number.isNaN(withNan.cases[1].values[0]) && Number.isNaN(withNan.cases[1].values[1]));
    assert.equal(withNan.cases[1].values[2], 0.325);
  });
});
