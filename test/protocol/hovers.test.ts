/** Hovers from the built server: `|` marks the cursor in each fixture text. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient, cursor } from './lspClient';

const FIXTURE = `{
  "k": [3],
  "metrics": ["P", "AP@k", "nDCG@k"],
  "convention": {"preset": "trec_eval", "apDenominator": "hits"},
  "cases": {
    "q1": {"labels": {"a": 2, "b": 1, "z": 1}, "predictions": ["a", "x", "b"], "expect": {"P@3": 0.5, "AP@3": 1}}
  }
}
`;

describe('hovers', () => {
  let client: TestClient;
  let n = 0;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  /** The hover Markdown at the | in the marked text. */
  async function hoverAt(marked: string, ext = 'json'): Promise<string> {
    const { text, offset } = cursor(marked);
    const uri = `file:///hovers/h${n++}.rank.${ext}`;
    await client.open(uri, text);
    const hover = await client.hover(uri, offset);
    assert.ok(hover, 'a hover');
    return (hover.contents as { value: string }).value;
  }

  it("on a case id: every metric with its formula and this case's arithmetic", async () => {
    const md = await hoverAt(FIXTURE.replace('"q1"', '"q|1"'));
    assert.match(md, /^\*\*Case `q1`\*\* · convention `trec_eval \+ apDenominator=hits` · 3 relevant · 3 predicted/);
    assert.ok(md.includes('`P@k = |relevant ∩ top k| / k`\n\n- P@3 = `2 / 3 = 0.667`'), md);
    assert.ok(md.includes('- AP@3 = `(1/1 + 2/3) / 2 = 0.833`'), md);
    assert.ok(md.includes('- nDCG@3 = `'), md);
  });

  it('on a predicted item: rank, relevance, grade, gain, discount and what it adds to each metric', async () => {
    const md = await hoverAt(FIXTURE.replace('["a", "x", "b"]', '["a", "x", "|b"]'));
    assert.ok(md.startsWith('**`b`** · rank 3 · relevant · grade 1 · gain 1.000 · discount 0.500'), md);
    assert.ok(md.includes('| P@3 | 0.333 | 1 hit / 3 |'), md);
    assert.ok(md.includes('| AP@3 | 0.333 | P@3 = 0.667, / D = 2 |'), md);
  });

  it('on a label: whether and where it was retrieved', async () => {
    assert.match(await hoverAt(FIXTURE.replace('"b": 1', '"|b": 1')), /Retrieved at rank 3: inside the top 3\.$/);
    assert.match(await hoverAt(FIXTURE.replace('"z": 1', '"|z": 1')), /Never retrieved: it counts against recall/);
  });

  it('on an expect entry: expected against computed, and the presets that differ', async () => {
    const md = await hoverAt(FIXTURE.replace('"P@3": 0.5', '"P@3": 0.|5'));
    assert.ok(md.startsWith('**P@3** · expected `0.5` · computed `0.6667` · ✗ differs: not within ±0.05 (1 decimal written)'), md);
    assert.ok(md.includes('`P@k = |relevant ∩ top k| / k`\n\nP@3 = `2 / 3 = 0.667`'), 'the arithmetic of the expected metric');
    assert.ok(md.includes('Every preset gives the same value.'), md);
    const ap = await hoverAt(FIXTURE.replace('"AP@3": 1', '"AP@3": |1'));
    assert.ok(ap.includes('| **trec\\_eval** | 0.556 |\n| ranx | 0.556 |'), ap);
    assert.ok(ap.includes('| default | 0.833 |'), ap);
  });

  it('on k, a metric name and the convention: what they mean and which knobs apply', async () => {
    assert.match(await hoverAt(FIXTURE.replace('"k": [3]', '"|k": [3]')), /^\*\*k\*\* — cutoffs: .* computes at k = 3\./);
    const metric = await hoverAt(FIXTURE.replace('"nDCG@k"', '"nD|CG@k"'));
    assert.ok(metric.startsWith('**nDCG@k** — Normalized discounted cumulative gain'), metric);
    assert.ok(metric.includes('`gain = linear`'), metric);
    const knob = await hoverAt(FIXTURE.replace('"apDenominator"', '"apDeno|minator"'));
    assert.ok(knob.startsWith('**`apDenominator`** = `hits` (preset `trec_eval` has `relevant`)'), knob);
    const preset = await hoverAt(FIXTURE.replace('"preset": "trec_eval"', '"preset": "trec|_eval"'));
    assert.ok(preset.includes('| duplicates | error (default: first) |'), preset);
  });

  it('answers in YAML the same way', async () => {
    const md = await hoverAt('k: [3]\ncases:\n  q1:\n    labels: [a, b]\n    predictions: [x, |a]\n', 'yaml');
    assert.ok(md.startsWith('**`a`** · rank 2 · relevant · grade 1'), md);
  });

  it('says nothing between things', async () => {
    const { text, offset } = cursor(FIXTURE.replace('"cases": {', '"cases": {|'));
    await client.open('file:///hovers/none.rank.json', text);
    assert.equal(await client.hover('file:///hovers/none.rank.json', offset), null);
  });
});
