/** Workspace files from the file system (the Node server): a walk of the folders, skipping build and VCS folders. */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { WorkspaceFiles } from './workspaceFiles';

/** Folders never worth walking. */
const SKIP = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out']);
/** A workspace with more entries than this is listed no further (the files that are opened still work). */
const MAX_VISITED = 50_000;

export const nodeFiles: WorkspaceFiles = {
  async *list(folders, isFixture) {
    let visited = 0;
    async function* walk(dir: string): AsyncGenerator<string> {
      let entries;
      try {
        entries = await fs.readdir(dir, { withFileTypes: true });
      } catch {
        return;
      }
      for (const e of entries) {
        if (++visited > MAX_VISITED) return;
        const path = join(dir, e.name);
        if (e.isDirectory()) {
          if (!SKIP.has(e.name) && !e.name.startsWith('.')) yield* walk(path);
        } else if (e.isFile()) {
          const uri = pathToFileURL(path).toString();
          if (isFixture(uri)) yield uri;
        }
      }
    }
    for (const folder of folders) {
      const root = filePath(folder);
      if (root !== undefined) yield* walk(root);
    }
  },
  async read(uri) {
    const path = filePath(uri);
    if (path === undefined) return undefined;
    try {
      return await fs.readFile(path, 'utf8');
    } catch {
      return undefined;
    }
  },
};

/** The file system path of a file: URI, or undefined for other schemes. */
function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try {
    return fileURLToPath(uri);
  } catch {
    return undefined;
  }
}
