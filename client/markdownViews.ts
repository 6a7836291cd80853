/**
 * Read-only Markdown documents under the ranklens-view: scheme, shown with VS Code's own Markdown
 * preview: no webview to maintain, and no untitled buffer that asks to be saved on exit. A view
 * follows edits of the fixture it shows: its content is asked for again and the preview, which keeps
 * its scroll position on a content change, redraws.
 */
import * as vscode from 'vscode';

const VIEW_SCHEME = 'ranklens-view';
/** Milliseconds after the last edit before a view asks again (the server debounces too). */
const FOLLOW_MS = 300;

interface View {
  /** The fixture the view shows. */
  source: string;
  /** Asks the server again; undefined when the view has nothing to show any more. */
  refresh: () => Promise<string | undefined>;
}

export class MarkdownViews implements vscode.TextDocumentContentProvider {
  private contents = new Map<string, string>();
  private views = new Map<string, View>();
  private timers = new Map<string, ReturnType<typeof setTimeout>>();
  private changed = new vscode.EventEmitter<vscode.Uri>();
  private watching: vscode.Disposable;
  readonly onDidChange = this.changed.event;

  constructor() {
    this.watching = vscode.workspace.onDidChangeTextDocument((e) => this.follow(e.document.uri.toString()));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Shows Markdown beside the editor; the same name reuses (and refreshes) its view; `follow` keeps it current. */
  async show(name: string, markdown: string, follow?: View): Promise<void> {
    const uri = vscode.Uri.from({ scheme: VIEW_SCHEME, path: `/${name.replace(/[\\/]/g, '_')}.md` });
    this.contents.set(uri.toString(), markdown);
    if (follow) this.views.set(uri.toString(), follow);
    this.changed.fire(uri);
    await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
  }

  /** A fixture changed: the views showing it ask again, once the typing pauses. */
  private follow(source: string): void {
    for (const [key, view] of this.views) {
      if (view.source !== source) continue;
      clearTimeout(this.timers.get(key));
      this.timers.set(
        key,
        setTimeout(() => {
          void view.refresh().then((markdown) => {
            if (markdown === undefined) return;
            this.contents.set(key, markdown);
            this.changed.fire(vscode.Uri.parse(key));
          });
        }, FOLLOW_MS),
      );
    }
  }

  dispose(): void {
    for (const t of this.timers.values()) clearTimeout(t);
    this.watching.dispose();
    this.changed.dispose();
  }
}
