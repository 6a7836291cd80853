/**
 * The web-worker server's connection (postMessage with the extension host) and its files, read
 * through the client. esbuild puts this module in place of platform.ts for dist/server.browser.js.
 */
import { BrowserMessageReader, BrowserMessageWriter, ProposedFeatures, createConnection } from 'vscode-languageserver/browser';
import { clientFiles } from './clientFiles';
import { WorkspaceFiles } from './workspaceFiles';
import { FoundConfig } from '../shared/evaluation';
import { ReferencePlatform } from './referencePlatform';

// The worker's global scope speaks the same postMessage protocol as a Worker object.
const scope = self as unknown as Worker;
export const connection = createConnection(ProposedFeatures.all, new BrowserMessageReader(scope), new BrowserMessageWriter(scope));

/** The client's workspace, since a web worker has no file system. */
export function workspaceFiles(patterns: () => readonly string[]): WorkspaceFiles {
  return clientFiles(connection, patterns);
}

/** A web worker reads no project config (it has no file system); the settings apply alone. */
export function projectConfigFor(_uri: string): FoundConfig | undefined {
  return undefined;
}

export function forgetProjectConfigs(): void {}

/** A web worker has no disk: no path becomes a URI it could read (it reads no configuration that names one). */
export function fileUri(_path: string): string | undefined {
  return undefined;
}

/** A web worker reads no file (it pairs no run with qrels). */
export function readFileNow(_uri: string): string | undefined {
  return undefined;
}

/** A web worker reads no file a fixture names: its cases say so (fixture-file-reference). */
export const referencePlatform: ReferencePlatform = {
  pathOf: () => undefined,
  path: () => undefined,
  read: () => Promise.reject(new Error('no disk')),
};
