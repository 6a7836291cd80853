/**
 * The server publishes a document's diagnostics after every evaluation, and in a large fixture most
 * keystrokes leave them as they were. VS Code would replace its markers anyway (the squiggles, the
 * Problems view, the status bar counts), which is work on the editor's thread between two keystrokes:
 * a list equal to the one last passed on for the document is dropped here.
 */
import * as vscode from 'vscode';
import { HandleDiagnosticsSignature } from 'vscode-languageclient';

export class UnchangedDiagnostics {
  private last = new Map<string, string>();

  /** The middleware's handleDiagnostics: passes a list on unless it equals the last one for the URI. */
  readonly handleDiagnostics = (uri: vscode.Uri, diagnostics: vscode.Diagnostic[], next: HandleDiagnosticsSignature): void => {
    const key = uri.toString();
    const shape = JSON.stringify(diagnostics.map(shapeOf));
    if (this.last.get(key) === shape) return;
    this.last.set(key, shape);
    next(uri, diagnostics);
  };

  /** The client stopped or started: VS Code's markers were cleared, so the next list goes through whatever it holds. */
  forget(): void {
    this.last.clear();
  }
}

/** What a diagnostic shows, and the data the server's quick fixes read back from it. */
function shapeOf(d: vscode.Diagnostic): unknown[] {
  const code = typeof d.code === 'object' ? [String(d.code.value), d.code.target.toString()] : d.code;
  const related = d.relatedInformation?.map((r) => [r.location.uri.toString(), rangeOf(r.location.range), r.message]);
  return [rangeOf(d.range), d.severity, code, d.source, d.message, related, d.tags, (d as { data?: unknown }).data];
}

function rangeOf(r: vscode.Range): number[] {
  return [r.start.line, r.start.character, r.end.line, r.end.character];
}
