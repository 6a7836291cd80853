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
    assert.ok(md.includes('`P@k = |relevant ∩ top k| / k` · k = 3\n\n- P@3 = `2 / 3 = 0.667`'), md);
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
    assert.ok(md.startsWith('**P@3** · expected `0.5` · computed `0.6667` (convention `trec_eval + apDenominator=hits`)'), md);
    // The expect-mismatch diagnostic there says how it differs; an editor shows it above the hover, so the hover does not repeat it.
    const diagnostic = (await client.diagnostics(`file:///hovers/h${n - 1}.rank.json`)).find((d) => d.code === 'expect-mismatch')!;
    assert.equal(diagnostic.message, 'Expected P@3 = 0.5, computed 0.6667: not within ±0.05 (1 decimal written).');
    assert.ok(!md.includes('not within'), md);
    assert.ok(md.includes('`P@k = |relevant ∩ top k| / k`\n\nP@3 = `2 / 3 = 0.667`'), 'the arithmetic of the expected metric');
    assert.ok(md.includes('Every preset gives the same value.'), md);
    // AP@3 over the 2 hits here (apDenominator=hits): (1 + 2/3) / 2 = 0.833; over the 3 labels (1 + 2/3) / 3 = 0.556.
    const ap = await hoverAt(FIXTURE.replace('"AP@3": 1', '"AP@3": |1'));
    assert.ok(ap.endsWith('\n\nOther presets give 0.556 trec\\_eval, ranx, mllib, lenskit, recommenders.'), ap);
  });

  it('on k, a metric name and the convention: what they mean and which knobs apply', async () => {
    assert.match(await hoverAt(FIXTURE.replace('"k": [3]', '"|k": [3]')), /^\*\*k\*\* — cutoffs: .* computes at k = 3\./);
    const metric = await hoverAt(FIXTURE.replace('"nDCG@k"', '"nD|CG@k"'));
    assert.ok(metric.startsWith('**nDCG@k** — Normalized discounted cumulative gain'), metric);
    assert.ok(metric.includes('`gain = linear`'), metric);
    const knob = await hoverAt(FIXTURE.replace('"apDenominator"', '"apDeno|minator"'));
    assert.ok(knob.startsWith('**`apDenominator`** = `hits` (preset `trec_eval` has `relevant`)'), knob);
    const preset = await hoverAt(FIXTURE.replace('"preset": "trec_eval"', '"preset": "see|d000"'));
    assert.ok(preset.includes('| duplicates | first (trec\\_eval: error) |'), preset);
  });

  it('on a case at k = 3 and 5: formulas that name k, the cutoffs they are shown at, and each value', async () => {
    // Labels a, b, c; a at rank 1, b at rank 4 (trec_eval): AP@3 = 1/3, AP@5 = (1 + 2/4) / 3 = 0.5; nDCG@3 = 1 / 2.131
    // = 0.469, nDCG@5 = (1 + 1/log₂5) / 2.131 = 0.672.
    const md = await hoverAt(
      'k: [3, 5]\nmetrics: [AP@k, nDCG@k]\ncases:\n  q|1: {labels: [a, b, c], predictions: [a, x, y, b, z]}\n',
      'yaml',
    );
    const [title, ap, apValues] = md.split('\n\n');
    assert.equal(title, '**Case `q1`** · convention `trec_eval` · 3 relevant · 5 predicted');
    assert.equal(ap, '`AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = all relevant labels` · k = 3, 5');
    assert.equal(apValues, '- AP@3 = `(1/1) / 3 = 0.333`\n- AP@5 = `(1/1 + 2/4) / 3 = 0.500`');
    assert.ok(md.includes('`nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k` · k = 3, 5'), md);
    assert.doesNotMatch(md, /i = 1\.\.1|cut at 1\b|cut at all/);
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
