/**
 * The Compare Runs view (shared/curves/diffHtml.ts) rendered in Debian's headless Chromium
 * (playwright-core, a fresh profile) at 1,100 px, from the JSON report of the packaged command
 * (`dist/cli.js diff … --json`) on the hand-made example of test/cli/diff.test.ts (nDCG@3; base →
 * new: q3 +0.3691 a win, q2 a tie, q1 −0.5701 a loss, to which the unjudged x entered the top 3) and
 * on 40 queries for the picture. It checks what a person sees: the bars sorted and coloured by sign
 * (Paul Tol's indigo and rose; light blue and orange on a dark theme), the bar of the largest loss
 * leading to its row and the row to its two rankings with the moved and unjudged documents, the
 * table sorted by a click, bars reached by the keyboard, nothing wider than the pane, nothing loaded
 * from outside and no CSP error. Every run writes test-results/compare-runs.png; docs/compare-runs.png
 * is written when missing or with RANKLENS_UPDATE_SCREENSHOT=1, and so is docs/compare-runs-editor.png,
 * the view opened in code-server (the README's picture).
 *
 * Then in code-server 4.100.3 with ranklens.vsix: base.run and new.run selected in the explorer,
 * "Compare Runs" from its context menu (the qrels found beside them), and the same checks in the
 * webview: bars sorted and coloured, the largest loss's bar to its row, the row to its rankings.
 */
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type Browser, type BrowserContext, type FrameLocator, type Page } from 'playwright-core';
import { DiffReportView, diffHtml } from '../../shared/curves';
import { ranklens, tempFiles } from '../cli/ranklens';
import { chromiumArgs as editorChromiumArgs, ensureCodeServer, startCodeServer, type CodeServer } from './harness';
import { T, Workbench, until } from './workbench';

const repoRoot = resolve(__dirname, '..', '..', '..');
const chromiumPath = process.env.RANKLENS_CHROMIUM ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-dev-shm-usage',
];

// 40 queries, one relevant document r (grade 1 or 2) and a judged n each; base ranks r at (q mod 5) + 1,
// new at ((q · 3) mod 7) + 1, and new ranks an unjudged u first in every seventh query.
function forty(): Record<string, string> {
  const qrels: string[] = [];
  const base: string[] = [];
  const next: string[] = [];
  for (let q = 1; q <= 40; q++) {
    qrels.push(`${q} 0 r ${1 + (q % 2)}`, `${q} 0 n 0`);
    const rank = (at: number, tag: string, extra: string[]) => {
      const docs = ['n', 'o1', 'o2', 'o3', 'o4', 'o5', 'o6', 'o7'].slice(0, 8);
      docs.splice(at, 0, 'r');
      const list = [...extra, ...docs];
      return list.map((d, i) => `${q} Q0 ${d} ${i + 1} ${20 - i} ${tag}`);
    };
    base.push(...rank(q % 5, 'base', []));
    next.push(...rank((q * 3) % 7, 'new', q % 7 === 0 ? ['u'] : []));
  }
  return { 'forty.qrels': `${qrels.join('\n')}\n`, 'forty-base.run': `${base.join('\n')}\n`, 'forty-new.run': `${next.join('\n')}\n` };
}

const FILES = tempFiles({
  'hand.qrels': 'q1 0 a 2\nq1 0 b 1\nq1 0 c 0\nq2 0 a 1\nq2 0 n 0\nq3 0 a 1\n',
  'base.run':
    'q1 Q0 a 1 3 base\nq1 Q0 c 2 2 base\nq1 Q0 b 3 1 base\nq1 Q0 z 4 0.5 base\nq2 Q0 a 1 2 base\nq2 Q0 n 2 1 base\nq3 Q0 z 1 2 base\nq3 Q0 a 2 1 base\n',
  'new.run':
    'q1 Q0 b 1 3 new\nq1 Q0 c 2 2 new\nq1 Q0 x 3 2 new\nq1 Q0 a 4 1 new\nq2 Q0 a 1 2 new\nq2 Q0 n 2 1 new\nq3 Q0 a 1 2 new\nq3 Q0 z 2 1 new\n',
  ...forty(),
});

/**
 * Two systems in a fixture (test/curves/fixtureDiff.test.ts works it out): P@2, new − base: q3 +0.5,
 * q2 0, q1 −0.5, where the unjudged x entered new's top 2 and b (grade 1) left it.
 */
