/** The lens's mark of a system against the baseline (significanceMark): ▲, ▼ or nothing. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { SystemComparison } from '../../shared/stats/compareSystems';
import { significanceMark } from '../../shared/text/systemText';

const comparison = (diff: number, significant: boolean): SystemComparison => ({
  a: 0,
  b: 1,
  n: 5,
  leftOut: 0,
  meanA: 0.5,
  meanB: 0.5 + diff,
  diff,
  ci: [diff - 0.1, diff + 0.1],
  effectSize: 1,
  p: 0.01,
  pAdjusted: 0.01,
  significant,
  smallestP: 0,
  exact: true,
  wins: 3,
  ties: 1,
  losses: 1,
});

describe('significanceMark', () => {
  it('▲ for a significantly higher mean, ▼ for a significantly lower one', () => {
    assert.deepEqual([significanceMark(comparison(0.2, true)), significanceMark(comparison(-0.2, true))], [' ▲', ' ▼']);
  });
  it('nothing when not significant, whichever way the means go, and nothing for a significant difference of exactly 0 (a rank test can give one)', () => {
    assert.deepEqual(
      [significanceMark(comparison(0.2, false)), significanceMark(comparison(-0.2, false)), significanceMark(comparison(0, true))],
      ['', '', ''],
    );
  });
});
