/**
 * Fixtures in VS Code's Testing view. Every fixture file with `expect` or `expectFindings` is a test
 * item; below it its documents (when the YAML file holds several), its cases, and each case's
 * expectations, plus one item per declared finding. Items are made when the view first asks (or a
 * run needs them), from the workspace's fixture files, and follow edits, saves, creations and
 * deletions. Running asks the language server (ranklens/fixtureTests), which evaluates the file as the
 * lenses do: a failed expectation carries expected and computed values, so VS Code offers a diff, at
 * the expect entry. Continuous runs re-run a file when it is saved.
 */
import * as vscode from 'vscode';
import type { BaseLanguageClient as LanguageClient } from 'vscode-languageclient';
import { FIXTURE_TESTS_REQUEST, FixtureTestsParams, FixtureTestsResult, TestRange } from '../shared/protocol';

/** What a run reports on an item, from the server's answer. */
type Outcome =
  | { kind: 'expectation'; result: FixtureTestsResult['documents'][number]['cases'][number]['expectations'][number] }
  | { kind: 'declared'; result: FixtureTestsResult['documents'][number]['declared'][number] };

interface FileTests {
  item: vscode.TestItem;
  /** The leaves (expectations and declared findings) by item id. */
  outcomes: Map<string, Outcome>;
  errors: FixtureTestsResult['errors'];
}

/** Files scanned for tests at once when the view first opens (each is one request to the server). */
const PARALLEL = 4;
const EDIT_DELAY_MS = 300;

