/**
 * A small LSP client for the protocol tests: starts the built server (dist/server.js --stdio), keeps
 * document versions, and waits for published diagnostics by polling what arrived — never by sleeping.
 */
import { ChildProcess, spawn } from 'node:child_process';
import { once } from 'node:events';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import {
  CodeAction,
  CodeLens,
  CompletionItem,
  CompletionList,
  Diagnostic,
  Hover,
  InlayHint,
  InitializeParams,
  Position,
  PublishDiagnosticsParams,
  Range,
  ProtocolConnection,
  SignatureHelp,
  StreamMessageReader,
  TextEdit,
  StreamMessageWriter,
  TextDocumentContentChangeEvent,
  createProtocolConnection,
} from 'vscode-languageserver-protocol/node';
import { TextDocument } from 'vscode-languageserver-textdocument';

export const SERVER = join(__dirname, '..', '..', '..', 'dist', 'server.js');

/** Splits text at its `|` cursor marker: the text without it, and the cursor's offset. */
export function cursor(marked: string): { text: string; offset: number } {
  const offset = marked.indexOf('|');
  if (offset < 0) throw new Error('no | cursor marker');
  return { text: marked.slice(0, offset) + marked.slice(offset + 1), offset };
}

export function fileUri(path: string): string {
  return pathToFileURL(path).toString();
}

interface Published {
  version: number | undefined;
  diagnostics: Diagnostic[];
}

export interface ClientOptions {
  settings?: Record<string, unknown>;
  workspace?: string;
  initializationOptions?: Record<string, unknown>;
  /** The server bundle to start (a benchmark's baseline build); dist/server.js when not given. */
  server?: string;
  /** Text document capabilities beside diagnostics (completion's snippet support, …). */
  textDocument?: Record<string, unknown>;
}

export class TestClient {
  private docs = new Map<string, TextDocument>();
  private published = new Map<string, Published[]>();
  private waiters: (() => void)[] = [];
  readonly notifications: { method: string; params: unknown }[] = [];
  /** For each workspace/configuration request answered: how many notifications had arrived by then. */
  private configurations: number[] = [];
  settings: Record<string, unknown>;

  private constructor(
    private proc: ChildProcess,
    readonly connection: ProtocolConnection,
    settings: Record<string, unknown>,
  ) {
    this.settings = settings;
  }

  /** Starts the server and completes the initialize handshake. */
  static async start(options: ClientOptions = {}): Promise<TestClient> {
    const proc = spawn(process.execPath, [options.server ?? SERVER, '--stdio'], { stdio: ['pipe', 'pipe', 'inherit'] });
    const connection = createProtocolConnection(new StreamMessageReader(proc.stdout!), new StreamMessageWriter(proc.stdin!));
    const client = new TestClient(proc, connection, options.settings ?? {});
    connection.onNotification('textDocument/publishDiagnostics', (p: PublishDiagnosticsParams) => {
      const list = client.published.get(p.uri) ?? [];
      list.push({ version: p.version, diagnostics: p.diagnostics });
      client.published.set(p.uri, list);
      client.wake();
    });
    for (const method of ['ranklens/status', 'window/logMessage', 'window/showMessage']) {
      connection.onNotification(method, (params: unknown) => {
        client.notifications.push({ method, params });
        client.wake();
      });
    }
    connection.onRequest('workspace/configuration', () => {
      client.configurations.push(client.notifications.length);
      client.wake();
      return [client.settings];
    });
    connection.onRequest('client/registerCapability', () => null);
    connection.onRequest('client/unregisterCapability', () => null);
    connection.onRequest('workspace/codeLens/refresh', () => null);
    connection.onRequest('workspace/inlayHint/refresh', () => null);
    connection.listen();
    const folders = options.workspace ? [{ uri: fileUri(options.workspace), name: 'workspace' }] : null;
    const params: InitializeParams = {
      processId: process.pid,
      rootUri: folders?.[0].uri ?? null,
      workspaceFolders: folders,
      capabilities: {
        workspace: {
          configuration: true,
          didChangeWatchedFiles: { dynamicRegistration: true },
          didChangeConfiguration: { dynamicRegistration: true },
        },
        textDocument: { publishDiagnostics: { relatedInformation: true, versionSupport: true }, ...options.textDocument },
      },
      initializationOptions: { debounceMs: 0, status: true, ...options.initializationOptions },
    };
    await connection.sendRequest('initialize', params);
    await connection.sendNotification('initialized', {});
    // The server asks for its settings right after initialized; later configure() calls count from there.
    await client.until(() => (client.configurations.length > 0 ? true : undefined), 'the first settings request');
    return client;
  }

