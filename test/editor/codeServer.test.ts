/**
 * A real VS Code: code-server 4.100.3 (VS Code 1.100.3) with the packaged extension (ranklens.vsix)
 * installed, examples/ open, driven by Debian's headless Chromium through playwright-core at 1,100 px
 * wide, the way a person uses it: lenses read off the screen (their widths measured, a tooltip read),
 * a hover shown with Ctrl+K Ctrl+I, the Problems panel (zero errors for the examples), the status bar,
 * quick fixes applied from the Ctrl+. menu and saved to disk, and a breakdown view following an edit.
 *
 * Needs: scripts/setup-code-server.sh (run by the test; cached), `npm run package` (ranklens.vsix).
 * RANKLENS_UPDATE_SCREENSHOT=1 rewrites docs/screenshot.png (also written when it is missing);
 * every run writes test-results/code-server.png, and test-results/fail-*.png when a step fails.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { SET_COMPUTED, agrees, examplesDir, expectValueIn, expectsShownIn, pickFixture, type FixtureUnderTest } from './fixtureUnderTest';
import { chromiumArgs, chromiumPath, ensureCodeServer, removeDir, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, lineColOf, until } from './workbench';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseLenses } from '../../shared/text/lensText';
import { DEFAULT_SETTINGS, fixtureOptions } from '../../server/settings';

const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
const results = join(repoRoot, 'test-results');
const docsShot = join(repoRoot, 'docs', 'screenshot.png');
/** The window width the issue measured lenses at. */
const WIDTH = 1100;

/** The first fixture of the README (its first yaml block), which the test writes as first.rank.yaml. */
const README_FIXTURE = /```yaml\n(# evals\/first\.rank\.yaml\n[\s\S]*?)```/.exec(readFileSync(join(repoRoot, 'README.md'), 'utf8'))![1];

