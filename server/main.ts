/**
 * The Ranklens language server: wiring only. `node dist/server.js --node-ipc` serves VS Code,
 * `--stdio` any other editor; dist/server.browser.js is the same server in a web worker (VS Code for
 * the Web). Every answer comes from a feature function of (analysis, request); the connection and the
 * way to workspace files come from ./platform (platform.browser.ts in the web build).
 */
import {
  CancellationToken,
  CodeActionKind,
  DidChangeConfigurationNotification,
  DidChangeWatchedFilesNotification,
  InitializeParams,
  InitializeResult,
  LSPErrorCodes,
  ResponseError,
  TextDocumentSyncKind,
} from 'vscode-languageserver';
import { caseBreakdown, conventionComparison, statusShort, statusText } from '../shared/text';
import { fixtureCurves, MetricCurves } from '../shared/curves';
import { Analysis } from './analysis';
import { codeActions } from './features/codeActions';
import { codeLenses, codeLensesIn, isCaseLensData, LensOptions, resolveCodeLens } from './features/codeLens';
import { Debouncer } from './debounce';
import { diagnostics } from './features/diagnostics';
import { CONFIG_FILE, declaredFindingCodes } from '../shared/evaluation';
import { hover } from './features/hover';
import { completion, fixtureAt, isCompletionData, resolveCompletion } from './features/completion';
import { signatureHelp } from './features/signatureHelp';
import { caseAt, DEFAULT_FIXTURE_PATTERNS } from '../shared/fixture';
import { BackgroundInference, inferenceActions, inferenceFindings, inferenceHover } from './features/inference';
import { inlayHints } from './features/inlayHints';
import {
  CASE_BREAKDOWN_REQUEST,
  CODE_LENSES_REQUEST,
  COMPARE_REQUEST,
  CURVES_REQUEST,
  CaseBreakdownParams,
  CodeLensesParams,
  CompareParams,
  CurvesParams,
  InitializationOptions,
  MarkdownResult,
  STATUS_NOTIFICATION,
  StatusParams,
} from '../shared/protocol';

import { Placer, fewPlacer, placer } from './positions';
import { RanklensService } from './service';
import { Settings, readSettings } from './settings';
import { VERSION } from '../shared/version';
import { WorkspaceWatcher } from './features/workspaceWatcher';
import { connection, fileUri, forgetProjectConfigs, projectConfigFor, readFileNow, referencePlatform, workspaceFiles } from './platform';
import { ReferencedFiles } from './referencedFiles';
import { documentLinks } from './features/documentLinks';
import { uriPath } from './workspaceFiles';
import { fixtureTestsFor } from './features/fixtureSuite';
import { FIXTURE_TESTS_REQUEST, FixtureTestsParams, SYSTEMS_DIFF_REQUEST, SystemsDiffParams, SystemsDiffResult } from '../shared/protocol';
import { systemsDiff } from './features/systemsDiff';
import { TREC_PAIRING_REQUEST, TrecPairingParams, TrecPairingResult } from '../shared/protocol';
import { TrecDocuments } from './trecDocuments';
import { trecCodeLenses } from './features/trecLenses';
import { qrelsLineHover, trecRunHover } from './features/trecHover';
import { trecInlayHints } from './features/trecInlayHints';
import { trecQrelsFindings, trecRunFindings } from './features/trecDiagnostics';

let init: InitializationOptions = {};
let roots: string[] = [];
let can = {
  configuration: false,
  watchRegistration: false,
  configRegistration: false,
  lensRefresh: false,
  inlayRefresh: false,
  snippets: false,
};
let debouncer = new Debouncer();
/** Whether the workspace scan ran once (later ones follow changed settings). */
let scanStarted = false;

