/**
 * Query ids in the order a person reads them, for Ranklens's own listings (trec_eval's text output
 * keeps strcmp's order: 1, 10, 2).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { naturalOrder } from '../../shared/core/naturalOrder';

describe('natural order of ids', () => {
  it('orders numeric ids by value: 1, 2, 10, 11, 100 (strcmp: 1, 10, 100, 11, 2)', () => {
    assert.deepEqual(naturalOrder(['10', '2', '100', '1', '11']), ['1', '2', '10', '11', '100']);
  });

  it('orders the numbers inside ids by value too: q2 before q10, d1.5 before d1.10', () => {
    assert.deepEqual(naturalOrder(['q10', 'q2', 'q1']), ['q1', 'q2', 'q10']);
    assert.deepEqual(naturalOrder(['d1.10', 'd1.5']), ['d1.5', 'd1.10']);
  });

  it('gives ids that collate the same a fixed order (code points): "01" before "1", "003" before "3"', () => {
    assert.deepEqual(naturalOrder(['1', '3', '01', '003', '2']), ['01', '1', '2', '003', '3']);
  });

  it('leaves its input as it was', () => {
    const ids = ['b', 'a'];
    naturalOrder(ids);
    assert.deepEqual(ids, ['b', 'a']);
  });
});
