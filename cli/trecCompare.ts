/**
 * `ranklens trec QRELS RUN_A RUN_B [RUN …]`: several runs side by side. Each run is evaluated as
 * `ranklens trec` would evaluate it alone; the per-query values are then paired by query id and
 * compared with a paired significance test, corrected for the comparisons of each measure.
 */
import { closeSync, existsSync, openSync, readSync, statSync } from 'node:fs';
import { basename } from 'node:path';
import { parseArgs } from 'node:util';
import { MetricSpec, ResolvedConvention, compareText, naturalOrder } from '../shared/core';
import {
  TrecEvaluation,
  TrecInputOptions,
  TrecProblem,
  evaluateTrec,
  inputFormatOf,
  parseTrecMeasures,
  partialNote,
  shownBytes,
} from '../shared/trec';
import {
  CompareOptions,
  compareSystems,
  comparisonMemo,
  CORRECTIONS,
  SIGNIFICANCE_TESTS,
  SignificanceTest,
  SystemComparison,
  TEST_TITLES,
} from '../shared/stats';
import { ComparisonReport, RunSummary, compareCsv, compareReport } from './compareReport';
import { outputFormat } from './outputFormat';
import { progressBar } from './progress';
import { ReportFinding, fails, findingLine } from './report';
import { fileFindings, refusalFindings, stoppingProblems, summaryFindings } from './trecFindings';
import { rowSpecs } from './trecFormat';
import { TrecJsonRun, trecJson, trecMeasureNames } from './trecJson';
import { TREC_EVAL_OPTIONS, benchmarkOption, inputOptions, trecConvention, wholeNumber } from './trecOptions';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError, positiveInt } from './usage';

/** What a comparison computes when no -m is given. */
export const DEFAULT_COMPARE_MEASURES: readonly string[] = ['AP', 'nDCG@10', 'P@10', 'RR'];

export const TREC_COMPARE_HELP = `Usage: ranklens trec QRELS RUN_A RUN_B [RUN ...] [options]

With two or more runs, compares them: a table of each run's means (one column per measure), where
a superscript letter marks the runs a value is significantly better than; then per measure and pair
of runs the difference b − a, its 95% interval, Cohen's d, p after the correction (named), whether
it is significant at α, and the queries b wins, ties and loses (W/T/L); then the test and α.
Default measures: ${DEFAULT_COMPARE_MEASURES.join(' ')}.
  --test NAME          t (paired Student's t, default), wilcoxon (signed-rank, SciPy 1.10's rules),
                       randomization (Fisher's sign-flip; exact when 2^n ≤ trials), bootstrap
                       (paired), tukey (randomized Tukey HSD, three or more runs)
  --baseline NAME|all  compare every run with the first (default), with the named one, or all pairs
  --correction NAME    none, bonferroni, holm (default) or bh, over the comparisons of each measure
  --alpha A            the significance level (default 0.05)
  --trials N           random trials of randomization, bootstrap and tukey (default 10000)
  --seed S             their seed, a whole number (default 42)
  --format NAME        text (default), markdown, latex (booktabs), json (the JSON report, the
                       same shape as for one run) or csv (one row per comparison);
                       --json = --format json
  -q, --per-query      add every query's difference for each comparison, in query order
  -m, -c, -l, -M, -J, -N, --convention, --jobs, --keep-going as above: each run is evaluated as it
                       would be alone, and under trec_eval's convention a run it would stop on stops the
                       comparison (a broken copy of a run must not lose "significantly").
                       With --keep-going, a run computed on partial files is marked (PARTIAL).
A run's name is its run tag, or its file name when tags clash.`;

const OPTIONS = {
  ...TREC_EVAL_OPTIONS,
  test: { type: 'string' },
  baseline: { type: 'string' },
  correction: { type: 'string' },
  alpha: { type: 'string' },
  trials: { type: 'string' },
  seed: { type: 'string' },
} as const;

/** Whether a `trec` command line names more than one run, so it is a comparison. */
export function comparesRuns(argv: string[]): boolean {
  // Every option either command knows, so that a value (`-l 3`) is never counted as a run.
  const { positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    strict: false,
    options: { ...OPTIONS, 'no-summary': { type: 'boolean', short: 'n' } },
  });
  return positionals.length > 2;
}

