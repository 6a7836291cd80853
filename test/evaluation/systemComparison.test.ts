/**
 * Fixtures that compare systems: `runs:` in the qrels/run shape and predictions per system in cases,
 * read, evaluated and compared with the first system (paired t-test, Holm, α = 0.05). p-values from
 * SciPy 1.10.1's ttest_rel, printed once and written out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { systemHover, systemReadout, systemTooltip } from '../../shared/text/systemText';

/*
 * RR per query: bm25 0.5, 1, 1/3, 0.5, 0.5 (mean 0.5667); dense 1 everywhere (mean 1).
 * Differences 0.5, 0, 0.6667, 0.5, 0.5: mean 0.4333, SciPy ttest_rel p = 0.018562564501560457,
 * 95% CI 0.1195 to 0.7472 (t(0.975, 4) = 2.7764), paired d = 1.7144.
 */
const RUNS = `{
  "metrics": ["RR"],
  "qrels": {"q1": {"a": 1}, "q2": {"b": 1}, "q3": {"c": 1}, "q4": {"d": 1}, "q5": {"e": 1}},
  "runs": {
    "bm25": {"q1": {"x": 2, "a": 1}, "q2": {"b": 2, "x": 1}, "q3": {"x": 3, "y": 2, "c": 1}, "q4": {"x": 2, "d": 1}, "q5": {"x": 2, "e": 1}},
    "dense": {"q1": {"a": 2, "x": 1}, "q2": {"b": 2, "x": 1}, "q3": {"c": 2, "x": 1}, "q4": {"d": 2, "x": 1}, "q5": {"e": 2, "x": 1}}
  }
}`;

describe('runs: several systems in the qrels/run shape', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const doc = () => parseFixture(RUNS, 'json');
  const fe = () => evaluateDocument(doc()).fixtures[0];
  it("reads each run as a system; the first run gives the fixture's cases", () => {
    assert.deepEqual(doc().problems, []);
    assert.deepEqual(
      doc().fixtures[0].systems!.map((s) => s.name.value),
      ['bm25', 'dense'],
    );
    assert.deepEqual(
      fe().cases.map((c) => c.values[0]),
      [0.5, 1, 1 / 3, 0.5, 0.5],
    );
  });
  it("gives each system's means and the test against the first", () => {
    const sys = fe().systems!;
    assert.ok(Math.abs(sys.means[0][0] - 2.8333333333333335 / 5) < 1e-12);
    assert.equal(sys.means[1][0], 1);
    const c = sys.comparisons[0][0];
    assert.ok(Math.abs(c.p - 0.018562564501560457) < 1e-9, `${c.p}`);
    assert.equal(c.pAdjusted, c.p, 'Holm over one comparison');
    assert.equal(c.significant, true);
    assert.ok(Math.abs(c.ci[0] - 0.11948721860859313) < 1e-9 && Math.abs(c.ci[1] - 0.7471794480580737) < 1e-9);
    assert.equal(c.n, 5);
  });
  it("the lenses: the baseline's means, then each system with ▲ where it is significantly better", () => {
    assert.equal(systemReadout(fe(), 0), 'bm25 (baseline, 5 cases): RR 0.567');
    assert.equal(systemReadout(fe(), 1), 'dense vs bm25: RR 1.000 ▲');
  });
  it('the tooltip and the hover name the test, n, the mean difference, its interval, p and the correction', () => {
    const line =
      "RR: paired Student's t-test, n = 5, mean difference +0.433 (95% CI +0.119 to +0.747), p = 0.019, Holm-adjusted p = 0.019 over 1 comparison: significantly better at α = 0.05";
    assert.equal(systemTooltip(fe(), 1), `dense against bm25 (the first system), paired by case id:\n${line}`);
    assert.match(
      systemHover(fe(), 1),
      new RegExp(
        `^\\*\\*System \`dense\`\\*\\* · 5 cases · convention \`trec_eval\`\\n\\n[^\\n]+\\n\\n- ${line.replace(/[()+.]/g, '\\$&')}$`,
      ),
    );
  });
  it('has no finding: five pairs are enough for the t-test', () => {
    assert.deepEqual(
      fe().findings.map((f) => f.code),
      [],
    );
  });
});

/*
 * Predictions per system in cases. RR: base 1, 0.5, 0 (u3 misses c); big 1, 1, 1; mid 0.5, 0.5, 1.
 * SciPy ttest_rel: base vs big p = 0.22540333075851657, base vs mid p = 0.7418011102528389;
 * Holm over the two: the smaller gets 2 × 0.2254 = 0.4508, the larger max(0.4508, 1 × 0.7418) = 0.7418.
 */
const CASES = `metrics: [RR]
cases:
  - id: u1
    labels: [a]
    predictions: {base: [a, x], big: [a, x], mid: [x, a]}
  - id: u2
    labels: [b]
    predictions: {base: [x, b], big: [b], mid: [x, b]}
  - id: u3
    labels: [c]
    predictions: {base: [x, y], big: [c], mid: [c]}
`;

