/**
 * ranklens/codeLenses over stdio, as the VS Code client asks for the lenses of the lines it shows: the
 * lenses textDocument/codeLens puts on those lines, titles included; fresh right after an edit (the
 * server reads the new version when asked, whatever its own schedule); none when lenses are off.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CodeLens } from 'vscode-languageserver-protocol/node';
import { TestClient } from './lspClient';
import { CODE_LENSES_REQUEST, CodeLensesParams } from '../../shared/protocol';

/** 300 cases of 3 lines after "convention: trec_eval\ncases:\n": case i's id on line 2 + 3i; its first prediction relevant. */
function fixture(): string {
  const cases = Array.from(
    { length: 300 },
    (_, i) => `  q${i}:\n    labels: {d${i}: 1, e${i}: 2}\n    predictions: [d${i}, x${i}, e${i}]\n`,
  );
  return `convention: trec_eval\ncases:\n${cases.join('')}`;
}

describe('lenses of the lines an editor shows (ranklens/codeLenses)', () => {
  let client: TestClient;
  before(async () => {
    client = await TestClient.start({ initializationOptions: { debounceMs: undefined } });
  });
  after(async () => {
    await client.stop();
  });

  const windowOf = (uri: string, start: number, end: number): Promise<CodeLens[]> =>
    client.connection.sendRequest(CODE_LENSES_REQUEST, { uri, lines: [{ start, end }] } satisfies CodeLensesParams);

  it('are the lenses textDocument/codeLens puts on those lines, with the titles codeLens/resolve gives them', async () => {
    const uri = 'file:///window/equal.rank.yaml';
    await client.open(uri, fixture());
    const all = await client.resolvedCodeLenses(uri);
    // Lines 301 to 360: the ids of cases 100 to 119 (lines 302, 305, …, 359), four lenses each (one per headline metric).
    const window = await windowOf(uri, 301, 360);
    assert.equal(window.length, 80);
    assert.deepEqual(
      window,
      all.filter((l) => l.range.start.line >= 301 && l.range.start.line <= 360),
    );
    // q100 ranks d100 (grade 1), x100, e100 (grade 2); trec_eval's gain is the grade: nDCG@10 = (1 + 2/2) / (2 + 1/log2 3) = 0.760.
    // ± : the presets give values more than 0.01 apart (exponential gain among them), as every case lens marks by default.
    assert.equal(window[0].command!.title, 'nDCG@10 0.760 ±');
    // The fixture's own lenses sit on line 0.
    assert.deepEqual(await windowOf(uri, 0, 1), all.slice(0, 2));
  });

  it('are fresh when asked for right after an edit', async () => {
    const uri = 'file:///window/fresh.rank.yaml';
    const text = fixture();
    await client.open(uri, text);
    await client.diagnostics(uri, 1);
    const before = (await windowOf(uri, 302, 302))[0].command!.title;
    // q100's first prediction d100 becomes d100x: not relevant any more, and nDCG@10 falls.
    const at = text.indexOf('[d100,') + 5;
    const doc = client.document(uri);
    await client.edit(uri, [{ range: { start: doc.positionAt(at), end: doc.positionAt(at) }, text: 'x' }]);
    const after = (await windowOf(uri, 302, 302))[0].command!.title;
    assert.notEqual(after, before);
    // e100 (grade 2) alone at rank 3: (2/2) / (2 + 1/log2 3) = 0.380.
    assert.equal(after, 'nDCG@10 0.380 ±');
  });

  it('are none when code lenses are turned off', async () => {
    const uri = 'file:///window/off.rank.yaml';
    await client.open(uri, fixture());
    await client.configure({ codeLens: { enable: false } });
    assert.deepEqual(await windowOf(uri, 0, 100), []);
    await client.configure({});
    assert.equal((await windowOf(uri, 0, 1)).length, 2);
  });
});
