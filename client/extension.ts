/**
 * The Ranklens VS Code extension: starts the language server (a Node process over IPC on the desktop,
 * a web worker in VS Code for the Web; see platform.ts), and hosts what needs the editor — the case
 * breakdown and convention comparison views, the status item, the restart command, and TREC runs
 * and qrels as documents (their languages, the pairing in the status bar, Pick Qrels for This Run).
 */
import * as vscode from 'vscode';
import { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import {
  CASE_BREAKDOWN_REQUEST,
  COMPARE_CONVENTIONS_COMMAND,
  COMPARE_REQUEST,
  COMPARE_RUNS_COMMAND,
  COMPARE_SYSTEMS_COMMAND,
  CURVES_REQUEST,
  CaseBreakdownParams,
  CompareParams,
  CurvesParams,
  MarkdownResult,
  PICK_QRELS_COMMAND,
  RESTART_SERVER_COMMAND,
  SHOW_CASE_BREAKDOWN_COMMAND,
  SHOW_CURVES_COMMAND,
  STATUS_NOTIFICATION,
  StatusParams,
  TREC_PAIRING_REQUEST,
  TrecPairingParams,
  TrecPairingResult,
} from '../shared/protocol';
import { DEFAULT_FIXTURE_PATTERNS } from '../shared/fixture';
import { curvesHtml, MetricCurves } from '../shared/curves';
import { showCurvesPanel } from './curvesPanel';
import { compareRuns, compareSystems } from './comparePanel';
import { MarkdownViews } from './markdownViews';
import { DOCUMENT_SCHEMES, newClient } from './platform';
import { StatusItem } from './statusItem';
import { LensWindow } from './lensWindow';
import { UnchangedDiagnostics } from './unchangedDiagnostics';
import { serveWorkspaceFiles } from './workspaceFiles';
import { registerFixtureTests } from './testController';
import { pickQrels } from './pickQrels';
import { trecSelector, watchTrecDocuments } from './trecFiles';

let client: BaseLanguageClient | undefined;

/** Fixture files by name: the built-in patterns and the user's ranklens.extraFilePatterns. */
function fixtureSelector(): { scheme: string; pattern: string }[] {
  const extra = vscode.workspace.getConfiguration('ranklens').get<string[]>('extraFilePatterns') ?? [];
  const patterns = [...DEFAULT_FIXTURE_PATTERNS, ...extra].map((p) => (p.startsWith('**/') ? p : `**/${p}`));
  return DOCUMENT_SCHEMES.flatMap((scheme) => patterns.map((pattern) => ({ scheme, pattern })));
}

function createClient(context: vscode.ExtensionContext, status: StatusItem, lenses: LensWindow): BaseLanguageClient {
  const unchanged = new UnchangedDiagnostics();
  const clientOptions: LanguageClientOptions = {
    // Fixtures by file name; runs and qrels by language, which their file patterns and the
    // ranklens.trec.* settings give them (trecFiles.ts).
    documentSelector: [...fixtureSelector(), ...trecSelector(DOCUMENT_SCHEMES)],
    middleware: { ...lenses.middleware(), handleDiagnostics: unchanged.handleDiagnostics },
    // VS Code's own JSON validation already reports JSON syntax errors and completes from the schema,
    // and a YAML extension completes *.rank.yaml from it: ours would list each twice.
    initializationOptions: {
      status: true,
      jsonSyntaxShown: vscode.extensions.getExtension('vscode.json-language-features') !== undefined,
      yamlSchemaShown: vscode.extensions.getExtension('redhat.vscode-yaml') !== undefined,
      codicons: true,
    },
  };
  const c = newClient(context, clientOptions);
  c.onNotification(STATUS_NOTIFICATION, (p: StatusParams) => status.update(p));
  c.onDidChangeState(() => unchanged.forget());
  serveWorkspaceFiles(c);
  return c;
}

async function showCaseBreakdown(views: MarkdownViews, uri?: string, fixture?: number, caseIndex?: number): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const params: CaseBreakdownParams =
    uri !== undefined && fixture !== undefined && caseIndex !== undefined
      ? { uri, fixture, case: caseIndex }
      : { uri: editor?.document.uri.toString() ?? '', fixture: -1, case: -1, position: editor?.selection.active };
  const ask = async () => (await client?.sendRequest<MarkdownResult | null>(CASE_BREAKDOWN_REQUEST, params)) ?? undefined;
  const result = await ask();
  if (!result) {
    void vscode.window.showInformationMessage('Ranklens: open a fixture file with cases first.');
    return;
  }
  if (result.cases) {
    const picked = await vscode.window.showQuickPick(
      result.cases.map((c) => ({ label: c.id, ...c })),
      { placeHolder: 'The case to break down' },
    );
    if (picked) await showCaseBreakdown(views, params.uri, picked.fixture, picked.case);
    return;
  }
  await views.show(result.title, result.markdown, { source: params.uri, refresh: async () => (await ask())?.markdown });
}