/** Registers the Ranklens test controller; `client` gives the running language client (it is replaced on restart). */
export function registerFixtureTests(client: () => LanguageClient | undefined, patterns: () => string[]): vscode.Disposable {
  const controller = vscode.tests.createTestController('ranklens', 'Ranklens fixtures');
  const files = new Map<string, FileTests>();
  const timers = new Map<string, NodeJS.Timeout>();
  let discovered: Promise<void> | undefined;
  const selector = () => patterns().map((pattern) => ({ scheme: 'file', pattern }));
  const isFixture = (doc: vscode.TextDocument) => vscode.languages.match(selector(), doc) > 0;

  /** Asks the server for a file's tests and rebuilds its items; a file without tests has none. */
  async function refresh(uri: vscode.Uri): Promise<FileTests | undefined> {
    const result = await client()?.sendRequest<FixtureTestsResult | null>(FIXTURE_TESTS_REQUEST, {
      uri: uri.toString(),
    } satisfies FixtureTestsParams);
    const key = uri.toString();
    if (!result || !hasTests(result)) {
      controller.items.delete(key);
      files.delete(key);
      return undefined;
    }
    const file = fileItems(controller, uri, result);
    controller.items.add(file.item);
    files.set(key, file);
    return file;
  }

  function discover(): Promise<void> {
    discovered ??= (async () => {
      const uris = await vscode.workspace.findFiles(globOf(patterns()), '**/node_modules/**');
      uris.sort((a, b) => a.toString().localeCompare(b.toString()));
      for (let i = 0; i < uris.length; i += PARALLEL) {
        await Promise.all(
          uris.slice(i, i + PARALLEL).map(async (uri) => {
            // Only files that mention expect can hold tests: skip the rest without asking the server.
            if (await mentionsExpect(uri)) await refresh(uri).catch(() => undefined);
          }),
        );
      }
    })();
    return discovered;
  }

  /** After an edit: refresh the file once typing pauses (only once the view has its items). */
  function refreshSoon(uri: vscode.Uri): void {
    if (!discovered) return;
    const key = uri.toString();
    clearTimeout(timers.get(key));
    timers.set(
      key,
      setTimeout(() => {
        timers.delete(key);
        void refresh(uri).catch(() => undefined);
      }, EDIT_DELAY_MS),
    );
  }

  controller.resolveHandler = async (item) => {
    if (!item) await discover();
    else if (item.uri) await refresh(item.uri);
  };
  controller.refreshHandler = async () => {
    discovered = undefined;
    controller.items.replace([]);
    files.clear();
    await discover();
  };

  async function runFiles(
    run: vscode.TestRun,
    request: vscode.TestRunRequest,
    uris: vscode.Uri[],
    token: vscode.CancellationToken,
  ): Promise<void> {
    const include = request.include?.map((i) => i.id);
    const exclude = new Set(request.exclude?.map((i) => i.id) ?? []);
    for (const uri of uris) {
      if (token.isCancellationRequested) break;
      const file = await refresh(uri);
      if (!file) continue;
      report(run, file, uri, include, exclude);
    }
  }

  async function runHandler(request: vscode.TestRunRequest, token: vscode.CancellationToken): Promise<void> {
    await discover();
    const requested = (request.include ?? [...files.values()].map((f) => f.item)).flatMap((i) => (i.uri ? [i.uri] : []));
    const uris = [...new Map(requested.map((u) => [u.toString(), u])).values()];
    if (!request.continuous) {
      const run = controller.createTestRun(request);
      try {
        await runFiles(run, request, uris, token);
      } finally {
        run.end();
      }
      return;
    }
    // Continuous: nothing runs now; every save of a requested fixture (any fixture, when the run is for all) runs it.
    const wanted = (uri: vscode.Uri) => !request.include || uris.some((u) => u.toString() === uri.toString());
    const onSave = vscode.workspace.onDidSaveTextDocument(async (doc) => {
      if (!isFixture(doc) || !wanted(doc.uri)) return;
      const again = controller.createTestRun(request);
      try {
        await runFiles(again, request, [doc.uri], token);
      } finally {
        again.end();
      }
    });
    await new Promise<void>((resolve) => token.onCancellationRequested(() => resolve()));
    onSave.dispose();
  }

  const profile = controller.createRunProfile('Run', vscode.TestRunProfileKind.Run, runHandler, true, undefined, true);

  /** File events for the current patterns (made again when ranklens.extraFilePatterns changes). */
  function watch(): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(globOf(patterns()));
    return vscode.Disposable.from(
      watcher,
      watcher.onDidCreate((uri) => refreshSoon(uri)),
      watcher.onDidChange((uri) => refreshSoon(uri)),
      watcher.onDidDelete((uri) => {
        controller.items.delete(uri.toString());
        files.delete(uri.toString());
      }),
    );
  }
  let watcher = watch();

  return vscode.Disposable.from(
    controller,
    profile,
    { dispose: () => watcher.dispose() },
    vscode.workspace.onDidChangeConfiguration(async (e) => {
      if (!e.affectsConfiguration('ranklens.extraFilePatterns')) return;
      watcher.dispose();
      watcher = watch();
      if (discovered) await controller.refreshHandler?.(new vscode.CancellationTokenSource().token);
    }),
    vscode.workspace.onDidChangeTextDocument((e) => {
      if (e.contentChanges.length > 0 && isFixture(e.document)) refreshSoon(e.document.uri);
    }),
    // Closing an edited file without saving: back to the text on disk.
    vscode.workspace.onDidCloseTextDocument((doc) => {
      if (isFixture(doc)) refreshSoon(doc.uri);
    }),
    {
      dispose: () => {
        for (const t of timers.values()) clearTimeout(t);
      },
    },
  );
}

/** One glob for every fixture pattern (the patterns come with a leading "**" folder part, dropped here). */
function globOf(patterns: readonly string[]): string {
  return `**/{${patterns.map((p) => p.replace(/^\*\*\//, '')).join(',')}}`;
}

function hasTests(r: FixtureTestsResult): boolean {
  return r.documents.some((d) => d.cases.length > 0 || d.declared.length > 0);
}

async function mentionsExpect(uri: vscode.Uri): Promise<boolean> {
  try {
    return new TextDecoder().decode(await vscode.workspace.fs.readFile(uri)).includes('expect');
  } catch {
    return false;
  }
}

function range(r: TestRange): vscode.Range {
  return new vscode.Range(r.start.line, r.start.character, r.end.line, r.end.character);
}

