/**
 * Typing in a big fixture in a real editor: code-server 4.100.3 in headless Chromium (the editor tests'
 * harness), a 3,000-case × 20-prediction YAML fixture (comments included, as the examples start),
 * opened with the packaged extension installed and, as the baseline, the same file in a code-server
 * without it (plain YAML). Printed next to their targets (issue 36):
 *
 *   - keystroke echo: from a key press (the keydown event's time) to the next frame after the
 *     character is in the editor's DOM, for digits typed into a prediction id in the middle of the file,
 *     median and p90, with the extension and without; target: within 1.2× of the baseline;
 *   - lenses refreshed after an edit: from the key press that makes a relevant prediction irrelevant
 *     (and the Backspace that restores it) to the case's lens showing the new value; target: 300 ms;
 *   - a cold open: from Enter in quick open to the first progress shown (the status item), the first
 *     squiggle, the first lens with a title and the status entry; target: progress shown, then the
 *     first lenses within 1.5 s.
 *
 *   npm run bench:editor                                  # packages ranklens.vsix first
 *   node out/bench/editorEcho.js [--cases N] [--keys N] [--interval MS] [--rounds N] [--vsix FILE] [--settings JSON]
 *
 * Each round starts both code-servers afresh and types the same keys into each, the two taking turns
 * (with, without, with, without …), so that the machine's load falls on both alike.
 */
import { mkdtempSync, writeFileSync, existsSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromium, type Browser, type Page } from 'playwright-core';
import {
  chromiumArgs,
  chromiumPath,
  ensureCodeServer,
  removeDir,
  repoRoot,
  startCodeServer,
  type CodeServer,
} from '../test/editor/harness';
import { T, Workbench, until } from '../test/editor/workbench';
import { generate } from './lsp';

interface Options {
  /** User settings for the code-server with the extension (to find where the time goes: {"editor.codeLens": false}). */
  settings: Record<string, unknown>;
  cases: number;
  keys: number;
  interval: number;
  rounds: number;
  vsix: string;
}

function options(argv: string[]): Options {
  const value = (name: string, fallback: string) => {
    const at = argv.indexOf(`--${name}`);
    return at >= 0 && argv[at + 1] !== undefined ? argv[at + 1] : fallback;
  };
  return {
    settings: JSON.parse(value('settings', '{}')) as Record<string, unknown>,
    cases: Number(value('cases', '3000')),
    keys: Number(value('keys', '30')),
    interval: Number(value('interval', '200')),
    rounds: Number(value('rounds', '2')),
    vsix: value('vsix', join(repoRoot, 'ranklens.vsix')),
  };
}

const NAME = 'big.rank.yaml';
const WIDTH = 1100;

/** The fixture: bench/lsp.ts's generator, with the comment lines a fixture starts with. */
function fixtureText(cases: number): string {
  const header = '# A generated fixture: 20 predictions a case, five graded labels.\n# Comments, as the examples have them.\n\n';
  return header + generate('yaml', cases, 20).text;
}

/** Where the predictions line of case i is (1-based line), and a prediction on it that a label names (or none). */
function caseLine(text: string, i: number): { line: number; relevant?: { id: string; column: number } } {
  const lines = text.split('\n');
  const head = lines.indexOf(`  q${i}:`);
  const labels = lines[head + 1];
  const predictions = lines[head + 2];
  const labelled = new Set([...labels.matchAll(/(\w+): \d/g)].map((m) => m[1]).filter((id) => id !== 'labels'));
  // Among the first ten, so that the headline values at k = 10 change when it stops being relevant.
  const ids = [...predictions.matchAll(/d\d+/g)].slice(0, 10);
  const hit = ids.find((m) => labelled.has(m[0]));
  return {
    line: head + 3,
    relevant: hit ? { id: hit[0], column: hit.index! + hit[0].length + 1 } : undefined,
  };
}

interface Variant {
  name: 'with' | 'without';
  cs: CodeServer;
  page: Page;
  wb: Workbench;
  workspace: string;
}

