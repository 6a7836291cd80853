/**
 * The client's side of ranklens/findFiles and ranklens/readFile: workspace files for a server that
 * has no file system (the web worker), listed and read through the VS Code API.
 */
// @ts-nocheck

import * as vscode from 'vscode';
import { BaseLanguageClient } from 'vscode-languageclient';
import { FIND_FILES_REQUEST, FindFilesParams, READ_FILE_REQUEST, ReadFileParams } from '../shared/protocol';

/** Folders no fixture scan walks into, as the Node server's walk skips them. */
const EXCLUDE = '**/{node_modules,.git,.hg,.svn,dist,out}/**';
/** As many files as the Node server's walk visits at most. */
const MAX_FILES = 50_000;

/** Answers the server's file requests. */
export function serveWorkspaceFiles(client: BaseLanguageClient): void {
  client.onRequest(FIND_FILES_REQUEST, async ({ folders, patterns }: FindFilesParams): Promise<string[]> => {
    const names = patterns.map((p) => (p.startsWith('**/') ? p.slice(3) : p));
    const found: string[] = [];
    for (const folder of folders) {
      const base = vscode.Uri.parse(folder);
      const include = new vscode.RelativePattern(base, `**/{${names.join(',')}}`);
      for (const uri of await vscode.workspace.findFiles(include, EXCLUDE, MAX_FILES)) found.push(uri.toString());
    }
    return found;
  });
  client.onRequest(READ_FILE_REQUEST, async ({ uri }: ReadFileParams): Promise<string | null> => {
    try {
      return new TextDecoder('utf-8').decode(await vscode.workspace.fs.readFile(vscode.Uri.parse(uri)));
    } catch {
      return null;
    }
  });
}