const watcher: WorkspaceWatcher = new WorkspaceWatcher(
  {
    isOpen: (uri): boolean => service.isOpen(uri),
    check: (uri, text, language, parsed) => {
      const { analysis, place } = service.analyzeFile(uri, text, language, parsed);
      publish(analysis, place);
    },
    clear: (uri) => void connection.sendDiagnostics({ uri, diagnostics: [] }),
  },
  () => service.settings.extraFilePatterns,
  workspaceFiles(() => [...DEFAULT_FIXTURE_PATTERNS, ...service.settings.extraFilePatterns]),
);
// A file a fixture names, read: the fixtures that name it are evaluated again (open ones shown, others checked).
const referenced: ReferencedFiles = new ReferencedFiles(referencePlatform, (uris) => {
  for (const uri of uris) {
    if (service.isOpen(uri)) validate(uri);
    else void watcher.checkFile(uri);
  }
  refreshViews();
  void watchReferenced();
});
const service: RanklensService = new RanklensService(watcher, referenced);
const trec: TrecDocuments = new TrecDocuments({
  documents: service.documents,
  settings: () => service.settings,
  options: (uri) => service.optionsFor(uri),
  projectConfig: projectConfigFor,
  fileUri,
  readFile: readFileNow,
});
// The convention search republishes the document's diagnostics when it finishes on the current version.
const inference = new BackgroundInference((uri, version) => {
  const now = service.current(uri);
  if (now && now.analysis.version === version) publish(now.analysis, placer(now.doc.text));
});

function cancelled(token: CancellationToken): void {
  if (token.isCancellationRequested) throw new ResponseError(LSPErrorCodes.RequestCancelled, 'cancelled');
}

function publish(analysis: Analysis, place: Placer): void {
  const version = analysis.version >= 0 ? analysis.version : undefined;
  const inferred = inference.result(analysis.uri, analysis.version);
  const findings = inferred ? [...analysis.evaluation.findings, ...inferenceFindings(analysis, inferred)] : analysis.evaluation.findings;
  const options = {
    severities: service.severitiesFor(analysis.uri),
    declared: declaredFindingCodes(analysis.parsed),
    skipSyntax: !!init.jsonSyntaxShown && analysis.language === 'json',
  };
  void connection.sendDiagnostics({ uri: analysis.uri, version, diagnostics: diagnostics(findings, analysis.uri, place, options) });
}

/** Diagnostics and status for an open document, if it is still at the version that was scheduled. */
function validate(uri: string): void {
  const now = service.current(uri);
  if (!now) return;
  publish(now.analysis, placer(now.doc.text));
  if (init.status) sendStatus(uri);
  inference.schedule(now.analysis);
}

function sendStatus(uri: string): void {
  const shown = service.shown(uri);
  if (!shown) return;
  const fixtures = shown.analysis.evaluation.fixtures;
  const params: StatusParams = {
    uri,
    text: fixtures.length ? statusText(fixtures[0]) : '',
    detail: fixtures.map(statusText).join('\n'),
    short: fixtures.length ? statusShort(fixtures[0]) : '',
  };
  void connection.sendNotification(STATUS_NOTIFICATION, params);
}

/** Diagnostics for an open TREC document. */
function validateTrec(uri: string): void {
  const role = trec.roleOf(uri);
  const doc = service.documents.get(uri);
  if (!role || !doc) return;
  const options = { severities: service.severitiesFor(uri), declared: null, skipSyntax: false };
  const version = doc.text.version;
  if (role === 'qrels') {
    const view = trec.qrelsView(uri);
    if (view)
      void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics(trecQrelsFindings(view), uri, placer(doc.text), options) });
    return;
  }
  const view = trec.run(uri);
  if (view)
    void connection.sendDiagnostics({ uri, version, diagnostics: diagnostics(trecRunFindings(view), uri, placer(doc.text), options) });
}

/** The open runs that read a document as their qrels, checked again (it opened, changed or closed). */
function validateRunsReading(uri: string): void {
  const runs = trec.runsPairedWith(uri);
  for (const r of runs) validateTrec(r.uri);
  if (runs.length > 0) refreshViews();
}

/** Lenses and inlay hints drawn again, where the client can be asked to. */
function refreshViews(): void {
  if (can.lensRefresh) void connection.sendRequest('workspace/codeLens/refresh');
  if (can.inlayRefresh) void connection.languages.inlayHint.refresh();
}