async function start(browser: Browser, name: Variant['name'], text: string, opts: Options, codeServer: string): Promise<Variant> {
  const workspace = mkdtempSync(join(tmpdir(), `ranklens-echo-${name}-`));
  writeFileSync(join(workspace, NAME), text);
  const cs = await startCodeServer({
    codeServer,
    workspace,
    vsix: name === 'with' ? opts.vsix : undefined,
    settings: name === 'with' ? opts.settings : undefined,
  });
  const page = await browser.newPage({ viewport: { width: WIDTH, height: 800 } });
  const wb = new Workbench(page);
  await wb.open(`${cs.url}/?folder=${encodeURIComponent(workspace)}`);
  return { name, cs, page, wb, workspace };
}

interface ColdOpen {
  /** The file's first line on screen. */
  text?: number;
  progress?: number;
  squiggle?: number;
  lens?: number;
  status?: number;
}

/**
 * Opens the fixture by quick open and records, in the page, when each thing first shows after Enter:
 * progress (the Ranklens status entry saying it is evaluating, or a progress item in the status bar),
 * a squiggle, a lens with a title, the status entry with a value.
 */
async function coldOpen(v: Variant): Promise<ColdOpen> {
  const { page } = v;
  await page.keyboard.press('Control+P');
  await page.locator('.quick-input-widget input').waitFor({ state: 'visible', timeout: T.ui });
  await page.keyboard.type(NAME);
  await until('quick open to find the fixture', async () => {
    const focused = await page
      .locator('.quick-input-widget .monaco-list-row.focused')
      .first()
      .getAttribute('aria-label', { timeout: 1000 });
    return (focused ?? '').split(',')[0].trim() === NAME;
  });
  await page.evaluate(() => {
    const w = window as unknown as { __open: Record<string, number>; __openStart: number };
    w.__open = {};
    const seen = () => {
      const now = performance.now() - w.__openStart;
      const status = Array.from(document.querySelectorAll('#workbench\\.parts\\.statusbar .statusbar-item')).map(
        (e) => e.textContent ?? '',
      );
      const mark = (what: string, yes: boolean) => {
        if (yes && w.__open[what] === undefined) w.__open[what] = now;
      };
      mark(
        'text',
        Array.from(document.querySelectorAll('.editor-instance .view-line')).some((l) =>
          (l.textContent ?? '').replace(/\u00a0/g, ' ').includes('A generated fixture'),
        ),
      );
      // Progress: the Ranklens status entry, or a window progress item (LSP work done progress) naming Ranklens.
      mark(
        'progress',
        status.some((s) => /Ranklens/.test(s) && /evaluat|reading|…/i.test(s)),
      );
      // Diagnostics: the warnings count in the status bar (the fixture's cases without labels).
      mark('squiggle', /Warnings: [1-9]/.test(document.querySelector('#status\\.problems')?.getAttribute('aria-label') ?? ''));
      mark(
        'lens',
        Array.from(document.querySelectorAll('.monaco-editor .codelens-decoration')).some((e) => /\d\.\d{3}/.test(e.textContent ?? '')),
      );
      mark(
        'status',
        status.some((s) => /Ranklens: .*\d\.\d{3}/.test(s)),
      );
    };
    new MutationObserver(seen).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    w.__openStart = performance.now();
  });
  await page.keyboard.press('Enter');
  await page.waitForSelector(`.tab.active[aria-label^="${NAME}"]`, { timeout: T.ui });
  // Headless, VS Code renders a newly opened editor's lenses only once the editor has had focus.
  await v.wb.focusEditor();
  const wanted = v.name === 'with' ? ['text', 'lens', 'status', 'squiggle'] : ['text'];
  await until(
    'the cold open to show lenses, squiggles and the status entry',
    () =>
      page.evaluate((keys) => keys.every((k) => (window as unknown as { __open: Record<string, number> }).__open[k] !== undefined), wanted),
    T.slow,
    100,
  ).catch(() => undefined);
  return page.evaluate(() => (window as unknown as { __open: ColdOpen }).__open);
}

