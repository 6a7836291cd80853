/**
 * A real VS Code: code-server 4.100.3 (VS Code 1.100.3) with the packaged extension (ranklens.vsix)
 * installed, examples/ open, driven by Debian's headless Chromium through playwright-core, the way a
 * person uses it: lenses read off the screen, a hover shown with Ctrl+K Ctrl+I, the Problems panel,
 * and a quick fix applied from the Ctrl+. menu and saved to disk.
 *
 * Needs: scripts/setup-code-server.sh (run by the test; cached), `npm run package` (ranklens.vsix).
 * RANKLENS_UPDATE_SCREENSHOT=1 rewrites docs/screenshot.png (also written when it is missing);
 * every run writes test-results/code-server.png, and test-results/fail-*.png when a step fails.
 */
// @ts-nocheck

import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SET_COMPUTED, agrees, examplesDir, expectValueIn, expectsShownIn, pickFixture, type FixtureUnderTest } from './fixtureUnderTest';
import { chromiumArgs, chromiumPath, ensureCodeServer, removeDir, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, until } from './workbench';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseReadout } from '../../shared/text/lensText';
import { DEFAULT_SETTINGS, fixtureOptions } from '../../server/settings';

const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
const results = join(repoRoot, 'test-results');
const docsShot = join(repoRoot, 'docs', 'screenshot.png');

