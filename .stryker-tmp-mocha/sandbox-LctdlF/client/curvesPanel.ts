/**
 * The "Ranklens: Show metric curves" webview. The page is finished HTML from shared/curvesHtml.ts:
 * no scripts and no resources, so the webview gets neither (enableScripts false, no local roots).
 */
// @ts-nocheck

import * as vscode from 'vscode';

const CURVES_VIEW_TYPE = 'ranklens.metricCurves';

// One panel, reused: a second "show" replaces the curves instead of stacking tabs.
let panel: vscode.WebviewPanel | undefined;

/** Shows the curves page in the Ranklens curves panel, creating it beside the editor the first time. */
export function showCurvesPanel(html: string, title: string): vscode.WebviewPanel {
  if (!panel) {
    panel = vscode.window.createWebviewPanel(CURVES_VIEW_TYPE, title,
      { viewColumn: vscode.ViewColumn.Beside, preserveFocus: true },
      { enableScripts: false, enableCommandUris: false, localResourceRoots: [], enableFindWidget: true });
    panel.onDidDispose(() => { panel = undefined; });
  } else {
    panel.reveal(undefined, true);
  }
  panel.title = title;
  panel.webview.html = html;
  return panel;
}
