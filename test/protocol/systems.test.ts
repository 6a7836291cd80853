/**
 * Fixtures comparing systems, through the built server: a lens per system above the fixture (its
 * means, ▲ where it beats the first system, the test as the lens's tooltip), the hover on a system's
 * name, and too-few-queries on a system that can never be significant. Numbers: see
 * test/evaluation/systemComparison.test.ts (SciPy ttest_rel p = 0.0186 for dense vs bm25).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient, cursor } from './lspClient';

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
});
