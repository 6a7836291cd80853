/**
 * The text of a system comparison: the lens readout (▲ / ▼), the tooltip and the hover on a system's
 * name, for a significant loss, a tie, Tukey HSD (no further correction), cases one system lacks, and
 * a p too small for three decimals.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { comparisonLines, systemHover, systemReadout, systemTooltip } from '../../shared/text/systemText';
import { evaluated } from '../helpers/evaluatedFixture';

// Twelve queries, one relevant document each: "good" and "same" rank it first (RR 1), "bad" second (RR 0.5).
const Q = Array.from({ length: 12 }, (_, i) => i + 1);
const QRELS = Q.map((i) => `"q${i}": {"a${i}": 1}`).join(', ');
const run = (first: boolean) => `{${Q.map((i) => `"q${i}": ${first ? `{"a${i}": 2, "x": 1}` : `{"x": 2, "a${i}": 1}`}`).join(', ')}}`;

describe('Tukey HSD over three systems', () => {
  // Randomized Tukey HSD, 200 trials: no permutation reaches |−0.5| again, so p = 1/201 = 0.005.
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const fe = () =>
    evaluated(`{"metrics": ["RR"], "significance": {"test": "tukey", "trials": 200, "seed": 1}, "qrels": {${QRELS}},
    "runs": {"good": ${run(true)}, "bad": ${run(false)}, "same": ${run(true)}}}`).fe;

  it('marks a significant loss ▼ and a tie with nothing', () => {
    assert.deepEqual(
      [0, 1, 2].map((s) => systemReadout(fe(), s)),
      ['good (baseline, 12 cases): RR 1.000', 'bad vs good: RR 0.500 ▼', 'same vs good: RR 1.000'],
    );
  });

  it("gives Tukey's p as it is, with no correction after it", () => {
    assert.equal(
      systemTooltip(fe(), 1),
      'bad against good (the first system), paired by case id:\n' +
        'RR: randomized Tukey HSD, n = 12, mean difference -0.500 (95% CI -0.500 to -0.500), p = 0.005: significantly worse at α = 0.05',
    );
    assert.equal(
      systemTooltip(fe(), 2).split('\n')[1],
      'RR: randomized Tukey HSD, n = 12, mean difference 0.000 (95% CI 0.000 to 0.000), p = 1.000: not significant at α = 0.05',
    );
  });

  it('says on the baseline how the others are compared with it, and on another system against which', () => {
    assert.equal(
      systemHover(fe(), 0),
      '**System `good`** · 12 cases · convention `trec_eval`\n\n' +
        'The baseline: every other system is compared with it, case by case (randomized Tukey HSD, which controls the error over all pairs, α = 0.05).',
    );
    assert.equal(
      systemHover(fe(), 1),
      '**System `bad`** · 12 cases · convention `trec_eval`\n\nAgainst `good`, paired by case id (▲ / ▼ in the lens: significantly better / worse):\n\n' +
        '- RR: randomized Tukey HSD, n = 12, mean difference -0.500 (95% CI -0.500 to -0.500), p = 0.005: significantly worse at α = 0.05',
    );
  });
});

describe('the Wilcoxon test with Bonferroni', () => {
  it('writes a p below 0.001 in exponent form: all 12 differences negative, exact p = 2/2¹² = 4.88e-4', () => {
    const fe = evaluated(
      `{"metrics": ["RR"], "significance": {"test": "wilcoxon", "correction": "bonferroni"}, "qrels": {${QRELS}}, "runs": {"good": ${run(true)}, "bad": ${run(false)}}}`,
    ).fe;
    assert.deepEqual(comparisonLines(fe, 1), [
      'RR: Wilcoxon signed-rank test, n = 12, mean difference -0.500 (95% CI -0.500 to -0.500), p = 4.88e-4, Bonferroni-adjusted p = 4.88e-4 over 1 comparison: significantly worse at α = 0.05',
    ]);
  });
});

describe('cases one system lacks (emptyPredictions=nan: a query missing from a run is NaN)', () => {
  const fixture = (two: string, test = 't') =>
    evaluated(`{"metrics": ["RR"], "convention": {"preset": "trec_eval", "emptyPredictions": "nan"}, "significance": {"test": "${test}", "correction": "none"},
    "qrels": {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}, "q4": {"d": 1}}, "runs": {"one": {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"x": 1}, "q4": {"x": 2, "d": 1}}, "two": ${two}}}`)
      .fe;

  it('counts them apart, and says when too few pairs are left for a p', () => {
    const oneLeft = fixture('{"q1": {"a": 1}, "q2": {"b": 1}, "q4": {"d": 1}}');
    // Differences 0, 0, +0.5: mean 0.167, t = 1, p = 0.423.
    assert.equal(
      comparisonLines(oneLeft, 1)[0],
      "RR: paired Student's t-test, n = 3 (1 case in one system only, left out), mean difference +0.167 (95% CI -0.550 to +0.884), p = 0.423: not significant at α = 0.05",
    );
    const onePair = fixture('{"q1": {"a": 1}}');
    assert.equal(
      comparisonLines(onePair, 1)[0],
      "RR: paired Student's t-test, n = 1 (3 cases in one system only, left out), mean difference 0.000 (95% CI NaN to NaN), p = NaN (too few cases): not significant at α = 0.05",
    );
    assert.equal(
      systemHover(onePair, 0).split('\n\n')[1],
      "The baseline: every other system is compared with it, case by case (paired Student's t-test, no correction, α = 0.05).",
    );
  });
});
