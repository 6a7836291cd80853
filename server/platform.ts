/** The Node server's connection (stdio, IPC or a socket, from the command line) and its files: the disk. */
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { ProposedFeatures, createConnection } from 'vscode-languageserver/node';
import { FoundConfig, findProjectConfig } from '../shared/evaluation/projectConfig';
import { nodeFiles } from './nodeFiles';
import { WorkspaceFiles } from './workspaceFiles';

export const connection = createConnection(ProposedFeatures.all);

/** The disk; the file patterns are applied by the caller. */
export function workspaceFiles(_patterns: () => readonly string[]): WorkspaceFiles {
  return nodeFiles;
}

const configs = new Map<string, FoundConfig | undefined>();

/** The project config (ranklens.config.json, package.json's `ranklens`) nearest a file: URI, read once per folder. */
export function projectConfigFor(uri: string): FoundConfig | undefined {
  if (!uri.startsWith('file:')) return undefined;
  let path: string;
  try { path = fileURLToPath(uri); } catch { return undefined; }
  const dir = path.replace(/[\\/][^\\/]*$/, '');
  if (!configs.has(dir)) {
    configs.set(dir, findProjectConfig(path, (p) => {
      try { return readFileSync(p, 'utf8'); } catch { return undefined; }
    }));
  }
  return configs.get(dir);
}

/** A config file changed: read them again when next needed. */
export function forgetProjectConfigs(): void {
  configs.clear();
}
