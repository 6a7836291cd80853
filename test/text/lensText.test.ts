/**
 * The one-line readouts: lenses above a fixture and a case, the status bar, the stale marker.
 *
 * The fixture (trec_eval, gain=exponential, noHit=nan; k 1 and 3; every default family):
 * q1 a x b against {a, b}: P@1 1, P@3 2/3, R@1 1/2, AP@3 (1 + 2/3) / 2 = 0.833, nDCG@3 (1 + 1/2) / (1 + 1/log₂3) = 0.920.
 * q2 has no labels: every value 0 (emptyLabels=zero). q3 misses its one label: AP and F1 NaN (noHit=nan), the rest 0.
 * Means: P@1 1/3, AP@3 0.833 / 2 = 0.417 (q3 left out), nDCG@3 0.920 / 3 = 0.307.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import {
  caseLensCount,
  caseLenses,
  conventionLens,
  excludedCases,
  meanLens,
  readoutIndexes,
  shortConventionName,
  staleLens,
  statusShort,
  statusText,
} from '../../shared/text/lensText';
import { evaluated } from '../helpers/evaluatedFixture';

const FE = evaluated(`{"k": [1, 3], "convention": {"preset": "trec_eval", "gain": "exponential", "noHit": "nan"}, "cases": {
  "q1": {"labels": ["a", "b"], "predictions": ["a", "x", "b"]},
  "q2": {"labels": [], "predictions": ["a"]},
  "q3": {"labels": ["c"], "predictions": ["x"]}}}`).fe;
const CONVENTION = 'trec_eval + gain=exponential, noHit=nan';
const CLICK = "Click for the case's breakdown: all 20 metrics, every term, knob and preset.";

describe("the fixture's lenses and the status bar", () => {
  it('reads out P, R, AP, RR and nDCG at each cutoff when the fixture lists no metrics', () => {
    assert.deepEqual(
      readoutIndexes(FE).map((i) => FE.names[i]),
      ['P@1', 'P@3', 'R@1', 'R@3', 'AP@1', 'AP@3', 'RR@1', 'RR@3', 'nDCG@1', 'nDCG@3'],
    );
    assert.equal(
      statusText(FE),
      `${CONVENTION} · P@1 0.333 · P@3 0.222 · R@1 0.167 · R@3 0.333 · AP@1 0.250 · AP@3 0.417 · RR@1 0.333 · RR@3 0.333 · nDCG@1 0.333 · nDCG@3 0.307`,
    );
    assert.equal(statusShort(FE), 'trec_eval + 2 knobs · nDCG@3 0.307');
  });

  it('names the convention short, with where it comes from', () => {
    assert.deepEqual(conventionLens(FE), {
      title: 'trec_eval + 2 knobs (fixture)',
      tooltip: `Convention ${CONVENTION}, from the fixture's convention key. Click to compare every preset's values for this file.`,
    });
    const one = evaluated(
      '{"k": [3], "convention": {"preset": "ranx", "ties": "id-asc"}, "metrics": ["P"], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}',
    ).fe;
    assert.equal(shortConventionName(one), 'ranx + 1 knob');
    assert.equal(
      conventionLens(evaluated('{"k": [3], "cases": {}}', 'json', { defaultConvention: { preset: 'ranx', source: 'setting' } }).fe).tooltip,
      "Convention ranx, from the ranklens.defaultConvention setting. Click to compare every preset's values for this file.",
    );
  });

  it('counts the cases left out of the means: 2 of 3 (1 NaN)', () => {
    assert.equal(excludedCases(FE), 1);
    assert.deepEqual(meanLens(FE), {
      title: 'mean of 2 of 3 (1 NaN): nDCG@3 0.307 · AP@3 0.417 · P@1 0.333 · R@1 0.167',
      tooltip:
        "Means over 2 of 3 cases, 1 NaN left out:\nP@1 0.333\nP@3 0.222\nR@1 0.167\nR@3 0.333\nAP@1 0.250\nAP@3 0.417\nRR@1 0.333\nRR@3 0.333\nnDCG@1 0.333\nnDCG@3 0.307\n\nClick to compare every preset's values for this file.",
    });
  });

  it('says so when there is no case, no metric, or one case', () => {
    const empty = evaluated('{"k": [3], "metrics": ["P"], "cases": {}}').fe;
    assert.deepEqual(
      [statusText(empty), statusShort(empty), meanLens(empty).title],
      ['trec_eval · no cases', 'trec_eval', 'mean of 0: no cases'],
    );
    const none = evaluated('{"k": [3], "metrics": [], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}').fe;
    assert.deepEqual([statusShort(none), meanLens(none).title], ['trec_eval', 'mean of 1: no metric computed']);
    const one = evaluated('{"k": [3], "metrics": ["P", "R"], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}').fe;
    assert.deepEqual(meanLens(one), {
      title: 'mean of 1: P@3 0.333 · R@3 1.000',
      tooltip: "Means over 1 case:\nP@3 0.333\nR@3 1.000\n\nClick to compare every preset's values for this file.",
    });
  });

  it('reads out every metric when --metrics names no quoted family (Rprec, RR without cutoff)', () => {
    const forced = evaluated('{"k": [3], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}', 'json', {
      forceMetrics: ['Rprec', 'RR'],
    }).fe;
    assert.deepEqual(
      readoutIndexes(forced).map((i) => forced.names[i]),
      ['RR', 'Rprec'],
    );
  });
});

describe('the case lenses', () => {
  it('gives one lens per headline metric, with four decimals in the tooltip', () => {
    assert.equal(caseLensCount(FE, 0), 4);
    assert.deepEqual(
      caseLenses(FE, 0).map((l) => l.title),
      ['nDCG@3 0.920', 'AP@3 0.833', 'P@1 1.000', 'R@1 0.500'],
    );
    assert.equal(caseLenses(FE, 0)[0].tooltip, `nDCG@3 of case q1 = 0.9197 under ${CONVENTION}. ${CLICK}`);
    assert.equal(caseLenses(FE, 2)[1].title, 'AP@3 NaN', 'one NaN among numbers still gets its own lens');
  });

  it('gives one lens when every headline value is NaN, or no metric is computed', () => {
    // seed000 makes a case with no labels NaN (trec_eval makes it 0).
    const nan = evaluated(
      '{"k": [3], "metrics": ["P", "AP"], "convention": "seed000", "cases": {"q1": {"labels": [], "predictions": ["a"]}}}',
    ).fe;
    assert.equal(caseLensCount(nan, 0), 1);
    assert.deepEqual(caseLenses(nan, 0), [
      {
        title: 'every metric NaN',
        tooltip:
          "Every metric of case q1 is NaN under seed000, and the case is left out of the means. Click for the case's breakdown: all 2 metrics, every term, knob and preset.",
      },
    ]);
    const none = evaluated('{"k": [3], "metrics": [], "cases": {"q1": {"labels": ["a"], "predictions": ["a"]}}}').fe;
    assert.equal(caseLensCount(none, 0), 1);
    assert.deepEqual(caseLenses(none, 0), [{ title: 'no metric computed', tooltip: 'Case q1 computes no metric (check k and metrics).' }]);
  });

  it('gives one lens per case with the values side by side above 2,000 cases', () => {
    const cases = Array.from(
      { length: 2001 },
      (_, i) => `"u${i}": {"labels": ["a"], "predictions": ["${i % 2 === 0 ? 'a' : 'x'}", "a"]}`,
    ).join(', ');
    const big = evaluated(`{"k": [1], "metrics": ["P", "RR"], "cases": {${cases}}}`).fe;
    assert.equal(caseLensCount(big, 1), 1);
    assert.deepEqual(caseLenses(big, 1), [
      {
        title: 'P@1 0.000 · RR 0.500',
        tooltip:
          "Case u1 under trec_eval:\nP@1 0.0000\nRR 0.5000\n\nClick for the case's breakdown: all 2 metrics, every term, knob and preset.",
      },
    ]);
    const two = evaluated(`{"k": [1], "metrics": ["P", "RR"], "cases": {${cases.split(', "u2000"')[0]}}}`).fe;
    assert.equal(two.cases.length, 2000);
    assert.equal(caseLensCount(two, 1), 2, 'exactly 2,000 cases still get one lens per metric');
  });
});

describe('the mark on a value the presets spread on', () => {
  it('marks a value NaN under some presets and a number under others, and says which', () => {
    // No labels: 0 and counted under trec_eval (emptyLabels=zero), NaN under seed000, seed003, lenskit, recommenders.
    const fe = evaluated('{"k": [3], "metrics": ["P"], "cases": {"q1": {"labels": [], "predictions": ["a"]}}}').fe;
    assert.deepEqual(caseLenses(fe, 0, { spread: true }), [
      {
        title: 'P@3 0.000 ±',
        tooltip:
          'P@3 of case q1 = 0.0000 under trec_eval. Presets disagree: 0.000 across the presets, NaN under some; other presets give NaN seed000, seed003, lenskit, recommenders. ' +
          "Click for the case's breakdown: all 1 metrics, every term, knob and preset.",
      },
    ]);
    assert.deepEqual(
      caseLenses(fe, 0).map((l) => l.title),
      ['P@3 0.000'],
      'no mark unless asked',
    );
  });

  it('puts the mark after each spread value of a one-lens case, the spread in the tooltip (above 2,000 cases)', () => {
    // u0 finds a at rank 1 of [a, x] against {a, b}: AP@2 = 1/2 over the 2 labels, 1/1 over the hit; P@2 = 1/2 everywhere.
    const cases = Array.from({ length: 2001 }, (_, i) => `"u${i}": {"labels": ["a", "b"], "predictions": ["a", "x"]}`).join(', ');
    const big = evaluated(`{"k": [2], "metrics": ["P", "AP@k"], "cases": {${cases}}}`).fe;
    assert.deepEqual(caseLenses(big, 0, { spread: true, marks: 'codicons' }), [
      {
        title: 'P@2 0.500 · AP@2 0.500 $(arrow-both)',
        tooltip:
          "Case u0 under trec_eval:\nP@2 0.5000\nAP@2 0.5000 (0.500–1.000 across the presets)\n\nClick for the case's breakdown: all 2 metrics, every term, knob and preset.",
      },
    ]);
  });
});

describe('the lens of a case an error broke', () => {
  it('is one lens that says the case is not evaluated, and why', () => {
    const fe = evaluated('{"k": [3], "metrics": ["P", "AP"], "cases": {"q1": {"labels": ["a"], "predicitons": ["a"]}}}').fe;
    assert.equal(caseLensCount(fe, 0), 1);
    assert.deepEqual(caseLenses(fe, 0, { spread: true }), [
      {
        title: 'not evaluated: see the error',
        tooltip:
          'Case q1 is not evaluated: its predictions key is misspelled. Its values are NaN and left out of the means, and its expectations are not checked, until the error is fixed.',
      },
    ]);
  });
});

describe('a stale lens', () => {
  it('is marked (a pause codicon where the client draws codicons, a word elsewhere) and says why', () => {
    const tooltip = 'The text does not parse now: these are the values of the last version that did. P@3 of case q1.';
    assert.deepEqual(staleLens({ title: 'P@3 0.333', tooltip: 'P@3 of case q1.' }), { title: 'stale: P@3 0.333', tooltip });
    assert.deepEqual(staleLens({ title: 'P@3 0.333', tooltip: 'P@3 of case q1.' }, 'codicons'), {
      title: '$(debug-pause) P@3 0.333',
      tooltip,
    });
  });
});
