/**
 * Each knob value tested where it differs from the others: a denominator that only matters when k
 * exceeds the predictions, or the predictions fall short of the relevant labels, is tested there.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { listLabels, listPredictions } from '../helpers/caseBuilders';
import { ApDenominator, Convention, PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { precision } from '../../shared/core/metrics/precision';
import { rankCase } from '../../shared/core/ranking';
import { CaseInput } from '../../shared/core/caseInput';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);
const values = (input: CaseInput, conv: Convention, ...names: string[]) =>
  evaluateCase(input, specs(...names), conv).values.map((v) => Number(v.toFixed(6)));

// Four relevant labels, three predictions with hits at ranks 1 and 3.
const SHORT: CaseInput = { labels: listLabels(['a', 'b', 'c', 'd']), predictions: listPredictions(['a', 'x', 'b']) };

describe('precisionDenominator', () => {
  it('P@5 of 3 predictions with 2 hits: 2/5 = 0.4 under k, 2/min(5, 3) = 0.667 under min-k-predicted', () => {
    assert.deepEqual(values(SHORT, PRESETS.seed000, 'P@5', 'P@2'), [0.4, 0.5]);
    const min = { ...PRESETS.seed000, precisionDenominator: 'min-k-predicted' } as const;
    assert.deepEqual(values(SHORT, min, 'P@5', 'P@2'), [0.666667, 0.5], 'P@2 divides by min(2, 3) = 2 either way');
  });

  it('F1@5 follows: 2·P·R/(P+R) with R = 2/4 is 0.444 under k and 0.571 under min-k-predicted', () => {
    assert.deepEqual(values(SHORT, PRESETS.seed000, 'F1@5'), [0.444444]);
    assert.deepEqual(values(SHORT, { ...PRESETS.seed000, precisionDenominator: 'min-k-predicted' }, 'F1@5'), [0.571429]);
  });

  it('with no prediction at all, P@k is 0 under min-k-predicted (0/0 read as 0)', () => {
    const conv = { ...PRESETS.seed000, precisionDenominator: 'min-k-predicted' } as const;
    const rc = rankCase({ labels: listLabels(['a']), predictions: [] }, conv);
    assert.equal(precision(rc, 5, conv), 0);
  });
});

describe('apDenominator', () => {
  // Precisions at the hits: 1/1 and 2/3, sum 1.667; AP@2 sees only the first, sum 1.
  const ap = (d: ApDenominator) => values(SHORT, { ...PRESETS.seed000, apDenominator: d }, 'AP', 'AP@5', 'AP@2');
  it('hits: 1.667/2 = 0.833, and 1/1 at k = 2', () => assert.deepEqual(ap('hits'), [0.833333, 0.833333, 1]));
  it('relevant: 1.667/4 = 0.417, and 1/4 at k = 2', () => assert.deepEqual(ap('relevant'), [0.416667, 0.416667, 0.25]));
  it('min-k-relevant: ÷ min(k, 4): 0.417 without k or at 5, 1/2 at k = 2', () =>
    assert.deepEqual(ap('min-k-relevant'), [0.416667, 0.416667, 0.5]));
  it('min-relevant-predicted: ÷ min(4, 3) = 3 whatever k: 0.556, and 1/3 at k = 2', () =>
    assert.deepEqual(ap('min-relevant-predicted'), [0.555556, 0.555556, 0.333333]));
  it('min-k-relevant-predicted (LensKit): ÷ min(k, 4, 3): 0.556, and 1/2 at k = 2', () =>
    assert.deepEqual(ap('min-k-relevant-predicted'), [0.555556, 0.555556, 0.5]));
});

describe('presets where only a cutoff tells them apart', () => {
  // Hits at ranks 2, 4, 5 of [x, a, y, b, c]: precisions 1/2, 2/4, 3/5, sum 1.6; AP@3 sees only 1/2.
  const q: CaseInput = { labels: listLabels(['a', 'b', 'c', 'd']), predictions: listPredictions(['x', 'a', 'y', 'b', 'c']) };
  it('torchmetrics AP@3 divides by the 1 hit in the top 3 (0.5); trec_eval by the 4 relevant labels (0.125)', () => {
    assert.deepEqual(values(q, PRESETS.torchmetrics, 'AP@3', 'AP'), [0.5, 0.533333]);
    assert.deepEqual(values(q, PRESETS.trec_eval, 'AP@3', 'AP'), [0.125, 0.4]);
  });
});

describe('Rprec with fewer predictions than relevant labels', () => {
  it('R = 4, only 3 predictions, 2 hits: 2/4 = 0.5 (not 2/3)', () => {
    assert.deepEqual(values(SHORT, PRESETS.trec_eval, 'Rprec'), [0.5]);
    assert.deepEqual(values(SHORT, PRESETS.seed000, 'Rprec'), [0.5]);
  });
});
