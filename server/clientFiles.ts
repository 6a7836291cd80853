/**
 * Workspace files through the client (the web-worker server, which has no file system): the client
 * lists fixture files with its workspace API and reads them with `workspace.fs`.
 */
import { Connection } from 'vscode-languageserver';
import { FIND_FILES_REQUEST, FindFilesParams, READ_FILE_REQUEST, ReadFileParams } from '../shared/protocol';
import { WorkspaceFiles } from './workspaceFiles';

/** Files read through the client's ranklens/findFiles and ranklens/readFile requests. */
export function clientFiles(connection: Connection, patterns: () => readonly string[]): WorkspaceFiles {
  return {
    async *list(folders, isFixture) {
      const params: FindFilesParams = { folders: [...folders], patterns: [...patterns()] };
      let uris: string[];
      try {
        uris = await connection.sendRequest<string[]>(FIND_FILES_REQUEST, params);
      } catch {
        return;
      }
      for (const uri of uris) if (isFixture(uri)) yield uri;
    },
    async read(uri) {
      try {
        const text = await connection.sendRequest<string | null>(READ_FILE_REQUEST, { uri } satisfies ReadFileParams);
        return text ?? undefined;
      } catch {
        return undefined;
      }
    },
  };
}
