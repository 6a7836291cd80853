/**
 * The library knobs in a fixture: the case's id is the id identicalIds compares, the breakdown says what
 * a ranking knob dropped, and averaging=pooled gives pooled means with a finding on what has none.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { caseBreakdown } from '../../shared/text/breakdown';
import { evaluated } from '../helpers/evaluatedFixture';

describe('library knobs in a fixture', () => {
  // Hand-worked from beir-cellar/beir beir/retrieval/evaluation.py (ef83d293) l.82-83 (`if qid == pid:
  // results[qid].pop(pid)`), as test/core/libraryKnobs.test.ts cites.
  it('identicalIds: drop removes the prediction named like its case, and the breakdown says so', () => {
    const text = 'k: [2]\nmetrics: [P]\nconvention:\n  identicalIds: drop\ncases:\n  q1:\n    labels: [d1]\n    predictions: [q1, d1]\n';
    const { evaluation, fe } = evaluated(text, 'yaml');
    assert.deepEqual(fe.mean, [0.5]);
    assert.match(caseBreakdown(evaluation, 0, 0), /\n\*identicalIds = drop\*: dropped "q1", the case's own id, before ranking\n/);
  });

  // Hand-worked from benfred/implicit implicit/evaluation.pyx (8a95dbe2) l.444 and l.471 (Σ hits ÷ Σ min(K, R)).
  it('averaging: pooled — P@2 pooled over two cases is 2/4; RR has no pooled form: NaN, and one finding on the override', () => {
    const text = [
      'k: [2]',
      'metrics: [P, RR]',
      'convention:',
      '  averaging: pooled',
      'cases:',
      '  u1: {labels: [a], predictions: [a, x]}',
      '  u2: {labels: [b], predictions: [b, y]}',
      '',
    ].join('\n');
    const { fe } = evaluated(text, 'yaml');
    assert.deepEqual(fe.mean, [0.5, NaN]);
    const finding = fe.findings.find((f) => f.code === 'no-pooled-form')!;
    assert.equal(
      finding.message,
      'averaging=pooled adds up numerators and denominators over the cases, which only P@k, R@k, F1@k and the counts have: the run figures of RR are NaN. Their per-case values stand.',
    );
    assert.equal(text.slice(finding.span.start, finding.span.end), 'pooled');
    assert.equal(finding.severity, 'warning');
  });
});

describe('Hole@k in a fixture', () => {
  // Hand-worked from beir-cellar/beir beir/retrieval/custom_metrics.py (ef83d293) l.75-78 and l.86-87: the annotated
  // corpus is every doc id of every query's qrels.
  it("counts an id labeled in another case as judged, as BEIR's annotated corpus does: q1's b is no hole", () => {
    const text = 'k: [2]\nmetrics: [Hole]\ncases:\n  q1: {labels: [a], predictions: [a, b]}\n  q2: {labels: [b], predictions: [c, b]}\n';
    const { fe } = evaluated(text, 'yaml');
    assert.deepEqual(
      fe.cases.map((c) => c.values[0]),
      [0, 0.5],
    );
  });
});
