/**
 * Why a query's value changed between two runs (shared/evaluation/documentMoves.ts), on hand-worked
 * rankings under trec_eval's convention, and the per-query comparison (queryDiff.ts).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS } from '../../shared/core/conventions';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { rankCase } from '../../shared/core/ranking';
import { documentMoves } from '../../shared/evaluation/documentMoves';
import { mostChanged, queryDiffs } from '../../shared/evaluation/queryDiff';

const TREC = PRESETS.trec_eval;
const spec = (name: string) => parseMetricSpec(name).spec!;
// One query: r1 (grade 1), r2 (grade 1), n (grade 0) judged; u unjudged. Rankings as lists, best first.
const labels = [
  { id: 'r1', grade: 1 },
  { id: 'r2', grade: 1 },
  { id: 'n', grade: 0 },
];
const ranked = (ids: string[]) => rankCase({ labels, predictions: ids.map((id, i) => ({ id, score: ids.length - i })) }, TREC);
const r6 = (x: number | null) => (x === null ? null : Number(x.toFixed(6)));

describe('documentMoves', () => {
  it('AP: a relevant document that stays at its rank still changes its term when one above it moves', () => {
    // a: r1 n r2 → AP = (1/1 + 2/3)/2 = 0.833333; b: n r1 r2 → (1/2 + 2/3)/2 = 0.583333; b − a = −0.25.
    // r1 moved 1 → 2: its term 1/2 − 1/1 over R = 2: −0.25; r2 stayed at 3 with P@3 = 2/3 in both: 0.
    const m = documentMoves('q', ranked(['r1', 'n', 'r2']), ranked(['n', 'r1', 'r2']), -0.25, spec('AP'), TREC, 3);
    assert.deepEqual(
      m.moves.map((d) => [d.change, d.docid, d.judgment.kind, d.rankA, d.rankB, r6(d.effect)]),
      [
        ['moved', 'n', 'nonrelevant', 2, 1, 0],
        ['moved', 'r1', 'relevant', 1, 2, -0.25],
      ],
    );
    // a: r1 r2 n; b: u r1 r2 → P@2 terms move: r1 1/1 → 1/2, r2 2/2 → 2/3; AP 1 → (1/2 + 2/3)/2 = 0.583333.
    const pushed = documentMoves('q', ranked(['r1', 'r2', 'n']), ranked(['u', 'r1', 'r2']), (1 / 2 + 2 / 3) / 2 - 1, spec('AP'), TREC, 3);
    assert.deepEqual(
      pushed.moves.map((d) => [d.change, d.docid, d.judgment.kind, d.rankA, d.rankB, r6(d.effect)]),
      [
        ['entered', 'u', 'unjudged', null, 1, 0],
        ['left', 'n', 'nonrelevant', 3, null, 0],
        ['moved', 'r1', 'relevant', 1, 2, -0.25],
        ['moved', 'r2', 'relevant', 2, 3, -0.166667],
      ],
    );
    assert.deepEqual(pushed.unjudgedEntered, ['u']);
    // a: r1 n r2 → 0.833333; b: n u r2 → (1/3)/2 = 0.166667. r2 stays at rank 3, its P@3 2/3 → 1/3:
    // (1/3 − 2/3)/2 = −0.166667; r1 left (not ranked by b): −1/2. Together −0.666667.
    const stayed = documentMoves('q', ranked(['r1', 'n', 'r2']), ranked(['n', 'u', 'r2']), 1 / 6 - 5 / 6, spec('AP'), TREC, 3);
    assert.deepEqual(
      stayed.moves.map((d) => [d.change, d.docid, d.rankA, d.rankB, r6(d.effect)]),
      [
        ['entered', 'u', null, 2, 0],
        ['left', 'r1', 1, null, -0.5],
        ['moved', 'n', 2, 1, 0],
        ['stayed', 'r2', 3, 3, -0.166667],
      ],
    );
  });

  it('P@2: 1/2 per relevant document in the top 2; a document pushed below it left', () => {
    // a: r1 r2 → 1; b: u r1 → 0.5. r2 left (−0.5), u entered (unjudged, 0), r1 moved 1 → 2 (0: P counts it either way).
    const m = documentMoves('q', ranked(['r1', 'r2']), ranked(['u', 'r1', 'r2']), -0.5, spec('P@2'), TREC, 2);
    assert.deepEqual(
      m.moves.map((d) => [d.change, d.docid, d.rankA, d.rankB, r6(d.effect)]),
      [
        ['entered', 'u', null, 1, 0],
        ['left', 'r2', 2, 3, -0.5],
        ['moved', 'r1', 1, 2, 0],
      ],
    );
    assert.deepEqual([m.additive, m.shownEffect], [true, -0.5]);
  });

  it('a measure that is not a sum of per-document terms (F1): no effect is given', () => {
    const m = documentMoves('q', ranked(['r1', 'n']), ranked(['n', 'u']), -0.8, spec('F1@2'), TREC, 2);
    assert.equal(m.additive, false);
    assert.deepEqual(
      m.moves.map((d) => [d.change, d.docid, d.effect]),
      [
        ['entered', 'u', null],
        ['left', 'r1', null],
        ['moved', 'n', null],
      ],
    );
  });
});

describe('queryDiffs', () => {
  it('sorts by difference, counts under the tie margin, and takes the top n each way', () => {
    // b − a per query: q1 +0.3, q2 +0.005, q10 −0.2, q3 0, q4 NaN (left out of the pair).
    const qids = ['q1', 'q10', 'q2', 'q3', 'q4'];
    const a = [0.5, 0.6, 0.1, 0.4, 0.2];
    const b = [0.8, 0.4, 0.105, 0.4, NaN];
    const options = { test: 't', correction: 'holm', alpha: 0.05, trials: 1000, seed: 42 } as const;
    const [exact] = queryDiffs(qids, [a, b], 0, options);
    assert.deepEqual(
      exact.queries.map((q) => [q.qid, r6(q.diff), q.outcome]),
      [
        ['q1', 0.3, 'win'],
        ['q2', 0.005, 'win'],
        ['q3', 0, 'tie'],
        ['q10', -0.2, 'loss'],
      ],
    );
    assert.deepEqual([exact.wins, exact.ties, exact.losses, exact.test.n, exact.test.leftOut], [2, 1, 1, 4, 1]);
    const [margin] = queryDiffs(qids, [a, b], 0.01, options);
    assert.deepEqual([margin.wins, margin.ties, margin.losses], [1, 2, 1]);
    const top = mostChanged(exact, 1);
    assert.deepEqual([top.gains.map((q) => q.qid), top.losses.map((q) => q.qid)], [['q1'], ['q10']]);
    const none = mostChanged(exact, 0);
    assert.deepEqual([none.gains, none.losses], [[], []]);
  });
});
