/**
 * A TREC run and its qrels as documents in code-server 4.100.3 with ranklens.vsix, at 1,100 px: a
 * workspace with qrels/dev.qrels, runs/bm25.run, runs/new.run and a ranklens.config.json that pairs
 * bm25.run only. bm25.run opens as a TREC run (the language in the status bar), with a lens per query
 * showing trec_eval's values, the duplicate docid on line 7 squiggled and listed with its first line,
 * the hover on a docid naming its judgment, and the status bar naming its qrels. new.run opens with
 * "no qrels"; Ranklens: Pick Qrels for This Run, with qrels/dev.qrels and "runs/new.run" picked, writes
 * the rule into ranklens.config.json on disk, and the lenses and "qrels: dev.qrels" follow. notes.txt
 * stays plain text. The picture of bm25.run with its hover and the Problems panel is
 * docs/trec-run-editor.png (written when missing or with RANKLENS_UPDATE_SCREENSHOT=1; every run
 * writes test-results/trec-run-editor.png).
 *
 * The expected values are trec_eval 10.0-rc3's (`trec_eval -q -m ndcg_cut.1,3,5,10 -m map_cut.10 -m
 * map -m P.1,3,5,10 -m recall.1,3,5,10 dev.qrels RUN`), on bm25.run without its line 7 (trec_eval
 * stops on a duplicate docid; the editor leaves q2 out) and on new.run, written out below.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import { chromiumArgs, chromiumPath, ensureCodeServer, repoRoot, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, until } from './workbench';

const QRELS = `q1 0 d1 2
q1 0 d2 1
q1 0 d3 0
q1 0 d4 1
q2 0 d5 1
q2 0 d6 0
q2 0 d7 2
q3 0 d8 1
q3 0 d9 0
`;

/** Line 7 repeats d6 of q2 (line 5): trec_eval stops ("duplicate docs"), the editor leaves q2 out. d10 is unjudged. */
const BM25 = `q1 Q0 d1 1 9.5 bm25
q1 Q0 d3 2 8.1 bm25
q1 Q0 d10 3 7.0 bm25
q1 Q0 d2 4 6.2 bm25
q2 Q0 d6 1 5.0 bm25
q2 Q0 d7 2 4.0 bm25
q2 Q0 d6 3 3.0 bm25
q3 Q0 d9 1 2.0 bm25
q3 Q0 d8 2 1.5 bm25
`;

const NEW = `q1 Q0 d2 1 3.0 new
q1 Q0 d1 2 2.0 new
q2 Q0 d7 1 1.0 new
q3 Q0 d8 1 0.5 new
`;

const CONFIG = `{
  // bm25.run only: new.run is paired in the test
  "qrels": { "runs/bm25.run": "qrels/dev.qrels" }
}
`;

type Values = Record<string, number>;
/** trec_eval -q's values by Ranklens's metric names (nDCG@k = ndcg_cut_k, AP@10 = map_cut_10, AP = map, P@k = P_k, R@k = recall_k). */
const TREC_EVAL: Record<string, Record<string, Values>> = {
  'bm25.run': {
    // The means of q1 and q3 (q2 is left out), from trec_eval's values of each.
    all: { 'nDCG@10': (0.7763 + 0.6309) / 2, 'AP@10': 0.5, 'P@1': 0.5, 'R@1': 0.3333 / 2 },
    q1: {
      ...at('nDCG', [1, 0.6388, 0.7763, 0.7763]),
      'AP@10': 0.5,
      AP: 0.5,
      ...at('P', [1, 0.3333, 0.4, 0.2]),
      ...at('R', [0.3333, 0.3333, 0.6667, 0.6667]),
    },
    q3: { ...at('nDCG', [0, 0.6309, 0.6309, 0.6309]), 'AP@10': 0.5, AP: 0.5, ...at('P', [0, 0.3333, 0.2, 0.1]), ...at('R', [0, 1, 1, 1]) },
  },
  'new.run': {
    q1: {
      ...at('nDCG', [0.5, 0.7224, 0.7224, 0.7224]),
      'AP@10': 0.6667,
      AP: 0.6667,
      ...at('P', [1, 0.6667, 0.4, 0.2]),
      ...at('R', [0.3333, 0.6667, 0.6667, 0.6667]),
    },
    q2: {
      ...at('nDCG', [1, 0.7602, 0.7602, 0.7602]),
      'AP@10': 0.5,
      AP: 0.5,
      ...at('P', [1, 0.3333, 0.2, 0.1]),
      ...at('R', [0.5, 0.5, 0.5, 0.5]),
    },
    q3: { ...at('nDCG', [1, 1, 1, 1]), 'AP@10': 1, AP: 1, ...at('P', [1, 0.3333, 0.2, 0.1]), ...at('R', [1, 1, 1, 1]) },
    // The "all" line: the means of the file's lens.
    all: {
      ...at('nDCG', [0.8333, 0.8275, 0.8275, 0.8275]),
      'AP@10': 0.7222,
      AP: 0.7222,
      ...at('P', [1, 0.4444, 0.2667, 0.1333]),
      ...at('R', [0.6111, 0.7222, 0.7222, 0.7222]),
    },
  },
};

