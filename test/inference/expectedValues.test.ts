/**
 * An expected value as the search reads it: the interval of computed values that reproduce it (half a
 * unit of the last written decimal, as `expect` checks), a truncating source's wider interval, and NaN.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { expectedValue } from '../../shared/inference/expected';
import { matches } from '../../shared/inference/search';

const P3 = parseMetricSpec('P@3').spec!;
const close = (a: number, b: number) => assert.ok(Math.abs(a - b) < 1e-15, `${a} ≠ ${b}`);

describe('expected values', () => {
  it('0.333 accepts 0.3325 to 0.3335; 1 (no decimal) accepts 1 alone; 5e-3 has three decimals', () => {
    const e = expectedValue(0, P3, ' 0.333 ');
    assert.equal(e.expected, 0.333);
    close(e.low, 0.3325 - 1e-12);
    close(e.high, 0.3335 + 1e-12);
    assert.deepEqual([matches(e, 1 / 3), matches(e, 0.3336)], [true, false]);
    const one = expectedValue('mean', P3, '1');
    assert.deepEqual([one.case, one.low, one.high], ['mean', 1 - 1e-9, 1 + 1e-9]);
    const small = expectedValue(0, P3, '5e-3');
    close(small.high, 0.0055 + 1e-12);
  });

  it('a truncating source (seed 000 prints 2/3 as 0.666) accepts up to the next unit: 0.6655 to 0.667', () => {
    const e = expectedValue(0, P3, '0.666', { truncated: true });
    close(e.low, 0.6655 - 1e-12);
    close(e.high, 0.667 - 1e-12);
    assert.equal(matches(e, 2 / 3), true);
    const whole = expectedValue(0, P3, '1', { truncated: true });
    assert.equal(whole.high, 1 + 1e-9, 'no decimal: nothing to truncate');
  });

  it('NaN or null expects NaN, and only NaN matches it', () => {
    for (const text of ['NaN', ' null ']) {
      const e = expectedValue(2, P3, text);
      assert.deepEqual([e.case, e.expected, e.low, e.high], [2, null, NaN, NaN]);
      assert.deepEqual([matches(e, NaN), matches(e, 0)], [true, false]);
    }
  });
});
