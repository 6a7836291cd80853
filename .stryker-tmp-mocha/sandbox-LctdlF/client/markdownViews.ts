/**
 * Read-only Markdown documents under the ranklens-view: scheme, shown with VS Code's own Markdown
 * preview: no webview to maintain, and no untitled buffer that asks to be saved on exit.
 */
// @ts-nocheck

import * as vscode from 'vscode';

const VIEW_SCHEME = 'ranklens-view';

export class MarkdownViews implements vscode.TextDocumentContentProvider {
  private contents = new Map<string, string>();
  private changed = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changed.event;

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  /** Shows Markdown beside the editor; the same name reuses (and refreshes) its view. */
  async show(name: string, markdown: string): Promise<void> {
    const uri = vscode.Uri.from({ scheme: VIEW_SCHEME, path: `/${name.replace(/[\\/]/g, '_')}.md` });
    this.contents.set(uri.toString(), markdown);
    this.changed.fire(uri);
    await vscode.commands.executeCommand('markdown.showPreviewToSide', uri);
  }

  dispose(): void {
    this.changed.dispose();
  }
}