const SYSTEMS = `{
  "metrics": ["P@2", "RR"],
  "qrels": {"q1": {"a": 2, "b": 1, "n": 0}, "q2": {"a": 1}, "q3": {"a": 1}},
  "runs": {
    "base": {"q1": {"a": 3, "b": 2, "n": 1}, "q2": {"z": 2, "a": 1}, "q3": {"z": 2, "y": 1}},
    "new": {"q1": {"x": 3, "a": 2, "b": 1}, "q2": {"a": 2, "z": 1}, "q3": {"a": 2, "z": 1}}
  }
}
`;

function report(args: string[]): DiffReportView {
  const r = ranklens(['diff', ...args, '--json'], FILES);
  assert.equal(r.code, 0, r.stderr);
  return JSON.parse(r.stdout) as DiffReportView;
}

describe('the Compare Runs view in Chromium', () => {
  let dir: string;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  const consoleErrors: string[] = [];

  async function open(name: string, html: string): Promise<void> {
    const file = join(dir, name);
    writeFileSync(file, html);
    requests.length = 0;
    consoleErrors.length = 0;
    await page.goto(pathToFileURL(file).href);
  }

  const bars = () =>
    page.$$eval('svg.plot rect.bar', (rects) =>
      rects.map((r) => [r.getAttribute('class'), Number(r.getAttribute('data-diff')), getComputedStyle(r).fill]),
    );

  before(async () => {
    assert.ok(existsSync(chromiumPath), `${chromiumPath} is missing: apt-get install -y chromium`);
    dir = mkdtempSync(join(tmpdir(), 'ranklens-compare-'));
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
      viewport: { width: 1100, height: 900 },
    });
    // The page's messages to the extension, kept where the test reads them (the webview's API stands in).
    await context.addInitScript(() => {
      const posted: unknown[] = [];
      Object.assign(window, { posted, acquireVsCodeApi: () => ({ postMessage: (m: unknown) => posted.push(m) }) });
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await open(
      'hand.html',
      diffHtml(report(['hand.qrels', 'base.run', 'new.run', '-m', 'nDCG@3']), { title: 'nDCG@3: new vs base', nonce: 'abc123' }),
    );
  });

  after(async () => {
    await context?.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('draws the bars sorted by difference, wins indigo, losses rose, the tie grey', async () => {
    const drawn = await bars();
    assert.deepEqual(
      drawn.map(([cls, diff]) => [cls, Number((diff as number).toFixed(4))]),
      [
        ['bar win', 0.3691],
        ['bar tie', 0],
        ['bar loss', -0.5701],
      ],
    );
    assert.equal(drawn[0][2], 'rgb(51, 34, 136)');
    assert.equal(drawn[2][2], 'rgb(204, 102, 119)');
    assert.equal(await page.textContent('[data-wins]'), '1');
    assert.equal(await page.textContent('[data-losses]'), '1');
  });

  it('the bar of the largest loss leads to its row, and the row to the two rankings: moved and unjudged documents', async () => {
    await page.click('svg.plot a[data-qid="q1"]');
    assert.equal(new URL(page.url()).hash, '#row-0-q1');
    await page.click('#row-0-q1 a');
    assert.equal(new URL(page.url()).hash, '#q-0-q1');
    const section = page.locator('#q-0-q1');
    assert.ok(await section.isVisible());
    const changes = await section
      .locator('table.changes tbody tr')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    assert.deepEqual(changes, [
      ['entered', 'x', 'unjudged', '–', '2', '+0.0000'],
      ['left', 'a', 'relevant (2)', '1', '4', '−0.7602'],
      ['moved', 'b', 'relevant (1)', '3', '1', '+0.1900'],
      ['moved', 'c', 'non-relevant (0)', '2', '3', '+0.0000'],
    ]);
    assert.match((await section.locator('p.warn').textContent())!, /1 unjudged document entered the top 3 \(x\)/);
    // Side by side: rank 2 holds c in base and the unjudged x in new; c's link leads to its rank in new.
    const second = await section
      .locator('table.sides tbody tr')
      .nth(1)
      .evaluate((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent));
    assert.deepEqual(second, ['2', '', 'c', 'non-relevant (0)', '→ 3', '', 'x', 'unjudged', 'not in the other top']);
  });

  it('sorts the table by a column, and reaches the bars by keyboard', async () => {
    await page.click('button[data-sort="diff"]');
    const order = await page.$$eval('table.queries tbody tr', (rows) => rows.map((r) => r.getAttribute('data-id')));
    assert.deepEqual(order, ['q1', 'q2', 'q3']);
    await page.goto(page.url().split('#')[0]);
    let focused = '';
    for (let i = 0; i < 30 && !focused; i++) {
      await page.keyboard.press('Tab');
      focused = await page.evaluate(() =>
        document.activeElement?.closest('svg') ? (document.activeElement.getAttribute('data-qid') ?? '') : '',
      );
    }
    assert.equal(focused, 'q3', 'Tab reaches the first bar');
    await page.keyboard.press('Enter');
    assert.equal(new URL(page.url()).hash, '#row-0-q3');
  });

  it('saves the plot as PNG: 2000 × 480 pixels on white, the bars in their colours, posted to the extension as base64', async () => {
    await page.goto(page.url().split('#')[0]);
    await page.click('button.save-png');
    const png = await until('the PNG posted', () =>
      page.evaluate(() => {
        const m = (window as unknown as { posted: { type: string; png?: string }[] }).posted.find((p) => p.type === 'savePng');
        return m?.png;
      }),
    );
    const bytes = Buffer.from(png, 'base64');
    // The PNG signature, then IHDR: width and height as big-endian 32-bit numbers at bytes 16 and 20.
    assert.deepEqual([...bytes.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)], [2000, 480]);
    // Read back in the page: the middle of each bar (SVG units × 2) and a corner, as RGB.
    const pixels = await page.evaluate(async (b64) => {
      const image = new Image();
      image.src = `data:image/png;base64,${b64}`;
      await image.decode();
      const canvas = document.createElement('canvas');
      canvas.width = image.width;
      canvas.height = image.height;
      const g = canvas.getContext('2d')!;
      g.drawImage(image, 0, 0);
      const at = (x: number, y: number) => Array.from(g.getImageData(Math.round(x), Math.round(y), 1, 1).data.slice(0, 3));
      const rects = Array.from(document.querySelectorAll('svg.plot rect.bar'));
      const middle = (r: Element) => {
        const n = (k: string) => Number(r.getAttribute(k));
        return at((n('x') + n('width') / 2) * 2, (n('y') + n('height') / 2) * 2);
      };
      return { win: middle(rects[0]), loss: middle(rects[2]), corner: at(2, 2) };
    }, png);
    assert.deepEqual(pixels, { win: [51, 34, 136], loss: [204, 102, 119], corner: [255, 255, 255] });
  });

  it('10,000 queries: a window of 200 rows in the page, sorted at once, every query reachable from its bar', async (t) => {
    const n = 10_000;
    // Query i + 1 gains (5000 − i) / 10,000: q1 +0.5 first, q10000 −0.4999 last.
    const queries = Array.from({ length: n }, (_, i) => ({
      id: `q${i + 1}`,
      a: 0.5,
      b: 0.5 + (5000 - i) / n,
      diff: (5000 - i) / n,
      outcome: i < 5000 ? 'win' : i === 5000 ? 'tie' : 'loss',
    }));
    const big: DiffReportView = {
      measure: { name: 'nDCG@10', trecEval: 'ndcg_cut_10' },
      convention: { name: 'trec_eval' },
      tie: 0,
      top: 0,
      depth: 10,
      runs: [
        { name: 'a', mean: 0.5, queries: [], partial: null },
        { name: 'b', mean: 0.50005, queries: [], partial: null },
      ],
      comparisons: [
        {
          a: 'a',
          b: 'b',
          diff: 0.00005,
          ci: [-0.01, 0.01],
          pAdjusted: 0.99,
          significant: false,
          paired: n,
          unpaired: 0,
          wins: 5000,
          ties: 1,
          losses: 4999,
          queries,
          largestGains: [],
          largestLosses: [],
        },
      ],
      significance: { test: 't', correction: 'holm', alpha: 0.05 },
    };
    const started = Date.now();
    await open('big.html', diffHtml(big, { title: 'big', nonce: 'big' }));
    await page.evaluate(() => new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0))));
    const drawn = Date.now() - started;
    const rows = () => page.$$eval('table.queries tbody tr:not(.spacer)', (r) => r.map((x) => x.getAttribute('data-id')));
    const first = await rows();
    assert.deepEqual([first.length, first[0], first[199]], [200, 'q1', 'q200']);
    assert.equal(await page.locator('table.queries tr.spacer').count(), 2);
    const sortMs = await page.evaluate(async () => {
      const t0 = performance.now();
      document.querySelector<HTMLButtonElement>('button[data-sort="diff"]')!.click();
      await new Promise((r) => requestAnimationFrame(() => setTimeout(r, 0)));
      return performance.now() - t0;
    });
    const sorted = await rows();
    // Ascending now: the largest loss first.
    assert.deepEqual([sorted.length, sorted[0], sorted[1]], [200, 'q10000', 'q9999']);
    // The last bar (queries q9991 … q10000) leads to q9991's row, brought into the page.
    await page.click('svg.plot a[data-qid="q9991"]');
    assert.equal(new URL(page.url()).hash, '#row-0-q9991');
    assert.ok(await page.locator('#row-0-q9991').evaluate((r) => r.matches(':target') && r.isConnected));
    // Scrolling the table to its end brings the last rows in.
    await page.locator('.table-box').evaluate((b) => b.scrollTo(0, b.scrollHeight));
    await until('the last rows drawn', async () => (await rows()).includes('q1') || undefined);
    t.diagnostic(
      `10,000 queries: drawn in ${drawn} ms, sorted in ${Math.round(sortMs)} ms (load ${readFileSync('/proc/loadavg', 'utf8').split(' ')[0]})`,
    );
  });

  it('40 queries at 1,100 px: nothing wider than the pane, dark theme colours, nothing from outside, no CSP error; a screenshot', async () => {
    await open(
      'forty.html',
      diffHtml(report(['forty.qrels', 'forty-base.run', 'forty-new.run', '--top', '2']), { title: 'nDCG@10: new vs base', nonce: 'n40' }),
    );
    const drawn = await bars();
    assert.equal(drawn.length, 40);
    const diffs = drawn.map((b) => b[1] as number);
    assert.deepEqual(
      diffs,
      [...diffs].sort((x, y) => y - x),
      'sorted',
    );
    assert.ok(drawn.every(([cls, diff]) => cls === `bar ${(diff as number) > 0 ? 'win' : (diff as number) < 0 ? 'loss' : 'tie'}`));
    const width = await page.evaluate(() => document.documentElement.scrollWidth);
    assert.ok(width <= 1100, `the page is ${width} px wide`);
    assert.deepEqual(
      requests.filter((u) => !u.startsWith('file:')),
      [],
    );
    assert.deepEqual(consoleErrors, []);
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    const shot = await page.screenshot({ fullPage: false });
    writeFileSync(join(repoRoot, 'test-results', 'compare-runs.png'), shot);
    const docShot = join(repoRoot, 'docs', 'compare-runs.png');
    if (!existsSync(docShot) || process.env.RANKLENS_UPDATE_SCREENSHOT === '1') writeFileSync(docShot, shot);
    await page.evaluate(() => document.body.classList.add('vscode-dark'));
    const dark = await bars();
    assert.equal(dark.find((b) => b[0] === 'bar win')![2], 'rgb(119, 170, 221)');
    assert.equal(dark.find((b) => b[0] === 'bar loss')![2], 'rgb(238, 136, 102)');
  });
});