/** Every open document decided again (settings changed), and each TREC one checked again. */
function revalidateTrec(): void {
  trec.reset();
  for (const uri of service.documents.uris()) {
    const doc = service.documents.get(uri)!;
    const was = trec.roleOf(uri);
    if (service.isOpen(uri)) trec.forget(uri);
    else if (!trec.decide(uri, doc.text.languageId) && was) void connection.sendDiagnostics({ uri, diagnostics: [] });
  }
  for (const uri of trec.openUris()) validateTrec(uri);
}

/** Asks the client for ranklens.* (or takes what it sent at start) and revalidates everything. */
async function loadSettings(pushed?: unknown): Promise<void> {
  const raw = can.configuration ? await connection.workspace.getConfiguration('ranklens') : (pushed ?? init.settings);
  const patterns = (s: Settings) => [...s.extraFilePatterns, '', ...s.trec.runPatterns, '', ...s.trec.qrelsPatterns].join('\n');
  const before = patterns(service.settings);
  const settings = readSettings(raw);
  // The first answer usually repeats the defaults a document opened meanwhile was evaluated with:
  // evaluating it (and the workspace) again would double the first pass.
  const changed = JSON.stringify(settings) !== JSON.stringify(service.settings);
  if (changed) {
    service.reset(settings);
    for (const uri of service.openFixtures()) validate(uri);
    revalidateTrec();
    if (can.lensRefresh) void connection.sendRequest('workspace/codeLens/refresh');
    if (can.inlayRefresh) void connection.languages.inlayHint.refresh();
  } else if (init.status) for (const uri of service.openFixtures()) sendStatus(uri);
  if (before !== patterns(service.settings)) await watchFiles(service.settings);
  if (changed || !scanStarted) void watcher.scan(roots);
  scanStarted = true;
}

let watchRegistration: { dispose(): void } | undefined;

async function watchFiles(settings: Settings): Promise<void> {
  if (!can.watchRegistration) return;
  watchRegistration?.dispose();
  const trecPatterns = [...settings.trec.runPatterns, ...settings.trec.qrelsPatterns];
  const globs = [...DEFAULT_FIXTURE_PATTERNS, ...settings.extraFilePatterns, ...trecPatterns, CONFIG_FILE, 'package.json'].map((p) =>
    p.startsWith('**/') ? p : `**/${p}`,
  );
  watchRegistration = await connection.client.register(DidChangeWatchedFilesNotification.type, {
    watchers: globs.map((globPattern) => ({ globPattern })),
  });
}

let referencedRegistration: { dispose(): void } | undefined;
let referencedWatched = '';

/** Watches the files fixtures name (their paths change as fixtures are read), so that an edit on disk is evaluated again. */
async function watchReferenced(): Promise<void> {
  const paths = referenced.paths().sort();
  if (!can.watchRegistration || paths.join('\n') === referencedWatched) return;
  referencedWatched = paths.join('\n');
  referencedRegistration?.dispose();
  referencedRegistration = await connection.client.register(DidChangeWatchedFilesNotification.type, {
    watchers: paths.map((globPattern) => ({ globPattern })),
  });
}

connection.onInitialize((params: InitializeParams): InitializeResult => {
  init = (params.initializationOptions ?? {}) as InitializationOptions;
  debouncer = new Debouncer(init.debounceMs);
  const folders = params.workspaceFolders?.map((f) => f.uri) ?? (params.rootUri ? [params.rootUri] : []);
  roots = folders;
  const c = params.capabilities;
  can = {
    configuration: !!c.workspace?.configuration,
    watchRegistration: !!c.workspace?.didChangeWatchedFiles?.dynamicRegistration,
    configRegistration: !!c.workspace?.didChangeConfiguration?.dynamicRegistration,
    lensRefresh: !!c.workspace?.codeLens?.refreshSupport,
    inlayRefresh: !!c.workspace?.inlayHint?.refreshSupport,
    snippets: !!c.textDocument?.completion?.completionItem?.snippetSupport,
  };
  return {
    capabilities: {
      textDocumentSync: { openClose: true, change: TextDocumentSyncKind.Incremental },
      codeLensProvider: { resolveProvider: true },
      hoverProvider: true,
      documentLinkProvider: { resolveProvider: false },
      codeActionProvider: { codeActionKinds: [CodeActionKind.QuickFix, CodeActionKind.RefactorRewrite] },
      inlayHintProvider: true,
      completionProvider: { triggerCharacters: ['"', '@', '(', ' '], resolveProvider: true },
      signatureHelpProvider: { triggerCharacters: ['(', ','], retriggerCharacters: ['='] },
    },
    serverInfo: { name: 'ranklens', version: VERSION },
  };
});

