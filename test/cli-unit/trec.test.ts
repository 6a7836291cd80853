/**
 * `ranklens trec` in-process, on test/data/trec/handworked.* (every value worked by hand in
 * test/cli/trec.test.ts) and on small inline files: trec_eval's layout, the notes on stderr, exit
 * codes, --json, stdin and .gz, threads, scattered runs, byte-order marks, and every usage error.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { TREC_DATA, tempFiles } from '../cli/ranklens';
import { ranklens } from './run';

/** A folder holding handworked.qrels and handworked.run, plus the given files. */
function handworked(files: Record<string, string> = {}): string {
  const dir = tempFiles(files);
  for (const f of ['handworked.qrels', 'handworked.run']) copyFileSync(join(TREC_DATA, f), join(dir, f));
  return dir;
}

// See test/cli/trec.test.ts: AP per query 1: 0.2778, 10: 0.5, 2: 0.5833, 3: 0 (no relevant document),
// P@5 0.4, 0.2, 0.4, 0; query 4 is judged but not in the run, query 9 only in the run.
const BLANK =
  'handworked.qrels:9:1 warning blank-line A blank line: skipped here; trec_eval stops on it ("Malformed line") and evaluates nothing.\n';
const MISSING =
  'handworked.qrels:14:1 warning query-not-in-run 1 judged query has no line in the run: 4 (line 14); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 4 ("result qid not found"), after printing the queries before it.\n';
const UNJUDGED = 'handworked.run:1:1 info query-not-in-qrels 1 run query has no judgement in the qrels: ignored, as trec_eval does.\n';
const NO_RELEVANT =
  'handworked.qrels:1:1 info empty-labels 1 evaluated query has no relevant document: every measure is 0 and counts in the means (emptyLabels=zero, as trec_eval).\n';

