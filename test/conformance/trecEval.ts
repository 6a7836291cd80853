/**
 * `npm run conformance`: `ranklens trec` side by side with a trec_eval binary on seeded random
 * files, for every option Ranklens takes from trec_eval (-q -c -m official/all_trec/set/params -l -M
 * -J -N -n, a run read from -, a gzipped run). Outputs must be identical, byte for byte; the script
 * says how many values it compared. Not part of `npm test`: without a trec_eval binary it says so and
 * exits 0. The binary: $TREC_EVAL, else `trec_eval` on the PATH, else /tmp/trec_eval*\/trec_eval.
 *
 *   npm run conformance [-- --seeds 20]
 */
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
  for (const d of readdirSync('/tmp')
    .filter((n) => n.startsWith('trec_eval'))
    .sort()) {
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

/** A string's UTF-8 bytes, one character per byte (how the files are written and read). */
const utf8 = (text: string) => Buffer.from(text, 'utf8').toString('latin1');

// Ids trec_eval keeps as bytes: astral characters and U+E000–U+FFFF (which UTF-16 orders the other
// way round), Latin-1 bytes that are not UTF-8, a raw no-break space (not a space to C), controls.
const QID_FORMS = ['7', 'caf\xe8', utf8('café'), utf8('😀q'), utf8('\ue000q'), utf8('\uff21'), 'A\xa0B', '10', '9'];
const DOC_FORMS = ['d', utf8('😀'), utf8('\ue001'), utf8('\ufffd'), 'caf\xe9', utf8('café'), 'x\x01', 'y\x7f', '\x1b[', 'n\xa0'];
// Grades as atol reads them: exponents, fractions, text, signs, leading zeros.
const GRADES = ['0', '0', '1', '1', '2', '3', '-1', '1e2', '2.7', 'x', '+1', '03', '-1.5', '0.5', '1x', 'rel'];
// Scores as atof reads them: words, hex, junk after a number, no number at all; few values, so many ties.
const SCORES = [
  '1',
  '2',
  '2.0',
  '0x2',
  '2abc',
  'inf',
  '-inf',
  'nan',
  'NaN',
  'abc',
  '1e0',
  '.5',
  '0x1p-1',
  '5e-1',
  '-0',
  '0',
  'INFINITY',
  '3e',
  '0x',
  '+3',
  '1.5e+0',
];

/**
 * Files with the traits trec_eval reads without complaint but a careless reader gets wrong: the
 * ids, grades and scores above, CRLF line endings, a byte-order mark, blank and comment lines in the
 * run, comment lines in the qrels (two in a row too), tabs and runs of spaces, and (shuffle) the run's lines in random order. Byte strings.
 */
export function hostileTrec(seed: number, missing: boolean): { qrels: string; run: string } {
  const rnd = seeded(1000 + seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const pick = <T>(xs: readonly T[]) => xs[int(xs.length)];
  const eol = seed % 2 === 0 ? '\r\n' : '\n';
  const qrels: string[] = [];
  let run: string[] = [];
  const qids = QID_FORMS.filter(() => int(4) > 0);
  qids.forEach((qid, q) => {
    const docs = Array.from({ length: 3 + int(25) }, (_, i) => `${pick(DOC_FORMS)}${i}${int(3) === 0 ? pick(DOC_FORMS) : ''}`);
    for (const d of docs) if (int(4) > 0) qrels.push(`${qid}${pick([' ', '\t', '  '])}0 ${d} ${pick(GRADES)}`);
    if (missing && q === qids.length - 1) return;
    for (const d of docs)
      if (int(5) > 0) run.push(`${qid} Q0\t${d} ${int(100)} ${int(3) === 0 ? (rnd() * 4).toFixed(int(3)) : pick(SCORES)} tag${seed}`);
  });
  if (qrels.length === 0) qrels.push(`7 0 d0 1`);
  if (run.length === 0) run.push(`7 Q0 d0 1 1 tag${seed}`);
  if (seed % 3 !== 0) {
    for (let i = run.length - 1; i > 0; i--) {
      const j = int(i + 1);
      [run[i], run[j]] = [run[j], run[i]];
    }
  }
  // Blank lines (spaces and tabs too) and comments, which trec_eval skips in a run; not as the first line.
  run = run.flatMap((l, i) => (i > 0 && int(8) === 0 ? [pick(['', '  ', '\t', '# a comment', '   # indented comment']), l] : [l]));
  // Qrels comments (a second random sequence, so the lines above stay as they were): trec_eval skips one
  // first-column '#' line at a time and reads a second one in a row as a judgement of query "#…";
  // an indented '#' line is a judgement of query "#". Those queries can never be in a run (a run line
  // starting with '#' is a comment), so only files run with -c (missing) get them. Never the last line
  // (trec_eval crashes on that).
  const notes = seeded(5000 + seed);
  const withNotes = qrels.flatMap((l, i) => {
    const r = notes();
    if (i === 0 || r >= 0.15) return [l];
    if (r < 0.05 || !missing) return ['# judged in 2024', l];
    if (r < 0.1) return ['# pooled to depth 100', `#${i} 0 d${i} ${Math.floor(notes() * 3)}`, l];
    return [`  # x y${i} 2`, l];
  });
  qrels.splice(0, qrels.length, ...withNotes);
  // A qrels BOM makes a judged query of its own that the run lacks: trec_eval takes that only with -c.
  const bom = (which: number) => (seed % 4 === which ? '\xef\xbb\xbf' : '');
  return { qrels: `${missing ? bom(1) : ''}${qrels.join(eol)}${eol}`, run: `${bom(2)}${run.join(eol)}${seed % 5 === 0 ? '' : eol}` };
}

/**
 * A run of 40 to 80 queries in three layouts: grouped by query, shuffled, and interleaved as four
 * parallel writers leave them (chunks of 1 to 6 lines), with its qrels (random files as above, more
 * queries than a reader keeps open at once). Read with one, two and three threads, the pieces of a
 * run are cut through interleaved queries, which are then read again where their lines lie.
 */
export function layoutTrec(seed: number): { qrels: string; runs: Record<'grouped' | 'shuffled' | 'interleaved', string> } {
  const rnd = seeded(9000 + seed);
  const int = (n: number) => Math.floor(rnd() * n);
  const qrels: string[] = [];
  const byQuery: string[][] = [];
  const queries = 40 + int(41);
  for (let q = 0; q < queries; q++) {
    const qid = String(q * 3 + int(3));
    const docs = Array.from({ length: 3 + int(30) }, (_, i) => `L${int(4)}-${i}`);
    for (const d of docs) if (int(3) > 0) qrels.push(`${qid} 0 ${d} ${[-1, 0, 0, 1, 1, 2, 3][int(7)]}`);
    byQuery.push(
      docs
        .filter(() => int(5) > 0)
        .map((d) => `${qid} Q0 ${d} ${int(50)} ${int(3) === 0 ? int(3) : (rnd() * 10).toFixed(int(4))} lay${seed}`),
    );
  }
  const grouped = byQuery.flat();
  const shuffled = [...grouped];
  for (let i = shuffled.length - 1; i > 0; i--) {
    const j = int(i + 1);
    [shuffled[i], shuffled[j]] = [shuffled[j], shuffled[i]];
  }
  const interleaved: string[] = [];
  const writers: string[][] = [];
  for (let next = 0; next < byQuery.length || writers.some((w) => w.length > 0);) {
    while (writers.filter((w) => w.length > 0).length < 4 && next < byQuery.length) writers.push([...byQuery[next++]]);
    const live = writers.filter((w) => w.length > 0);
    if (live.length === 0) continue;
    interleaved.push(...live[int(live.length)].splice(0, 1 + int(6)));
  }
  const text = (lines: string[]) => `${lines.join('\n')}\n`;
  return { qrels: text(qrels), runs: { grouped: text(grouped), shuffled: text(shuffled), interleaved: text(interleaved) } };
}

const OPTIONS: string[][] = [
  [],
  ['-q'],
  ['-q', '-m', 'official'],
  ['-q', '-m', 'all_trec'],
  ['-q', '-m', 'set'],
  ['-q', '-m', 'P.5,10', '-m', 'ndcg_cut.10'],
  ['-q', '-m', 'all_trec', '-l2'],
  ['-q', '-m', 'all_trec', '-l', '3'],
  ['-q', '-m', 'all_trec', '-M', '7'],
  ['-q', '-m', 'all_trec', '-J'],
  ['-q', '-m', 'all_trec', '-N', '5000', '-m', 'utility.2,-1,-0.5,0.1'],
  ['-n', '-q', '-m', 'all_trec'],
  ['-q', '-m', 'all_trec', '-m', 'relstring.15', '-m', 'iprec_at_recall..25,.5,.75'],
  ['-q', '-m', 'ndcg.1=2.5,2=2,3=0.5', '-m', '11pt_avg..2,.6,1', '-J'],
  [
    '-q',
    '-m',
    'Rprec_mult.0.5,3',
    '-m',
    'set_F.0.5',
    '-m',
    'rbp.p=0.7',
    '-m',
    'rbp_resid.p=0.7',
    '-m',
    'unj.3,7',
    '-m',
    'success.2',
    '-m',
    'relative_P.3',
  ],
];

interface Tally {
  compared: number;
  runs: number;
  failures: string[];
}

// `ours`: options for ranklens only (--jobs).
function compare(
  tally: Tally,
  label: string,
  trecEval: string,
  args: string[],
  files: { qrels: string; run: string; gz: string },
  stdin = false,
  ours_: string[] = [],
): void {
  const want = spawnSync(trecEval, [...args, files.qrels, files.run], { encoding: 'latin1', maxBuffer: 1 << 28 });
  const ours = stdin
    ? spawnSync(process.execPath, [CLI, 'trec', ...args, files.qrels, '-'], {
        encoding: 'latin1',
        input: require('node:fs').readFileSync(files.run),
        maxBuffer: 1 << 28,
      })
    : spawnSync(process.execPath, [CLI, 'trec', ...args, ...ours_, files.qrels, label.endsWith('.gz') ? files.gz : files.run], {
        encoding: 'latin1',
        maxBuffer: 1 << 28,
      });
  tally.runs++;
  if (want.status !== 0) {
    tally.failures.push(`${label}: trec_eval failed (${want.status}): ${want.stderr.trim()}`);
    return;
  }
  const a = want.stdout.split('\n');
  const b = ours.stdout.split('\n');
  tally.compared += a.filter((l) => l.includes('\t')).length;
  if (want.stdout === ours.stdout) return;
  const i = a.findIndex((l, j) => l !== b[j]);
  tally.failures.push(
    `${label}: first difference at line ${i + 1}\n  trec_eval: ${JSON.stringify(a[i])}\n  ranklens:  ${JSON.stringify(b[i])}${ours.stderr ? `\n  stderr: ${ours.stderr.trim().split('\n')[0]}` : ''}`,
  );
}

// The hostile files are byte strings: written byte for byte.
function bytesAsWritten(files: { qrels: string; run: string }): { qrels: Buffer; run: Buffer } {
  return { qrels: Buffer.from(files.qrels, 'latin1'), run: Buffer.from(files.run, 'latin1') };
}

function main(): number {
  const trecEval = findTrecEval();
  if (!trecEval) {
    process.stdout.write(
      'conformance: no trec_eval binary found (set TREC_EVAL, put trec_eval on the PATH, or build it in /tmp/trec_eval*/): nothing compared.\n',
    );
    return 0;
  }
  if (!existsSync(CLI)) {
    process.stderr.write('conformance: dist/cli.js is missing; run npm run build.\n');
    return 2;
  }
  const seedsAt = process.argv.indexOf('--seeds');
  const seeds = seedsAt > 0 ? Number(process.argv[seedsAt + 1]) : 8;
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-conformance-'));
  const tally: Tally = { compared: 0, runs: 0, failures: [] };
  try {
    for (let seed = 1; seed <= seeds; seed++) {
      for (const [missing, hostile] of [
        [false, false],
        [true, false],
        [false, true],
        [true, true],
      ]) {
        const { qrels, run } = hostile ? bytesAsWritten(hostileTrec(seed, missing)) : randomTrec(seed, missing);
        const name = `${seed}${missing}${hostile}`;
        const files = { qrels: join(dir, `q${name}`), run: join(dir, `r${name}`), gz: join(dir, `r${name}.gz`) };
        writeFileSync(files.qrels, qrels);
        writeFileSync(files.run, run);
        writeFileSync(files.gz, gzipSync(run));
        // trec_eval 10 refuses a judged query missing from the run unless -c is given.
        const sets = missing ? OPTIONS.map((o) => ['-c', ...o]) : OPTIONS;
        const label = `seed ${seed}${hostile ? ' hostile' : ''}${missing ? ' (missing queries)' : ''}`;
        for (const args of sets) compare(tally, `${label}: ${args.join(' ') || '(defaults)'}`, trecEval, args, files);
        compare(tally, `${label}: run from -`, trecEval, missing ? ['-c', '-q', '-m', 'all_trec'] : ['-q', '-m', 'all_trec'], files, true);
        compare(tally, `${label}: run.gz`, trecEval, missing ? ['-c', '-q'] : ['-q'], files);
      }
      const { qrels, runs } = layoutTrec(seed);
      const qrelsPath = join(dir, `lq${seed}`);
      writeFileSync(qrelsPath, qrels);
      for (const [layout, run] of Object.entries(runs)) {
        const files = { qrels: qrelsPath, run: join(dir, `l${seed}${layout}`), gz: '' };
        writeFileSync(files.run, run);
        for (const jobs of ['1', '2', '3']) {
          for (const args of [
            ['-c', '-q', '-m', 'all_trec'],
            ['-c', '-J', '-M', '20'],
          ]) {
            compare(tally, `seed ${seed} ${layout}, --jobs ${jobs}: ${args.join(' ')}`, trecEval, args, files, false, ['--jobs', jobs]);
          }
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `conformance: ${trecEval}\n${tally.runs} command lines, ${tally.compared} output values compared, ${tally.failures.length} different.\n`,
  );
  for (const f of tally.failures.slice(0, 20)) process.stdout.write(`${f}\n`);
  return tally.failures.length === 0 ? 0 : 1;
}

if (require.main === module) process.exitCode = main();