connection.onInitialized(async () => {
  if (can.configRegistration) void connection.client.register(DidChangeConfigurationNotification.type, { section: 'ranklens' });
  await watchFiles(service.settings);
  await loadSettings();
});

connection.onDidChangeConfiguration((params) => {
  const pushed = (params.settings as { ranklens?: unknown } | undefined)?.ranklens;
  void loadSettings(pushed);
});

connection.onDidOpenTextDocument(({ textDocument: d }) => {
  if (service.open(d.uri, d.languageId, d.version, d.text)) validate(d.uri);
  else if (trec.decide(d.uri, d.languageId)) validateTrec(d.uri);
  // Qrels that open runs read from disk are now read from the editor.
  validateRunsReading(d.uri);
});

connection.onDidChangeTextDocument(({ textDocument: d, contentChanges }) => {
  service.documents.change(d.uri, d.version, contentChanges);
  inference.cancel(d.uri);
  if (service.isOpen(d.uri)) debouncer.schedule(d.uri, () => validate(d.uri));
  else if (trec.roleOf(d.uri)) debouncer.schedule(d.uri, () => validateTrec(d.uri));
  if (trec.openRuns().length > 0) debouncer.schedule(`${d.uri}#qrels`, () => validateRunsReading(d.uri));
});

connection.onDidCloseTextDocument(({ textDocument: d }) => {
  debouncer.drop(d.uri);
  inference.drop(d.uri);
  const wasTrec = trec.roleOf(d.uri) !== undefined;
  trec.forget(d.uri);
  if (wasTrec) void connection.sendDiagnostics({ uri: d.uri, diagnostics: [] });
  const wasFixture = service.isOpen(d.uri);
  service.close(d.uri);
  // Qrels closed with unsaved edits: the runs read them from disk again.
  trec.changedOnDisk(d.uri);
  validateRunsReading(d.uri);
  // The file as saved on disk still counts (workspace diagnostics); unsaved or deleted files clear.
  if (wasFixture)
    void watcher.checkFile(d.uri).then((checked: boolean) => {
      if (!checked) void connection.sendDiagnostics({ uri: d.uri, diagnostics: [] });
    });
});

connection.onDidChangeWatchedFiles(({ changes }) => {
  // A project config changed: every fixture under it may evaluate differently.
  if (changes.some((c) => /\/(ranklens\.config|package)\.json$/.test(c.uri))) {
    forgetProjectConfigs();
    service.reset(service.settings);
    for (const uri of service.openFixtures()) validate(uri);
    revalidateTrec();
    if (can.lensRefresh) void connection.sendRequest('workspace/codeLens/refresh');
    void watcher.scan(roots);
  }
  // Qrels on disk that open runs read: read again.
  if (changes.some((c) => trec.changedOnDisk(c.uri))) for (const uri of trec.openRuns()) validateTrec(uri);
  // Files fixtures name: read again, and the fixtures that name them evaluated again.
  const naming = new Set(changes.flatMap((c) => referenced.changed(referencePlatform.pathOf(c.uri) ?? '')));
  if (naming.size > 0) {
    for (const uri of naming) {
      if (service.isOpen(uri)) validate(uri);
      else void watcher.checkFile(uri);
    }
    refreshViews();
  }
  void watcher.changed(changes);
});

/** How lenses are drawn for this client and these settings. */
function lensOptions(stale: boolean): LensOptions {
  return { stale, marks: init.codicons ? 'codicons' : 'text', spread: service.settings.codeLens.presetSpread };
}

connection.onCodeLens(({ textDocument }, token) => {
  cancelled(token);
  if (!service.settings.codeLens.enable) return [];
  const run = trec.run(textDocument.uri);
  if (run) return trecCodeLenses(run);
  const shown = service.shown(textDocument.uri);
  return shown
    ? codeLenses(
        shown.analysis.evaluation,
        textDocument.uri,
        shown.place,
        service.documentNumber(textDocument.uri),
        lensOptions(shown.stale),
      )
    : [];
});

