/**
 * "Ranklens: Compare Runs": two or more run files (the explorer's selection, or picked), their qrels
 * (the `qrels` rule of the nearest ranklens.config.json, a qrels file beside the first run, or one
 * asked for once and remembered for the workspace),
 * compared by the bundled `ranklens diff … --json` and shown as the view shared/curves/diffHtml.ts
 * makes. "Ranklens: Compare Systems" shows a fixture's systems in the same view, case by case, from
 * the server's ranklens/systemsDiff. The view asks for another measure, cutoff or number of explained
 * queries, or for the rankings of any query (the report is made again), and to save its plot as SVG
 * or PNG (the page draws the PNG and posts its bytes).
 */
import * as vscode from 'vscode';
import { DiffReportView, diffHtml } from '../shared/curves';
import { configuredQrels } from '../shared/evaluation';
import { BaseLanguageClient } from 'vscode-languageclient';
import { SYSTEMS_DIFF_REQUEST, SystemsDiffParams, SystemsDiffResult } from '../shared/protocol';
import { runCli } from './platform';
import { nearestConfig } from './projectConfigFile';

const VIEW_TYPE = 'ranklens.compareRuns';
const QRELS_KEY = 'ranklens.compareRuns.qrels';

/** What the view asks for: the measure (undefined: the source's default), how many explained each way, the queries asked for. */
interface ViewState {
  measure: string | undefined;
  top: number;
  /** Queries explained besides the largest changes, the last one shown when the view opens. */
  queries: string[];
}

/** Where a report comes from: `ranklens diff` on run files, or the server on a fixture's systems. */
interface Source {
  label: string;
  load(state: ViewState): Promise<{ report: DiffReportView; title: string; measures?: string[] } | { error: string }>;
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
  await show(runsSource(context, qrels, runs), { measure: 'nDCG@10', top: 5, queries: [] });
}

/** The command on a fixture (a system lens gives its uri and fixture index): its systems case by case in the view. */
export async function compareSystems(client: () => BaseLanguageClient | undefined, uri?: string, fixture?: number): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri.toString();
  const at = uri === undefined ? vscode.window.activeTextEditor?.selection.active : undefined;
  if (!target) {
    void vscode.window.showInformationMessage('Ranklens: Compare Systems works on an open fixture that compares systems.');
    return;
  }
  const source: Source = {
    label: 'systems',
    load: async (state) => {
      const params: SystemsDiffParams = {
        uri: target,
        ...(fixture === undefined ? {} : { fixture }),
        ...(at ? { position: { line: at.line, character: at.character } } : {}),
        ...(state.measure ? { measure: state.measure } : {}),
        top: state.top,
        cases: state.queries,
      };
      const r = await client()?.sendRequest<SystemsDiffResult | null>(SYSTEMS_DIFF_REQUEST, params);
      if (!r) return { error: 'the fixture is not open, or the language server is not running.' };
      if (!r.report) return { error: r.message ?? 'nothing was compared.' };
      return { report: r.report as DiffReportView, title: r.title, measures: r.measures };
    },
  };
  await show(source, { measure: undefined, top: 5, queries: [] });
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
  const found = await nearestConfig(run);
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

/** Runs and their qrels, compared by the bundled `ranklens diff … --json`. */
function runsSource(context: vscode.ExtensionContext, qrels: vscode.Uri, runs: readonly vscode.Uri[]): Source {
  return {
    label: `${runs.length} runs`,
    load: async (state) => {
      const args = [
        'diff',
        qrels.fsPath,
        ...runs.map((r) => r.fsPath),
        '-m',
        state.measure ?? 'nDCG@10',
        '--top',
        String(state.top),
        '--json',
      ];
      for (const q of state.queries) args.push('--query', q);
      const result = await runCli(context, args);
      let report: (DiffReportView & { refused?: boolean; findings?: { message: string }[] }) | undefined;
      try {
        report = JSON.parse(result.stdout) as typeof report;
      } catch {
        report = undefined;
      }
      if (!report || report.refused || report.comparisons.length === 0)
        return { error: report?.findings?.find(() => true)?.message ?? (result.stderr.trim() || 'nothing was compared') };
      const names = report.runs.map((r) => r.name);
      return { report, title: `${report.measure.name}: ${names.slice(1).join(', ')} vs ${names[0]}` };
    },
  };
}

// One panel, reused: comparing again replaces the view.
let panel: vscode.WebviewPanel | undefined;

/** A message from the page (shared/curves/diffHtml.ts's script). */
interface ViewMessage {
  type: string;
  measure?: string;
  top?: string;
  svg?: string;
  qid?: string;
  /** The PNG's bytes, base64. */
  png?: string;
  message?: string;
}

async function show(source: Source, state: ViewState): Promise<void> {
  const loaded = await vscode.window.withProgress(
    { location: vscode.ProgressLocation.Notification, title: `Ranklens: comparing ${source.label}…` },
    () => source.load(state),
  );
  if ('error' in loaded) {
    void vscode.window.showErrorMessage(`Ranklens: ${loaded.error}`);
    return;
  }
  const { report, title } = loaded;
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
  current.webview.html = diffHtml(report, {
    title,
    nonce: nonce(),
    reveal: state.queries[state.queries.length - 1],
    ...(loaded.measures ? { measures: loaded.measures } : {}),
  });
  const listening = current.webview.onDidReceiveMessage(async (m: ViewMessage) => {
    if (m.type === 'compare' && m.measure) {
      listening.dispose();
      const top = Number(m.top);
      // Another measure or depth: the largest changes of that one, no query asked for.
      await show(source, { measure: m.measure, top: Number.isInteger(top) && top >= 0 ? top : state.top, queries: [] });
    } else if (m.type === 'explain' && m.qid) {
      listening.dispose();
      await show(source, {
        ...state,
        measure: state.measure ?? report.measure.name,
        queries: [...state.queries.filter((q) => q !== m.qid), m.qid],
      });
    } else if (m.type === 'save' && m.svg) {
      const to = await vscode.window.showSaveDialog({ filters: { SVG: ['svg'] }, title: 'Ranklens: save the plot as SVG' });
      if (to) await vscode.workspace.fs.writeFile(to, Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${m.svg}\n`, 'utf8'));
    } else if (m.type === 'savePng' && m.png) {
      const to = await vscode.window.showSaveDialog({ filters: { PNG: ['png'] }, title: 'Ranklens: save the plot as PNG' });
      if (to) await vscode.workspace.fs.writeFile(to, Buffer.from(m.png, 'base64'));
    } else if (m.type === 'error' && m.message) {
      void vscode.window.showErrorMessage(`Ranklens: ${m.message}`);
    }
  });
  current.onDidDispose(() => listening.dispose());
}

function nonce(): string {
  const chars = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';
  return Array.from({ length: 32 }, () => chars[Math.floor(Math.random() * chars.length)]).join('');
}
