/**
 * docs/reference/json-report.md: the JSON each command writes, shown by running the commands (cli/main.ts,
 * in this process) on small files, with what each key holds.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { main } from '../../cli/main';
import { page } from './markdown';

// The README's example under trec_eval, with an expectation that fails: AP@5 is 1/3 there, not 0.5.
const FIXTURE = `k: [3, 5]
metrics: [P@3, AP@5]
convention: trec_eval
cases:
  u1:
    labels: [2, 4, 6]
    predictions: [1, 2, 3, 4, 5]
    expect: { AP@5: 0.5 }
`;

const QRELS = `q1 0 d1 1
q1 0 d2 0
q1 0 d3 2
q2 0 d1 1
q2 0 d4 1
q3 0 d5 1
`;

const BASE_RUN = `q1 Q0 d1 1 0.9 base
q1 Q0 d2 2 0.8 base
q1 Q0 d3 3 0.7 base
q2 Q0 d4 1 0.5 base
q2 Q0 d9 2 0.4 base
q3 Q0 d7 1 0.8 base
q3 Q0 d5 2 0.6 base
`;

const BETTER_RUN = `q1 Q0 d3 1 0.9 better
q1 Q0 d1 2 0.8 better
q2 Q0 d1 1 0.5 better
q2 Q0 d4 2 0.4 better
q3 Q0 d5 1 0.7 better
`;

const FILES: Readonly<Record<string, string>> = {
  'ex.rank.yaml': FIXTURE,
  qrels: QRELS,
  'base.run': BASE_RUN,
  'better.run': BETTER_RUN,
};

/** Runs `ranklens ARGS` in this process, in dir; returns what it wrote to stdout. */
async function stdoutOf(args: readonly string[], dir: string): Promise<string> {
  const out: Buffer[] = [];
  const io = {
    stdout: (chunk: string | Uint8Array) => {
      out.push(Buffer.from(chunk));
    },
    stderr: () => {},
    stdin: () => Readable.from([]),
  };
  const saved = process.cwd();
  process.chdir(dir);
  try {
    await main([...args], io);
  } finally {
    process.chdir(saved);
  }
  return Buffer.concat(out).toString('utf8');
}

function block(language: string, text: string): string {
  return `\`\`\`${language}\n${text.replace(/\n$/, '')}\n\`\`\``;
}

/** The page's text. */
export async function jsonReportPage(): Promise<string> {
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-reference-'));
  try {
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    const run = (args: readonly string[]) => stdoutOf(args, dir);
    const check = await run(['check', 'ex.rank.yaml', '--json']);
    const trec = await run(['trec', 'qrels', 'base.run', '-m', 'P.5', '-m', 'map', '--json']);
    const systems = await run(['trec', 'qrels', 'base.run', 'better.run', '-m', 'AP', '-m', 'P@1', '--json']);
    const compare = await run(['compare', 'ex.rank.yaml', '--json']);
    const infer = await run(['infer', 'ex.rank.yaml', '--json']);
    return page(
      'The JSON reports',
      ['cli/main.ts (the commands run on the files below)'],
      [
        'Every command writes JSON with `--json` (for `check` also `--format json`; for `trec` with several runs ' +
          "`--format json`). Values are full-precision numbers; NaN is written as `null`. Ranges use LSP's " +
          'convention: 0-based lines and 0-based characters counted in UTF-16 code units. The examples below are ' +
          "the commands' output on these files:",
        block('yaml', `# ex.rank.yaml\n${FIXTURE}`),
        block('text', `# qrels\n${QRELS}# base.run\n${BASE_RUN}# better.run\n${BETTER_RUN}`),
        '## `ranklens check --json`',
        [
          '- `files`: one entry per fixture. `path` is the file as found; `"fixture": i` (0-based) is added when a file ' +
            'holds several fixtures. A file that could not be read as any fixture has `"convention": null` and no cases.',
          '- `convention`: the resolved convention, its `name` (the preset, plus the knobs set differently) and every knob.',
          '- `cases[].metrics`, `mean` and `excluded` (how many cases the mean left out, their value being NaN) are keyed ' +
            'by metric name.',
          '- `findings[]`: `severity`, `code`, `message`, `range`; `"expected": true` when the fixture declares the code in ' +
            '`expectFindings`; `related` (other places that explain it, each `{file, range, message}`); `file` when the ' +
            'finding is in another file than `path`.',
        ].join('\n'),
        block('sh', '$ ranklens check ex.rank.yaml --json'),
        block('json', check),
        '## `ranklens trec QRELS RUN --json`',
        'The same shape, one entry: `path` is the run, `qrels` the qrels file, `cases` the evaluated queries (in the ' +
          "string order of their ids), `trecNames` trec_eval's name of each measure in the order of the metrics " +
          '(its Ranklens name for a measure trec_eval does not have), and `counts` what was read: queries and lines of each file, ' +
          'run lines ranked (`entries`), queries evaluated, judged queries `missing` from the run, run queries the qrels ' +
          'do not judge (`unjudged`), and evaluated queries with no relevant document (`noRelevant`). Findings carry ' +
          '`file` when they are in the qrels.',
        block('sh', '$ ranklens trec qrels base.run -m P.5 -m map --json'),
        block('json', trec),
        '## `ranklens trec QRELS RUN_A RUN_B --json`',
        [
          "- `runs[]`: each run's `name` (its run tag, or its file name when tags clash), `path` and `means`, as " +
            '`ranklens trec` gives them for that run alone.',
          '- `comparisons[]`: one per measure and pair of runs. `diff` is mean(b) − mean(a) over the paired queries (so ' +
            "`meanA` and `meanB` can differ from the runs' own means when a query was left out); `ci` the 95% interval " +
            "of the paired mean difference (Student's t interval; the percentile interval for `bootstrap`); " +
            "`effectSize` the paired Cohen's d, diff ÷ the standard deviation of the differences; `p`, `pAdjusted` " +
            '(after the correction) and `significant` (pAdjusted ≤ α); `n` the paired queries, `leftOut` the queries ' +
            'in one run of the pair only, `exact` whether p is exact (no sampling).',
          '- `test`, `correction`, `alpha`, `baseline` (the baseline run\'s name, or `"all"`), plus `trials` and `seed` for ' +
            'the resampling tests, and `findings`. With `-q`, each comparison has `perQuery`: `{qid: diff}`.',
        ].join('\n'),
        block('sh', '$ ranklens trec qrels base.run better.run -m AP -m P@1 --json'),
        block('json', systems),
        '## `ranklens compare --json`',
        "Per fixture: `path`, `convention` (the fixture's own, by name), `presets` (each preset's mean of each metric) " +
          'and `disagree` (the metrics on which the presets give different means).',
        block('sh', '$ ranklens compare ex.rank.yaml --json'),
        block('json', compare),
        '## `ranklens infer --json`',
        'Per fixture: `path`, the number of `expectations`, the `matches` best first (each a `convention`, the nearest ' +
          'preset plus the fewest knobs, and how many expectations it `matched`), whether the best match is `exact` ' +
          '(reproduces every expectation), and `unexplained`: each expectation no convention reproduces, with the ' +
          '`nearest` value any convention gives and the knobs (`nearestKnobs`) that give it. Writing ' +
          "`matches[0].convention` as the fixture's `convention` makes `ranklens check` pass every expectation it explains.",
        block('sh', '$ ranklens infer ex.rank.yaml --json'),
        block('json', infer),
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
