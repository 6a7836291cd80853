/**
 * The did-you-mean distance: optimal string alignment, where swapping two neighbouring letters is one
 * edit. closest(word, candidates, d) returns the first candidate at the smallest distance, if ≤ d.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { closest } from '../../shared/core/metricNames';

describe('the nearest name', () => {
  it('counts a swap of neighbours as one edit: ndgc → ndcg (1), and "ba" → "cb" as two substitutions (2)', () => {
    assert.equal(closest('ndgc', ['ndcg'], 1), 'ndcg');
    assert.equal(closest('ba', ['cb'], 1), undefined);
    assert.equal(closest('ba', ['cb'], 2), 'cb');
  });

  it('counts insertions and deletions from an empty word: "" to "abc" is 3', () => {
    assert.equal(closest('', ['abc'], 2), undefined);
    assert.equal(closest('', ['abc'], 3), 'abc');
    assert.equal(closest('abc', [''], 2), undefined);
    assert.equal(closest('abc', [''], 3), '');
  });

  it('prefers the nearer candidate, and the first of equally near ones, ignoring case', () => {
    assert.equal(closest('ndgc', ['ndcg', 'ndgc'], 2), 'ndgc');
    assert.equal(closest('ab', ['ax', 'ay'], 2), 'ax');
    assert.equal(closest('NDCG', ['ndcg'], 0), 'ndcg');
  });
});
