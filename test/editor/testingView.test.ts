/**
 * Fixtures as tests in a real VS Code's Testing view: code-server 4.100.3 (VS Code 1.100.3) with
 * ranklens.vsix, a copy of examples/ plus one fixture with a wrong expect value and one declaring a
 * finding it does not have, driven by headless
 * Chromium. With no fixture open, the view lists the examples that hold tests; Run All runs them;
 * the wrong value fails with its message and an expected/actual diff at the expect entry; the quick
 * fix "Set … to the computed …" turns it green on the next run; with continuous run on, a save runs it.
 *
 * RANKLENS_UPDATE_SCREENSHOT=1 rewrites docs/testing-view.png (also written when it is missing);
 * every run writes test-results/testing-view.png, and test-results/fail-testing-*.png when a step fails.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { copyFileSync, cpSync, existsSync, mkdirSync, mkdtempSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { chromium, type Browser, type Locator, type Page } from 'playwright-core';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { fixtureLanguage } from '../../shared/fixture/files/fixtureLanguage';
import { DEFAULT_FIXTURE_PATTERNS } from '../../shared/fixture/files/filePatterns';
import { fixtureTests, hasTests } from '../../shared/text/fixtureSuite';
import { SET_COMPUTED, agrees, examplesDir, pickFixture, type FixtureUnderTest } from './fixtureUnderTest';
import { chromiumArgs, chromiumPath, ensureCodeServer, removeDir, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, until } from './workbench';

const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
const results = join(repoRoot, 'test-results');
const docsShot = join(repoRoot, 'docs', 'testing-view.png');

/** A fixture whose expectFindings declares a finding it does not have: its declared-finding test fails. */
const DECLARED = {
  name: 'declared-missing.rank.yaml',
  text: 'expectFindings: [score-ties]\ncases:\n  q: { labels: [a], predictions: [a, b], expect: { P@1: 1 } }\n',
  message: 'expectFindings declares "score-ties", but the file has no such finding.',
};
const failing = (name: string) => name === DECLARED.name;

interface Row {
  /** The row's place in the (virtual) list. */
  index: number;
  name: string;
  level: number;
  /** The item's label and description as shown, e.g. "nDCG@3 0.23". */
  text: string;
  /** The state VS Code reads out: Passed, Failed, Not yet run, … */
  state: string;
  expanded: boolean | null;
}

/** What the Testing view should list: the workspace's fixture files with tests, how many leaves they hold and how many are skipped. */
function expectedTests(dir: string): { files: string[]; leaves: number; skipped: number } {
  const files: string[] = [];
  let leaves = 0;
  let skipped = 0;
  for (const name of readdirSync(dir).sort()) {
    const language = fixtureLanguage(name, DEFAULT_FIXTURE_PATTERNS);
    if (!language) continue;
    const doc = parseFixture(readFileSync(join(dir, name), 'utf8'), language);
    if (!hasTests(doc)) continue;
    files.push(name);
    const tests = fixtureTests(doc, evaluateDocument(doc));
    const expectations = tests.documents.flatMap((d) => d.cases.flatMap((c) => c.expectations));
    leaves += expectations.length + tests.documents.reduce((n, d) => n + d.declared.length, 0);
    skipped += expectations.filter((e) => e.outcome === 'unchecked').length;
  }
  return { files, leaves, skipped };
}

