/** Code lenses from the built server over stdio: readouts above cases and fixtures, kept while the text is broken. */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseLenses } from '../../shared/text/lensText';

// q1 under seed000: nDCG@3 0.920, AP@3 (1 + 2/3) / 2 hits = 0.833, P@3 = R@3 = 2/3. trec_eval gives AP@3 (1 + 2/3) / 3
// = 0.556 and nDCG@3 0.704, scikit-learn R@3 2/2 = 1 (only predicted items count): those lenses carry the spread mark ±.
const FIXTURE = `{
  "k": [3],
  "convention": "seed000",
  "cases": {
    "q1": {"labels": ["a", "b", "c"], "predictions": ["a", "x", "b"]},
    "q2": {"labels": [], "predictions": ["a"]}
  }
}
`;

const YAML_FIXTURE = `k: [3]
convention: seed000
cases:
  q1:
    labels: [a, b, c]
    predictions: [a, x, b]
  q2:
    labels: []
    predictions: [a]
`;

const lines = (lenses: { range: { start: { line: number } }; command?: { title: string } }[]) =>
  lenses.map((l) => `${l.range.start.line}: ${l.command?.title}`);

describe('code lenses', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  const SHORT = [
    '0: seed000 (fixture)',
    '0: mean of 1 of 2 (1 NaN): nDCG@3 0.920 · AP@3 0.833 · P@3 0.667 · R@3 0.667',
    '4: nDCG@3 0.920 ±',
    '4: AP@3 0.833 ±',
    '4: P@3 0.667',
    '4: R@3 0.667 ±',
    '5: every metric NaN',
  ];

  it('leads with the convention and its source, then the headline means; one short lens per headline metric of a case', async () => {
    const uri = 'file:///lenses/basic.rank.json';
    await client.open(uri, FIXTURE);
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)), SHORT);
  });

  it('says in each tooltip what a click does', async () => {
    const uri = 'file:///lenses/tooltips.rank.json';
    await client.open(uri, FIXTURE);
    const tips = (await client.resolvedCodeLenses(uri)).map((l) => l.command?.tooltip);
    assert.equal(tips[0], "Convention seed000, from the fixture's convention key. Click to compare every preset's values for this file.");
    assert.equal(
      tips[1],
      "Means over 1 of 2 cases, 1 NaN left out:\nP@3 0.667\nR@3 0.667\nAP@3 0.833\nRR@3 1.000\nnDCG@3 0.920\n\nClick to compare every preset's values for this file.",
    );
    assert.equal(
      tips[2],
      'nDCG@3 of case q1 = 0.9197 under seed000. Presets disagree by more than 0.01: 0.620–0.920 across the presets; other presets give ' +
        // LensKit's discount 1/log₂(max(i, 2)): (1 + 1/log₂3) / (1 + 1 + 1/log₂3) = 0.620.
        "0.704 trec_eval, ranx, mllib, seed003, recommenders; 0.620 lenskit. Click for the case's breakdown: all 12 metrics, every term, knob and preset.",
    );
  });

  it("takes the headline metrics from the fixture's headline key, then the setting", async () => {
    const uri = 'file:///lenses/headline.rank.json';
    await client.open(uri, FIXTURE.replace('"k": [3],', '"k": [3], "headline": ["RR@3"],'));
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(1), [
      '0: mean of 1 of 2 (1 NaN): RR@3 1.000',
      '4: RR@3 1.000',
      '5: every metric NaN',
    ]);
    await client.configure({ headlineMetrics: ['P@3', 'AP@3'] });
    const other = 'file:///lenses/headline-setting.rank.json';
    await client.open(other, FIXTURE);
    assert.deepEqual(lines(await client.resolvedCodeLenses(other)).slice(2, 4), ['4: P@3 0.667', '4: AP@3 0.833 ±']);
    await client.configure({});
  });

  it('opens the breakdown of a case and the comparison of a fixture when clicked', async () => {
    const uri = 'file:///lenses/commands.rank.json';
    await client.open(uri, FIXTURE);
    const lenses = await client.resolvedCodeLenses(uri);
    const [fixture, q1, q2] = [lenses[0], lenses[2], lenses[6]];
    assert.deepEqual(fixture.command?.command, 'ranklens.compareConventions');
    assert.deepEqual(fixture.command?.arguments, [uri]);
    assert.deepEqual([q1.command?.command, q1.command?.arguments], ['ranklens.showCaseBreakdown', [uri, 0, 0]]);
    assert.deepEqual(q2.command?.arguments, [uri, 0, 1]);
  });

  it('reads the same in YAML', async () => {
    const uri = 'file:///lenses/basic.rank.yaml';
    await client.open(uri, YAML_FIXTURE);
    assert.deepEqual(
      lines(await client.resolvedCodeLenses(uri)),
      SHORT.map((l) => l.replace(/^4:/, '3:').replace(/^5:/, '6:')),
    );
  });

  it('lists every metric the fixture names, and follows edits', async () => {
    const uri = 'file:///lenses/metrics.rank.json';
    await client.open(uri, FIXTURE.replace('"k": [3],', '"k": [1, 3], "metrics": ["P", "Success@1"],'));
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(2), [
      '4: P@1 1.000',
      '4: P@3 0.667',
      '4: Success@1 1.000',
      '5: every metric NaN',
    ]);
    await client.replace(uri, '"predictions": ["a", "x", "b"]', '"predictions": ["x", "a", "b"]');
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(2, 5), ['4: P@1 0.000', '4: P@3 0.667', '4: Success@1 0.000']);
  });

  it('keeps the last good lenses, moved with the text, while the document is mid-edit and broken', async () => {
    const uri = 'file:///lenses/broken.rank.json';
    await client.open(uri, FIXTURE);
    const good = lines(await client.resolvedCodeLenses(uri));
    // Two new lines above the cases, then a string left open while typing a new prediction.
    await client.replace(uri, '"cases": {', '"cases": {\n\n');
    await client.replace(uri, '"predictions": ["a", "x", "b"]', '"predictions": ["a", "x", "b", "y]');
    const diagnostics = await client.diagnostics(uri, 3);
    assert.ok(
      diagnostics.some((d) => d.code === 'syntax-error'),
      'the text does not parse',
    );
    // Marked as kept from the last version that parsed.
    assert.deepEqual(
      lines(await client.resolvedCodeLenses(uri)),
      good.map((l) =>
        l
          .replace(/^4:/, '6:')
          .replace(/^5:/, '7:')
          .replace(/^(\d+): /, '$1: stale: '),
      ),
    );
    // Finished typing: fresh values.
    await client.replace(uri, '"y]', '"y"]');
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(2, 6), [
      '6: nDCG@3 0.920 ±',
      '6: AP@3 0.833 ±',
      '6: P@3 0.667',
      '6: R@3 0.667 ±',
    ]);
  });

  it('sends case lenses without titles and resolves each to the lens an eager request had', async () => {
    const uri = 'file:///lenses/lazy.rank.json';
    await client.open(uri, FIXTURE);
    const lenses = await client.codeLenses(uri);
    assert.deepEqual(lines(lenses.slice(0, 2)), SHORT.slice(0, 2));
    assert.deepEqual(
      lenses.slice(2).map((l) => l.command),
      [undefined, undefined, undefined, undefined, undefined],
    );
    const q2 = lenses[6];
    // The case id "q2", quotes included, on line 5.
    assert.deepEqual(q2.range, { start: { line: 5, character: 4 }, end: { line: 5, character: 8 } });
    const resolved = await client.resolveCodeLens(q2);
    assert.deepEqual(resolved.range, q2.range);
    assert.deepEqual(resolved.command, {
      title: 'every metric NaN',
      tooltip:
        "Every metric of case q2 is NaN under seed000, and the case is left out of the means. Click for the case's breakdown: all 12 metrics, every term, knob and preset.",
      command: 'ranklens.showCaseBreakdown',
      arguments: [uri, 0, 1],
    });
  });

  it('resolves every lens of a 300-case fixture, in any order, to the lens of its case', async () => {
    const uri = 'file:///lenses/many.rank.json';
    const cases = Array.from(
      { length: 300 },
      (_, i) =>
        `"c${i}": {"labels": {"d${i % 7}": ${1 + (i % 3)}, "d${(i * 3) % 11}": 1}, "predictions": ["d${i % 5}", "d${i % 7}", "d${(i * 3) % 11}", "d${i % 13}"]}`,
    );
    // seed000 keeps the first of a repeated prediction (c0 predicts d0 four times; trec_eval would refuse it).
    const text = `{"k": [1, 3], "convention": "seed000", "cases": {\n${cases.join(',\n')}\n}}`;
    await client.open(uri, text);
    const lenses = (await client.codeLenses(uri)).slice(2);
    // The eager titles: the same lenses computed here from the shared core, with the spread marks the server's default settings draw.
    const fe = evaluateDocument(parseFixture(text, 'json')).fixtures[0];
    const eager = fe.cases.flatMap((_, i) => caseLenses(fe, i, { spread: true }).map((t) => t.title));
    // c7 ranks d2 d0 d10 d7 against d0 (grade 2) and d10 (grade 1): nDCG@3 = (3/log2 3 + 1/2) / (3 + 1/log2 3) = 0.659
    // with seed000's 2^g − 1 gains (trec_eval's linear gains: (2/log2 3 + 1/2) / (2 + 1/log2 3) = 0.670, more than 0.01
    // away: marked); AP@3 = (1/2 + 2/3) / 2 under every preset.
    assert.deepEqual(eager.slice(28, 32), ['nDCG@3 0.659 ±', 'AP@3 0.583', 'P@1 0.000', 'R@1 0.000']);
    const backwards = await Promise.all([...lenses].reverse().map((l) => client.resolveCodeLens(l)));
    const titles = backwards.reverse().map((l) => l.command?.title);
    assert.deepEqual(titles, eager);
    assert.deepEqual(
      lenses.map((l) => l.range.start.line),
      eager.map((_, i) => Math.floor(i / 4) + 1),
    );
  });

  it('gives a case of a fixture over 2,000 cases one lens, its headline values side by side', async () => {
    const uri = 'file:///lenses/large.rank.json';
    const cases = Array.from(
      { length: 2001 },
      (_, i) =>
        `"c${i}": {"labels": {"d${i % 7}": ${1 + (i % 3)}, "d${(i * 3) % 11}": 1}, "predictions": ["d${i % 5}", "d${i % 7}", "d${(i * 3) % 11}", "d${i % 13}"]}`,
    );
    await client.open(uri, `{"k": [1, 3], "convention": "seed000", "cases": {\n${cases.join(',\n')}\n}}`);
    const lenses = await client.codeLenses(uri);
    assert.equal(lenses.length, 2 + 2001);
    const c7 = await client.resolveCodeLens(lenses[2 + 7]);
    assert.deepEqual([c7.range.start.line, c7.command?.title], [8, 'nDCG@3 0.659 ± · AP@3 0.583 · P@1 0.000 · R@1 0.000']);
    assert.equal(
      c7.command?.tooltip,
      "Case c7 under seed000:\nnDCG@3 0.6590 (0.659–0.877 across the presets)\nAP@3 0.5833\nP@1 0.0000\nR@1 0.0000\n\nClick for the case's breakdown: all 20 metrics, every term, knob and preset.",
    );
    // nDCG@3 of c7: (3/log2 3 + 1/2) / (3 + 1/log2 3) = 2.3928 / 3.6309 = 0.6590; LensKit's 1/log2(max(i, 2)) discount:
    // (2 + 1/log2 3) / (2 + 1) = 0.877. No metrics listed, so 10 families at 2 cutoffs.
  });

  it('resolves to the headline metrics of now: a setting changed between two requests re-titles the same case', async () => {
    const uri = 'file:///lenses/reshaped.rank.json';
    await client.open(uri, FIXTURE);
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(2, 3), ['4: nDCG@3 0.920 ±']);
    await client.configure({ headlineMetrics: ['RR@3'] });
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(1), [
      '0: mean of 1 of 2 (1 NaN): RR@3 1.000',
      '4: RR@3 1.000',
      '5: every metric NaN',
    ]);
    await client.configure({});
  });

  it('can be turned off', async () => {
    const uri = 'file:///lenses/off.rank.json';
    await client.open(uri, FIXTURE);
    await client.configure({ codeLens: { enable: false } });
    assert.deepEqual(await client.codeLenses(uri), []);
    await client.configure({});
    assert.equal((await client.codeLenses(uri)).length, 7);
  });
});
