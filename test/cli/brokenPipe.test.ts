/**
 * A reader that goes away early (`ranklens … | head`) ends the command quietly: no stack trace, no
 * "EPIPE", exit 141 (128 + SIGPIPE, the status a shell reports for coreutils and for trec_eval there:
 * `trec_eval -q qrels run | head -1` gives 141 too). Every command's longest output is read up to its
 * first chunk, then the pipe is closed; and every command, its help and its errors, meets a pipe that
 * is closed before it writes anything.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { generateTrec } from '../../bench/genTrec';
import { CLI, TREC_DATA, tempFiles } from './ranklens';

interface Ended {
  code: number | null;
  signal: NodeJS.Signals | null;
  /** Bytes read from stdout before the pipe was closed. */
  read: number;
  stderr: string;
}

/**
 * Runs `ranklens ARGS`, reads its stdout up to the first chunk, then
 * closes the pipe, and waits for the end; or closes stdout, or stderr, before anything is written.
 */
function readThenClose(args: readonly string[], cwd: string, how: 'first-chunk' | 'at-once' | 'stderr-at-once'): Promise<Ended> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, [CLI, ...args], { cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    let read = 0;
    const err: Buffer[] = [];
    if (how === 'stderr-at-once') {
      child.stderr.destroy();
      child.stdout.resume();
    } else {
      child.stderr.on('data', (b: Buffer) => err.push(b));
      if (how === 'at-once') child.stdout.destroy();
      else
        child.stdout.once('data', (b: Buffer) => {
          read = b.length;
          child.stdout.destroy();
        });
    }
    child.on('error', reject);
    child.on('close', (code, signal) => resolve({ code, signal, read, stderr: Buffer.concat(err).toString('utf8') }));
  });
}

/** What a stack trace or an unhandled stream error leaves on stderr. */
function assertQuiet(stderr: string, what: string): void {
  assert.doesNotMatch(stderr, /EPIPE|Unhandled 'error' event|node:events|node:internal|^\s+at /m, `${what}: ${stderr}`);
}

const dir = tempFiles({});
const big = generateTrec(join(dir, 'a'), { queries: 300, docs: 100, seed: 1 });
const other = generateTrec(join(dir, 'b'), { queries: 300, docs: 100, seed: 2 });
// 5,000 cases (the text table alone is 1 MB); 1,000 small fixtures in one file (compare: 1.3 MB of
// tables); 80 fixtures of 20 cases whose expectations no convention reproduces (infer: 210 kB of text).
const manyCases = Array.from({ length: 5000 }, (_, i) => `  c${i}: { labels: [a, b], predictions: [b, x, a], expect: { P@1: 1 } }`).join(
  '\n',
);
const manyFixtures = Array.from({ length: 1000 }, (_, i) => `k: 2\ncases:\n  q${i}: { labels: [a], predictions: [x, a] }\n`).join('---\n');
const unexplained = (i: number) =>
  `k: 2\ncases:\n${Array.from({ length: 20 }, (_, c) => `  q${i}_${c}: { labels: [a], predictions: [x, a], expect: { AP@2: 0.9, RR@2: 0.7 } }\n`).join('')}`;
const files = tempFiles({
  'cases.rank.yaml': `k: [1, 3, 5, 10]\nmetrics: [P@k, R@k, AP@k, nDCG@k]\ncases:\n${manyCases}\n`,
  'fixtures.rank.yaml': manyFixtures,
  'infer.rank.yaml': Array.from({ length: 80 }, (_, i) => unexplained(i)).join('---\n'),
});

// Each command's longest output, well past what the pipe holds: Node's child pipes are socket pairs, which
// buffer a few hundred kB (a shell's pipe holds 64 kB), so these are all near 1 MB or more.
const LONGEST: [string, string[], string][] = [
  ['check, text', ['check', 'cases.rank.yaml'], files],
  ['check, json', ['check', 'cases.rank.yaml', '--json'], files],
  ['trec, one run, -q all_trec', ['trec', big.qrelsPath, big.runPath, '-q', '-m', 'all_trec'], dir],
  ['trec, one run, json', ['trec', big.qrelsPath, big.runPath, '-q', '-m', 'all_trec', '--json'], dir],
  ['trec, two runs, -q', ['trec', big.qrelsPath, big.runPath, other.runPath, '-q', '-m', 'all_trec'], dir],
  ['trec, two runs, json', ['trec', big.qrelsPath, big.runPath, other.runPath, '-q', '-m', 'all_trec', '--json'], dir],
  ['compare, text', ['compare', 'fixtures.rank.yaml'], files],
  ['compare, json', ['compare', 'fixtures.rank.yaml', '--json'], files],
  ['infer, json', ['infer', 'infer.rank.yaml', '--json'], files],
];

