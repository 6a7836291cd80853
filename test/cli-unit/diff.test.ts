/**
 * `ranklens diff` in-process, on test/data/trec/compare.* (nDCG@10 per query from trec_eval -q, see
 * test/cli/diff.test.ts): base 0.6309, 0.5, 1, 0.6309, 0, 0.4307; better 1, 1, 1, 1, 0.6309, 0.6309;
 * mixed 1, 0.6309, 0.6309, 1, 0 and no line for query 6.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync } from 'node:fs';
import { join } from 'node:path';
import { TREC_DATA, tempFiles } from '../cli/ranklens';
import { ranklens } from './run';

const dir = tempFiles({});
for (const f of ['compare.qrels', 'compare-base.run', 'compare-better.run', 'compare-mixed.run'])
  copyFileSync(join(TREC_DATA, f), join(dir, f));
const diff = (...args: string[]) => ranklens(['diff', ...args], { cwd: dir });

describe('ranklens diff in-process', () => {
  it('--help, and diff in the command list', async () => {
    const help = await diff('--help');
    assert.equal(help.code, 0);
    assert.match(help.stdout, /^Usage: ranklens diff QRELS RUN_A RUN_B \[RUN \.\.\.\] \[options\]/);
    assert.ok(help.stdout.split('\n').every((l) => [...l].length <= 100));
    assert.match((await ranklens(['--help'])).stdout, /\n {2}diff QRELS RUN RUN… {2}compare runs query by query/);
  });

  it('mixed − base: query 6 only in base is left out of the pair; the largest loss is query 3 (r pushed to rank 2)', async () => {
    const r = await diff('compare.qrels', 'compare-base.run', 'compare-mixed.run', '--top', '1');
    assert.equal(r.code, 0, r.stderr);
    // mixed − base: +0.3691 (1), +0.3691 (4), +0.1309 (2), 0 (5), −0.3691 (3): 3 wins, 1 tie, 1 loss; query 6 left out.
    for (const line of [
      'Wins 3, ties 1, losses 1 (a tie: equal values; --tie sets the margin).',
      '1        0.6309    1.0000       +0.3691',
      '3        1.0000    0.6309       -0.3691',
      '  entered  x1                          non-relevant (grade 0)      –      1   +0.0000',
    ])
      assert.ok(r.stdout.split('\n').includes(line), `${line}\nin\n${r.stdout}`);
    assert.match(r.stdout, /; 5 paired queries, 1 in one run only left out\./);
    assert.match(r.stderr, /query-not-in-run mixed: 1 judged query has no line in the run: 6/);
  });

  it('-c scores query 6 for mixed as 0: six pairs, and a loss of 0.4307 there', async () => {
    const r = await diff('compare.qrels', 'compare-base.run', 'compare-mixed.run', '-c', '--top', '0');
    assert.match(r.stdout, /\n6 +0\.4307 +0\.0000 +-0\.4307\n/);
    assert.match(r.stdout, /Wins 3, ties 1, losses 2/);
  });
});