connection.onCodeLensResolve((lens, token) => {
  cancelled(token);
  if (!isCaseLensData(lens.data)) return lens;
  const uri = service.documentUri(lens.data[0]);
  const shown = uri !== undefined ? service.shown(uri) : undefined;
  return shown ? resolveCodeLens(lens, shown.analysis.evaluation, uri!, lensOptions(shown.stale)) : lens;
});

connection.onRequest(CODE_LENSES_REQUEST, (params: CodeLensesParams, token: CancellationToken) => {
  cancelled(token);
  if (!service.settings.codeLens.enable) return [];
  const run = trec.run(params.uri);
  if (run) return trecCodeLenses(run, params.lines);
  const shown = service.shown(params.uri);
  return shown ? codeLensesIn(shown.analysis.evaluation, params.uri, shown.place, params.lines, lensOptions(shown.stale)) : [];
});

connection.languages.inlayHint.on(({ textDocument, range }, token) => {
  cancelled(token);
  if (!service.settings.inlayHints.enable) return [];
  const run = trec.run(textDocument.uri);
  const runDoc = service.documents.get(textDocument.uri);
  if (run && runDoc) return trecInlayHints(run, range, placer(runDoc.text));
  const shown = service.shown(textDocument.uri);
  return shown ? inlayHints(shown.analysis.evaluation, range, shown.place, shown.changed) : [];
});

connection.onDocumentLinks(({ textDocument }, token) => {
  cancelled(token);
  const now = service.current(textDocument.uri);
  if (!now) return [];
  const target = (relative: string) => {
    const path = referencePlatform.path(textDocument.uri, relative);
    return path === undefined ? undefined : fileUri(path);
  };
  return documentLinks(now.analysis.parsed, now.analysis.text, placer(now.doc.text), target);
});

connection.onHover(({ textDocument, position }, token) => {
  cancelled(token);
  if (!service.settings.hover.enable) return null;
  const trecDoc = service.documents.get(textDocument.uri);
  const role = trec.roleOf(textDocument.uri);
  if (role && trecDoc) {
    const offset = trecDoc.text.offsetAt(position);
    if (role === 'qrels') {
      const view = trec.qrelsView(textDocument.uri);
      return view ? qrelsLineHover(view, offset, trec.runsPairedWith(textDocument.uri)) : null;
    }
    const run = trec.run(textDocument.uri);
    return run ? trecRunHover(run, offset, placer(trecDoc.text)) : null;
  }
  const now = service.current(textDocument.uri);
  if (!now) return null;
  const { analysis, doc } = now;
  const offset = doc.text.offsetAt(position);
  const found = hover(analysis.parsed, analysis.evaluation, analysis.text, offset, placer(doc.text));
  const inferred = inference.result(analysis.uri, analysis.version);
  const extra = found && inferred && inferenceHover(analysis, inferred, offset);
  if (found && extra && typeof found.contents === 'object' && 'value' in found.contents) found.contents.value += `\n\n${extra}`;
  return found;
});

/** Whether the editor completes the file from the JSON Schema itself (a *.rank.json or *.rank.yaml file, with the schema's extension there). */
function schemaShown(uri: string, language: string): boolean {
  return language === 'json' ? !!init.jsonSyntaxShown && /\.rank\.json$/.test(uri) : !!init.yamlSchemaShown && /\.rank\.ya?ml$/.test(uri);
}

connection.onCompletion(({ textDocument, position }, token) => {
  cancelled(token);
  const known = service.known(textDocument.uri);
  if (!known) return null;
  const offset = known.doc.text.offsetAt(position);
  const options = { snippets: can.snippets, schemaShown: schemaShown(textDocument.uri, known.language) };
  return completion(known, textDocument.uri, offset, options, fewPlacer(known.doc.text));
});

connection.onCompletionResolve((item, token) => {
  cancelled(token);
  if (!isCompletionData(item.data)) return item;
  return resolveCompletion(item, fixtureAt(service.known(item.data.uri)?.analysis, item.data.offset));
});

