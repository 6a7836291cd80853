/**
 * Fixture files in the workspace, open or not: one scan at start (and when the file patterns change),
 * then the client's file events. The scan yields between files so that requests for open documents
 * are answered meanwhile, and a newer scan cancels an older one.
 */
import { promises as fs } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { FileChangeType, FileEvent } from 'vscode-languageserver';
import { FixtureLanguage, fixtureLanguage } from '../../shared/fixture/parse';

/** Folders never worth walking. */
const SKIP = new Set(['node_modules', '.git', '.hg', '.svn', 'dist', 'out']);
/** A workspace with more files than this is scanned no further (the files that are opened still work). */
const MAX_VISITED = 50_000;

export interface WatcherHost {
  isOpen(uri: string): boolean;
  /** Evaluates a file's text from disk and publishes its diagnostics. */
  check(uri: string, text: string, language: FixtureLanguage): void;
  /** Publishes no diagnostics for the file. */
  clear(uri: string): void;
}

export class WorkspaceWatcher {
  private generation = 0;

  constructor(private host: WatcherHost, private patterns: () => readonly string[]) {}

  /** The syntax of a file URI if it names a fixture, else undefined. */
  languageOf(uri: string): FixtureLanguage | undefined {
    const path = filePath(uri);
    return path === undefined ? undefined : fixtureLanguage(path, this.patterns());
  }

  /** Checks every fixture under the roots; resolves when done or when a newer scan started. */
  async scan(roots: readonly string[]): Promise<number> {
    const generation = ++this.generation;
    let checked = 0;
    let visited = 0;
    const walk = async (dir: string): Promise<void> => {
      let entries;
      try { entries = await fs.readdir(dir, { withFileTypes: true }); } catch { return; }
      for (const e of entries) {
        if (generation !== this.generation || ++visited > MAX_VISITED) return;
        const path = join(dir, e.name);
        if (e.isDirectory()) {
          if (!SKIP.has(e.name) && !e.name.startsWith('.')) await walk(path);
        } else if (e.isFile() && (await this.checkFile(pathToFileURL(path).toString(), generation))) {
          checked++;
        }
      }
    };
    for (const root of roots) await walk(root);
    return checked;
  }

  /** The client's file events: created or changed files are checked, deleted ones cleared. */
  async changed(events: readonly FileEvent[]): Promise<void> {
    for (const e of events) {
      if (this.host.isOpen(e.uri)) continue;
      if (e.type === FileChangeType.Deleted) this.host.clear(e.uri);
      else await this.checkFile(e.uri, this.generation);
    }
  }

  /** Checks a file that is not open, from disk; false when it is no fixture, is open, or is gone. */
  async checkFile(uri: string, generation = this.generation): Promise<boolean> {
    const language = this.languageOf(uri);
    if (!language || this.host.isOpen(uri)) return false;
    let text: string;
    try { text = await fs.readFile(filePath(uri)!, 'utf8'); } catch { this.host.clear(uri); return false; }
    // Let waiting requests through before the (possibly long) evaluation, then check nothing changed.
    await new Promise((resolve) => setImmediate(resolve));
    if (generation !== this.generation || this.host.isOpen(uri)) return false;
    this.host.check(uri, text, language);
    return true;
  }
}

/** The file system path of a file: URI, or undefined for other schemes. */
export function filePath(uri: string): string | undefined {
  if (!uri.startsWith('file:')) return undefined;
  try { return fileURLToPath(uri); } catch { return undefined; }
}
