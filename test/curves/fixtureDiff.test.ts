/**
 * A fixture's systems in the Compare Runs view's shape (shared/curves/fixtureDiff.ts), on a hand-made
 * example worked out below.
 *
 *   labels:  q1: a 2, b 1, n 0;  q2: a 1;  q3: a 1          (x, y and z are judged nowhere)
 *   base:    q1: a b n      q2: z a      q3: z y
 *   new:     q1: x a b      q2: a z      q3: a z
 * P@2 (the headline, trec_eval's convention): base 1, 0.5, 0; new 0.5, 0.5, 0.5; means 0.5 and 0.5.
 * new − base: q3 +0.5 (win), q2 0 (tie), q1 −0.5 (loss). Paired t on 0.5, 0, −0.5: mean 0, sd 0.5,
 * t = 0, p = 1; 95% CI ±t(0.975, 2) · 0.5/√3 = ±4.302653 · 0.288675 = ±1.242069.
 * q1 at depth 2 (each relevant item in the top 2 adds 1/2): x entered (unjudged, 0), b left (2 → 3,
 * −0.5), a moved (1 → 2, 0); they add up to −0.5. q3: a entered (+0.5), y left (unjudged), z moved
 * 1 → 2 (unjudged).
 * RR: base 1, 0.5, 0; new 0.5, 1, 1: q3 +1, q2 +0.5, q1 −0.5, 2 wins, 1 loss.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureDiff } from '../../shared/curves';
import { DiffReportView } from '../../shared/curves/diffHtml';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';

export const SYSTEMS_FIXTURE = `{
  "metrics": ["P@2", "RR"],
  "qrels": {"q1": {"a": 2, "b": 1, "n": 0}, "q2": {"a": 1}, "q3": {"a": 1}},
  "runs": {
    "base": {"q1": {"a": 3, "b": 2, "n": 1}, "q2": {"z": 2, "a": 1}, "q3": {"z": 2, "y": 1}},
    "new": {"q1": {"x": 3, "a": 2, "b": 1}, "q2": {"a": 2, "z": 1}, "q3": {"a": 2, "z": 1}}
  }
}`;

const report = (text: string, options = {}): DiffReportView => {
  const r = fixtureDiff(evaluateDocument(parseFixture(text, 'json')).fixtures[0], options);
  assert.ok(!('message' in r), JSON.stringify(r));
  return r;
};
const round = (x: number | null) => (x === null ? null : Number(x.toFixed(6)));

describe('fixtureDiff: systems compared case by case', () => {
  it("on the headline P@2: each system's values, the differences sorted, W/T/L and the paired t-test", () => {
    const r = report(SYSTEMS_FIXTURE);
    assert.deepEqual(r.measure, { name: 'P@2', trecEval: null });
    assert.deepEqual([r.convention.name, r.tie, r.top, r.depth], ['trec_eval', 0, 5, 2]);
    assert.deepEqual(
      r.runs.map((s) => [s.name, s.mean, s.queries]),
      [
        [
          'base',
          0.5,
          [
            { id: 'q1', value: 1 },
            { id: 'q2', value: 0.5 },
            { id: 'q3', value: 0 },
          ],
        ],
        [
          'new',
          0.5,
          [
            { id: 'q1', value: 0.5 },
            { id: 'q2', value: 0.5 },
            { id: 'q3', value: 0.5 },
          ],
        ],
      ],
    );
    const [c] = r.comparisons;
    assert.deepEqual(
      c.queries.map((q) => [q.id, q.a, q.b, q.diff, q.outcome]),
      [
        ['q3', 0, 0.5, 0.5, 'win'],
        ['q2', 0.5, 0.5, 0, 'tie'],
        ['q1', 1, 0.5, -0.5, 'loss'],
      ],
    );
    assert.deepEqual([c.a, c.b, c.wins, c.ties, c.losses, c.paired, c.unpaired], ['base', 'new', 1, 1, 1, 3, 0]);
    assert.deepEqual([c.diff, round(c.pAdjusted), c.significant, c.ci.map(round)], [0, 1, false, [-1.242069, 1.242069]]);
    assert.deepEqual(r.significance, { test: 't', correction: 'holm', alpha: 0.05 });
  });

  it("the largest loss and gain as their two rankings side by side, each item's change, judgment and effect", () => {
    const [c] = report(SYSTEMS_FIXTURE).comparisons;
    const [loss] = c.largestLosses;
    assert.deepEqual([loss.id, loss.depth, loss.additive, loss.shownEffect, loss.unjudgedEntered], ['q1', 2, true, -0.5, ['x']]);
    assert.deepEqual(
      loss.documents.map((d) => [d.docid, d.change, d.judgment, d.grade, d.rankA, d.rankB, d.effect]),
      [
        ['x', 'entered', 'unjudged', null, null, 1, 0],
        ['b', 'left', 'relevant', 1, 2, 3, -0.5],
        ['a', 'moved', 'relevant', 2, 1, 2, 0],
      ],
    );
    assert.deepEqual(loss.topA, [
      { docid: 'a', judgment: 'relevant', grade: 2 },
      { docid: 'b', judgment: 'relevant', grade: 1 },
    ]);
    assert.deepEqual(loss.topB, [
      { docid: 'x', judgment: 'unjudged', grade: null },
      { docid: 'a', judgment: 'relevant', grade: 2 },
    ]);
    assert.deepEqual(
      c.largestGains.map((g) => [g.id, g.documents.map((d) => [d.docid, d.change, d.judgment, d.effect])]),
      [
        [
          'q3',
          [
            ['a', 'entered', 'relevant', 0.5],
            ['y', 'left', 'unjudged', 0],
            ['z', 'moved', 'unjudged', 0],
          ],
        ],
      ],
    );
    assert.deepEqual(c.requested, []);
  });

  it('another measure (RR, any name Ranklens reads), a tie margin, no largest changes, a case asked for', () => {
    const r = report(SYSTEMS_FIXTURE, { measure: 'RR', tie: 0.5, top: 0, cases: ['q2'] });
    assert.deepEqual([r.measure.name, r.depth], ['RR', 10]);
    const [c] = r.comparisons;
    assert.deepEqual(
      c.queries.map((q) => [q.id, q.diff, q.outcome]),
      [
        ['q3', 1, 'win'],
        ['q2', 0.5, 'tie'],
        ['q1', -0.5, 'tie'],
      ],
    );
    assert.deepEqual([c.wins, c.ties, c.losses, c.largestGains, c.largestLosses], [1, 2, 0, [], []]);
    assert.deepEqual(
      c.requested?.map((q) => [q.id, q.a, q.b, q.topA.map((d) => d.docid), q.topB.map((d) => d.docid)]),
      [['q2', 0.5, 1, ['z', 'a'], ['a', 'z']]],
    );
    assert.equal(report(SYSTEMS_FIXTURE, { measure: 'nDCG@10' }).measure.name, 'nDCG@10');
  });

  it("the fixture's significance settings choose the test", () => {
    const text = SYSTEMS_FIXTURE.replace(
      '"metrics"',
      '"significance": {"test": "wilcoxon", "correction": "none", "alpha": 0.1},\n  "metrics"',
    );
    assert.deepEqual(report(text).significance, { test: 'wilcoxon', correction: 'none', alpha: 0.1 });
  });

  it('says why there is no report: one system, a name that is not a measure', () => {
    const one = evaluateDocument(parseFixture('{"metrics": ["P@2"], "cases": {"u": {"labels": ["a"], "predictions": ["a"]}}}', 'json'));
    assert.deepEqual(fixtureDiff(one.fixtures[0]), {
      message: 'This fixture compares no systems: give it `runs:` or predictions per system.',
    });
    const bad = fixtureDiff(evaluateDocument(parseFixture(SYSTEMS_FIXTURE, 'json')).fixtures[0], { measure: 'nonsense@3' });
    assert.ok('message' in bad && /nonsense/.test(bad.message), JSON.stringify(bad));
  });
});
