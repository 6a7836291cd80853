/**
 * The "Ranklens: Show metric curves" webview. The page is finished HTML from shared/curvesHtml.ts:
 * no scripts and no resources, so the webview gets neither (enableScripts false, no local roots).
 * The panel follows edits of the fixture it shows.
 */
import * as vscode from 'vscode';

const CURVES_VIEW_TYPE = 'ranklens.metricCurves';
const FOLLOW_MS = 300;

export interface FollowCurves {
  source: string;
  refresh: () => Promise<{ html: string; title: string } | undefined>;
}

// One panel, reused: a second "show" replaces the curves instead of stacking tabs.
let panel: vscode.WebviewPanel | undefined;
let following: FollowCurves | undefined;
let timer: ReturnType<typeof setTimeout> | undefined;
let watching: vscode.Disposable | undefined;

function follow(source: string): void {
  if (!panel || !following || following.source !== source) return;
  const current = following;
  clearTimeout(timer);
  timer = setTimeout(() => {
    void current.refresh().then((page) => {
      if (!page || !panel || following !== current) return;
      panel.title = page.title;
      panel.webview.html = page.html;
    });
  }, FOLLOW_MS);
}

/** Shows the curves page in the Ranklens curves panel, creating it beside the editor the first time. */
export function showCurvesPanel(html: string, title: string, keepCurrent?: FollowCurves): vscode.WebviewPanel {
  following = keepCurrent;
  watching ??= vscode.workspace.onDidChangeTextDocument((e) => follow(e.document.uri.toString()));
  if (!panel) {
    panel = vscode.window.createWebviewPanel(
      CURVES_VIEW_TYPE,
      title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: false, enableCommandUris: false, localResourceRoots: [], enableFindWidget: true },
    );
    panel.onDidDispose(() => {
      panel = undefined;
      following = undefined;
      clearTimeout(timer);
      watching?.dispose();
      watching = undefined;
    });
  } else {
    panel.reveal(undefined, true);
  }
  panel.title = title;
  panel.webview.html = html;
  return panel;
}
