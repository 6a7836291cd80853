/**
 * Two evaluations that interleave, each in a scratch of its own, cannot corrupt each other: a case
 * ranked in scratch 1, another ranked in scratch 2, the second measured and then the first, give
 * exactly what each gives alone. Under trec_eval (linear gains, log₂ discount, the labels' ideal):
 *   A: labels a = 2, b = 1, c = 1; scores x 0.9, a 0.8, y 0.7, b 0.6 → ranked x, a, y, b.
 *      P@2 = 1/2; R@2 = 1/3; RR = 1/2; AP = (1/2 + 2/4) / 3 = 1/3;
 *      nDCG@3 = (2/log₂3) / (2 + 1/log₂3 + 1/2) = 0.4030302838010049;
 *      IPrec@0.5: 0.5 · 3 rounds to 2 relevant items, reached at rank 4 (P = 1/2), none better after: 1/2.
 *   B: labels p; list p, q. P@2 = 1/2, R@2 = 1, RR = 1, AP = 1, nDCG@3 = 1, IPrec@0.5 = 1.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { caseScratch } from '../../shared/core/caseScratch';
import { PRESETS } from '../../shared/core/conventions';
import { evaluateCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { metricValue } from '../../shared/core/metrics/dispatch';
import { RankedCase, rankCase } from '../../shared/core/ranking';

const trec = PRESETS.trec_eval;
const SPECS = ['P@2', 'R@2', 'RR', 'AP', 'nDCG@3', 'IPrec@0.5'].map((n) => parseMetricSpec(n).spec!);

const A: CaseInput = {
  labels: [
    { id: 'a', grade: 2 },
    { id: 'b', grade: 1 },
    { id: 'c', grade: 1 },
  ],
  predictions: [
    { id: 'x', score: 0.9 },
    { id: 'a', score: 0.8 },
    { id: 'y', score: 0.7 },
    { id: 'b', score: 0.6 },
  ],
};
const B: CaseInput = { labels: [{ id: 'p', grade: 1 }], predictions: [{ id: 'p' }, { id: 'q' }] };

const A_VALUES = [0.5, 1 / 3, 0.5, 1 / 3, 0.4030302838010049, 0.5];
const B_VALUES = [0.5, 1, 1, 1, 1, 1];
const A_RANKING = { ids: ['x', 'a', 'y', 'b'], grades: [0, 2, 0, 1], relevant: [0, 1, 0, 1], nRelevant: 3 };
const B_RANKING = { ids: ['p', 'q'], grades: [1, 0], relevant: [1, 0], nRelevant: 1 };

/** What a ranking says, read now (a scratch's ranking is a view that its next ranking overwrites). */
function read(rc: RankedCase) {
  return { ids: rc.ids, grades: Array.from(rc.grades), relevant: Array.from(rc.relevant), nRelevant: rc.nRelevant };
}

describe('two evaluations in two scratches', () => {
  it('give each case what it gives alone (written out above)', () => {
    const alone = rankCase(A, trec);
    assert.deepEqual(read(alone), A_RANKING);
    assert.deepEqual(
      SPECS.map((s) => metricValue(alone, s, trec)),
      A_VALUES,
    );
  });

  it('rank A in scratch 1 and B in scratch 2, measure B then A: neither sees the other', () => {
    const one = caseScratch();
    const two = caseScratch();
    const a = rankCase(A, trec, { valuesOnly: true, scratch: one });
    const b = rankCase(B, trec, { valuesOnly: true, scratch: two });
    assert.deepEqual(
      SPECS.map((s) => metricValue(b, s, trec, two)),
      B_VALUES,
    );
    assert.deepEqual(
      SPECS.map((s) => metricValue(a, s, trec, one)),
      A_VALUES,
    );
    assert.deepEqual([read(a), read(b)], [A_RANKING, B_RANKING]);
  });

  it('measure metric by metric in turn, the memos (ideal gains, the 11 levels) of each scratch answering for its own case', () => {
    const one = caseScratch();
    const two = caseScratch();
    const a = rankCase(A, trec, { valuesOnly: true, scratch: one });
    const b = rankCase(B, trec, { valuesOnly: true, scratch: two });
    const values: [number[], number[]] = [[], []];
    for (const s of SPECS) {
      values[0].push(metricValue(a, s, trec, one));
      values[1].push(metricValue(b, s, trec, two));
    }
    assert.deepEqual(values, [A_VALUES, B_VALUES]);
  });

  it("evaluate case after case, alternating: each evaluation's values are its own", () => {
    const one = caseScratch();
    const two = caseScratch();
    const first = [A, B, A].map((c) => evaluateCase(c, SPECS, trec, {}, one).values);
    const second: number[][] = [];
    for (const c of [B, A, B]) {
      second.push(evaluateCase(c, SPECS, trec, {}, two).values);
      first.push(evaluateCase(c === A ? B : A, SPECS, trec, {}, one).values);
    }
    assert.deepEqual(first, [A_VALUES, B_VALUES, A_VALUES, A_VALUES, B_VALUES, A_VALUES]);
    assert.deepEqual(second, [B_VALUES, A_VALUES, B_VALUES]);
  });

  it("while one scratch is shared: the next ranking in it takes over the first one's arrays (why each evaluation owns one)", () => {
    const shared = caseScratch();
    const a = rankCase(A, trec, { valuesOnly: true, scratch: shared });
    const b = rankCase(B, trec, { valuesOnly: true, scratch: shared });
    assert.equal(a.grades.buffer, b.grades.buffer);
    assert.notEqual(rankCase(A, trec).grades.buffer, rankCase(B, trec).grades.buffer, 'rankings made without a scratch own their arrays');
  });
});