describe('Ranklens: Compare Runs in code-server with ranklens.vsix', { timeout: 600_000 }, () => {
  const vsix = process.env.RANKLENS_VSIX ?? join(repoRoot, 'ranklens.vsix');
  let cs: CodeServer | undefined;
  let browser: Browser | undefined;
  let page: Page;
  let view: FrameLocator;
  let workspace: string;
  let wb: Workbench;

  before(async () => {
    assert.ok(existsSync(vsix), `${vsix} is missing: run npm run package`);
    const codeServer = ensureCodeServer();
    workspace = join(mkdtempSync(join(tmpdir(), 'ranklens-cmp-')), 'runs');
    mkdirSync(workspace);
    for (const name of ['hand.qrels', 'base.run', 'new.run']) writeFileSync(join(workspace, name), readFileSync(join(FILES, name)));
    writeFileSync(join(workspace, 'systems.rank.json'), SYSTEMS);
    // Runs with no qrels beside them, paired by the config's rule with qrels in another folder.
    mkdirSync(join(workspace, 'project', 'judged'), { recursive: true });
    writeFileSync(
      join(workspace, 'ranklens.config.json'),
      '{\n  // runs to their qrels\n  "qrels": {"project/*.run": "project/judged/dev.qrels"}\n}\n',
    );
    writeFileSync(join(workspace, 'project', 'judged', 'dev.qrels'), readFileSync(join(FILES, 'hand.qrels')));
    writeFileSync(join(workspace, 'project', 'bm25.run'), readFileSync(join(FILES, 'base.run'), 'utf8').replace(/ base$/gm, ' bm25'));
    writeFileSync(join(workspace, 'project', 'dense.run'), readFileSync(join(FILES, 'new.run'), 'utf8').replace(/ new$/gm, ' dense'));
    cs = await startCodeServer({ codeServer, workspace, vsix });
    browser = await chromium.launch({ executablePath: chromiumPath, args: editorChromiumArgs, headless: true });
    page = await browser.newPage({ viewport: { width: 1100, height: 900 } });
    wb = new Workbench(page);
    await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  });

  after(async () => {
    if (page) {
      mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
      await page.screenshot({ path: join(repoRoot, 'test-results', 'compare-runs-editor.png') }).catch(() => undefined);
    }
    await browser?.close().catch(() => undefined);
    await cs?.stop();
  });

  const row = (name: string) =>
    page
      .locator('.explorer-folders-view .monaco-list-row')
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^${name.replace('.', '\\.')}$`) }) });

  /** Selects two runs in the explorer and runs Compare Runs from its context menu. */
  async function compareFromExplorer(a: string, b: string): Promise<void> {
    // The menu lists the extension's item once the extension host has read the extensions: select
    // and open it again until it does.
    const item = page.locator('.context-view .action-label', { hasText: /^Compare Runs$/ });
    const menu = page.locator('.context-view .monaco-menu');
    await until(
      `the context menu on ${a} and ${b} to offer Compare Runs`,
      async () => {
        if (await menu.isVisible()) {
          await page.keyboard.press('Escape');
          await menu.waitFor({ state: 'hidden', timeout: T.ui });
        }
        await row(a).click();
        await row(b).click({ modifiers: ['Control'] });
        const selected = await page.locator('.explorer-folders-view .monaco-list-row[aria-selected="true"]').count();
        if (selected !== 2) return undefined;
        await row(b).click({ button: 'right' });
        return (
          (await item.isVisible({ timeout: 1500 }).catch(() => false)) ||
          (await item
            .waitFor({ timeout: 1500 })
            .then(() => true)
            .catch(() => undefined))
        );
      },
      T.slow,
      500,
    );
    // Monaco's menu runs an item on Enter (a synthetic click may land before the menu takes the mouse).
    await item.hover();
    await page.keyboard.press('Enter');
  }

  it('opens from the explorer on two selected runs, with the qrels beside them', async () => {
    await compareFromExplorer('base.run', 'new.run');
    view = page.frameLocator('iframe.webview.ready').frameLocator('iframe#active-frame');
    await view.locator('svg.plot rect.bar').first().waitFor({ state: 'visible', timeout: T.slow });
    assert.match((await page.locator('.tab.active').getAttribute('aria-label'))!, /nDCG@10: new vs base/);
    // The README's picture: the view in the editor, as a user first sees it.
    const shot = await page.screenshot({ fullPage: false });
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-results', 'compare-runs-view.png'), shot);
    const docShot = join(repoRoot, 'docs', 'compare-runs-editor.png');
    if (!existsSync(docShot) || process.env.RANKLENS_UPDATE_SCREENSHOT === '1') writeFileSync(docShot, shot);
  });

  it('draws the bars sorted and coloured by sign, and leads from the largest loss to its moved and unjudged documents', async () => {
    const drawn = await view
      .locator('svg.plot rect.bar')
      .evaluateAll((rects) =>
        rects.map((r) => [r.getAttribute('class'), Number(Number(r.getAttribute('data-diff')).toFixed(4)), getComputedStyle(r).fill]),
      );
    // nDCG@10 (the default) on the hand-made example: q3 +0.3691 and q2 0 as at cutoff 3; q1's a, at rank 4
    // in new, now counts: 2/log2(5) = 0.8614, new's q1 = (1 + 0.8614)/IDCG 2.6309 = 0.7075, base's 0.9502: −0.2427.
    assert.deepEqual(
      drawn.map((d) => d.slice(0, 2)),
      [
        ['bar win', 0.3691],
        ['bar tie', 0],
        ['bar loss', -0.2427],
      ],
    );
    assert.deepEqual([drawn[0][2], drawn[2][2]], ['rgb(51, 34, 136)', 'rgb(204, 102, 119)']);
    await view.locator('svg.plot a[data-qid="q1"]').click();
    await until('the row of q1 marked', async () => (await view.locator('#row-0-q1').evaluate((r) => r.matches(':target'))) || undefined);
    await view.locator('#row-0-q1 a').click();
    const section = view.locator('#q-0-q1');
    await until('the rankings of q1 in view', async () => (await section.evaluate((s) => s.matches(':target'))) || undefined);
    const changes = await section
      .locator('table.changes tbody tr')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent).slice(0, 5)));
    // At depth 10 a stays in the top (1 → 4: 2/log2(5)/2.6309 − 2/2.6309 = −0.4328) and z, in base's top only, left.
    assert.deepEqual(changes, [
      ['entered', 'x', 'unjudged', '–', '2'],
      ['left', 'z', 'unjudged', '4', '–'],
      ['moved', 'b', 'relevant (1)', '3', '1'],
      ['moved', 'c', 'non-relevant (0)', '2', '3'],
      ['moved', 'a', 'relevant (2)', '1', '4'],
    ]);
    assert.match((await section.locator('p.warn').textContent())!, /1 unjudged document entered the top 10 \(x\)/);
  });

  it("shows a query's rankings on demand: q2, a tie no one asked about, compared again with --query", async () => {
    await view.locator('button.explain[data-qid="q2"]').click();
    const section = view.locator('#q-0-q2');
    await until('the rankings of q2 in view', async () => (await section.evaluate((s) => s.matches(':target'))) || undefined, T.slow);
    assert.match((await section.locator('h3').textContent())!, /^Query q2: base 1\.0000 → new 1\.0000 \(\+0\.0000\)/);
    const sides = await section
      .locator('table.sides tbody tr')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    assert.deepEqual(sides, [
      ['1', '', 'a', 'relevant (1)', '→ 1', '', 'a', 'relevant (1)', '→ 1'],
      ['2', '', 'n', 'non-relevant (0)', '→ 2', '', 'n', 'non-relevant (0)', '→ 2'],
    ]);
    assert.equal(await section.locator('table.changes tbody tr').count(), 0);
  });

  it('compares again on another measure chosen in the view: P@1', async () => {
    await view.locator('#family').selectOption('P');
    await view.locator('#cutoff').fill('1');
    await view.locator('#controls button[type="submit"]').click();
    await until(
      'the tab to say P@1',
      async () => /P@1: new vs base/.test((await page.locator('.tab.active').getAttribute('aria-label')) ?? ''),
      T.slow,
    );
    // P@1: base q1 a (relevant) 1, q2 a 1, q3 z (unjudged) 0; new q1 b (relevant) 1, q2 a 1, q3 a 1.
    const drawn = await until('the P@1 bars', async () => {
      const d = await view
        .locator('svg.plot rect.bar')
        .evaluateAll((rects) => rects.map((r) => [r.getAttribute('class'), Number(r.getAttribute('data-diff'))]));
      return d.length === 3 && d[0][1] === 1 ? d : undefined;
    });
    assert.deepEqual(drawn, [
      ['bar win', 1],
      ['bar tie', 0],
      ['bar tie', 0],
    ]);
    assert.deepEqual(await view.locator('table.queries tbody tr').evaluateAll((rows) => rows.map((r) => r.getAttribute('data-id'))), [
      'q3',
      'q1',
      'q2',
    ]);
    assert.equal(await view.locator('[data-wins]').textContent(), '1');
  });

  async function saveAs(button: string, name: string): Promise<Buffer> {
    const file = join(workspace, name);
    await view.locator(button).click();
    // code-server's save dialog is VS Code's own: a path typed into the quick input.
    const input = page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: T.ui });
    // The dialog fills in the folder once it has read it: type the path after that, until it holds.
    await until('the dialog to hold the path typed', async () => {
      const now = await input.inputValue();
      if (now === file) return true;
      if (now === '') return undefined;
      await input.fill(file);
      await new Promise((r) => setTimeout(r, 300));
      return (await input.inputValue()) === file || undefined;
    });
    await page.keyboard.press('Enter');
    return until(`${name} written`, () => (existsSync(file) && readFileSync(file).length > 0 ? readFileSync(file) : undefined), T.slow);
  }

  it('saves the plot as SVG and as PNG where the dialog says', async () => {
    const svg = (await saveAs('button.save', 'plot.svg')).toString('utf8');
    assert.ok(
      svg.startsWith(
        '<?xml version="1.0" encoding="UTF-8"?>\n<svg id="plot-0" class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 240"',
      ),
    );
    assert.deepEqual(
      [...svg.matchAll(/<rect class="bar (\w+)"[^>]* data-diff="([^"]+)"/g)].map((m) => [m[1], Number(m[2])]),
      [
        ['win', 1],
        ['tie', 0],
        ['tie', 0],
      ],
    );
    const png = await saveAs('button.save-png', 'plot.png');
    assert.deepEqual([...png.subarray(0, 8)], [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
    assert.deepEqual([png.readUInt32BE(16), png.readUInt32BE(20)], [2000, 480]);
  });

  it("opens a fixture's systems case by case from the palette: bars, the test, the largest loss's rankings", async () => {
    await wb.openFromExplorer('systems.rank.json');
    // The system lenses share the fixture's first line, beyond the window's width here: the palette
    // opens the same view (the lens's arguments are checked over LSP, test/protocol/systems.test.ts).
    await wb.waitForLens((t) => t.includes('new vs base: P@2 0.500'), 'the system lens of new');
    await wb.runCommand('Ranklens: Compare Systems Case by Case');
    await until(
      'the view on the fixture',
      async () => /P@2: new vs base \(systems\.rank\.json\)/.test((await page.locator('.tab.active').getAttribute('aria-label')) ?? ''),
      T.slow,
    );
    const drawn = await until('the P@2 bars of the systems', async () => {
      const d = await view
        .locator('svg.plot rect.bar')
        .evaluateAll((rects) => rects.map((r) => [r.getAttribute('class'), Number(r.getAttribute('data-diff'))]));
      return d.length === 3 && d[0][1] === 0.5 ? d : undefined;
    });
    assert.deepEqual(drawn, [
      ['bar win', 0.5],
      ['bar tie', 0],
      ['bar loss', -0.5],
    ]);
    assert.match(
      (await view.locator('p.test').textContent())!,
      /Mean difference \+0\.0000, 95% CI \[−1\.2421, \+1\.2421\]; p = 1\.0000 \(paired Student's t-test\)/,
    );
    await view.locator('svg.plot a[data-qid="q1"]').click();
    await view.locator('#row-0-q1 a').click();
    const section = view.locator('#q-0-q1');
    await until('the rankings of q1 in view', async () => (await section.evaluate((s) => s.matches(':target'))) || undefined);
    const changes = await section
      .locator('table.changes tbody tr')
      .evaluateAll((rows) => rows.map((r) => Array.from(r.querySelectorAll('td'), (td) => td.textContent)));
    assert.deepEqual(changes, [
      ['entered', 'x', 'unjudged', '–', '1', '+0.0000'],
      ['left', 'b', 'relevant (1)', '2', '3', '−0.5000'],
      ['moved', 'a', 'relevant (2)', '1', '2', '+0.0000'],
    ]);
  });

  it('takes the qrels that ranklens.config.json pairs with the runs (none beside them, none asked for)', async () => {
    await row('project').click();
    await row('bm25.run').waitFor({ state: 'visible', timeout: T.ui });
    await compareFromExplorer('bm25.run', 'dense.run');
    await until(
      'the view on bm25 and dense',
      async () => /nDCG@10: dense vs bm25/.test((await page.locator('.tab.active').getAttribute('aria-label')) ?? ''),
      T.slow,
    );
    // The hand-made example again, judged by project/judged/dev.qrels (a copy of hand.qrels).
    const drawn = await until('the bars of dense − bm25', async () => {
      const d = await view
        .locator('svg.plot rect.bar')
        .evaluateAll((rects) => rects.map((r) => [r.getAttribute('class'), Number(Number(r.getAttribute('data-diff')).toFixed(4))]));
      return d.length === 3 ? d : undefined;
    });
    assert.deepEqual(drawn, [
      ['bar win', 0.3691],
      ['bar tie', 0],
      ['bar loss', -0.2427],
    ]);
    assert.equal(await page.locator('.quick-input-widget input').isVisible(), false, 'no dialog asked for the qrels');
  });
});
