/**
 * The workspace scan runs behind the documents the user opens: a file opened while the scan is
 * checking a folder of fixtures gets its diagnostics at once, between two scanned files, and the scan
 * then carries on to the last file.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { TestClient, fileUri } from './lspClient';

const FILES = 60;

/** A fixture of 300 cases; case q7 of every file has no labels. */
function fixture(seed: number): string {
  const cases = Array.from(
    { length: 300 },
    (_, i) =>
      `    "q${i}": {"labels": ${i === 7 ? '[]' : `["d${(i + seed) % 9}"]`}, "predictions": ["d${i % 9}", "e${i % 7}", "f${i % 5}"]}`,
  );
  return `{\n  "k": [3],\n  "cases": {\n${cases.join(',\n')}\n  }\n}\n`;
}

describe('the workspace scan and an opened file', () => {
  let client: TestClient;
  let dir: string;
  before(() => {
    dir = mkdtempSync(join(tmpdir(), 'ranklens-scan-'));
    for (let f = 0; f < FILES; f++) writeFileSync(join(dir, `f${String(f).padStart(2, '0')}.rank.json`), fixture(f));
  });
  after(async () => {
    await client?.stop();
    rmSync(dir, { recursive: true, force: true });
  });

  it('answers the opened file between two scanned files, then finishes the scan', async () => {
    client = await TestClient.start({ workspace: dir, initializationOptions: { debounceMs: undefined } });
    const uris = Array.from({ length: FILES }, (_, f) => fileUri(join(dir, `f${String(f).padStart(2, '0')}.rank.json`)));
    const scanned = () => uris.filter((u) => client.publishedCount(u) > 0).length;
    await client.until(() => (scanned() >= 3 ? true : undefined), 'the scan to be under way');
    const opened = 'untitled:Untitled-1';
    await client.open(opened, fixture(100).replace('"q7": {"labels": []', '"q7": {"labels": ["d0"]'), 'json');
    const before = scanned();
    const diagnostics = await client.diagnostics(opened, 1);
    const between = scanned() - before;
    assert.deepEqual(
      diagnostics.map((d) => d.code),
      [],
    );
    assert.ok(scanned() < FILES, `the opened file was answered while the scan was under way (${scanned()} of ${FILES} scanned)`);
    assert.ok(between <= 2, `at most the file being checked and the next were published first; ${between} were`);
    // Every scanned file has its own diagnostics: the empty labels of q7.
    await client.until(() => (scanned() === FILES ? true : undefined), 'the scan to finish', 60_000);
    const last = await client.diagnosticsWhere(uris[FILES - 1], () => true);
    assert.deepEqual(
      last.map((d) => [d.code, d.range.start.line]),
      [['empty-labels', 10]],
    );
  });
});
