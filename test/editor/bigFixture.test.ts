/**
 * A large fixture in a real VS Code (code-server + Chromium, ranklens.vsix installed): 3,000 cases ×
 * 20 predictions of YAML with comments. The status entry says it is evaluating before the values come;
 * the lenses on screen carry their titles (the core's text for those cases); the last case shows its
 * lens once the view jumps there, and a case 7,000 lines down once Go to Line goes there (the client
 * asks for the lenses near the view, not all 3,000, and asks again as the view moves); and an edit
 * there shows the case's new values in its lens.
 *
 * Needs: scripts/setup-code-server.sh (run by the test; cached), `npm run package` (ranklens.vsix).
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, ensureCodeServer, removeDir, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, until } from './workbench';
import { evaluateDocument } from '../../shared/evaluation/fixtureEvaluation';
import { parseFixture } from '../../shared/fixture/parse';
import { caseLenses } from '../../shared/text/lensText';
import { DEFAULT_SETTINGS, fixtureOptions } from '../../server/settings';
import { generate } from '../../bench/lsp';

const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
const NAME = 'big.rank.yaml';
const CASES = 3000;

/** The generated fixture (bench/lsp.ts) under a header comment and with a comment before every 500th case. */
function fixture(): string {
  const lines = generate('yaml', CASES, 20).text.split('\n');
  const out = ['# 3,000 generated cases.', 'convention: trec_eval'];
  for (const line of lines) {
    if (/^ {2}q\d+:$/.test(line) && Number(line.slice(3, -1)) % 500 === 0) out.push(`  # from ${line.trim()}`);
    out.push(line);
  }
  return out.join('\n');
}

describe('a 3,000-case YAML fixture in VS Code (code-server + Chromium)', { timeout: 600_000 }, () => {
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let wb: Workbench;
  let workspace: string;
  const text = fixture();
  const lines = text.split('\n');
  const evaluation = evaluateDocument(parseFixture(text, 'yaml'), fixtureOptions(DEFAULT_SETTINGS)).fixtures[0];
  /**
   * The lens title the core gives case i (one lens a case above 2,000 cases), as the client asks for
   * it (spread marks as codicons, which the screen draws as icons, with no text): compared with what
   * the screen shows, both without codicons and with spaces collapsed.
   */
  const shown = (t: string) =>
    t
      .replace(/\$\([\w-]+\)/g, '')
      .replace(/\s+/g, ' ')
      .trim();
  const lensTitle = (fe: typeof evaluation, i: number) =>
    shown(caseLenses(fe, i, { spread: DEFAULT_SETTINGS.codeLens.presetSpread, marks: 'codicons' })[0].title);
  const title = (i: number) => lensTitle(evaluation, i);

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    workspace = mkdtempSync(join(tmpdir(), 'ranklens-big-'));
    writeFileSync(join(workspace, NAME), text);
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1100, height: 800 } });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    await browser?.close().catch(() => undefined);
    await cs?.stop();
    removeDir(cs?.home);
    removeDir(workspace);
  });

  /** The lens texts on screen. */
  const lensTexts = () =>
    page
      .evaluate(() => Array.from(document.querySelectorAll('.monaco-editor .codelens-decoration')).map((e) => e.textContent ?? ''))
      .then((texts) => texts.map(shown));

  it('says it is evaluating until the values come, then shows them, and the lenses on screen with their titles', async () => {
    // Every status bar text seen from before the file opens.
    await page.evaluate(() => {
      const w = window as unknown as { __status: string[] };
      w.__status = [];
      const seen = () => {
        for (const e of Array.from(document.querySelectorAll('#workbench\\.parts\\.statusbar .statusbar-item'))) {
          const t = e.textContent ?? '';
          if (/Ranklens/.test(t) && w.__status[w.__status.length - 1] !== t) w.__status.push(t);
        }
      };
      new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true });
    });
    await wb.openFile(NAME);
    const lenses = (await wb.waitForLens((t) => shown(t).includes(title(0)), `showing q0's values (${title(0)})`)).map(shown);
    const statuses = await until('the status entry with values', () =>
      page.evaluate(() => {
        const s = (window as unknown as { __status: string[] }).__status;
        return s.some((t) => /Ranklens: trec_eval/.test(t)) ? s : undefined;
      }),
    );
    const evaluating = statuses.findIndex((t) => /Ranklens: evaluating…/.test(t));
    assert.ok(evaluating >= 0, `"evaluating…" shown first: ${JSON.stringify(statuses)}`);
    assert.ok(evaluating < statuses.findIndex((t) => /Ranklens: trec_eval/.test(t)), `before the values: ${JSON.stringify(statuses)}`);
    // The first screen's cases: q0 to q9 or so, each lens the core's text for its case.
    for (let i = 0; i < 5; i++)
      assert.ok(lenses.some((t) => t.includes(title(i))) || (await lensTexts()).some((t) => t.includes(title(i))), `q${i}: ${title(i)}`);
  });

  it("shows a last case's lens after Ctrl+End: the client asks again for the lenses near the view as it moves", async () => {
    // One of the last cases whose lens text no other case has, so that its lens on screen can only be its own.
    const all = Array.from({ length: CASES }, (_, i) => title(i));
    const last = [...Array(20).keys()].map((k) => CASES - 1 - k).find((i) => all.indexOf(all[i]) === all.lastIndexOf(all[i]))!;
    assert.ok(!(await lensTexts()).some((t) => t.includes(title(last))), `q${last}'s lens is not shown before`);
    // Ctrl+End scrolls within the editor (no change of focus, which would also make VS Code ask again).
    await wb.focusEditor();
    await page.keyboard.press('Control+End');
    await until(`q${last}'s lens (${title(last)})`, async () => (await lensTexts()).some((t) => t.includes(title(last))), T.slow, 200);
  });

  it('shows the lens of a case 7,000 lines down once the view goes there, and its new values after an edit', async () => {
    const i = 2400;
    const line = lines.indexOf(`  q${i}:`) + 1;
    assert.ok(line > 7000);
    await wb.goTo(line + 2, 19);
    await until(`q${i}'s lens (${title(i)})`, async () => (await lensTexts()).some((t) => t.includes(title(i))), T.slow, 200);
    // Make every prediction of q2400 one that no label names: its values fall to 0.
    // (Predictions repeat every 1,000 cases: the line is replaced where it is, not where it first occurs.)
    const predictions = lines[line + 1];
    const spoiled = predictions.replace(/\bd(\d+)/g, 'z$1');
    const edited = lines.map((l, n) => (n === line + 1 ? spoiled : l)).join('\n');
    const after = evaluateDocument(parseFixture(edited, 'yaml'), fixtureOptions(DEFAULT_SETTINGS)).fixtures[0];
    const now = lensTitle(after, i);
    assert.notEqual(now, title(i));
    await wb.focusEditor();
    await page.keyboard.press('Home');
    await page.keyboard.press('Shift+End');
    await page.keyboard.type(spoiled.trimStart());
    await until(`q${i}'s lens with its new values (${now})`, async () => (await lensTexts()).some((t) => t.includes(now)), T.slow, 200);
  });
});
