/**
 * The qrels and run files as the reader needs them: plain files it can read by byte ranges. A run
 * given as "-" is read from stdin, and a .gz file is gunzipped, each into a temporary file removed
 * afterwards. Also the run's tag, which trec_eval prints as "runid": the tag of the run's last line.
 */
import { closeSync, createReadStream, createWriteStream, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { C_SPACES } from '../read/fields';

/** A file named on the command line that cannot be read (a missing .gz, a broken stream): a usage problem, not the engine's. */
export class UnreadableInput extends Error {}

/** The plain files to read the qrels and the run from. */
export interface ReadableFiles {
  qrelsPath: string;
  runPath: string;
  /** Removes the temporary files, if any. */
  cleanup(): void;
}

/** Plain-file paths for the qrels and run names given on the command line. */
export async function readableFiles(
  qrelsName: string,
  runName: string,
  stdin: () => Readable = () => process.stdin,
): Promise<ReadableFiles> {
  let dir: string | undefined;
  const scratch = () => (dir ??= mkdtempSync(join(tmpdir(), 'ranklens-trec-')));
  const cleanup = () => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  };
  try {
    const qrelsPath = await plain(qrelsName, 'qrels', scratch, stdin);
    const runPath = await plain(runName, 'run', scratch, stdin);
    return { qrelsPath, runPath, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

/** A file as a plain one to read: itself, or, for a .gz, the file gunzipped into `scratch()` (named `what` with the extension before .gz). */
export function plainFile(name: string, what: string, scratch: () => string): Promise<string> {
  return plain(name, what, scratch, () => process.stdin);
}

async function plain(name: string, what: string, scratch: () => string, stdin: () => Readable): Promise<string> {
  const gz = name.endsWith('.gz');
  if (name !== '-' && !gz) return name;
  // The name keeps the extension before .gz (run.jsonl.gz: run.jsonl), which says the format.
  const inner = gz ? /\.[A-Za-z0-9]+$/.exec(name.slice(0, -3)) : null;
  const out = join(scratch(), `${what}${inner ? inner[0] : ''}`);
  const source: Readable = name === '-' ? stdin() : createReadStream(name);
  try {
    if (gz) await pipeline(source, createGunzip(), createWriteStream(out));
    else await pipeline(source, createWriteStream(out));
  } catch (e) {
    throw new UnreadableInput(`Cannot read ${name === '-' ? 'the run from stdin' : name}: ${(e as Error).message}`);
  }
  return out;
}

/** The tag (sixth field) of the last line of a run that is not blank or a comment, as a byte string; "" when there is none. */
export function lastRunTag(path: string, from = 0): string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    for (let span = 64 * 1024; ; span *= 4) {
      const start = Math.max(from, size - span);
      const buffer = Buffer.alloc(size - start);
      readSync(fd, buffer, 0, buffer.length, start);
      const lines = buffer.toString('latin1').split('\n');
      if (start > from) lines.shift(); // may begin mid-line
      for (let i = lines.length - 1; i >= 0; i--) {
        // C's isspace: not the Latin-1 no-break space that JavaScript's \s would take.
        const fields = lines[i].split(C_SPACES).filter((f) => f !== '');
        if (fields.length === 0 || fields[0].startsWith('#')) continue;
        return fields[5] ?? '';
      }
      if (start === from) return '';
    }
  } finally {
    closeSync(fd);
  }
}