  private wake(): void {
    for (const w of this.waiters.splice(0)) w();
  }

  /** Resolves when check() returns a value, re-checking after every message from the server. */
  async until<T>(check: () => T | undefined, what: string, timeoutMs = 20_000): Promise<T> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      const value = check();
      if (value !== undefined) return value;
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, Math.max(0, deadline - Date.now()) + 1);
        this.waiters.push(() => {
          clearTimeout(timer);
          resolve();
        });
      });
    }
  }

  /** The latest diagnostics published for the uri, once there are any for at least that version. */
  diagnostics(uri: string, version?: number): Promise<Diagnostic[]> {
    return this.until(
      () => {
        const list = this.published.get(uri);
        const last = list?.[list.length - 1];
        if (!last) return undefined;
        // Diagnostics of an open document carry its version; a publish without one came from the disk.
        if (version !== undefined && (last.version === undefined || last.version < version)) return undefined;
        return last.diagnostics;
      },
      `diagnostics for ${uri}${version === undefined ? '' : ` v${version}`}`,
    );
  }

  /** Waits for a publish satisfying the predicate (for files the client never opened). */
  diagnosticsWhere(uri: string, ok: (d: Diagnostic[]) => boolean): Promise<Diagnostic[]> {
    return this.until(() => {
      const list = this.published.get(uri);
      const last = list?.[list.length - 1];
      return last && ok(last.diagnostics) ? last.diagnostics : undefined;
    }, `matching diagnostics for ${uri}`);
  }

  /** The server's process id (for memory readings). */
  get pid(): number | undefined {
    return this.proc.pid;
  }

  /** The version of every publish for the uri so far, in arrival order (undefined: from the disk). */
  publishedVersions(uri: string): (number | undefined)[] {
    return (this.published.get(uri) ?? []).map((p) => p.version);
  }

  publishedCount(uri: string): number {
    return this.published.get(uri)?.length ?? 0;
  }

  document(uri: string): TextDocument {
    const doc = this.docs.get(uri);
    if (!doc) throw new Error(`${uri} is not open`);
    return doc;
  }

  async open(uri: string, text: string, languageId = uri.endsWith('.json') ? 'json' : 'yaml'): Promise<void> {
    this.docs.set(uri, TextDocument.create(uri, languageId, 1, text));
    await this.connection.sendNotification('textDocument/didOpen', { textDocument: { uri, languageId, version: 1, text } });
  }

  /** Applies incremental edits, as an editor sends them while typing; returns the new version. */
  async edit(uri: string, changes: { range: Range; text: string }[]): Promise<number> {
    const doc = this.document(uri);
    const version = doc.version + 1;
    this.docs.set(uri, TextDocument.update(doc, changes, version));
    const contentChanges: TextDocumentContentChangeEvent[] = changes;
    await this.connection.sendNotification('textDocument/didChange', { textDocument: { uri, version }, contentChanges });
    return version;
  }

  /** Replaces the first occurrence of `find` (after `from`, if given) with `replace`. */
  async replace(uri: string, find: string, replace: string, from = ''): Promise<number> {
    const doc = this.document(uri);
    const text = doc.getText();
    const start = text.indexOf(find, from ? text.indexOf(from) : 0);
    if (start < 0) throw new Error(`"${find}" not in ${uri}`);
    return this.edit(uri, [{ range: { start: doc.positionAt(start), end: doc.positionAt(start + find.length) }, text: replace }]);
  }

  async close(uri: string): Promise<void> {
    this.docs.delete(uri);
    await this.connection.sendNotification('textDocument/didClose', { textDocument: { uri } });
  }

  /** The lenses as the server sends them: case lenses without their command, to be resolved. */
  codeLenses(uri: string): Promise<CodeLens[]> {
    return this.connection.sendRequest('textDocument/codeLens', { textDocument: { uri } });
  }

  resolveCodeLens(lens: CodeLens): Promise<CodeLens> {
    return this.connection.sendRequest('codeLens/resolve', lens);
  }

  /** The lenses as an editor shows them: each one without a command resolved, as VS Code does for those on screen. */
  async resolvedCodeLenses(uri: string): Promise<CodeLens[]> {
    return Promise.all((await this.codeLenses(uri)).map((l) => (l.command ? l : this.resolveCodeLens(l))));
  }

  hover(uri: string, offset: number): Promise<Hover | null> {
    return this.connection.sendRequest('textDocument/hover', { textDocument: { uri }, position: this.document(uri).positionAt(offset) });
  }

  completion(uri: string, offset: number): Promise<CompletionList | null> {
    return this.connection.sendRequest('textDocument/completion', {
      textDocument: { uri },
      position: this.document(uri).positionAt(offset),
    });
  }

  resolveCompletion(item: CompletionItem): Promise<CompletionItem> {
    return this.connection.sendRequest('completionItem/resolve', item);
  }

  signatureHelp(uri: string, offset: number): Promise<SignatureHelp | null> {
    return this.connection.sendRequest('textDocument/signatureHelp', {
      textDocument: { uri },
      position: this.document(uri).positionAt(offset),
    });
  }

  codeActions(uri: string, range: Range, diagnostics: Diagnostic[] = []): Promise<CodeAction[]> {
    return this.connection.sendRequest('textDocument/codeAction', { textDocument: { uri }, range, context: { diagnostics } });
  }

  inlayHints(uri: string): Promise<InlayHint[]> {
    const doc = this.document(uri);
    return this.connection.sendRequest('textDocument/inlayHint', {
      textDocument: { uri },
      range: { start: Position.create(0, 0), end: doc.positionAt(doc.getText().length) },
    });
  }

  /** Applies a code action's edits to the client's copy of the document and sends them as a change. */
  async apply(uri: string, action: CodeAction): Promise<number> {
    const change = action.edit?.documentChanges?.[0];
    if (!change || !('edits' in change)) throw new Error(`action "${action.title}" has no text edits`);
    // Edits of one action do not overlap; applied from the end, earlier ranges stay valid.
    const edits = [...change.edits].sort((a, b) => this.document(uri).offsetAt(b.range.start) - this.document(uri).offsetAt(a.range.start));
    return this.edit(
      uri,
      edits.map((e) => ({ range: e.range, text: (e as TextEdit).newText })),
    );
  }

  text(uri: string): string {
    return this.document(uri).getText();
  }

  /**
   * Sends ranklens settings as workspace/didChangeConfiguration; the server pulls them back and
   * revalidates the open documents, so this resolves at the next status notification.
   */
  async configure(settings: Record<string, unknown>): Promise<void> {
    this.settings = settings;
    const asked = this.configurations.length;
    await this.connection.sendNotification('workspace/didChangeConfiguration', { settings: { ranklens: settings } });
    await this.until(() => {
      const at = this.configurations[asked];
      return at !== undefined && this.notifications.slice(at).some((n) => n.method === 'ranklens/status') ? true : undefined;
    }, 'settings applied');
  }

  async stop(): Promise<void> {
    try {
      await this.connection.sendRequest('shutdown');
      await this.connection.sendNotification('exit');
    } catch {
      /* the server may already be gone */
    }
    if (this.proc.exitCode === null) await once(this.proc, 'exit');
    this.connection.dispose();
  }
}
