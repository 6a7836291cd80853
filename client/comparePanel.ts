/**
 * "Ranklens: Compare Runs": two or more run files (the explorer's selection, or picked), their qrels
 * (the `qrels` rule of the nearest ranklens.config.json, a qrels file beside the first run, or one
 * asked for once and remembered for the workspace),
 * compared by the bundled `ranklens diff … --json` and shown as the view shared/curves/diffHtml.ts
 * makes. The view asks for another measure, cutoff or number of explained queries, or for the
 * rankings of any query (the diff runs again, with --query), and to save its plot as SVG.
 */
import * as vscode from 'vscode';
import { DiffReportView, diffHtml } from '../shared/curves';
import { CONFIG_FILE, configuredQrels, findProjectConfig } from '../shared/evaluation';
import { runCli } from './platform';

const VIEW_TYPE = 'ranklens.compareRuns';
const QRELS_KEY = 'ranklens.compareRuns.qrels';

/** What one comparison is made of. */
interface Compared {
  qrels: vscode.Uri;
  runs: vscode.Uri[];
  measure: string;
  top: number;
  /** Queries explained besides the largest changes (--query), the last one shown when the view opens. */
  queries: string[];
}

/** The command: runs from the explorer (the clicked file and the selection) or picked, then the view. */
export async function compareRuns(context: vscode.ExtensionContext, clicked?: vscode.Uri, selected?: vscode.Uri[]): Promise<void> {
  let runs = (selected && selected.length > 0 ? selected : clicked ? [clicked] : []).filter((u) => u.scheme === 'file');
  if (runs.length < 2) {
    runs =
      (await vscode.window.showOpenDialog({
        canSelectMany: true,
        openLabel: 'Compare',
        title: 'Ranklens: the run files to compare (two or more; the first is the baseline)',
      })) ?? [];
  }
  if (runs.length < 2) {
    void vscode.window.showInformationMessage('Ranklens: Compare Runs needs two or more run files.');
    return;
  }
  const qrels = await findQrels(context, runs);
  if (!qrels) return;
  await show(context, { qrels, runs, measure: 'nDCG@10', top: 5, queries: [] });
}

/** The config's qrels for the first run, a qrels file beside it (its name says qrels), the one remembered, or one asked for once. */
async function findQrels(context: vscode.ExtensionContext, runs: readonly vscode.Uri[]): Promise<vscode.Uri | undefined> {
  const configured = await qrelsFromConfig(runs[0]);
  if (configured) return configured;
  const folder = vscode.Uri.joinPath(runs[0], '..');
  const names = new Set(runs.map((r) => r.toString()));
  const beside = (await vscode.workspace.fs.readDirectory(folder))
    .filter(([name, type]) => type === vscode.FileType.File && /qrels/i.test(name))
    .map(([name]) => vscode.Uri.joinPath(folder, name))
    .filter((u) => !names.has(u.toString()));
  if (beside.length === 1) return beside[0];
  if (beside.length > 1) {
    const picked = await vscode.window.showQuickPick(
      beside.map((u) => ({ label: vscode.workspace.asRelativePath(u), uri: u })),
      { placeHolder: 'The qrels to judge the runs by' },
    );
    return picked?.uri;
  }
  const remembered = context.workspaceState.get<string>(QRELS_KEY);
  if (remembered) return vscode.Uri.parse(remembered);
  const asked = await vscode.window.showOpenDialog({
    canSelectMany: false,
    openLabel: 'Use these qrels',
    title: 'Ranklens: the qrels file',
  });
  if (!asked?.[0]) return undefined;
  await context.workspaceState.update(QRELS_KEY, asked[0].toString());
  return asked[0];
}

