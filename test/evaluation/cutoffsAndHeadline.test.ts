/**
 * A fixture's cutoffs and headline key as the evaluation reads them: every cutoff invalid falls back to
 * the defaults 1, 3, 5, 10 (with a finding on each and one on the list); a headline name that is no
 * metric, or a family without the cutoff it needs, is reported and left out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';

function evaluatedText(text: string) {
  const evaluation = evaluateDocument(parseFixture(text, 'yaml'));
  return {
    fe: evaluation.fixtures[0],
    findings: evaluation.findings.map((f) => [f.code, text.slice(f.span.start, f.span.end), f.message, f.data ?? null]),
  };
}

describe('cutoffs', () => {
  it('none valid (0 and −1): each reported, then the list, and the defaults 1, 3, 5, 10 used', () => {
    const { fe, findings } = evaluatedText('k: [0, -1]\nmetrics: [P]\ncases: {u: {labels: [a], predictions: [a]}}\n');
    assert.deepEqual(fe.names, ['P@1', 'P@3', 'P@5', 'P@10']);
    assert.deepEqual(findings.slice(0, 3), [
      ['invalid-cutoff', '0', 'A cutoff must be a whole number ≥ 1; 0 is ignored.', null],
      ['invalid-cutoff', '-1', 'A cutoff must be a whole number ≥ 1; -1 is ignored.', null],
      ['invalid-cutoff', '[0, -1]', 'No valid cutoff: the defaults 1, 3, 5, 10 are used.', null],
    ]);
  });
});

describe('the headline key', () => {
  it('keeps the metric names it can compute (AP), and reports a family without its cutoff, an unknown name and a misspelling (with the fix)', () => {
    const { fe, findings } = evaluatedText(
      'k: [3]\nheadline: [AP, P, nonsense@3, APP@3]\nmetrics: [P, AP, RR, nDCG, R]\ncases: {u: {labels: [a], predictions: [a, b, c]}}\n',
    );
    assert.deepEqual(fe.names, ['P@3', 'R@3', 'AP', 'RR', 'nDCG']);
    assert.deepEqual(fe.headline, [2], 'AP alone');
    assert.deepEqual(findings, [
      ['unknown-metric', 'P', '"P" needs a cutoff here (P@10). It is not a headline.', null],
      ['unknown-metric', 'nonsense@3', 'Unknown metric "nonsense@3". It is not a headline.', null],
      ['unknown-metric', 'APP@3', 'Unknown metric "APP@3". Did you mean "AP@3"? It is not a headline.', { replacement: 'AP@3' }],
    ]);
  });
});
