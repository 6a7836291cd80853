/**
 * Fixture files in the workspace, open or not: one scan at start (and when the file patterns change),
 * then the client's file events. Files come from a WorkspaceFiles (the disk, or the client). The scan
 * yields between files so that requests for open documents are answered meanwhile, and a newer scan
 * cancels an older one.
 */
import { FileChangeType, FileEvent } from 'vscode-languageserver';
import { FixtureDocument, fixtureLanguage, FixtureLanguage, parseFixture } from '../../shared/fixture';
import { WorkspaceFiles, uriPath } from '../workspaceFiles';

export interface WatcherHost {
  isOpen(uri: string): boolean;
  /** Evaluates a file's parsed text from disk and publishes its diagnostics (only those: nothing of the file is kept). */
  check(uri: string, text: string, language: FixtureLanguage, parsed: FixtureDocument): void;
  /** Publishes no diagnostics for the file. */
  clear(uri: string): void;
}

export class WorkspaceWatcher {
  private generation = 0;

  constructor(
    private host: WatcherHost,
    private patterns: () => readonly string[],
    private files: WorkspaceFiles,
  ) {}

  /** The syntax of a file URI (of any scheme) if it names a fixture, else undefined. */
  languageOf(uri: string): FixtureLanguage | undefined {
    return fixtureLanguage(uriPath(uri), this.patterns());
  }

  /** A workspace file's text (from disk, or through the client), undefined when it cannot be read. */
  read(uri: string): Promise<string | undefined> {
    return this.files.read(uri);
  }

  /** Checks every fixture under the workspace folders (URIs); resolves when done or when a newer scan started. */
  async scan(folders: readonly string[]): Promise<number> {
    const generation = ++this.generation;
    let checked = 0;
    for await (const uri of this.files.list(folders, (u) => this.languageOf(u) !== undefined)) {
      if (generation !== this.generation) break;
      if (await this.checkFile(uri, generation)) checked++;
    }
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
    const text = await this.files.read(uri);
    if (text === undefined) {
      this.host.clear(uri);
      return false;
    }
    // Let waiting messages through (a document just opened is evaluated first) before the parse and
    // again before the evaluation, each time checking that nothing changed; the file's wait for the
    // CPU is then at most a parse or an evaluation of one file.
    await nextTurn();
    if (generation !== this.generation || this.host.isOpen(uri)) return false;
    const parsed = parseFixture(text, language);
    await nextTurn();
    if (generation !== this.generation || this.host.isOpen(uri)) return false;
    this.host.check(uri, text, language, parsed);
    return true;
  }
}

/** A turn of the event loop (setTimeout, not setImmediate: a web worker has only the former). */
function nextTurn(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}