/** A case broken by a misspelled key: one error, no mismatch for its P@1 expectation, no set-to-computed for it. */
const TYPO = `{
  "k": [1],
  "metrics": ["P"],
  "cases": {
    "q1": {"labels": ["a"], "predicitons": ["a", "b"], "expect": {"P@1": 1}}
  }
}
`;

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
    // A copy of examples/ alone (no schemas/ beside it: nothing may depend on a relative $schema path);
    // the quick fixes write to disk, and the broken files are written by the tests that use them.
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-ws-')), 'examples');
    cpSync(examplesDir(repoRoot), workspace, { recursive: true });
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
    page.on('console', (m) => {
      if (m.type() === 'error' && !/vsda|404 \(Not Found\)/.test(m.text())) consoleErrors.push(m.text());
    });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  /** Whether some frame (the Markdown preview is a webview: nested iframes) shows this text. */
  async function frameWith(text: string): Promise<boolean> {
    for (const frame of page.frames()) {
      const body = await frame.evaluate(() => document.body?.innerText ?? '').catch(() => '');
      if (body.includes(text)) return true;
    }
    return false;
  }

  /** Every rendered lens, with where it ends and where the text area ends (the minimap's left edge). */
  async function lensWidths(): Promise<{ text: string; width: number; right: number; editorRight: number }[]> {
    return page.locator('.editor-instance .monaco-editor .codelens-decoration').evaluateAll((els) =>
      els.map((el) => {
        const root = el.closest('.monaco-editor')!;
        const editor = root.querySelector('.monaco-scrollable-element.editor-scrollable')!.getBoundingClientRect();
        // The text area ends where the minimap begins.
        const minimap = root.querySelector('.minimap')?.getBoundingClientRect();
        const end = minimap && minimap.width > 0 ? Math.min(editor.right, minimap.left) : editor.right;
        const r = el.getBoundingClientRect();
        return {
          text: (el as HTMLElement).innerText,
          width: Math.round(r.width),
          right: Math.round(r.right),
          editorRight: Math.round(end),
        };
      }),
    );
  }

  /** Asserts that no rendered lens runs past its editor's text area. */
  async function noLensCutOff(): Promise<void> {
    const widths = await lensWidths();
    console.log(`lens widths at ${WIDTH} px: ${JSON.stringify(widths)}`);
    assert.ok(widths.length >= 3, JSON.stringify(widths));
    for (const w of widths)
      assert.ok(
        w.right <= w.editorRight,
        `the lens "${w.text}" (${w.width} px) ends at ${w.right} px, past the editor's ${w.editorRight} px`,
      );
  }

  /**
   * In the webview frame that shows `text` (a Markdown preview), its width, how wide its content runs
   * (a page wider than its pane scrolls sideways), the widest table's right edge, and the text itself.
   */
  async function previewLayout(
    text: string,
  ): Promise<{ width: number; scrollWidth: number; tableRight: number; body: string } | undefined> {
    for (const frame of page.frames()) {
      // The workbench itself names the view in its tab: only the webviews show its content.
      if (frame === page.mainFrame()) continue;
      const layout = await frame
        .evaluate(() => ({
          width: document.documentElement.clientWidth,
          scrollWidth: document.documentElement.scrollWidth,
          tableRight: Math.max(0, ...Array.from(document.querySelectorAll('table')).map((t) => t.getBoundingClientRect().right)),
          body: document.body?.innerText ?? '',
        }))
        .catch(() => undefined);
      if (layout?.body.includes(text)) return layout;
    }
    return undefined;
  }

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
    for (const f of ['package.json', 'dist/client.js', 'dist/server.js'])
      assert.ok(existsSync(join(dir, f)), `${f} in the installed extension`);
    for (const f of ['node_modules', 'server', 'client', 'shared', 'test', 'out', 'dist/server.js.map']) {
      assert.ok(!existsSync(join(dir, f)), `no ${f} in the .vsix: the bundles are self-contained`);
    }
  });

  it('opens every example with zero errors: declared findings are information, JSON syntax not doubled', () =>
    step('zero-errors', async () => {
      const names = readdirSync(workspace)
        .filter((f) => /\.rank\.(json|ya?ml)$/.test(f))
        .sort();
      assert.equal(names.length, 7); // issue 37: referenced-files.rank.json, its files under files/
      for (const name of names) await wb.openFile(name);
      // The workspace scan reports every example; the every-finding files' declared findings are infos.
      const counts = await until(
        "the examples' findings counted",
        async () => {
          const label = await wb.problemCounts();
          return /Infos: [1-9]/.test(label) ? label : undefined;
        },
        T.slow,
        500,
      );
      await new Promise((r) => setTimeout(r, 2_000));
      const settled = await wb.problemCounts();
      assert.ok(!/Errors:/.test(settled), `no error in the Problems panel: ${settled} (first seen: ${counts})`);
    }));

  it("shows the case's values in short code lenses that fit the editor at 1,100 px, each with a tooltip", () =>
    step('lens', async () => {
      await wb.openFile(fx.relPath.split('/').pop()!);
      const lenses = await wb.waitForLens(
        (t) => expectsShownIn(t, fx.expect).length > 0,
        `showing case ${fx.caseId}'s expected values ${JSON.stringify(fx.expect.map((e) => `${e.metric} ${e.text}`))}`,
      );
      const lens = lenses.find((t) => expectsShownIn(t, fx.expect).length > 0)!;
      assert.match(lens, /@\d+ /, `a readout like "P@3 0.667": ${lens}`);
      // The server sends case lenses without a title; these arrived through codeLens/resolve, and are
      // exactly the lenses the shared core computes for the case under the editor's default settings
      // (the editor shows a line's lenses side by side, separated by a bar).
      const fe = evaluateDocument(parseFixture(fx.text, 'json'), fixtureOptions(DEFAULT_SETTINGS)).fixtures[0];
      const caseIndex = fe.cases.findIndex((c) => c.node.id.value === fx.caseId);
      // The client asks for codicons, which the screen draws as icons (no text): the titles without them.
      const settings = DEFAULT_SETTINGS.codeLens;
      const titles = caseLenses(fe, caseIndex, { spread: settings.presetSpread, marks: 'codicons' }).map((t) =>
        t.title.replace(/\s*\$\([\w-]+\)/g, ''),
      );
      assert.ok(
        lenses.some((line) => line.split(/\s*\|\s*/).join(' | ') === titles.join(' | ')),
        `case ${fx.caseId}'s lenses ${JSON.stringify(titles)} on a line: ${JSON.stringify(lenses)}`,
      );
      await noLensCutOff();
      const tip = await page
        .locator('.codelens-decoration a')
        .filter({ hasText: /^nDCG@3 / })
        .first()
        .getAttribute('title');
      assert.match(
        tip ?? '',
        /^nDCG@3 of case algorithm A = \d\.\d{4} under .*\. Click for the case's breakdown: all \d+ metrics, every term, knob and preset\.$/,
      );
    }));

  it('shows the convention and the first headline mean in the status bar', () =>
    step('status-bar', async () => {
      const item = page.locator('.statusbar-item').filter({ hasText: /^Ranklens: / });
      const text = await until(
        'the Ranklens status bar entry',
        async () =>
          (
            await item
              .first()
              .innerText()
              .catch(() => '')
          ).trim() || undefined,
      );
      // seed001 sets three knobs on the seed000 preset; its first headline metric is DCG@3.
      assert.equal(text, 'Ranklens: seed000 + 3 knobs · DCG@3 20.445');
    }));

  it('states the tolerance in the expect hover', () =>
    step('tolerance', async () => {
      const nd = fx.expect.find((e) => e.metric === 'nDCG@3')!;
      const at = lineColOf(fx.text, `"nDCG@3": ${nd.text}`, `"nDCG@3": `.length + 1);
      await wb.goTo(at.line, at.column);
      await wb.hoverAtCursor((t) => t.includes('within'));
      assert.ok((await wb.hoverText()).includes('✓ matches, within ±0.05 (1 decimal written)'), await wb.hoverText());
      await page.keyboard.press('Escape');
    }));

  it('explains the case on hover (Ctrl+K Ctrl+I at the case id)', () =>
    step('hover', async () => {
      await wb.goTo(fx.caseIdPos.line + 1, fx.caseIdPos.character + 2);
      await wb.hoverAtCursor((t) => t.includes(fx.caseId) && fx.expect.every((e) => t.includes(e.metric)));
      const text = await wb.hoverText();
      assert.ok(text.includes(fx.caseId), `the hover names the case: ${text.slice(0, 500)}`);
      for (const { metric } of fx.expect) assert.ok(text.includes(metric), `the hover explains ${metric}: ${text.slice(0, 500)}`);
      await page.keyboard.press('Escape');
    }));

  it('lists a wrong expect value in the Problems panel', () =>
    step('problems', async () => {
      writeFileSync(join(workspace, fx.broken.fileName), fx.broken.text);
      await wb.openFromExplorer(fx.broken.fileName);
      const problems = await wb.problems(fx.broken.fileName, (ps) => ps.some((p) => p.code === 'expect-mismatch'));
      const p = problems.find((x) => x.code === 'expect-mismatch')!;
      assert.equal(p.line, fx.broken.valuePos.line + 1, `on the wrong value's line: ${p.raw}`);
      assert.ok(p.message.length > 10, `a message: ${p.raw}`);
      assert.ok(
        p.message.includes(fx.broken.wrongText) || p.message.includes(fx.broken.metric),
        `the message names the value or metric: ${p.message}`,
      );
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

  it('fixes it with the quick fix "Set … to the computed …" and saves it to disk', () =>
    step('quickfix', async () => {
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
      assert.ok(agrees(fixed, fx.broken.original), `the computed value ${fixed} agrees with the example's ${fx.broken.original.text}`);
      await wb.problems(fx.broken.fileName, (ps) => !ps.some((p) => p.code === 'expect-mismatch'));
    }));

  it('reports a misspelled key as its one error, offers no set-to-computed, and fixes the key with "Change to"', () =>
    step('change-to', async () => {
      const onDisk = join(workspace, 'typo.rank.json');
      writeFileSync(onDisk, TYPO);
      await wb.openFromExplorer('typo.rank.json');
      const problems = await wb.problems('typo.rank.json', (ps) => ps.some((p) => p.code === 'unknown-key'));
      // Ranklens's own entries (VS Code's JSON schema validation may list the unknown key too).
      assert.deepEqual(
        problems.filter((p) => /ranklens/i.test(p.source)).map((p) => p.code),
        ['unknown-key'],
        `one error, no mismatch, no "No predictions": ${JSON.stringify(problems.map((p) => p.raw))}`,
      );
      await wb.waitForLens((t) => t.includes('not evaluated: see the error'), 'saying the case is not evaluated');
      const key = lineColOf(TYPO, 'predicitons', 3);
      await wb.goTo(key.line, key.column);
      const offered = await wb.quickFixTitles((ts) => ts.some((t) => t.startsWith("Change to 'predictions'")));
      assert.ok(!offered.some((t) => /^Set /.test(t)), `no set-to-computed on the broken case: ${JSON.stringify(offered)}`);
      assert.ok(
        offered.findIndex((t) => t.startsWith('Declare')) > offered.findIndex((t) => t.startsWith('Change')),
        `the repair before the declaration: ${JSON.stringify(offered)}`,
      );
      await wb.applyQuickFix(/^Change to 'predictions'/);
      await wb.save();
      await until('the corrected key on disk', () => readFileSync(onDisk, 'utf8') === TYPO.replace('predicitons', 'predictions'));
      await wb.problems('typo.rank.json', (ps) => ps.length === 0).catch(() => undefined);
    }));

  it("shows the README's first example under trec_eval's convention by default, its lenses whole, the spread marked", () =>
    step('readme', async () => {
      writeFileSync(join(workspace, 'first.rank.yaml'), README_FIXTURE);
      await wb.openFromExplorer('first.rank.yaml');
      // alice, under trec_eval: P@3 1/3, AP@5 (1/2 + 2/4) / 3 = 0.333, nDCG@5 0.498 (trec_eval 10.0 prints the same);
      // seed000 would give AP@5 0.500 and nDCG@5 0.651.
      const lenses = await wb.waitForLens((t) => t.startsWith('trec_eval (built-in)'), 'naming the built-in trec_eval');
      const alice = await wb.waitForLens((t) => t.includes('AP@5 0.333'), "with alice's AP@5 under trec_eval");
      console.log(`README lenses: ${JSON.stringify(alice)}`);
      assert.ok(
        alice.some((l) => /nDCG@5 0\.498/.test(l)),
        JSON.stringify(alice),
      );
      assert.ok(!alice.some((l) => /AP@5 0\.500|nDCG@5 0\.651/.test(l)), `no seed 000 value: ${JSON.stringify(alice)}`);
      assert.ok(lenses.length > 0);
      // Presets disagree on alice's AP@5 and nDCG@5: the lens carries the codicon, drawn as an icon.
      assert.ok((await page.locator('.codelens-decoration .codicon-arrow-both').count()) >= 2, 'the spread marks');
      assert.equal(await page.locator('.codelens-decoration .codicon-debug-pause').count(), 0, 'nothing stale');
      await noLensCutOff();
      await wb.problems('first.rank.yaml', (ps) => ps.length === 0).catch(() => undefined);
    }));

  it('fits the preset comparison and the case breakdown in the side pane at 1,100 px, the summary first', () =>
    step('views-fit', async () => {
      await wb.runCommand('Ranklens: Compare Conventions for This File');
      const compare = await until('the comparison in its pane', () => previewLayout('other presets'), T.slow, 300);
      console.log(
        `comparison pane: ${compare.width} px wide, content ${compare.scrollWidth} px, widest table ends at ${compare.tableRight} px`,
      );
      assert.ok(compare.width < WIDTH / 2, `a side pane: ${compare.width} px`);
      assert.ok(compare.tableRight <= compare.width, `the table (to ${compare.tableRight} px) fits the ${compare.width} px pane`);
      assert.ok(compare.scrollWidth <= compare.width, `no sideways scroll: ${compare.scrollWidth} px in ${compare.width} px`);
      // Only the presets that differ, by value: alice's AP@5 mean row names seed000 with 0.667, not every preset.
      assert.match(compare.body, /AP@5\s+0\.583\s+0\.667 seed000/);
      await wb.openFile('first.rank.yaml');
      const alice = lineColOf(README_FIXTURE, 'alice:', 2);
      await wb.goTo(alice.line, alice.column);
      await wb.runCommand('Ranklens: Show Case Breakdown');
      const breakdown = await until('the breakdown in its pane', () => previewLayout('cutoffs 3, 5'), T.slow, 300);
      console.log(
        `breakdown pane: ${breakdown.width} px wide, content ${breakdown.scrollWidth} px, widest table ends at ${breakdown.tableRight} px`,
      );
      assert.ok(breakdown.tableRight <= breakdown.width, `every table (to ${breakdown.tableRight} px) fits the ${breakdown.width} px pane`);
      assert.ok(breakdown.scrollWidth <= breakdown.width, `no sideways scroll: ${breakdown.scrollWidth} px in ${breakdown.width} px`);
      assert.ok(
        breakdown.body.indexOf('other presets') < breakdown.body.indexOf('AP@5 = '),
        'the values and the presets that differ come before the explanations',
      );
      // Back to one editor group, as the next test expects.
      await wb.runCommand('View: Close All Editors');
    }));

  it('keeps the case breakdown current while the fixture changes', () =>
    step('live-view', async () => {
      const onDisk = join(workspace, 'typo.rank.json');
      await wb.openFile('typo.rank.json');
      const inCase = lineColOf(readFileSync(onDisk, 'utf8'), '"q1"', 2);
      await wb.goTo(inCase.line, inCase.column);
      await wb.runCommand('Ranklens: Show Case Breakdown');
      await until('the breakdown with P@1 = 1.000', () => frameWith('P@1 = 1.000'), T.slow, 300);
      // An edit made elsewhere (the file rewritten on disk) reaches the open document, then the view.
      writeFileSync(onDisk, readFileSync(onDisk, 'utf8').replace('["a", "b"]', '["b", "a"]'));
      await until('the breakdown redrawn with P@1 = 0.000', () => frameWith('P@1 = 0.000'), T.slow, 300);
      await page.keyboard.press('Control+W').catch(() => undefined);
    }));
});