describe('VS Code Testing view with ranklens.vsix', { timeout: 600_000 }, () => {
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let wb: Workbench;
  let workspace: string;
  let fx: FixtureUnderTest;

  async function step<R>(name: string, fn: () => Promise<R>): Promise<R> {
    try {
      return await fn();
    } catch (e) {
      mkdirSync(results, { recursive: true });
      const shot = join(results, `fail-testing-${name}.png`);
      await page?.screenshot({ path: shot }).catch(() => undefined);
      const log = cs && existsSync(cs.logFile) ? readFileSync(cs.logFile, 'utf8').split('\n').slice(-20).join('\n') : '';
      const err = e instanceof Error ? e : new Error(String(e));
      err.message += `\n(screenshot: ${shot})\ncode-server log tail:\n${log}\nrows:\n${(await rows().catch(() => [])).map((r) => JSON.stringify(r)).join('\n')}\nfirst row: ${await page
        ?.locator('.test-explorer .monaco-list-row')
        .first()
        .evaluate((el) => el.outerHTML)
        .catch(() => '')}`;
      throw err;
    }
  }

  /** The Test Explorer's rendered rows, in screen order. */
  async function rows(): Promise<Row[]> {
    const raw = await page.locator('.test-explorer .monaco-list-row').evaluateAll((els) =>
      els.map((el) => ({
        index: Number(el.getAttribute('data-index')),
        level: Number(el.getAttribute('aria-level')),
        label: el.getAttribute('aria-label') ?? '',
        // The label is the text before the description's span (VS Code's aria-label names only the description).
        name: el.querySelector('.label')?.firstChild?.textContent ?? '',
        description: el.querySelector('.test-label-description')?.textContent ?? '',
        expanded: el.getAttribute('aria-expanded'),
      })),
    );
    return raw
      .sort((a, b) => a.index - b.index)
      .map((r) => ({
        index: r.index,
        name: r.name.trim(),
        level: r.level,
        text: [r.name, r.description]
          .map((s) => s.trim())
          .filter(Boolean)
          .join(' '),
        state: /\(([^()]*)\)$/.exec(r.label)?.[1] ?? '',
        expanded: r.expanded === null ? null : r.expanded === 'true',
      }));
  }

  /** The row at a tree level whose label is exactly `label`. */
  async function row(level: number, label: string): Promise<Locator> {
    const found = await until(`a row "${label}" at level ${level}`, async () =>
      (await rows()).find((r) => r.level === level && r.name === label),
    );
    return page.locator(`.test-explorer .monaco-list-row[data-index="${found.index}"]`);
  }

  /** Runs a command from the palette (F1), by its title; reopens the palette until the command is offered (it may register late). */
  async function command(title: string): Promise<void> {
    const input = page.locator('.quick-input-widget input');
    await until(
      `the command "${title}" to be offered`,
      async () => {
        if (!(await input.isVisible())) {
          await page.keyboard.press('F1');
          await input.waitFor({ state: 'visible', timeout: T.ui });
          await page.keyboard.type(title);
        }
        const offered = await until(
          'the palette to settle',
          async () => {
            const focused = await page
              .locator('.quick-input-widget .monaco-list-row.focused')
              .first()
              .getAttribute('aria-label', { timeout: 1000 });
            return (focused ?? '').startsWith(title) ? 'yes' : undefined;
          },
          3000,
        ).catch(() => undefined);
        if (!offered) await page.keyboard.press('Escape');
        return offered;
      },
      T.slow,
      500,
    );
    await page.keyboard.press('Enter');
  }

  async function expand(level: number, startsWith: string): Promise<void> {
    const r = await row(level, startsWith);
    if ((await r.getAttribute('aria-expanded')) !== 'true') await r.locator('.monaco-tl-twistie').click();
    await until(`${startsWith} expanded`, async () => (await r.getAttribute('aria-expanded')) === 'true');
  }

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    fx = pickFixture(examplesDir(repoRoot));
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-tv-')), 'examples');
    cpSync(examplesDir(repoRoot), workspace, { recursive: true });
    if (existsSync(join(repoRoot, 'schemas'))) cpSync(join(repoRoot, 'schemas'), join(dirname(workspace), 'schemas'), { recursive: true });
    writeFileSync(join(workspace, fx.broken.fileName), fx.broken.text);
    writeFileSync(join(workspace, DECLARED.name), DECLARED.text);
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await cs?.stop();
    removeDir(cs?.home);
    if (workspace) removeDir(dirname(workspace));
  });

  it('lists every fixture file with expect or expectFindings, with no fixture open', () =>
    step('tree', async () => {
      assert.equal(await page.locator('.tab').count(), 0, 'no editor is open');
      const { files } = expectedTests(workspace);
      assert.ok(files.includes(fx.broken.fileName) && files.length >= 3, `the examples with tests: ${files.join(', ')}`);
      await command('View: Show Testing');
      let seen: Row[] = [];
      await until(
        `the Testing view to list ${files.join(', ')}`,
        async () => {
          seen = (await rows()).filter((r) => r.level === 1);
          return seen.length === files.length;
        },
        T.slow,
        300,
      );
      assert.deepEqual(
        seen.map((r) => r.name),
        files,
      );
      assert.ok(
        seen.every((r) => r.state === 'Not yet run' && r.expanded === false),
        JSON.stringify(seen),
      );
    }));

  it('runs all: every example passes, the wrong expect value fails, and the tree shows cases and expectations', () =>
    step('run', async () => {
      const { files, leaves, skipped } = expectedTests(workspace);
      await command('Test: Run All Tests');
      await until(
        'every file to have a result',
        async () => {
          const top = (await rows()).filter((r) => r.level === 1);
          return top.length === files.length && top.every((r) => r.state === 'Passed' || r.state === 'Failed');
        },
        T.slow,
        300,
      );
      const top = (await rows()).filter((r) => r.level === 1);
      assert.deepEqual(
        top.map((r) => `${r.name} ${r.state}`),
        files.map((f) => `${f} ${f === fx.broken.fileName || failing(f) ? 'Failed' : 'Passed'}`),
      );
      // The summary above the tree: passed of all leaves that ran (skipped ones, expectations of metrics not computed, do not count).
      const summary = await page.locator('.result-summary').first().innerText();
      assert.equal(summary.split('\n')[0].trim(), `${leaves - skipped - 2}/${leaves - skipped}`, `summary: ${summary}`);

      // A declared finding that does not occur fails, beside the file's passing expectation.
      await expand(1, DECLARED.name);
      await expand(2, 'q');
      const declared = (await rows()).filter((r) => r.level > 1).map((r) => `${r.level} ${r.text} ${r.state}`);
      // The view sorts items by their place in the file: expectFindings (line 1) before the case.
      assert.deepEqual(declared.slice(0, 3), ['2 expectFindings: score-ties Failed', '2 q Passed', '3 P@1 1 Passed']);
      await (await row(2, 'expectFindings: score-ties')).dblclick();
      const peek = page.locator('.peekview-widget').filter({ hasText: DECLARED.message }).first();
      await peek.waitFor({ state: 'visible', timeout: T.ui });
      await page.waitForSelector(`.tab.active[aria-label^="${DECLARED.name}"]`, { timeout: T.ui });
      await page.keyboard.press('Escape');
      await page.keyboard.press('Control+W');
      await (await row(1, DECLARED.name)).locator('.monaco-tl-twistie').click();

      await expand(1, fx.broken.fileName);
      await expand(2, fx.caseId);
      const tree = (await rows()).filter((r) => r.level > 1).map((r) => `${'  '.repeat(r.level - 2)}${r.text} ${r.state}`);
      const expected = fx.expect.map(
        (e) =>
          `  ${e.metric} ${e.metric === fx.broken.metric ? fx.broken.wrongText : e.text} ${e.metric === fx.broken.metric ? 'Failed' : 'Passed'}`,
      );
      assert.deepEqual(tree.slice(0, 1 + expected.length), [`${fx.caseId} Failed`, ...expected]);
      assert.ok(
        tree.slice(1 + expected.length).every((t) => !t.startsWith(' ') && t.endsWith('Passed')),
        `the other cases pass: ${tree.join(' | ')}`,
      );
    }));

  it("shows the failing expectation's message, with expected and computed side by side, at the expect entry", () =>
    step('message', async () => {
      await (await row(3, fx.broken.metric)).dblclick();
      const peek = page.locator('.peekview-widget').filter({ hasText: 'Expected' }).first();
      await peek.waitFor({ state: 'visible', timeout: T.ui });
      // The diff editor's Expected/Actual labels render a moment after the message; on a busy machine the first read misses them.
      let text = '';
      await until(
        'the peek to show its Expected and Actual sides',
        async () => {
          text = await peek.innerText();
          const lines = text.split('\n').map((s) => s.trim());
          return lines.includes('Expected') && lines.includes('Actual');
        },
        T.ui,
        200,
      );
      assert.ok(text.startsWith(`Expected ${fx.broken.metric} = ${fx.broken.wrongText}, computed `), text);
      const doc = parseFixture(fx.broken.text, 'json');
      const convention = fixtureTests(doc, evaluateDocument(doc)).documents[0].convention;
      assert.ok(text.includes(` under convention ${convention}.`), `the message names the convention ${convention}: ${text}`);
      // The diff: the written value against the computed one, which agrees with the example's own value.
      const sides = text.split('\n').map((s) => s.trim());
      assert.ok(sides.includes(fx.broken.wrongText) && sides.includes('Expected') && sides.includes('Actual'), text);
      const actual = sides[sides.indexOf('Actual') - 1];
      assert.ok(agrees(actual, fx.broken.original), `the computed ${actual} agrees with ${fx.broken.original.text}`);
      // The peek opens in the fixture, on the expect entry's line.
      await page.waitForSelector(`.tab.active[aria-label^="${fx.broken.fileName}"]`, { timeout: T.ui });
      assert.match(await page.locator('#status\\.editor\\.selection').innerText(), new RegExp(`^Ln ${fx.broken.valuePos.line + 1},`));
      mkdirSync(results, { recursive: true });
      await page.screenshot({ path: join(results, 'testing-view.png') });
      if (process.env.RANKLENS_UPDATE_SCREENSHOT === '1' || !existsSync(docsShot)) {
        mkdirSync(dirname(docsShot), { recursive: true });
        copyFileSync(join(results, 'testing-view.png'), docsShot);
      }
      await page.keyboard.press('Escape');
    }));

  it('turns green on the next run after the quick fix sets the expect value to the computed one', () =>
    step('fix', async () => {
      await wb.goTo(fx.broken.valuePos.line + 1, fx.broken.valuePos.character + 1);
      await wb.applyQuickFix(SET_COMPUTED);
      // Not saved: the server tests the open text, as the lenses show it.
      await until('the fix in the editor', async () => (await page.locator('.tab.active.dirty').count()) > 0);
      await command('Test: Run All Tests');
      await until(
        `${fx.broken.fileName} to pass`,
        async () => (await rows()).some((r) => r.level === 1 && r.name === fx.broken.fileName && r.state === 'Passed'),
        T.slow,
        300,
      );
      const tree = await rows();
      assert.ok(
        tree.every((r) => r.state === 'Passed' || failing(r.name)),
        tree.map((r) => `${r.text} ${r.state}`).join(' | '),
      );
      await wb.save();
    }));

  it('runs a fixture again on each save while its continuous run is on', () =>
    step('continuous', async () => {
      const file = await row(1, fx.broken.fileName);
      await file.hover();
      await file.locator('a[aria-label="Turn on Continuous Run"]').click();
      await until('the continuous run to be on', async () => (await file.locator('a[aria-label="Turn off Continuous Run"]').count()) > 0);
      // Undo the fix (the wrong value is back) and save: no Run command, the save alone runs it.
      await wb.focusEditor();
      await page.keyboard.press('Control+Z');
      await until('the wrong value back in the editor', async () => (await page.locator('.tab.active.dirty').count()) > 0);
      const before = (await rows()).find((r) => r.level === 1 && r.name === fx.broken.fileName);
      assert.equal(before?.state, 'Passed', 'turning continuous run on runs nothing, and neither does an edit');
      await wb.save();
      await until(
        `${fx.broken.fileName} to fail again`,
        async () => (await rows()).some((r) => r.level === 1 && r.name === fx.broken.fileName && r.state === 'Failed'),
        T.slow,
        300,
      );
    }));
});
