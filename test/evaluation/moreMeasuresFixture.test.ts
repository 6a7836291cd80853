/**
 * The measures beyond the first nine families in a fixture, through the generic paths: names,
 * values, expectations, lens readout and hovers.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseHover, expectHover, predictionHover } from '../../shared/text/hoverText';
import { metricHover } from '../../shared/text/knobText';
import { caseLenses } from '../../shared/text/lensText';

// The pooled query of test/core/moreMeasures.test.ts: bpref 0.25, RBP 0.1556, Judged@5 0.8.
const TEXT = `k: [3, 5]
convention: trec_eval
metrics: [bpref, ERR@k, RBP, Judged@5, "P(rel=2)@3"]
cases:
  q1:
    labels: {a: 1, b: 0, c: 0, d: 1, e: -1}
    predictions: [b, a, x, c, d, e]
    expect: {bpref: 0.25, RBP: 0.1556, Judged@5: 0.8}
`;

describe('new measures in a fixture', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const fe = () => evaluateDocument(parseFixture(TEXT, 'yaml')).fixtures[0];

  it('computes them under their canonical names and checks the expectations', () => {
    assert.deepEqual(fe().names, ['P(rel=2)@3', 'Bpref', 'RBP', 'Judged@5', 'ERR@3', 'ERR@5']);
    // ERR with top grade 1: R = 1/2 for a and d; ERR@3 = (1/2)(1/2) = 0.25, ERR@5 adds (1/5)(1/2)(1/2) = 0.05.
    assert.deepEqual(
      fe().cases[0].values.map((v) => Number(v.toFixed(4))),
      [0, 0.25, 0.1556, 0.8, 0.25, 0.3],
    );
    assert.deepEqual(
      fe().cases[0].expectations.map((e) => e.matches),
      [true, true, true],
    );
  });

  it('shows them in the case lenses and the hovers', () => {
    assert.deepEqual(
      caseLenses(fe(), 0).map((t) => t.title),
      ['P(rel=2)@3 0.000', 'Bpref 0.250', 'RBP 0.156', 'Judged@5 0.800'],
    );
    assert.match(metricHover(fe(), 'bpref'), /Binary preference \(bpref\)/);
    assert.match(metricHover(fe(), 'bpref'), /unjudged items are skipped/);
    assert.match(caseHover(fe(), 0), /ERR@5/);
    assert.match(expectHover(fe(), 0, 0), /Bpref.*computed `0\.2500`.*matches/);
    // a, rank 2: bpref term 0.5 of R = 2; RBP 0.9¹ / (1 / 0.1); Judged 1/5; ERR 1/2 · 1/2.
    const item = predictionHover(fe(), 0, 1);
    assert.match(item, /\| Bpref \| 0\.250 \| 0\.500 \/ 2 \|/);
    assert.match(item, /\| RBP \| 0\.090 \| 0\.900 \/ 10\.000 \|/);
    assert.match(item, /\| Judged@5 \| 0\.200 \| 1 \/ 5 \|/);
    assert.match(item, /\| ERR@3 \| 0\.250 \| 0\.250 \|/);
    // x, rank 3, is unjudged: nothing for Judged@5.
    assert.match(predictionHover(fe(), 0, 2), /\| Judged@5 \| 0\.000 \| adds nothing \|/);
  });

  it("sums the counts and takes the geometric mean of gmAP in the fixture's means", () => {
    const two = evaluateDocument(
      parseFixture(
        'metrics: [NumRet, AP, gmAP]\ncases:\n  u: {labels: [a], predictions: [a, b]}\n  v: {labels: [c], predictions: [d, c, e]}\n',
        'yaml',
      ),
    ).fixtures[0];
    // AP 1 and 0.5: mean 0.75, geometric mean √0.5 = 0.7071; 2 + 3 items ranked.
    assert.deepEqual(two.names, ['AP', 'NumRet', 'gmAP']);
    assert.deepEqual(
      two.mean.map((v) => Number(v.toFixed(4))),
      [0.75, 5, 0.7071],
    );
  });
});
