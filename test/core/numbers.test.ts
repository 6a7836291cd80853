/** Numbers as Ranklens prints them, and column means that leave NaN out and count it. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fmt, num } from '../../shared/core/explanation';
import { means } from '../../shared/core/means';

describe('printing numbers', () => {
  it('three decimals by default, NaN spelled out, infinities as ∞ and −∞', () => {
    assert.deepEqual([fmt(2 / 3), fmt(2 / 3, 4), fmt(NaN), fmt(Infinity), fmt(-Infinity)], ['0.667', '0.6667', 'NaN', '∞', '−∞']);
  });
  it('integers plain in arithmetic lines, others to three decimals', () => {
    assert.deepEqual([num(2), num(0.5), num(-3)], ['2', '0.500', '-3']);
  });
});

describe('column means', () => {
  it('(1 + 3) / 2 = 2 and 0.5 alone, with one NaN left out of each of the last two columns', () => {
    assert.deepStrictEqual(
      means(
        [
          [1, NaN, 0.5],
          [3, 2, NaN],
        ],
        3,
      ),
      { mean: [2, 2, 0.5], excluded: [0, 1, 1] },
    );
  });
});
