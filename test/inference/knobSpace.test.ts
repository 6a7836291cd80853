/**
 * The search space: which knobs each family depends on, which values of a knob can change anything on
 * the given cases (one value when none can), and one relevance threshold per split of the grades.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { Family } from '../../shared/core/metricNames';
import {
  COMMON_KNOBS,
  dependencies,
  searchAxes,
  thresholdCandidates,
  thresholdClassOf,
  narrowAxes,
} from '../../shared/inference/knobSpace';
import { gradedLabels, listLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';

const axes = (cases: CaseInput[], ...families: Family[]) =>
  Object.fromEntries(searchAxes(cases, new Set(families)).map((a) => [a.knob, a.values]));
const PLAIN: CaseInput = { labels: listLabels(['a']), predictions: listPredictions(['a']) };

describe('the knobs a family depends on', () => {
  it('P: the common knobs, the precision denominator and the averaging of its run figure; RR: the common knobs only', () => {
    assert.deepEqual(dependencies('P'), [...COMMON_KNOBS, 'precisionDenominator', 'averaging']);
    assert.deepEqual(dependencies('RR'), COMMON_KNOBS);
  });
});

describe('the values worth trying', () => {
  it('one value each for ties, duplicates, unjudged and empty predictions when no case can tell them apart', () => {
    assert.deepEqual(axes([PLAIN], 'RR'), {
      relevanceThreshold: ['listed', 0],
      ties: ['input'],
      duplicates: ['first'],
      relevantPool: ['labels', 'predicted'],
      emptyLabels: ['nan', 'zero'],
      unjudged: ['keep'],
      emptyPredictions: ['zero'],
      // Issue 35: no case predicts its own id or scores an item 0.
      identicalIds: ['keep'],
      zeroScores: ['keep'],
    });
  });

  it('every value where a case can tell them apart: a tie, a repeat, an unlabeled item, a case with no predictions', () => {
    const a = axes(
      [
        { labels: listLabels(['a']), predictions: scoredPredictions({ a: 0.5, b: 0.5 }) },
        { labels: listLabels(['a']), predictions: listPredictions(['a', 'a']) },
        { labels: listLabels(['a']), predictions: [] },
      ],
      'P',
    );
    assert.deepEqual(
      [a.ties, a.duplicates, a.unjudged, a.emptyPredictions, a.precisionDenominator],
      [
        // Issue 35's library values are tried too where the cases raise them (TFRS, LightFM/Cornac, Haystack, Elasticsearch, ragas).
        ['input', 'id-desc', 'id-asc', 'average', 'pessimistic', 'optimistic', 'pessimistic-each'],
        ['error', 'first', 'count', 'no-credit'],
        ['keep', 'drop', 'drop-after-cut'],
        ['zero', 'nan', 'precision-nan'],
        ['k', 'min-k-predicted'],
      ],
    );
  });

  it('counts NaN scores as tied with each other (both rank last), and an unscored list as untied', () => {
    assert.deepEqual(
      axes(
        [
          {
            labels: listLabels(['a']),
            predictions: [
              { id: 'a', score: NaN },
              { id: 'b', score: NaN },
            ],
          },
        ],
        'RR',
      ).ties.length,
      7,
    );
    assert.deepEqual(
      axes(
        [
          {
            labels: listLabels(['a']),
            predictions: [
              { id: 'a', score: NaN },
              { id: 'b', score: -Infinity },
            ],
          },
        ],
        'RR',
      ).ties.length,
      7,
    );
    assert.deepEqual(axes([{ labels: listLabels(['a']), predictions: listPredictions(['a', 'b']) }], 'RR').ties, ['input']);
  });
});

describe('relevance thresholds', () => {
  const cases: CaseInput[] = [
    { labels: gradedLabels({ a: 0, b: 1 }), predictions: [] },
    { labels: [...gradedLabels({ c: 3 }), { id: 'n', grade: NaN }], predictions: [] },
  ];
  it('grades 0, 1, 3 (NaN ignored) split at below 0, 0, 1: candidates listed, −1, 0, 1', () => {
    assert.deepEqual(thresholdCandidates(cases), ['listed', -1, 0, 1]);
    assert.deepEqual(thresholdCandidates([PLAIN].map((c) => ({ ...c, labels: [] }))), ['listed', 0]);
  });

  it('maps any threshold to the candidate that splits the grades alike', () => {
    assert.deepEqual(
      [-3, 0, 0.5, 2, 5, 'listed' as const].map((t) => thresholdClassOf(t, cases)),
      [-1, 0, 0, 1, 1, 'listed'],
    );
    assert.equal(thresholdClassOf(7, [{ labels: [], predictions: [] }]), 0, 'no grade at all');
  });
});

describe('the axes narrowed to the expectations (issue 35)', () => {
  const axesOf = (cases: Parameters<typeof searchAxes>[0], specs: { family: 'P' | 'nDCG'; k: number | null }[], hasMean: boolean) =>
    Object.fromEntries(
      narrowAxes(searchAxes(cases, new Set(specs.map((s) => s.family))), cases, specs, hasMean).map((a) => [a.knob, a.values]),
    );

  it('tries averaging once when no expectation is a mean, both values when one is', () => {
    const cases = [{ labels: listLabels(['a']), predictions: listPredictions(['a', 'b']) }];
    assert.deepEqual(axesOf(cases, [{ family: 'P', k: 1 }], false).averaging, ['mean']);
    assert.deepEqual(axesOf(cases, [{ family: 'P', k: 1 }], true).averaging, ['mean', 'pooled']);
  });

  it('tries idealCut none only past k relevant labels, min-k-predicted only for a list shorter than k and than its relevant labels', () => {
    const short = [{ labels: listLabels(['a', 'b', 'c']), predictions: listPredictions(['a']) }];
    assert.deepEqual(axesOf(short, [{ family: 'nDCG', k: 2 }], false).idealCut, ['k', 'min-k-predicted', 'none']);
    assert.deepEqual(axesOf(short, [{ family: 'nDCG', k: 3 }], false).idealCut, ['k', 'min-k-predicted']);
    const full = [{ labels: listLabels(['a']), predictions: listPredictions(['a', 'b', 'c']) }];
    assert.deepEqual(axesOf(full, [{ family: 'nDCG', k: 3 }], false).idealCut, ['k']);
  });
});
