/** Run figures from per-case values: means skip NaN, sums add, geometric means floor at 0.00001. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { aggregate } from '../../shared/core/aggregate';
import { parseMetricSpec } from '../../shared/core/metricNames';

const specs = (...names: string[]) => names.map((n) => parseMetricSpec(n).spec!);

describe('aggregating per-case values', () => {
  it('gives NaN for a column in which every case is NaN, and counts the cases left out', () => {
    const { mean, excluded } = aggregate(
      [
        [NaN, 1, NaN],
        [NaN, 3, 0.5],
      ],
      specs('P@1', 'AP', 'RR'),
    );
    assert.deepStrictEqual(mean, [NaN, 2, 0.5]);
    assert.deepStrictEqual(excluded, [2, 0, 1]);
  });

  it("with propagateNaN (trec_eval's sums), one NaN makes the figure NaN and nothing is left out", () => {
    const { mean, excluded } = aggregate(
      [
        [NaN, 1],
        [0.5, 3],
      ],
      specs('P@1', 'AP'),
      true,
    );
    assert.deepStrictEqual(mean, [NaN, 2]);
    assert.deepStrictEqual(excluded, [0, 0]);
  });

  it('sums num_ret over the cases (12 + 30 = 42), even with no case at all (0)', () => {
    assert.deepStrictEqual(aggregate([[12], [30]], specs('num_ret')).mean, [42]);
    assert.deepStrictEqual(aggregate([], specs('num_ret', 'AP')).mean, [0, NaN]);
  });

  it('takes gm_map as exp(mean(log(max(AP, 0.00001)))): 0 and 0.01 give √(10⁻⁵ · 10⁻²) = 0.000316', () => {
    const [gm] = aggregate([[0], [0.01]], specs('gm_map')).mean;
    assert.ok(Math.abs(gm - Math.sqrt(1e-7)) < 1e-15, String(gm));
    const [one] = aggregate([[0.25], [0.25]], specs('gm_map')).mean;
    assert.ok(Math.abs(one - 0.25) < 1e-15, String(one));
  });
});
