/**
 * The headline metrics a lens and the status bar lead with (headlineIndexes): the first list given that
 * names a computed metric, else every metric when there are at most four, else nDCG and AP at the
 * largest cutoff and P and R at the smallest.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { headlineIndexes } from '../../shared/evaluation/headline';

const NAMES = ['P@1', 'P@5', 'R@1', 'R@5', 'AP@5', 'nDCG@1', 'nDCG@5'];

describe('headlineIndexes', () => {
  it('by default, with more than four metrics: nDCG@5 and AP@5 (the largest cutoff), P@1 and R@1 (the smallest)', () => {
    assert.deepEqual(headlineIndexes(NAMES, [1, 5]), [6, 4, 0, 2]);
  });

  it('every metric when there are at most four, in their order', () => {
    assert.deepEqual(headlineIndexes(['P@3', 'AP@3', 'RR'], [3]), [0, 1, 2]);
    assert.deepEqual(headlineIndexes(['P@1', 'P@3', 'R@1', 'R@3'], [1, 3]), [0, 1, 2, 3]);
  });

  it('with one cutoff the four are nDCG@k, AP@k, P@k, R@k; those missing are skipped', () => {
    assert.deepEqual(headlineIndexes(['RR', 'P@3', 'R@3', 'AP@3', 'nDCG@3', 'Bpref'], [3]), [4, 3, 1, 2]);
    assert.deepEqual(headlineIndexes(['RR', 'P@3', 'Bpref', 'Rprec', 'nDCG@3'], [3]), [4, 1]);
  });

  it('the first four metrics when none of the preferred ones is computed', () => {
    assert.deepEqual(headlineIndexes(['RR', 'Rprec', 'Bpref', 'Success@3', 'ERR@3'], [3]), [0, 1, 2, 3]);
  });

  it("the first list that names a computed metric wins (the fixture's headline, then the setting), names as written normalized", () => {
    assert.deepEqual(headlineIndexes(NAMES, [1, 5], ['ndcg@1', 'P@5'], ['AP@5']), [5, 1]);
    // A list with no computed metric (P@10 is not computed, "nonsense" is no metric) falls through to the next.
    assert.deepEqual(headlineIndexes(NAMES, [1, 5], ['P@10', 'nonsense'], ['AP@5']), [4]);
    assert.deepEqual(headlineIndexes(NAMES, [1, 5], undefined, ['R@5']), [3]);
    assert.deepEqual(headlineIndexes(NAMES, [1, 5], [], undefined), [6, 4, 0, 2]);
  });

  it('a metric named twice in a list counts once', () => {
    assert.deepEqual(headlineIndexes(NAMES, [1, 5], ['AP@5', 'ap@5', 'P@1']), [4, 0]);
  });
});