describe('VS Code (code-server + Chromium) with ranklens.vsix', { timeout: 600_000 }, () => {
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let wb: Workbench;
  let workspace: string;
  let fx: FixtureUnderTest;
  const consoleErrors: string[] = [];

  /** Runs a step; on failure saves a screenshot and the tail of code-server's log next to the error. */
  async function step<R>(name: string, fn: () => Promise<R>): Promise<R> {
    try {
      return await fn();
    } catch (e) {
      mkdirSync(results, { recursive: true });
      const shot = join(results, `fail-${name.replace(/\W+/g, '-')}.png`);
      await page?.screenshot({ path: shot }).catch(() => undefined);
      const log = cs && existsSync(cs.logFile) ? readFileSync(cs.logFile, 'utf8').split('\n').slice(-30).join('\n') : '';
      const err = e instanceof Error ? e : new Error(String(e));
      err.message += `\n(screenshot: ${shot})\ncode-server log tail:\n${log}\nbrowser console errors:\n${consoleErrors.slice(-10).join('\n')}`;
      throw err;
    }
  }

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    fx = pickFixture(examplesDir(repoRoot));
    // A copy of examples/ (the quick fix writes to disk), plus the fixture with one expect value made wrong.
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-ws-')), 'examples');
    cpSync(examplesDir(repoRoot), workspace, { recursive: true });
    // The examples' "$schema": "../schemas/…" then resolves as in the repository.
    if (existsSync(join(repoRoot, 'schemas'))) cpSync(join(repoRoot, 'schemas'), join(dirname(workspace), 'schemas'), { recursive: true });
    writeFileSync(join(workspace, fx.broken.fileName), fx.broken.text);
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error' && !/vsda|404 \(Not Found\)/.test(m.text())) consoleErrors.push(m.text());
    });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await cs?.stop();
    removeDir(cs?.home);
    if (workspace) removeDir(dirname(workspace));
  });

  it('installs the extension from the .vsix', () => {
    const installed = readdirSync(cs!.extensionsDir).filter((d) => d.startsWith('ranklens.ranklens-'));
    assert.equal(installed.length, 1, `extensions dir holds: ${readdirSync(cs!.extensionsDir).join(', ')}`);
    const dir = join(cs!.extensionsDir, installed[0]);
    for (const f of ['package.json', 'dist/client.js', 'dist/server.js']) assert.ok(existsSync(join(dir, f)), `${f} in the installed extension`);
    for (const f of ['node_modules', 'server', 'client', 'shared', 'test', 'out', 'dist/server.js.map']) {
      assert.ok(!existsSync(join(dir, f)), `no ${f} in the .vsix: the bundles are self-contained`);
    }
  });

  it("shows the case's values in a code lens", () => step('lens', async () => {
    await wb.openFile(fx.relPath.split('/').pop()!);
    const lenses = await wb.waitForLens((t) => expectsShownIn(t, fx.expect).length > 0,
      `showing case ${fx.caseId}'s expected values ${JSON.stringify(fx.expect.map((e) => `${e.metric} ${e.text}`))}`);
    const lens = lenses.find((t) => expectsShownIn(t, fx.expect).length > 0)!;
    assert.match(lens, /@\d+ /, `a readout like "P@3 0.667": ${lens}`);
    // The server sends case lenses without a title; this one arrived through codeLens/resolve, and is
    // exactly the readout the shared core computes for the case under the editor's default settings.
    const fe = evaluateDocument(parseFixture(fx.text, 'json'), fixtureOptions(DEFAULT_SETTINGS)).fixtures[0];
    const caseIndex = fe.cases.findIndex((c) => c.node.id.value === fx.caseId);
    assert.ok(lenses.includes(caseReadout(fe, caseIndex)), `case ${fx.caseId}'s readout "${caseReadout(fe, caseIndex)}" among the lenses: ${JSON.stringify(lenses)}`);
  }));

  it('explains the case on hover (Ctrl+K Ctrl+I at the case id)', () => step('hover', async () => {
    await wb.goTo(fx.caseIdPos.line + 1, fx.caseIdPos.character + 2);
    await wb.hoverAtCursor((t) => t.includes(fx.caseId) && fx.expect.every((e) => t.includes(e.metric)));
    const text = await wb.hoverText();
    assert.ok(text.includes(fx.caseId), `the hover names the case: ${text.slice(0, 500)}`);
    for (const { metric } of fx.expect) assert.ok(text.includes(metric), `the hover explains ${metric}: ${text.slice(0, 500)}`);
    await page.keyboard.press('Escape');
  }));

  it('lists a wrong expect value in the Problems panel', () => step('problems', async () => {
    await wb.openFile(fx.broken.fileName);
    const problems = await wb.problems(fx.broken.fileName, (ps) => ps.some((p) => p.code === 'expect-mismatch'));
    const p = problems.find((x) => x.code === 'expect-mismatch')!;
    assert.equal(p.line, fx.broken.valuePos.line + 1, `on the wrong value's line: ${p.raw}`);
    assert.ok(p.message.length > 10, `a message: ${p.raw}`);
    assert.ok(p.message.includes(fx.broken.wrongText) || p.message.includes(fx.broken.metric), `the message names the value or metric: ${p.message}`);
    assert.match(await wb.problemCounts(), /Errors: [1-9]/, 'the status bar counts the error');
    await page.waitForSelector('.squiggly-error', { timeout: T.ui });

    // The picture for the README: lenses, inlay hints, the error and its hover, the Problems panel.
    await wb.waitForLens((t) => t.includes(fx.broken.metric), 'in the broken copy');
    await wb.goTo(fx.broken.valuePos.line + 1, fx.broken.valuePos.character + 2);
    await wb.hoverAtCursor((t) => t.includes(fx.broken.wrongText));
    mkdirSync(results, { recursive: true });
    await page.screenshot({ path: join(results, 'code-server.png') });
    if (process.env.RANKLENS_UPDATE_SCREENSHOT === '1' || !existsSync(docsShot)) {
      mkdirSync(join(repoRoot, 'docs'), { recursive: true });
      copyFileSync(join(results, 'code-server.png'), docsShot);
    }
    await page.keyboard.press('Escape');
  }));

  it('fixes it with the quick fix "Set … to the computed …" and saves it to disk', () => step('quickfix', async () => {
    const onDisk = join(workspace, fx.broken.fileName);
    assert.equal(expectValueIn(readFileSync(onDisk, 'utf8'), fx.caseId, fx.broken.metric), fx.broken.wrongText);
    await wb.goTo(fx.broken.valuePos.line + 1, fx.broken.valuePos.character + 1);
    const offered = await wb.applyQuickFix(SET_COMPUTED);
    assert.ok(offered.length > 0);
    await wb.save();
    const fixed = await until('the fixed value on disk', () => {
      const v = expectValueIn(readFileSync(onDisk, 'utf8'), fx.caseId, fx.broken.metric);
      return v !== undefined && v !== fx.broken.wrongText ? v : undefined;
    });
    assert.ok(agrees(fixed, fx.broken.original),
      `the computed value ${fixed} agrees with the example's ${fx.broken.original.text}`);
    await wb.problems(fx.broken.fileName, (ps) => !ps.some((p) => p.code === 'expect-mismatch'));
  }));
});
