/**
 * The server reads a YAML fixture the same whichever parser reads it: the fast path for the shapes
 * fixtures use, the `yaml` package for the rest (here forced by a document end marker `...` at the end,
 * which moves no offset before it). Diagnostics, resolved lenses and hovers are equal, and as written out below.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { Diagnostic } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';
import { fastYamlTree } from '../../shared/fixture/syntax/yaml/yamlFastTree';

const FIXTURE = `k: [1, 3]
cases:
  q1:
    labels: {a: 2, b: 1}
    predictions: [a, x, b, a]
    expect:
      P@3: 0.5
  q2:
    labels: []
    predictions: [06, c]
  q3:
    labels:
    - c
    predictons: [c]
convention: seed000
`;

const shown = (ds: Diagnostic[]) =>
  ds.map((d) => `${d.range.start.line}:${d.range.start.character}-${d.range.end.line}:${d.range.end.character} ${d.code}`);

describe('YAML read by the fast path and by the yaml package', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start();
  });
  after(async () => {
    await client.stop();
  });

  it('gives the same diagnostics, lenses and hovers', async () => {
    const fast = 'file:///yaml/fast.rank.yaml';
    const full = 'file:///yaml/full.rank.yaml';
    const commented = `${FIXTURE}...\n`;
    assert.ok(fastYamlTree(FIXTURE, 64) && !fastYamlTree(commented, 64), 'one text for each parser');
    await client.open(fast, FIXTURE);
    await client.open(full, commented);
    const diagnostics = await client.diagnostics(fast, 1);
    assert.deepEqual(shown(diagnostics), [
      '9:18-9:20 id-not-as-written',
      '13:4-13:14 unknown-key',
      '4:27-4:28 duplicate-prediction',
      '6:11-6:14 expect-mismatch',
      '8:12-8:14 empty-labels',
    ]);
    // The same, once the other file's name is put in its place (related places and lens commands name the file).
    const renamed = <T>(x: T): T => JSON.parse(JSON.stringify(x).replaceAll(full, fast)) as T;
    assert.deepEqual(renamed(await client.diagnostics(full, 1)), diagnostics);
    const lenses = await client.resolvedCodeLenses(fast);
    // q1 ranks a (grade 2), x, b (grade 1), the second a dropped (seed000, named last): AP@3 = (1 + 2/3) / 2, nDCG@3 =
    // (3 + 1/2) / (3 + 1/log2 3). trec_eval refuses a case that predicts an item twice (NaN): every value is marked ±.
    assert.deepEqual(lenses.map((l) => [l.range.start.line, l.command?.title]).slice(2, 6), [
      [2, 'nDCG@3 0.964 ±'],
      [2, 'AP@3 0.833 ±'],
      [2, 'P@1 1.000 ±'],
      [2, 'R@1 0.500 ±'],
    ]);
    assert.deepEqual(renamed(await client.resolvedCodeLenses(full)), lenses);
    for (const offset of [FIXTURE.indexOf('q1'), FIXTURE.indexOf('06'), FIXTURE.indexOf('P@3')]) {
      assert.deepEqual(await client.hover(full, offset), await client.hover(fast, offset));
    }
  });
});