function at(metric: string, values: number[]): Values {
  return Object.fromEntries([1, 3, 5, 10].map((k, i) => [`${metric}@${k}`, values[i]]));
}

/** Every lens shown: the lenses of one line are drawn in one decoration, " | " between them. */
async function shownLenses(wb: Workbench): Promise<string[]> {
  return (await wb.lenses()).flatMap((line) => line.split(/\s+\|\s+/)).map((l) => l.trim());
}

/** The `NAME VALUE` pairs of a lens ("nDCG@10 0.776 · AP@10 0.500"). */
function lensValues(lens: string): Values {
  return Object.fromEntries([...lens.matchAll(/([A-Za-z][\w@.()=]*) (-?\d+\.\d+)/g)].map((m) => [m[1], Number(m[2])]));
}

/** Each value of the lens is trec_eval's, to the lens's 3 decimals; nDCG@10 among them. */
function assertTrecEval(lens: string, expected: Values, what: string): void {
  const shown = lensValues(lens);
  assert.ok('nDCG@10' in shown, `${what}: nDCG@10 in ${JSON.stringify(lens)}`);
  for (const [name, value] of Object.entries(shown)) {
    assert.ok(name in expected, `${what}: ${name} has a trec_eval value written out (${JSON.stringify(lens)})`);
    assert.ok(Math.abs(value - expected[name]) <= 0.0005 + 1e-9, `${what}: ${name} ${value} is trec_eval's ${expected[name]}`);
  }
}

