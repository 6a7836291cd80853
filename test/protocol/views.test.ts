/** The custom requests behind the VS Code commands, the status notification and the inlay hints. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import {
  CASE_BREAKDOWN_REQUEST,
  COMPARE_REQUEST,
  CURVES_REQUEST,
  MarkdownResult,
  STATUS_NOTIFICATION,
  StatusParams,
} from '../../shared/protocol';
import { MetricCurves } from '../../shared/curves/curves';

// seed000 keeps the first of q1's two b (trec_eval would refuse q1: test/protocol/duplicates.test.ts).
const FIXTURE = `{
  "k": [3], "convention": "seed000",
  "cases": {
    "q1": {"labels": {"a": 2, "b": 1}, "predictions": ["a", "x", "b", "b"]},
    "q2": {"labels": ["a"], "predictions": {"x": 0.9, "a": 0.9, "c": 0.1}}
  }
}
`;

describe('views and hints', () => {
  let client: TestClient;
  const uri = 'file:///views/v.rank.json';
  before(async () => {
    client = await TestClient.start();
    await client.open(uri, FIXTURE);
  });
  after(async () => {
    await client.stop();
  });

  it("answers ranklens/caseBreakdown with the values and the presets that differ first, then every metric's terms", async () => {
    const r = await client.connection.sendRequest<MarkdownResult>(CASE_BREAKDOWN_REQUEST, { uri, fixture: 0, case: 0 });
    assert.equal(r.title, 'Case q1');
    assert.ok(r.markdown.startsWith('# Case `q1`\n\nConvention `seed000` · cutoffs 3 · 2 labels, 2 relevant · 4 predicted'), r.markdown);
    // AP@3 = (1 + 2/3) / 2 over the hits; trec_eval refuses the repeated b (NaN); ranx keeps the first too.
    assert.match(r.markdown, /\n\n\| metric \| seed000 \| other presets \|\n\|---\|---:\|---\|\n\| P@3 \| 0\.667 \| /);
    assert.match(r.markdown, /\n\| AP@3 \| 0\.833 \| NaN trec\\_eval; [^|]+\|\n/);
    assert.ok(r.markdown.indexOf('| metric | seed000 |') < r.markdown.indexOf('## AP@3\n\n**AP@3 = 0.833**'), 'the summary first');
  });

  it('finds the case from a position too (the command palette)', async () => {
    const r = await client.connection.sendRequest<MarkdownResult>(CASE_BREAKDOWN_REQUEST, {
      uri,
      fixture: -1,
      case: -1,
      position: { line: 4, character: 30 },
    });
    assert.equal(r.title, 'Case q2');
  });

  it('lists the cases to pick from when the position is in no case', async () => {
    const r = await client.connection.sendRequest<MarkdownResult>(CASE_BREAKDOWN_REQUEST, {
      uri,
      fixture: -1,
      case: -1,
      position: { line: 1, character: 3 },
    });
    assert.deepEqual(r.cases, [
      { fixture: 0, case: 0, id: 'q1' },
      { fixture: 0, case: 1, id: 'q2' },
    ]);
  });

  it("answers ranklens/compare with every preset's means side by side", async () => {
    const r = await client.connection.sendRequest<MarkdownResult>(COMPARE_REQUEST, { uri });
    assert.equal(r.title, 'Conventions: v.rank.json');
    assert.ok(r.markdown.includes('| metric | seed000 | other presets |\n|---|---:|---|\n'), r.markdown);
    // AP@3: seed000 (1 + 2/3) / 2 for q1 and 1/2 for q2 (a tied with x, kept second): 0.667. trec_eval refuses q1 (b twice)
    // and ranks a after x (ids descending): 1/2 over q2 alone.
    assert.ok(r.markdown.includes('\n| AP@3 | 0.667 | 0.500 trec\\_eval; 0.528 sklearn |\n'), r.markdown);
    assert.ok(r.markdown.includes('\n| Success@3 | 1.000 | — |\n'), 'a row where every preset agrees names none');
  });

  it("answers ranklens/curves with the case under the cursor, every preset beside the fixture's own", async () => {
    const r = await client.connection.sendRequest<{ title: string; curves: MetricCurves }>(CURVES_REQUEST, {
      uri,
      position: { line: 3, character: 10 },
      compare: true,
    });
    assert.equal(r.title, 'Metric curves — q1');
    assert.equal(r.curves.maxK, 3);
    assert.deepEqual(r.curves.conventions, [
      'seed000',
      'trec_eval',
      'ranx',
      'mllib',
      'sklearn',
      'torchmetrics',
      'seed003',
      'lenskit',
      'recommenders',
    ]);
  });

  it('sends the convention and means for the status item', async () => {
    const status = await client.until(
      () => client.notifications.find((n) => n.method === STATUS_NOTIFICATION && (n.params as StatusParams).uri === uri),
      'a status',
    );
    assert.equal((status.params as StatusParams).text, 'seed000 · P@3 0.500 · R@3 1.000 · AP@3 0.667 · RR@3 0.750 · nDCG@3 0.797');
    assert.equal(
      (status.params as StatusParams).short,
      'seed000 · nDCG@3 0.797',
      'the status bar entry: the convention and the first headline mean',
    );
  });

  it('marks each predicted item: relevant and grade, rank when scores reorder, dropped repeats', async () => {
    const hints = await client.inlayHints(uri);
    assert.deepEqual(
      hints.map((h) => `${h.position.line}:${h.position.character} ${h.label}`),
      [
        '3:58 ✓2',
        '3:63 ✗',
        '3:68 ✓1',
        '3:73 dup',
        // q2's scores keep the order written (the tie x, a stays as written): no ranks.
        '4:52 ✗',
        '4:62 ✓1',
        '4:72 ✗',
      ],
    );
  });

  it('marks an item left out of the ranking for a score written as text', async () => {
    const other = 'file:///views/dropped.rank.json';
    const text = '{"k": [2], "cases": {"q": {"labels": ["a"], "predictions": {"a": "0.65", "b": 0.3}}}}';
    await client.open(other, text);
    const hints = await client.inlayHints(other);
    assert.deepEqual(
      hints.map((h) => `${h.position.character} ${h.label}`),
      [`${text.indexOf('0.3') + 3} ✗`, `${text.indexOf('"0.65"') + 6} ⊘`],
    );
    assert.equal(hints[1].tooltip, 'A score is a number, not the string "0.65"; "a" is left out of the ranking.');
  });

  it('shows ranks only when the scores reorder the list', async () => {
    const other = 'file:///views/reordered.rank.json';
    await client.open(other, '{"k": [2], "cases": {"q": {"labels": ["a"], "predictions": {"x": 0.1, "a": 0.9}}}}');
    assert.deepEqual(
      (await client.inlayHints(other)).map((h) => `${h.position.character} ${h.label}`),
      ['68 #2✗', '78 #1✓1'],
    );
  });

  it('turns inlay hints and hovers off by setting', async () => {
    await client.configure({ inlayHints: { enable: false }, hover: { enable: false } });
    assert.deepEqual(await client.inlayHints(uri), []);
    assert.equal(await client.hover(uri, FIXTURE.indexOf('"q1"') + 1), null);
    await client.configure({});
    assert.equal((await client.inlayHints(uri)).length, 7);
  });
});