/** Installs the echo probe: after each keydown, the time until a line matches the expected text (at the next frame). */
async function installEcho(page: Page): Promise<void> {
  await page.evaluate(() => {
    const w = window as unknown as { __echo: { expect?: RegExp; t0: number; results: number[] } };
    w.__echo = { t0: 0, results: [] };
    const lines = () => document.querySelectorAll('.editor-instance .monaco-editor .view-lines .view-line');
    const check = () => {
      const e = w.__echo;
      if (!e.expect) return;
      const want = e.expect;
      for (const l of Array.from(lines())) {
        if (want.test(l.textContent ?? '')) {
          e.expect = undefined;
          requestAnimationFrame(() => e.results.push(performance.now() - e.t0));
          return;
        }
      }
    };
    new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true });
    window.addEventListener(
      'keydown',
      (ev) => {
        // timeStamp: when the browser made the event, before any queue the page's own work held it in.
        w.__echo.t0 = ev.timeStamp;
      },
      true,
    );
  });
}

/** Types `keys` digits at the end of the id `marker`, one every `interval` ms; the echo of each, in ms. */
async function typeDigits(v: Variant, marker: string, keys: number, interval: number): Promise<number[]> {
  const { page } = v;
  const before = await page.evaluate(() => (window as unknown as { __echo: { results: number[] } }).__echo.results.length);
  let typed = '';
  for (let k = 0; k < keys; k++) {
    const key = String((k * 7) % 10);
    typed += key;
    // The id as typed so far, then no digit (an inlay hint may follow it in the line's text).
    await page.evaluate(
      (want) => ((window as unknown as { __echo: { expect?: RegExp } }).__echo.expect = new RegExp(`${want}(?!\\d)`)),
      `${marker}${typed}`,
    );
    await page.keyboard.press(key);
    await new Promise((r) => setTimeout(r, interval));
  }
  // Put the id back as it was, so that each block types into the same text.
  for (let k = 0; k < keys; k++) await page.keyboard.press('Backspace');
  await new Promise((r) => setTimeout(r, 1000));
  const all = await page.evaluate(() => (window as unknown as { __echo: { results: number[] } }).__echo.results);
  return all.slice(before);
}

/**
 * From a key press to the shown lenses changing, measured in the page: the keydown event's time to
 * the next frame after the lens texts differ from those before it, all with titles (ms); undefined
 * when they did not change within 10 s.
 */