describe('ranklens trec: one run', () => {
  const dir = handworked();

  it("-q prints every query in trec_eval's order (ids as text), then the summary; the notes go to stderr", async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'P.5', '-m', 'map', '-m', 'num_q'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'map                   \t1\t0.2778',
        'P_5                   \t1\t0.4000',
        'map                   \t10\t0.5000',
        'P_5                   \t10\t0.2000',
        'map                   \t2\t0.5833',
        'P_5                   \t2\t0.4000',
        'map                   \t3\t0.0000',
        'P_5                   \t3\t0.0000',
        // (0.2778 + 0.5 + 0.5833 + 0) / 4 = 0.3403; (0.4 + 0.2 + 0.4 + 0) / 4 = 0.25.
        'num_q                 \tall\t4',
        'map                   \tall\t0.3403',
        'P_5                   \tall\t0.2500',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, BLANK + MISSING + UNJUDGED + NO_RELEVANT);
    assert.equal(r.code, 0);
  });

  it('-n leaves out the summary; without -q and with -n nothing is printed', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-n', '-m', 'P.5'], { cwd: dir });
    assert.equal(
      r.stdout,
      'P_5                   \t1\t0.4000\nP_5                   \t10\t0.2000\nP_5                   \t2\t0.4000\nP_5                   \t3\t0.0000\n',
    );
    assert.equal((await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-n', '-m', 'P.5'], { cwd: dir })).stdout, '');
  });

  it("under --convention ranx: Ranklens names, ties in the order written (query 1's AP = (1/2 + 2/4) / 3, query 10's = 1)", async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '--convention', 'ranx', '-m', 'P@5,AP'], { cwd: dir });
    // AP = (0.3333 + 1 + 0.5833 + 0) / 4 = 0.4792.
    assert.equal(r.stdout, 'AP                    \tall\t0.4792\nP@5                   \tall\t0.2500\n');
    assert.equal(r.stderr, MISSING + UNJUDGED + NO_RELEVANT);
  });

  it('-c scores query 4 as an empty ranking: official over 5 queries, runid, num_ret without the made-up document', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-c'], { cwd: dir });
    const lines = r.stdout.split('\n');
    assert.deepEqual(lines.slice(0, 7), [
      'runid                 \tall\thand',
      'num_q                 \tall\t5',
      'num_ret               \tall\t12', // 5 + 3 + 2 + 2 documents; query 4's made-up one is not counted
      'num_rel               \tall\t7', // 3 + 2 + 1 + 0 + 1
      'num_rel_ret           \tall\t5',
      'map                   \tall\t0.2722', // (0.2778 + 0.5 + 0.5833 + 0 + 0) / 5
      'gm_map                \tall\t0.0060',
    ]);
    assert.equal(lines.length, 31);
    assert.equal(
      r.stderr,
      BLANK +
        'handworked.qrels:14:1 info query-not-in-run 1 judged query has no line in the run: 4 (line 14); scored as empty rankings and counted (--complete, trec_eval -c).\n' +
        UNJUDGED +
        NO_RELEVANT,
    );
  });

  it('-c under ranx scores query 4 as an empty ranking too, in Ranklens names: AP = (0.3333 + 1 + 0.5833 + 0 + 0) / 5', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-c', '--convention', 'ranx', '-m', 'AP', '-m', 'num_ret'], {
      cwd: dir,
    });
    assert.equal(r.stdout, 'NumRet                \tall\t12\nAP                    \tall\t0.3833\n');
  });

  it('-M 2 keeps the first two documents: P@5 of query 1 (d2 d5) is 0, of query 2 (c a) 1/5', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-M', '2', '-q', '-m', 'P.5'], { cwd: dir });
    assert.equal(
      r.stdout,
      'P_5                   \t1\t0.0000\nP_5                   \t10\t0.2000\nP_5                   \t2\t0.2000\nP_5                   \t3\t0.0000\nP_5                   \tall\t0.1000\n',
    );
  });

  it('-J drops the unjudged documents first: query 1 ranks d2 d1 d3 d4, query 2 a b', async () => {
    // Query 1: P@1 = 0 (d2), query 2: P@1 = 1 (a), query 10: y first, 0; query 3: 0.
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-J', '-q', '-m', 'P.1'], { cwd: dir });
    assert.equal(
      r.stdout,
      'P_1                   \t1\t0.0000\nP_1                   \t10\t0.0000\nP_1                   \t2\t1.0000\nP_1                   \t3\t0.0000\nP_1                   \tall\t0.2500\n',
    );
  });

  it("-l 2 makes only grade 2 and up relevant: of query 1 only d1 (ranked 3rd), so its RR = 1/3 and query 10's x (grade 3) RR = 1/2", async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-l', '2', '-q', '-m', 'recip_rank'], { cwd: dir });
    assert.equal(
      r.stdout,
      'recip_rank            \t1\t0.3333\nrecip_rank            \t10\t0.5000\nrecip_rank            \t2\t0.0000\nrecip_rank            \t3\t0.0000\nrecip_rank            \tall\t0.2083\n',
    );
  });

  it('--format json (= --json): the run with its means, every query in query order (1, 2, 3, 10), the counts, every note; no comparison', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-m', 'P.5', '--format', 'json'], { cwd: dir });
    const json = JSON.parse(r.stdout);
    assert.deepEqual([json.schemaVersion, json.command, json.qrels, json.convention.name], [1, 'trec', 'handworked.qrels', 'trec_eval']);
    assert.deepEqual([json.refused, json.comparisons, json.significance], [false, [], null]);
    const [run] = json.runs;
    const p5 = (value: number) => ({ 'P@5': { value, trecEval: 'P_5' } });
    assert.deepEqual(run, {
      name: 'hand',
      file: 'handworked.run',
      means: { 'P@5': { value: 0.25, trecEval: 'P_5', excluded: 0 } },
      queries: [
        { id: '1', values: p5(0.4) },
        { id: '2', values: p5(0.4) },
        { id: '3', values: p5(0) },
        { id: '10', values: p5(0.2) },
      ],
      // 14 lines each; the run's comment line is not ranked; query 9 is not judged, query 4 not run, query 3 has nothing relevant.
      counts: {
        qrelsLines: 14,
        qrelsQueries: 5,
        runLines: 14,
        runQueries: 5,
        rankedLines: 13,
        queriesEvaluated: 4,
        judgedQueriesNotInRun: 1,
        runQueriesNotInQrels: 1,
        queriesWithoutRelevant: 1,
      },
      partial: null,
    });
    assert.deepEqual(
      json.findings.map((f: { code: string; file: string; range: { start: { line: number; column: number } } }) => [
        f.code,
        f.file,
        f.range.start.line,
        f.range.start.column,
      ]),
      [
        ['blank-line', 'handworked.qrels', 9, 1],
        // At query 4's first judgement, line 14, which its data names.
        ['query-not-in-run', 'handworked.qrels', 14, 1],
        ['query-not-in-qrels', 'handworked.run', 1, 1],
        ['empty-labels', 'handworked.qrels', 1, 1],
      ],
    );
    assert.deepEqual(
      json.findings.map((f: { data: unknown }) => f.data),
      [null, { queries: [{ id: '4', line: 14 }] }, null, null],
    );
    assert.equal(r.stderr, '');
    assert.deepEqual(
      JSON.parse((await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-m', 'P.5', '--json'], { cwd: dir })).stdout),
      json,
    );
  });

  it("--json keeps trec_eval's name beside each Ranklens name, null for a measure trec_eval lacks", async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-m', 'map', '-m', 'ERR@10', '--json'], { cwd: dir });
    const { means } = JSON.parse(r.stdout).runs[0];
    assert.deepEqual(Object.keys(means), ['AP', 'ERR@10']);
    assert.deepEqual([means.AP.trecEval, means['ERR@10'].trecEval], ['map', null]);
  });

  it('--format markdown -q: a row per query in query order (1, 2, 3, 10), the summary bold; the notes on stderr', async () => {
    const r = await ranklens(
      ['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'P.5', '-m', 'map', '-m', 'num_q', '--format', 'markdown'],
      {
        cwd: dir,
      },
    );
    assert.equal(
      r.stdout,
      [
        '| query | num\\_q | map | P\\_5 |',
        '|---|---:|---:|---:|',
        '| 1 |  | 0.2778 | 0.4000 |',
        '| 2 |  | 0.5833 | 0.4000 |',
        '| 3 |  | 0.0000 | 0.0000 |',
        '| 10 |  | 0.5000 | 0.2000 |',
        '| **all** | **4** | **0.3403** | **0.2500** |',
        '',
      ].join('\n'),
    );
    assert.equal(r.stderr, BLANK + MISSING + UNJUDGED + NO_RELEVANT);
    assert.equal(r.code, 0);
  });

  it('--format latex: the summary alone without -q; -n with -q: the queries alone', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-m', 'P.5', '-m', 'map', '--format', 'latex'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        '\\begin{tabular}{lrr}',
        '\\toprule',
        'Query & map & P\\_5 \\\\',
        '\\midrule',
        'All & 0.3403 & 0.2500 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
    const n = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-n', '-m', 'P.5', '--format', 'latex'], { cwd: dir });
    assert.deepEqual(n.stdout.split('\n').slice(4, 8), ['1 & 0.4000 \\\\', '2 & 0.4000 \\\\', '3 & 0.0000 \\\\', '10 & 0.2000 \\\\']);
  });

  it('--format csv -q: run, row (query or all), query, a column per measure, full precision', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'P.5', '-m', 'map', '--format', 'csv'], {
      cwd: dir,
    });
    assert.equal(
      r.stdout,
      [
        'run,row,query,map,P_5',
        'hand,query,1,0.27777777777777773,0.4', // 5/18, summed in floating point
        'hand,query,2,0.5833333333333333,0.4',
        'hand,query,3,0,0',
        'hand,query,10,0.5,0.2',
        'hand,all,,0.34027777777777773,0.25',
        '',
      ].join('\r\n'),
    );
  });

  it('reads the run from stdin (-) and from a .gz file, with the same figures', async () => {
    const d = handworked();
    const run = join(TREC_DATA, 'handworked.run');
    writeFileSync(join(d, 'run.gz'), gzipSync(readFileSync(run)));
    const expected = 'map                   \tall\t0.3403\n';
    assert.equal((await ranklens(['trec', 'handworked.qrels', 'run.gz', '-m', 'map'], { cwd: d })).stdout, expected);
    const piped = await ranklens(['trec', 'handworked.qrels', '-', '-m', 'map'], { cwd: d, stdin: readFileSync(run, 'utf8') });
    assert.equal(piped.stdout, expected);
  });
});

