/**
 * "No relevant label" is not "no labels": a case whose labels are all judged non-relevant is fixed by
 * emptyLabels exactly like a case without labels, but the counts that need no relevant item still
 * count, and the finding says which of the two it is.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { gradedLabels, listPredictions } from '../helpers/caseBuilders';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { CaseInput } from '../../shared/core/caseInput';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const ALL_ZERO: CaseInput = { labels: gradedLabels({ a: 0, b: 0 }), predictions: listPredictions(['a', 'x']) };
const NO_LABELS: CaseInput = { labels: [], predictions: listPredictions(['a', 'x']) };
const METRICS = specs('P@2', 'AP', 'nDCG@2', 'RR', 'num_ret', 'num_rel', 'Judged@2');

describe('a case with labels but none relevant', () => {
  it('is NaN under emptyLabels=nan for every ranking metric, while num_ret = 2, num_rel = 0 and Judged@2 = 1/2', () => {
    const r = evaluateCase(ALL_ZERO, METRICS, PRESETS.seed000);
    assert.deepStrictEqual(r.values, [NaN, NaN, NaN, NaN, 2, 0, 0.5]);
    assert.deepEqual(
      r.findings.filter((f) => f.code === 'empty-labels').map((f) => f.message),
      ['No label is relevant (every grade is at or below the threshold): every metric is NaN and left out of the means (emptyLabels=nan).'],
    );
  });

  it('is 0 under emptyLabels=zero (trec_eval), the counts unchanged', () => {
    assert.deepStrictEqual(evaluateCase(ALL_ZERO, METRICS, PRESETS.trec_eval).values, [0, 0, 0, 0, 2, 0, 0.5]);
  });

  it('becomes an ordinary case when the threshold is lowered to −1: a at rank 1 is a hit', () => {
    const conv = { ...PRESETS.trec_eval, relevanceThreshold: -1 };
    assert.deepStrictEqual(evaluateCase(ALL_ZERO, specs('P@2', 'AP', 'RR'), conv).values, [0.5, 0.5, 1]);
  });
});

describe('a case with no labels at all', () => {
  it('has the same fixed values, Judged@2 = 0, and a finding that says "No labels"', () => {
    const r = evaluateCase(NO_LABELS, METRICS, PRESETS.seed000);
    assert.deepStrictEqual(r.values, [NaN, NaN, NaN, NaN, 2, 0, 0]);
    assert.deepEqual(
      r.findings.filter((f) => f.code === 'empty-labels').map((f) => f.message),
      ['No labels: every metric is NaN and left out of the means (emptyLabels=nan).'],
    );
  });

  it('with no predictions either, is an empty-case', () => {
    const r = evaluateCase({ labels: [], predictions: [] }, specs('P@1'), PRESETS.trec_eval);
    assert.deepStrictEqual(r.values, [0]);
    assert.deepEqual(
      r.findings.map((f) => [f.code, f.message]),
      [['empty-case', 'No relevant labels and no predictions: every metric is 0 and counts in the means (emptyLabels=zero).']],
    );
  });
});
