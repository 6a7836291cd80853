/**
 * The run cut into pieces for the threads to take in turn: byte ranges that start at a line start
 * and, in a run grouped by query, at a query's first line.
 */
import { ByteRange, TrecFiles } from './trecFiles';

// The smallest piece of a run read by several threads: small enough that the last pieces taken
// leave neither thread idle for long (a megabyte is about 4 ms of work), large enough to cost
// nothing to hand out.
const SMALLEST_PIECE = 1 << 20;

/**
 * The pieces the threads take in turn: each starts at a line start (the first at `from`) and, in a
 * run grouped by query, at a query's first line, so that a query is read by one thread, never
 * shipped between threads (one query of 300,000 documents would be copied whole, twice). Each
 * piece is a quarter of what is left per thread, down to a megabyte (less in a small run): large
 * pieces first, small ones last, so that the threads end together. One piece for one thread.
 */
export function splitRanges(files: TrecFiles, path: string, size: number, jobs: number, from = 0): ByteRange[] {
  const starts = [from];
  const smallest = Math.min(SMALLEST_PIECE, Math.ceil((size - from) / (16 * jobs)));
  if (jobs > 1) {
    const file = { read: (into: Uint8Array, at: number) => files.readAt(path, at, into) };
    const window = new Uint8Array(WINDOW);
    for (let at = from; ;) {
      const step = Math.max(smallest, Math.ceil((size - at) / (4 * jobs)));
      if (at + step >= size) break;
      const next = pieceEnd(file, window, at + step, size);
      if (next >= size) break;
      starts.push(next);
      at = next;
    }
  }
  return starts.map((start, i) => ({ start, end: i + 1 < starts.length ? starts[i + 1] : size }));
}

// Bytes read around a cut: a query of up to a few hundred lines is passed in one read.
const WINDOW = 1 << 16;
const BACK = 1 << 12;

// The run: its bytes from `at` read into `into` (how many, fewer at its end).
interface RunBytes {
  read(into: Uint8Array, at: number): number;
}

/**
 * Where a piece reaching byte `target` ends: at the first line start after the line holding
 * `target` whose query differs from that line's (blank lines have none, and are passed), so that
 * the piece ends with a query; right after that line when it is blank, or when a line is too long
 * to look past (then the query is read by two threads, and read again: rereadCutQueries).
 */
function pieceEnd(file: RunBytes, window: Uint8Array, target: number, size: number): number {
  let position = Math.max(0, target - BACK);
  let read = file.read(window, position);
  const lineStart = window.lastIndexOf(0x0a, target - position - 1) + 1;
  let end = window.indexOf(0x0a, target - position);
  if (end < 0 || end >= read) return nextLineStartAfter(file, window, target, size);
  if (lineStart === 0 && position > 0) return position + end + 1; // a line longer than BACK: no query to compare
  const qid = window.slice(...fieldAt(window, lineStart, end)); // a copy: the window is read into again
  if (qid.length === 0) return position + end + 1;
  for (let line = end + 1; ;) {
    end = window.indexOf(0x0a, line);
    if (end < 0 || end >= read) {
      if (line === 0) return position; // a line longer than the window: give up aligning
      position += line;
      if (position >= size) return size;
      read = file.read(window, position);
      line = 0;
      continue;
    }
    if (!startsWith(window, line, end, qid)) {
      const [from, to] = fieldAt(window, line, end);
      if (to > from && !sameBytes(window, from, to, qid)) return position + line;
    }
    line = end + 1;
  }
}

// Just past the line break of the line holding byte `at` (a line longer than the window), or the size.
function nextLineStartAfter(file: RunBytes, window: Uint8Array, at: number, size: number): number {
  for (let position = at; position < size;) {
    const read = file.read(window, position);
    const i = window.subarray(0, read).indexOf(0x0a);
    if (i >= 0) return position + i + 1;
    position += read;
  }
  return size;
}

// Whether the line buffer[from, to) starts with the field `qid` (the usual line of the same query, checked without a loop of its own).
function startsWith(buffer: Uint8Array, from: number, to: number, qid: Uint8Array): boolean {
  const after = buffer[from + qid.length];
  return from + qid.length < to && (after === 32 || after === 9) && sameBytes(buffer, from, from + qid.length, qid);
}

// Whether buffer[from, to) holds the bytes of `qid`.
function sameBytes(buffer: Uint8Array, from: number, to: number, qid: Uint8Array): boolean {
  if (to - from !== qid.length) return false;
  for (let i = 0; i < qid.length; i++) if (buffer[from + i] !== qid[i]) return false;
  return true;
}

// The first whitespace-separated field of buffer[from, to), as [start, end) (empty for a blank line).
function fieldAt(buffer: Uint8Array, from: number, to: number): [number, number] {
  let i = from;
  while (i < to && (buffer[i] === 32 || (buffer[i] >= 9 && buffer[i] <= 13))) i++;
  let end = i;
  while (end < to && !(buffer[end] === 32 || (buffer[end] >= 9 && buffer[end] <= 13))) end++;
  return [i, end];
}
