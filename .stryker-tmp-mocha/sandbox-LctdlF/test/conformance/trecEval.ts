/**
 * `npm run conformance`: `ranklens trec` side by side with a trec_eval binary on seeded random
 * files, for every option Ranklens takes from trec_eval (-q -c -m official/all_trec/set/params -l -M
 * -J -N -n, a run read from -, a gzipped run). Outputs must be identical, byte for byte; the script
 * says how many values it compared. Not part of `npm test`: without a trec_eval binary it says so and
 * exits 0. The binary: $TREC_EVAL, else `trec_eval` on the PATH, else /tmp/trec_eval*\/trec_eval.
 *
 *   npm run conformance [-- --seeds 20]
 */
// @ts-nocheck

import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { delimiter, join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { seeded } from '../../bench/random';

const CLI = resolve(__dirname, '../../../dist/cli.js');

/** The trec_eval binary to compare with, or undefined. */
export function findTrecEval(): string | undefined {
  if (process.env.TREC_EVAL) return existsSync(process.env.TREC_EVAL) ? process.env.TREC_EVAL : undefined;
  for (const dir of (process.env.PATH ?? '').split(delimiter)) if (dir && existsSync(join(dir, 'trec_eval'))) return join(dir, 'trec_eval');
  for (const d of readdirSync('/tmp').filter((n) => n.startsWith('trec_eval')).sort()) {
    const p = join('/tmp', d, 'trec_eval');
    if (existsSync(p)) return p;
  }
  return undefined;
}

/**
 * A random qrels and run pair: grades −1..3, score ties, unjudged and unretrieved documents, a
 * query with nothing relevant, one whose retrieved documents are all unjudged, run-only queries,
 * and (missing = true) judged queries with no run line (trec_eval 10 accepts those only with -c).
 */
export function randomTrec(seed: number, missing: boolean): { qrels: string; run: string } {
  const rnd = seeded(seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const qrels: string[] = [];
  const run: string[] = [];
  const queries = 3 + int(12);
  for (let q = 0; q < queries; q++) {
    const qid = String(q * 7 + int(5));
    const pool = 5 + int(60);
    const docs = Array.from({ length: pool }, (_, i) => `D${int(3)}-${i}${int(2) ? 'x' : ''}`);
    const kind = q === 0 ? 'nothing-relevant' : q === 1 ? 'all-unjudged' : 'mixed';
    for (const d of docs) {
      if (kind === 'all-unjudged' && d.endsWith('x')) continue;
      if (int(4) === 0) continue; // left out of the qrels: unjudged
      const grade = kind === 'nothing-relevant' ? int(2) - 1 : [-1, 0, 0, 0, 1, 1, 2, 3][int(8)];
      qrels.push(`${qid} 0 ${d} ${grade}`);
    }
    if (missing && q === queries - 1) continue;
    const retrieved = docs.filter(() => int(5) > 0).map((d) => (kind === 'all-unjudged' ? `${d}u` : d));
    for (const d of retrieved) {
      const score = int(3) === 0 ? int(4) : Math.round(rnd() * 1000) / 100;
      run.push(`${qid} Q0 ${d} ${int(100)} ${score} run${seed}`);
    }
  }
  run.push(`999 Q0 stray 1 1 run${seed}`);
  return { qrels: `${qrels.join('\n')}\n`, run: `${run.join('\n')}\n` };
}

const OPTIONS: string[][] = [
  [], ['-q'], ['-q', '-m', 'official'], ['-q', '-m', 'all_trec'], ['-q', '-m', 'set'],
  ['-q', '-m', 'P.5,10', '-m', 'ndcg_cut.10'], ['-q', '-m', 'all_trec', '-l2'], ['-q', '-m', 'all_trec', '-l', '3'],
  ['-q', '-m', 'all_trec', '-M', '7'], ['-q', '-m', 'all_trec', '-J'], ['-q', '-m', 'all_trec', '-N', '5000', '-m', 'utility.2,-1,-0.5,0.1'],
  ['-n', '-q', '-m', 'all_trec'], ['-q', '-m', 'all_trec', '-m', 'relstring.15', '-m', 'iprec_at_recall..25,.5,.75'],
  ['-q', '-m', 'ndcg.1=2.5,2=2,3=0.5', '-m', '11pt_avg..2,.6,1', '-J'],
  ['-q', '-m', 'Rprec_mult.0.5,3', '-m', 'set_F.0.5', '-m', 'rbp.p=0.7', '-m', 'rbp_resid.p=0.7', '-m', 'unj.3,7', '-m', 'success.2', '-m', 'relative_P.3'],
];

interface Tally { compared: number; runs: number; failures: string[] }

function compare(tally: Tally, label: string, trecEval: string, args: string[], files: { qrels: string; run: string; gz: string }, stdin = false): void {
  const want = spawnSync(trecEval, [...args, files.qrels, files.run], { encoding: 'utf8', maxBuffer: 1 << 28 });
  const ours = stdin
    ? spawnSync(process.execPath, [CLI, 'trec', ...args, files.qrels, '-'], { encoding: 'utf8', input: require('node:fs').readFileSync(files.run), maxBuffer: 1 << 28 })
    : spawnSync(process.execPath, [CLI, 'trec', ...args, files.qrels, label.endsWith('.gz') ? files.gz : files.run], { encoding: 'utf8', maxBuffer: 1 << 28 });
  tally.runs++;
  if (want.status !== 0) { tally.failures.push(`${label}: trec_eval failed (${want.status}): ${want.stderr.trim()}`); return; }
  const a = want.stdout.split('\n');
  const b = ours.stdout.split('\n');
  tally.compared += a.filter((l) => l.includes('\t')).length;
  if (want.stdout === ours.stdout) return;
  const i = a.findIndex((l, j) => l !== b[j]);
  tally.failures.push(`${label}: first difference at line ${i + 1}\n  trec_eval: ${JSON.stringify(a[i])}\n  ranklens:  ${JSON.stringify(b[i])}${ours.stderr ? `\n  stderr: ${ours.stderr.trim().split('\n')[0]}` : ''}`);
}

function main(): number {
  const trecEval = findTrecEval();
  if (!trecEval) {
    process.stdout.write('conformance: no trec_eval binary found (set TREC_EVAL, put trec_eval on the PATH, or build it in /tmp/trec_eval*/): nothing compared.\n');
    return 0;
  }
  if (!existsSync(CLI)) { process.stderr.write('conformance: dist/cli.js is missing; run npm run build.\n'); return 2; }
  const seedsAt = process.argv.indexOf('--seeds');
  const seeds = seedsAt > 0 ? Number(process.argv[seedsAt + 1]) : 8;
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-conformance-'));
  const tally: Tally = { compared: 0, runs: 0, failures: [] };
  try {
    for (let seed = 1; seed <= seeds; seed++) {
      for (const missing of [false, true]) {
        const { qrels, run } = randomTrec(seed, missing);
        const files = { qrels: join(dir, `q${seed}${missing}`), run: join(dir, `r${seed}${missing}`), gz: join(dir, `r${seed}${missing}.gz`) };
        writeFileSync(files.qrels, qrels);
        writeFileSync(files.run, run);
        writeFileSync(files.gz, gzipSync(run));
        // trec_eval 10 refuses a judged query missing from the run unless -c is given.
        const sets = missing ? OPTIONS.map((o) => ['-c', ...o]) : OPTIONS;
        for (const args of sets) compare(tally, `seed ${seed}${missing ? ' (missing queries)' : ''}: ${args.join(' ') || '(defaults)'}`, trecEval, args, files);
        compare(tally, `seed ${seed}: run from -`, trecEval, missing ? ['-c', '-q', '-m', 'all_trec'] : ['-q', '-m', 'all_trec'], files, true);
        compare(tally, `seed ${seed}: run.gz`, trecEval, missing ? ['-c', '-q'] : ['-q'], files);
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(`conformance: ${trecEval}\n${tally.runs} command lines, ${tally.compared} output values compared, ${tally.failures.length} different.\n`);
  for (const f of tally.failures.slice(0, 20)) process.stdout.write(`${f}\n`);
  return tally.failures.length === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main();
