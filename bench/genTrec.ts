/**
 * Writes a seeded TREC qrels and run pair for the `ranklens trec` benchmark: by default 10,000
 * queries × about 980 retrieved documents (≈ 9.8 M run lines, ≈ 370 MB), the size of the trec_eval
 * figures in the notes. Same seed, same bytes. The data is never committed: it goes to a temp dir.
 *
 *   node out/bench/genTrec.js DIR [--queries 10000] [--docs 1000] [--seed 42]
 */
import { closeSync, mkdirSync, openSync, writeSync } from 'node:fs';
import { join } from 'node:path';
import { readChunks } from '../shared/trec';
import { seeded } from './random';

export interface GenOptions {
  queries: number;
  /** Retrieved documents per query: between docs − docs/50 and docs. */
  docs: number;
  seed: number;
}

export interface GenResult {
  qrelsPath: string;
  runPath: string;
  runLines: number;
  qrelsLines: number;
}

/** Buffers writes: one writeSync per megabyte, not per line. */
class Writer {
  private parts: string[] = [];
  private size = 0;
  constructor(private fd: number) {}
  line(text: string): void {
    this.parts.push(text);
    this.size += text.length;
    if (this.size > 1 << 20) this.flush();
  }
  flush(): void {
    writeSync(this.fd, this.parts.join(''));
    this.parts = [];
    this.size = 0;
  }
  close(): void {
    this.flush();
    closeSync(this.fd);
  }
}

/**
 * Every edge case trec_eval cares about appears: score ties, judged
 * non-relevant and negative grades, relevant documents never retrieved, queries with no relevant
 * document, qrels queries missing from the run and run queries missing from the qrels.
 */
export function generateTrec(dir: string, options: GenOptions): GenResult {
  mkdirSync(dir, { recursive: true });
  const rand = seeded(options.seed);
  const qrelsPath = join(dir, 'bench.qrels');
  const runPath = join(dir, 'bench.run');
  const qrels = new Writer(openSync(qrelsPath, 'w'));
  const run = new Writer(openSync(runPath, 'w'));
  let runLines = 0;
  let qrelsLines = 0;
  const pool = options.docs * 50;
  for (let q = 1; q <= options.queries; q++) {
    const qid = String(q);
    const inRun = q % 97 !== 0;
    const inQrels = q % 89 !== 0;
    const n = options.docs - Math.floor(rand() * (options.docs / 50 + 1));
    const docs = pickDistinct(rand, pool, n);
    if (inRun) {
      // Written best first, as systems write runs; a fifth of the documents tie with the one above,
      // listed in no particular order, so the tie rule has to reorder them.
      let score = 20 + rand() * 10;
      for (let i = 0; i < n; i++) {
        if (i > 0 && rand() >= 0.2) score -= 0.001 + rand() * 0.05;
        run.line(`${qid} Q0 ${docId(docs[i])} ${i + 1} ${score.toFixed(4)} ranklens\n`);
        runLines++;
      }
    }
    if (inQrels) {
      const noRelevant = q % 53 === 0;
      // Judge about a tenth of the retrieved documents (more often near the top) and a few others.
      for (let i = 0; i < n; i++) {
        if (rand() > 0.3 * (1 - i / n) ** 2 + 0.02) continue;
        qrels.line(`${qid} 0 ${docId(docs[i])} ${noRelevant ? 0 : grade(rand)}\n`);
        qrelsLines++;
      }
      for (let j = 0; j < 10; j++) {
        qrels.line(`${qid} 0 ${docId(pool + q * 10 + j)} ${noRelevant ? 0 : grade(rand)}\n`);
        qrelsLines++;
      }
    }
  }
  // Judged queries are usually written in order; a run written per query is too.
  qrels.close();
  run.close();
  return { qrelsPath, runPath, runLines, qrelsLines };
}

function docId(n: number): string {
  return `doc${String(n).padStart(7, '0')}`;
}

// Mostly non-relevant, some grade 1–3, a few negative (judged non-relevant in trec_eval).
function grade(rand: () => number): number {
  const r = rand();
  return r < 0.55 ? 0 : r < 0.8 ? 1 : r < 0.92 ? 2 : r < 0.97 ? 3 : -1;
}

function pickDistinct(rand: () => number, pool: number, n: number): number[] {
  const seen = new Set<number>();
  const out: number[] = [];
  while (out.length < n) {
    const d = Math.floor(rand() * pool);
    if (seen.has(d)) continue;
    seen.add(d);
    out.push(d);
  }
  return out;
}

function main(argv: string[]): void {
  const dir = argv[0];
  if (!dir || dir.startsWith('--')) {
    process.stderr.write('usage: node out/bench/genTrec.js DIR [--queries N] [--docs N] [--seed N]\n');
    process.exit(2);
  }
  const opt = (name: string, fallback: number) => {
    const i = argv.indexOf(`--${name}`);
    return i >= 0 ? Number(argv[i + 1]) : fallback;
  };
  const result = generateTrec(dir, { queries: opt('queries', 10000), docs: opt('docs', 1000), seed: opt('seed', 42) });
  process.stdout.write(`${result.runPath}: ${result.runLines} lines\n${result.qrelsPath}: ${result.qrelsLines} lines\n`);
}

if (require.main === module) main(process.argv.slice(2));

/**
 * A second system's run on the same queries and documents, for `ranklens diff` beside `ranklens trec
 * QRELS A B`: each line's score moved by seeded noise (up to 0.5, about ten ranks), so that every
 * query's ranking changes and about half the queries win; tagged "second", still grouped by query.
 */
export function secondRun(from: string, to: string, seed: number): void {
  const rand = seeded(seed);
  const out = new Writer(openSync(to, 'w'));
  readChunks(from, (text) => {
    for (const line of text.split('\n')) {
      if (!line) continue;
      const f = line.split(' ');
      out.line(`${f[0]} Q0 ${f[2]} ${f[3]} ${(Number(f[4]) + rand() * 0.5).toFixed(4)} second\n`);
    }
  });
  out.close();
}
