/**
 * Branches that exist only for speed give what the plain path gives: a ranking in a scratch (its arrays
 * lent to the next one ranked there) equals a fresh ranking, case after case of growing and shrinking sizes; the
 * one-entry memo of a case's sorted ideal gains never answers for another case or convention; the top-k
 * ideal sorted in one buffer equals the explanation's sorted ideal; and
 * duplicate labels are found the same way in short label lists (compared pairwise) and long ones (a map).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { caseScratch } from '../../shared/core/caseScratch';
import { caseFindings } from '../../shared/core/caseFindings';
import { PRESETS, PRESET_NAMES } from '../../shared/core/conventions';
import { expandMetrics } from '../../shared/core/metricNames';
import { explainMetric, metricValue } from '../../shared/core/metrics/dispatch';
import { RankedCase, rankCase } from '../../shared/core/ranking';
import { below, seededUint32 } from '../../shared/stats/random';
import { gradedLabels, listPredictions, scoredPredictions } from '../helpers/caseBuilders';
import { propertyRuns } from '../helpers/propertyRuns';

/** A random case: up to `size` predictions, scored or listed, with repeats, ties and a few labels. */
function randomCase(next: () => number, size: number): CaseInput {
  const n = below(next, size + 1);
  const id = () => `d${below(next, Math.max(2, n))}`;
  const labels = gradedLabels(Object.fromEntries(Array.from({ length: below(next, 6) }, () => [id(), below(next, 4) - 1])));
  if (below(next, 2) === 0) return { labels, predictions: listPredictions(Array.from({ length: n }, id)) };
  return { labels, predictions: scoredPredictions(Object.fromEntries(Array.from({ length: n }, () => [id(), below(next, 5) / 2]))) };
}

/** A ranking's fields as plain arrays, read at once (a transient ranking is overwritten by the next). */
function plain(rc: RankedCase): unknown {
  return {
    ids: rc.ids,
    source: Array.from(rc.source),
    grades: Array.from(rc.grades),
    relevant: Array.from(rc.relevant),
    judged: Array.from(rc.judged),
    nRelevant: rc.nRelevant,
    order: Array.from(rc.order),
    keys: rc.keys && Array.from(rc.keys),
    duplicates: rc.duplicates,
    unusualScores: rc.unusualScores,
    tieEnd: rc.tieEnd && Array.from(rc.tieEnd),
    rejected: rc.rejected,
  };
}

describe('rankings for values only', () => {
  it('are the same transient or fresh, over cases of every size in a row, under every preset', () => {
    const next = seededUint32(20261126);
    const specs = expandMetrics(undefined, [1, 3, 10]);
    const scratch = caseScratch();
    for (let trial = 0; trial < propertyRuns(400); trial++) {
      const input = randomCase(next, below(next, 3) === 0 ? 60 : 8);
      const conv = PRESETS[PRESET_NAMES[below(next, PRESET_NAMES.length)]];
      const transient = rankCase(input, conv, { valuesOnly: true, scratch });
      const read = { rc: plain(transient), values: specs.map((s) => metricValue(transient, s, conv, scratch)) };
      const fresh = rankCase(input, conv, { valuesOnly: true });
      assert.deepEqual(read, { rc: plain(fresh), values: specs.map((s) => metricValue(fresh, s, conv)) }, `trial ${trial}`);
    }
  });

  it('start from zero: a case after a longer one does not see its grades or hits', () => {
    const conv = PRESETS.seed000;
    const scratch = caseScratch();
    rankCase({ labels: gradedLabels({ a: 2, b: 1, c: 3 }), predictions: listPredictions(['a', 'b', 'c', 'x']) }, conv, {
      valuesOnly: true,
      scratch,
    });
    const rc = rankCase({ labels: gradedLabels({ z: 1 }), predictions: listPredictions(['p', 'q', 'z']) }, conv, {
      valuesOnly: true,
      scratch,
    });
    assert.deepEqual(
      [Array.from(rc.grades), Array.from(rc.relevant), Array.from(rc.judged)],
      [
        [0, 0, 1],
        [0, 0, 1],
        [0, 0, 1],
      ],
    );
  });
});

