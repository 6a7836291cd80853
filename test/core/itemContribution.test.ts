/**
 * What one predicted item adds to each metric (the hover on a predicted item), worked out by hand on
 * one trec_eval case: labels a = 3, b = 1, c = 0 (R = 2), ranking x a c b, x unlabeled.
 * Linear gains over log₂: IDCG@3 = 3 + 1/log₂3 = 3.630930.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Convention, PRESETS } from '../../shared/core/conventions';
import { itemContributions, rankOfPrediction } from '../../shared/core/itemContribution';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { rankCase } from '../../shared/core/ranking';
import { gradedLabels, listPredictions } from '../helpers/caseBuilders';

const CASE: CaseInput = { labels: gradedLabels({ a: 3, b: 1, c: 0 }), predictions: listPredictions(['x', 'a', 'c', 'b']) };
const SPECS = ['P@2', 'R@3', 'F1@2', 'AP', 'gmAP', 'RR', 'Success@2', 'DCG@3', 'nDCG@3', 'Rprec', 'Bpref', 'NumRelRet', 'RBPresid'];
const L3 = 1 / Math.log2(3);

function at(
  rank: number,
  c: CaseInput = CASE,
  conv: Convention = PRESETS.trec_eval,
  names: string[] = SPECS,
): [string, number | null, string][] {
  return itemContributions(
    rankCase(c, conv),
    rank,
    names.map((n) => parseMetricSpec(n).spec!),
    conv,
  ).map((x) => [x.metric, x.amount === null ? null : Math.round(x.amount * 1e6) / 1e6, x.how]);
}

describe('what a predicted item adds', () => {
  it('a at rank 2, the first hit: P@2 1/2, AP (1/2)/2, RR 1/2, DCG 3 · 0.631, nDCG 1.892789 / 3.630930, bpref 1/2', () => {
    assert.deepEqual(at(2), [
      ['P@2', 0.5, '1 hit / 2'],
      ['R@3', 0.5, '1 hit / 2'],
      ['F1@2', null, 'a hit: counts in both P and R'],
      ['AP', 0.25, 'P@2 = 0.500, / D = 2'],
      ['gmAP', 0.25, 'P@2 = 0.500, / D = 2'],
      ['RR', 0.5, 'the first hit: 1 / 2'],
      ['Success@2', 1, 'the first hit'],
      ['DCG@3', Math.round(3 * L3 * 1e6) / 1e6, '3.000 · 0.631'],
      ['nDCG@3', Math.round(((3 * L3) / (3 + L3)) * 1e6) / 1e6, '3.000 · 0.631 / IDCG 3.631'],
      ['Rprec', 0.5, '1 hit / 2'],
      ['Bpref', 0.5, '1 / 2'],
      ['NumRelRet', 1, '1'],
      ['RBPresid', 0, 'adds nothing'],
    ]);
  });

  it('b at rank 4: outside the cutoffs and R = 2, the second hit for AP (P@4 = 2/4), after one judged non-relevant for bpref', () => {
    assert.deepEqual(at(4), [
      ['P@2', 0, 'outside the top 2'],
      ['R@3', 0, 'outside the top 3'],
      ['F1@2', 0, 'outside the top 2'],
      ['AP', 0.25, 'P@4 = 0.500, / D = 2'],
      ['gmAP', 0.25, 'P@4 = 0.500, / D = 2'],
      ['RR', 0, 'not the first hit'],
      ['Success@2', 0, 'outside the top 2'],
      ['DCG@3', 0, 'outside the top 3'],
      ['nDCG@3', 0, 'outside the top 3'],
      ['Rprec', 0, 'outside the top 2'],
      ['Bpref', 0, '0 / 2'],
      ['NumRelRet', 1, '1'],
      ['RBPresid', 0, 'adds nothing'],
    ]);
  });

  it('x at rank 1, unlabeled: nothing to the hits, gain 0 at discount 1, and (1 − 0.9) · 0.9⁰ = 0.1 to the RBP residual', () => {
    assert.deepEqual(at(1), [
      ['P@2', 0, 'not relevant'],
      ['R@3', 0, 'not relevant'],
      ['F1@2', null, 'not relevant'],
      ['AP', 0, 'not relevant'],
      ['gmAP', 0, 'not relevant'],
      ['RR', 0, 'not relevant'],
      ['Success@2', 0, 'not relevant'],
      ['DCG@3', 0, '0.000 · 1.000'],
      ['nDCG@3', 0, '0.000 · 1.000 / IDCG 3.631'],
      ['Rprec', 0, 'not relevant'],
      ['Bpref', 0, 'adds nothing'],
      ['NumRelRet', 0, 'adds nothing'],
      ['RBPresid', 0.1, '0.100'],
    ]);
  });

  it("says IDCG = 0 when the top k predicted hold no gain (ideal=top-k), and gives the fixed value's reason with no relevant label", () => {
    assert.deepEqual(
      at(1, { labels: gradedLabels({ b: 1 }), predictions: listPredictions(['x', 'y', 'b']) }, PRESETS.seed000, ['nDCG@2']),
      [['nDCG@2', 0, 'IDCG = 0']],
    );
    assert.deepEqual(at(1, { labels: [], predictions: listPredictions(['a']) }, PRESETS.trec_eval, ['P@1']), [
      ['P@1', null, 'no relevant label: 0, counted in the means (emptyLabels=zero)'],
    ]);
  });

  it('finds the rank of each prediction, or null for a repeat the convention drops', () => {
    const rc = rankCase(
      { labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a', 'b', 'a']) },
      { ...PRESETS.trec_eval, duplicates: 'first' },
    );
    assert.deepEqual(
      [0, 1, 2].map((p) => rankOfPrediction(rc, p)),
      [1, 2, null],
    );
  });
});
