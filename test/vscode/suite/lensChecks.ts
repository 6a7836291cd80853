/**
 * Code lenses, hovers and inlay hints, read through vscode.executeCodeLensProvider,
 * vscode.executeHoverProvider and vscode.executeInlayHintProvider.
 */
import assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { Check } from './check';
import { SIMPLE, openFixture, rangeOf } from './fixtures';
import { hoverText, lensesOf, poll, shows } from './wait';

async function simpleLenses(name: string): Promise<{ editor: vscode.TextEditor; lenses: vscode.CodeLens[] }> {
  const editor = await openFixture(name, SIMPLE);
  const uri = editor.document.uri;
  let titles: string[] = [];
  const lenses = await poll(
    'the lenses of q1 and q2',
    async () => {
      const all = await lensesOf(uri);
      titles = all.map((l) => l.command?.title ?? '');
      return all.some((l) => l.range.start.line === 4) && all.some((l) => l.range.start.line === 9) ? all : undefined;
    },
    60_000,
    () => titles,
  );
  return { editor, lenses };
}

/** The inlay hints of a document's first `lines` lines, as `line:character label`. */
/** The titles of the lenses on one line, as the editor shows them side by side. */
function lineTitles(lenses: vscode.CodeLens[], line: number): string {
  return lenses
    .filter((l) => l.range.start.line === line)
    .map((l) => l.command?.title ?? '')
    .join(' · ');
}

export async function inlayHintsOf(doc: vscode.TextDocument, lines = 20): Promise<string[]> {
  const range = new vscode.Range(0, 0, Math.min(lines, doc.lineCount), 0);
  const hints = (await vscode.commands.executeCommand<vscode.InlayHint[]>('vscode.executeInlayHintProvider', doc.uri, range)) ?? [];
  return hints.map(
    (h) => `${h.position.line}:${h.position.character} ${typeof h.label === 'string' ? h.label : h.label.map((p) => p.value).join('')}`,
  );
}

export const lensChecks: Check[] = [
  {
    name: 'the lens above case q1 shows P@3 0.667 and R@3 1.000, and opens its breakdown',
    async run() {
      const { editor, lenses } = await simpleLenses('lens.rank.json');
      const lens = lenses.find((l) => l.range.start.line === 4);
      assert.ok(lens?.command, 'a lens with a command on the case id line');
      // One short lens per headline metric: the line reads as their titles together.
      const title = lineTitles(lenses, 4);
      assert.ok(shows(title, 'P@3', 0.667) && shows(title, 'R@3', 1), `P@3 0.667, R@3 1.000 in ${JSON.stringify(title)}`);
      assert.equal(lens.command.command, 'ranklens.showCaseBreakdown');
      // Which case it opens: the document, fixture 0, case 0.
      assert.deepEqual(lens.command.arguments, [editor.document.uri.toString(), 0, 0]);
    },
  },
  {
    name: 'the lens above case q2 shows P@3 0.333 and R@3 0.250',
    async run() {
      const { editor, lenses } = await simpleLenses('lens-q2.rank.json');
      const lens = lenses.find((l) => l.range.start.line === 9);
      assert.ok(lens?.command, 'a lens with a command on the q2 line');
      const title = lineTitles(lenses, 9);
      assert.ok(shows(title, 'P@3', 0.333) && shows(title, 'R@3', 0.25), `P@3 0.333, R@3 0.250 in ${JSON.stringify(title)}`);
      assert.deepEqual(lens.command.arguments, [editor.document.uri.toString(), 0, 1]);
    },
  },
  {
    name: 'the lens above the fixture shows the means over its two cases, P@3 0.500 and R@3 0.625, and compares conventions',
    async run() {
      const { lenses } = await simpleLenses('lens-fixture.rank.json');
      const lens = lenses.find((l) => l.range.start.line === 0 && l.command?.title.startsWith('mean'));
      assert.ok(lens?.command, "a lens with a command on the fixture's first line");
      const title = lens.command.title;
      assert.ok(shows(title, 'P@3', 0.5) && shows(title, 'R@3', 0.625), `means P@3 0.500, R@3 0.625 in ${JSON.stringify(title)}`);
      assert.equal(lens.command.command, 'ranklens.compareConventions');
    },
  },
  {
    name: 'the hover on case q1 explains it with its values',
    async run() {
      const editor = await openFixture('hover-case.rank.json', SIMPLE);
      const uri = editor.document.uri;
      const at = rangeOf(editor.document, '"q1"').start.translate(0, 1);
      let text = '';
      await poll(
        'a hover on q1',
        async () => {
          text = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at)) ?? []);
          return text.includes('q1') ? text : undefined;
        },
        30_000,
        () => text,
      );
      // The arithmetic, written out: two of the three predictions are relevant, both relevant labels found.
      assert.ok(text.includes('2 / 3 = 0.667'), `P@3 = 2 / 3 = 0.667 in the hover:\n${text}`);
      assert.ok(text.includes('2 / 2 = 1.000'), `R@3 = 2 / 2 = 1.000 in the hover:\n${text}`);
    },
  },
  {
    name: 'the hover on the metric P@3 names precision and the knob that sets its denominator (precisionDenominator = k)',
    async run() {
      const editor = await openFixture('hover-metric.rank.json', SIMPLE);
      const uri = editor.document.uri;
      const at = rangeOf(editor.document, '"P@3"').start.translate(0, 2);
      let text = '';
      await poll(
        'a hover on P@3',
        async () => {
          text = hoverText((await vscode.commands.executeCommand<vscode.Hover[]>('vscode.executeHoverProvider', uri, at)) ?? []);
          return /precision/i.test(text) ? text : undefined;
        },
        30_000,
        () => text,
      );
      assert.match(text, /P@3/);
      assert.ok(text.includes('precisionDenominator = k'), `the knob and its value now in the hover:\n${text}`);
    },
  },
  {
    name: "inlay hints mark q1's predictions a, c, b as relevant (✓1), not relevant (✗), relevant (✓1)",
    async run() {
      const { document: doc } = await openFixture('inlay.rank.json', SIMPLE);
      // Each hint sits right after its item on line 6: `      "predictions": ["a", "c", "b"],`.
      const at = (item: string) => `6:${rangeOf(doc, `"${item}"`, item === 'a' || item === 'b' ? 2 : 1).end.character}`;
      let hints: string[] = [];
      await poll(
        'the hints of q1',
        async () => ((hints = (await inlayHintsOf(doc)).filter((h) => h.startsWith('6:'))).length === 3 ? hints : undefined),
        30_000,
        () => hints,
      );
      assert.deepEqual(hints.sort(), [`${at('a')} ✓1`, `${at('c')} ✗`, `${at('b')} ✓1`].sort());
    },
  },
];
