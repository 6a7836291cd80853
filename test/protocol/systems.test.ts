/**
 * Fixtures comparing systems, through the built server: a lens per system above the fixture (its
 * means, ▲ where it beats the first system, the test as the lens's tooltip), the hover on a system's
 * name, and too-few-queries on a system that can never be significant. Numbers: see
 * test/evaluation/systemComparison.test.ts (SciPy ttest_rel p = 0.0186 for dense vs bm25).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient, cursor } from './lspClient';
import { COMPARE_SYSTEMS_COMMAND, SYSTEMS_DIFF_REQUEST, SystemsDiffResult } from '../../shared/protocol';
import { DiffReportView } from '../../shared/curves';

const RUNS = `metrics: [RR]
qrels: {q1: {a: 1}, q2: {b: 1}, q3: {c: 1}, q4: {d: 1}, q5: {e: 1}}
runs:
  bm25: {q1: {x: 2, a: 1}, q2: {b: 2, x: 1}, q3: {x: 3, y: 2, c: 1}, q4: {x: 2, d: 1}, q5: {x: 2, e: 1}}
  |dense: {q1: {a: 2, x: 1}, q2: {b: 2, x: 1}, q3: {c: 2, x: 1}, q4: {d: 2, x: 1}, q5: {e: 2, x: 1}}
---
qrels: {q1: {a: 1}}
runs: {one: {q1: {a: 1}}, two: {q1: {a: 2, b: 1}}}
`;

describe('comparing systems in the editor', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });
  const { text, offset } = cursor(RUNS);
  const uri = 'file:///systems/runs.rank.yaml';

  it('shows a lens per system above the fixture, marks and tests in the tooltip', async () => {
    await client.open(uri, text);
    const top = (await client.codeLenses(uri)).filter((l) => l.range.start.line === 0);
    assert.deepEqual(
      top.map((l) => l.command?.title),
      ['trec_eval (built-in)', 'mean of 5: RR 0.567', 'bm25 (baseline, 5 cases): RR 0.567', 'dense vs bm25: RR 1.000 ▲'],
    );
    const tooltip = (top[3].command as { tooltip?: string }).tooltip;
    assert.equal(
      tooltip,
      "dense against bm25 (the first system), paired by case id:\nRR: paired Student's t-test, n = 5, mean difference +0.433 (95% CI +0.119 to +0.747), p = 0.019, Holm-adjusted p = 0.019 over 1 comparison: significantly better at α = 0.05",
    );
  });

  it('explains a system on hover over its name', async () => {
    await client.open(uri, text);
    const hover = await client.hover(uri, offset + 1);
    const value = (hover!.contents as { value: string }).value;
    assert.match(value, /^\*\*System `dense`\*\* · 5 cases · convention `trec_eval`/);
    assert.match(
      value,
      /- RR: paired Student's t-test, n = 5, mean difference \+0\.433 \(95% CI \+0\.119 to \+0\.747\), p = 0\.019, Holm-adjusted p = 0\.019 over 1 comparison/,
    );
  });

  it('warns on a system compared on one query only: no test can decide', async () => {
    await client.open(uri, text);
    const diagnostics = await client.diagnostics(uri);
    const few = diagnostics.filter((d) => d.code === 'too-few-queries');
    assert.equal(few.length, 1);
    assert.deepEqual(few[0].range.start, { line: 7, character: 26 });
    assert.match(few[0].message as string, /^two vs one: on 1 paired case the paired Student's t-test cannot give a p below 1\.00/);
  });

  it("a system lens opens Compare Systems on its fixture; ranklens/systemsDiff answers with the view's report", async () => {
    await client.open(uri, text);
    const lenses = await client.codeLenses(uri);
    const systemLens = lenses.filter((l) => l.command?.command === COMPARE_SYSTEMS_COMMAND);
    // Two per fixture: bm25 and dense at line 0, one and two at the second fixture's top (line 6).
    assert.deepEqual(
      systemLens.map((l) => [l.range.start.line, l.command?.arguments]),
      [
        [0, [uri, 0]],
        [0, [uri, 0]],
        [6, [uri, 1]],
        [6, [uri, 1]],
      ],
    );
    const r = await client.connection.sendRequest<SystemsDiffResult>(SYSTEMS_DIFF_REQUEST, { uri, fixture: 0 });
    assert.equal(r.title, 'RR: dense vs bm25 (runs.rank.yaml)');
    assert.deepEqual(r.measures, ['RR']);
    const report = r.report as DiffReportView;
    const [c] = report.comparisons;
    // RR per query: bm25 0.5, 1, 1/3, 0.5, 0.5; dense 1 everywhere. SciPy ttest_rel p = 0.018562564501560457.
    assert.deepEqual(
      c.queries.map((q) => [q.id, q.a === null ? null : Number(q.a.toFixed(4)), q.b, q.outcome]),
      [
        ['q3', 0.3333, 1, 'win'],
        ['q1', 0.5, 1, 'win'],
        ['q4', 0.5, 1, 'win'],
        ['q5', 0.5, 1, 'win'],
        ['q2', 1, 1, 'tie'],
      ],
    );
    assert.deepEqual([c.wins, c.ties, c.losses, c.significant], [4, 1, 0, true]);
    assert.ok(Math.abs(c.pAdjusted! - 0.018562564501560457) < 1e-9, String(c.pAdjusted));
    // q3's rankings: bm25 x y c, dense c x; c (relevant, grade 1) moved 3 → 1.
    const q3 = c.largestGains[0];
    assert.deepEqual(
      [q3.id, q3.topA.map((d) => `${d.docid}:${d.judgment}`), q3.topB.map((d) => `${d.docid}:${d.judgment}`)],
      ['q3', ['x:unjudged', 'y:unjudged', 'c:relevant'], ['c:relevant', 'x:unjudged']],
    );
    // The position picks the fixture; P@1 asked for: one has a at 1 (1), two has a at 1 (1): a tie.
    const second = await client.connection.sendRequest<SystemsDiffResult>(SYSTEMS_DIFF_REQUEST, {
      uri,
      position: { line: 6, character: 0 },
      measure: 'P@1',
    });
    const two = (second.report as DiffReportView).comparisons[0];
    assert.deepEqual(
      [second.title, two.queries.map((q) => [q.id, q.a, q.b, q.outcome])],
      ['P@1: two vs one (runs.rank.yaml)', [['q1', 1, 1, 'tie']]],
    );
    const none = await client.connection.sendRequest<SystemsDiffResult>(SYSTEMS_DIFF_REQUEST, { uri, fixture: 0, measure: 'P@x' });
    assert.equal(none.report, undefined);
    assert.match(none.message ?? '', /P@x/);
  });
});