describe('predictions per system in cases', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const doc = () => parseFixture(CASES, 'yaml');
  const fe = () => evaluateDocument(doc()).fixtures[0];
  it("reads the systems in order; the case's own predictions are the first system's", () => {
    assert.deepEqual(doc().problems, []);
    assert.deepEqual(fe().systems!.names, ['base', 'big', 'mid']);
    assert.deepEqual(
      fe().cases.map((c) => c.values[0]),
      [1, 0.5, 0],
    );
  });
  it('compares each system with the first, Holm over the comparisons', () => {
    const [big, mid] = fe().systems!.comparisons[0];
    assert.ok(Math.abs(big.p - 0.22540333075851657) < 1e-9);
    assert.ok(Math.abs(mid.p - 0.7418011102528389) < 1e-9);
    assert.ok(Math.abs(big.pAdjusted - 2 * 0.22540333075851657) < 1e-9, `${big.pAdjusted}`);
    assert.ok(Math.abs(mid.pAdjusted - 0.7418011102528389) < 1e-9, `${mid.pAdjusted}`);
    assert.equal(systemReadout(fe(), 1), 'big vs base: RR 1.000');
    assert.equal(systemReadout(fe(), 2), 'mid vs base: RR 0.667');
  });
  it("a mapping id → score is still one system's predictions", () => {
    const one = evaluateDocument(parseFixture('metrics: [RR]\ncases:\n  - id: u\n    labels: [a]\n    predictions: {x: 2, a: 1}\n', 'yaml'))
      .fixtures[0];
    assert.equal(one.systems, undefined);
    assert.deepEqual(one.cases[0].values, [0.5]);
  });
});

describe('too-few-queries', () => {
  it("warns on the system's name when the test can never reach α (one shared case: the t-test needs two)", () => {
    const text = 'qrels: {q1: {a: 1}}\nruns:\n  bm25: {q1: {a: 2, x: 1}}\n  dense: {q1: {x: 2, a: 1}}\n';
    const fe = evaluateDocument(parseFixture(text, 'yaml')).fixtures[0];
    const f = fe.findings.find((x) => x.code === 'too-few-queries')!;
    assert.equal(text.slice(f.span.start, f.span.end), 'dense');
    assert.equal(f.severity, 'warning');
    assert.equal(
      f.message,
      "dense vs bm25: on 1 paired case the paired Student's t-test cannot give a p below 1.00, above α = 0.05: no difference can be significant.",
    );
  });
  it('reports a problem in another system\'s run on that run, and an error for "run" and "runs" together', () => {
    const text = 'qrels: {q1: {a: 1}}\nruns:\n  bm25: {q1: {a: 2}}\n  dense: {q1: {a: "high"}}\n';
    const doc = parseFixture(text, 'yaml');
    assert.deepEqual(
      doc.problems.map((p) => [p.code, text.slice(p.span.start, p.span.end)]),
      [['wrong-type', '"high"']],
    );
    const both = parseFixture('qrels: {q1: {a: 1}}\nrun: {q1: {a: 1}}\nruns: {x: {q1: {a: 1}}}\n', 'yaml');
    assert.deepEqual(
      both.problems.map((p) => p.code),
      ['wrong-type'],
    );
  });
});

describe('significance: the fixture picks the test', () => {
  it("exact randomization on 5 queries cannot go below 2/2^5 = 0.0625: too-few-queries, even for dense's clear lead", () => {
    const text = RUNS.replace('"metrics": ["RR"],', '"metrics": ["RR"], "significance": {"test": "randomization", "correction": "none"},');
    const fe = evaluateDocument(parseFixture(text, 'json')).fixtures[0];
    const c = fe.systems!.comparisons[0][0];
    // Differences 0.5, 0, 0.6667, 0.5, 0.5: only the all-plus and all-minus signs reach |Σ| (×2 for the 0): 4/32.
    assert.equal(c.p, 0.125);
    assert.equal(c.significant, false);
    assert.equal(systemReadout(fe, 1), 'dense vs bm25: RR 1.000');
    const f = fe.findings.find((x) => x.code === 'too-few-queries')!;
    assert.equal(text.slice(f.span.start, f.span.end), '"dense"');
    assert.equal(
      f.message,
      "dense vs bm25: on 5 paired cases the Fisher's paired randomization test cannot give a p below 0.0625, above α = 0.05: no difference can be significant.",
    );
  });
  it('takes alpha, trials and seed, and reports a bad value where it is written', () => {
    const text =
      'qrels: {q1: {a: 1}}\nsignificance: {test: anova, alpha: 5, trials: 100, seed: 7}\nruns:\n  x: {q1: {a: 1}}\n  y: {q1: {a: 1}}\n';
    const doc = parseFixture(text, 'yaml');
    assert.deepEqual(
      doc.problems.map((p) => [p.code, text.slice(p.span.start, p.span.end)]),
      [
        ['wrong-type', 'anova'],
        ['wrong-type', '5'],
      ],
    );
    const fe = evaluateDocument(doc).fixtures[0];
    assert.deepEqual(fe.systems!.options, { test: 't', correction: 'holm', alpha: 0.05, trials: 100, seed: 7 });
  });
});
