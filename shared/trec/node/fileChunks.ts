/**
 * Streams a file as large chunks of whole lines, each a byte string (decoded as Latin-1: one
 * character per byte, as trec_eval sees the file). Decoding once per chunk keeps a 370 MB run file
 * from ever becoming one string or ten million line strings.
 */
import { closeSync, fstatSync, openSync, readSync } from 'node:fs';
import { ByteRange } from '../evaluate/trecFiles';

const CHUNK = 64 << 10;
const NEWLINE = 0x0a;

/**
 * Calls onText with the file's bytes (or the range's) in pieces that each end at a line break (the
 * last one may not), until it returns false; and onProgress with the bytes read so far and to read.
 */
export function readChunks(
  path: string,
  onText: (text: string) => boolean | void,
  onProgress?: (done: number, total: number) => void,
  range?: ByteRange,
): void {
  const fd = openSync(path, 'r');
  try {
    const start = range?.start ?? 0;
    const end = range?.end ?? fstatSync(fd).size;
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(CHUNK, Math.max(end - start, 1 << 16)));
    let kept = 0; // bytes of an unfinished line carried over from the previous read
    let position = start;
    for (;;) {
      if (kept === buffer.length) buffer = grow(buffer); // one line longer than the buffer
      const read = position >= end ? 0 : readSync(fd, buffer, kept, Math.min(buffer.length - kept, end - position), position);
      position += read;
      const filled = kept + read;
      if (read === 0) {
        if (filled > 0) onText(buffer.toString('latin1', 0, filled));
        break;
      }
      const cut = buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (cut > 0) {
        if (onText(buffer.toString('latin1', 0, cut)) === false) break;
        buffer.copy(buffer, 0, cut, filled);
        kept = filled - cut;
      } else kept = filled;
      onProgress?.(position - start, end - start);
    }
  } finally {
    closeSync(fd);
  }
}

// Bytes per read for readByteChunks: large enough that a read costs nothing next to its parsing,
// small enough to stay in the CPU's cache while it is parsed.
const BYTE_CHUNK = 256 << 10;

/**
 * Calls onBytes with the file's bytes (or the range's) in pieces of whole lines, bytes[0, end), each
 * ending with a line break: a last line without one is given one (readers scan up to a line break
 * without checking for the end); `offset` is where bytes[0] is in the file. The buffer is reused:
 * onBytes must copy what it keeps. Stops when onBytes returns false.
 */
export function readByteChunks(
  path: string,
  onBytes: (bytes: Buffer, end: number, offset: number) => boolean | void,
  onProgress?: (done: number, total: number) => void,
  range?: ByteRange,
): void {
  const fd = openSync(path, 'r');
  try {
    const start = range?.start ?? 0;
    const end = range?.end ?? fstatSync(fd).size;
    let buffer: Buffer = Buffer.allocUnsafe(Math.min(BYTE_CHUNK, Math.max(end - start, 1 << 12)) + 1);
    let kept = 0;
    let position = start;
    for (;;) {
      if (kept >= buffer.length - 1) buffer = grow(buffer); // one line longer than the buffer
      const read = position >= end ? 0 : readSync(fd, buffer, kept, Math.min(buffer.length - 1 - kept, end - position), position);
      position += read;
      const filled = kept + read;
      if (read === 0) {
        if (filled > 0) {
          buffer[filled] = NEWLINE;
          onBytes(buffer, filled + 1, position - filled);
        }
        break;
      }
      const cut = buffer.lastIndexOf(NEWLINE, filled - 1) + 1;
      if (cut > 0) {
        if (onBytes(buffer, cut, position - filled) === false) break;
        buffer.copy(buffer, 0, cut, filled);
        kept = filled - cut;
      } else kept = filled;
      onProgress?.(position - start, end - start);
    }
  } finally {
    closeSync(fd);
  }
}

/** Where the line containing byte `at` ends (just past its line break), or the file size. */
export function nextLineStart(path: string, at: number): number {
  const fd = openSync(path, 'r');
  try {
    const size = fstatSync(fd).size;
    const buffer = Buffer.allocUnsafe(1 << 16);
    for (let position = at; position < size;) {
      const read = readSync(fd, buffer, 0, buffer.length, position);
      if (read === 0) break;
      const i = buffer.subarray(0, read).indexOf(NEWLINE);
      if (i >= 0) return position + i + 1;
      position += read;
    }
    return size;
  } finally {
    closeSync(fd);
  }
}

function grow(buffer: Buffer): Buffer {
  const bigger = Buffer.allocUnsafe(buffer.length * 2);
  buffer.copy(bigger);
  return bigger;
}

/**
 * The bytes [start, end) of the file cut into at most `n` ranges of about equal size, each from a
 * line start to a line start (the last to `end`): a cut falling inside a line moves to the start of
 * the next line, and a range left empty is dropped.
 */
export function lineRanges(path: string, start: number, end: number, n: number): ByteRange[] {
  const ranges: ByteRange[] = [];
  let from = start;
  for (let k = 1; k < n && from < end; k++) {
    // The line holding the byte before the cut ends at or after the cut: a cut at a line start stays.
    const target = start + Math.floor(((end - start) * k) / n);
    if (target <= from) continue;
    const cut = Math.min(end, nextLineStart(path, target - 1));
    if (cut <= from || cut >= end) continue;
    ranges.push({ start: from, end: cut });
    from = cut;
  }
  if (from < end) ranges.push({ start: from, end });
  return ranges;
}
