/** The Node server's connection (stdio, IPC or a socket, from the command line) and its files: the disk. */
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { nodeFiles } from './nodeFiles';
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WorkspaceFiles } from './workspaceFiles';
import { ReferencePlatform } from './referencePlatform';
import { ColumnMap, InputFormat, readReferencedFile } from '../shared/trec';

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

/** The files fixtures name, on disk beside them, read by the TREC engine's readers. */
export const referencePlatform: ReferencePlatform = {
  pathOf(uri) {
    return uri.startsWith('file:') ? fileURLToPath(uri) : undefined;
  },
  path(fixtureUri, relative) {
    if (!fixtureUri.startsWith('file:')) return undefined;
    return resolve(dirname(fileURLToPath(fixtureUri)), relative);
  },
  read(path, role, reading) {
    const input = { format: reading.format as InputFormat | undefined, columns: reading.columns as ColumnMap | undefined };
    return readReferencedFile(path, role, { ...reading, input });
  },
};
