/**
 * `npm run bench:trec`: `ranklens trec` and trec_eval side by side on the same files in the same
 * run, each target printed next to its figure. Seeded files (bench/genTrec.ts, in a temp dir removed
 * afterwards): 10,000 and 2,000 queries × ~1,000 documents, each grouped by query (as systems write
 * runs), shuffled (every line anywhere) and interleaved (as parallel writers leave them); and one
 * query of 300,000 documents with 200-character ids. Both tools run with -c and trec_eval's default
 * measures; wall time is the median of `--runs` runs (the two tools alternate), peak RSS the
 * largest GNU time reports (`/usr/bin/time -v`, worker threads included). The outputs must be equal.
 * A layout's ratio to grouped pairs each of its runs with a run of the grouped file in the same loop.
 *
 *   node out/bench/trec.js [--runs 3] [--quick (no 10,000-query files)] [--jobs N] [--baseline DIR] [--diff-only] [--formats-only]
 *
 * `ranklens diff QRELS A B` is timed beside `ranklens trec QRELS A B` (its default four measures) and
 * `ranklens trec -m nDCG@10 QRELS A B` (diff's one measure) on the grouped files and a second run of
 * the same documents with its scores moved (genTrec.ts secondRun), the three taking turns; the target
 * is within 1.5× of `trec QRELS A B`. --diff-only runs that row alone (it needs no trec_eval).
 *
 * The largest run is also timed as TSV, JSON lines and Parquet beside its TREC text (formats();
 * --formats-only times only those, without trec_eval; with --baseline, the baseline's build on each
 * format too, in the same loops).
 *
 * --baseline DIR times another build's dist/cli.js (a checkout of an earlier commit, built) in the
 * same loops, the two builds taking turns going first, and prints this build's time and memory over
 * the baseline's (the median of each loop's pair), so that a change is measured side by side.
 *   TREC_EVAL=/path/to/trec_eval (else trec_eval on the PATH or /tmp/trec_eval*)
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findTrecEval } from '../test/conformance/trecEval';
import { generateTrec, secondRun } from './genTrec';
import { summarize } from './random';
import { Layout, relayout } from './relayout';
import { RUN_FORMATS, writeRunAs } from './formatRuns';

const CLI = resolve(__dirname, '../../dist/cli.js');
const TIME = '/usr/bin/time';

export interface Run {
  wallMs: number;
  peakRssMb: number;
  cpuS: number;
  stdout: Buffer;
}

export interface Figure {
  medianMs: number;
  peakRssMb: number;
  cpuS: number;
}

interface Case {
  name: string;
  qrels: string;
  run: string;
  ranklens?: Figure;
  trecEval?: Figure;
  sameOutput?: boolean;
  /** The same lines grouped by query: ranklens on them in the same loop, for a paired ratio. */
  groupedRun?: string;
  /** Median of each loop's ranklens time over its time on the grouped lines. */
  vsGrouped?: number;
  /** With --baseline: the baseline build's figure, this build's time over the baseline's (median of each loop's pair), and whether their outputs are equal. */
  baseline?: Figure;
  vsBaseline?: number;
  sameAsBaseline?: boolean;
}

function timeOnce(command: string, args: string[]): Run {
  const t0 = performance.now();
  const result = spawnSync(TIME, ['-v', command, ...args], { maxBuffer: 1 << 30 });
  const wallMs = performance.now() - t0;
  const err = result.stderr.toString('utf8');
  if (result.status !== 0) throw new Error(`${command} exited with ${result.status}: ${err.slice(-2000)}`);
  const field = (re: RegExp) => Number(re.exec(err)?.[1] ?? NaN);
  return {
    wallMs,
    peakRssMb: field(/Maximum resident set size \(kbytes\): (\d+)/) / 1024,
    cpuS: field(/User time \(seconds\): ([\d.]+)/) + field(/System time \(seconds\): ([\d.]+)/),
    stdout: result.stdout,
  };
}

