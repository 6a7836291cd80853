/**
 * `npm run bench:trec`: times `ranklens trec` on the seeded 10,000-query × ~1,000-document pair
 * (bench/genTrec.ts, written to a temp dir and removed afterwards) with trec_eval's measures
 * P.5,10 recall map map_cut recip_rank ndcg ndcg_cut Rprec success. Reports the median wall time of
 * 3 runs and the peak RSS (GNU time's "Maximum resident set size": worker threads included).
 *
 *   node out/bench/trec.js [--dir DIR (reuse or keep the data)] [--runs 3] [--jobs N]
 */
// @ts-nocheck

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { generateTrec } from './genTrec';
import { summarize } from './random';

const CLI = resolve(__dirname, '../../dist/cli.js');
const MEASURES = ['P.5,10', 'recall', 'map', 'map_cut', 'recip_rank', 'ndcg', 'ndcg_cut', 'Rprec', 'success'];
const TIME = '/usr/bin/time';

export interface TrecBenchRun {
  wallMs: number;
  /** Peak resident set size in MB, when GNU time is there to measure it. */
  peakRssMb: number | null;
  /** User + system CPU seconds (GNU time): unlike wall time, barely moved by other jobs on the machine. */
  cpuS: number | null;
}

export interface TrecBench {
  runLines: number;
  qrelsLines: number;
  measures: string[];
  runs: TrecBenchRun[];
  medianMs: number;
  peakRssMb: number | null;
  machine: string;
}

/** Generates the data (unless dir already holds it), then times the command `runs` times. */
export function benchTrec(options: { dir?: string; runs?: number; jobs?: number } = {}): TrecBench {
  const dir = options.dir ?? mkdtempSync(join(tmpdir(), 'ranklens-trec-'));
  const qrelsPath = join(dir, 'bench.qrels');
  const runPath = join(dir, 'bench.run');
  try {
    const data = existsSync(runPath) && existsSync(qrelsPath)
      ? { runLines: NaN, qrelsLines: NaN }
      : generateTrec(dir, { queries: 10_000, docs: 1_000, seed: 42 });
    const args = [CLI, 'trec', qrelsPath, runPath, ...MEASURES.flatMap((m) => ['-m', m]), ...(options.jobs ? ['--jobs', String(options.jobs)] : [])];
    const runs: TrecBenchRun[] = [];
    for (let i = 0; i < (options.runs ?? 3); i++) runs.push(timeOnce(args));
    const rss = runs.map((r) => r.peakRssMb).filter((x): x is number => x !== null);
    return {
      runLines: data.runLines, qrelsLines: data.qrelsLines, measures: MEASURES, runs,
      medianMs: summarize(runs.map((r) => r.wallMs)).median,
      peakRssMb: rss.length > 0 ? Math.max(...rss) : null,
      machine: `${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}`,
    };
  } finally {
    if (!options.dir) rmSync(dir, { recursive: true, force: true });
  }
}

function timeOnce(args: string[]): TrecBenchRun {
  const gnuTime = existsSync(TIME);
  const t0 = performance.now();
  const result = gnuTime
    ? spawnSync(TIME, ['-v', process.execPath, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 })
    : spawnSync(process.execPath, args, { encoding: 'utf8', maxBuffer: 1 << 26 });
  const wallMs = performance.now() - t0;
  if (result.status !== 0) throw new Error(`ranklens trec exited with ${result.status}: ${result.stderr}`);
  const err = result.stderr ?? '';
  const rss = /Maximum resident set size \(kbytes\): (\d+)/.exec(err);
  const user = /User time \(seconds\): ([\d.]+)/.exec(err);
  const sys = /System time \(seconds\): ([\d.]+)/.exec(err);
  return { wallMs, peakRssMb: rss ? Number(rss[1]) / 1024 : null, cpuS: user && sys ? Number(user[1]) + Number(sys[1]) : null };
}

function option(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(`--${name}`);
  return i >= 0 ? argv[i + 1] : undefined;
}

/** Bundles dist/cli.js from the current sources, so `npm run bench` never times a stale build. */
function build(): void {
  const result = spawnSync(process.execPath, ['esbuild.mjs'], { cwd: resolve(__dirname, '../..'), stdio: 'inherit' });
  if (result.status !== 0) throw new Error('the esbuild bundle failed');
}

if (require.main === module) {
  build();
  const argv = process.argv.slice(2);
  const jobs = option(argv, 'jobs');
  const r = benchTrec({ dir: option(argv, 'dir'), runs: Number(option(argv, 'runs') ?? 3), jobs: jobs ? Number(jobs) : undefined });
  const lines = Number.isNaN(r.runLines) ? 'reused data' : `${r.runLines.toLocaleString('en')} run lines, ${r.qrelsLines.toLocaleString('en')} qrels lines`;
  console.log(`trec: 10,000 queries (${lines}), -m ${r.measures.join(' -m ')}`);
  const cpu = r.runs.map((x) => x.cpuS).filter((x): x is number => x !== null);
  console.log(`trec: median ${(r.medianMs / 1000).toFixed(2)} s of ${r.runs.length} runs (${r.runs.map((x) => (x.wallMs / 1000).toFixed(2)).join(', ')} s), peak RSS ${r.peakRssMb === null ? 'n/a' : `${r.peakRssMb.toFixed(0)} MB`}${cpu.length ? `, CPU ${cpu.map((x) => x.toFixed(1)).join(', ')} s` : ''} (${r.machine}, load ${loadavg()[0].toFixed(1)})`);
}
