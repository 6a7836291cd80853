/** Code lenses from the built server over stdio: readouts above cases and fixtures, kept while the text is broken. */
// @ts-nocheck

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { TestClient } from './lspClient';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseReadout } from '../../shared/text/lensText';

const FIXTURE = `{
  "k": [3],
  "convention": "default",
  "cases": {
    "q1": {"labels": ["a", "b", "c"], "predictions": ["a", "x", "b"]},
    "q2": {"labels": [], "predictions": ["a"]}
  }
}
`;

const YAML_FIXTURE = `k: [3]
convention: default
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
  before(async () => { client = await TestClient.start(); });
  after(async () => { await client.stop(); });

  it('shows the means above the fixture and each case\'s values above the case, NaN as NaN', async () => {
    const uri = 'file:///lenses/basic.rank.json';
    await client.open(uri, FIXTURE);
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)), [
      '0: mean over 1 of 2 cases, 1 NaN left out: P@3 0.667 · R@3 0.667 · AP@3 0.833 · RR@3 1.000 · nDCG@3 0.920 — convention default',
      '4: P@3 0.667 · R@3 0.667 · AP@3 0.833 · RR@3 1.000 · nDCG@3 0.920',
      '5: P@3 NaN · R@3 NaN · AP@3 NaN · RR@3 NaN · nDCG@3 NaN',
    ]);
  });

  it('opens the breakdown of a case and the comparison of a fixture when clicked', async () => {
    const uri = 'file:///lenses/commands.rank.json';
    await client.open(uri, FIXTURE);
    const [fixture, q1, q2] = await client.resolvedCodeLenses(uri);
    assert.deepEqual(fixture.command?.command, 'ranklens.compareConventions');
    assert.deepEqual(fixture.command?.arguments, [uri]);
    assert.deepEqual([q1.command?.command, q1.command?.arguments], ['ranklens.showCaseBreakdown', [uri, 0, 0]]);
    assert.deepEqual(q2.command?.arguments, [uri, 0, 1]);
  });

  it('reads the same in YAML', async () => {
    const uri = 'file:///lenses/basic.rank.yaml';
    await client.open(uri, YAML_FIXTURE);
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)), [
      '0: mean over 1 of 2 cases, 1 NaN left out: P@3 0.667 · R@3 0.667 · AP@3 0.833 · RR@3 1.000 · nDCG@3 0.920 — convention default',
      '3: P@3 0.667 · R@3 0.667 · AP@3 0.833 · RR@3 1.000 · nDCG@3 0.920',
      '6: P@3 NaN · R@3 NaN · AP@3 NaN · RR@3 NaN · nDCG@3 NaN',
    ]);
  });

  it('lists every metric the fixture names, and follows edits', async () => {
    const uri = 'file:///lenses/metrics.rank.json';
    await client.open(uri, FIXTURE.replace('"k": [3],', '"k": [1, 3], "metrics": ["P", "Success@1"],'));
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)).slice(1), [
      '4: P@1 1.000 · P@3 0.667 · Success@1 1.000',
      '5: P@1 NaN · P@3 NaN · Success@1 NaN',
    ]);
    await client.replace(uri, '"predictions": ["a", "x", "b"]', '"predictions": ["x", "a", "b"]');
    assert.equal(lines(await client.resolvedCodeLenses(uri))[1], '4: P@1 0.000 · P@3 0.667 · Success@1 0.000');
  });

  it('keeps the last good lenses, moved with the text, while the document is mid-edit and broken', async () => {
    const uri = 'file:///lenses/broken.rank.json';
    await client.open(uri, FIXTURE);
    const good = lines(await client.resolvedCodeLenses(uri));
    // Two new lines above the cases, then a string left open while typing a new prediction.
    await client.replace(uri, '"cases": {', '"cases": {\n\n');
    await client.replace(uri, '"predictions": ["a", "x", "b"]', '"predictions": ["a", "x", "b", "y]');
    const diagnostics = await client.diagnostics(uri, 3);
    assert.ok(diagnostics.some((d) => d.code === 'syntax-error'), 'the text does not parse');
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri)), [good[0], good[1].replace(/^4:/, '6:'), good[2].replace(/^5:/, '7:')]);
    // Finished typing: fresh values.
    await client.replace(uri, '"y]', '"y"]');
    assert.deepEqual(lines(await client.resolvedCodeLenses(uri))[1], '6: P@3 0.667 · R@3 0.667 · AP@3 0.833 · RR@3 1.000 · nDCG@3 0.920');
  });

  it('sends case lenses without titles and resolves each to the title an eager lens had', async () => {
    const uri = 'file:///lenses/lazy.rank.json';
    await client.open(uri, FIXTURE);
    const [fixture, q1, q2] = await client.codeLenses(uri);
    assert.match(fixture.command?.title ?? '', /^mean over 1 of 2 cases/);
    assert.deepEqual([q1.command, q2.command], [undefined, undefined]);
    const resolved = await client.resolveCodeLens(q2);
    assert.deepEqual(resolved.range, q2.range);
    assert.deepEqual(resolved.command, {
      title: 'P@3 NaN · R@3 NaN · AP@3 NaN · RR@3 NaN · nDCG@3 NaN', command: 'ranklens.showCaseBreakdown', arguments: [uri, 0, 1],
    });
  });

  it('resolves every lens of a 300-case fixture, in any order, to the readout of its case', async () => {
    const uri = 'file:///lenses/many.rank.json';
    const cases = Array.from({ length: 300 }, (_, i) =>
      `"c${i}": {"labels": {"d${i % 7}": ${1 + (i % 3)}, "d${(i * 3) % 11}": 1}, "predictions": ["d${i % 5}", "d${i % 7}", "d${(i * 3) % 11}", "d${i % 13}"]}`);
    const text = `{"k": [1, 3], "cases": {\n${cases.join(',\n')}\n}}`;
    await client.open(uri, text);
    const lenses = (await client.codeLenses(uri)).slice(1);
    // The eager titles: the same readout computed here from the shared core.
    const fe = evaluateDocument(parseFixture(text, 'json')).fixtures[0];
    const eager = fe.cases.map((_, i) => caseReadout(fe, i));
    // c7 ranks d2 d0 d10 d7 against d0 (grade 2) and d10 (grade 1): AP@3 = (1/2 + 2/3) / 2, nDCG@3 = (3/log2 3 + 1/2) / (3 + 1/log2 3).
    assert.equal(eager[7], 'P@1 0.000 · P@3 0.667 · R@1 0.000 · R@3 1.000 · AP@1 0.000 · AP@3 0.583 · RR@1 0.000 · RR@3 0.500 · nDCG@1 0.000 · nDCG@3 0.659');
    const backwards = await Promise.all([...lenses].reverse().map((l) => client.resolveCodeLens(l)));
    const titles = backwards.reverse().map((l) => l.command?.title);
    assert.deepEqual(titles, eager);
    assert.deepEqual(lenses.map((l) => l.range.start.line), eager.map((_, i) => i + 1));
  });

  it('can be turned off', async () => {
    const uri = 'file:///lenses/off.rank.json';
    await client.open(uri, FIXTURE);
    await client.configure({ codeLens: { enable: false } });
    assert.deepEqual(await client.codeLenses(uri), []);
    await client.configure({});
    assert.equal((await client.codeLenses(uri)).length, 3);
  });
});