describe('ranklens trec: runs that are not one block per query', () => {
  // Query 1's line g comes back at the end. Each query has one relevant document in the top 2: P@2 = 1/2.
  const dir = tempFiles({
    'g.qrels': '1 0 a 1\n2 0 c 1\n3 0 e 1\n',
    'g.run': '1 Q0 a 1 0.9 t\n1 Q0 b 2 0.8 t\n2 Q0 c 1 0.9 t\n2 Q0 d 2 0.8 t\n3 Q0 e 1 0.9 t\n3 Q0 f 2 0.8 t\n1 Q0 g 3 0.1 t\n',
    // Query 0, then 1 … 32, then 0 again: 32 queries came between, more than are kept open.
    'late.qrels': Array.from({ length: 33 }, (_, q) => `${q} 0 d 1\n`).join(''),
    'late.run': ['0 Q0 d 1 2 t', ...Array.from({ length: 32 }, (_, q) => `${q + 1} Q0 x 1 1 t`), '0 Q0 e 2 1 t', ''].join('\n'),
  });
  const values =
    'P_2                   \t1\t0.5000\nP_2                   \t2\t0.5000\nP_2                   \t3\t0.5000\nP_2                   \tall\t0.5000\n';

  it('in one thread: a query that comes back while others are open (as parallel writers leave them) is read in one pass, with no note', async () => {
    const r = await ranklens(['trec', 'g.qrels', 'g.run', '-q', '-m', 'P.2'], { cwd: dir });
    assert.equal(r.stdout, values);
    assert.equal(r.stderr, '');
  });

  it('in one thread: a query back after 32 others means the run is not grouped: it is read again whole, and a note says so', async () => {
    const r = await ranklens(['trec', 'late.qrels', 'late.run', '-m', 'P.1'], { cwd: dir });
    // Query 0 ranks d (relevant) first, the 32 others x (unjudged): P@1 = 1/33.
    assert.equal(r.stdout, 'P_1                   \tall\t0.0303\n');
    assert.equal(
      r.stderr,
      "late.run:1:1 info scattered-query The run's lines are not grouped by query: each query's lines are kept (compactly) until the whole run is read.\n",
    );
  });

  it('in two threads (--jobs 2): only query 1 is read again, and the note counts it', async () => {
    const r = await ranklens(['trec', 'g.qrels', 'g.run', '-q', '-m', 'P.2', '--jobs', '2'], { cwd: dir });
    assert.equal(r.stdout, values);
    assert.equal(
      r.stderr,
      'g.run:1:1 info scattered-query 1 query has lines in several places of the run (not one block per query): read in a second pass.\n',
    );
    assert.equal(r.code, 0);
  });

  it('two threads on a grouped run give the one-thread figures, and the run tag of the last line', async () => {
    const d = handworked();
    const one = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'official'], { cwd: d });
    const two = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'official', '--jobs', '2'], { cwd: d });
    assert.equal(two.stdout, one.stdout);
    assert.equal(two.stderr, one.stderr);
    assert.match(two.stdout, /^runid {17}\tall\thand$/m);
  });
});

