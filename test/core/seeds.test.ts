/** Seeds 001, 002 and 004 (../shared/seeds/), each under the knobs that match its own definitions. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { resolveConvention } from '../../shared/core/conventions';
import { dcg, idcg } from '../../shared/core/metrics/dcg';
import { evaluateCases } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { rankCase } from '../../shared/core/ranking';
import { assertPrinted } from '../helpers/printed';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);

describe('seed 002: one eight-document ranking, k = 1..8', () => {
  // Exponential gain over log2, ideal from all relevant documents, AP@k over the hits in the top k.
  const { resolved } = resolveConvention('seed000', { discount: 'log2', ideal: 'labels' });
  const fixture = {
    labels: listLabels(['00', '02', '05', '06']),
    predictions: scoredPredictions({ '06': 0.9, '03': 0.85, '05': 0.71, '00': 0.63, '04': 0.47, '02': 0.36, '01': 0.24, '07': 0.16 }),
  };
  // Columns: P, R, F1, AP@k, DCG, IDCG, nDCG, as the seed prints them.
  const table = [
    ['1.0', '0.25', '0.40', '1.0', '1.0', '1.0', '1.0'],
    ['0.50', '0.25', '0.33', '1.0', '1.0', '1.63', '0.61'],
    // F1@3: the seed prints 0.62, but its own formula gives 2·(2/3)·(1/2) / (2/3 + 1/2) = 4/7 = 0.571.
    // The formula wins.
    ['0.66', '0.50', '0.57', '0.83', '1.5', '2.13', '0.70'],
    ['0.75', '0.75', '0.75', '0.81', '1.93', '2.56', '0.75'],
    ['0.60', '0.75', '0.66', '0.81', '1.93', '2.56', '0.75'],
    ['0.66', '1.0', '0.80', '0.77', '2.29', '2.56', '0.89'],
    ['0.57', '1.0', '0.73', '0.77', '2.29', '2.56', '0.89'],
    ['0.50', '1.0', '0.66', '0.77', '2.29', '2.56', '0.89'],
  ];

  for (let k = 1; k <= 8; k++) {
    it(`reproduces the row for k = ${k}`, () => {
      const row = table[k - 1];
      const ev = evaluateCases([fixture], specs(`P@${k}`, `R@${k}`, `F1@${k}`, `AP@${k}`, `DCG@${k}`, `nDCG@${k}`), resolved);
      const [p, r, f, ap, d, n] = ev.cases[0].values;
      const rc = rankCase(fixture, resolved.convention);
      assertPrinted(p, row[0], 'P');
      assertPrinted(r, row[1], 'R');
      assertPrinted(f, row[2], 'F1');
      assertPrinted(ap, row[3], 'AP');
      assertPrinted(d, row[4], 'DCG');
      assertPrinted(idcg(rc, k, resolved.convention), row[5], 'IDCG');
      assertPrinted(n, row[6], 'nDCG');
      assert.equal(d, dcg(rc, k, resolved.convention));
    });
  }

  it('gives the full AP of 0.77 the seed computes step by step (RunningSum 3.076 / 4)', () => {
    assertPrinted(evaluateCases([fixture], specs('AP'), resolved).cases[0].values[0], '0.77');
  });
});

describe('seed 001: two three-item feeds, linear gain over log10, ideal from the labels', () => {
  const { resolved } = resolveConvention('seed000', { gain: 'linear', discount: 'log10', ideal: 'labels' });
  const feedA = listPredictions(['Nike sneakers', 'Adidas shorts', 'Apple watch']);
  const feedB = listPredictions(['Apple watch', 'Adidas shorts', 'Nike sneakers']);
  const k = 3;

  it('binary: IDCG 5.417, DCG 3.756 and nDCG 0.693 for A, DCG 5.417 and nDCG 1 for B', () => {
    const labels = listLabels(['Apple watch', 'Adidas shorts']);
    const a = rankCase({ labels, predictions: feedA }, resolved.convention);
    const b = rankCase({ labels, predictions: feedB }, resolved.convention);
    // The seed truncates: IDCG = 1/log10(2) + 1/log10(3) = 5.4178, DCG(A) = 3.7569.
    assertPrinted(idcg(a, k, resolved.convention), '5.417');
    assertPrinted(dcg(a, k, resolved.convention), '3.756');
    assertPrinted(dcg(b, k, resolved.convention), '5.417');
    const ev = evaluateCases(
      [
        { labels, predictions: feedA },
        { labels, predictions: feedB },
      ],
      specs('nDCG@3', 'AP', 'RR'),
      resolved,
    );
    assertPrinted(ev.cases[0].values[0], '0.693');
    assertPrinted(ev.cases[1].values[0], '1');
    // mAP: A = (1/2 + 2/3)/2 = 0.58, B = 1; MRR: A = 0.5, B = 1.
    assertPrinted(ev.cases[0].values[1], '0.58');
    assertPrinted(ev.cases[1].values[1], '1');
    assertPrinted(ev.cases[0].values[2], '0.5');
    assertPrinted(ev.cases[1].values[2], '1');
  });

  it('graded (watch 1, shorts 5, sneakers 3): IDCG 24.55, nDCG 0.9 for A and 0.764 for B', () => {
    const labels = gradedLabels({ 'Apple watch': 1, 'Adidas shorts': 5, 'Nike sneakers': 3 });
    const a = rankCase({ labels, predictions: feedA }, resolved.convention);
    const b = rankCase({ labels, predictions: feedB }, resolved.convention);
    assertPrinted(idcg(a, k, resolved.convention), '24.55');
    // The seed prints DCG(A) = 22.104; 3/log10(2) + 5/log10(3) + 1/log10(4) = 22.1063. The formula wins.
    assertPrinted(dcg(a, k, resolved.convention), '22.106');
    assertPrinted(dcg(b, k, resolved.convention), '18.78');
    const ev = evaluateCases(
      [
        { labels, predictions: feedA },
        { labels, predictions: feedB },
      ],
      specs('nDCG@3'),
      resolved,
    );
    assertPrinted(ev.cases[0].values[0], '0.9');
    // 18.784 / 24.558 = 0.76489: the seed truncates to 0.764.
    assertPrinted(ev.cases[1].values[0], '0.764');
    // The seed's prose says A has the higher binary nDCG; its own numbers (0.693 vs 1) say B. Graded, A wins.
    assert.ok(ev.cases[0].values[0] > ev.cases[1].values[0]);
  });
});

describe('seed 004: MRR worked example', () => {
  // Four users whose first relevant item sits at rank 1, 3, 6 and 2.
  const firstHitAt = (rank: number) => ({
    labels: listLabels(['hit']),
    predictions: listPredictions([...Array.from({ length: rank - 1 }, (_, i) => `miss${i}`), 'hit', 'after']),
  });
  const users = [1, 3, 6, 2].map(firstHitAt);
  const { resolved } = resolveConvention('seed000');

  it('gives MRR = (1 + 0.33 + 0.17 + 0.5)/4 = 0.5 and MRR@5 = (1 + 0.33 + 0 + 0.5)/4 ≈ 0.458', () => {
    const ev = evaluateCases(users, specs('RR', 'RR@5'), resolved);
    assertPrinted(ev.mean[0], '0.5');
    assertPrinted(ev.mean[1], '0.458');
    assert.deepEqual(
      ev.cases.map((c) => c.values[1]),
      [1, 1 / 3, 0, 0.5],
    );
  });
});
