/**
 * Code lenses near what the editor shows. VS Code keeps a view zone for every lens line of a document
 * and moves each of them on every keystroke (and re-decorates each when the lenses come back): with
 * 3,000 cases that was most of a keystroke's time in a large fixture. So when an editor shows the file,
 * the client asks the server for the lenses of the lines on screen and a margin around them, with their
 * titles (ranklens/codeLenses: no codeLens/resolve round, which VS Code holds back another 250 ms), and
 * asks again when the view comes near the margin's edge. A file no editor shows (an API call) gets
 * every lens the standard way.
 */
import * as vscode from 'vscode';
import { BaseLanguageClient, CodeLens, CodeLensMiddleware } from 'vscode-languageclient';
import { CODE_LENSES_REQUEST, CodeLensesParams } from '../shared/protocol';

/** Lines served around the lines on screen: this many screens each way, and at least MIN_MARGIN lines. */
const MARGIN_SCREENS = 2;
const MIN_MARGIN = 60;
/** How long the view rests before lenses for a new window are asked for (VS Code adds its own 250 ms). */
const SCROLL_WAIT_MS = 50;

type Lines = { start: number; end: number }[];

export class LensWindow implements vscode.Disposable {
  /** The lines whose lenses each document was last given. */
  private served = new Map<string, Lines>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private subscriptions: vscode.Disposable[];

  constructor(private client: () => BaseLanguageClient | undefined) {
    this.subscriptions = [
      vscode.window.onDidChangeTextEditorVisibleRanges((e) => this.scrolled(e.textEditor)),
      vscode.window.onDidChangeVisibleTextEditors((editors) => editors.forEach((e) => this.scrolled(e))),
      vscode.workspace.onDidCloseTextDocument((d) => this.served.delete(d.uri.toString())),
    ];
  }

  /** The middleware that serves lenses by window. */
  middleware(): CodeLensMiddleware {
    return {
      provideCodeLenses: async (document, token, next) => {
        const c = this.client();
        const lines = windowOf(document);
        if (!c || !lines) return next(document, token);
        this.served.set(document.uri.toString(), lines);
        const params: CodeLensesParams = { uri: c.code2ProtocolConverter.asUri(document.uri), lines };
        const lenses = await c.sendRequest<CodeLens[] | null>(CODE_LENSES_REQUEST, params, token);
        return c.protocol2CodeConverter.asCodeLenses(lenses, token);
      },
    };
  }

  /** The view moved: when it nears the edge of what was served, the lenses of a new window are asked for. */
  private scrolled(editor: vscode.TextEditor): void {
    const uri = editor.document.uri.toString();
    const served = this.served.get(uri);
    if (!served || covers(served, editor)) return;
    clearTimeout(this.timers.get(uri));
    this.timers.set(
      uri,
      setTimeout(() => {
        this.timers.delete(uri);
        this.client()?.getFeature('textDocument/codeLens').getProvider(editor.document)?.onDidChangeCodeLensEmitter.fire();
      }, SCROLL_WAIT_MS),
    );
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    for (const s of this.subscriptions) s.dispose();
  }
}

/** The lines on screen in every editor showing the document, with margins, merged; undefined if none shows it. */
function windowOf(document: vscode.TextDocument): Lines | undefined {
  const editors = vscode.window.visibleTextEditors.filter((e) => e.document === document);
  if (!editors.length) return undefined;
  const last = document.lineCount - 1;
  const ranges = editors
    .flatMap((e) => (e.visibleRanges.length ? e.visibleRanges : [new vscode.Range(0, 0, 0, 0)]))
    .map((r) => {
      const margin = Math.max(MIN_MARGIN, MARGIN_SCREENS * (r.end.line - r.start.line + 1));
      return { start: Math.max(0, r.start.line - margin), end: Math.min(last, r.end.line + margin) };
    })
    .sort((a, b) => a.start - b.start);
  const merged: Lines = [];
  for (const r of ranges) {
    const top = merged[merged.length - 1];
    if (top && r.start <= top.end + 1) top.end = Math.max(top.end, r.end);
    else merged.push({ ...r });
  }
  return merged;
}

/** Whether what the editor shows lies a screen or more inside what was served (or reaches the file's ends). */
function covers(served: Lines, editor: vscode.TextEditor): boolean {
  const last = editor.document.lineCount - 1;
  return editor.visibleRanges.every((r) => {
    const screen = r.end.line - r.start.line + 1;
    return served.some((s) => (s.start === 0 || r.start.line - screen >= s.start) && (s.end >= last || r.end.line + screen <= s.end));
  });
}
