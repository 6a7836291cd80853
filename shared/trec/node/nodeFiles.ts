/**
 * The engine's files (TrecFiles) on Node: the disk. A folder is read as its parts one after another
 * (files named 0, 1, 2, …, each of whole lines): the TREC text of a file converted by parts in
 * several threads at once (./convertText.ts), read as one text without being copied into one file.
 */
import { closeSync, openSync, readFileSync, readSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { ReadByteChunks, TrecFiles } from '../evaluate/trecFiles';
import { readByteChunks } from './fileChunks';

/** A part of a folder read as one file: its path, where it starts in the whole, and its size. */
interface Part {
  path: string;
  start: number;
  size: number;
}

/** The parts of the folder at `path`, in order; undefined when it is a file. */
export function partsOf(path: string): Part[] | undefined {
  if (!statSync(path).isDirectory()) return undefined;
  const names = readdirSync(path)
    .filter((n) => /^\d+$/.test(n))
    .sort((a, b) => Number(a) - Number(b));
  let start = 0;
  return names.map((n) => {
    const p = join(path, n);
    const part = { path: p, start, size: statSync(p).size };
    start += part.size;
    return part;
  });
}

/** The whole text of a file, or of a folder's parts one after another, as bytes. */
export function readWhole(path: string): Buffer {
  const parts = partsOf(path);
  return parts ? Buffer.concat(parts.map((p) => readFileSync(p.path))) : readFileSync(path);
}

function fileSize(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.size;
  return (partsOf(path) ?? []).reduce((n, p) => n + p.size, 0);
}

function readFileAt(path: string, at: number, into: Uint8Array): number {
  const fd = openSync(path, 'r');
  try {
    return readSync(fd, into, 0, into.length, at);
  } finally {
    closeSync(fd);
  }
}

// Reads from each part in turn while `into` has room.
function readAt(path: string, at: number, into: Uint8Array): number {
  const parts = partsOf(path);
  if (!parts) return readFileAt(path, at, into);
  let n = 0;
  for (const part of parts) {
    if (n === into.length) break;
    const from = at + n;
    if (from >= part.start + part.size || from < part.start) continue;
    n += readFileAt(part.path, from - part.start, into.subarray(n));
  }
  return n;
}

// Each part's share of the range, read in turn; every part ends with a line break, so each share is whole lines.
const readParts: ReadByteChunks = (path, onBytes, onProgress, range) => {
  const parts = partsOf(path);
  if (!parts) return readByteChunks(path, onBytes, onProgress, range);
  const total = parts.reduce((n, p) => n + p.size, 0);
  const start = range?.start ?? 0;
  const end = range?.end ?? total;
  let stopped = false;
  for (const part of parts) {
    const from = Math.max(start, part.start);
    const to = Math.min(end, part.start + part.size);
    if (from >= to) continue;
    readByteChunks(
      part.path,
      (bytes, stop, offset) => {
        if (onBytes(bytes, stop, offset + part.start) !== false) return true;
        stopped = true;
        return false;
      },
      onProgress && ((done) => onProgress(from - start + done, end - start)),
      { start: from - part.start, end: to - part.start },
    );
    if (stopped) break;
  }
};

/** Files on disk, each read by byte range (opened and closed on each call); a folder, as its parts one after another. */
export const NODE_FILES: Readonly<TrecFiles> = {
  size: fileSize,
  readAt,
  readByteChunks: readParts,
};
