/** The desktop client: the server runs as a Node process over IPC, for fixture files on disk. */
// @ts-nocheck

import * as vscode from 'vscode';
import { BaseLanguageClient, LanguageClientOptions } from 'vscode-languageclient';
import { LanguageClient, ServerOptions, TransportKind } from 'vscode-languageclient/node';

/** The URI schemes whose documents the server reads: files (a web workspace has others). */
export const DOCUMENT_SCHEMES: readonly string[] = ['file'];

/** A language client for the bundled Node server. */
export function newClient(context: vscode.ExtensionContext, options: LanguageClientOptions): BaseLanguageClient {
  const module = context.asAbsolutePath('dist/server.js');
  const serverOptions: ServerOptions = {
    run: { module, transport: TransportKind.ipc },
    debug: { module, transport: TransportKind.ipc, options: { execArgv: ['--nolazy', '--inspect=6009'] } },
  };
  return new LanguageClient('ranklens', 'Ranklens', serverOptions, options);
}