describe('ranklens trec: problems in the files (exit 1)', () => {
  const dir = tempFiles({
    's.qrels': '1 0 a 1\n1 0 b 0\n2 0 c 1\n',
    'scattered.run': '1 Q0 a 1 0.9 tag1\n2 Q0 x 1 0.8 tag1\n1 Q0 b 2 0.5 tag1\n2 Q0 c 2 0.4 tag2\n',
    'empty.qrels': '',
    'empty.run': '',
    'other.run': '7 Q0 a 1 0.9 t\n',
    'bad.run': '1 Q0 a 1\n1 Q0 b 2 0.5 t\n',
    'bom.qrels': '\ufeff1 0 a 1\n',
  });

  it('relstring and runid with -q: the grades of the top documents, "-" for unjudged; the tag of the last line', async () => {
    const r = await ranklens(['trec', 's.qrels', 'scattered.run', '-q', '-m', 'P.1,2', '-m', 'relstring', '-m', 'runid'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'P_1                   \t1\t1.0000',
        'P_2                   \t1\t0.5000',
        "relstring             \t1\t'10'",
        'P_1                   \t2\t0.0000',
        'P_2                   \t2\t0.5000',
        "relstring             \t2\t'-1'",
        'runid                 \tall\ttag2',
        'P_1                   \tall\t0.5000',
        'P_2                   \tall\t0.5000',
        '',
      ].join('\n'),
    );
  });

  it('an empty qrels: nothing printed, empty-file; exit 1', async () => {
    const r = await ranklens(['trec', 'empty.qrels', 'scattered.run'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      [
        'empty.qrels:1:1 error empty-file The qrels hold no judgement, so nothing is evaluated (trec_eval stops on an empty qrels file: "Cannot read qrels file").',
        'scattered.run:1:1 info query-not-in-qrels 2 run queries have no judgement in the qrels: ignored, as trec_eval does.',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 1);
  });

  it('an empty run: nothing printed, empty-file; exit 1', async () => {
    const r = await ranklens(['trec', 's.qrels', 'empty.run'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'empty.run:1:1 error empty-file The run holds no line to rank, so nothing is evaluated (trec_eval stops on an empty run: "Cannot read results file").\n',
    );
    assert.equal(r.code, 1);
  });

  it('no query both judged and run: nothing-evaluated, and trec_eval would stop at the first missing query', async () => {
    const r = await ranklens(['trec', 's.qrels', 'other.run'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      [
        'other.run:1:1 error nothing-evaluated No query is both judged in the qrels and in the run, so nothing is evaluated (trec_eval stops: "No queries with both results and relevance info"). No pattern turns one into the other: the run has query ids such as "7", the qrels such as "1".',
        's.qrels:1:1 warning query-not-in-run 2 judged queries have no line in the run: 1 (line 1) and 2 (line 3); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 1 ("result qid not found"), after printing the queries before it.',
        'other.run:1:1 info query-not-in-qrels 1 run query has no judgement in the qrels: ignored, as trec_eval does.',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 1);
  });

  it('a malformed run line: nothing evaluated under trec_eval, one message (trec_eval: "Malformed line 1", exit 2); exit 1', async () => {
    const r = await ranklens(['trec', 's.qrels', 'bad.run', '-m', 'P.2'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      'bad.run:1:1 error malformed-line A run line has 6 fields (qid Q0 docid rank score tag); this one has 4. Nothing is evaluated: trec_eval stops here ("Malformed line"). Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.\n',
    );
    assert.equal(r.code, 1);
  });

  it('a malformed run line with --keep-going: skipped, an error; the rest is evaluated (P@2 of query 1 with b alone = 0), marked PARTIAL', async () => {
    const r = await ranklens(['trec', 's.qrels', 'bad.run', '-m', 'P.2', '--keep-going'], { cwd: dir });
    assert.equal(
      r.stdout,
      'PARTIAL: these means leave out 1 of 2 run lines (see the errors): they are not the means of the files given.\nP_2                   \tall\t0.0000\n',
    );
    assert.equal(
      r.stderr,
      [
        'bad.run:1:1 error malformed-line A run line has 6 fields (qid Q0 docid rank score tag); this one has 4. The line is skipped.',
        's.qrels:3:1 warning query-not-in-run 1 judged query has no line in the run: 2 (line 3); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 2 ("result qid not found"), after printing the queries before it.',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 1);
  });

  it('--keep-going in the tables: markdown and latex say PARTIAL before the table and in the summary row, csv in the run name; refused, none is printed', async () => {
    const args = ['trec', 's.qrels', 'bad.run', '-q', '-m', 'P.2', '-m', 'num_q', '--keep-going', '--format'];
    const note = 'PARTIAL: these means leave out 1 of 2 run lines (see the errors): they are not the means of the files given.';
    const markdown = await ranklens([...args, 'markdown'], { cwd: dir });
    assert.equal(
      markdown.stdout,
      [
        note,
        '',
        '| query | num\\_q | P\\_2 |',
        '|---|---:|---:|',
        '| 1 |  | 0.0000 |',
        '| **all (PARTIAL)** | **1** | **0.0000** |',
        '',
      ].join('\n'),
    );
    const latex = await ranklens([...args, 'latex'], { cwd: dir });
    assert.equal(
      latex.stdout,
      [
        `% ${note}`,
        '\\begin{tabular}{lrr}',
        '\\toprule',
        'Query & num\\_q & P\\_2 \\\\',
        '\\midrule',
        '1 &  & 0.0000 \\\\',
        '\\midrule',
        'All (PARTIAL) & 1 & 0.0000 \\\\',
        '\\bottomrule',
        '\\end{tabular}',
        '',
      ].join('\n'),
    );
    // The first line, malformed, has no tag: the run is named by its file.
    const csv = await ranklens([...args, 'csv'], { cwd: dir });
    assert.equal(csv.stdout, ['run,row,query,num_q,P_2', 'bad.run (PARTIAL),query,1,,0', 'bad.run (PARTIAL),all,,1,0', ''].join('\r\n'));
    assert.deepEqual([markdown.code, latex.code, csv.code], [1, 1, 1]);
    for (const format of ['markdown', 'latex', 'csv']) {
      const refused = await ranklens(['trec', 's.qrels', 'bad.run', '-q', '-m', 'P.2', '--format', format], { cwd: dir });
      assert.deepEqual([refused.stdout, refused.code], ['', 1], format);
      assert.match(refused.stderr, /^bad\.run:1:1 error malformed-line .* Nothing is evaluated: trec_eval stops here/, format);
    }
  });

  it('a byte-order mark: part of the query id under trec_eval (nothing matches), skipped under ranx', async () => {
    const asTrecEval = await ranklens(['trec', 'bom.qrels', 'scattered.run', '-m', 'P.1'], { cwd: dir });
    assert.equal(asTrecEval.code, 1);
    assert.equal(
      asTrecEval.stderr.split('\n')[0],
      'bom.qrels:1:1 warning byte-order-mark The file starts with a byte-order mark: trec_eval reads it as part of the first line\'s query id, and so does this preset, so that line belongs to a query "\ufeff1", not "1". Save the file without it (UTF-8 without BOM).',
    );
    const ranx = await ranklens(['trec', 'bom.qrels', 'scattered.run', '-m', 'P.1', '--convention', 'ranx'], { cwd: dir });
    assert.equal(ranx.code, 0);
    assert.equal(ranx.stdout, 'P@1                   \tall\t1.0000\n');
    assert.equal(
      ranx.stderr,
      [
        'bom.qrels:1:1 warning byte-order-mark The file starts with a byte-order mark: skipped (trec_eval would read it as part of the first query id).',
        'scattered.run:1:1 info query-not-in-qrels 1 run query has no judgement in the qrels: ignored, as trec_eval does.',
        '',
      ].join('\n'),
    );
  });
});

describe('ranklens trec: usage problems (exit 2)', () => {
  const dir = handworked();
  const cases: [string[], string][] = [
    [['trec', 'handworked.qrels'], 'trec takes two files, QRELS and RUN; got 1.'],
    [['trec', '-', 'handworked.run'], 'Only the run can be read from stdin (-); give the qrels as a file.'],
    [['trec', 'handworked.qrels', 'nope.run'], 'Cannot read nope.run: no such file.'],
    [['trec', 'handworked.qrels', '.'], 'Cannot read .: it is not a file.'],
    [['trec', 'handworked.qrels', 'handworked.run', '-l', 'x'], '--level takes a whole number, not "x".'],
    [['trec', 'handworked.qrels', 'handworked.run', '-N', '1.5'], '--collection takes a whole number, not "1.5".'],
    [['trec', 'handworked.qrels', 'handworked.run', '-M', '0'], '--max-rank takes a whole number ≥ 1, not "0".'],
    [['trec', 'handworked.qrels', 'handworked.run', '--jobs', 'two'], '--jobs takes a whole number ≥ 1, not "two".'],
    [['trec', 'handworked.qrels', 'handworked.run', '-m', 'P.'], '-m P.: no parameters after the point.'],
    [['trec', 'handworked.qrels', 'handworked.run', '-m', 'P@k'], '-m P@k: write the cutoffs, e.g. P@10.'],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '-m', 'Precision'],
      "-m Precision: P needs a cutoff, e.g. P@10 (or trec_eval's P.5,10).",
    ],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '-m', 'Recall'],
      "-m Recall: R needs a cutoff, e.g. R@10 (or trec_eval's recall.5,10).",
    ],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '--convention', 'nope'],
      'Unknown convention "nope"; presets: trec_eval, seed000, ranx, mllib, sklearn, torchmetrics, seed003, lenskit, recommenders, ir_measures, pytrec_eval, sentence-transformers, mteb, beir, llamaindex, haystack, elasticsearch, ragas, tfrs, cornac, recpack, recbole, elliot, implicit, lightfm, tf-ranking.',
    ],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '--format', 'xml'],
      'Unknown format "xml"; trec writes text, json, markdown, latex or csv.',
    ],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '--format', 'junit'],
      'trec does not write junit: junit, sarif and github report the findings of checked fixtures (ranklens check); it writes text, json, markdown, latex or csv.',
    ],
    [
      ['trec', 'handworked.qrels', 'handworked.run', '--json', '--format', 'text'],
      '--json is --format json; it cannot go with --format text.',
    ],
  ];
  for (const [args, message] of cases) {
    it(args.slice(1).join(' '), async () => {
      const r = await ranklens(args, { cwd: dir });
      assert.equal(r.stderr, `ranklens: ${message}\nSee ranklens trec --help.\n`);
      assert.equal(r.stdout, '');
      assert.equal(r.code, 2);
    });
  }

  it('a .gz file that is not gzip: "Cannot read", exit 2', async () => {
    const d = handworked({ 'run.gz': 'not gzip' });
    const r = await ranklens(['trec', 'handworked.qrels', 'run.gz'], { cwd: d });
    assert.equal(r.code, 2);
    assert.match(r.stderr, /^ranklens: Cannot read run\.gz: .+\nSee ranklens trec --help\.\n$/);
  });

  it("trec --help prints both helps, the single run's and the comparison's", async () => {
    const r = await ranklens(['trec', '--help']);
    assert.equal(r.code, 0);
    assert.ok(r.stdout.startsWith('Usage: ranklens trec QRELS RUN [options]\n'));
    assert.match(r.stdout, /\n\nUsage: ranklens trec QRELS RUN_A RUN_B \[RUN \.\.\.\] \[options\]\n/);
  });
});

