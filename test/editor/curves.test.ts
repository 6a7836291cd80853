/**
 * The metric-curve page rendered in Debian's headless Chromium (playwright-core, a fresh profile):
 * seed 000's five users under every preset, with user2 selected. It checks what a person sees —
 * one line per preset and series, each point at its computed value, gaps for NaN, real size, the VS
 * Code theme's colors — and that the page reaches nothing outside itself. Every run writes
 * test-results/curves.png; docs/curves.png is written when missing or with RANKLENS_UPDATE_SCREENSHOT=1.
 */
import { SEED000_USERS } from '../fixtures/seed000';
import { after, before, describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { chromium, type BrowserContext, type Page } from 'playwright-core';
import { PRESETS, PRESET_NAMES } from '../../shared/core/conventions';
import { metricCurves } from '../../shared/curves/curves';
import { curvesHtml } from '../../shared/curves/curvesHtml';
import { Family } from '../../shared/core/metricNames';

const repoRoot = resolve(__dirname, '..', '..', '..');
const chromiumPath = process.env.RANKLENS_CHROMIUM ?? '/usr/bin/chromium';
const chromiumArgs = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--disable-dev-shm-usage',
];

const users = [...SEED000_USERS];
const presets = PRESET_NAMES.map((name) => ({ name, convention: PRESETS[name] }));
// The eight families that take a cutoff and that seed 000's tables cover (the judged-share and
// graded-web families added later draw on their own axes and are tested in test/curves/).
const families: Family[] = ['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Success'];

/** The VS Code variables a dark theme sets on the webview's <html>, as the editor itself does. */
const DARK_THEME: Record<string, string> = {
  '--vscode-editor-background': '#1f1f1f',
  '--vscode-editor-foreground': '#cccccc',
  '--vscode-descriptionForeground': '#9d9d9d',
  '--vscode-charts-blue': '#4daafc',
  '--vscode-charts-red': '#f85149',
};

interface DrawnPoint {
  family: string;
  series: string;
  k: number;
  value: string;
  title: string;
  visible: boolean;
}

