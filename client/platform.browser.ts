/**
 * The web client (VS Code for the Web): the server runs in a web worker from dist/server.browser.js,
 * for documents of any scheme (vscode-vfs for GitHub repositories, and so on). esbuild puts this
 * module in place of platform.ts for dist/client.browser.js.
 */
import * as vscode from 'vscode';
import { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { LanguageClient } from 'vscode-languageclient/browser';

/** Every scheme but the read-only views of other versions (diffs, timelines). */
export const DOCUMENT_SCHEMES: readonly string[] = ['file', 'vscode-vfs', 'vscode-test-web', 'vscode-remote', 'untitled'];

/** A language client for the bundled web-worker server. */
export function newClient(context: vscode.ExtensionContext, options: LanguageClientOptions): BaseLanguageClient {
  const worker = new Worker(vscode.Uri.joinPath(context.extensionUri, 'dist/server.browser.js').toString(true));
  return new LanguageClient('ranklens', 'Ranklens', worker, options);
}

/** The command runs only where the extension host is Node (the desktop, code-server): not in VS Code for the Web. */
export function runCli(): Promise<{ stdout: string; stderr: string; code: number | null }> {
  return Promise.reject(new Error('Compare Runs reads run files with the ranklens command, which VS Code for the Web cannot run.'));
}