describe('TREC runs and qrels in code-server with ranklens.vsix', { timeout: 600_000 }, () => {
  const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let workspace: string;
  let wb: Workbench;

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-trec-')), 'eval');
    mkdirSync(join(workspace, 'qrels'), { recursive: true });
    mkdirSync(join(workspace, 'runs'));
    writeFileSync(join(workspace, 'qrels', 'dev.qrels'), QRELS);
    writeFileSync(join(workspace, 'runs', 'bm25.run'), BM25);
    writeFileSync(join(workspace, 'runs', 'new.run'), NEW);
    writeFileSync(join(workspace, 'ranklens.config.json'), CONFIG);
    writeFileSync(join(workspace, 'notes.txt'), 'q1 0 d1 2\nplain notes, not qrels\n');
    // Hovers below their line where there is room, so that the picture keeps the lenses above in view.
    cs = await startCodeServer({ codeServer, workspace, vsix, settings: { 'editor.hover.above': false } });
    browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    if (page) {
      mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(repoRoot, 'test-results', 'trec-run-last.png') }).catch(() => undefined);
    }
    await browser?.close().catch(() => undefined);
    await cs?.stop();
  });

  /** The language the status bar names for the active editor ("TREC run"). */
  const languageMode = () =>
    until('the language mode in the status bar', () => page.locator('#status\\.editor\\.mode').innerText(), T.slow);

  /** The Ranklens status bar entry naming the active run's qrels, once its text satisfies `pred`. */
  async function qrelsStatus(pred: (text: string) => boolean): Promise<string> {
    let seen: string[] = [];
    return until(
      `the qrels status bar entry (seen: ${JSON.stringify(seen)})`,
      async () => {
        seen = await page.locator('.statusbar-item').filter({ hasText: /qrels/ }).allInnerTexts();
        return seen.map((s) => s.trim()).find(pred);
      },
      T.slow,
      200,
    );
  }

  /** Types `text` into the open quick pick and takes the row it focuses, once that row is `label`. */
  async function pick(text: string, label: string): Promise<void> {
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: T.ui });
    await until(`the quick pick to list ${label}`, async () => {
      if ((await input.inputValue()) !== text) await input.fill(text);
      const focused = await page
        .locator('.quick-input-widget .monaco-list-row.focused')
        .first()
        .getAttribute('aria-label', { timeout: 1000 });
      return (focused ?? '').startsWith(label);
    });
    await page.keyboard.press('Enter');
  }

  /**
   * Quick open (Ctrl+P) of a file in a subfolder: its row reads "NAME FOLDER", which Workbench.openFile
   * (for files at the root) does not take for the name.
   */
  async function openInFolder(name: string, folder: string): Promise<void> {
    await page.keyboard.press('Control+P');
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: T.ui });
    await input.fill(name);
    await until(`quick open to focus ${folder}/${name}`, async () => {
      const focused = await page.locator('.quick-input-widget .monaco-list-row.focused').first().innerText({ timeout: 1000 });
      return (await input.inputValue()) === name && focused.split('\n').join(' ').includes(name) && focused.includes(folder);
    });
    await page.keyboard.press('Enter');
    await page.waitForSelector(`.tab.active[aria-label^="${name}"]`, { timeout: T.ui });
    await page.waitForSelector('.editor-instance .monaco-editor .view-lines', { timeout: T.ui });
  }

  it('opens bm25.run as a TREC run, and notes.txt as plain text', async () => {
    await wb.openFile('notes.txt');
    assert.equal(await languageMode(), 'Plain Text');
    await openInFolder('bm25.run', 'runs');
    await until('bm25.run to read as a TREC run', async () => (await languageMode()) === 'TREC run', T.slow);
  });

  it("shows each query's trec_eval values in a lens on its first line, and leaves q2 with its duplicate docid out", async () => {
    await wb.waitForLens((t) => /nDCG@10 0\.776/.test(t), "q1's nDCG@10 0.776");
    const lenses = await shownLenses(wb);
    const values = lenses.filter((l) => /nDCG@10 \d/.test(l) && !/mean/.test(l));
    assert.equal(values.length, 2, `q1 and q3 have values: ${JSON.stringify(lenses)}`);
    assertTrecEval(values[0], TREC_EVAL['bm25.run'].q1, 'q1');
    assertTrecEval(values[1], TREC_EVAL['bm25.run'].q3, 'q3');
    const file = lenses.find((l) => /mean of 2 of 3/.test(l));
    assert.ok(file, `a file lens with the means of 2 of the 3 queries: ${JSON.stringify(lenses)}`);
    assertTrecEval(file, TREC_EVAL['bm25.run'].all, 'the means');
    assert.ok(
      lenses.some((l) => /not evaluated/.test(l) && /twice|duplicate/.test(l)),
      `q2's lens says it is not evaluated: ${JSON.stringify(lenses)}`,
    );
  });

  it('squiggles the duplicate docid on line 7 and lists it with its first occurrence on line 5', async () => {
    await page.waitForSelector('.squiggly-error', { timeout: T.slow });
    const problems = await wb.problems('bm25.run', (p) => p.some((x) => x.code === 'duplicate-prediction'));
    const duplicate = problems.find((p) => p.code === 'duplicate-prediction')!;
    // "q2 Q0 d6": the docid at column 7 of line 7, and its first occurrence, line 5, as related information.
    assert.deepEqual([duplicate.line, duplicate.column], [7, 7]);
    assert.match(duplicate.message, /"d6" appears twice for query q2/);
    const rows = await page.locator('.markers-panel .monaco-list-row').allInnerTexts();
    assert.ok(
      rows.some((r) => /bm25\.run/.test(r) && /\(5, 7\)|Ln 5, Col 7/.test(r)),
      `the first occurrence (5, 7) listed with it: ${JSON.stringify(rows)}`,
    );
  });

  it("names the docid's judgment and trec_eval's rank on hover, and the qrels in the status bar; the picture", async () => {
    await qrelsStatus((t) => t === 'qrels: dev.qrels');
    await wb.goTo(9, 8); // d8 of q3: judged relevant, grade 1, ranked second by its score
    const hover = await wb.hoverAtCursor((t) => /d8/.test(t) && /grade 1/.test(t));
    const text = (await hover.allInnerTexts()).join('\n');
    assert.match(text, /d8 for query q3: relevant, grade 1/);
    assert.match(text, /rank 2 of 2/);
    const shot = await page.screenshot({ fullPage: false });
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-results', 'trec-run-editor.png'), shot);
    const docShot = join(repoRoot, 'docs', 'trec-run-editor.png');
    if (!existsSync(docShot) || process.env.RANKLENS_UPDATE_SCREENSHOT === '1') writeFileSync(docShot, shot);
    await page.keyboard.press('Escape');
  });

  it("offers Pick Qrels for This Run in the explorer's context menu of a run, and not of qrels", async () => {
    const row = (name: string) =>
      page
        .locator('.explorer-folders-view .monaco-list-row')
        .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) });
    const item = page.locator('.context-view .action-label', { hasText: /^Pick Qrels for This Run$/ });
    const menu = page.locator('.context-view .monaco-menu');
    // The qrels folder opened (once: a second click would close it), so that dev.qrels is listed.
    if (!(await row('dev.qrels').first().isVisible())) await row('qrels').click();
    await row('dev.qrels').first().waitFor({ state: 'visible', timeout: T.ui });
    const offered = async (name: string) => {
      await row(name).first().click({ button: 'right' });
      await menu.waitFor({ state: 'visible', timeout: T.ui });
      const shown = await item.isVisible();
      await page.keyboard.press('Escape');
      await menu.waitFor({ state: 'hidden', timeout: T.ui });
      return shown;
    };
    assert.equal(await until('the menu of new.run to offer Pick Qrels', () => offered('new.run'), T.ui, 500), true);
    assert.equal(await offered('dev.qrels'), false);
  });

  it('Pick Qrels for This Run pairs new.run: the rule written to ranklens.config.json, then its lenses and qrels', async () => {
    await openInFolder('new.run', 'runs');
    await until('new.run to read as a TREC run', async () => (await languageMode()) === 'TREC run', T.slow);
    await qrelsStatus((t) => t === 'no qrels');
    await wb.runCommand('Ranklens: Pick Qrels for This Run');
    await pick('dev.qrels', 'qrels/dev.qrels');
    await pick('runs/new.run', 'runs/new.run');
    const config = await until(
      'the rule in ranklens.config.json on disk',
      () => {
        const text = readFileSync(join(workspace, 'ranklens.config.json'), 'utf8');
        return text.includes('runs/new.run') && text;
      },
      T.ui,
    );
    assert.equal(
      config,
      `{
  // bm25.run only: new.run is paired in the test
  "qrels": {
    "runs/new.run": "qrels/dev.qrels",
    "runs/bm25.run": "qrels/dev.qrels"
  }
}
`,
    );
    await wb.waitForLens((t) => /nDCG@10 0\.722/.test(t), "new.run's q1 nDCG@10 0.722");
    const lenses = await shownLenses(wb);
    const queries = lenses.filter((l) => /nDCG@10 \d/.test(l) && !/mean/.test(l));
    assert.equal(queries.length, 3, JSON.stringify(lenses));
    assertTrecEval(queries[0], TREC_EVAL['new.run'].q1, 'q1');
    assertTrecEval(queries[1], TREC_EVAL['new.run'].q2, 'q2');
    assertTrecEval(queries[2], TREC_EVAL['new.run'].q3, 'q3');
    const file = lenses.find((l) => /mean/.test(l));
    assert.ok(file, `a file lens with the means: ${JSON.stringify(lenses)}`);
    assertTrecEval(file, TREC_EVAL['new.run'].all, 'the means');
    await qrelsStatus((t) => t === 'qrels: dev.qrels');
  });
});