async function lensRefresh(page: Page, key: string): Promise<number | undefined> {
  await page.evaluate(() => {
    type Probe = { before: string; t0: number; result?: number; observer?: MutationObserver };
    const w = window as unknown as { __lens: Probe };
    w.__lens?.observer?.disconnect();
    const texts = () => Array.from(document.querySelectorAll('.monaco-editor .codelens-decoration')).map((e) => e.textContent ?? '');
    const probe: Probe = { before: texts().join('\n'), t0: -1 };
    w.__lens = probe;
    window.addEventListener('keydown', (ev) => (probe.t0 = ev.timeStamp), { capture: true, once: true });
    probe.observer = new MutationObserver(() => {
      if (probe.t0 < 0 || probe.result !== undefined) return;
      const now = texts();
      // Lenses being resolved show no title for a moment: a change is a new set of titles, all filled in.
      if (now.join('\n') === probe.before || now.some((t) => t.trim() === '')) return;
      requestAnimationFrame(() => (probe.result ??= performance.now() - probe.t0));
    });
    probe.observer.observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  await page.keyboard.press(key);
  return until(
    'the lenses to change',
    () => page.evaluate(() => (window as unknown as { __lens: { result?: number } }).__lens.result),
    10_000,
    50,
  ).catch(() => undefined);
}

function stats(xs: number[]): { median: number; p90: number } {
  const s = [...xs].sort((a, b) => a - b);
  const at = (q: number) => s[Math.min(s.length - 1, Math.max(0, Math.ceil(q * s.length) - 1))];
  return { median: at(0.5), p90: at(0.9) };
}

const ms = (n: number | undefined) => (n === undefined ? '—' : `${n.toFixed(0)} ms`);

async function main(): Promise<void> {
  const opts = options(process.argv.slice(2));
  if (!existsSync(opts.vsix)) {
    console.log(`editorEcho: ${opts.vsix} is missing: npm run package first (npm run bench:editor does).`);
    process.exitCode = 2;
    return;
  }
  const codeServer = ensureCodeServer();
  const text = fixtureText(opts.cases);
  const middle = Math.floor(opts.cases / 2);
  // A case near the middle with a relevant prediction to spoil (and restore) for the lens figure.
  let target = middle;
  while (!caseLine(text, target).relevant) target++;
  const typing = caseLine(text, middle);
  const spoil = caseLine(text, target);
  const marker = /\[(d\d+)/.exec(text.split('\n')[typing.line - 1])![1];
  const echo: Record<Variant['name'], number[]> = { with: [], without: [] };
  const lens: number[] = [];
  const opens: ColdOpen[] = [];
  const plainOpens: ColdOpen[] = [];
  console.log(
    `editorEcho: ${opts.cases} cases × 20 predictions (${(text.length / 1e6).toFixed(2)} MB of YAML), ${opts.keys} keys every ${opts.interval} ms, ${opts.rounds} rounds (load ${loadavg()[0].toFixed(1)})`,
  );
  for (let round = 0; round < opts.rounds; round++) {
    const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs, headless: true });
    const variants: Variant[] = [];
    try {
      for (const name of ['with', 'without'] as const) variants.push(await start(browser, name, text, opts, codeServer));
      for (const v of variants) {
        const open = await coldOpen(v);
        (v.name === 'with' ? opens : plainOpens).push(open);
        await v.wb.goTo(typing.line, typing.line > 0 ? text.split('\n')[typing.line - 1].indexOf(marker) + marker.length + 1 : 1);
        await installEcho(v.page);
      }
      // Let the first pass, the lenses and the workspace scan settle before typing.
      await new Promise((r) => setTimeout(r, 5000));
      for (let block = 0; block < 2; block++)
        for (const v of variants) echo[v.name].push(...(await typeDigits(v, marker, opts.keys, opts.interval)));
      const withExt = variants[0];
      await withExt.wb.goTo(spoil.line, spoil.relevant!.column);
      await new Promise((r) => setTimeout(r, 3000));
      for (let i = 0; i < 4; i++) {
        for (const key of ['x', 'Backspace']) {
          const t = await lensRefresh(withExt.page, key);
          if (t !== undefined) lens.push(t);
          await new Promise((r) => setTimeout(r, 1500));
        }
      }
    } finally {
      await browser.close().catch(() => undefined);
      for (const v of variants) {
        await v.cs.stop();
        removeDir(v.cs.home);
        removeDir(v.workspace);
      }
    }
  }
  const w = stats(echo.with);
  const wo = stats(echo.without);
  const l = stats(lens);
  const row = (what: string, figure: string, target: string, met: boolean) =>
    console.log(`  ${what.padEnd(58)} ${figure.padEnd(40)} target ${target.padEnd(40)} ${met ? 'met' : 'NOT MET'}`);
  row(
    `keystroke echo, median / p90 (${echo.with.length} keys)`,
    `${ms(w.median)} / ${ms(w.p90)}`,
    `≤ 1.2 × without (${ms(wo.median)} / ${ms(wo.p90)})`,
    w.median <= 1.2 * wo.median,
  );
  row(`lenses refreshed after an edit, median / p90 (${lens.length})`, `${ms(l.median)} / ${ms(l.p90)}`, '≤ 300 ms', l.median <= 300);
  for (const [i, o] of opens.entries())
    row(
      `cold open ${i + 1}: text / progress / problems / lens / status`,
      `${ms(o.text)} / ${ms(o.progress)} / ${ms(o.squiggle)} / ${ms(o.lens)} / ${ms(o.status)}`,
      `progress, lens ≤ 1.5 s (plain: text ${ms(plainOpens[i]?.text)})`,
      o.progress !== undefined && o.lens !== undefined && o.lens <= 1500,
    );
  console.log(`  (load ${loadavg()[0].toFixed(1)} at the end)`);
}

if (require.main === module) void main();
