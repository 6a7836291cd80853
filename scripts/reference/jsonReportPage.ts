/**
 * docs/reference/json-report.md: the JSON report every command writes, from its schema
 * (schemas/ranklens-report.schema.json: one table per definition) and from the commands themselves
 * (cli/main.ts, run in this process on small files): every example is checked against the schema
 * as the page is made, so the page cannot show a report the schema refuses.
 */
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { main } from '../../cli/main';
import { page } from './markdown';
import { REPORT_SCHEMA_PATH, SchemaNode, reportValidator, schemaSections } from './reportSchema';

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

// q4 judges nothing relevant: NaN under the default convention (null in JSON), 0 under trec_eval's.
const QRELS = `q1 0 d1 1
q1 0 d2 0
q1 0 d3 2
q2 0 d1 1
q2 0 d4 1
q3 0 d5 1
q4 0 d6 0
`;

const BASE_RUN = `q1 Q0 d1 1 0.9 base
q1 Q0 d2 2 0.8 base
q1 Q0 d3 3 0.7 base
q2 Q0 d4 1 0.5 base
q2 Q0 d9 2 0.4 base
q3 Q0 d7 1 0.8 base
q3 Q0 d5 2 0.6 base
q4 Q0 d6 1 0.3 base
`;

const BETTER_RUN = `q1 Q0 d3 1 0.9 better
q1 Q0 d1 2 0.8 better
q2 Q0 d1 1 0.5 better
q2 Q0 d4 2 0.4 better
q3 Q0 d5 1 0.7 better
q4 Q0 d6 1 0.2 better
`;

// base.run with its second line's tag cut (a malformed line) and query q4 left out (a judged query missing).
const BROKEN_RUN = `q1 Q0 d1 1 0.9 base
q1 Q0 d2 2 0.8
q1 Q0 d3 3 0.7 base
q2 Q0 d4 1 0.5 base
q2 Q0 d9 2 0.4 base
q3 Q0 d7 1 0.8 base
q3 Q0 d5 2 0.6 base
`;

