/** The trec_eval name of each spec trec_eval also computes (as trec_eval -m prints it), and none for the rest. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { MetricSpec, parseMetricSpec } from '../../shared/core/metricNames';
import { trecEvalName, trecMeasure } from '../../shared/core/trecEvalNames';

const name = (text: string) => trecEvalName(parseMetricSpec(text).spec!)?.name ?? '-';

describe('trec_eval names', () => {
  it('names cutoffs, levels and the measures without parameters', () => {
    const rows: [string, string][] = [
      ['P@5', 'P_5'],
      ['AP', 'map'],
      ['AP@10', 'map_cut_10'],
      ['nDCG', 'ndcg'],
      ['nDCG@10', 'ndcg_cut_10'],
      ['Success@1', 'success_1'],
      ['Unjudged@5', 'unj_5'],
      ['Rprec', 'Rprec'],
      ['num_ret', 'num_ret'],
      ['11ptAvg', '11pt_avg'],
      ['IPrec@0.5', 'iprec_at_recall_0.50'],
      ['RprecMult@2', 'Rprec_mult_2.00'],
    ];
    for (const [text, expected] of rows) assert.equal(name(text), expected, text);
  });

  it("writes a parameter only where it differs from trec_eval's default", () => {
    const rows: [string, string][] = [
      ['SetF', 'set_F'],
      ['SetF(beta=1)', 'set_F'],
      ['SetF(beta=0.5)', 'set_F_0.5'],
      ['Utility', 'utility'],
      ['Utility(a=1)', 'utility'],
      ['Utility(a=2)', 'utility_2,-1,0,0'],
      ['RBP', 'rbp'],
      ['RBP(p=0.9)', 'rbp'],
      ['RBP(p=0.8)', 'rbp_p=0.8'],
      ['RBPresid(p=0.5)', 'rbp_resid_p=0.5'],
    ];
    for (const [text, expected] of rows) assert.equal(name(text), expected, text);
  });

  it('has no name for what trec_eval does not compute: RR@5, RBP@5, ERR, rel=, a level measure without a level', () => {
    for (const text of ['RR@5', 'RBP@5', 'ERR@5', 'P(rel=2)@5', 'nDCG(gain1=3)']) assert.equal(name(text), '-', text);
    const noLevel: MetricSpec = { family: 'IPrec', k: null };
    assert.equal(trecEvalName(noLevel), undefined);
  });

  it('gives the print order and looks measures up case-sensitively', () => {
    assert.deepEqual(
      ['num_q', 'map', 'P_5'].map((n) => trecEvalName(parseMetricSpec(n).spec!)?.order),
      [0, 4, 10],
    );
    assert.equal(trecMeasure('ndcg_cut')?.family, 'nDCG');
    assert.equal(trecMeasure('NDCG'), undefined);
  });
});