describe('nDCG on cases and conventions in turn', () => {
  it('takes each case’s own ideal gains: nDCG@3 of [c, b] against {a: 3, b: 1} is 1/log₂3 / (7 + 1/log₂3), then 1 for [a]', () => {
    const [ndcg3] = expandMetrics(['nDCG'], [3]);
    // One scratch for every value below: its memo of the sorted ideal gains must answer for its own case and knobs only.
    const scratch = caseScratch();
    // The ideal of every label, gains 2^g − 1, discount 1/log₂(rank + 1).
    const exponential = { ...PRESETS.seed000, ideal: 'labels' as const, discount: 'log2' as const };
    const first = rankCase({ labels: gradedLabels({ a: 3, b: 1 }), predictions: listPredictions(['c', 'b']) }, exponential);
    const second = rankCase({ labels: gradedLabels({ a: 1 }), predictions: listPredictions(['a']) }, exponential);
    const expected = 1 / Math.log2(3) / (7 + 1 / Math.log2(3));
    assert.equal(metricValue(first, ndcg3, exponential, scratch), expected);
    assert.equal(metricValue(second, ndcg3, exponential, scratch), 1);
    assert.equal(metricValue(first, ndcg3, exponential, scratch), expected);
    // The same case under linear gains: 1/log₂3 / (3 + 1/log₂3).
    const linear = { ...exponential, gain: 'linear' as const };
    assert.equal(metricValue(first, ndcg3, linear, scratch), 1 / Math.log2(3) / (3 + 1 / Math.log2(3)));
    assert.equal(metricValue(first, ndcg3, exponential, scratch), expected);
  });
});

describe('IDCG under ideal=top-k', () => {
  it('sorts the top k in one buffer: [b, x, a] against {a: 3, b: 1}, nDCG@3 = (1 + 7/log₂4) / (7 + 1/log₂3)', () => {
    const [ndcg3] = expandMetrics(['nDCG'], [3]);
    const conv = { ...PRESETS.seed000, discount: 'log2' as const };
    const rc = rankCase({ labels: gradedLabels({ a: 3, b: 1 }), predictions: listPredictions(['b', 'x', 'a']) }, conv);
    assert.equal(metricValue(rc, ndcg3, conv), (1 + 7 / Math.log2(4)) / (7 + 1 / Math.log2(3)));
  });

  it('equals the explanation’s sorted ideal on random cases, short (insertion) and over 32 gains (a sort)', () => {
    const next = seededUint32(1126);
    const specs = expandMetrics(['nDCG'], [1, 5, 40]).concat(expandMetrics(['nDCG'], []));
    for (let trial = 0; trial < propertyRuns(300); trial++) {
      const n = below(next, 2) === 0 ? below(next, 12) : 33 + below(next, 40);
      const ids = Array.from({ length: n }, (_, i) => `d${i}`);
      const labels = gradedLabels(Object.fromEntries(ids.filter(() => below(next, 3) > 0).map((id) => [id, below(next, 5) - 1])));
      const conv = { ...PRESETS.seed000, gain: below(next, 2) === 0 ? ('linear' as const) : ('exponential' as const) };
      const rc = rankCase({ labels, predictions: listPredictions(ids) }, conv);
      for (const spec of specs) assert.equal(metricValue(rc, spec, conv), explainMetric(rc, spec, conv).value, `trial ${trial}, ${spec.k}`);
    }
  });
});

describe('duplicate labels', () => {
  it('are found in a short list and in a long one, the first grade named', () => {
    const conv = PRESETS.seed000;
    const codes = (labels: CaseInput['labels']) => {
      const input = { labels, predictions: listPredictions(['a']) };
      return caseFindings(input, rankCase(input, conv), [], conv)
        .filter((f) => f.code === 'duplicate-label')
        .map((f) => [f.message, f.part, f.related?.[0].part]);
    };
    const short = [
      { id: 'a', grade: 2 },
      { id: 'b', grade: 1 },
      { id: 'a', grade: 1 },
    ];
    const long = [...Array.from({ length: 9 }, (_, i) => ({ id: `x${i}`, grade: 1 })), ...short];
    assert.deepEqual(codes(short), [
      [
        '"a" is labeled twice; the first grade (2) is used and this one is ignored.',
        { kind: 'label', index: 2 },
        { kind: 'label', index: 0 },
      ],
    ]);
    assert.deepEqual(codes(long), [
      [
        '"a" is labeled twice; the first grade (2) is used and this one is ignored.',
        { kind: 'label', index: 11 },
        { kind: 'label', index: 9 },
      ],
    ]);
  });
});
