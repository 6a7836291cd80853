/**
 * `ranklens check` on fixtures that name their qrels and runs as files (the built command): BEIR TSV
 * qrels, a gzipped TREC run and a Parquet run give, query by query, exactly what `ranklens trec` gives
 * on the same files, and trec_eval 10.0's `-q` output (written out below, from
 * `trec_eval -q -m ndcg_cut.10 -m map -m P.3 -m recip_rank` on the files as TREC text); a file that is
 * missing, or not its format, is an error on its name and no number.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gzipSync } from 'node:zlib';
import { ranklens, tempFiles } from './ranklens';

const EXAMPLES = resolve(__dirname, '../../../examples');

// q1: d9 and d1 tie at 11; trec_eval ranks d9 first (docid descending). q4 has no qrels.
const BM25 = `q1 Q0 d2 1 12.5 bm25
q1 Q0 d9 2 11.0 bm25
q1 Q0 d1 3 11.0 bm25
q1 Q0 d3 4 8.25 bm25
q2 Q0 d5 1 3.5 bm25
q2 Q0 d7 2 3.1 bm25
q2 Q0 d4 3 2.0 bm25
q3 Q0 d8 1 9 bm25
q3 Q0 d6 2 7 bm25
q4 Q0 d1 1 1.0 bm25
`;
const QRELS_TSV = 'query-id\tcorpus-id\tscore\nq1\td1\t2\nq1\td2\t1\nq1\td3\t0\nq2\td4\t1\nq2\td5\t1\nq3\td6\t1\n';
const METRICS = '"metrics": ["nDCG@10", "AP", "P@3", "RR"]';

/** trec_eval 10.0-rc3 -q: ndcg_cut_10, map, P_3, recip_rank per query. */
const TREC_EVAL = {
  bm25: {
    q1: ['0.7602', '0.8333', '0.6667', '1.0000'],
    q2: ['0.9197', '0.8333', '0.6667', '1.0000'],
    q3: ['0.6309', '0.5000', '0.3333', '0.5000'],
    all: ['0.7703', '0.7222', '0.5556', '0.8333'],
  },
  dense: {
    q1: ['0.9502', '0.8333', '0.6667', '1.0000'],
    q2: ['0.9197', '0.8333', '0.6667', '1.0000'],
    q3: ['1.0000', '1.0000', '0.3333', '1.0000'],
    all: ['0.9567', '0.8889', '0.5556', '1.0000'],
  },
};
const ORDER = ['nDCG@10', 'AP', 'P@3', 'RR'];

type Values = Record<string, { value: number }>;

function checkValues(dir: string, fixture: string) {
  const r = ranklens(['check', fixture, '--json'], dir);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const f = JSON.parse(r.stdout).fixtures[0] as { cases: { id: string; values: Values }[]; means: Values };
  return { cases: f.cases.map((c) => [c.id, ORDER.map((m) => c.values[m].value)] as const), means: ORDER.map((m) => f.means[m].value) };
}

function trecValues(dir: string, qrels: string, run: string) {
  const r = ranklens(['trec', qrels, run, '-q', '-m', 'ndcg_cut.10', '-m', 'map', '-m', 'P.3', '-m', 'recip_rank', '--json'], dir);
  assert.equal(r.code, 0, r.stderr + r.stdout);
  const run0 = JSON.parse(r.stdout).runs[0] as { queries: { id: string; values: Values }[]; means: Values };
  return {
    cases: run0.queries.map((q) => [q.id, ORDER.map((m) => q.values[m].value)] as const),
    means: ORDER.map((m) => run0.means[m].value),
  };
}

function fourPlaces(v: { cases: readonly (readonly [string, number[]])[]; means: number[] }) {
  return {
    ...Object.fromEntries(v.cases.map(([id, values]) => [id, values.map((x) => x.toFixed(4))])),
    all: v.means.map((x) => x.toFixed(4)),
  };
}