/** Runs the comparison; returns the exit code. */
export async function trecCompareCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  if (values.help) {
    io.stdout(`${TREC_COMPARE_HELP}\n`);
    return EXIT.ok;
  }
  const [qrelsPath, ...runPaths] = positionals;
  for (const path of positionals) {
    if (!existsSync(path)) throw new UsageError(`Cannot read ${path}: no such file.`);
    if (!statSync(path).isFile()) throw new UsageError(`Cannot read ${path}: it is not a file.`);
  }
  const collection = wholeNumber('--collection', values.collection) ?? 0;
  const benchmark = benchmarkOption(values);
  const { rows, errors } = parseTrecMeasures(
    benchmark ? [...benchmark.measures] : (values.measure ?? DEFAULT_COMPARE_MEASURES),
    collection,
  );
  const specs = rowSpecs(rows);
  if (errors.length > 0) throw new UsageError(errors.join(' '));
  const resolved = trecConvention(benchmark?.preset ?? values.convention, wholeNumber('--level', values.level));
  const maxRank = positiveInt('--max-rank', values['max-rank']);
  const judgedOnly = !!values['judged-only'];
  const { test, correction, alpha, trials, seed } = significanceOptions(values, runPaths.length);
  const inputs = inputOptions(values);
  const format = outputFormat('trec', values, ['text', 'json', 'markdown', 'latex', 'csv']);
  const names = runNames(runPaths);
  const baseline = baselineIndex(values.baseline ?? names[0], names, runPaths);

  const complete = !!values.complete || !!benchmark?.complete;
  const jobs = positiveInt('--jobs', values.jobs); // default: the engine's (threads for a large run)
  const { evaluations, findings, refused } = await evaluateRuns('trec', qrelsPath, runPaths, names, {
    specs,
    resolved,
    complete,
    jobs,
    maxRank,
    judgedOnly,
    keepGoing: !!values['keep-going'],
    inputs,
  });
  const jsonRuns: TrecJsonRun[] = evaluations.map((ev, i) => ({
    name: names[i],
    file: runPaths[i],
    means: ev.mean,
    excluded: ev.excluded,
    queries: ev.queries,
    counts: ev.counts,
    partial: ev.partial,
  }));
  const measures = trecMeasureNames(rows);
  if (refused) {
    // No figure of any run, no comparison: the findings say which file stops it and how to go on.
    if (format === 'json')
      io.stdout(
        trecJson({ qrels: qrelsPath, convention: evaluations[0].convention, benchmark, measures, runs: jsonRuns, refused, findings }),
      );
    else io.stderr(findings.map((f) => `${findingLine(f)}\n`).join(''));
    return EXIT.findings;
  }

  const options = { test, correction, alpha, trials, seed };
  const pairs = runPairs(runPaths.length, baseline);
  const queryIds = unionOfQueries(evaluations);
  // Every measure is compared over the same queries: one memo of random signs and quantiles for them all.
  const memo = comparisonMemo();
  const comparisons = specs.map((_, j) => {
    const matrix = evaluations.map((ev) => valuesByQuery(ev, j, queryIds));
    return { matrix, rows: compareSystems(matrix, pairs, options, memo) };
  });
  const runs: RunSummary[] = evaluations.map((ev, i) => ({
    name: names[i],
    path: runPaths[i],
    means: ev.mean,
    ...(ev.partial ? { partial: { ...ev.partial, note: partialNote(ev.partial, ev.counts) } } : {}),
  }));
  const perQuery = values['per-query'] ? comparisons.map((c) => perQueryDifferences(c.matrix, c.rows, queryIds)) : undefined;
  const report: ComparisonReport = {
    runs,
    measures: evaluations[0].names,
    baseline: values.baseline === 'all' ? 'all' : baseline,
    options,
    comparisons: comparisons.map((c) => c.rows),
    perQuery,
  };
  findings.push(...reachFindings(report, runPaths));
  if (format === 'json') {
    const compared = { rows: report.comparisons, perQuery, options, baseline: report.baseline };
    io.stdout(
      trecJson({
        qrels: qrelsPath,
        convention: evaluations[0].convention,
        benchmark,
        measures,
        runs: jsonRuns,
        comparisons: compared,
        findings,
      }),
    );
  } else {
    io.stdout(format === 'csv' ? compareCsv(report) : compareReport(report, format));
    io.stderr(findings.map((f) => `${findingLine(f)}\n`).join(''));
  }
  return findings.some(fails) ? EXIT.findings : EXIT.ok;
}

/** How each run of a comparison is evaluated: as `ranklens trec` evaluates one run. */
export interface RunsOptions {
  specs: MetricSpec[];
  resolved: ResolvedConvention;
  complete: boolean;
  jobs?: number;
  maxRank?: number;
  judgedOnly: boolean;
  keepGoing: boolean;
  /** Keep the qrels table of the first run's evaluation (TrecEvaluation.qrels), to rank some queries again. */
  keepQrels?: boolean;
  /** How the qrels and runs are read when not as TREC text found by their names and first bytes. */
  inputs?: TrecInputOptions;
}

