/**
 * `npm run bench:significance`: the comparison of 5 runs × 10,000 queries on 3 measures, all 10 pairs,
 * with 10,000 randomization trials — the tests alone (in this process, on per-query values), and
 * end to end (`ranklens trec QRELS RUN×5`, with --e2e: 5 seeded runs of ~1,000 documents per query
 * against one qrels, in a temp dir removed afterwards), where the randomization test's cost shows as
 * the difference from the same command with the t-test.
 *
 *   node out/bench/significance.js [--runs 3] [--e2e]
 */
import { spawnSync } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readSync, rmSync, writeSync } from 'node:fs';
import { cpus, loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { compareSystems } from '../shared/stats/compareSystems';
import { comparisonMemo } from '../shared/stats/comparisonMemo';
import { SignificanceTest } from '../shared/stats/testNames';
import { generateTrec } from './genTrec';
import { seeded, summarize } from './random';

const CLI = resolve(__dirname, '../../dist/cli.js');
const SYSTEMS = 5;
const QUERIES = 10_000;

/** Per-query values shaped like AP (continuous), P@10 (tenths) and RR (1/rank, often 1 or 0), systems a little apart. */
export function syntheticValues(seed: number): Float64Array[][] {
  const rand = seeded(seed);
  const shapes = [
    (skill: number) => Math.min(1, Math.max(0, rand() * 0.6 + skill * 0.3 - 0.1)),
    (skill: number) => Math.round(Math.min(1, Math.max(0, rand() * 0.7 + skill * 0.2)) * 10) / 10,
    (skill: number) => {
      const r = rand();
      return r < 0.1 ? 0 : 1 / Math.ceil(1 / Math.min(1, r + skill * 0.2));
    },
  ];
  return shapes.map((shape) => Array.from({ length: SYSTEMS }, (_, s) => Float64Array.from({ length: QUERIES }, () => shape(s / SYSTEMS))));
}

function allPairs(n: number): [number, number][] {
  const pairs: [number, number][] = [];
  for (let i = 0; i < n; i++) for (let j = i + 1; j < n; j++) pairs.push([i, j]);
  return pairs;
}

/** Wall and CPU milliseconds to compare all pairs on the 3 measures with one test. */
function timeTests(measures: Float64Array[][], test: SignificanceTest, trials: number): { wall: number; cpu: number } {
  const c0 = process.cpuUsage();
  const t0 = performance.now();
  // As the command does: one memo (random signs, quantiles) for the measures of one comparison.
  const memo = comparisonMemo();
  for (const systems of measures)
    compareSystems(systems, allPairs(SYSTEMS), { test, correction: 'holm', alpha: 0.05, trials, seed: 42 }, memo);
  const cpu = process.cpuUsage(c0);
  return { wall: performance.now() - t0, cpu: (cpu.user + cpu.system) / 1000 };
}

/** Five runs against one qrels: the generator's run, and four copies whose scores are jittered (other "systems"). */
function writeRuns(dir: string): { qrelsPath: string; runPaths: string[] } {
  const { qrelsPath, runPath } = generateTrec(dir, { queries: QUERIES, docs: 1_000, seed: 42 });
  const runPaths = [runPath];
  for (let s = 1; s < SYSTEMS; s++) {
    const rand = seeded(100 + s);
    const path = join(dir, `system${s}.run`);
    const out = openSync(path, 'w');
    eachLine(runPath, (lines) => {
      const chunk: string[] = [];
      for (const line of lines) {
        if (line === '') continue;
        const f = line.split(' ');
        chunk.push(`${f[0]} Q0 ${f[2]} ${f[3]} ${(Number(f[4]) + rand() * s).toFixed(4)} system${s}\n`);
      }
      writeSync(out, chunk.join(''));
    });
    closeSync(out);
    runPaths.push(path);
  }
  return { qrelsPath, runPaths };
}

/** Reads a file 16 MB at a time, handing over its whole lines. */
function eachLine(path: string, onLines: (lines: string[]) => void): void {
  const fd = openSync(path, 'r');
  const buffer = Buffer.alloc(16 << 20);
  let rest = '';
  try {
    for (;;) {
      const read = readSync(fd, buffer, 0, buffer.length, null);
      if (read === 0) break;
      const lines = (rest + buffer.toString('latin1', 0, read)).split('\n');
      rest = lines.pop() ?? '';
      onLines(lines);
    }
    if (rest) onLines([rest]);
  } finally {
    closeSync(fd);
  }
}

function timeCommand(args: string[]): number {
  const t0 = performance.now();
  const r = spawnSync(process.execPath, [CLI, ...args], { encoding: 'utf8', maxBuffer: 1 << 26 });
  if (r.status !== 0) throw new Error(`ranklens exited with ${r.status}: ${r.stderr}`);
  return performance.now() - t0;
}

function main(argv: string[]): void {
  const runs = Number(argv[argv.indexOf('--runs') + 1]) || 3;
  console.log(`machine: ${cpus().length} × ${cpus()[0]?.model ?? 'cpu'}, Node ${process.version}, load ${loadavg()[0].toFixed(1)}`);
  const values = syntheticValues(7);
  const rows: [string, SignificanceTest, number][] = [
    ['t-test', 't', 0],
    ['Wilcoxon', 'wilcoxon', 0],
    ['randomization, 10,000 trials', 'randomization', 10_000],
    // These two cost n × trials per comparison (per measure for Tukey): timed with 1,000 trials, they grow linearly.
    ['bootstrap, 1,000 trials', 'bootstrap', 1_000],
    ['randomized Tukey HSD, 1,000 trials', 'tukey', 1_000],
  ];
  for (const [name, test, trials] of rows) {
    const times = Array.from({ length: runs }, () => timeTests(values, test, trials));
    const wall = times.map((t) => t.wall);
    console.log(
      `significance ${name}: ${SYSTEMS} runs × ${QUERIES} queries × 3 measures, all 10 pairs: median ${summarize(wall).median.toFixed(0)} ms wall (${wall.map((x) => x.toFixed(0)).join(', ')}), ${summarize(times.map((t) => t.cpu)).median.toFixed(0)} ms CPU`,
    );
  }
  if (!argv.includes('--e2e')) return;
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-significance-'));
  try {
    const { qrelsPath, runPaths } = writeRuns(dir);
    const base = ['trec', qrelsPath, ...runPaths, '-m', 'AP,nDCG@10,P@10', '--baseline', 'all', '--format', 'json'];
    for (const test of ['t', 'randomization']) {
      const ms = Array.from({ length: runs }, () => timeCommand([...base, '--test', test]));
      console.log(
        `ranklens trec QRELS RUN×5 (10,000 queries × ~1,000 documents each), AP nDCG@10 P@10, all pairs, --test ${test}: median ${(summarize(ms).median / 1000).toFixed(2)} s (${ms.map((x) => (x / 1000).toFixed(2)).join(', ')})`,
      );
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}

if (require.main === module) main(process.argv.slice(2));