function figure(runs: Run[]): Figure {
  return {
    medianMs: summarize(runs.map((r) => r.wallMs)).median,
    peakRssMb: Math.max(...runs.map((r) => r.peakRssMb)),
    cpuS: summarize(runs.map((r) => r.cpuS)).median,
  };
}

/**
 * Times both tools on a case, alternating, so that both see the same machine; with a grouped run,
 * ranklens on it too in each loop, so that the ratio to grouped compares runs minutes apart no more
 * (this VM's speed drifts by a third over minutes, more for a run that fills fresh memory). The two
 * runs of a pair take turns going first: the run right after trec_eval's was the slower one (on 10k
 * shuffled 1.48–1.74× grouped taken in that order, 1.38–1.48× in the other, three pairs each).
 */
function measure(c: Case, trecEval: string, runs: number, jobs?: number, baselineCli?: string): void {
  const ours: Run[] = [];
  const theirs: Run[] = [];
  const before: Run[] = [];
  const ratios: number[] = [];
  const baselineRatios: number[] = [];
  const ranklens = (run: string, cli = CLI) =>
    timeOnce(process.execPath, [cli, 'trec', '-c', c.qrels, run, ...(jobs ? ['--jobs', String(jobs)] : [])]);
  for (let i = 0; i < runs; i++) {
    theirs.push(timeOnce(trecEval, ['-c', c.qrels, c.run]));
    const grouped = c.groupedRun && i % 2 === 1 ? ranklens(c.groupedRun) : undefined;
    const baselineFirst = baselineCli && i % 2 === 1 ? ranklens(c.run, baselineCli) : undefined;
    ours.push(ranklens(c.run));
    if (c.groupedRun) ratios.push(ours[i].wallMs / (grouped ?? ranklens(c.groupedRun)).wallMs);
    if (baselineCli) {
      before.push(baselineFirst ?? ranklens(c.run, baselineCli));
      baselineRatios.push(ours[i].wallMs / before[i].wallMs);
    }
  }
  c.trecEval = figure(theirs);
  c.ranklens = figure(ours);
  c.sameOutput = ours[0].stdout.equals(theirs[0].stdout);
  if (ratios.length > 0) c.vsGrouped = summarize(ratios).median;
  if (before.length > 0) {
    c.baseline = figure(before);
    c.vsBaseline = summarize(baselineRatios).median;
    c.sameAsBaseline = ours[0].stdout.equals(before[0].stdout);
  }
}

/** diff beside trec on two runs: each command's figure, and diff's time over each trec's (the median of each loop's ratio). */
interface DiffRow {
  diff: Figure;
  trec: Figure;
  trecOne: Figure;
  vsTrec: number;
  vsTrecOne: number;
}

/** Times `ranklens diff -c QRELS A B` beside `ranklens trec -c QRELS A B` and `… -m nDCG@10`, in turns. */
function measureDiff(qrels: string, a: string, b: string, runs: number): DiffRow {
  const diff: Run[] = [];
  const trec: Run[] = [];
  const trecOne: Run[] = [];
  const commands: [Run[], string[]][] = [
    [diff, ['diff', '-c', qrels, a, b]],
    [trec, ['trec', '-c', qrels, a, b]],
    [trecOne, ['trec', '-c', '-m', 'nDCG@10', qrels, a, b]],
  ];
  for (let i = 0; i < runs; i++) {
    // Each loop starts with another command, so that none always runs right after the same one.
    for (let j = 0; j < commands.length; j++) {
      const [into, args] = commands[(i + j) % commands.length];
      into.push(timeOnce(process.execPath, [CLI, ...args]));
    }
  }
  const ratio = (other: Run[]) => summarize(diff.map((d, i) => d.wallMs / other[i].wallMs)).median;
  return { diff: figure(diff), trec: figure(trec), trecOne: figure(trecOne), vsTrec: ratio(trec), vsTrecOne: ratio(trecOne) };
}