async function compareConventions(views: MarkdownViews, uri?: string): Promise<void> {
  const target = uri ?? vscode.window.activeTextEditor?.document.uri.toString();
  const ask = async () =>
    (target ? await client?.sendRequest<MarkdownResult | null>(COMPARE_REQUEST, { uri: target } satisfies CompareParams) : null) ??
    undefined;
  const result = await ask();
  if (!result || !target) {
    void vscode.window.showInformationMessage('Ranklens: open a fixture file first.');
    return;
  }
  await views.show(result.title, result.markdown, { source: target, refresh: async () => (await ask())?.markdown });
}

/** The curves of the case under the cursor (or the fixture's means), every preset beside the fixture's own. */
async function showCurves(): Promise<void> {
  const editor = vscode.window.activeTextEditor;
  const params: CurvesParams | undefined = editor && {
    uri: editor.document.uri.toString(),
    position: editor.selection.active,
    compare: true,
  };
  const ask = async () =>
    (params ? await client?.sendRequest<{ title: string; curves: MetricCurves } | null>(CURVES_REQUEST, params) : null) ?? undefined;
  const result = await ask();
  if (!result || !params) {
    void vscode.window.showInformationMessage('Ranklens: open a fixture file first.');
    return;
  }
  showCurvesPanel(curvesHtml(result.curves, { title: result.title }), result.title, {
    source: params.uri,
    refresh: async () => {
      const again = await ask();
      return again && { html: curvesHtml(again.curves, { title: again.title }), title: again.title };
    },
  });
}

/** The server's pairing of a run; undefined when no server answers (not started, restarting, or the request failed). */
async function trecPairing(uri: string): Promise<TrecPairingResult | undefined> {
  if (!client?.isRunning()) return undefined;
  try {
    return (await client.sendRequest<TrecPairingResult | null>(TREC_PAIRING_REQUEST, { uri } satisfies TrecPairingParams)) ?? undefined;
  } catch {
    return undefined;
  }
}

/** Whether a saved file can change which qrels a run is paired with: a project configuration. */
function isConfigFile(uri: vscode.Uri): boolean {
  return /\/(ranklens\.config|package)\.json$/.test(uri.path);
}

export async function activate(context: vscode.ExtensionContext): Promise<void> {
  const views = new MarkdownViews();
  const status = new StatusItem(fixtureSelector(), trecPairing);
  const lenses = new LensWindow(() => client);
  client = createClient(context, status, lenses);
  context.subscriptions.push(
    views,
    status,
    lenses,
    vscode.workspace.registerTextDocumentContentProvider('ranklens-view', views),
    vscode.commands.registerCommand(SHOW_CASE_BREAKDOWN_COMMAND, (uri?: string, f?: number, c?: number) =>
      showCaseBreakdown(views, uri, f, c),
    ),
    vscode.commands.registerCommand(COMPARE_CONVENTIONS_COMMAND, (uri?: string) => compareConventions(views, uri)),
    vscode.commands.registerCommand(SHOW_CURVES_COMMAND, () => showCurves()),
    vscode.commands.registerCommand(COMPARE_RUNS_COMMAND, (clicked?: vscode.Uri, selected?: vscode.Uri[]) =>
      compareRuns(context, clicked, selected),
    ),
    vscode.commands.registerCommand(COMPARE_SYSTEMS_COMMAND, (uri?: string, fixture?: number) =>
      compareSystems(() => client, uri, fixture),
    ),
    vscode.commands.registerCommand(RESTART_SERVER_COMMAND, async () => {
      await client?.stop();
      await client?.start();
    }),
    registerFixtureTests(
      () => client,
      () => fixtureSelector().map((s) => s.pattern),
    ),
    vscode.commands.registerCommand(PICK_QRELS_COMMAND, async (clicked?: vscode.Uri, qrels?: unknown, runs?: unknown) => {
      const edited = await pickQrels(clicked, qrels, runs);
      status.refresh();
      return edited;
    }),
    watchTrecDocuments(),
    vscode.window.onDidChangeActiveTextEditor(() => status.refresh()),
    vscode.workspace.onDidSaveTextDocument((d) => {
      if (isConfigFile(d.uri)) status.refresh();
    }),
    // The server pairs a run again when its configuration changes, and publishes the run's
    // diagnostics then (the hint of a run without qrels comes or goes): ask again at that moment.
    vscode.languages.onDidChangeDiagnostics((e) => {
      const active = vscode.window.activeTextEditor?.document.uri.toString();
      if (active && e.uris.some((u) => u.toString() === active)) status.refresh();
    }),
    vscode.workspace.onDidCloseTextDocument((d) => status.forget(d.uri.toString())),
    // The document selector is fixed when the client starts, so new file patterns need a new client.
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('ranklens.extraFilePatterns')) return;
      await client?.stop();
      client = createClient(context, status, lenses);
      await client.start();
    }),
  );
  await client.start();
  status.refresh();
}

export async function deactivate(): Promise<void> {
  await client?.stop();
}
