/**
 * `npm run conformance` (its second part): the conformance files written in every other format
 * Ranklens reads (TSV with BEIR's header, CSV, JSON lines, one JSON object {qid: {docid: value}},
 * a JSON list of records as pandas writes it, Parquet), and `ranklens trec` on each pair expected to print what trec_eval prints on the TREC
 * text, value for value; only the runid line is left out (those formats have no tag column here).
 * The files: trec_eval's own test files (qrels.test, results.test), the seeded random pairs of
 * trecEval.ts (with and without judged queries missing from the run, -c), and its layouts (grouped,
 * shuffled, interleaved runs). Without a trec_eval binary it says so and exits 0.
 *
 * With --jobs N, ranklens converts each file in N threads (shared/trec/node/convertText.ts
 * cuts even a small file into N ranges at its line breaks; a Parquet file of several row groups
 * shares them out), so that the values of a file converted in parts are compared too.
 *
 *   npm run conformance [-- --seeds 8] [--jobs 3]
 */
import { spawnSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { findTrecEval, layoutTrec, randomTrec } from './trecEval';
import { parquetFile } from '../helpers/parquetFile';

const CLI = resolve(__dirname, '../../../dist/cli.js');
const TREC_DATA = resolve(__dirname, '../../../test/data/trec/trec_eval');

/** The formats, each with how to write a qrels and a run (rows of whitespace-separated TREC fields) in it. */
const FORMATS: Record<
  string,
  { ext: string; qrels: (rows: string[][]) => Uint8Array | string; run: (rows: string[][]) => Uint8Array | string }
> = {
  tsv: {
    ext: 'tsv',
    qrels: (rows) => lines(['query-id\tcorpus-id\tscore', ...rows.map((r) => `${r[0]}\t${r[2]}\t${r[3]}`)]),
    run: (rows) => lines(['qid\tdocid\tscore', ...rows.map((r) => `${r[0]}\t${r[2]}\t${r[4]}`)]),
  },
  csv: {
    ext: 'csv',
    qrels: (rows) => lines(['user,item,rating', ...rows.map((r) => `${r[0]},${r[2]},${r[3]}`)]),
    run: (rows) => lines(['query_id,doc_id,prediction', ...rows.map((r) => `${r[0]},${r[2]},${r[4]}`)]),
  },
  jsonl: {
    ext: 'jsonl',
    qrels: (rows) =>
      lines(rows.map((r) => `{"query_id": ${JSON.stringify(r[0])}, "corpus_id": ${JSON.stringify(r[2])}, "relevance": ${r[3]}}`)),
    run: (rows) =>
      lines(rows.map((r) => `{"qid": ${JSON.stringify(r[0])}, "docid": ${JSON.stringify(r[2])}, "score": ${jsonNumber(r[4])}}`)),
  },
  json: {
    ext: 'json',
    qrels: (rows) => jsonObject(rows, 3),
    run: (rows) => jsonObject(rows, 4),
  },
  // pandas' to_json(orient="records"): one line, no blanks, "/" escaped.
  records: {
    ext: 'records.json',
    qrels: (rows) =>
      `[${rows.map((r) => `{"query_id":${pandasString(r[0])},"doc_id":${pandasString(r[2])},"relevance":${r[3]}}`).join(',')}]`,
    run: (rows) =>
      `[${rows.map((r) => `{"qid":${pandasString(r[0])},"docid":${pandasString(r[2])},"score":${jsonNumber(r[4])}}`).join(',')}]`,
  },
  parquet: {
    ext: 'parquet',
    qrels: (rows) =>
      parquetFile([
        { name: 'query-id', type: 'string', values: rows.map((r) => r[0]) },
        { name: 'corpus-id', type: 'string', values: rows.map((r) => r[2]) },
        { name: 'score', type: 'int64', values: rows.map((r) => Number(r[3])) },
      ]),
    run: (rows) =>
      parquetFile([
        { name: 'qid', type: 'string', values: rows.map((r) => r[0]) },
        { name: 'docid', type: 'string', values: rows.map((r) => r[2]) },
        { name: 'score', type: 'double', values: rows.map((r) => Number(r[4])) },
      ]),
  },
};

const lines = (rows: string[]) => `${rows.join('\n')}\n`;
// A TREC score as JSON writes a number: "3." or ".5" are not JSON numbers.
const jsonNumber = (text: string) => JSON.stringify(Number(text));
// A string as pandas writes it: JSON's, with "/" as "\/".
const pandasString = (text: string) => JSON.stringify(text).replace(/\//g, '\\/');

// {qid: {docid: value}}, queries in the order they first appear, pretty-printed as Python's json.dump(indent=1).
function jsonObject(rows: string[][], column: number): string {
  const byQuery = new Map<string, string[]>();
  for (const r of rows) {
    const list = byQuery.get(r[0]) ?? [];
    list.push(` ${JSON.stringify(r[2])}: ${column === 3 ? r[3] : jsonNumber(r[4])}`);
    byQuery.set(r[0], list);
  }
  return `{\n${[...byQuery].map(([q, docs]) => `${JSON.stringify(q)}: {\n${docs.join(',\n')}\n}`).join(',\n')}\n}\n`;
}

// The judgements or ranked documents of TREC text: its lines' fields (none are blank or comments here).
function rowsOf(text: string): string[][] {
  return text
    .split('\n')
    .map((l) => l.trim())
    .filter((l) => l !== '')
    .map((l) => l.split(/[\t ]+/));
}

const OPTIONS: string[][] = [
  [],
  ['-q', '-m', 'all_trec'],
  ['-q', '-m', 'all_trec', '-M', '7'],
  ['-q', '-m', 'all_trec', '-J'],
  ['-q', '-m', 'all_trec', '-l2'],
];

interface Tally {
  compared: number;
  runs: number;
  failures: string[];
}

function main(): number {
  const trecEval = findTrecEval();
  if (!trecEval) {
    process.stdout.write('conformance (formats): no trec_eval binary found: nothing compared.\n');
    return 0;
  }
  if (!existsSync(CLI)) {
    process.stderr.write('conformance: dist/cli.js is missing; run npm run build.\n');
    return 2;
  }
  const seedsAt = process.argv.indexOf('--seeds');
  const seeds = seedsAt > 0 ? Number(process.argv[seedsAt + 1]) : 8;
  const jobsAt = process.argv.indexOf('--jobs');
  const jobs = jobsAt > 0 ? ['--jobs', process.argv[jobsAt + 1]] : [];
  const dir = mkdtempSync(join(tmpdir(), 'ranklens-formats-'));
  const tally: Tally = { compared: 0, runs: 0, failures: [] };
  const pairs: { name: string; qrels: string; run: string; options: string[][] }[] = [
    {
      name: 'trec_eval-test',
      qrels: readFileSync(join(TREC_DATA, 'qrels.test'), 'latin1'),
      run: readFileSync(join(TREC_DATA, 'results.test'), 'latin1'),
      options: OPTIONS,
    },
  ];
  for (let seed = 1; seed <= seeds; seed++) {
    pairs.push({ name: `random${seed}`, ...randomTrec(seed, false), options: OPTIONS });
    pairs.push({ name: `missing${seed}`, ...randomTrec(seed, true), options: OPTIONS.map((o) => ['-c', ...o]) });
    const layout = layoutTrec(seed);
    for (const [kind, run] of Object.entries(layout.runs))
      pairs.push({ name: `${kind}${seed}`, qrels: layout.qrels, run, options: [['-q', '-m', 'all_trec']] });
  }
  try {
    for (const pair of pairs) {
      const trecQrels = join(dir, `${pair.name}.qrels`);
      const trecRun = join(dir, `${pair.name}.run`);
      writeFileSync(trecQrels, pair.qrels, 'latin1');
      writeFileSync(trecRun, pair.run, 'latin1');
      const qrelsRows = rowsOf(pair.qrels);
      const runRows = rowsOf(pair.run);
      const written = Object.entries(FORMATS).map(([format, f]) => {
        const q = join(dir, `${pair.name}-qrels.${f.ext}`);
        const r = join(dir, `${pair.name}-run.${f.ext}`);
        writeFileSync(q, f.qrels(qrelsRows));
        writeFileSync(r, f.run(runRows));
        return { format, q, r };
      });
      for (const args of pair.options) {
        const want = spawnSync(trecEval, [...args, trecQrels, trecRun], { encoding: 'latin1', maxBuffer: 1 << 28 });
        if (want.status !== 0) {
          tally.failures.push(`${pair.name} ${args.join(' ')}: trec_eval failed (${want.status}): ${want.stderr.trim()}`);
          continue;
        }
        const expected = withoutRunid(want.stdout);
        for (const { format, q, r } of written) {
          const ours = spawnSync(process.execPath, [CLI, 'trec', ...args, ...jobs, q, r], { encoding: 'latin1', maxBuffer: 1 << 28 });
          tally.runs++;
          const got = withoutRunid(ours.stdout);
          tally.compared += expected.filter((l) => l.includes('\t')).length;
          if (got.join('\n') === expected.join('\n')) continue;
          const i = expected.findIndex((l, j) => l !== got[j]);
          tally.failures.push(
            `${pair.name} ${format} ${args.join(' ')}: first difference at line ${i + 1}\n  trec_eval: ${JSON.stringify(expected[i])}\n  ranklens:  ${JSON.stringify(got[i])}${ours.stderr ? `\n  stderr: ${ours.stderr.trim().split('\n')[0]}` : ''}`,
          );
        }
      }
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
  process.stdout.write(
    `conformance (formats: ${Object.keys(FORMATS).join(', ')}${jobs.length > 0 ? `; --jobs ${jobs[1]}` : ''}): ${pairs.length} file pairs, ${tally.runs} command lines, ${tally.compared} output values compared with trec_eval on the TREC text (runid aside): ${tally.failures.length} different\n`,
  );
  for (const f of tally.failures.slice(0, 20)) process.stdout.write(`${f}\n`);
  return tally.failures.length === 0 ? 0 : 1;
}

// trec_eval's output lines without its runid line (the tag of a TREC run; the other formats have none here).
function withoutRunid(stdout: string): string[] {
  return stdout.split('\n').filter((l) => !l.startsWith('runid '));
}

if (require.main === module) process.exitCode = main();
