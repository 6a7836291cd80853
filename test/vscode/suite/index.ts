/**
 * Runs inside VS Code's extension host (loaded by @vscode/test-electron): reads what the editor got
 * from the extension through the VS Code API. No test framework: each check is an async function,
 * run in order; run() rejects when any failed, which fails the VS Code run.
 */
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import * as vscode from 'vscode';
import { SET_COMPUTED, agrees, expectValueIn, expectsShownIn, pickFixture } from '../../editor/fixtureUnderTest';

async function poll<T>(what: string, fn: () => Promise<T | undefined> | T | undefined, timeoutMs = 30_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

const hoverText = (hovers: vscode.Hover[]) =>
  hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : 'value' in c ? c.value : ''))).join('\n');

const codeOf = (d: vscode.Diagnostic) => (typeof d.code === 'object' && d.code !== null ? String(d.code.value) : String(d.code ?? ''));

export async function run(): Promise<void> {
  const ws = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(ws, 'a workspace folder is open');
  const fx = pickFixture(process.env.RANKLENS_EXAMPLES ?? ws);
  const exampleUri = vscode.Uri.file(join(ws, fx.relPath));
  const brokenUri = vscode.Uri.file(join(ws, fx.broken.fileName));
  const failures: string[] = [];
  const check = async (name: string, fn: () => Promise<void>) => {
    try {
      await fn();
      console.log(`ok - ${name}`);
    } catch (e) {
      failures.push(`${name}: ${e instanceof Error ? e.message : String(e)}`);
      console.log(`not ok - ${name}\n  ${e instanceof Error ? e.message : String(e)}`);
    }
  };

  await check('a code lens shows the case values', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(exampleUri));
    const titles = await poll('code lenses', async () => {
      const lenses = (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', exampleUri, 100)) ?? [];
      const t = lenses.map((l) => l.command?.title ?? '');
      return t.some((x) => expectsShownIn(x, fx.expect).length > 0) ? t : undefined;
    });
    assert.ok(titles.length > 0);
  });

  await check('a hover explains the case', async () => {
    const pos = new vscode.Position(fx.caseIdPos.line, fx.caseIdPos.character + 1);
    const text = await poll('a hover naming the case and its metrics', async () => {
      const t = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', exampleUri, pos)) ?? []);
      return t.includes(fx.caseId) && fx.expect.every((e) => t.includes(e.metric)) ? t : undefined;
    });
    assert.ok(text.length > 0);
  });

  await check('a wrong expect value is an expect-mismatch error', async () => {
    await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(brokenUri));
    const d = await poll('diagnostics', () => vscode.languages.getDiagnostics(brokenUri).find((x) => codeOf(x) === 'expect-mismatch'));
    assert.equal(d.severity, vscode.DiagnosticSeverity.Error);
    assert.equal(d.range.start.line, fx.broken.valuePos.line);
  });

  await check('the quick fix writes the computed value', async () => {
    const d = vscode.languages.getDiagnostics(brokenUri).find((x) => codeOf(x) === 'expect-mismatch');
    assert.ok(d, 'the diagnostic is still there');
    const actions = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', brokenUri, d.range, vscode.CodeActionKind.QuickFix.value)) ?? [];
    const fix = actions.find((a) => SET_COMPUTED.test(a.title));
    assert.ok(fix, `offered: ${actions.map((a) => a.title).join(', ')}`);
    if (fix.edit) assert.ok(await vscode.workspace.applyEdit(fix.edit));
    if (fix.command) await vscode.commands.executeCommand(fix.command.command, ...(fix.command.arguments ?? []));
    const doc = await vscode.workspace.openTextDocument(brokenUri);
    assert.ok(await doc.save() || !doc.isDirty);
    const fixed = expectValueIn(readFileSync(brokenUri.fsPath, 'utf8'), fx.caseId, fx.broken.metric);
    assert.ok(fixed && fixed !== fx.broken.wrongText && agrees(fixed, fx.broken.original), `fixed to ${fixed}, example has ${fx.broken.original.text}`);
  });

  if (failures.length) throw new Error(`${failures.length} check(s) failed:\n${failures.join('\n')}`);
}
