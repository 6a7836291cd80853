/** metricCurves refuses a cutoff or a case it cannot draw, and labels its series: "mean", and the case with no NaN left out. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { fixtureCurves, metricCurves } from '../../shared/curves/curves';
import { evaluated } from '../helpers/evaluatedFixture';

const CASES = [{ labels: [{ id: 'a', grade: 1 }], predictions: [{ id: 'x' }, { id: 'a' }] }];
const DEFAULT = [{ name: 'seed000', convention: PRESETS.seed000 }];

describe('curve arguments', () => {
  it('refuses a largest k that is not a whole number ≥ 1, and a case index outside the cases', () => {
    assert.throws(() => metricCurves(CASES, ['P'], 0, DEFAULT), { name: 'RangeError', message: 'maxK must be a whole number ≥ 1, got 0' });
    for (const i of [-1, 0.5, 1]) {
      assert.throws(() => metricCurves(CASES, ['P'], 2, DEFAULT, i), {
        name: 'RangeError',
        message: `caseIndex ${i} is not one of the 1 cases`,
      });
    }
    const { fe } = evaluated('{"k": [2], "cases": {"u1": {"labels": ["a"], "predictions": ["x", "a"]}}}');
    assert.throws(() => fixtureCurves(fe, { caseIndex: 5 }), { name: 'RangeError', message: 'caseIndex 5 is not one of the 1 cases' });
  });

  it('labels the mean "mean" and the case by its id, and leaves no case value out', () => {
    const { fe } = evaluated('{"k": [2], "metrics": ["P"], "cases": {"u1": {"labels": ["a"], "predictions": ["x", "a"]}}}');
    const [mean, one] = fixtureCurves(fe, { caseIndex: 0 }).curves[0].series;
    assert.deepEqual([mean.label, mean.values, mean.excluded], ['mean', [0, 0.5], [0, 0]]);
    assert.deepEqual([one.scope, one.label, one.values, one.excluded], ['case', 'u1', [0, 0.5], [0, 0]]);
  });
});
