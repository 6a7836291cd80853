/**
 * The editor's convention search runs off the typing path: it starts after a delay, in slices, and a
 * newer version or an edit cancels it; only the search of the version it started on reports.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { Analysis, analyzeText } from '../../server/analysis';
import { BackgroundInference, inferenceFindings } from '../../server/features/inference';

// AP@5 is (1/2 + 2/4) / 3 = 0.333 under trec_eval, the default; 0.5 is seed000's (÷ the 2 hits).
const FAILING = 'k: [5]\ncases:\n  u1: { labels: [2, 4, 6], predictions: [1, 2, 3, 4, 5], expect: { AP@5: 0.5 } }\n';

function analysis(version: number, text = FAILING): Analysis {
  return { ...analyzeText('file:///b.rank.yaml', text, 'yaml', {}), version };
}

describe('BackgroundInference', () => {
  it('reports once, for the version it was started on, after its delay', async () => {
    const done: number[] = [];
    const bg = new BackgroundInference((_, version) => done.push(version), 20);
    const v1 = analysis(1);
    bg.schedule(v1);
    assert.equal(bg.result(v1.uri, 1), undefined, 'nothing before the delay');
    await sleep(200);
    assert.deepEqual(done, [1]);
    const findings = inferenceFindings(v1, bg.result(v1.uri, 1)!);
    assert.deepEqual(
      findings.map((f) => [f.code, f.message]),
      [['convention-match', 'Your expected values match seed000 (also: sklearn; torchmetrics). The current convention reproduces 0 of 1.']],
    );
    bg.schedule(v1);
    await sleep(60);
    assert.deepEqual(done, [1], 'a version already searched is not searched again');
  });

  it('is cancelled by an edit and by a newer version', async () => {
    const done: number[] = [];
    const bg = new BackgroundInference((_, version) => done.push(version), 20);
    bg.schedule(analysis(1));
    bg.cancel('file:///b.rank.yaml');
    bg.schedule(analysis(2));
    bg.schedule(analysis(3));
    await sleep(200);
    assert.deepEqual(done, [3]);
    assert.equal(bg.result('file:///b.rank.yaml', 2), undefined);
  });

  it('says nothing when the best convention explains no more expectations than the current one', async () => {
    const bg = new BackgroundInference(() => undefined, 0);
    // P@3 of [a, c, b] against {a, b} is 2/3 under every convention: 0.5 is explained by none, and
    // R@3 = 1 already holds, so switching conventions would gain nothing.
    const flawed = analysis(1, 'k: 3\ncases:\n  q1: { labels: [a, b], predictions: [a, c, b], expect: { P@3: 0.5, R@3: 1 } }\n');
    bg.schedule(flawed);
    await sleep(200);
    const result = bg.result(flawed.uri, 1)!;
    assert.equal(result[0]!.result.exact, false);
    assert.equal(result[0]!.result.matches[0].matched, 1);
    assert.deepEqual(inferenceFindings(flawed, result), []);
  });

  it('does not search a document whose expectations all hold', async () => {
    const done: number[] = [];
    const bg = new BackgroundInference((_, version) => done.push(version), 20);
    const ok = analysis(1, FAILING.replace('AP@5: 0.5', 'AP@5: 0.333'));
    bg.schedule(ok);
    await sleep(60);
    assert.deepEqual(done, []);
    assert.deepEqual(inferenceFindings(ok, bg.result(ok.uri, 1)!), []);
  });
});