// Every command, and the outputs that are not a report, meeting a pipe closed before they write.
const SHORT: [string, string[], string][] = [
  ['--help', ['--help'], dir],
  ['--version', ['--version'], dir],
  ['trec --help', ['trec', '--help'], dir],
  ['check', ['check', join(files, 'fixtures.rank.yaml'), '--format', 'markdown'], dir],
  ['trec, one run', ['trec', join(TREC_DATA, 'handworked.qrels'), join(TREC_DATA, 'handworked.run')], dir],
  ['trec, csv', ['trec', join(TREC_DATA, 'handworked.qrels'), join(TREC_DATA, 'handworked.run'), '--format', 'csv'], dir],
  [
    'trec, three runs, latex',
    [
      'trec',
      join(TREC_DATA, 'compare.qrels'),
      ...['base', 'better', 'mixed'].map((r) => join(TREC_DATA, `compare-${r}.run`)),
      '--format',
      'latex',
    ],
    dir,
  ],
];

describe('a reader that closes the pipe early', () => {
  for (const [what, args, cwd] of LONGEST) {
    it(`${what}: read up to the first chunk, then closed: no stack trace, exit 141`, async () => {
      const r = await readThenClose(args, cwd, 'first-chunk');
      assert.ok(r.read > 0, what);
      assertQuiet(r.stderr, what);
      assert.deepEqual([r.code, r.signal], [141, null], `${what}: ${r.stderr}`);
    });
  }

  for (const [what, args, cwd] of SHORT) {
    it(`${what}: closed before anything is written: no stack trace, exit 141`, async () => {
      const r = await readThenClose(args, cwd, 'at-once');
      assertQuiet(r.stderr, what);
      assert.deepEqual([r.code, r.signal], [141, null], `${what}: ${r.stderr}`);
    });
  }

  it('stderr closed before a usage error (no command) or the notes of trec are written: exit 141, as the pipe said', async () => {
    for (const args of [[], ['trec', join(TREC_DATA, 'handworked.qrels'), join(TREC_DATA, 'handworked.run')]]) {
      const r = await readThenClose(args, dir, 'stderr-at-once');
      assert.deepEqual([r.code, r.signal], [141, null], args.join(' '));
    }
  });

  // A shell's pipe, as in the issue: 64 kB, so the text outputs of a few hundred kB meet a closed pipe too.
  const SHELL: [string, string[], string][] = [
    ['trec -q -m all_trec', ['trec', big.qrelsPath, big.runPath, '-q', '-m', 'all_trec'], dir],
    ['trec --json', ['trec', big.qrelsPath, big.runPath, '--json'], dir],
    ['check', ['check', 'cases.rank.yaml'], files],
    ['compare', ['compare', 'fixtures.rank.yaml'], files],
    ['infer', ['infer', 'infer.rank.yaml'], files],
  ];
  for (const [what, args, cwd] of SHELL) {
    it(`ranklens ${what} | head -c 100 in a shell: 100 bytes through, exit 141 in PIPESTATUS, no stack trace`, () => {
      const quoted = [process.execPath, CLI, ...args].map((a) => `'${a}'`).join(' ');
      const line = `${quoted} 2>err.txt | head -c 100 | wc -c | tr -d ' '; echo "status \${PIPESTATUS[0]}"`;
      const r = spawnSync('bash', ['-c', line], { cwd, encoding: 'utf8' });
      assert.equal(r.stdout, '100\nstatus 141\n', what);
      assertQuiet(readFileSync(join(cwd, 'err.txt'), 'utf8'), what);
    });
  }

  it('a reader that reads everything: the usual exit code (0 here), every byte', async () => {
    const child = spawnSync(process.execPath, [CLI, 'trec', big.qrelsPath, big.runPath, '-q', '-m', 'all_trec'], { maxBuffer: 1 << 26 });
    assert.equal(child.status, 0);
    assert.ok(child.stdout.length > 900_000, `${child.stdout.length} bytes`);
  });
});
