/**
 * The qrels and run files as the reader needs them: plain files it can read by byte ranges. A run
 * given as "-" is read from stdin, and a .gz file is gunzipped, each into a temporary file removed
 * afterwards. Also the run's tag, which trec_eval prints as "runid": the tag of the run's last line.
 */
// @ts-nocheck

import { closeSync, createReadStream, createWriteStream, fstatSync, mkdtempSync, openSync, readSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { createGunzip } from 'node:zlib';
import { UsageError } from './usage';

export interface ReadableFiles {
  qrelsPath: string;
  runPath: string;
  /** Removes the temporary files, if any. */
  cleanup(): void;
}

/** Plain-file paths for the qrels and run names given on the command line. */
export async function readableFiles(qrelsName: string, runName: string): Promise<ReadableFiles> {
  let dir: string | undefined;
  const scratch = () => (dir ??= mkdtempSync(join(tmpdir(), 'ranklens-trec-')));
  const cleanup = () => { if (dir) rmSync(dir, { recursive: true, force: true }); };
  try {
    const qrelsPath = await plain(qrelsName, 'qrels', scratch);
    const runPath = await plain(runName, 'run', scratch);
    return { qrelsPath, runPath, cleanup };
  } catch (e) {
    cleanup();
    throw e;
  }
}

async function plain(name: string, what: string, scratch: () => string): Promise<string> {
  const gz = name.endsWith('.gz');
  if (name !== '-' && !gz) return name;
  const out = join(scratch(), what);
  const source: Readable = name === '-' ? process.stdin : createReadStream(name);
  try {
    if (gz) await pipeline(source, createGunzip(), createWriteStream(out));
    else await pipeline(source, createWriteStream(out));
  } catch (e) {
    throw new UsageError(`Cannot read ${name === '-' ? 'the run from stdin' : name}: ${(e as Error).message}`);
  }
  return out;
}

/** The tag (sixth field) of the last line of a run that is not blank or a comment; "" when there is none. */
export function lastRunTag(path: string): string {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    for (let span = 64 * 1024; ; span *= 4) {
      const start = Math.max(0, size - span);
      const buffer = Buffer.alloc(size - start);
      readSync(fd, buffer, 0, buffer.length, start);
      const lines = buffer.toString('utf8').split('\n');
      if (start > 0) lines.shift(); // may begin mid-line
      for (let i = lines.length - 1; i >= 0; i--) {
        const text = lines[i].trim();
        if (text === '' || text.startsWith('#')) continue;
        return text.split(/\s+/)[5] ?? '';
      }
      if (start === 0) return '';
    }
  } finally {
    closeSync(fd);
  }
}