/** The qrels the nearest ranklens.config.json (or package.json's `ranklens`) pairs with a run file, if it exists. */
async function qrelsFromConfig(run: vscode.Uri): Promise<vscode.Uri | undefined> {
  const texts = new Map<string, string>();
  for (let dir = vscode.Uri.joinPath(run, '..'); ; dir = vscode.Uri.joinPath(dir, '..')) {
    for (const name of [CONFIG_FILE, 'package.json']) {
      const file = vscode.Uri.joinPath(dir, name);
      try {
        texts.set(file.path, new TextDecoder().decode(await vscode.workspace.fs.readFile(file)));
      } catch {
        // No such file here: look further up.
      }
    }
    if (vscode.Uri.joinPath(dir, '..').path === dir.path) break;
  }
  const found = findProjectConfig(run.path, (p) => texts.get(p));
  const qrels = found && configuredQrels(found, run.path);
  if (!qrels) return undefined;
  const uri = run.with({ path: qrels });
  try {
    await vscode.workspace.fs.stat(uri);
    return uri;
  } catch {
    void vscode.window.showWarningMessage(
      `Ranklens: ${found.path} pairs ${vscode.workspace.asRelativePath(run)} with ${qrels}, which does not exist.`,
    );
    return undefined;
  }
}

// One panel, reused: comparing again replaces the view.
let panel: vscode.WebviewPanel | undefined;

async function show(context: vscode.ExtensionContext, compared: Compared): Promise<void> {
  const args = [
    'diff',
    compared.qrels.fsPath,
    ...compared.runs.map((r) => r.fsPath),
    '-m',
    compared.measure,
    '--top',
    String(compared.top),
    '--json',
  ];
  const result = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Ranklens: comparing ${compared.runs.length} runs…` },
    () => runCli(context, args),
  );
  let report: (DiffReportView & { refused?: boolean; findings?: { message: string }[] }) | undefined;
  try {
    report = JSON.parse(result.stdout) as typeof report;
  } catch {
    report = undefined;
  }
  if (!report || report.refused || report.comparisons.length === 0) {
    const why = report?.findings?.find(() => true)?.message ?? (result.stderr.trim() || 'nothing was compared');
    void vscode.window.showErrorMessage(`Ranklens: ${why}`);
    return;
  }
  const names = report.runs.map((r) => r.name);
  const title = `${report.measure.name}: ${names.slice(1).join(', ')} vs ${names[0]}`;
  if (!panel) {
    panel = vscode.window.createWebviewPanel(VIEW_TYPE, title, vscode.ViewColumn.Active, {
      enableScripts: true,
      enableCommandUris: false,
      localResourceRoots: [],
      enableFindWidget: true,
      retainContextWhenHidden: true,
    });
    panel.onDidDispose(() => (panel = undefined));
  } else panel.reveal();
  const current = panel;
  current.title = title;
  current.webview.html = diffHtml(report, { title, nonce: nonce(), reveal: compared.queries[compared.queries.length - 1] });
  const listening = current.webview.onDidReceiveMessage(
    async (m: { type: string; measure?: string; top?: string; svg?: string; qid?: string }) => {
      if (m.type === 'compare' && m.measure) {
        listening.dispose();
        const top = Number(m.top);
        // Another measure or depth: the largest changes of that one, no query asked for.
        await show(context, { ...compared, measure: m.measure, top: Number.isInteger(top) && top >= 0 ? top : compared.top, queries: [] });
      } else if (m.type === 'explain' && m.qid) {
        listening.dispose();
        await show(context, { ...compared, queries: [...compared.queries.filter((q) => q !== m.qid), m.qid] });
      } else if (m.type === 'save' && m.svg) {
        const to = await vscode.window.showSaveDialog({ filters: { SVG: ['svg'] }, title: 'Ranklens: save the plot' });
        if (to) await vscode.workspace.fs.writeFile(to, Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${m.svg}\n`, 'utf8'));
      }
    },
  );
  current.onDidDispose(() => listening.dispose());
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 32 }, () => chars[Math.floor(Math.random() * chars.length)]).join('');
}