describe('ranklens trec: duplicates, -c as trec_eval does it, and -N', () => {
  // d1 twice for query 1: trec_eval refuses the query; the others keep the first occurrence.
  const dir = handworked({ 'dup.run': '1 Q0 d1 1 0.9 t\n1 Q0 d1 2 0.8 t\n1 Q0 d3 3 0.7 t\n2 Q0 a 1 0.5 t\n' });
  const MISSING_3 =
    'handworked.qrels:10:1 warning query-not-in-run 3 judged queries have no line in the run: 10 (line 10), 3 (line 12) and 4 (line 14); skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query 10 ("result qid not found"), after printing the queries before it.\n';

  it('under trec_eval: nothing evaluated, one message (trec_eval: "duplicate docs d1", exit 4); exit 1', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'dup.run', '-q', '-m', 'P.2', '-m', 'num_q'], { cwd: dir });
    assert.equal(r.stdout, '');
    assert.equal(
      r.stderr,
      BLANK +
        'dup.run:2:1 error duplicate-prediction "d1" appears twice for query 1. Nothing is evaluated: trec_eval stops here ("duplicate docs"). Remove the repeated lines, or add --keep-going to evaluate the other queries (a query that lists a docid twice is left out), every mean marked as computed on partial files. (first occurrence: dup.run:1:1)\n',
    );
    assert.equal(r.code, 1);
  });

  it('under trec_eval with --keep-going: a query with a duplicate document is NaN and left out of the summary (num_q 1), marked PARTIAL; exit 1', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'dup.run', '-q', '-m', 'P.2', '-m', 'num_q', '--keep-going'], { cwd: dir });
    // Query 2 ranks [a], judged relevant: P@2 = 1/2.
    assert.equal(
      r.stdout,
      'P_2                   \t1\t  -nan\nP_2                   \t2\t0.5000\nPARTIAL: these means leave out 1 query that lists a docid twice (see the errors): they are not the means of the files given.\nnum_q                 \tall\t1\nP_2                   \tall\t0.5000\n',
    );
    assert.equal(
      r.stderr,
      BLANK +
        'dup.run:2:1 error duplicate-prediction "d1" appears twice for query 1: duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this). (first occurrence: dup.run:1:1)\n' +
        MISSING_3,
    );
    assert.equal(r.code, 1);
  });

  it('under ranx: the first occurrence counts (query 1 ranks d1 d3, both relevant: P@2 = 1), a warning; exit 0', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'dup.run', '-q', '-m', 'P.2', '--convention', 'ranx'], { cwd: dir });
    assert.equal(r.stdout, 'P@2                   \t1\t1.0000\nP@2                   \t2\t0.5000\nP@2                   \tall\t0.7500\n');
    assert.equal(
      r.stderr,
      'dup.run:2:1 warning duplicate-prediction "d1" appears twice for query 1: duplicates=first: only the higher-ranked occurrence counts. (first occurrence: dup.run:1:1)\n' +
        MISSING_3,
    );
    assert.equal(r.code, 0);
  });

  it('-c with -l 2: num_rel sums every judgement above 0, as trec_eval -c does (3 + 2 + 1 + 0 + 1 = 7); without -c only grades ≥ 2 (d1, x: 2)', async () => {
    assert.equal(
      (await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-c', '-l', '2', '-m', 'num_rel'], { cwd: dir })).stdout,
      'num_rel               \tall\t7\n',
    );
    assert.equal(
      (await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-l', '2', '-m', 'num_rel'], { cwd: dir })).stdout,
      'num_rel               \tall\t2\n',
    );
    // map with -l 2 over 5 queries: query 1's d1 at rank 3 (1/3), query 10's x at rank 2 (1/2), the others 0: 0.8333 / 5.
    assert.equal(
      (await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-c', '-l', '2', '-m', 'num_rel', '-m', 'map'], { cwd: dir })).stdout,
      'num_rel               \tall\t7\nmap                   \tall\t0.1667\n',
    );
  });

  it("-c: the missing query 4 gets trec_eval's made-up document, then num_ret, utility, unj and relstring are cleared", async () => {
    const r = await ranklens(
      [
        'trec',
        'handworked.qrels',
        'handworked.run',
        '-c',
        '-q',
        '-m',
        'num_ret',
        '-m',
        'unj.5',
        '-m',
        'relstring',
        '-m',
        'utility',
        '-m',
        'P.1',
      ],
      { cwd: dir },
    );
    assert.deepEqual(
      r.stdout.split('\n').filter((l) => l.includes('\t4\t')),
      [
        'num_ret               \t4\t0',
        'P_1                   \t4\t0.0000',
        "relstring             \t4\t''",
        'utility               \t4\t0.0000',
        'unj_5                 \t4\t0.0000',
      ],
    );
    // relstring_3 is not trec_eval's own name for it: kept as the made-up document's "-".
    const named = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-c', '-q', '-m', 'relstring.3'], { cwd: dir });
    assert.deepEqual(
      named.stdout.split('\n').filter((l) => l.includes('\t4\t')),
      ["relstring_3           \t4\t'-'"],
    );
  });

  it('-N sets the collection size utility counts the unretrieved non-relevant documents of: 20 − 5 retrieved − 1 relevant missed = 14', async () => {
    const r = await ranklens(['trec', 'handworked.qrels', 'handworked.run', '-q', '-m', 'utility.0,0,0,1', '-N', '20'], { cwd: dir });
    assert.equal(r.stdout.split('\n')[0], 'utility_0,0,0,1       \t1\t14.0000');
  });
});