describe('ranklens check: qrels and runs named as files', () => {
  const dir = tempFiles({
    'qrels/dev.tsv': QRELS_TSV,
    'bm25.rank.json': `{${METRICS}, "qrels": "qrels/dev.tsv", "run": "runs/bm25.run.gz"}`,
    'dense.rank.yaml': `metrics: [nDCG@10, AP, P@3, RR]\nqrels: qrels/dev.tsv\nrun: {file: runs/dense.parquet, format: parquet, columns: {query: qid, doc: docid, score: score}}\n`,
    'missing.rank.json': `{${METRICS}, "qrels": "qrels/dev.tsv", "run": "runs/none.run"}`,
    'notcsv.rank.json': `{${METRICS}, "qrels": "qrels/dev.tsv", "run": {"file": "runs/plain.run", "format": "csv"}}`,
    'runs/plain.run': BM25,
    'runs/broken.run': BM25.replace('q2 Q0 d7 2 3.1 bm25', 'q2 Q0 d7 2'),
    'broken.rank.json': `{${METRICS}, "qrels": "qrels/dev.tsv", "run": "runs/broken.run"}`,
  });
  writeFileSync(join(dir, 'runs/bm25.run.gz'), gzipSync(BM25));
  copyFileSync(join(EXAMPLES, 'files/dense.parquet'), join(dir, 'runs/dense.parquet'));

  it('TSV qrels and a gzipped TREC run: the values of ranklens trec on the files, and of trec_eval', () => {
    const check = checkValues(dir, 'bm25.rank.json');
    assert.deepEqual(check, trecValues(dir, 'qrels/dev.tsv', 'runs/bm25.run.gz'));
    assert.deepEqual(fourPlaces(check), TREC_EVAL.bm25);
  });

  it('a Parquet run (YAML, the mapping form): the values of ranklens trec and of trec_eval', () => {
    const check = checkValues(dir, 'dense.rank.yaml');
    assert.deepEqual(check, trecValues(dir, 'qrels/dev.tsv', 'runs/dense.parquet'));
    assert.deepEqual(fourPlaces(check), TREC_EVAL.dense);
  });

  it('the example examples/referenced-files.rank.json: bm25 as the fixture, the values of trec_eval', () => {
    assert.deepEqual(fourPlaces(checkValues(EXAMPLES, 'referenced-files.rank.json')), TREC_EVAL.bm25);
  });

  it('a missing file: an error on its name, no number, exit 1', () => {
    const r = ranklens(['check', 'missing.rank.json'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^q1 +NaN +NaN +NaN +NaN$/m);
    assert.ok(
      r.stdout.includes(
        'missing.rank.json:1:78 error file-reference-unreadable The run file "runs/none.run" cannot be read: there is no such file',
      ),
      r.stdout,
    );
  });

  it('a file that is not the format it is given as: what was expected, no number, exit 1', () => {
    const r = ranklens(['check', 'notcsv.rank.json'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^mean +NaN +NaN +NaN +NaN$/m);
    assert.ok(
      r.stdout.includes(
        'notcsv.rank.json:1:87 error file-reference-unreadable The run file "runs/plain.run" cannot be read: The run file\'s first line is not the header of comma-separated values: expected a query column',
      ),
      r.stdout,
    );
  });

  it('a run with a malformed line: the line (number 6) on the name, then the refusal; no number from the rest', () => {
    const r = ranklens(['check', 'broken.rank.json'], dir);
    assert.equal(r.code, 1);
    assert.match(r.stdout, /^q1 +NaN +NaN +NaN +NaN$/m);
    assert.ok(
      r.stdout.includes(
        'broken.rank.json:1:78 error malformed-line runs/broken.run, line 6: A run line has 6 fields (qid Q0 docid rank score tag); this one has 4.',
      ),
      r.stdout,
    );
    assert.ok(
      r.stdout.includes('error file-reference-unreadable The run file "runs/broken.run" has a line that cannot be read (above)'),
      r.stdout,
    );
  });
});