connection.onSignatureHelp(({ textDocument, position }, token) => {
  cancelled(token);
  const known = service.known(textDocument.uri);
  return known ? signatureHelp(known, known.doc.text.offsetAt(position)) : null;
});

connection.onCodeAction(({ textDocument, range, context }, token) => {
  cancelled(token);
  const now = service.current(textDocument.uri);
  if (!now) return [];
  const { analysis, doc } = now;
  const span = { start: doc.text.offsetAt(range.start), end: doc.text.offsetAt(range.end) };
  const req = {
    uri: textDocument.uri,
    version: doc.text.version,
    text: analysis.text,
    language: analysis.language,
    span,
    diagnostics: context.diagnostics,
    only: context.only,
  };
  const inferred = inference.result(analysis.uri, analysis.version);
  const quickFixes =
    inferred && (!context.only || context.only.some((o) => CodeActionKind.QuickFix === o || CodeActionKind.QuickFix.startsWith(`${o}.`)));
  return [
    ...codeActions(analysis.evaluation, req, placer(doc.text)),
    ...(quickFixes ? inferenceActions(analysis, inferred, req, placer(doc.text)) : []),
  ];
});

connection.onRequest(CASE_BREAKDOWN_REQUEST, (params: CaseBreakdownParams): MarkdownResult | null => {
  // Lenses give indexes into what they showed; the command palette gives the cursor in the current text.
  const source = params.position ? service.current(params.uri) : service.shown(params.uri);
  if (!source) return null;
  const at =
    params.position && 'doc' in source
      ? caseAt(source.analysis.parsed, source.doc.text.offsetAt(params.position))
      : { fixture: params.fixture, case: params.case };
  const evaluation = source.analysis.evaluation;
  const c = at && evaluation.fixtures[at.fixture]?.cases[at.case];
  if (!c && params.position) {
    // Outside every case: the cases to pick from.
    const cases = evaluation.fixtures.flatMap((fe, f) => fe.cases.map((x, i) => ({ fixture: f, case: i, id: x.node.id.value })));
    return cases.length ? { title: '', markdown: '', cases } : null;
  }
  if (!at || !c) return null;
  return { title: `Case ${c.node.id.value}`, markdown: caseBreakdown(evaluation, at.fixture, at.case) };
});

connection.onRequest(CURVES_REQUEST, (params: CurvesParams): { title: string; curves: MetricCurves } | null => {
  const now = service.current(params.uri);
  if (!now) return null;
  const source = now.analysis.parses ? now.analysis : service.shown(params.uri)!.analysis;
  const at = params.position && now.analysis.parses ? caseAt(source.parsed, now.doc.text.offsetAt(params.position)) : undefined;
  const fe = source.evaluation.fixtures[at?.fixture ?? 0];
  if (!fe) return null;
  const curves = fixtureCurves(fe, { caseIndex: at?.case, compare: params.compare });
  return { title: `Metric curves — ${curves.caseLabel ?? `mean of ${curves.caseCount} cases`}`, curves };
});

connection.onRequest(COMPARE_REQUEST, (params: CompareParams): MarkdownResult | null => {
  const shown = service.shown(params.uri);
  if (!shown) return null;
  const name = uriPath(params.uri).split(/[\\/]/).pop()!;
  return { title: `Conventions: ${name}`, markdown: conventionComparison(shown.analysis.evaluation, name) };
});

connection.onRequest(SYSTEMS_DIFF_REQUEST, (params: SystemsDiffParams): SystemsDiffResult | null => {
  const shown = service.shown(params.uri);
  if (!shown) return null;
  // A position in the current text says which fixture only when the analysis shown is of that text.
  const now = service.current(params.uri);
  const offset = params.position && !shown.stale && now ? now.doc.text.offsetAt(params.position) : undefined;
  return systemsDiff(shown.analysis.evaluation, uriPath(params.uri).split(/[\\/]/).pop()!, params, offset);
});

connection.onRequest(FIXTURE_TESTS_REQUEST, (params: FixtureTestsParams) => fixtureTestsFor(service, params.uri));

connection.onRequest(TREC_PAIRING_REQUEST, (params: TrecPairingParams): TrecPairingResult => trec.pairingResult(params.uri));

connection.listen();
