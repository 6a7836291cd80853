/**
 * Shortcuts the metric core takes only for speed, each against the simple path it skips: the 11
 * standard interpolated precisions computed in one pass (IPrec@level alone passes once per level),
 * bpref's value without its terms, and a rel= at the convention's own level taken as the case itself.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, PRESET_NAMES } from '../../shared/core/conventions';
import { bpref, explainBpref } from '../../shared/core/metrics/bpref';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { ELEVEN_LEVELS, interpolatedPrecision, interpolatedPrecisions } from '../../shared/core/metrics/interpolatedPrecision';
import { rankCase } from '../../shared/core/ranking';
import { judgedOnly, withThreshold } from '../../shared/core/rankViews';
import { below, seededUint32 } from '../../shared/stats/random';
import { propertyRuns } from '../helpers/propertyRuns';

// A random case: up to 30 predictions over 12 items (repeats, ties), up to 8 labels with grades −1 … 3.
function randomCase(next: () => number) {
  const item = () => `i${below(next, 12)}`;
  const labels = Array.from({ length: below(next, 9) }, () => ({ id: item(), grade: below(next, 5) - 1 }));
  const predictions = Array.from({ length: below(next, 31) }, () => ({ id: item(), score: below(next, 6) / 2 }));
  return { labels, predictions };
}

describe('interpolated precision at the 11 standard levels', () => {
  it('one worked case: R = 2, relevant at ranks 1 and 4: levels up to 0.7 need 1 hit (1.0), 0.8 and above 2 (0.5 at rank 4)', () => {
    const rc = rankCase(
      {
        labels: [
          { id: 'a', grade: 1 },
          { id: 'd', grade: 1 },
        ],
        predictions: ['a', 'b', 'c', 'd'].map((id, i) => ({ id, score: 4 - i })),
      },
      PRESETS.trec_eval,
    );
    assert.deepEqual(
      ELEVEN_LEVELS.map((l) => interpolatedPrecision(rc, l)),
      [1, 1, 1, 1, 1, 1, 1, 1, 0.5, 0.5, 0.5],
    );
  });

  it('equal, level by level, to each level computed alone, on random cases under every preset', () => {
    const next = seededUint32(20261126);
    for (let trial = 0; trial < propertyRuns(300); trial++) {
      const input = randomCase(next);
      for (const name of PRESET_NAMES) {
        for (const rc of [rankCase(input, PRESETS[name]), judgedOnly(rankCase(input, PRESETS[name]))]) {
          const shared = ELEVEN_LEVELS.map((l) => interpolatedPrecision(rc, l));
          const alone = ELEVEN_LEVELS.map((l) => interpolatedPrecisions(rc, [l])[0]);
          assert.deepEqual(shared, alone, `trial ${trial}, ${name}`);
        }
      }
    }
  });
});

describe('bpref', () => {
  it("its value equals its explanation's, on random cases under every preset", () => {
    const next = seededUint32(7);
    for (let trial = 0; trial < propertyRuns(300); trial++) {
      const input = randomCase(next);
      for (const name of PRESET_NAMES) {
        const rc = rankCase(input, PRESETS[name]);
        assert.equal(
          bpref(rc, PRESETS[name].relevanceThreshold),
          explainBpref(rc, PRESETS[name].relevanceThreshold).value,
          `trial ${trial}, ${name}`,
        );
      }
    }
  });
});

describe("a rel= at the convention's own level", () => {
  it('changes nothing withThreshold would change (relevant items and their count), where the level is a number ≥ 0', () => {
    const next = seededUint32(11);
    for (let trial = 0; trial < propertyRuns(300); trial++) {
      const input = randomCase(next);
      for (const name of PRESET_NAMES) {
        const conv = PRESETS[name];
        const t = conv.relevanceThreshold;
        if (typeof t !== 'number' || t < 0) continue;
        const rc = rankCase(input, conv);
        const copy = withThreshold(rc, t, conv);
        assert.deepEqual([copy.relevant, copy.nRelevant], [rc.relevant, rc.nRelevant], `trial ${trial}, ${name}`);
        for (const family of ['NumRel', 'P', 'AP', 'Bpref', 'nDCG', 'RBP'] as const) {
          const spec = { family, k: family === 'P' ? 5 : null, rel: t + 1 };
          assert.ok(Object.is(metricValue(rc, spec, conv), metricValue(copy, spec, conv)), `trial ${trial}, ${name}, ${family}`);
        }
      }
    }
  });

  it('NumRel at rel=1 under trec_eval counts the grades above 0: 2 of a (2), b (1), c (0), d (−1)', () => {
    const rc = rankCase(
      {
        labels: [
          { id: 'a', grade: 2 },
          { id: 'b', grade: 1 },
          { id: 'c', grade: 0 },
          { id: 'd', grade: -1 },
        ],
        predictions: [{ id: 'a', score: 1 }],
      },
      PRESETS.trec_eval,
    );
    assert.equal(metricValue(rc, { family: 'NumRel', k: null, rel: 1 }, PRESETS.trec_eval), 2);
  });
});
