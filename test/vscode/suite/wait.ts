/** Small helpers the checks share: polling the editor until it has caught up, and reading API results. */
import * as vscode from 'vscode';

/** Calls `fn` until it returns something other than undefined; the last value seen goes into the timeout error. */
export async function poll<T>(
  what: string,
  fn: () => Promise<T | undefined> | T | undefined,
  timeoutMs = 30_000,
  seen?: () => unknown,
): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const v = await fn();
    if (v !== undefined) return v;
    if (Date.now() > deadline)
      throw new Error(`timed out after ${timeoutMs} ms waiting for ${what}${seen ? `; last seen: ${JSON.stringify(seen())}` : ''}`);
    await new Promise((r) => setTimeout(r, 100));
  }
}

/** The Markdown and plain text of hovers, joined. */
export function hoverText(hovers: readonly vscode.Hover[]): string {
  return hovers.flatMap((h) => h.contents.map((c) => (typeof c === 'string' ? c : c.value))).join('\n');
}

/** A diagnostic's code as a string (the LSP client may wrap it with a link target). */
export function codeOf(d: vscode.Diagnostic): string {
  return typeof d.code === 'object' && d.code !== null ? String(d.code.value) : String(d.code ?? '');
}

/** Code lenses, resolved, as the editor would get them. */
export async function lensesOf(uri: vscode.Uri): Promise<vscode.CodeLens[]> {
  return (await vscode.commands.executeCommand<vscode.CodeLens[]>('vscode.executeCodeLensProvider', uri, 100)) ?? [];
}

/** Ranklens' diagnostics of one file (JSON validation reports there too, with codes of its own). */
export function ranklensDiagnostics(uri: vscode.Uri): vscode.Diagnostic[] {
  return vscode.languages.getDiagnostics(uri).filter((d) => d.source === 'ranklens');
}

/**
 * The value a readout shows for `metric`, e.g. 0.667 from "P@3 0.667 · R@3 1.000"; undefined when it
 * shows none. Tolerant of separators and of a leading-dot number (".667").
 */
export function shownValue(readout: string, metric: string): number | undefined {
  const esc = metric.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  const m = new RegExp(`(?:^|[\\s·:(,|])${esc}\\s*[=:]?\\s*(-?\\d*\\.?\\d+)`).exec(readout);
  return m ? Number(m[1]) : undefined;
}

/** True when `readout` shows `metric` at `value`, to the three decimals readouts print. */
export function shows(readout: string, metric: string, value: number): boolean {
  const v = shownValue(readout, metric);
  return v !== undefined && Math.abs(v - value) <= 0.0005 + 1e-12;
}