/**
 * Each run evaluated as `ranklens trec` would evaluate it alone, with the findings of reading it (the
 * qrels' own problems once); refused when, under trec_eval's convention, a run holds a problem
 * trec_eval stops at and --keep-going is not given. `evaluations` shows query ids as text; `read`
 * keeps them as read (bytes), to read those queries again.
 */
export async function evaluateRuns(
  command: string,
  qrelsPath: string,
  runPaths: readonly string[],
  names: readonly string[],
  o: RunsOptions,
): Promise<{ evaluations: TrecEvaluation[]; read: TrecEvaluation[]; findings: ReportFinding[]; refused: boolean }> {
  const evaluations: TrecEvaluation[] = [];
  const read: TrecEvaluation[] = [];
  const findings: ReportFinding[] = [];
  let refused = false;
  for (const runPath of runPaths) {
    const progress = progressBar(`ranklens ${command} ${basename(runPath)}`, 'MB');
    let ev: TrecEvaluation;
    try {
      const { specs, resolved, complete, jobs, maxRank, judgedOnly } = o;
      const keepQrels = o.keepQrels && read.length === 0;
      ev = await evaluateTrec({
        qrelsPath,
        runPath,
        specs,
        resolved,
        complete,
        jobs,
        maxRank,
        judgedOnly,
        keepQrels,
        onProgress: progress.update,
        ...o.inputs,
      });
    } finally {
      progress.end();
    }
    read.push(ev);
    // Query ids are the files' bytes; the report shows them as text.
    evaluations.push({ ...ev, queries: ev.queries.map((q) => ({ ...q, qid: shownBytes(q.qid) })) });
    // Under trec_eval's convention a run with a malformed line or a docid twice stops the comparison, as trec_eval would
    // stop on that run (unless --keep-going): a broken copy of a ranking must not lose "significantly".
    const stops = stoppingProblems(ev, o.keepGoing).length > 0;
    refused ||= stops;
    // The qrels' own problems are the same for every run: report them once.
    const own = (p: TrecProblem) => p.file === 'run' || evaluations.length === 1;
    // Notes about the qrels side (judged queries the run misses) would not say which run they are about.
    const notes = stops
      ? []
      : summaryFindings(ev, qrelsPath, runPath, o.complete).map((f) =>
          f.path === runPath ? f : { ...f, message: `${names[evaluations.length - 1]}: ${f.message}` },
        );
    findings.push(...(stops ? refusalFindings(ev, qrelsPath, runPath, own) : fileFindings(ev, qrelsPath, runPath, own)), ...notes);
  }
  return { evaluations, read, findings, refused };
}

/** The options of the paired tests (--test, --correction, --alpha, --trials, --seed), checked; `trec`'s defaults. */
export function significanceOptions(
  values: { test?: string; correction?: string; alpha?: string; trials?: string; seed?: string },
  runs: number,
): CompareOptions {
  const test = choice('--test', values.test ?? 't', SIGNIFICANCE_TESTS);
  if (test === 'tukey' && runs < 3)
    throw new UsageError('--test tukey compares three or more runs; for two, use --test randomization (the same test).');
  const correction = choice('--correction', values.correction ?? 'holm', CORRECTIONS);
  const alpha = alphaOption(values.alpha);
  const trials = positiveInt('--trials', values.trials) ?? 10000;
  const seed = seedOption(values.seed);
  return { test, correction, alpha, trials, seed };
}

function choice<T extends string>(name: string, value: string, allowed: readonly T[]): T {
  if (!(allowed as readonly string[]).includes(value)) throw new UsageError(`${name} takes ${allowed.join(', ')}; not "${value}".`);
  return value as T;
}

function alphaOption(text: string | undefined): number {
  if (text === undefined) return 0.05;
  const alpha = Number(text);
  if (!/^(?:0?\.\d+|0|1)$/.test(text.trim()) || !(alpha > 0 && alpha < 1))
    throw new UsageError(`--alpha takes a number between 0 and 1, such as 0.05; not "${text}".`);
  return alpha;
}

function seedOption(text: string | undefined): number {
  if (text === undefined) return 42;
  if (!/^\d+$/.test(text) || Number(text) > 0xffffffff)
    throw new UsageError(`--seed takes a whole number from 0 to 4294967295, not "${text}".`);
  return Number(text);
}

/**
 * Each run's name: the tag of its first line, or its file name when another run has the same tag
 * (or it has none), or the path as given when file names clash too.
 */
