/**
 * A qrels that judges a document twice. trec_eval 10.0 stops ("form_res_rels: duplicate docs a",
 * exit 4); so does Ranklens under trec_eval's convention (nothing printed, one message, exit 1).
 * With --keep-going it keeps the first grade, says so on the repeated line, marks the means PARTIAL
 * and exits 1 (an error: trec_eval would not give these numbers); under ranx's convention it keeps
 * the first grade with a warning, and exits 0.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ranklens, tempFiles, trecValues } from './ranklens';

// Run: a, x, b. First grades: a 1, b 1 → hits at ranks 1 and 3: AP = (1/1 + 2/3) / 2 = 0.8333.
// Reversed (a first judged 0): only b → AP = (1/3) / 1 = 0.3333, P@1 = 0.
const dir = tempFiles({
  'relevant-first.qrels': 'q 0 a 1\nq 0 b 1\nq 0 a 0\n',
  'relevant-last.qrels': 'q 0 a 0\nq 0 b 1\nq 0 a 1\n',
  'r.run': 'q Q0 a 1 3 r\nq Q0 x 2 2 r\nq Q0 b 3 1 r\n',
});
const run = (qrels: string, ...args: string[]) =>
  ranklens(['trec', join(dir, qrels), join(dir, 'r.run'), '-m', 'map', '-m', 'num_rel', '-m', 'P.1', ...args]);

describe('a document judged twice in the qrels', () => {
  it('under trec_eval: nothing evaluated, one message naming both lines and how to go on, exit 1', () => {
    const r = run('relevant-first.qrels');
    assert.deepEqual([r.code, r.stdout], [1, '']);
    assert.match(
      r.stderr,
      /^\S*relevant-first\.qrels:3:1 error duplicate-judgement "a" is judged twice for query q\. Nothing is evaluated: trec_eval stops here \("duplicate docs"\)\. Remove the repeated judgements, or add --keep-going to use the first grade of each, every mean marked as computed on partial files\. \(first judgement: .*relevant-first\.qrels:1:1\)\n$/,
    );
  });

  it('under trec_eval with --keep-going: the first grade counts (AP 0.8333, num_rel 2), an error names both lines, PARTIAL, exit 1', () => {
    const r = run('relevant-first.qrels', '--keep-going');
    assert.equal(r.code, 1);
    assert.equal(
      r.stdout.split('\n')[0],
      'PARTIAL: these means leave out 1 of 3 qrels lines (see the errors): they are not the means of the files given.',
    );
    assert.deepEqual(
      [trecValues(r.stdout).AP.all, trecValues(r.stdout).NumRel.all, trecValues(r.stdout)['P@1'].all],
      ['0.8333', '2', '1.0000'],
    );
    assert.match(
      r.stderr,
      /relevant-first\.qrels:3:1 error duplicate-judgement "a" is judged twice for query q; the first grade is used \(trec_eval stops on this\)\. \(first judgement: .*relevant-first\.qrels:1:1\)/,
    );
  });

  it('the order decides: judged 0 first, a is not relevant (AP 0.3333, num_rel 1, P@1 0)', () => {
    const v = trecValues(run('relevant-last.qrels', '--keep-going').stdout);
    assert.deepEqual([v.AP.all, v.NumRel.all, v['P@1'].all], ['0.3333', '1', '0.0000']);
  });

  it('under ranx: the same numbers with a warning, exit 0', () => {
    const r = ranklens(['trec', join(dir, 'relevant-first.qrels'), join(dir, 'r.run'), '-m', 'map', '--convention', 'ranx']);
    assert.equal(r.code, 0);
    assert.match(r.stdout, /^AP\s+all\s+0\.8333$/m);
    assert.match(
      r.stderr,
      /relevant-first\.qrels:3:1 warning duplicate-judgement "a" is judged twice for query q; the first grade is used\./,
    );
  });
});
