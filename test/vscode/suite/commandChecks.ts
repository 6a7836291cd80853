/**
 * Every command the extension contributes: registered, and each one run through
 * vscode.commands.executeCommand with what it opens read back from the tabs and documents.
 */
import assert from 'node:assert/strict';
import { existsSync, readFileSync, readdirSync } from 'node:fs';
import * as vscode from 'vscode';
import type { Check } from './check';
import { SIMPLE, openFixture } from './fixtures';
import { lensesOf, poll, shows } from './wait';

const EXTENSION_ID = 'ranklens.ranklens';

function extension(): vscode.Extension<unknown> {
  const ext = vscode.extensions.getExtension(EXTENSION_ID);
  assert.ok(ext, `${EXTENSION_ID} is loaded`);
  return ext;
}

function contributedCommands(): string[] {
  const json = extension().packageJSON as { contributes?: { commands?: { command: string }[] } };
  return (json.contributes?.commands ?? []).map((c) => c.command);
}

const allTabs = () => vscode.window.tabGroups.all.flatMap((g) => g.tabs);
const tabLabels = () => allTabs().map((t) => t.label);

/** The view document (ranklens-view:, named after its title) whose name contains `name`, once it satisfies `pred`. */
async function viewDocument(name: string, pred: (text: string) => boolean, what: string): Promise<vscode.TextDocument> {
  return poll(
    what,
    () => vscode.workspace.textDocuments.find((d) => d.uri.scheme === 'ranklens-view' && d.uri.path.includes(name) && pred(d.getText())),
    30_000,
    () => ({ tabs: tabLabels(), documents: vscode.workspace.textDocuments.map((d) => d.uri.toString()) }),
  );
}

/** Closes every editor, so what a command opens is the only tab besides the fixture. */
async function closeAll(): Promise<void> {
  await vscode.window.tabGroups.close(allTabs());
}

/**
 * The pids of the language servers this extension host runs (the client forks dist/server.js as a
 * child of the extension host), read from /proc; undefined where there is no /proc (macOS, Windows).
 */
function serverProcesses(): number[] | undefined {
  if (!existsSync('/proc/self/stat')) return undefined;
  return readdirSync('/proc')
    .filter((d) => /^\d+$/.test(d))
    .flatMap((pid) => {
      try {
        const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
        const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
        const cmd = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        return ppid === process.pid && cmd.some((a) => /dist[\\/]server\.js$/.test(a)) ? [Number(pid)] : [];
      } catch {
        return []; // ended while being read
      }
    });
}

export const commandChecks: Check[] = [
  {
    name: 'the extension activates, and every command it contributes is registered',
    async run() {
      await extension().activate();
      assert.ok(extension().isActive);
      const contributed = contributedCommands();
      assert.ok(contributed.length >= 4, `contributes ${contributed.join(', ')}`);
      for (const c of [
        'ranklens.showCaseBreakdown',
        'ranklens.compareConventions',
        'ranklens.showMetricCurves',
        'ranklens.restartServer',
      ]) {
        assert.ok(contributed.includes(c), `${c} is contributed`);
      }
      const registered = new Set(await vscode.commands.getCommands(true));
      assert.deepEqual(
        contributed.filter((c) => !registered.has(c)),
        [],
        'contributed but not registered',
      );
    },
  },
  {
    name: "ranklens.showCaseBreakdown, run with the lens's arguments, opens the breakdown of q1",
    async run() {
      await closeAll();
      const { document: doc } = await openFixture('breakdown.rank.json', SIMPLE);
      const lens = await poll('the case lens', async () => (await lensesOf(doc.uri)).find((l) => l.range.start.line === 4 && l.command));
      await vscode.commands.executeCommand(lens.command!.command, ...(lens.command!.arguments ?? []));
      const view = await viewDocument('q1', (t) => t.includes('q1'), 'a breakdown view of q1');
      const text = view.getText();
      // The arithmetic, written out.
      assert.ok(text.includes('2 / 3 = 0.667'), `P@3 = 2 / 3 = 0.667 in the breakdown:\n${text}`);
      assert.ok(text.includes('2 / 2 = 1.000'), `R@3 = 2 / 2 = 1.000 in the breakdown:\n${text}`);
      assert.ok(!text.includes('q2'), 'only q1');
    },
  },
  {
    name: 'ranklens.compareConventions opens a comparison that names the presets that differ',
    async run() {
      await closeAll();
      await openFixture('compare.rank.json', SIMPLE);
      await vscode.commands.executeCommand('ranklens.compareConventions');
      const view = await viewDocument('compare.rank.json', (t) => t.includes('| R@3 |'), 'a comparison of compare.rank.json');
      // The fixture's means under trec_eval: P@3 0.500 under every preset; R@3 0.625, but q2's 1 of 4 relevant is
      // 1 of the 1 predicted where only predicted items count (sklearn, torchmetrics: mean 1.000), 1 of min(3, 4)
      // under LensKit (0.667).
      assert.ok(view.getText().includes('| P@3 | 0.500 | — |'), view.getText());
      assert.ok(view.getText().includes('| R@3 | 0.625 | 1.000 sklearn, torchmetrics; 0.667 lenskit |'), view.getText());
    },
  },
  {
    name: 'ranklens.showMetricCurves opens the metric curves panel',
    async run() {
      await closeAll();
      await openFixture('curves.rank.json', SIMPLE);
      await vscode.commands.executeCommand('ranklens.showMetricCurves');
      const tab = await poll(
        'a curves tab',
        () => allTabs().find((t) => t.input instanceof vscode.TabInputWebview && t.input.viewType.endsWith('ranklens.metricCurves')),
        30_000,
        tabLabels,
      );
      // The cursor is at the top of the file, outside any case: the curves of the fixture's means.
      assert.match(tab.label, /curves.*mean of 2 cases/i);
    },
  },
  {
    name: 'ranklens.restartServer replaces the server process, and lenses come back from the new one',
    async run() {
      await closeAll();
      const { document: doc } = await openFixture('restart.rank.json', SIMPLE);
      const q1Lens = async () => ((await lensesOf(doc.uri)).some((l) => shows(l.command?.title ?? '', 'P@3', 0.667)) ? true : undefined);
      await poll('a lens before', q1Lens);
      const before = serverProcesses();
      if (before) assert.equal(before.length, 1, `one server process, a child of this extension host: ${before.join(', ')}`);
      await vscode.commands.executeCommand('ranklens.restartServer');
      if (before) {
        await poll(
          'a new server process',
          () => {
            const now = serverProcesses()!;
            return now.length === 1 && now[0] !== before[0] ? now : undefined;
          },
          30_000,
          serverProcesses,
        );
      }
      await poll('a lens after', q1Lens);
    },
  },
];
