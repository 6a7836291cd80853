/**
 * `ranklens trec QRELS RUN_A RUN_B [RUN …]`: several runs compared, on test/data/trec/compare.*.
 *
 * Six queries, one relevant document r each; RR per query (1/rank of r, 0 when it is missing):
 *   base   (tag base):   0.5, 1/3, 1, 0.5, 0, 0.25   mean 2.58333/6 = 0.4306
 *   better (tag better): 1, 1, 1, 1, 0.5, 0.5        mean 5/6 = 0.8333
 *   mixed  (tag mixed):  1, 0.5, 0.5, 1, 0, (no line for query 6)  mean 3/5 = 0.6000 (0.5000 with -c)
 * P@1: base 1 of 6 (query 3) = 0.1667, better 4/6 = 0.6667, mixed 2/5 = 0.4000.
 * better − base on RR: 0.5, 0.6667, 0, 0.5, 0.5, 0.25; mean 0.402778, sd 0.238145, d = 1.691314.
 * p-values: SciPy 1.10.1 ttest_rel / wilcoxon, printed once and written out.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { TREC_DATA, ranklens, tempFiles } from './ranklens';

const QRELS = join(TREC_DATA, 'compare.qrels');
const BASE = join(TREC_DATA, 'compare-base.run');
const BETTER = join(TREC_DATA, 'compare-better.run');
const MIXED = join(TREC_DATA, 'compare-mixed.run');

interface JsonComparison {
  measure: string;
  trecEval: string | null;
  a: string;
  b: string;
  meanA: number;
  meanB: number;
  diff: number;
  ci: [number, number];
  effectSize: number;
  p: number;
  pAdjusted: number;
  significant: boolean;
  paired: number;
  unpaired: number;
  wins: number;
  ties: number;
  losses: number;
}
interface JsonReport {
  runs: { name: string; file: string; means: Record<string, { value: number; trecEval: string | null }> }[];
  comparisons: JsonComparison[];
  significance: { test: string; correction: string };
  findings: { code: string; message: string }[];
}

function json(args: string[]): JsonReport {
  const r = ranklens(['trec', QRELS, BASE, BETTER, MIXED, '-m', 'RR,P@1', '--format', 'json', ...args]);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as JsonReport;
}

const near = (actual: number, expected: number, what: string) =>
  assert.ok(Math.abs(actual - expected) < 1e-9, `${what}: ${actual} vs ${expected}`);

describe('ranklens trec with several runs: the JSON report', () => {
  const report = json([]);
  it('names each run by its tag and gives its means as the single-run command does', () => {
    assert.deepEqual(
      report.runs.map((r) => [r.name, r.file]),
      [
        ['base', BASE],
        ['better', BETTER],
        ['mixed', MIXED],
      ],
    );
    near(report.runs[0].means.RR.value, 2.5833333333333335 / 6, 'base RR');
    near(report.runs[1].means.RR.value, 5 / 6, 'better RR');
    near(report.runs[2].means.RR.value, 0.6, 'mixed RR');
    near(report.runs[2].means['P@1'].value, 0.4, 'mixed P@1');
    assert.deepEqual([report.runs[0].means.RR.trecEval, report.runs[0].means['P@1'].trecEval], ['recip_rank', 'P_1']);
  });
  it('compares each run with the first, per measure, with the paired t-test and Holm', () => {
    assert.deepEqual(
      report.comparisons.map((c) => `${c.measure} ${c.b}−${c.a}`),
      ['RR better−base', 'RR mixed−base', 'P@1 better−base', 'P@1 mixed−base'],
    );
    const [rr] = report.comparisons;
    assert.deepEqual([report.significance.test, report.significance.correction, rr.trecEval], ['t', 'holm', 'recip_rank']);
    near(rr.diff, 0.40277777777777785, 'diff');
    near(rr.p, 0.00897209172530509, 'SciPy ttest_rel p');
    // Holm over RR's two comparisons: 2 × 0.008972 = 0.017944 (the other p is 0.5122).
    near(rr.pAdjusted, 2 * 0.00897209172530509, 'Holm');
    assert.equal(rr.significant, true);
    near(rr.effectSize, 1.6913143462074325, "paired Cohen's d");
    near(rr.ci[0], 0.15286009921801144, 'ci low (SciPy t.ppf)');
    near(rr.ci[1], 0.6526954563375442, 'ci high');
    assert.equal(rr.paired, 6);
    // better is higher on 5 queries, equal on query 3 (RR 1 both).
    assert.deepEqual([rr.wins, rr.ties, rr.losses], [5, 1, 0]);
  });
  it('leaves out of a pair the query only one run has, and says how many', () => {
    const mixed = report.comparisons[1];
    assert.equal(mixed.paired, 5);
    assert.equal(mixed.unpaired, 1);
    near(mixed.meanA, (0.5 + 1 / 3 + 1 + 0.5 + 0) / 5, 'base over the 5 shared queries');
    near(mixed.p, 0.5122252586995418, 'SciPy ttest_rel over 5 queries');
    assert.equal(mixed.significant, false);
  });
  it('with -c pairs every judged query (query 6 scores 0 for mixed)', () => {
    const c = json(['-c']).comparisons[1];
    assert.deepEqual([c.paired, c.unpaired], [6, 0]);
    near(c.p, 0.6903669097863865, 'SciPy ttest_rel with the 0');
  });
});

describe('ranklens trec with several runs: the tests', () => {
  it("--test wilcoxon gives SciPy's p (normal approximation: query 3's difference is 0)", () => {
    near(json(['--test', 'wilcoxon']).comparisons[0].p, 0.039359508888249725, 'wilcoxon');
  });
  it('--test randomization is exact on 6 queries: only the all-same signs reach |Σd| (×2 for the 0 at query 3): 4/64', () => {
    const c = json(['--test', 'randomization']).comparisons;
    assert.equal(c[0].p, 0.0625);
    // mixed − base: 0.5, 1/6, −0.5, 0.5, 0 (Σ = 2/3): 10 of 16 non-zero sign patterns reach 2/3.
    assert.equal(c[1].p, 0.625);
  });
  it('--baseline all compares every pair; --baseline NAME puts that run first in each pair', () => {
    assert.deepEqual(
      json(['--baseline', 'all'])
        .comparisons.filter((c) => c.measure === 'RR')
        .map((c) => `${c.a}:${c.b}`),
      ['base:better', 'base:mixed', 'better:mixed'],
    );
    assert.deepEqual(
      json(['--baseline', 'better'])
        .comparisons.filter((c) => c.measure === 'RR')
        .map((c) => `${c.a}:${c.b}`),
      ['better:base', 'better:mixed'],
    );
  });
  it('--correction none and bonferroni, --alpha', () => {
    near(json(['--correction', 'none']).comparisons[0].pAdjusted, 0.00897209172530509, 'none');
    near(json(['--correction', 'bonferroni']).comparisons[1].pAdjusted, 1, 'bonferroni caps at 1');
    assert.equal(json(['--alpha', '0.01']).comparisons[0].significant, false);
  });
  it('bootstrap and tukey are reproducible with --seed', () => {
    for (const test of ['bootstrap', 'tukey']) {
      const a = json(['--test', test, '--seed', '7', '--trials', '2000']).comparisons.map((c) => c.p);
      assert.deepEqual(
        json(['--test', test, '--seed', '7', '--trials', '2000']).comparisons.map((c) => c.p),
        a,
        test,
      );
      assert.ok(
        a.every((p) => p > 0 && p <= 1),
        test,
      );
    }
  });
});

describe('ranklens trec with several runs: the table', () => {
  it('marks a value with the letters of the runs it beats, answers each comparison, then names the test, the correction and α', () => {
    const r = ranklens(['trec', QRELS, BASE, BETTER, MIXED, '-m', 'RR,P@1']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(
      r.stdout,
      [
        '   run     RR       P@1',
        'a  base    0.4306   0.1667',
        'b  better  0.8333ᵃ  0.6667',
        'c  mixed   0.6000   0.4000',
        '',
        // The numbers of the JSON above: diff, the t interval, d, Holm's p, and the queries won, tied, lost.
        'measure  b − a             diff  95% CI                 d  p (Holm)  significant  W/T/L',
        'RR       better − base  +0.4028  [+0.1529, +0.6527]  1.69    0.0179  yes          5/1/0',
        'RR       mixed − base   +0.1333  [-0.3820, +0.6486]  0.32    0.5122  no           3/1/1',
        'P@1      better − base  +0.5000  [-0.0748, +1.0748]  0.91    0.1512  no           3/3/0',
        'P@1      mixed − base   +0.2000  [-0.8389, +1.2389]  0.24    0.6213  no           2/2/1',
        '',
        "A letter marks the runs a value is significantly better than: paired Student's t-test, two-sided; each run against base (a); Holm correction over the 2 comparisons of each measure; α = 0.05.",
        "Each comparison: diff = the mean of b − a over the paired queries, its 95% interval (Student's t), d = Cohen's d (diff ÷ the standard deviation of the differences), p corrected as its column says, significant when that p ≤ α, and W/T/L the queries where b is higher, equal, lower.",
        'Paired queries per comparison: 5, 6.',
        'Left out (a query in one run of the pair only; --complete scores a judged query a run misses as 0): mixed vs base: 1.',
        '',
      ].join('\n'),
    );
    assert.match(r.stderr, /compare\.qrels:12:1 warning query-not-in-run mixed: 1 judged query has no line in the run: 6 \(line 12\)/);
  });
  it("-q adds every paired query's difference", () => {
    const r = ranklens(['trec', QRELS, BASE, BETTER, '-m', 'RR', '-q']);
    assert.match(
      r.stdout,
      /Per-query differences \(b − a\):\nRR\tbetter−base\t1\t\+0\.5000\nRR\tbetter−base\t2\t\+0\.6667\nRR\tbetter−base\t3\t\+0\.0000\n/,
    );
  });
  it('--format latex: booktabs, the best value bold, the marks as superscripts', () => {
    const r = ranklens(['trec', QRELS, BASE, BETTER, MIXED, '-m', 'RR', '--format', 'latex']);
    assert.match(
      r.stdout,
      /^\\begin\{tabular\}\{llr\}\n\\toprule\n & Run & RR \\\\\n\\midrule\na & base & 0\.4306 \\\\\nb & better & \\textbf\{0\.8333\}\$\^\{a\}\$ \\\\\nc & mixed & 0\.6000 \\\\\n\\bottomrule\n\\end\{tabular\}\n\n\\begin\{tabular\}\{llrcrrcc\}\n/,
    );
  });
  it('--format markdown', () => {
    const r = ranklens(['trec', QRELS, BASE, BETTER, '-m', 'RR']);
    const md = ranklens(['trec', QRELS, BASE, BETTER, '-m', 'RR', '--format', 'markdown']);
    assert.equal(r.code, 0);
    assert.match(
      md.stdout,
      /^\| \| run \| RR \|\n\|---\|---\|---:\|\n\| a \| base \| 0\.4306 \|\n\| b \| better \| \*\*0\.8333\*\*<sup>a<\/sup> \|\n/,
    );
  });
});

describe('ranklens trec with several runs: names, findings, usage', () => {
  it('names runs by file name when their tags clash', () => {
    const dir = tempFiles({ 'one.run': '1 Q0 r 1 2 same\n', 'two.run': '1 Q0 x1 1 2 same\n1 Q0 r 2 1 same\n', 'q.qrels': '1 0 r 1\n' });
    const r = ranklens(['trec', 'q.qrels', 'one.run', 'two.run', '-m', 'RR', '--json'], dir);
    assert.deepEqual(
      (JSON.parse(r.stdout) as JsonReport).runs.map((x) => x.name),
      ['one.run', 'two.run'],
    );
  });
  it('warns when the test can never reach α on so few queries (exact randomization: 2/2^n)', () => {
    const r = ranklens(['trec', QRELS, BASE, MIXED, '-m', 'RR', '--test', 'randomization']);
    assert.match(
      r.stderr,
      /compare-mixed\.run:1:1 warning too-few-queries mixed vs base: on 5 paired queries the exact randomization test cannot give a p below 2\/2\^5 = 0\.0625, above α = 0\.05: no difference can be significant\./,
    );
    assert.equal(r.code, 0);
  });
  it('counts a value of -l, -M or -N as a value, not as a run: QRELS RUN -l 2 is one run', () => {
    // Under -l 2 no document is relevant (every grade is 1), so trec_eval prints recip_rank 0.
    const r = ranklens(['trec', QRELS, BASE, '-l', '2', '-m', 'recip_rank']);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, 'recip_rank            \tall\t0.0000\n');
  });
  it('evaluates each run under -M as it would alone: RR with one rank kept is P@1 (1/6 and 4/6)', () => {
    const r = ranklens(['trec', QRELS, BASE, BETTER, '-M', '1', '-m', 'RR', '--json']);
    assert.equal(r.code, 0, r.stderr);
    const report = JSON.parse(r.stdout) as JsonReport;
    near(report.runs[0].means.RR.value, 1 / 6, 'base RR with -M 1');
    near(report.runs[1].means.RR.value, 4 / 6, 'better RR with -M 1');
  });
  it('documents itself in ranklens trec --help', () => {
    const r = ranklens(['trec', '--help']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /Usage: ranklens trec QRELS RUN_A RUN_B \[RUN \.\.\.\] \[options\]/);
    assert.match(r.stdout, /--test NAME {10}t \(paired Student's t, default\)/);
  });
  it('rejects bad options with exit code 2', () => {
    const cases: [string[], RegExp][] = [
      [['--test', 'anova'], /--test takes t, wilcoxon, randomization, bootstrap, tukey; not "anova"/],
      [['--correction', 'sidak'], /--correction takes none, bonferroni, holm, bh/],
      [['--alpha', '5%'], /--alpha takes a number between 0 and 1/],
      [['--baseline', 'nope'], /--baseline "nope" names no run; runs: base, better \(or all\)/],
      [
        ['--format', 'junit'],
        /trec does not write junit: junit, sarif and github report the findings of checked fixtures \(ranklens check\); it writes text, json, markdown, latex or csv\./,
      ],
      [['--test', 'tukey'], /--test tukey compares three or more runs/],
    ];
    for (const [args, message] of cases) {
      const r = ranklens(['trec', QRELS, BASE, BETTER, ...args]);
      assert.equal(r.code, 2, args.join(' '));
      assert.match(r.stderr, message);
    }
  });
});