const FILES: Readonly<Record<string, string>> = {
  'ex.rank.yaml': FIXTURE,
  qrels: QRELS,
  'base.run': BASE_RUN,
  'better.run': BETTER_RUN,
  'broken.run': BROKEN_RUN,
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

/** The page's text; `schema` is the report's schema, which every example must hold to. */
export async function jsonReportPage(schema: SchemaNode): Promise<string> {
  const validate = reportValidator(schema);
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-reference-'));
  try {
    for (const [name, text] of Object.entries(FILES)) writeFileSync(join(dir, name), text);
    const run = async (args: readonly string[]) => {
      const text = await stdoutOf(args, dir);
      const errors = validate(JSON.parse(text));
      if (errors.length > 0) throw new Error(`ranklens ${args.join(' ')}: the report does not hold to the schema: ${errors.join('; ')}`);
      return text;
    };
    const check = await run(['check', 'ex.rank.yaml', '--format', 'json']);
    const trec = await run(['trec', 'qrels', 'base.run', '-m', 'P.5', '-m', 'map', '--convention', 'default', '--format', 'json']);
    const systems = await run(['trec', 'qrels', 'base.run', 'better.run', '-m', 'AP', '-m', 'P@1', '-q', '--format', 'json']);
    const refused = await run(['trec', 'qrels', 'broken.run', '-m', 'map', '--format', 'json']);
    const partial = await run(['trec', 'qrels', 'broken.run', '-m', 'map', '--keep-going', '--format', 'json']);
    const diff = await run(['diff', 'qrels', 'base.run', 'better.run', '-m', 'nDCG@3', '--top', '1', '--format', 'json']);
    const compare = await run(['compare', 'ex.rank.yaml', '--format', 'json']);
    const infer = await run(['infer', 'ex.rank.yaml', '--format', 'json']);
    return page(
      'The JSON report',
      ['cli/main.ts (the commands run on the files below)', REPORT_SCHEMA_PATH],
      [
        'Every command writes one JSON report with `--format json` (`--json` is the same), to stdout. It has one shape, ' +
          `described by the JSON Schema \`${REPORT_SCHEMA_PATH}\` (draft-07, shipped in the npm package and the extension): ` +
          '`schemaVersion` (1; raised when a key changes its meaning or goes away), `command`, the keys of the command, ' +
          'then `findings`, every finding about the files read. The schema of a release describes exactly what that ' +
          'release writes (no key outside it).',
        [
          '- **Values** are full-precision numbers; NaN (a value undefined for a case or query under the convention) and ' +
            'the infinities, which JSON cannot write, are `null`.',
          '- **Every measured value** is `{"value": …, "trecEval": …}`, keyed by the measure\'s Ranklens name (`AP`, ' +
            "`P@5`, `nDCG@10`), with trec_eval's name for it beside (`map`, `P_5`, `ndcg_cut_10`; `null` when trec_eval " +
            "has no such measure; its values are trec_eval's under the trec_eval convention). A mean also says how many " +
            'cases or queries it left out because their value is NaN (`excluded`).',
          '- **Positions** are 1-based lines and columns, as editors and the text output (`file:line:col`) show them; ' +
            'columns count UTF-16 code units, as LSP and SARIF do, and a range ends at the column just after its last ' +
            'character.',
          '- **`ranklens trec`** writes the same shape for one run and for several: `runs` (each with its means, every ' +
            "query's values in query order, 1, 2, 10, and the counts of what was read), `comparisons` (empty for one " +
            'run) and `significance` (`null` for one run). A run whose figures are computed on part of its files says ' +
            'what they leave out (`partial`), and a report of files trec_eval would stop on says `"refused": true` and ' +
            'holds no figure.',
        ].join('\n'),
        "The examples below are the commands' output on these files:",
        block('yaml', `# ex.rank.yaml\n${FIXTURE}`),
        block('text', `# qrels\n${QRELS}# base.run\n${BASE_RUN}# better.run\n${BETTER_RUN}`),
        '## `ranklens check --format json`',
        "Per fixture its convention (where it came from in `conventionSource`), each case's values and the means; the " +
          'expectation that fails is a finding, at line 8, columns 21 to 24 (`0.5`).',
        block('sh', '$ ranklens check ex.rank.yaml --format json'),
        block('json', check),
        '## `ranklens trec QRELS RUN --format json`',
        'One run, under the default convention: query q4 judges nothing relevant, so its values are NaN (`null`), and ' +
          'each mean leaves it out (`excluded: 1`). `counts` says what was read, each count named for what it counts; ' +
          '`partial` is `null` when the figures come from the whole of both files.',
        block('sh', '$ ranklens trec qrels base.run -m P.5 -m map --convention default --format json'),
        block('json', trec),
        '## `ranklens trec QRELS RUN_A RUN_B --format json`',
        'Two runs, the same shape: each run as above, then per measure and pair of runs the comparison (`diff` is b − a ' +
          "over the paired queries, its 95% interval `ci`, Cohen's `effectSize`, `p` and `pAdjusted` after the " +
          'correction named in `significance`, `significant` when pAdjusted ≤ α, the queries b `wins`, `ties` and ' +
          "`losses`), and with `-q` each paired query's difference (`perQuery`, in query order).",
        block('sh', '$ ranklens trec qrels base.run better.run -m AP -m P@1 -q --format json'),
        block('json', systems),
        '## A refused evaluation, and one on partial files',
        "`broken.run` is `base.run` with its second line's tag cut, and without query q4. Under the trec_eval " +
          'convention a malformed line stops the evaluation, as trec_eval stops: `refused` is `true`, the run is listed ' +
          'with what was read (`counts`) and no figure (`means` is `{}`, `queries` `[]`), there is no comparison, the ' +
          'exit code is 1, and the findings say what is wrong, where, and how to go on.',
        block('text', `# broken.run\n${BROKEN_RUN}`),
        block('sh', '$ ranklens trec qrels broken.run -m map --format json'),
        block('json', refused),
        'With `--keep-going` the run is evaluated without the malformed line, and `partial` says what its figures ' +
          'leave out (the text output prints a `PARTIAL:` line before the summary, the tables mark the run); the exit ' +
          'code stays 1. A finding whose message shortens what it knows carries it in `data` (`null` otherwise): here ' +
          'every judged query missing from the run, each at the line of its first judgement.',
        block('sh', '$ ranklens trec qrels broken.run -m map --keep-going --format json'),
        block('json', partial),
        '## `ranklens diff QRELS RUN_A RUN_B --format json`',
        "One measure, query by query: each run with its mean and every query's value (what `--format csv` writes, " +
          'one row each), then each run after the first against the first: the paired test as `ranklens trec` gives ' +
          'it, `wins`, `ties` and `losses` under the tie margin `tie`, every paired query sorted by its difference, ' +
          'and the largest gains and losses (up to `top` each) explained by the documents that entered, left or moved ' +
          'within the top `depth`: their judgments, ranks in both runs, and what each did to the measure (`effect`, ' +
          "from the measure's own per-rank terms, `termA` and `termB`; they add up to the difference when `additive`).",
        block('sh', '$ ranklens diff qrels base.run better.run -m nDCG@3 --top 1 --format json'),
        block('json', diff),
        '## `ranklens compare --format json`',
        "Per fixture its convention, how many cases, each preset's means, and the metrics on which they disagree.",
        block('sh', '$ ranklens compare ex.rank.yaml --format json'),
        block('json', compare),
        '## `ranklens infer --format json`',
        'Per fixture the conventions that reproduce its expectations, best first (`matches[0].convention` written as the ' +
          "fixture's `convention` makes `ranklens check` pass every expectation it explains), and each expectation none " +
          'reproduces, with the nearest value any convention gives.',
        block('sh', '$ ranklens infer ex.rank.yaml --format json'),
        block('json', infer),
        '## The schema',
        `Each definition of \`${REPORT_SCHEMA_PATH}\`, the five reports first. "present: sometimes" marks a key that ` +
          'only some reports have (`perQuery` with `-q`).',
        ...schemaSections(schema),
      ],
    );
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
