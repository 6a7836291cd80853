/**
 * Neovim (Debian's 0.7.2, headless) as a second, independent LSP client: it starts the built server
 * (dist/server.js --stdio), opens a fixture from examples/, and reports what it got: diagnostics,
 * code lenses, hovers and code actions (test/neovim/init.lua writes them as JSON).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import {
  SET_COMPUTED,
  agrees,
  examplesDir,
  expectsShownIn,
  pickFixture,
  type FixtureUnderTest,
  type Pos,
} from '../editor/fixtureUnderTest';
import { ensureDebianPackages, isolatedEnv, removeDir, repoRoot } from '../editor/harness';

interface TextEdit {
  range: { start: Pos; end: Pos };
  newText: string;
}
interface WorkspaceEdit {
  changes?: Record<string, TextEdit[]>;
  documentChanges?: { textDocument: { uri: string }; edits: TextEdit[] }[];
}

interface NvimResult {
  initialized: boolean;
  errors: string[];
  diagnostics: { line: number; col: number; severity: number; message: string; source?: string; code?: string | number }[];
  codeLens: { line: number; title: string | null; command: string | null }[];
  hovers: { line: number; character: number; text: string | null }[];
  codeActions: { line: number; title: string; kind: string | null; diagnostic_code?: string; edit: WorkspaceEdit | null }[];
}

const server = join(repoRoot, 'dist', 'server.js');
const initLua = join(repoRoot, 'test', 'neovim', 'init.lua');

function runNvim(home: string, file: string, hovers: Pos[], waitDiagnostics: boolean): Promise<NvimResult> {
  const out = join(home, `result-${Date.now()}-${Math.random().toString(36).slice(2)}.json`);
  const env = {
    ...isolatedEnv(home),
    RANKLENS_SERVER_CMD: JSON.stringify([process.execPath, server, '--stdio']),
    RANKLENS_OUT: out,
    RANKLENS_HOVERS: JSON.stringify(hovers),
    RANKLENS_WAIT_DIAGNOSTICS: waitDiagnostics ? '1' : '0',
    RANKLENS_TIMEOUT_MS: '20000',
  };
  return new Promise((resolve, reject) => {
    execFile(
      'nvim',
      ['--headless', '-n', '-i', 'NONE', '-u', initLua, file],
      { env, timeout: 90_000, cwd: home },
      (err, stdout, stderr) => {
        if (!existsSync(out)) {
          reject(new Error(`nvim wrote no result (${err?.message ?? 'exit 0'})\nstdout: ${stdout}\nstderr: ${stderr}`));
          return;
        }
        resolve(JSON.parse(readFileSync(out, 'utf8')) as NvimResult);
      },
    );
  });
}

describe('Neovim 0.7 as an LSP client of dist/server.js --stdio', { timeout: 180_000 }, () => {
  let home: string;
  let fx: FixtureUnderTest;

  before(() => {
    assert.ok(existsSync(server), `${server} is missing: run npm run build`);
    ensureDebianPackages();
    home = mkdtempSync(join(tmpdir(), 'ranklens-nvim-'));
    fx = pickFixture(examplesDir(repoRoot));
  });
  after(() => removeDir(home));

  it('shows the case readout as a lens and explains the case on hover', async () => {
    const file = join(home, 'fixture.rank.json');
    writeFileSync(file, fx.text);
    const r = await runNvim(home, file, [fx.caseIdPos], false);
    assert.deepEqual(r.errors, [], 'no client or server errors');
    assert.equal(r.initialized, true);

    const titles = r.codeLens.map((l) => l.title ?? '');
    assert.ok(titles.length > 0, 'the server answers textDocument/codeLens');
    assert.ok(
      titles.every((t) => t.trim().length > 0),
      `every lens has a title: ${JSON.stringify(titles)}`,
    );
    const shown = titles.filter((t) => expectsShownIn(t, fx.expect).length > 0);
    assert.ok(
      shown.length > 0,
      `a lens shows case ${fx.caseId}'s expected values ${JSON.stringify(fx.expect)}; lenses: ${JSON.stringify(titles)}`,
    );
    const caseLens = r.codeLens.find((l) => l.title === shown[0])!;
    assert.ok(caseLens.line <= fx.caseIdPos.line, 'the case lens sits at or above the case id');

    const hover = r.hovers[0]?.text ?? '';
    assert.ok(hover.length > 0, `a hover at the case id (${JSON.stringify(fx.caseIdPos)})`);
    assert.ok(hover.includes(fx.caseId), `the hover names the case: ${hover.slice(0, 400)}`);
    for (const { metric } of fx.expect) assert.ok(hover.includes(metric), `the hover explains ${metric}: ${hover.slice(0, 400)}`);
  });

  it('flags a wrong expect value and offers the fix', async () => {
    const file = join(home, fx.broken.fileName);
    writeFileSync(file, fx.broken.text);
    const r = await runNvim(home, file, [fx.broken.valuePos], true);
    assert.deepEqual(r.errors, [], 'no client or server errors');
    const mismatch = r.diagnostics.filter((d) => d.code === 'expect-mismatch');
    assert.ok(mismatch.length >= 1, `an expect-mismatch diagnostic; got ${JSON.stringify(r.diagnostics)}`);
    const d = mismatch[0];
    assert.equal(d.line, fx.broken.valuePos.line, 'on the wrong value');
    assert.equal(d.severity, 1, 'as an error');
    assert.ok(
      d.message.includes(fx.broken.wrongText) || d.message.includes(fx.broken.metric),
      `the message names the value or the metric: ${d.message}`,
    );
    const fix = r.codeActions.find((a) => a.diagnostic_code === 'expect-mismatch' && SET_COMPUTED.test(a.title));
    assert.ok(fix, `the quick fix is offered; got ${JSON.stringify(r.codeActions.map((a) => a.title))}`);
    assert.equal(fix.kind, 'quickfix');
    const edits = [...Object.values(fix.edit?.changes ?? {}).flat(), ...(fix.edit?.documentChanges ?? []).flatMap((c) => c.edits)];
    assert.equal(edits.length, 1, `one edit: ${JSON.stringify(fix.edit)}`);
    assert.deepEqual(edits[0].range.start, fx.broken.valuePos, 'it replaces the wrong value');
    assert.ok(
      agrees(edits[0].newText, fx.broken.original),
      `with the computed ${edits[0].newText} (the example has ${fx.broken.original.text})`,
    );
  });
});
