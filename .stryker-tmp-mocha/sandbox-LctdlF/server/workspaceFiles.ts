/**
 * How the server reaches workspace files that are not open: the file system under Node
 * (nodeFiles.ts), the client's workspace API in a web worker (clientFiles.ts), which has no file system.
 */
// @ts-nocheck


export interface WorkspaceFiles {
  /** The file URIs under the workspace folders (URIs), in batches; a caller that stops early stops the listing. */
  list(folders: readonly string[], isFixture: (uri: string) => boolean): AsyncIterable<string>;
  /** A file's text, or undefined when it cannot be read (gone, a folder, not UTF-8 text). */
  read(uri: string): Promise<string | undefined>;
}

/** The path part of a URI of any scheme (`file:`, `vscode-vfs:`, …), decoded; the URI itself when it does not parse. */
export function uriPath(uri: string): string {
  try {
    return decodeURIComponent(new URL(uri).pathname);
  } catch {
    return uri;
  }
}
