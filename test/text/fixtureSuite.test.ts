/**
 * A fixture file read as a test suite (the Testing view and JUnit): each expectation with its outcome
 * and message, each declared finding, the errors that are no expectation, and the counts.
 *
 * u1: a x b against {a, b} under trec_eval: P@3 2/3, R@3 1 (expected 0.5: fails), AP 0.833 (expected NaN:
 * fails), RR@3 1. u2 and u3 each predict their one label: P@3 1/3 < 3 predictions, so k-exceeds-predictions.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { fixtureTests, hasTests, testCounts } from '../../shared/text/fixtureSuite';
import { evaluated } from '../helpers/evaluatedFixture';

const TEXT = (declared: string) =>
  `k: [3]\nconvention: trec_eval\nexpectFindings: ${declared}\ncases:\n` +
  '  u1:\n    labels: [a, b]\n    predictions: [a, x, b]\n    expect: { P@3: 0.667, R@3: 0.5, AP: null, RR@3: 1, bogus@3: 1 }\n' +
  '  u2:\n    labels: [c]\n    predictions: [c]\n  u3:\n    labels: [c]\n    predictions: [c]\n    expect: { P@9: 0.1 }\n';

function suite(declared: string) {
  const { doc, evaluation } = evaluated(TEXT(declared), 'yaml');
  return fixtureTests(doc, evaluation);
}

describe('a fixture as tests', () => {
  // Built in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const declaring = () => suite('[k-exceeds-predictions, empty-labels, nonsense-code]');

  it('gives each expectation its outcome and message; a case without expect entries has no tests', () => {
    const [doc] = declaring().documents;
    assert.deepEqual([doc.index, doc.convention, doc.cases.map((c) => c.id)], [0, 'trec_eval', ['u1', 'u3']]);
    assert.deepEqual(
      doc.cases[0].expectations.map((e) => [e.metric, e.expected, e.actual, e.outcome, e.message]),
      [
        ['P@3', '0.667', '0.667', 'passed', 'Expected P@3 = 0.667, computed 0.6667 under convention trec_eval.'],
        ['R@3', '0.5', '1.000', 'failed', 'Expected R@3 = 0.5, computed 1.0000 under convention trec_eval.'],
        ['AP', 'null', '0.833', 'failed', 'Expected AP = NaN (null), computed 0.8333 under convention trec_eval.'],
        ['RR@3', '1', '1.000', 'passed', 'Expected RR@3 = 1, computed 1.0000 under convention trec_eval.'],
        ['bogus@3', '1', null, 'unchecked', 'Unknown metric "bogus@3". This expectation is not checked.'],
      ],
    );
    assert.deepEqual(
      doc.cases[1].expectations.map((e) => [e.metric, e.outcome, e.message]),
      [['P@9', 'unchecked', 'The fixture does not compute P@9 (check k and metrics), so this expectation is not checked.']],
    );
  });

  it('checks each declared finding code Ranklens knows, and lists the errors that are no expectation', () => {
    const tests = declaring();
    assert.deepEqual(
      tests.documents[0].declared.map((d) => [d.code, d.passed, d.message]),
      [
        ['k-exceeds-predictions', true, 'The file has a k-exceeds-predictions finding, as declared.'],
        ['empty-labels', false, 'expectFindings declares "empty-labels", but the file has no such finding.'],
      ],
    );
    assert.deepEqual(
      tests.errors.map((f) => f.code),
      ['unknown-metric'],
    );
  });

  it('counts 5 + 1 expectations, 2 declared findings and 1 error: 9 tests, 3 failures, 1 error, 2 skipped', () => {
    assert.deepEqual(testCounts(declaring()), { tests: 9, failures: 3, errors: 1, skipped: 2 });
  });

  it('turns mismatches the file declares into passes', () => {
    const declared = suite('[expect-mismatch]');
    assert.deepEqual(
      declared.documents[0].cases[0].expectations.map((e) => e.outcome),
      ['passed', 'declared', 'declared', 'passed', 'unchecked'],
    );
    assert.equal(
      declared.documents[0].cases[0].expectations[1].message,
      'Expected R@3 = 0.5, computed 1.0000 under convention trec_eval. The file declares expect-mismatch in expectFindings.',
    );
    assert.deepEqual(testCounts(declared), { tests: 8, failures: 0, errors: 1, skipped: 2 });
  });
});

describe('the expectations of a case that is not evaluated', () => {
  it('are unchecked, saying why: an error broke the case, or the convention refuses it', () => {
    const { doc, evaluation } = evaluated(
      'k: [3]\ncases:\n  u1: {labels: [a], predicitons: [a], expect: {P@3: 0.333}}\n  u2: {labels: [a], predictions: [a, a], expect: {P@3: 0.333}}\n',
      'yaml',
    );
    assert.deepEqual(
      fixtureTests(doc, evaluation).documents[0].cases.map((c) => c.expectations.map((e) => [e.outcome, e.actual, e.message])),
      [
        [['unchecked', null, 'Not checked: case "u1" is not evaluated: its predictions key is misspelled.']],
        [['unchecked', null, 'Not checked: case "u2" is refused by the convention (see its error).']],
      ],
    );
  });
});

describe('whether a file holds tests', () => {
  it('does with an expect entry or an expectFindings list, even an empty one', () => {
    const has = (text: string) => hasTests(evaluated(text, 'yaml').doc);
    assert.equal(has('k: [3]\ncases:\n  u: {labels: [a], predictions: [a]}\n'), false);
    assert.equal(has('k: [3]\nexpectFindings: []\ncases:\n  u: {labels: [a], predictions: [a]}\n'), true);
    assert.equal(
      has('k: [3]\ncases:\n  u: {labels: [a], predictions: [a]}\n  v: {labels: [a], predictions: [a], expect: {P@3: 0.333}}\n'),
      true,
    );
  });
});
