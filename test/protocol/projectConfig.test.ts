/**
 * ranklens.config.json in the server: the nearest enclosing config sets the convention, cutoffs,
 * headline and severities; the lens names the source that won; settings fill only what it leaves
 * open. The same files through `ranklens check --json` give the same numbers.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { TestClient } from './lspClient';
import { ranklens, tempFiles } from '../cli/ranklens';
import { CONFIG_FIXTURE, CONFIG_FIXTURE_OWN, PROJECT_CONFIG } from '../fixtures/projectConfig';

const titles = (lenses: { command?: { title: string } }[]) => lenses.map((l) => l.command?.title);

describe('ranklens.config.json in the editor', () => {
  let client: TestClient;
  const dir = tempFiles({
    'ranklens.config.json': PROJECT_CONFIG,
    'sub/deep/plain.rank.yaml': CONFIG_FIXTURE,
    'sub/own.rank.yaml': CONFIG_FIXTURE_OWN,
  });
  const plain = join(dir, 'sub', 'deep', 'plain.rank.yaml');
  const own = join(dir, 'sub', 'own.rank.yaml');
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('takes the convention, cutoffs, headline and severities of the nearest enclosing config, and says so', async () => {
    const uri = pathToFileURL(plain).toString();
    await client.open(uri, CONFIG_FIXTURE);
    // seed000: AP@2 = (1/2) / 1 hit = 0.500 (trec_eval: / 3 relevant = 0.167, so the lens marks it); P@2 = 1/2
    // under every preset. The config's headline is P@2 and AP@2.
    assert.deepEqual(titles(await client.resolvedCodeLenses(uri)), [
      'seed000 (ranklens.config.json)',
      'mean of 1: P@2 0.500 · AP@2 0.500',
      'P@2 0.500',
      'AP@2 0.500 ±',
    ]);
    // k = 3 > 2 predictions would be a k-exceeds-predictions note; the config turns it off.
    assert.deepEqual(await client.diagnostics(uri, 1), []);
  });

  it('lets the config win over the settings, which fill what it leaves open', async () => {
    await client.configure({ defaultConvention: 'ranx', defaultCutoffs: [5], headlineMetrics: ['P@3'] });
    const uri = pathToFileURL(plain).toString();
    assert.deepEqual(titles(await client.resolvedCodeLenses(uri)).slice(0, 2), [
      'seed000 (ranklens.config.json)',
      'mean of 1: P@2 0.500 · AP@2 0.500',
    ]);
    const outside = 'file:///nowhere/plain.rank.yaml';
    await client.open(outside, CONFIG_FIXTURE);
    assert.deepEqual(titles(await client.resolvedCodeLenses(outside)).slice(0, 1), ['ranx (setting)']);
    await client.configure({});
  });

  it("keeps a fixture's own convention", async () => {
    const uri = pathToFileURL(own).toString();
    await client.open(uri, CONFIG_FIXTURE_OWN);
    assert.deepEqual(titles(await client.resolvedCodeLenses(uri)), [
      'trec_eval (fixture)',
      'mean of 1: P@2 0.500 · AP@2 0.167',
      'P@2 0.500',
      'AP@2 0.167 ±',
    ]);
  });

  it('gives the numbers ranklens check gives for the same files', async () => {
    for (const [path, text] of [
      [plain, CONFIG_FIXTURE],
      [own, CONFIG_FIXTURE_OWN],
    ]) {
      const uri = pathToFileURL(path).toString();
      await client.open(uri, text);
      const lensValues = titles(await client.resolvedCodeLenses(uri))
        .slice(2)
        .map((t) => t!.split(' ').slice(0, 2));
      const report = JSON.parse(ranklens(['check', '--json', path]).stdout).fixtures[0];
      const cli = lensValues.map(([name]) => [name, report.cases[0].values[name].value.toFixed(3)]);
      assert.deepEqual(lensValues, cli, path);
      assert.equal(report.convention.name, titles(await client.resolvedCodeLenses(uri))[0]!.split(' ')[0]);
    }
  });
});
