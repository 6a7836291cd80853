/**
 * k-exceeds-predictions gathered into one finding on the largest cutoff written (gatherKExceeds): the
 * cases it names (five, then "…"), its related places, and when it stays on each case instead.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { findingAt, findingsOf } from '../helpers/fixtureText';

/** Six cases a–f, each with one relevant label and `n` predictions. */
const sixCases = (k: string) =>
  `k: ${k}\nmetrics: [P]\ncases:\n${['a', 'b', 'c', 'd', 'e', 'f'].map((id, i) => `  ${id}: {labels: [x], predictions: [${['x', 'y', 'z'].slice(0, 1 + (i % 3)).join(', ')}]}`).join('\n')}`;

describe('k-exceeds-predictions gathered', () => {
  it('six cases under k = 4: the first five named, then "…", one related place per case', () => {
    const { finding } = findingAt(sixCases('[2, ⟦4⟧]'), 'yaml', 'k-exceeds-predictions');
    assert.equal(
      finding.message,
      'k = 4 is larger than the predictions of 6 cases (a, b, c, d, e, …): P@4 still divides by 4 (precisionDenominator=k).',
    );
    assert.deepEqual(
      finding.related?.map((r) => r.message),
      [
        'case a: k = 4 is larger than the 1 prediction',
        'case b: k = 4 is larger than the 2 predictions',
        'case c: k = 4 is larger than the 3 predictions',
        'case d: k = 4 is larger than the 1 prediction',
        'case e: k = 4 is larger than the 2 predictions',
        'case f: k = 4 is larger than the 3 predictions',
      ],
    );
    assert.equal(finding.severity, 'hint');
  });

  it('five cases: all named, no "…"', () => {
    const five = sixCases('[⟦3⟧]').replace(/\n {2}f: .*$/, '');
    // Cases c and f have 3 predictions: with f gone, a, b, d, e exceed k = 3 (c does not).
    assert.equal(
      findingAt(five, 'yaml', 'k-exceeds-predictions').finding.message,
      'k = 3 is larger than the predictions of 4 cases (a, b, d, e): P@3 still divides by 3 (precisionDenominator=k).',
    );
  });

  it("under min-k-predicted each case divides by its own number of predictions, not the first case's", () => {
    const text =
      'k: [⟦3⟧]\nmetrics: [P]\nconvention: {precisionDenominator: min-k-predicted}\ncases: {u: {labels: [x], predictions: [x]}, v: {labels: [x], predictions: [x, y]}}';
    assert.equal(
      findingAt(text, 'yaml', 'k-exceeds-predictions').finding.message,
      "k = 3 is larger than the predictions of 2 cases (u, v): P@3 divides by each case's number of predictions instead (precisionDenominator=min-k-predicted).",
    );
  });

  it('none past the cutoffs: no finding', () => {
    const { findings } = findingsOf('k: [1]\nmetrics: [P]\ncases: {u: {labels: [x], predictions: [x, y]}}', 'yaml');
    assert.deepEqual(
      findings.filter((f) => f.code === 'k-exceeds-predictions'),
      [],
    );
  });
});