export function runNames(paths: readonly string[]): string[] {
  const tags = paths.map(runTag);
  const files = paths.map((p) => basename(p));
  const count = (list: readonly (string | undefined)[], x: string | undefined) => list.filter((y) => y === x).length;
  return paths.map((p, i) => {
    const tag = tags[i];
    if (tag !== undefined && count(tags, tag) === 1) return tag;
    return count(files, files[i]) === 1 ? files[i] : p;
  });
}

/** The sixth field of a run's first line (blank lines and # comments skipped), if any; none for a run that is not TREC text. */
export function runTag(path: string): string | undefined {
  if (inputFormatOf(path) !== 'trec') return undefined;
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(64 * 1024);
    const text = buffer.subarray(0, readSync(fd, buffer, 0, buffer.length, 0)).toString('utf8');
    for (const line of text.split('\n')) {
      const trimmed = line.trim();
      if (trimmed === '' || trimmed.startsWith('#')) continue;
      return trimmed.split(/\s+/)[5];
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

/** The baseline's index, or -1 for all pairs. A run is named by its name, path or file name. */
function baselineIndex(value: string, names: readonly string[], paths: readonly string[]): number {
  if (value === 'all') return -1;
  for (const list of [names, paths, paths.map((p) => basename(p))]) {
    const i = list.indexOf(value);
    if (i >= 0) return i;
  }
  throw new UsageError(`--baseline "${value}" names no run; runs: ${names.join(', ')} (or all).`);
}

/** The baseline against every other run in order, or every pair (i < j) for all. */
export function runPairs(runs: number, baseline: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < runs; i++) {
    for (let j = i + 1; j < runs; j++) if (baseline < 0) pairs.push([i, j]);
    if (baseline >= 0 && i !== baseline) pairs.push([baseline, i]);
  }
  return pairs;
}

/** Every query id of any evaluation, in code point order (the order the tests see). */
export function unionOfQueries(evaluations: readonly TrecEvaluation[]): string[] {
  const ids = new Set<string>();
  for (const ev of evaluations) for (const q of ev.queries) ids.add(q.qid);
  return [...ids].sort(compareText);
}

/** One run's values of measure j, aligned to the query ids; NaN where the run has none. */
export function valuesByQuery(ev: TrecEvaluation, j: number, queryIds: readonly string[]): Float64Array {
  const byId = new Map(ev.queries.map((q) => [q.qid, q.values[j]]));
  return Float64Array.from(queryIds, (qid) => byId.get(qid) ?? NaN);
}

/**
 * Each comparison's per-query differences b − a, in query order (1, 2, 10: naturalOrder). The tests
 * themselves see the queries in code point order, which the seeded resampling tests depend on.
 */
function perQueryDifferences(
  matrix: readonly Float64Array[],
  rows: readonly SystemComparison[],
  queryIds: readonly string[],
): { qid: string; diff: number }[][] {
  const at = new Map(queryIds.map((qid, q) => [qid, q]));
  const ordered = naturalOrder(queryIds);
  return rows.map((r) =>
    ordered.flatMap((qid) => {
      const q = at.get(qid)!;
      const diff = matrix[r.b][q] - matrix[r.a][q];
      return Number.isNaN(diff) ? [] : [{ qid, diff }];
    }),
  );
}

/** A warning for each comparison whose test can never reach α on its number of queries. */
function reachFindings(report: ComparisonReport, runPaths: readonly string[]): ReportFinding[] {
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const seen = new Set<string>();
  const out: ReportFinding[] = [];
  for (const rows of report.comparisons) {
    for (const r of rows) {
      const key = `${r.a}-${r.b}-${r.n}`;
      if (r.smallestP <= report.options.alpha || seen.has(key)) continue;
      seen.add(key);
      out.push({
        path: runPaths[r.b],
        severity: 'warning',
        code: 'too-few-queries',
        range: top,
        message: `${report.runs[r.b].name} vs ${report.runs[r.a].name}: ${smallestPText(report.options.test, r)}, above α = ${report.options.alpha}: no difference can be significant.`,
      });
    }
  }
  return out;
}

function smallestPText(test: SignificanceTest, r: SystemComparison): string {
  const p = r.smallestP.toPrecision(3);
  const signs = r.smallestP === Math.min(1, 2 / 2 ** r.n);
  const queries = `${r.n} paired quer${r.n === 1 ? 'y' : 'ies'}`;
  if ((test === 'randomization' || test === 'wilcoxon') && signs)
    return `on ${queries} the ${test === 'wilcoxon' ? 'exact Wilcoxon' : 'exact randomization'} test cannot give a p below 2/2^${r.n} = ${p}`;
  return `on ${queries} the ${TEST_TITLES[test]} cannot give a p below ${p}`;
}
