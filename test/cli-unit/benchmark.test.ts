/**
 * `ranklens trec --benchmark NAME`: the benchmark's official measures, convention, relevance levels
 * and -c on the user's own files, said in the report. Every value here is trec_eval 10.0's on the same
 * files: `trec_eval -c -l 2 -m map -m recall.1000` (0.3333, 0.6667), `trec_eval -c -m ndcg_cut.10`
 * (0.4888) and `trec_eval -c -M 10 -m recip_rank -m recall.1000` (0.5000, 0.6667).
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { tempFiles } from '../cli/ranklens';
import { ranklens } from './run';

// Graded qrels: q1 has grades 1, 2, 0; q2 3 and 1; q3 (grade 2) is judged but missing from the run.
const QRELS = 'q1 0 d1 1\nq1 0 d2 2\nq1 0 d3 0\nq2 0 d4 3\nq2 0 d5 1\nq3 0 d9 2\n';
const RUN = 'q1 Q0 d3 1 2.5 s\nq1 Q0 d2 2 1.7 s\nq1 Q0 d1 3 0.4 s\nq2 Q0 d5 1 3.0 s\nq2 Q0 d4 2 2.0 s\n';

describe('ranklens trec --benchmark', () => {
  const dir = tempFiles({ 'qrels.txt': QRELS, 'run.txt': RUN });

  it('trec-dl: nDCG@10 on the graded qrels, AP and R@1000 with relevance ≥ 2, every judged query counted', async () => {
    const r = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'trec-dl'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'benchmark             \tall\ttrec-dl',
        // q1: (2/log2 3 + 1/log2 4) / (2 + 1/log2 3) = 0.6697; q2: (1 + 3/log2 3) / (3 + 1/log2 3) = 0.7967; q3 0.
        'nDCG@10               \tall\t0.4888',
        // Only grade ≥ 2 is relevant: q1 d2 at rank 2 (0.5), q2 d4 at rank 2 (0.5), q3 0.
        'AP(rel=2)             \tall\t0.3333',
        'R(rel=2)@1000         \tall\t0.6667',
        '',
      ].join('\n'),
    );
    assert.equal(r.code, 0);
  });

  it('msmarco-passage: RR@10 and R@1000 over every judged query', async () => {
    const r = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'MS MARCO passage'], { cwd: dir });
    assert.equal(
      r.stdout,
      [
        'benchmark             \tall\tmsmarco-passage',
        'R@1000                \tall\t0.6667',
        'RR@10                 \tall\t0.5000',
        '',
      ].join('\n'),
    );
  });

  it('beir: nDCG@10 over the queries in the run, a document with the query’s id dropped', async () => {
    const r = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'beir'], { cwd: dir });
    // q3 is not in the run: the mean is over q1 and q2, (0.6697 + 0.7967) / 2.
    assert.equal(r.stdout, ['benchmark             \tall\tbeir', 'nDCG@10               \tall\t0.7332', ''].join('\n'));
  });

  it('beir and mteb: a run line whose document is the query itself is dropped (evaluation.py:73-83), trec_eval keeps it', async () => {
    const self = tempFiles({ 'qrels.txt': 'q1 0 d1 1\nq1 0 d2 0\n', 'run.txt': 'q1 Q0 q1 1 9 s\nq1 Q0 d1 2 5 s\nq1 Q0 d2 3 1 s\n' });
    for (const b of ['beir', 'mteb']) {
      const r = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', b], { cwd: self });
      assert.equal(r.stdout, [`benchmark             \tall\t${b}`, 'nDCG@10               \tall\t1.0000', ''].join('\n'));
    }
    // trec_eval -m ndcg_cut.10 on the same files: d1 at rank 2, 1/log2(3).
    const plain = await ranklens(['trec', 'qrels.txt', 'run.txt', '-m', 'ndcg_cut.10'], { cwd: self });
    assert.equal(plain.stdout, 'ndcg_cut_10           \tall\t0.6309\n');
  });

  it('says which benchmark it applied in the JSON report, with its measures and its source', async () => {
    const r = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'trec-dl', '--json'], { cwd: dir });
    const report = JSON.parse(r.stdout);
    assert.equal(report.benchmark.name, 'trec-dl');
    assert.deepEqual(report.benchmark.measures, ['nDCG@10', 'AP(rel=2)', 'R(rel=2)@1000']);
    assert.equal(report.benchmark.complete, true);
    assert.match(report.benchmark.source, /pyserini\/2cr\/msmarco\.py/);
    assert.deepEqual(report.runs[0].means['AP(rel=2)'], { value: 1 / 3, trecEval: null, excluded: 0 });
    const plain = JSON.parse((await ranklens(['trec', 'qrels.txt', 'run.txt', '--json'], { cwd: dir })).stdout);
    assert.equal(plain.benchmark, null);
  });

  it('refuses a benchmark it does not know, and one written beside -m, --convention or -l', async () => {
    const unknown = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'msmarco-doc'], { cwd: dir });
    assert.equal(unknown.code, 2);
    assert.match(unknown.stderr, /Unknown benchmark "msmarco-doc"; benchmarks: msmarco-passage, trec-dl, beir, mteb\./);
    const clash = await ranklens(['trec', 'qrels.txt', 'run.txt', '--benchmark', 'trec-dl', '-m', 'map', '-l', '2'], { cwd: dir });
    assert.equal(clash.code, 2);
    assert.match(clash.stderr, /--benchmark trec-dl sets the measures, the convention and the relevance levels itself; leave out -m, -l\./);
  });
});
