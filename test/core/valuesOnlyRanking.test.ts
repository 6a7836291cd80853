/**
 * rankCase's valuesOnly shortcut exists only for speed: it leaves unlabeled items that tie with no
 * labeled item unsorted among themselves. Every metric value and every finding must then be the same
 * as with the full ranking, on random cases long enough (over 16 items) to reach the partial sort.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput, Label, Prediction } from '../../shared/core/caseInput';
import { Convention, PRESETS, PRESET_NAMES } from '../../shared/core/conventions';
import { caseFindings } from '../../shared/core/caseFindings';
import { evaluateCase } from '../../shared/core/evaluate';
import { expandMetrics, parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { rankCase } from '../../shared/core/ranking';
import { below, seededUint32 } from '../../shared/stats/random';
import { propertyRuns } from '../helpers/propertyRuns';

const SPECS = [
  ...expandMetrics(undefined, [1, 3, 10]),
  ...['Bpref', 'infAP', 'RBP', 'ERR@5', 'Judged@10', 'IPrec@0.5'].map((n) => parseMetricSpec(n).spec!),
];
const CONVENTIONS: Convention[] = [
  ...PRESET_NAMES.map((p) => PRESETS[p]),
  { ...PRESETS.seed000, ties: 'id-asc' },
  { ...PRESETS.seed000, ties: 'pessimistic' },
  { ...PRESETS.trec_eval, unjudged: 'drop', duplicates: 'first' },
];

function randomCase(next: () => number): CaseInput {
  const n = 17 + below(next, 110);
  const distinctScores = 1 + below(next, 40);
  const predictions: Prediction[] = [];
  for (let i = 0; i < n; i++) {
    const r = below(next, 100);
    const score = r === 0 ? NaN : r === 1 ? Infinity : below(next, distinctScores) / 4;
    // Ids from a pool a little smaller than n, so some repeat.
    predictions.push({ id: `d${below(next, n + 5)}`, score });
  }
  const labels: Label[] = [];
  for (let j = below(next, 12); j > 0; j--) {
    const r = below(next, 20);
    labels.push({ id: `d${below(next, n + 5)}`, grade: r === 0 ? NaN : r - 2 > 3 ? 1 : r - 2 });
  }
  return { labels, predictions };
}

describe('ranking for values only', () => {
  it('gives the same values and findings as the full ranking on random cases of 17–126 items, every preset', () => {
    const next = seededUint32(20261126);
    for (let trial = 0; trial < propertyRuns(200); trial++) {
      const c = randomCase(next);
      for (const conv of CONVENTIONS) {
        const fast = rankCase(c, conv, { valuesOnly: true });
        const fastValues = SPECS.map((s) => metricValue(fast, s, conv));
        const fastFindings = caseFindings(c, fast, SPECS, conv);
        const full = rankCase(c, conv);
        assert.deepEqual(
          fastValues,
          SPECS.map((s) => metricValue(full, s, conv)),
          `trial ${trial}, ${JSON.stringify(conv)}`,
        );
        assert.deepEqual(fastFindings, caseFindings(c, full, SPECS, conv), `trial ${trial}: findings`);
      }
    }
  });

  it('still ranks exactly an item whose label has a NaN grade, so its tie with an unlabeled item is reported', () => {
    // s0 … s30 scored 0 … 30, written in the order 7·i mod 31; u (labeled NaN) and v (unlabeled) both at 10.5, far apart.
    const predictions: Prediction[] = Array.from({ length: 30 }, (_, i) => ({ id: `s${(7 * i) % 31}`, score: (7 * i) % 31 }));
    predictions.splice(3, 0, { id: 'u', score: 10.5 });
    predictions.push({ id: 'v', score: 10.5 });
    const { findings } = evaluateCase({ labels: [{ id: 'u', grade: NaN }], predictions }, [parseMetricSpec('P@3').spec!], PRESETS.seed000);
    assert.deepEqual(
      findings.filter((f) => f.code === 'score-ties').map((f) => f.message),
      [
        '2 items share the score 10.5 but differ in grade ("u", "v"): they keep the order written (ties=input); another tie rule gives other values.',
      ],
    );
  });
});
