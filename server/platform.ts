/** The Node server's connection (stdio, IPC or a socket, from the command line) and its files: the disk. */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { nodeFiles } from './nodeFiles';
import { readFileSync } from 'node:fs';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WorkspaceFiles } from './workspaceFiles';

export { forgetProjectConfigs, projectConfigFor } from './projectConfigs';

export const connection = createConnection(ProposedFeatures.all);

/** The disk; the file patterns are applied by the caller. */
export function workspaceFiles(_patterns: () => readonly string[]): WorkspaceFiles {
  return nodeFiles;
}

/** The file: URI of a path on disk. */
export function fileUri(path: string): string | undefined {
  return pathToFileURL(path).toString();
}

/** A file's text read now (qrels paired with an open run: small beside the run, and needed before its first lens); undefined when it cannot be read. */
export function readFileNow(uri: string): string | undefined {
  try {
    return readFileSync(fileURLToPath(uri), 'utf8');
  } catch {
    return undefined;
  }
}