/** The items of one file, ids derived from the file, document, case and metric so they survive a rebuild. */
function fileItems(controller: vscode.TestController, uri: vscode.Uri, result: FixtureTestsResult): FileTests {
  const key = uri.toString();
  const item = controller.items.get(key) ?? controller.createTestItem(key, vscode.workspace.asRelativePath(uri), uri);
  const many = result.documents.length > 1;
  // The convention is in every failure message; shown once per fixture, beside the file or document.
  item.description = many ? undefined : result.documents[0]?.convention;
  const outcomes = new Map<string, Outcome>();
  const make = (parent: vscode.TestItem, segment: string, label: string, at: TestRange): vscode.TestItem => {
    const child = controller.createTestItem(`${parent.id}\u001f${segment}`, label, uri);
    child.range = range(at);
    return child;
  };
  const documents = result.documents.filter((d) => d.cases.length > 0 || d.declared.length > 0);
  const children = documents.flatMap((d) => {
    const parent = many ? make(item, `document ${d.index + 1}`, `document ${d.index + 1}`, d.range) : item;
    if (many) parent.description = d.convention;
    const seen = new Map<string, number>();
    const unique = (s: string) => {
      const n = (seen.get(s) ?? 0) + 1;
      seen.set(s, n);
      return n === 1 ? s : `${s} (${n})`;
    };
    const cases = d.cases.map((c) => {
      const caseItem = make(parent, `case ${unique(c.id)}`, c.id, c.range);
      caseItem.children.replace(
        c.expectations.map((e) => {
          const leaf = make(caseItem, `expect ${unique(`${c.id}\u001f${e.metric}`)}`, e.metric, e.range);
          leaf.description = e.expected;
          outcomes.set(leaf.id, { kind: 'expectation', result: e });
          return leaf;
        }),
      );
      return caseItem;
    });
    const declared = d.declared.map((x) => {
      const leaf = make(parent, `expectFindings ${unique(x.code)}`, `expectFindings: ${x.code}`, x.range);
      outcomes.set(leaf.id, { kind: 'declared', result: x });
      return leaf;
    });
    if (!many) return [...cases, ...declared];
    parent.children.replace([...cases, ...declared]);
    return [parent];
  });
  item.children.replace(children);
  item.canResolveChildren = false;
  return { item, outcomes, errors: result.errors };
}

/** Reports every leaf under the included items (all of the file's when the run is for all). */
function report(run: vscode.TestRun, file: FileTests, uri: vscode.Uri, include: string[] | undefined, exclude: Set<string>): void {
  const underRequest = (id: string) => !include || include.some((i) => id === i || id.startsWith(`${i}\u001f`));
  const excluded = (id: string) => [...exclude].some((x) => id === x || id.startsWith(`${x}\u001f`));
  const leaves = [...file.outcomes.entries()].filter(([id]) => underRequest(id) && !excluded(id));
  const items = new Map<string, vscode.TestItem>();
  const walk = (i: vscode.TestItem) => {
    items.set(i.id, i);
    i.children.forEach(walk);
  };
  walk(file.item);
  for (const [id, outcome] of leaves) {
    const item = items.get(id);
    if (item) reportLeaf(run, item, outcome, uri);
  }
  if (file.errors.length > 0 && !excluded(file.item.id)) {
    run.errored(
      file.item,
      file.errors.map((e) => {
        const message = new vscode.TestMessage(`${e.code}: ${e.message}`);
        message.location = new vscode.Location(uri, range(e.range));
        return message;
      }),
    );
  }
}

function reportLeaf(run: vscode.TestRun, item: vscode.TestItem, outcome: Outcome, uri: vscode.Uri): void {
  const at = (r: TestRange, m: vscode.TestMessage) => {
    m.location = new vscode.Location(uri, range(r));
    return m;
  };
  run.started(item);
  if (outcome.kind === 'declared') {
    if (outcome.result.passed) run.passed(item);
    else run.failed(item, at(outcome.result.range, new vscode.TestMessage(outcome.result.message)));
    return;
  }
  const e = outcome.result;
  switch (e.outcome) {
    case 'passed':
      run.passed(item);
      break;
    case 'unchecked':
      run.skipped(item);
      run.appendOutput(`${e.message}\r\n`, new vscode.Location(uri, range(e.range)), item);
      break;
    case 'declared':
      run.passed(item);
      run.appendOutput(`${e.message}\r\n`, new vscode.Location(uri, range(e.range)), item);
      break;
    case 'failed':
      run.failed(item, at(e.range, vscode.TestMessage.diff(e.message, e.expected, e.actual ?? '')));
      break;
  }
}
