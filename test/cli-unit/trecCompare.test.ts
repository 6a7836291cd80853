/**
 * `ranklens trec QRELS RUN_A RUN_B …` in-process, on test/data/trec/compare.* (RR per query worked
 * out in test/cli/trecCompare.test.ts): base 0.4306, better 5/6 = 0.8333, mixed 3/5 = 0.6 (no line
 * for query 6); P@1 base 1/6, better 4/6, mixed 2/5.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { TREC_DATA, tempFiles } from '../cli/ranklens';
import { ranklens } from './run';

const dir = tempFiles({});
for (const f of ['compare.qrels', 'compare-base.run', 'compare-better.run', 'compare-mixed.run'])
  copyFileSync(join(TREC_DATA, f), join(dir, f));
const RUNS = ['compare.qrels', 'compare-base.run', 'compare-better.run', 'compare-mixed.run'];
const MIXED_MISSES =
  'compare.qrels:12:1 warning query-not-in-run mixed: 1 judged query has no line in the run: 6 (line 12); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 6 ("result qid not found"), after printing the queries before it.\n';
const trec = (...args: string[]) => ranklens(['trec', ...args], { cwd: dir });
const EACH =
  "Each comparison: diff = the mean of b − a over the paired queries, its 95% interval (Student's t), d = Cohen's d (diff ÷ the standard deviation of the differences), p corrected as its column says, significant when that p ≤ α, and W/T/L the queries where b is higher, equal, lower.";

describe('ranklens trec with several runs: the table', () => {
  it('text: runs named by their tags, ᵃ where a run beats base (t-test, Holm); each comparison answered; what was left out', async () => {
    const r = await trec(...RUNS, '-m', 'RR,P@1');
    // RR better − base, per query: +0.5, +0.6667, 0, +0.5, +0.5, +0.25: mean 0.4028, sd 0.2381, se 0.0972,
    // t(0.975, 5) = 2.5706: CI 0.4028 ± 0.2499 = [0.1529, 0.6527]; d = 0.4028 / 0.2381 = 1.69; t = 4.143,
    // p = 0.0090, Holm × 2 = 0.0179; 5 higher, 1 equal (query 3), none lower. mixed − base on the 5 queries
    // mixed has: +0.5, +0.1667, −0.5, +0.5, 0: mean 0.1333, 3/1/1.
    assert.equal(
      r.stdout,
      [
        '   run     RR       P@1',
        'a  base    0.4306   0.1667',
        'b  better  0.8333ᵃ  0.6667',
        'c  mixed   0.6000   0.4000',
        '',
        'measure  b − a             diff  95% CI                 d  p (Holm)  significant  W/T/L',
        'RR       better − base  +0.4028  [+0.1529, +0.6527]  1.69    0.0179  yes          5/1/0',
        'RR       mixed − base   +0.1333  [-0.3820, +0.6486]  0.32    0.5122  no           3/1/1',
        'P@1      better − base  +0.5000  [-0.0748, +1.0748]  0.91    0.1512  no           3/3/0',
        'P@1      mixed − base   +0.2000  [-0.8389, +1.2389]  0.24    0.6213  no           2/2/1',
        '',
        "A letter marks the runs a value is significantly better than: paired Student's t-test, two-sided; each run against base (a); Holm correction over the 2 comparisons of each measure; α = 0.05.",
        EACH,
        'Paired queries per comparison: 5, 6.',
        'Left out (a query in one run of the pair only; --complete scores a judged query a run misses as 0): mixed vs base: 1.',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, MIXED_MISSES);
    assert.equal(r.code, 0);
  });

  it('markdown, all pairs, -q: the best value bold, <sup> marks, each pair answered (Holm × 3), the per-query differences b − a in a code block', async () => {
    const r = await trec(...RUNS, '-m', 'RR', '--format', 'markdown', '--baseline', 'all', '-q');
    assert.equal(
      r.stdout,
      [
        '| | run | RR |',
        '|---|---|---:|',
        '| a | base | 0.4306 |',
        '| b | better | **0.8333**<sup>a</sup> |',
        '| c | mixed | 0.6000 |',
        '',
        '| measure | b − a | diff | 95% CI | d | p (Holm) | significant | W/T/L |',
        '|---|---|---:|---|---:|---:|---|---|',
        '| RR | better − base | +0.4028 | [+0.1529, +0.6527] | 1.69 | 0.0269 | yes | 5/1/0 |',
        '| RR | mixed − base | +0.1333 | [-0.3820, +0.6486] | 0.32 | 0.5122 | no | 3/1/1 |',
        '| RR | mixed − better | -0.3000 | [-0.6400, +0.0400] | -1.10 | 0.1410 | no | 0/2/3 |',
        '',
        "A letter marks the runs a value is significantly better than: paired Student's t-test, two-sided; all pairs of runs; Holm correction over the 3 comparisons of each measure; α = 0.05.",
        EACH,
        'Paired queries per comparison: 5, 6.',
        'Left out (a query in one run of the pair only; --complete scores a judged query a run misses as 0): mixed vs base: 1, mixed vs better: 1.',
        '',
        'Per-query differences (b − a):',
        '',
        '```',
        'RR\tbetter−base\t1\t+0.5000',
        'RR\tbetter−base\t2\t+0.6667',
        'RR\tbetter−base\t3\t+0.0000',
        'RR\tbetter−base\t4\t+0.5000',
        'RR\tbetter−base\t5\t+0.5000',
        'RR\tbetter−base\t6\t+0.2500',
        'RR\tmixed−base\t1\t+0.5000',
        'RR\tmixed−base\t2\t+0.1667',
        'RR\tmixed−base\t3\t-0.5000',
        'RR\tmixed−base\t4\t+0.5000',
        'RR\tmixed−base\t5\t+0.0000',
        'RR\tmixed−better\t1\t+0.0000',
        'RR\tmixed−better\t2\t-0.5000',
        'RR\tmixed−better\t3\t-0.5000',
        'RR\tmixed−better\t4\t+0.0000',
        'RR\tmixed−better\t5\t-0.5000',
        '```',
        '',
      ].join('\n'),
    );
  });

  it('latex, exact randomization, Benjamini–Hochberg: the comparisons in a second tabular (BH p: 0.0625 × 2 and 0.625), notes as % comments, a too-few-queries warning for 5 queries', async () => {
    const r = await trec(...RUNS, '-m', 'RR', '--format', 'latex', '--test', 'randomization', '--correction', 'bh');
    assert.equal(
      r.stdout,
      [
        '\\begin{tabular}{llr}',
        '\\toprule',
        ' & Run & RR \\\\',
        '\\midrule',
        'a & base & 0.4306 \\\\',
        'b & better & \\textbf{0.8333} \\\\',
        'c & mixed & 0.6000 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
        '\\begin{tabular}{llrcrrcc}',
        '\\toprule',
        'Measure & $b - a$ & Diff. & 95\\% CI & $d$ & $p$ (Benjamini--Hochberg) & Significant & W/T/L \\\\',
        '\\midrule',
        'RR & better $-$ base & $+0.4028$ & [$+0.1529$, $+0.6527$] & $1.69$ & $0.1250$ & no & 5/1/0 \\\\',
        'RR & mixed $-$ base & $+0.1333$ & [$-0.3820$, $+0.6486$] & $0.32$ & $0.6250$ & no & 3/1/1 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        "% A letter marks the runs a value is significantly better than: Fisher's paired randomization test, two-sided, exact (every assignment enumerated); each run against base (a); Benjamini–Hochberg correction over the 2 comparisons of each measure; α = 0.05.",
        `% ${EACH}`,
        '% Paired queries per comparison: 5, 6.',
        '% Left out (a query in one run of the pair only; --complete scores a judged query a run misses as 0): mixed vs base: 1.',
        '',
      ].join('\n'),
    );
    // 2 of the 2^5 sign assignments are as extreme as all-positive: p ≥ 2/32 = 0.0625 > 0.05.
    assert.equal(
      r.stderr,
      MIXED_MISSES +
        'compare-mixed.run:1:1 warning too-few-queries mixed vs base: on 5 paired queries the exact randomization test cannot give a p below 2/2^5 = 0.0625, above α = 0.05: no difference can be significant.\n',
    );
    assert.equal(r.code, 0);
  });

  it('latex -q: the per-query lines commented out too', async () => {
    const r = await trec('compare.qrels', 'compare-base.run', 'compare-better.run', '-m', 'RR', '--format', 'latex', '-q');
    assert.ok(
      r.stdout.endsWith(
        '% Per-query differences (b − a):\n% RR\tbetter−base\t1\t+0.5000\n% RR\tbetter−base\t2\t+0.6667\n% RR\tbetter−base\t3\t+0.0000\n% RR\tbetter−base\t4\t+0.5000\n% RR\tbetter−base\t5\t+0.5000\n% RR\tbetter−base\t6\t+0.2500\n',
      ),
      r.stdout,
    );
  });

  it('Wilcoxon without correction, -c: two runs on all 6 queries', async () => {
    const r = await trec(
      'compare.qrels',
      'compare-base.run',
      'compare-better.run',
      '-m',
      'RR',
      '--test',
      'wilcoxon',
      '--correction',
      'none',
      '-c',
    );
    assert.equal(
      r.stdout,
      [
        '   run     RR',
        'a  base    0.4306',
        'b  better  0.8333ᵃ',
        '',
        'measure  b − a             diff  95% CI                 d  p (uncorrected)  significant  W/T/L',
        'RR       better − base  +0.4028  [+0.1529, +0.6527]  1.69           0.0394  yes          5/1/0',
        '',
        'A letter marks the runs a value is significantly better than: Wilcoxon signed-rank test, two-sided; each run against base (a); no correction; α = 0.05.',
        EACH,
        'Paired queries per comparison: 6.',
        '',
      ].join('\n'),
    );
  });

  it('Tukey HSD with 1,000 trials, seed 7, α = 0.1: no further correction, queries in some runs only', async () => {
    const r = await trec(...RUNS, '-m', 'RR', '--test', 'tukey', '--trials', '1000', '--seed', '7', '--alpha', '0.1');
    assert.equal(
      r.stdout.split('\n').slice(5).join('\n'),
      [
        // Over the 5 queries every run has (query 6 left out): better − base +0.5, +0.6667, 0, +0.5, +0.5.
        'measure  b − a             diff  95% CI                 d  p (Tukey HSD)  significant  W/T/L',
        'RR       better − base  +0.4333  [+0.1195, +0.7472]  1.71         0.0869  yes          4/1/0',
        'RR       mixed − base   +0.1333  [-0.3820, +0.6486]  0.32         0.7862  no           3/1/1',
        '',
        'A letter marks the runs a value is significantly better than: randomized Tukey HSD, two-sided, 1,000 trials, seed 7; each run against base (a); no further correction (Tukey HSD controls the error over all pairs); α = 0.1.',
        EACH,
        'Paired queries per comparison: 5.',
        'Left out (a query in some runs only; --complete scores a judged query a run misses as 0): better vs base: 1, mixed vs base: 1.',
        '',
      ].join('\n'),
    );
  });
});

describe('ranklens trec with several runs: JSON', () => {
  it('bootstrap against the named baseline, -q: trials and seed, per-query differences, diff = base − better, W/T/L of base', async () => {
    const r = await trec(
      'compare.qrels',
      'compare-base.run',
      'compare-better.run',
      '-m',
      'RR',
      '--json',
      '--test',
      'bootstrap',
      '--trials',
      '200',
      '-q',
      '--baseline',
      'better',
    );
    const json = JSON.parse(r.stdout);
    assert.deepEqual(
      json.runs.map((x: { name: string; file: string; means: unknown; queries: unknown[] }) => [x.name, x.file, x.means, x.queries.length]),
      [
        ['base', 'compare-base.run', { RR: { value: 0.4305555555555555, trecEval: 'recip_rank', excluded: 0 } }, 6],
        ['better', 'compare-better.run', { RR: { value: 0.8333333333333334, trecEval: 'recip_rank', excluded: 0 } }, 6],
      ],
    );
    const [c] = json.comparisons;
    assert.deepEqual(
      [c.measure, c.trecEval, c.a, c.b, c.meanA, c.meanB, c.diff, c.paired, c.unpaired, c.exact, c.wins, c.ties, c.losses],
      ['RR', 'recip_rank', 'better', 'base', 0.8333333333333334, 0.4305555555555555, -0.40277777777777785, 6, 0, false, 0, 1, 5],
    );
    assert.deepEqual(c.perQuery, [
      { id: '1', diff: -0.5 },
      { id: '2', diff: -0.6666666666666667 },
      { id: '3', diff: 0 },
      { id: '4', diff: -0.5 },
      { id: '5', diff: -0.5 },
      { id: '6', diff: -0.25 },
    ]);
    assert.deepEqual(json.significance, { test: 'bootstrap', correction: 'holm', alpha: 0.05, trials: 200, seed: 42, baseline: 'better' });
    assert.deepEqual(json.findings, []);
  });

  it('t-test: trials and seed null, correction none under tukey only; findings carry their file; the keys in order', async () => {
    const json = JSON.parse((await trec(...RUNS, '-m', 'RR', '--format', 'json')).stdout);
    assert.deepEqual(Object.keys(json), [
      'schemaVersion',
      'command',
      'qrels',
      'convention',
      'benchmark',
      'refused',
      'runs',
      'comparisons',
      'significance',
      'findings',
    ]);
    assert.deepEqual(Object.keys(json.runs[0]), ['name', 'file', 'means', 'queries', 'counts', 'partial']);
    assert.equal(json.comparisons[0].exact, true);
    assert.equal(json.comparisons[0].perQuery, undefined);
    assert.deepEqual([json.significance.trials, json.significance.seed], [null, null]);
    // mixed has no line for query 6: its counts say so, and the comparison with base pairs 5 queries.
    assert.deepEqual([json.runs[2].counts.judgedQueriesNotInRun, json.comparisons[1].paired, json.comparisons[1].unpaired], [1, 5, 1]);
    assert.deepEqual(
      json.findings.map((f: { file: string; code: string; severity: string }) => [f.file, f.code, f.severity]),
      [['compare.qrels', 'query-not-in-run', 'warning']],
    );
    const tukey = JSON.parse((await trec(...RUNS, '-m', 'RR', '--json', '--test', 'tukey', '--correction', 'bonferroni')).stdout);
    assert.deepEqual([tukey.significance.correction, tukey.significance.trials, tukey.significance.seed], ['none', 10000, 42]);
  });

  it('names a run by its file name when tags clash, and by its path when file names clash too', async () => {
    const d = tempFiles({
      q: '1 0 r 1\n',
      'a/x.run': '1 Q0 r 1 1 same\n',
      'b/x.run': '1 Q0 r 1 1 same\n',
      'y.run': '# c\n\n1 Q0 r 1 1 same\n',
    });
    const json = JSON.parse((await ranklens(['trec', 'q', 'a/x.run', 'b/x.run', 'y.run', '-m', 'RR', '--json'], { cwd: d })).stdout);
    assert.deepEqual(
      json.runs.map((r: { name: string }) => r.name),
      ['a/x.run', 'b/x.run', 'y.run'],
    );
    const named = JSON.parse(
      (await ranklens(['trec', 'q', 'a/x.run', 'y.run', '-m', 'RR', '--json', '--baseline', 'y.run'], { cwd: d })).stdout,
    );
    assert.equal(named.significance.baseline, 'y.run');
  });
});

describe('ranklens trec with several runs: usage problems (exit 2)', () => {
  const cases: [string[], string][] = [
    [[...RUNS, '--test', 'z'], '--test takes t, wilcoxon, randomization, bootstrap, tukey; not "z".'],
    [
      ['compare.qrels', 'compare-base.run', 'compare-better.run', '--test', 'tukey'],
      '--test tukey compares three or more runs; for two, use --test randomization (the same test).',
    ],
    [[...RUNS, '--correction', 'sidak'], '--correction takes none, bonferroni, holm, bh; not "sidak".'],
    [
      [...RUNS, '--format', 'sarif'],
      'trec does not write sarif: junit, sarif and github report the findings of checked fixtures (ranklens check); it writes text, json, markdown, latex or csv.',
    ],
    [[...RUNS, '--format', 'tsv'], 'Unknown format "tsv"; trec writes text, json, markdown, latex or csv.'],
    [[...RUNS, '--alpha', '1.5'], '--alpha takes a number between 0 and 1, such as 0.05; not "1.5".'],
    [[...RUNS, '--alpha', '0'], '--alpha takes a number between 0 and 1, such as 0.05; not "0".'],
    [[...RUNS, '--alpha', '5e-2'], '--alpha takes a number between 0 and 1, such as 0.05; not "5e-2".'],
    [[...RUNS, '--seed', '1.5'], '--seed takes a whole number from 0 to 4294967295, not "1.5".'],
    [[...RUNS, '--seed', '4294967296'], '--seed takes a whole number from 0 to 4294967295, not "4294967296".'],
    [[...RUNS, '--seed', 'x'], '--seed takes a whole number from 0 to 4294967295, not "x".'],
    [[...RUNS, '--trials', '0'], '--trials takes a whole number ≥ 1, not "0".'],
    [[...RUNS, '--baseline', 'nobody'], '--baseline "nobody" names no run; runs: base, better, mixed (or all).'],
    [[...RUNS, '-m', 'P.'], '-m P.: no parameters after the point.'],
    [[...RUNS, '-l', 'one'], '--level takes a whole number, not "one".'],
    [['compare.qrels', 'compare-base.run', 'missing.run'], 'Cannot read missing.run: no such file.'],
    [['compare.qrels', 'compare-base.run', '.'], 'Cannot read .: it is not a file.'],
  ];
  for (const [args, message] of cases) {
    it(args.slice(4).join(' ') || args.join(' '), async () => {
      const r = await trec(...args);
      assert.equal(r.stderr, `ranklens: ${message}\nSee ranklens trec --help.\n`);
      assert.deepEqual([r.stdout, r.code], ['', 2]);
    });
  }

  it('a value of an option is not counted as a run: "-l 1" with two files is one run', async () => {
    const r = await trec('compare.qrels', 'compare-base.run', '-l', '1', '-m', 'recip_rank');
    assert.equal(r.stdout, 'recip_rank            \tall\t0.4306\n');
  });

  it("--help with several runs prints the comparison's help", async () => {
    const r = await trec(...RUNS, '--help');
    assert.equal(r.code, 0);
    assert.ok(r.stdout.startsWith('Usage: ranklens trec QRELS RUN_A RUN_B [RUN ...] [options]\n\nWith two or more runs, compares them'));
  });
});

describe('ranklens trec with several runs: problems and small samples', () => {
  // Query 1 judges a twice (an error under trec_eval, a warning under ranx); r2's third line is malformed.
  const d = tempFiles({
    'tq.qrels': '1 0 a 1\n1 0 a 1\n2 0 c 1\n',
    't1.run': '1 Q0 a 1 0.9 r1\n2 Q0 c 1 0.5 r1\n',
    't2.run': '1 Q0 x 1 0.9 r2\n2 Q0 c 1 0.5 r2\nbad line\n',
    't3.run': '# a comment\n\n1 Q0 a 1 0.9 r3\n',
  });
  const DUP =
    'tq.qrels:2:1 error duplicate-judgement "a" is judged twice for query 1; the first grade is used (trec_eval stops on this). (first judgement: tq.qrels:1:1)\n';
  const BAD =
    't2.run:3:1 error malformed-line A run line has 6 fields (qid Q0 docid rank score tag); this one has 2. The line is skipped.\n';

  it('under trec_eval, nothing is compared: the qrels judge a docid twice, a run has a malformed line (trec_eval stops on either); exit 1', async () => {
    const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR'], { cwd: d });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'tq.qrels:2:1 error duplicate-judgement "a" is judged twice for query 1. Nothing is evaluated: trec_eval stops here ("duplicate docs"). Remove the repeated judgements, or add --keep-going to use the first grade of each, every mean marked as computed on partial files. (first judgement: tq.qrels:1:1)\n' +
        't2.run:3:1 error malformed-line A run line has 6 fields (qid Q0 docid rank score tag); this one has 2. Nothing is evaluated: trec_eval stops here ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.\n',
    );
    assert.equal(r.code, 1);
  });

  it("--keep-going: reports the qrels' problems once and each run's own, each run marked PARTIAL; exit 1", async () => {
    const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR', '--keep-going'], { cwd: d });
    // RR: r1 (1 + 1) / 2 = 1; r2 (0 + 1) / 2 = 0.5. Differences -1 and 0: diff -0.5, sd 0.7071, d -0.71,
    // t(0.975, 1) = 12.7062 × 0.7071 / √2 = 6.3531 either side, p = 0.5; both runs marked in the answer too.
    assert.equal(
      r.stdout.split('\n').slice(0, 9).join('\n'),
      [
        '   run           RR',
        'a  r1 (PARTIAL)  1.0000',
        'b  r2 (PARTIAL)  0.5000',
        '',
        'measure  b − a                           diff  95% CI                  d  p (Holm)  significant  W/T/L',
        'RR       r2 (PARTIAL) − r1 (PARTIAL)  -0.5000  [-6.8531, +5.8531]  -0.71    0.5000  no           0/1/1',
        '',
        'r1: PARTIAL: these means leave out 1 of 3 qrels lines (see the errors): they are not the means of the files given.',
        'r2: PARTIAL: these means leave out 1 of 3 qrels lines and 1 of 3 run lines (see the errors): they are not the means of the files given.',
      ].join('\n'),
    );
    assert.equal(r.stderr, DUP + BAD);
    assert.equal(r.code, 1);
  });

  it('--keep-going in markdown, latex and csv: the runs named (PARTIAL) in every table, the notes say what they leave out', async () => {
    const args = ['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR', '--keep-going', '--format'];
    const markdown = (await ranklens([...args, 'markdown'], { cwd: d })).stdout.split('\n');
    assert.deepEqual(markdown.slice(2, 4), ['| a | r1 (PARTIAL) | **1.0000** |', '| b | r2 (PARTIAL) | 0.5000 |']);
    assert.equal(markdown[7], '| RR | r2 (PARTIAL) − r1 (PARTIAL) | -0.5000 | [-6.8531, +5.8531] | -0.71 | 0.5000 | no | 0/1/1 |');
    assert.ok(
      markdown.includes(
        'r2: PARTIAL: these means leave out 1 of 3 qrels lines and 1 of 3 run lines (see the errors): they are not the means of the files given.',
      ),
    );
    const latex = (await ranklens([...args, 'latex'], { cwd: d })).stdout.split('\n');
    assert.deepEqual(latex.slice(4, 6), ['a & r1 (PARTIAL) & \\textbf{1.0000} \\\\', 'b & r2 (PARTIAL) & 0.5000 \\\\']);
    assert.equal(
      latex[13],
      'RR & r2 (PARTIAL) $-$ r1 (PARTIAL) & $-0.5000$ & [$-6.8531$, $+5.8531$] & $-0.71$ & $0.5000$ & no & 0/1/1 \\\\',
    );
    assert.equal(
      latex[16],
      '% r1: PARTIAL: these means leave out 1 of 3 qrels lines (see the errors): they are not the means of the files given.',
    );
    const csv = (await ranklens([...args, 'csv'], { cwd: d })).stdout.split('\r\n');
    assert.equal(
      csv[1],
      'RR,r1 (PARTIAL),r2 (PARTIAL),1,0.5,-0.5,-6.853102368087347,5.853102368087347,-0.7071067811865475,t,0.4999999999999999,holm,0.4999999999999999,0.05,false,2,0,0,1,1',
    );
  });

  it('under trec_eval, a broken run stops the comparison in every format: nothing on stdout but the JSON report, refused', async () => {
    for (const format of ['text', 'markdown', 'latex', 'csv']) {
      const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR', '--format', format], { cwd: d });
      assert.deepEqual([r.stdout, r.code], ['', 1], format);
      assert.match(r.stderr, /^tq\.qrels:2:1 error duplicate-judgement .* Nothing is evaluated/, format);
    }
    const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR', '--format', 'json'], { cwd: d });
    const json = JSON.parse(r.stdout);
    assert.deepEqual([json.refused, json.comparisons, json.significance, r.stderr, r.code], [true, [], null, '', 1]);
    // Both runs listed with what was read, neither with a figure; the findings: the qrels' problem once, t2's own.
    assert.deepEqual(
      json.runs.map((x: { name: string; means: object; queries: unknown[]; counts: { rankedLines: number } }) => [
        x.name,
        x.means,
        x.queries,
        x.counts.rankedLines,
      ]),
      [
        ['r1', {}, [], 2],
        ['r2', {}, [], 2],
      ],
    );
    assert.deepEqual(
      json.findings.map((f: { file: string; code: string }) => [f.file, f.code]),
      [
        ['tq.qrels', 'duplicate-judgement'],
        ['t2.run', 'malformed-line'],
      ],
    );
  });

  it('Wilcoxon on 2 queries can never reach α: a too-few-queries warning with 2/2^2', async () => {
    const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't2.run', '-m', 'RR', '--test', 'wilcoxon', '--keep-going'], { cwd: d });
    assert.equal(
      r.stderr,
      DUP +
        BAD +
        't2.run:1:1 warning too-few-queries r2 vs r1: on 2 paired queries the exact Wilcoxon test cannot give a p below 2/2^2 = 0.500, above α = 0.05: no difference can be significant.\n',
    );
  });

  it('the bootstrap on 1 paired query; a run tag after a comment and a blank line; the qrels note names the run', async () => {
    const r = await ranklens(['trec', 'tq.qrels', 't1.run', 't3.run', '-m', 'RR', '--test', 'bootstrap', '--convention', 'ranx'], {
      cwd: d,
    });
    assert.equal(
      r.stderr,
      [
        'tq.qrels:2:1 warning duplicate-judgement "a" is judged twice for query 1; the first grade is used. (first judgement: tq.qrels:1:1)',
        'tq.qrels:3:1 warning query-not-in-run r3: 1 judged query has no line in the run: 2 (line 3); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 2 ("result qid not found"), after printing the queries before it.',
        't3.run:1:1 warning too-few-queries r3 vs r1: on 1 paired query the paired bootstrap test cannot give a p below 1.00, above α = 0.05: no difference can be significant.',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 0);
  });

  it('passes -l, -M, -J, -c and -N on to each run as the single-run command takes them', async () => {
    // -M 1 keeps each run's first document: base ranks x1 first on query 1 (RR 0), better ranks r first (RR 1).
    const single = async (run: string) =>
      (await trec('compare.qrels', run, '-M', '1', '-J', '-c', '-l', '1', '-N', '10', '-m', 'recip_rank')).stdout;
    const both = JSON.parse(
      (
        await trec(
          'compare.qrels',
          'compare-base.run',
          'compare-better.run',
          '-M',
          '1',
          '-J',
          '-c',
          '-l',
          '1',
          '-N',
          '10',
          '-m',
          'RR',
          '--json',
        )
      ).stdout,
    );
    assert.deepEqual(
      both.runs.map((r: { means: { RR: { value: number } } }) => r.means.RR.value.toFixed(4)),
      [(await single('compare-base.run')).split('\t')[2].trim(), (await single('compare-better.run')).split('\t')[2].trim()],
    );
  });

  it('--alpha takes .05, 0.5 and 1 is refused; --seed takes 4294967295; a baseline named by its path', async () => {
    assert.equal(
      JSON.parse((await trec('compare.qrels', 'compare-base.run', 'compare-better.run', '-m', 'RR', '--json', '--alpha', '.05')).stdout)
        .significance.alpha,
      0.05,
    );
    assert.equal(
      JSON.parse((await trec('compare.qrels', 'compare-base.run', 'compare-better.run', '-m', 'RR', '--json', '--alpha', '0.5')).stdout)
        .significance.alpha,
      0.5,
    );
    assert.equal(
      (await trec('compare.qrels', 'compare-base.run', 'compare-better.run', '--alpha', '1')).stderr,
      'ranklens: --alpha takes a number between 0 and 1, such as 0.05; not "1".\nSee ranklens trec --help.\n',
    );
    const json = JSON.parse(
      (
        await trec(
          'compare.qrels',
          'compare-base.run',
          'compare-better.run',
          '-m',
          'RR',
          '--json',
          '--seed',
          '4294967295',
          '--test',
          'randomization',
          '--baseline',
          'compare-better.run',
        )
      ).stdout,
    );
    assert.deepEqual([json.significance.seed, json.significance.baseline], [4294967295, 'better']);
  });
});

describe('ranklens trec with several runs: query order and CSV', () => {
  // Queries 1, 2 and 10, one relevant document each (r1, r2, r10). x ranks it first on 1 and 10, second on 2;
  // y ranks it second on 1, first on 2 and 10. RR x: 1, 1/2, 1; y: 1/2, 1, 1. y − x: −0.5, +0.5, 0.
  const d = tempFiles({
    q: '1 0 r1 1\n2 0 r2 1\n10 0 r10 1\n',
    'x.run': '1 Q0 r1 1 2 x\n1 Q0 n 2 1 x\n10 Q0 r10 1 2 x\n10 Q0 n 2 1 x\n2 Q0 n 1 2 x\n2 Q0 r2 2 1 x\n',
    'y.run': '1 Q0 n 1 2 y\n1 Q0 r1 2 1 y\n10 Q0 r10 1 2 y\n10 Q0 n 2 1 y\n2 Q0 r2 1 2 y\n2 Q0 n 2 1 y\n',
  });
  const run = (...args: string[]) => ranklens(['trec', 'q', 'x.run', 'y.run', '-m', 'RR', ...args], { cwd: d });

  it('-q lists the per-query differences in query order: 1, 2, 10 (trec_eval would print 1, 10, 2)', async () => {
    const r = await run('-q');
    assert.ok(
      r.stdout.endsWith('Per-query differences (b − a):\nRR\ty−x\t1\t-0.5000\nRR\ty−x\t2\t+0.5000\nRR\ty−x\t10\t+0.0000\n'),
      r.stdout,
    );
    // One win, one tie, one loss; the mean difference 0.
    assert.deepEqual(r.stdout.split('\n').slice(4, 6), [
      'measure  b − a     diff  95% CI                 d  p (Holm)  significant  W/T/L',
      'RR       y − x  +0.0000  [-1.2421, +1.2421]  0.00    1.0000  no           1/1/1',
    ]);
  });

  it("--json: each run's queries and the per-query differences in query order", async () => {
    const json = JSON.parse((await run('-q', '--json')).stdout);
    assert.deepEqual(
      json.runs.map((x: { queries: { id: string; values: { RR: { value: number } } }[] }) =>
        x.queries.map((q) => [q.id, q.values.RR.value]),
      ),
      [
        [
          ['1', 1],
          ['2', 0.5],
          ['10', 1],
        ],
        [
          ['1', 0.5],
          ['2', 1],
          ['10', 1],
        ],
      ],
    );
    assert.deepEqual(json.comparisons[0].perQuery, [
      { id: '1', diff: -0.5 },
      { id: '2', diff: 0.5 },
      { id: '10', diff: 0 },
    ]);
  });

  it('--format csv: one row per comparison, full precision, the test and the correction named', async () => {
    const r = await run('--format', 'csv');
    // sd of (−0.5, 0.5, 0) = 0.5, t(0.975, 2) = 4.3027: CI 0 ± 4.3027 · 0.5 / √3 = ±1.2421; t = 0, p = 1.
    assert.equal(
      r.stdout,
      'measure,a,b,mean_a,mean_b,diff,ci_low,ci_high,effect_size,test,p,correction,p_adjusted,alpha,significant,paired,unpaired,wins,ties,losses\r\n' +
        'RR,x,y,0.8333333333333334,0.8333333333333334,0,-1.2420688558751662,1.2420688558751662,0,t,1,holm,1,0.05,false,3,0,1,1,1\r\n',
    );
    assert.deepEqual([r.stderr, r.code], ['', 0]);
  });
});
