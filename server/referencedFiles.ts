/**
 * The qrels and run files open fixtures name (`"run": "runs/bm25.run.gz"`), read from disk by the
 * platform (the TREC engine's readers under Node; nothing in a web worker, which has no disk) and kept
 * until they change on disk. A read takes time (a Parquet run, a gzipped one): meanwhile the fixture's
 * cases that need it are not evaluated, and once it is read the fixtures that name it are told.
 */
import { FixtureOptions, referenceReading } from '../shared/evaluation';
import {
  FileReferenceNode,
  FixtureDocument,
  FixtureNode,
  ReferenceAnswer,
  fileReferencesOf,
  resolveFileReferences,
} from '../shared/fixture';
import { ReferencePlatform } from './referencePlatform';

export class ReferencedFiles {
  /** Bumped whenever a file is read or forgotten: an analysis made before is made again. */
  generation = 0;
  /** By path, role and reading: what was read, or 'reading'. */
  private answers = new Map<string, { path: string; answer: ReferenceAnswer }>();
  /** By path: the fixture URIs that name it. */
  private users = new Map<string, Set<string>>();

  constructor(
    private platform: ReferencePlatform,
    /** Told the fixtures (URIs) that name a file just read, with their new answers waiting. */
    private onRead: (uris: string[]) => void,
  ) {}

  /** The document with the cases of the files it names, as far as they are read (the same document when it names none). */
  resolve(doc: FixtureDocument, uri: string, options: FixtureOptions): FixtureDocument {
    if (fileReferencesOf(doc).length === 0) return doc;
    return resolveFileReferences(doc, (ref, fixture) => this.answer(uri, ref, fixture, options));
  }

  /** Every path some fixture names. */
  paths(): string[] {
    return [...this.users.keys()];
  }

  /** The file at `path` changed on disk: forgotten, and the fixtures that name it returned (to evaluate again). */
  changed(path: string): string[] {
    const users = this.users.get(path);
    if (!users) return [];
    for (const [key, a] of this.answers) if (a.path === path) this.answers.delete(key);
    this.generation++;
    return [...users];
  }

  private answer(uri: string, ref: FileReferenceNode, fixture: FixtureNode, options: FixtureOptions): ReferenceAnswer {
    const path = this.platform.path(uri, ref.path.value);
    if (path === undefined) return undefined;
    let users = this.users.get(path);
    if (!users) this.users.set(path, (users = new Set()));
    users.add(uri);
    const reading = referenceReading(ref, fixture, options);
    const key = JSON.stringify([path, ref.role, reading]);
    const known = this.answers.get(key);
    if (known) return known.answer;
    this.answers.set(key, { path, answer: 'reading' });
    void this.platform.read(path, ref.role, reading).then((table) => {
      // Forgotten meanwhile (the file changed): a newer read is under way or will be.
      if (this.answers.get(key)?.answer !== 'reading') return;
      this.answers.set(key, { path, answer: table });
      this.generation++;
      this.onRead([...(this.users.get(path) ?? [])]);
    });
    return 'reading';
  }
}
