/**
 * Drives VS Code's workbench (as served by code-server) the way a person would: keyboard shortcuts,
 * quick open, the Problems panel, hovers and the quick-fix menu. Every wait is on a selector or a
 * condition with a generous timeout, never a fixed sleep.
 */
import type { Locator, Page } from 'playwright-core';

export const T = {
  /** Workbench load, extension activation, first lenses. */
  slow: 90_000,
  /** A UI reaction to a key press. */
  ui: 30_000,
};

export interface Problem {
  /** The file name it is listed under. */
  file: string;
  message: string;
  source: string;
  code: string;
  line: number;
  column: number;
  raw: string;
}

/** Polls `fn` until it returns a truthy value or the time runs out. */
export async function until<T>(
  what: string,
  fn: () => Promise<T | undefined | null | false> | T | undefined | null | false,
  timeoutMs = T.ui,
  everyMs = 100,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  let last: unknown;
  for (;;) {
    try {
      const v = await fn();
      if (v) return v as T;
    } catch (e) {
      last = e;
    }
    if (Date.now() > deadline) throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${last ? `: ${String(last)}` : ''}`);
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

export class Workbench {
  constructor(readonly page: Page) {}

  async open(url: string): Promise<void> {
    await this.page.goto(url);
    await this.page.waitForSelector('.monaco-workbench', { timeout: T.slow });
    await this.page.waitForSelector('.explorer-folders-view .monaco-list-row', { timeout: T.slow });
  }

  /** Quick open (Ctrl+P) a file by its name; waits for its editor tab to be active. */
  async openFile(name: string): Promise<void> {
    await this.quickInput('Control+P', name);
    // Enter only once the list shows the typed query's result focused (not a stale "recently opened" row).
    await until(`quick open to focus ${name}`, async () => {
      const value = await this.page.locator('.quick-input-widget input').inputValue();
      const focused = await this.page
        .locator('.quick-input-widget .monaco-list-row.focused')
        .first()
        .getAttribute('aria-label', { timeout: 1000 });
      return value === name && (focused ?? '').split(',')[0].trim() === name;
    });
    await this.page.keyboard.press('Enter');
    await this.page.waitForSelector(`.tab.active[aria-label^="${name}"]`, { timeout: T.ui });
    await this.page.waitForSelector('.editor-instance .monaco-editor .view-lines', { timeout: T.ui });
  }

  /**
   * Opens a file by clicking its row in the Explorer: for a file created during the run, which quick
   * open's file search may not have indexed yet.
   */
  async openFromExplorer(name: string): Promise<void> {
    const exact = new RegExp(`^${name.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}$`);
    const row = this.page
      .locator('.explorer-folders-view .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: exact }) });
    await row.first().waitFor({ state: 'visible', timeout: T.slow });
    await row.first().click();
    await this.page.waitForSelector(`.tab.active[aria-label^="${name}"]`, { timeout: T.ui });
    await this.page.waitForSelector('.editor-instance .monaco-editor .view-lines', { timeout: T.ui });
  }

  private async quickInput(key: string, text: string): Promise<void> {
    await this.page.keyboard.press(key);
    const input = this.page.locator('.quick-input-widget input');
    await input.waitFor({ state: 'visible', timeout: T.ui });
    await this.page.keyboard.type(text);
  }

  /** Focuses the active editor's text. */
  async focusEditor(): Promise<void> {
    // Ctrl+1 focuses the first editor group without moving the cursor.
    await this.page.keyboard.press('Control+1');
    await this.page.waitForSelector('.editor-instance .monaco-editor.focused', { timeout: T.ui });
  }

  /** Moves the cursor to a 1-based line and column with Go to Line (Ctrl+G). */
  async goTo(line: number, column: number): Promise<void> {
    await this.focusEditor();
    await this.quickInput('Control+G', `${line}:${column}`);
    await this.page.keyboard.press('Enter');
    await until(`cursor at ${line}:${column}`, async () => {
      const t = await this.page
        .locator('#status\\.editor\\.selection')
        .innerText()
        .catch(() => '');
      return t.includes(`Ln ${line}, Col ${column}`);
    });
  }

  /** Lens texts currently rendered (all visible editors). */
  async lenses(): Promise<string[]> {
    return (await this.page.locator('.monaco-editor .codelens-decoration').allInnerTexts()).map((s) => s.trim()).filter(Boolean);
  }

  /** Waits until some lens satisfies `pred` and returns all lens texts. */
  async waitForLens(pred: (text: string) => boolean, what: string): Promise<string[]> {
    // Headless, VS Code renders a newly opened editor's lenses only once the editor has had focus
    // (seen with any extension when the Problems panel took the focus first).
    await this.focusEditor();
    let seen: string[] = [];
    await until(
      `a code lens ${what} (seen: ${JSON.stringify(seen)})`,
      async () => {
        seen = await this.lenses();
        return seen.some(pred);
      },
      T.slow,
      200,
    );
    return seen;
  }

  /** Shows the hover at the cursor (Ctrl+K Ctrl+I) and returns its text. */
  async hoverAtCursor(pred: (text: string) => boolean = () => true): Promise<Locator> {
    const hover = this.page.locator('.monaco-hover:not(.hidden)').filter({ hasText: /\S/ });
    let text = '';
    await until(
      `a hover (last: ${JSON.stringify(text)})`,
      async () => {
        if (!(await hover.count())) {
          await this.page.keyboard.press('Control+K');
          await this.page.keyboard.press('Control+I');
          await hover
            .first()
            .waitFor({ state: 'visible', timeout: 5_000 })
            .catch(() => undefined);
        }
        text = (await hover.allInnerTexts()).join('\n');
        return pred(text);
      },
      T.ui,
      300,
    );
    // Let its fade-in finish, so a screenshot shows it opaque.
    await this.page.waitForFunction(
      () =>
        Array.from(document.querySelectorAll('.monaco-hover:not(.hidden)')).every((el) =>
          el.getAnimations({ subtree: true }).every((a: Animation) => a.playState !== 'running'),
        ),
      undefined,
      { timeout: T.ui },
    );
    return hover;
  }

  async hoverText(): Promise<string> {
    return (await this.page.locator('.monaco-hover:not(.hidden)').allInnerTexts()).join('\n');
  }

  /**
   * Opens the Problems panel (Ctrl+Shift+M), filters it to one file (a glob in the panel's own filter
   * box: the server also reports the workspace's other fixtures), and returns its entries once `pred`
   * holds for them.
   */
  async problems(file: string, pred: (p: Problem[]) => boolean = (p) => p.length > 0): Promise<Problem[]> {
    if (
      !(await this.page
        .locator('.markers-panel')
        .isVisible()
        .catch(() => false))
    ) {
      await this.page.keyboard.press('Control+Shift+M');
    }
    await this.page.waitForSelector('.markers-panel', { timeout: T.ui });
    const filter = this.page.locator('.viewpane-filter input, .markers-panel-action-filter input').first();
    await filter.waitFor({ state: 'visible', timeout: T.ui });
    const glob = `**/${file}`;
    if ((await filter.inputValue()) !== glob) await filter.fill(glob);
    let list: Problem[] = [];
    await until(
      `Problems entries of ${file} (seen: ${JSON.stringify(list.map((p) => p.raw))})`,
      async () => {
        const all = await this.readProblems();
        // Until the filter has applied, other files' rows are still listed: wait for only this file's.
        if (all.some((p) => p.file !== file)) return false;
        list = all;
        return pred(list);
      },
      T.slow,
      200,
    );
    return list;
  }

  /** The Problems panel's rendered entries, each with the file it is listed under. */
  async readProblems(): Promise<Problem[]> {
    const rows = await this.page.locator('.markers-panel .monaco-list-row').evaluateAll((els) =>
      els.map((el) => ({
        // The list is virtual: DOM order is not screen order, data-index is.
        index: Number(el.getAttribute('data-index')),
        raw: (el as HTMLElement).innerText,
        // A file row holds the file's icon label (aria-label = its path); a problem row a severity icon.
        path: el.querySelector('.resource-label-container .monaco-icon-label')?.getAttribute('aria-label') ?? null,
        isMarker: el.querySelector('.marker-icon') !== null,
        message: el.querySelector('.marker-message-details, .marker-message')?.textContent ?? '',
        source: el.querySelector('.marker-source')?.textContent ?? '',
        code: el.querySelector('.marker-code')?.textContent ?? '',
        where: el.querySelector('.marker-line')?.textContent ?? '',
      })),
    );
    rows.sort((a, b) => a.index - b.index);
    const out: Problem[] = [];
    // A problem whose file row is scrolled out of the rendered rows gets file '' (unknown).
    let file = '';
    for (const r of rows) {
      if (r.path !== null) file = r.path.split(/[\\/]/).pop() ?? '';
      if (!r.isMarker) continue;
      const m = /Ln (\d+), Col (\d+)/.exec(r.where || r.raw);
      if (!m) continue;
      const lines = r.raw
        .split('\n')
        .map((x) => x.trim())
        .filter(Boolean);
      out.push({
        file,
        raw: r.raw,
        message: (r.message || lines[0] || '').trim(),
        source: r.source.trim(),
        code: r.code.trim().replace(/^\(|\)$/g, ''),
        line: Number(m[1]),
        column: Number(m[2]),
      });
    }
    return out;
  }

  /** Status bar problem counts, e.g. "Errors: 1, Warnings: 2". */
  async problemCounts(): Promise<string> {
    return (await this.page.locator('#status\\.problems').getAttribute('aria-label')) ?? '';
  }

  /** At the cursor, opens Quick Fix (Ctrl+.) and applies the action whose title matches. */
  async applyQuickFix(title: string | RegExp): Promise<string[]> {
    await this.focusEditor();
    const match = (s: string | null) => s !== null && (typeof title === 'string' ? s.includes(title) : title.test(s));
    const rows = this.page.locator('.action-widget .monaco-list-row');
    let titles: string[] = [];
    await until(
      `quick fix ${String(title)} (offered: ${JSON.stringify(titles)})`,
      async () => {
        if (
          !(await this.page
            .locator('.action-widget')
            .isVisible()
            .catch(() => false))
        ) {
          await this.page.keyboard.press('Control+.');
          await rows
            .first()
            .waitFor({ state: 'visible', timeout: 5_000 })
            .catch(() => undefined);
        }
        titles = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).filter(Boolean);
        return titles.some(match);
      },
      T.ui,
      300,
    );
    // The menu swallows mouse clicks (a pointer block sits on top): move the focus with the keyboard.
    for (let i = 0; i < titles.length + 2; i++) {
      const focused = await this.page.locator('.action-widget .monaco-list-row.focused').first().getAttribute('aria-label');
      if (match(focused)) break;
      await this.page.keyboard.press('ArrowDown');
    }
    await this.page.keyboard.press('Enter');
    await this.page
      .locator('.action-widget')
      .waitFor({ state: 'hidden', timeout: T.ui })
      .catch(() => undefined);
    return titles;
  }

  /** At the cursor, opens Quick Fix (Ctrl+.), reads the titles offered once `pred` holds for them, and closes the menu. */
  async quickFixTitles(pred: (titles: string[]) => boolean): Promise<string[]> {
    await this.focusEditor();
    const rows = this.page.locator('.action-widget .monaco-list-row');
    let titles: string[] = [];
    await until(
      `quick fixes (offered: ${JSON.stringify(titles)})`,
      async () => {
        if (
          !(await this.page
            .locator('.action-widget')
            .isVisible()
            .catch(() => false))
        ) {
          await this.page.keyboard.press('Control+.');
          await rows
            .first()
            .waitFor({ state: 'visible', timeout: 5_000 })
            .catch(() => undefined);
        }
        titles = (await rows.evaluateAll((els) => els.map((e) => e.getAttribute('aria-label') ?? ''))).filter(Boolean);
        return pred(titles);
      },
      T.ui,
      300,
    );
    await this.page.keyboard.press('Escape');
    await this.page
      .locator('.action-widget')
      .waitFor({ state: 'hidden', timeout: T.ui })
      .catch(() => undefined);
    return titles;
  }

  /** Runs a command from the Command Palette (Ctrl+Shift+P) by its title. */
  async runCommand(title: string): Promise<void> {
    await this.quickInput('Control+Shift+P', title);
    await until(`the command "${title}" focused`, async () => {
      const focused = await this.page
        .locator('.quick-input-widget .monaco-list-row.focused')
        .first()
        .getAttribute('aria-label', { timeout: 1000 });
      return (focused ?? '').startsWith(title);
    });
    await this.page.keyboard.press('Enter');
  }

  async save(): Promise<void> {
    await this.focusEditor();
    await this.page.keyboard.press('Control+S');
    await this.page.waitForSelector('.tab.active:not(.dirty)', { timeout: T.ui });
  }
}

/** 1-based line and column of the first occurrence of `needle` in `text` (plus `offsetInNeedle`). */
export function lineColOf(text: string, needle: string, offsetInNeedle = 0, from = 0): { line: number; column: number } {
  const at = text.indexOf(needle, from);
  if (at < 0) throw new Error(`${JSON.stringify(needle)} not found`);
  const before = text.slice(0, at + offsetInNeedle);
  const line = before.split('\n').length;
  const column = before.length - before.lastIndexOf('\n');
  return { line, column };
}
