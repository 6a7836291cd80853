/**
 * `ranklens trec` against trec_eval's own test files and expected outputs (test/data/trec/trec_eval,
 * copied from trec_eval's test/ folder): the same command lines as its `make quicktest` give the
 * same bytes, every measure of all_trec included.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { spawnSync } from 'node:child_process';
import { gzipSync } from 'node:zlib';
import { CLI, TREC_DATA, ranklens, tempFiles } from './ranklens';

const DIR = join(TREC_DATA, 'trec_eval');
const file = (name: string) => join(DIR, name);
const expected = (name: string) => readFileSync(file(name), 'utf8');

describe("ranklens trec gives trec_eval's own expected outputs byte for byte", () => {
  const cases: [string, string[]][] = [
    ['out.test', [file('qrels.test'), file('results.test')]],
    ['out.test.a', ['-m', 'all_trec', file('qrels.test'), file('results.test')]],
    ['out.test.aq', ['-m', 'all_trec', '-q', file('qrels.test'), file('results.test')]],
    ['out.test.aqc', ['-m', 'all_trec', '-q', '-c', file('qrels.test'), file('results.trunc')]],
    ['out.test.aqcM', ['-m', 'all_trec', '-q', '-c', '-M100', file('qrels.test'), file('results.trunc')]],
    ['out.test.aql', ['-m', 'all_trec', '-mrelstring.20', '-q', '-l2', file('qrels.rel_level'), file('results.test')]],
  ];
  for (const [out, args] of cases) {
    it(`${out}: trec_eval ${args.map((a) => a.replace(DIR + '/', '')).join(' ')}`, () => {
      const r = ranklens(['trec', ...args]);
      assert.equal(r.code, 0, r.stderr);
      assert.equal(r.stdout, expected(out));
    });
  }

  it('out.test.meas_params: parameters for iprec_at_recall, P, recall, Rprec_mult, utility, 11pt_avg, ndcg, ndcg_cut and success', () => {
    const r = ranklens([
      'trec',
      '-q',
      '-miprec_at_recall..10,.20,.25,.75,.50',
      '-m',
      'P.5,7,3',
      '-m',
      'recall.20,2000',
      '-m',
      'Rprec_mult.5.0,0.2,0.35',
      '-mutility.2,-1,0,0',
      '-m',
      '11pt_avg..25,.5,.75',
      '-mndcg.1=3,2=9,4=4.5',
      '-mndcg_cut.10,20,23.4',
      '-msuccess.2,5,20',
      file('qrels.test'),
      file('results.test'),
    ]);
    assert.equal(r.code, 0, r.stderr);
    assert.equal(r.stdout, expected('out.test.meas_params'));
  });

  it('reads the run from stdin (-) and gzipped files, with the same output', () => {
    const run = readFileSync(file('results.test'));
    const r = spawnSync(process.execPath, [CLI, 'trec', '-m', 'all_trec', '-q', file('qrels.test'), '-'], { input: run, encoding: 'utf8' });
    assert.equal(r.status, 0, r.stderr);
    assert.equal(r.stdout, expected('out.test.aq'));
    const dir = tempFiles({});
    const gz = join(dir, 'results.test.gz');
    writeFileSync(gz, gzipSync(run));
    const qgz = join(dir, 'qrels.test.gz');
    writeFileSync(qgz, gzipSync(readFileSync(file('qrels.test'))));
    assert.equal(ranklens(['trec', '-m', 'all_trec', '-q', qgz, gz]).stdout, expected('out.test.aq'));
  });

  it("-n leaves out the summary; -m P.5,10 -m ndcg_cut.10 prints just those, in trec_eval's order", () => {
    const r = ranklens(['trec', '-n', '-q', '-m', 'ndcg_cut.10', '-m', 'P.5,10', file('qrels.test'), file('results.test')]);
    const lines = r.stdout.trim().split('\n');
    assert.equal(lines.length, 9);
    assert.deepEqual(lines.slice(0, 3), [
      'P_5                   \t301\t0.0000',
      'P_10                  \t301\t0.2000',
      'ndcg_cut_10           \t301\t0.1518',
    ]);
    assert.ok(!r.stdout.includes('\tall\t'));
  });

  it("--json keys each value by its Ranklens name, trec_eval's name beside it (null for a measure trec_eval lacks)", () => {
    const report = JSON.parse(
      ranklens(['trec', '--json', '-m', 'P.5', '-m', 'map', '-m', 'ERR@10', file('qrels.test'), file('results.test')]).stdout,
    );
    const { means } = report.runs[0];
    assert.deepEqual(Object.keys(means), ['AP', 'P@5', 'ERR@10']);
    assert.deepEqual(
      Object.values(means).map((m) => (m as { trecEval: string | null }).trecEval),
      ['map', 'P_5', null],
    );
  });
});
