/** `ranklens compare`: every preset's means side by side, ≠ where they disagree. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ranklens, tempFiles } from './ranklens';

// Labels {2, 4, 6}, predictions [1..5]: P@3 = 1/3 everywhere. AP@5 sums 1/2 + 2/4 = 1 and divides by
// the 2 hits (seed000, torchmetrics, seed003), the 3 relevant labels (trec_eval, ranx), min(5, 3) = 3 (mllib), min(3 relevant, 5 predicted) = 3 (lenskit), min(3, 5) = 3 (recommenders)
// or the 2 relevant items among the predictions (sklearn).
const FIXTURE = 'k: [3, 5]\nmetrics: [P@3, AP@5]\nconvention: ranx\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5] }\n';

describe('ranklens compare', () => {
  const dir = tempFiles({ 'x.rank.yaml': FIXTURE });

  it("shows each preset's mean, marks the fixture's own preset with * and disagreements with ≠", () => {
    const r = ranklens(['compare', join(dir, 'x.rank.yaml')]);
    assert.equal(r.code, 0, r.stderr);
    const lines = r.stdout.split('\n');
    assert.match(lines[1], /^metric\s+trec_eval\s+seed000\s+ranx\*\s+mllib\s+sklearn\s+torchmetrics\s+seed003\s+lenskit\s+recommenders$/);
    assert.match(lines[2], /^P@3\s+0\.333\s+0\.333\s+0\.333\s+0\.333\s+0\.333\s+0\.333\s+0\.333\s+0\.333\s+0\.333$/);
    assert.match(lines[3], /^AP@5\s+0\.333\s+0\.500\s+0\.333\s+0\.333\s+0\.500\s+0\.500\s+0\.500\s+0\.333\s+0\.333\s+≠$/);
  });

  it('writes the same numbers as JSON, NaN as null', () => {
    const r = ranklens(['compare', dir, '--json']);
    const f = JSON.parse(r.stdout).fixtures[0];
    assert.equal(f.convention.name, 'ranx');
    assert.deepEqual(f.disagree, ['AP@5']);
    assert.deepEqual(f.presets.seed000['AP@5'], { value: 0.5, trecEval: 'map_cut_5' });
    assert.equal(f.presets.mllib['AP@5'].value, 1 / 3);
  });

  it('takes --k and --metrics, and has a --help', () => {
    const r = ranklens(['compare', dir, '--metrics', 'P@k', '--k', '1']);
    assert.match(r.stdout, /^P@1\s+0\.000/m);
    assert.equal(ranklens(['compare', '--help']).code, 0);
    assert.equal(ranklens(['compare']).code, 2);
  });

  it('exits 1 on an error finding the fixture does not declare, 0 once it is declared, and names it on stderr', () => {
    const broken = tempFiles({
      'bad.rank.yaml': 'k: [1]\ncases:\n  u1: { labels: [a], predictions: [a] }\n  u2: { lables: [a], predictions: [a] }\n',
      'declared.rank.yaml':
        'k: [1]\nexpectFindings: [unknown-key]\ncases:\n  u1: { labels: [a], predictions: [a] }\n  u2: { lables: [a], predictions: [a] }\n',
    });
    const bad = ranklens(['compare', join(broken, 'bad.rank.yaml')]);
    assert.equal(bad.code, 1);
    // u2's labels are misspelled: u2 is not evaluated, and every preset's mean is u1's alone.
    assert.match(bad.stdout, /^P@1\s+1\.000\s/m, 'the table is still written');
    assert.match(bad.stderr, /bad\.rank\.yaml:4:9 error unknown-key Unknown key "lables" in case "u2"/);
    assert.equal(ranklens(['compare', join(broken, 'declared.rank.yaml')]).code, 0);
  });
});
