/**
 * Every preset side by side: a value on which they agree is not marked (NaN agrees with NaN), and
 * the convention-dependent finding lists the first three values that split them.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparePresetMeans } from '../../shared/core/compare';
import { PRESETS, resolveConvention } from '../../shared/core/conventions';
import { evaluateCase, evaluateCases } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { listLabels, listPredictions } from '../helpers/caseBuilders';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);

describe('comparing presets', () => {
  it('does not mark a mean that is NaN under every preset (no cases at all)', () => {
    const [row] = comparePresetMeans([], specs('P@1'));
    assert.deepStrictEqual(Object.values(row.values), new Array(9).fill(NaN));
    assert.equal(row.disagree, false);
  });

  it('adds no finding when every preset agrees: a hit at rank 1 gives P@1 = 1 and RR = 1 everywhere', () => {
    const r = evaluateCase({ labels: listLabels(['a']), predictions: listPredictions(['a', 'b']) }, specs('P@1', 'RR'), PRESETS.seed000, {
      compare: true,
    });
    assert.deepEqual(r.findings, []);
  });

  it('shows three of the four values that depend on the convention, then "…"', () => {
    // Relevant b and d at ranks 2 and 4 of five, with e relevant but not predicted (R = 3). AP: (1/2 + 2/4) / 2 = 0.5
    // over the hits, / 3 = 0.333 over R. nDCG@5: seed000 (2^g − 1 over ln, ideal = top 5 sorted) (1/ln 3 + 1/ln 5) /
    // (1/ln 2 + 1/ln 3) = 0.651; trec_eval (ideal = 3 labels) (1/log₂3 + 1/log₂5) / (1 + 1/log₂3 + 1/2) = 0.498;
    // lenskit (1/log₂ max(i, 2)) (1 + 1/2) / (1 + 1 + 1/log₂3) = 0.570.
    const r = evaluateCase(
      { labels: listLabels(['b', 'd', 'e']), predictions: listPredictions(['a', 'b', 'c', 'd', 'x']) },
      specs('AP@5', 'AP', 'nDCG@5', 'nDCG'),
      PRESETS.seed000,
      { compare: true },
    );
    assert.equal(r.findings.length, 1);
    assert.equal(
      r.findings[0].message,
      '4 values depend on the convention. ' +
        'AP@5: trec_eval 0.333, seed000 0.500, ranx 0.333, mllib 0.333, sklearn 0.500, torchmetrics 0.500, seed003 0.500, lenskit 0.333, recommenders 0.333. ' +
        'AP: trec_eval 0.333, seed000 0.500, ranx 0.333, mllib 0.333, sklearn 0.500, torchmetrics 0.500, seed003 0.500, lenskit 0.333, recommenders 0.333. ' +
        'nDCG@5: trec_eval 0.498, seed000 0.651, ranx 0.498, mllib 0.498, sklearn 0.651, torchmetrics 0.651, seed003 0.498, lenskit 0.570, recommenders 0.498. …',
    );
  });

  it('keeps the specs it evaluated', () => {
    const s = specs('P@1', 'AP');
    assert.deepEqual(evaluateCases([], s, resolveConvention('seed000').resolved).specs, s);
  });
});
