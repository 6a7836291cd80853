/**
 * The convention search's results in the editor, in-process: the convention-match finding, the hover
 * line on an expectation no convention explains, and the quick fix that writes the convention; the
 * search's slices; and the adaptive debouncer's measured cost.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { setTimeout as sleep } from 'node:timers/promises';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Analysis, analyzeText } from '../../server/analysis';
import { placer } from '../../server/positions';
import { BackgroundInference, inferenceActions, inferenceFindings, inferenceHover } from '../../server/features/inference';
import { Debouncer } from '../../server/debounce';
import { FixtureInference } from '../../shared/inference/fixtureInference';

// AP@5 of [1..5] against {2, 4, 6} = (1/2 + 2/4) / 3 = 0.333 under trec_eval, 0.5 under the default.
const YAML =
  'k: [3, 5]\nconvention: default\ncases:\n  u1:\n    labels: [2, 4, 6]\n    predictions: [1, 2, 3, 4, 5]\n    expect: { P@3: 0.333, AP@5: 0.333 }\n';

async function searched(text: string, version = 1): Promise<{ a: Analysis; result: (FixtureInference | undefined)[] }> {
  const a = { ...analyzeText('file:///i.rank.yaml', text, 'yaml', {}), version };
  const bg = new BackgroundInference(() => undefined, 0, 2);
  bg.schedule(a);
  for (let i = 0; i < 200 && !bg.result(a.uri, version); i++) await sleep(10);
  return { a, result: bg.result(a.uri, version)! };
}
const place = (text: string) => placer(TextDocument.create('file:///i.rank.yaml', 'yaml', 1, text));

describe("the convention search's results", () => {
  it('a convention-match finding on the convention, a preferred quick fix that writes trec_eval', async () => {
    const { a, result } = await searched(YAML);
    assert.deepEqual(
      inferenceFindings(a, result).map((f) => [f.code, f.severity, f.message, YAML.slice(f.span.start, f.span.end)]),
      [['convention-match', 'info', 'Your expected values match trec_eval. The current convention reproduces 1 of 2.', 'default']],
    );
    const at = YAML.indexOf('default');
    const sent = { range: { start: { line: 1, character: 12 }, end: { line: 1, character: 19 } }, message: 'm', code: 'convention-match' };
    const actions = inferenceActions(
      a,
      result,
      { uri: a.uri, version: 1, span: { start: at, end: at }, diagnostics: [sent, { ...sent, code: 'other' }] },
      place(YAML),
    );
    assert.deepEqual(actions, [
      {
        title: 'Set the convention to trec_eval',
        kind: 'quickfix',
        isPreferred: true,
        diagnostics: [sent],
        edit: { documentChanges: [{ textDocument: { uri: a.uri, version: 1 }, edits: [{ range: sent.range, newText: 'trec_eval' }] }] },
      },
    ]);
    // Not offered away from the finding, nor without the diagnostic.
    assert.deepEqual(inferenceActions(a, result, { uri: a.uri, version: 1, span: { start: 0, end: 2 }, diagnostics: [] }, place(YAML)), []);
    const end = YAML.indexOf('default') + 'default'.length;
    assert.equal(
      inferenceActions(a, result, { uri: a.uri, version: 1, span: { start: end, end: end + 3 }, diagnostics: [] }, place(YAML))[0]
        .diagnostics,
      undefined,
    );
  });

  it('when none explains all: the title says how many the best explains, not preferred; the hover names the nearest value', async () => {
    const text = YAML.replace('P@3: 0.333', 'P@3: 0.9');
    const { a, result } = await searched(text);
    const [finding] = inferenceFindings(a, result);
    assert.match(finding.message, /^No convention reproduces all 2 expected values; .+ reproduces 1\./);
    const at = text.indexOf('default');
    const [action] = inferenceActions(a, result, { uri: a.uri, version: 2, span: { start: at, end: at }, diagnostics: [] }, place(text));
    assert.match(action.title, /^Set the convention to .+ \(explains 1 of 2\)$/);
    assert.equal(action.isPreferred, undefined);
    const hover = inferenceHover(a, result, text.indexOf('0.9'))!;
    // Dropping the unjudged 1, 3 and 5 leaves [2, 4]: P@3 ÷ min(3, 2 predicted) = 1, the nearest to 0.9.
    assert.match(hover, /No convention reproduces this value\./);
    assert.match(hover, /The nearest any convention gives is 1\.0000, with `precisionDenominator: min-k-predicted, unjudged: drop`\.$/);
    assert.equal(inferenceHover(a, result, text.indexOf('0.333')), undefined, 'an explained expectation adds nothing');
    assert.equal(inferenceHover(a, result, text.indexOf('labels')), undefined, 'not an expectation');
    assert.equal(inferenceHover(a, result, text.indexOf('\n')), undefined, 'nothing there');
    assert.equal(inferenceHover(a, [], text.indexOf('0.9')), undefined, 'no result for that fixture');
  });

  it('a second fixture without failed expectations gets no finding, and the search skips it', async () => {
    const text = `k: 1\ncases:\n  ok: { labels: [a], predictions: [a], expect: { P@1: 1 } }\n---\n${YAML}`;
    const { a, result } = await searched(text);
    assert.equal(result[0], undefined);
    assert.ok(result[1]);
    assert.deepEqual(
      inferenceFindings(a, result).map((f) => f.code),
      ['convention-match'],
    );
  });
});

describe('BackgroundInference: slices and cancelling', () => {
  it('a search that is cancelled mid-way never reports', async () => {
    const done: number[] = [];
    const bg = new BackgroundInference((_, v) => done.push(v), 0, 0);
    const a = { ...analyzeText('file:///j.rank.yaml', YAML, 'yaml', {}), version: 5 };
    bg.schedule(a);
    await sleep(5);
    bg.cancel(a.uri);
    await sleep(100);
    assert.deepEqual(done, []);
    assert.equal(bg.result(a.uri, 5), undefined);
    bg.drop(a.uri);
    bg.cancel('file:///never.rank.yaml');
  });

  it('drop forgets the result', async () => {
    const bg = new BackgroundInference(() => undefined, 0);
    const a = { ...analyzeText('file:///k.rank.yaml', YAML.replace('AP@5: 0.333', 'AP@5: 0.5'), 'yaml', {}), version: 1 };
    bg.schedule(a);
    assert.deepEqual(bg.result(a.uri, 1), [], 'nothing to search: a result at once');
    assert.equal(bg.result(a.uri, 2), undefined, 'only for its own version');
    bg.drop(a.uri);
    assert.equal(bg.result(a.uri, 1), undefined);
  });
});

describe('the adaptive debouncer', () => {
  it("after a quiet spell runs at once (next turn); an edit within the last evaluation's cost waits", async () => {
    const d = new Debouncer();
    const runs: string[] = [];
    // A first run that takes 100 ms (more on a busy machine: its measured time is what counts): the smoothed
    // cost becomes (10 + 100) / 2 = 55 ms.
    let took = 0;
    d.schedule('doc', () => {
      const start = performance.now();
      while (performance.now() < start + 100);
      took = performance.now() - start;
      runs.push('slow');
    });
    await sleep(5);
    assert.deepEqual(runs, ['slow']);
    const cost = (10 + took) / 2;
    // Right after it, an edit is within the cost: it waits about 55 ms, not 0 (timers fire in order, so the 5 ms sleep ends first).
    d.schedule('doc', () => runs.push('next'));
    await sleep(5);
    assert.deepEqual(runs, ['slow'], 'still waiting');
    await sleep(Math.min(150, cost) + 10);
    assert.deepEqual(runs, ['slow', 'next']);
    // After a quiet spell longer than the cost (now about (55 + 0) / 2), the next edit runs on the next turn again.
    await sleep(cost / 2 + 10);
    d.schedule('doc', () => runs.push('quiet'));
    await sleep(5);
    assert.deepEqual(runs, ['slow', 'next', 'quiet']);
  });

  it('waits at most 150 ms however slow evaluations were', async () => {
    const d = new Debouncer();
    const runs: number[] = [];
    d.schedule('doc', () => {
      const until = performance.now() + 400;
      while (performance.now() < until);
      runs.push(1);
    });
    await sleep(5);
    d.schedule('doc', () => runs.push(2));
    await sleep(180);
    assert.deepEqual(runs, [1, 2]);
  });

  it('a fixed wait of 0 cancels a pending run before running at once', async () => {
    const d = new Debouncer(0);
    const runs: string[] = [];
    d.schedule('doc', () => runs.push('now'));
    assert.deepEqual(runs, ['now']);
    d.cancel('none');
    d.drop('doc');
  });
});
