/** How the server reaches the files fixtures name: the disk under Node (platform.ts), none in a web worker (platform.browser.ts). */
import { ReferenceReading } from '../shared/evaluation';
import { ReferencedTable } from '../shared/fixture';

export interface ReferencePlatform {
  /** The path on disk of a file: URI; undefined where files cannot be read. */
  pathOf(uri: string): string | undefined;
  /** The path of the file `relative` names from the fixture at `fixtureUri`; undefined where files cannot be read. */
  path(fixtureUri: string, relative: string): string | undefined;
  /** The file read as `ranklens trec` reads it (never rejects: a file that cannot be read is an `error`). */
  read(path: string, role: 'qrels' | 'run', reading: ReferenceReading): Promise<ReferencedTable>;
}
