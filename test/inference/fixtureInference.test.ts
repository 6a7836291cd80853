/** The search on a fixture: the expectations it searches (those the fixture computes), in steps or at once, and how matches are written. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import {
  conventionObject,
  conventionText,
  fixtureExpectations,
  fixtureInferenceSteps,
  inferFixture,
  knobsText,
  nearestText,
} from '../../shared/inference/fixtureInference';
import { evaluated } from '../helpers/evaluatedFixture';

// AP@5 of [1..5] against {2, 4, 6} is 0.333 under trec_eval (÷ 3 labels) and 0.5 under seed000 (÷ 2 hits).
const FE = evaluated(
  'k: [3, 5]\nconvention: seed000\ncases:\n  u1:\n    labels: [2, 4, 6]\n    predictions: [1, 2, 3, 4, 5]\n    expect: { P@3: 0.333, AP@5: 0.333, RR@9: 1, P@5: null }\n',
  'yaml',
).fe;

describe('the expectations searched', () => {
  it('are those the fixture computes, with the canonical name and the value as written (RR@9 is not computed)', () => {
    const { list, search } = fixtureExpectations(FE);
    assert.deepEqual(
      list.map((e) => [e.case, e.metric, e.expected]),
      [
        ['u1', 'P@3', 0.333],
        ['u1', 'AP@5', 0.333],
        ['u1', 'P@5', null],
      ],
    );
    assert.deepEqual(
      search.map((e) => [e.case, e.expected, e.spec.family, e.spec.k]),
      [
        [0, 0.333, 'P', 3],
        [0, 0.333, 'AP', 5],
        [0, null, 'P', 5],
      ],
    );
  });
});

describe('running the search', () => {
  it('in steps gives what it gives at once: P@5 = 2/5 is never NaN, so the best explains 2 of 3, under trec_eval', () => {
    const once = inferFixture(FE);
    const steps = fixtureInferenceSteps(FE);
    let next = steps.next();
    let yields = 0;
    while (!next.done) {
      yields++;
      next = steps.next();
    }
    assert.ok(yields > 0, 'it yields between groups');
    assert.deepEqual(next.value, once);
    assert.deepEqual([once.result.exact, once.result.matches[0].matched, conventionText(once.result.matches[0])], [false, 2, 'trec_eval']);
  });
});

describe('writing a match', () => {
  const match = {
    preset: 'ranx' as const,
    overrides: { ties: 'id-asc' as const, relevanceThreshold: 1 },
    convention: PRESETS.ranx,
    matched: 1,
  };
  it("as a fixture's convention object and as text", () => {
    assert.deepEqual(conventionObject(match), { preset: 'ranx', ties: 'id-asc', relevanceThreshold: 1 });
    assert.equal(conventionText(match), '{preset: ranx, ties: id-asc, relevanceThreshold: 1}');
    assert.equal(conventionText({ ...match, overrides: {} }), 'ranx');
  });
  it('knob settings and the nearest value as text', () => {
    assert.deepEqual([knobsText({ ideal: 'labels', gain: 'linear' }), knobsText({})], ['ideal: labels, gain: linear', '']);
    assert.deepEqual([nearestText(null), nearestText(1 / 3)], ['NaN', '0.3333']);
  });
});