describe('metric curves in Chromium', () => {
  let dir: string;
  let context: BrowserContext;
  let page: Page;
  const requests: string[] = [];
  const consoleErrors: string[] = [];
  const curves = metricCurves(users, families, 5, presets, 1, 'user2');

  /** Writes a page to the temp folder and opens it. */
  async function open(name: string, html: string): Promise<void> {
    const file = join(dir, name);
    writeFileSync(file, html);
    requests.length = 0;
    consoleErrors.length = 0;
    await page.goto(pathToFileURL(file).href);
  }

  function drawnPoints(): Promise<DrawnPoint[]> {
    return page.$$eval('figure.chart circle.point', (circles) =>
      circles.map((c) => ({
        family: c.closest('figure')!.getAttribute('data-family')!,
        series: c.getAttribute('data-series')!,
        k: Number(c.getAttribute('data-k')),
        value: c.getAttribute('data-value')!,
        title: c.querySelector('title')?.textContent ?? '',
        visible: c.getBoundingClientRect().width > 0,
      })),
    );
  }

  before(async () => {
    assert.ok(existsSync(chromiumPath), `${chromiumPath} is missing: apt-get install -y chromium (scripts/setup-code-server.sh does it)`);
    dir = mkdtempSync(join(tmpdir(), 'ranklens-curves-'));
    context = await chromium.launchPersistentContext(join(dir, 'profile'), {
      executablePath: chromiumPath,
      args: chromiumArgs,
      headless: true,
      viewport: { width: 1280, height: 900 },
    });
    page = context.pages()[0] ?? (await context.newPage());
    page.on('request', (r) => requests.push(r.url()));
    page.on('console', (m) => {
      if (m.type() === 'error') consoleErrors.push(m.text());
    });
    await open('curves.html', curvesHtml(curves, { title: 'Metric curves — seed 000' }));
  });

  after(async () => {
    await context?.close().catch(() => undefined);
    if (dir) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
  });

  it('draws a chart per metric family with one line per preset and series (every preset × mean and user2)', async () => {
    const perChart = await page.$$eval('figure.chart', (figures) =>
      figures.map((f) => ({
        family: f.getAttribute('data-family'),
        lines: f.querySelectorAll('svg.plot path.line').length,
        drawn: Array.from(f.querySelectorAll('svg.plot path.line')).filter((p) => (p as SVGPathElement).getTotalLength() > 0).length,
      })),
    );
    assert.deepEqual(
      perChart.map((c) => c.family),
      ['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Success'],
    );
    for (const c of perChart) {
      assert.equal(c.lines, 2 * presets.length, `${c.family}: lines`);
      assert.equal(c.drawn, 2 * presets.length, `${c.family}: lines with a length`);
    }
    assert.equal(await page.locator('.legend [data-legend-convention]').count(), presets.length);
  });

  it('puts the computed value on every point', async () => {
    const points = await drawnPoints();
    assert.equal(points.length, families.length * 2 * presets.length * 5);
    for (const curve of curves.curves) {
      for (const s of curve.series) {
        const name = `${s.convention}, ${s.label}`;
        const drawn = points.filter((p) => p.family === curve.family && p.series === name).sort((a, b) => a.k - b.k);
        assert.deepEqual(
          drawn.map((p) => Number(p.value)),
          s.values,
          `${curve.family} ${name}`,
        );
      }
    }
  });

  it('shows the hand-worked numbers of seed 000', async () => {
    const points = await drawnPoints();
    const at = (family: string, series: string, k: number) => points.find((p) => p.family === family && p.series === series && p.k === k)!;
    // seed000: users 4 and 5 are NaN and left out, P@5 = (2/5 + 2/5 + 0) / 3.
    assert.equal(Number(at('P', 'seed000, mean', 1).value), 1 / 3);
    assert.equal(Number(at('P', 'seed000, mean', 3).value), 1 / 3);
    assert.equal(Number(at('P', 'seed000, mean', 5).value), 4 / 15);
    assert.equal(at('P', 'seed000, mean', 5).title, 'P@5 = 0.267 (seed000, mean; 2 cases NaN, left out)');
    // trec_eval: they count 0, P@5 = 0.8 / 5.
    assert.equal(Number(at('P', 'trec_eval, mean', 5).value), 0.8 / 5);
    // user2's AP@5: hits at ranks 2 and 4, (1/2 + 2/4) ÷ 2 hits (seed000) or ÷ R = 3 (trec_eval).
    assert.equal(at('AP', 'seed000, user2', 5).title, 'AP@5 = 0.500 (seed000, user2)');
    assert.equal(Number(at('AP', 'trec_eval, user2', 5).value), 1 / 3);
    // The one gap: seed 003's code gives user2 (hits at ranks 2 and 4) no AP@1 and no F1@1, NaN, so
    // those two points are not drawn; every other point is.
    assert.deepEqual(
      points.filter((p) => !p.visible).map((p) => `${p.family} ${p.series} @${p.k} = ${p.value}`),
      ['F1 seed003, user2 @1 = NaN', 'AP seed003, user2 @1 = NaN'],
    );
  });

  it('places each point at its value on the axis', async () => {
    // P@2 of the seed000 mean is 0.5: the circle's centre sits on the 0.5 grid line.
    const y = await page.$eval('figure[data-family="P"]', (f) => {
      const tick = Array.from(f.querySelectorAll('text.tick')).find((t) => t.textContent === '0.5')!;
      const circle = f.querySelector('circle.point[data-series="seed000, mean"][data-k="2"]')!;
      const centre = (e: Element) => {
        const r = e.getBoundingClientRect();
        return r.top + r.height / 2;
      };
      return { tick: centre(tick), circle: centre(circle) };
    });
    assert.ok(Math.abs(y.tick - y.circle) < 2, `tick at ${y.tick}, circle at ${y.circle}`);
  });

  it('renders charts of real size and loads nothing but the page itself', async () => {
    const boxes = await page.$$eval('svg.plot', (svgs) =>
      svgs.map((s) => s.getBoundingClientRect()).map((r) => ({ w: r.width, h: r.height })),
    );
    assert.equal(boxes.length, families.length);
    for (const b of boxes) assert.ok(b.w > 200 && b.h > 100, `chart of ${b.w}×${b.h}`);
    assert.deepEqual(
      requests.map((u) => u.replace(/.*\//, '')),
      ['curves.html'],
    );
    assert.deepEqual(consoleErrors, []);
  });

  it('leaves a case with no labels out of the line under seed000', async () => {
    const user4 = metricCurves(users, ['P'], 5, presets.slice(0, 2), 3, 'user4');
    await open('user4.html', curvesHtml(user4, { title: 'user4' }));
    const points = (await drawnPoints()).filter((p) => p.series.endsWith('user4'));
    assert.deepEqual(
      points.map((p) => `${p.series}@${p.k}=${p.value}${p.visible ? '' : ' (hidden)'}`),
      [...[1, 2, 3, 4, 5].map((k) => `seed000, user4@${k}=NaN (hidden)`), ...[1, 2, 3, 4, 5].map((k) => `trec_eval, user4@${k}=0`)],
      'drawn order: the first convention last, on top',
    );
    const d = await page.getAttribute('path.line[data-series="seed000, user4"]', 'd');
    assert.equal(d, '', 'no line through NaN');
  });

  it('keeps its styles under a nonce-only CSP', async () => {
    await open('nonce.html', curvesHtml(curves, { title: 'nonce', nonce: 'c2VlZDAwMA' }));
    const stroke = await page.$eval('figure[data-family="P"] g.c0 path.line', (p) => getComputedStyle(p).stroke);
    assert.equal(stroke, 'rgb(51, 34, 136)', "Tol's muted indigo, not the default black: the style was applied");
    assert.deepEqual(consoleErrors, []);
  });

  it("takes the VS Code theme's page colors and a dark palette under vscode-dark, and saves a screenshot", async () => {
    await open('curves.html', curvesHtml(curves, { title: 'Metric curves — seed 000 (every preset, user2)' }));
    const light = await page.$eval('body', (b) => getComputedStyle(b).backgroundColor);
    assert.equal(light, 'rgb(255, 255, 255)', 'the fallback outside VS Code');
    // VS Code sets its theme's variables on <html> and marks the body vscode-dark.
    await page.evaluate((vars) => {
      for (const [k, v] of Object.entries(vars)) document.documentElement.style.setProperty(k, v);
      document.body.classList.add('vscode-dark');
    }, DARK_THEME);
    const colors = await page.evaluate(() => ({
      background: getComputedStyle(document.body).backgroundColor,
      text: getComputedStyle(document.querySelector('h1')!).color,
      series: [...Array(9).keys()].map((i) => getComputedStyle(document.querySelector(`li g.c${i} path.line`)!).stroke),
      key: getComputedStyle(document.querySelector('li g.key path.line')!).stroke,
    }));
    // Paul Tol's light scheme (and muted's purple): nine colors, none of them the gray of the mean/case key.
    assert.deepEqual(colors, {
      background: 'rgb(31, 31, 31)',
      text: 'rgb(204, 204, 204)',
      series: [
        'rgb(119, 170, 221)',
        'rgb(238, 136, 102)',
        'rgb(68, 187, 153)',
        'rgb(238, 221, 136)',
        'rgb(153, 221, 255)',
        'rgb(255, 170, 187)',
        'rgb(187, 204, 51)',
        'rgb(170, 170, 0)',
        'rgb(170, 68, 153)',
      ],
      key: 'rgb(157, 157, 157)',
    });
    const shot = await page.screenshot({ fullPage: true });
    mkdirSync(join(repoRoot, 'test-results'), { recursive: true });
    writeFileSync(join(repoRoot, 'test-results', 'curves.png'), shot);
    const docShot = join(repoRoot, 'docs', 'curves.png');
    if (!existsSync(docShot) || process.env.RANKLENS_UPDATE_SCREENSHOT === '1') {
      mkdirSync(join(repoRoot, 'docs'), { recursive: true });
      writeFileSync(docShot, shot);
    }
    assert.ok(shot.length > 20_000, `a screenshot of ${shot.length} bytes`);
  });
});