function diffReport(name: string, r: DiffRow): void {
  const f = (x: Figure) => `${(x.medianMs / 1000).toFixed(2)} s ${x.peakRssMb.toFixed(0)} MB (CPU ${x.cpuS.toFixed(2)} s)`;
  console.log(
    `diff ${name}: diff ${f(r.diff)} | trec A B ${f(r.trec)} | trec -m nDCG@10 A B ${f(r.trecOne)}; ${verdict('vs trec A B', r.vsTrec, 1.5)}, ${r.vsTrecOne.toFixed(2)}× trec -m nDCG@10 A B (median of each loop's ratio)`,
  );
}

/** The diff row alone, on the 10,000-query (or with --quick the 2,000-query) grouped files and a second run. */
function diffOnly(argv: string[]): number {
  const runs = Number(option(argv, 'runs') ?? 3);
  const queries = argv.includes('--quick') ? 2000 : 10_000;
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-diff-'));
  try {
    console.log(
      `diff: ranklens diff beside ranklens trec, -c, median of ${runs} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()[0].toFixed(1)})`,
    );
    const data = generateTrec(dir, { queries, docs: 1000, seed: 42 });
    const second = join(dir, 'second.run');
    secondRun(data.runPath, second, 43);
    diffReport(
      `${queries === 10_000 ? '10k' : '2k'} grouped (${queries.toLocaleString('en')} queries, two runs of ${data.runLines.toLocaleString('en')} lines)`,
      measureDiff(data.qrelsPath, data.runPath, second, runs),
    );
    console.log(
      `load after: ${loadavg()
        .map((x) => x.toFixed(1))
        .join(' ')}`,
    );
    return 0;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/** One query, 300,000 documents, ids of 200 characters, a tenth of them judged. */
function longIds(dir: string): { qrels: string; run: string } {
  const run: string[] = [];
  const qrels: string[] = [];
  for (let i = 0; i < 300_000; i++) {
    const id = `doc${String(i).padStart(7, '0')}${'x'.repeat(190)}`;
    run.push(`1 Q0 ${id} ${i + 1} ${(1000 - i * 0.003).toFixed(4)} long`);
    if (i % 10 === 0) qrels.push(`1 0 ${id} ${i % 30 === 0 ? 1 : 0}`);
  }
  const paths = { qrels: join(dir, 'long.qrels'), run: join(dir, 'long.run') };
  writeFileSync(paths.qrels, `${qrels.join('\n')}\n`);
  writeFileSync(paths.run, `${run.join('\n')}\n`);
  return paths;
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

const fmt = (c: Case) =>
  c.ranklens && c.trecEval
    ? `ranklens ${(c.ranklens.medianMs / 1000).toFixed(2)} s ${c.ranklens.peakRssMb.toFixed(0)} MB (CPU ${c.ranklens.cpuS.toFixed(2)} s) | trec_eval ${(c.trecEval.medianMs / 1000).toFixed(2)} s ${c.trecEval.peakRssMb.toFixed(0)} MB (CPU ${c.trecEval.cpuS.toFixed(2)} s)`
    : '';

function verdict(label: string, value: number, target: number): string {
  return `${label} ${value.toFixed(2)}× (target ≤ ${target}×: ${value <= target ? 'met' : 'NOT met'})`;
}

/** Prints each case with its targets; returns whether every output equalled trec_eval's. */
function report(cases: Case[], grouped: Map<string, Case>): boolean {
  let same = true;
  for (const c of cases) {
    if (!c.ranklens || !c.trecEval) continue;
    same &&= c.sameOutput === true;
    const size = c.name.split(' ')[0];
    const t = c.ranklens.medianMs / c.trecEval.medianMs;
    const m = c.ranklens.peakRssMb / c.trecEval.peakRssMb;
    const targets =
      size === '10k'
        ? [verdict('time', t, 0.2), verdict('memory', m, 0.5)]
        : size === '2k'
          ? [verdict('time', t, 0.3), verdict('memory', m, 1)]
          : [verdict('memory', m, 2)];
    const base = grouped.get(size);
    if (base && base !== c && base.ranklens && c.vsGrouped !== undefined) {
      targets.push(
        `${verdict('vs grouped', c.vsGrouped, 1.5)} (median of each loop's pair; ${(c.ranklens.medianMs / base.ranklens.medianMs).toFixed(2)}× the grouped case's median)`,
      );
    }
    console.log(`trec ${c.name}: ${fmt(c)}; ${targets.join(', ')}; same output: ${c.sameOutput ? 'yes' : 'NO'}`);
    if (c.baseline && c.vsBaseline !== undefined) {
      const b = c.baseline;
      console.log(
        `  vs the baseline build: ${(b.medianMs / 1000).toFixed(2)} s ${b.peakRssMb.toFixed(0)} MB (CPU ${b.cpuS.toFixed(2)} s); this build ${c.vsBaseline.toFixed(2)}× its time (median of each loop's pair), ${(c.ranklens.peakRssMb / b.peakRssMb).toFixed(2)}× its peak memory; same output: ${c.sameAsBaseline ? 'yes' : 'NO'}`,
      );
    }
  }
  return same;
}

function main(argv: string[]): number {
  if (argv.includes('--diff-only')) return diffOnly(argv);
  const trecEval = findTrecEval();
  if (!trecEval || !existsSync(TIME)) {
    console.log(
      `trec: needs a trec_eval binary (TREC_EVAL, PATH or /tmp/trec_eval*) and GNU time at ${TIME} to measure side by side; not run.`,
    );
    return 0;
  }
  const runs = Number(option(argv, 'runs') ?? 3);
  const jobs = option(argv, 'jobs') ? Number(option(argv, 'jobs')) : undefined;
  const baselineDir = option(argv, 'baseline');
  const baselineCli = baselineDir === undefined ? undefined : resolve(baselineDir, 'dist', 'cli.js');
  if (baselineCli && !existsSync(baselineCli)) {
    console.log(`trec: --baseline ${baselineDir} has no dist/cli.js: build that checkout first (npm run build there).`);
    return 2;
  }
  const sizes = argv.includes('--quick') ? [2000] : [10_000, 2000];
  if (argv.includes('--formats-only')) {
    const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-formats-'));
    try {
      const data = generateTrec(dir, { queries: sizes[0], docs: 1000, seed: 42 });
      console.log(
        `trec formats: the ${sizes[0].toLocaleString('en')}-query run (${data.runLines.toLocaleString('en')} lines), median of ${runs} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()[0].toFixed(1)})`,
      );
      formats(dir, data.qrelsPath, data.runPath, runs, sizes[0] === 10_000 ? '10k' : '2k', baselineCli);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
    return 0;
  }
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-bench-trec-'));
  try {
    console.log(
      `trec: ranklens vs ${trecEval}, -c, trec_eval's default measures, median of ${runs}${baselineCli ? `, beside the baseline ${baselineCli}` : ''} (${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()[0].toFixed(1)})`,
    );
    const cases: Case[] = [];
    const grouped = new Map<string, Case>();
    for (const queries of sizes) {
      const size = queries === 10_000 ? '10k' : '2k';
      const sub = join(dir, size);
      const data = generateTrec(sub, { queries, docs: 1000, seed: 42 });
      if (queries === sizes[0]) formats(sub, data.qrelsPath, data.runPath, runs, size, baselineCli);
      for (const layout of ['grouped', 'shuffled', 'interleaved'] as Layout[]) {
        const run = layout === 'grouped' ? data.runPath : join(sub, `${layout}.run`);
        if (layout !== 'grouped') relayout(data.runPath, run, layout, 7);
        const c: Case = {
          name: `${size} ${layout} (${queries.toLocaleString('en')} queries, ${data.runLines.toLocaleString('en')} lines)`,
          qrels: data.qrelsPath,
          run,
          groupedRun: layout === 'grouped' ? undefined : data.runPath,
        };
        measure(c, trecEval, runs, jobs, baselineCli);
        if (layout === 'grouped') grouped.set(size, c);
        cases.push(c);
        report([c], grouped);
        if (layout === 'grouped') {
          const second = join(sub, 'second.run');
          secondRun(data.runPath, second, 43);
          diffReport(`${size} grouped, two runs`, measureDiff(data.qrelsPath, data.runPath, second, runs));
          rmSync(second);
        }
        if (layout !== 'grouped') rmSync(run);
      }
      rmSync(sub, { recursive: true, force: true });
    }
    const long = longIds(dir);
    const c: Case = { name: 'long ids (1 query, 300,000 documents, 200-character ids)', ...long };
    measure(c, trecEval, runs, jobs, baselineCli);
    cases.push(c);
    report([c], grouped);
    return cases.every((x) => x.sameOutput && x.sameAsBaseline !== false) ? 0 : 1;
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * The same run as TSV, JSON lines and Parquet beside its TREC text (the issue's target: within 2×):
 * ranklens on each format and on the TREC text in the same loop, taking turns going first; the
 * ratio is the median of each loop's pair. The outputs must be equal but for the runid line.
 */
function formats(dir: string, qrels: string, run: string, runs: number, size: string, baselineCli?: string): void {
  for (const format of RUN_FORMATS) {
    const path = join(dir, `bench.${format}`);
    writeRunAs(run, path, format);
    const ratios: number[] = [];
    const baselineRatios: number[] = [];
    const ours: Run[] = [];
    const text: Run[] = [];
    const before: Run[] = [];
    const time = (file: string, cli = CLI) => timeOnce(process.execPath, [cli, 'trec', '-c', qrels, file]);
    for (let i = 0; i < runs; i++) {
      // The baseline, when given, goes first in every other loop, after this build's in the others.
      const baselineFirst = baselineCli && i % 2 === 1 ? time(path, baselineCli) : undefined;
      const first = i % 2 === 0 ? time(run) : undefined;
      ours.push(time(path));
      text.push(first ?? time(run));
      ratios.push(ours[i].wallMs / text[i].wallMs);
      if (baselineCli) {
        before.push(baselineFirst ?? time(path, baselineCli));
        baselineRatios.push(ours[i].wallMs / before[i].wallMs);
      }
    }
    const body = (r: Run) =>
      r.stdout
        .toString('latin1')
        .split('\n')
        .filter((l) => !l.startsWith('runid'))
        .join('\n');
    const same = body(ours[0]) === body(text[0]);
    const a = figure(ours);
    const b = figure(text);
    const c = before.length > 0 ? figure(before) : undefined;
    const beside = c
      ? ` | the baseline ${(c.medianMs / 1000).toFixed(2)} s ${c.peakRssMb.toFixed(0)} MB (CPU ${c.cpuS.toFixed(2)} s), ${summarize(baselineRatios).median.toFixed(2)}× the baseline's time, baseline ${summarize(before.map((r, i) => r.wallMs / text[i].wallMs)).median.toFixed(2)}× the TREC text; same output as the baseline: ${body(ours[0]) === body(before[0]) ? 'yes' : 'NO'}`
      : '';
    console.log(
      `trec ${size} ${format} run: ranklens ${(a.medianMs / 1000).toFixed(2)} s ${a.peakRssMb.toFixed(0)} MB (CPU ${a.cpuS.toFixed(2)} s) | the TREC text ${(b.medianMs / 1000).toFixed(2)} s ${b.peakRssMb.toFixed(0)} MB; ${verdict('vs TREC text', summarize(ratios).median, 2)} (median of each loop's pair; load ${loadavg()[0].toFixed(1)}); same output (runid aside): ${same ? 'yes' : 'NO'}${beside}`,
    );
    rmSync(path);
  }
}

/** Bundles dist/cli.js from the current sources, so `npm run bench` never times a stale build. */
function build(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: resolve(__dirname, '../..'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the esbuild bundle failed');
}

if (require.main === module) {
  build();
  process.exitCode = main(process.argv.slice(2));
}
