/**
 * JSON lines, and tab- or comma-separated values without a double quote, written as TREC text by
 * byte range: each range of whole lines is read and written on its own, into a part of the TREC
 * text, its rows numbered from the range's first line. A large file is cut into four ranges per
 * thread, which the main thread and worker threads (./trecWorker.ts convertInWorker) take in turn;
 * ./convertInput.ts joins what they found, each line placed in the file, and the engine reads the
 * parts as one text (./nodeFiles.ts).
 */
import { closeSync, openSync, readSync, write } from 'node:fs';
import { latin1 } from '../read/byteText';
import { ByteRange } from '../evaluate/trecFiles';
import { ColumnChoice, ColumnMap } from '../read/formats/inputFormat';
import { JsonLineKeys, addJsonLine } from '../read/formats/jsonRows';
import { JsonKeyCache, fastJsonLine } from '../read/formats/jsonLineBytes';
import { InputFormat } from '../read/formats/inputFormat';
import { LineMap, LineSegments, RowValue, TrecLines, plainId } from '../read/formats/trecLines';
import { ProblemList, TrecFileKind, TrecProblem } from '../read/problems';
import type { TrecInput } from './trecInput';

/** A range of a text file to write as TREC text: plain data, posted to a worker thread. */
export interface TextRangeTask {
  path: string;
  /** From a line start (past a byte-order mark and a header) to a line start or the end of the file. */
  range: ByteRange;
  /** The file the TREC text is written into. */
  out: string;
  kind: TrecFileKind;
  /** The run's tag when a row has none. */
  tag: string;
  columns: ColumnMap;
  /** JSON lines, or values separated by `sep` whose header chose `choice` among `width` cells. */
  format: 'jsonl' | 'delimited';
  sep?: string;
  choice?: ColumnChoice;
  width?: number;
}

/** What writing a part of the TREC text found: plain data, posted back from a worker thread. */
export interface PartResult {
  map: LineSegments;
  problems: TrecProblem[];
  skipped: number;
  /** The lines of the part's range, blank ones included, when they are numbered from its first (0: numbered in the file). */
  lines: number;
  /** The tag of the last run line written, if any. */
  lastTag?: string;
}

/** What writing a range found; its lines are numbered from the range's first. */
export interface TextRangeResult extends PartResult {
  /** A JSON line held two keys for one role (see JsonLineKeys.ambiguous): read apart from the lines before it, it may read otherwise. */
  ambiguous: boolean;
}

/**
 * The parts' findings as one file's, at `out` (its one file or its folder of parts): `head`'s
 * problems (a header's), then each part's, its lines numbered after the `before` lines before the
 * first part and the lines of the parts before it.
 */
export function joinParts(
  out: string,
  format: InputFormat,
  head: TrecProblem[],
  before: number,
  parts: PartResult[],
  tag: string,
): TrecInput {
  const map = new LineMap();
  const problems = new ProblemList();
  for (const p of head) problems.push(p);
  let lines = before;
  let skipped = 0;
  let lastTag: string | undefined;
  for (const part of parts) {
    map.append(part.map, lines);
    for (const p of part.problems) problems.push(shiftLines(p, lines));
    lines += part.lines;
    skipped += part.skipped;
    lastTag = part.lastTag ?? lastTag;
  }
  const list = problems.list();
  const refused = list.some((p) => p.code === 'format-error');
  return { path: out, format, map, problems: list, skipped, refused, tag: lastTag ?? tag };
}

// A problem of a part's line, numbered from the file's first line.
function shiftLines(p: TrecProblem, offset: number): TrecProblem {
  if (offset === 0) return p;
  return { ...p, line: p.line + offset, related: p.related?.map((r) => (r.file === p.file ? { ...r, line: r.line + offset } : r)) };
}

/** Ranges of a text file for several threads to take in turn (./convertInput.ts textInput): plain data, posted to each worker. */
export interface TextRangesTask {
  tasks: TextRangeTask[];
  /** The counter the threads take ranges from (Atomics), in shared memory. */
  next: Int32Array;
}

/**
 * Writes ranges taken in turn from the shared counter until none is left: a thread held up (a
 * busy machine gives one thread less time) takes fewer ranges, so that the others do not wait for
 * it at the end. Each result with its range's index.
 */
export async function convertTextRanges(job: TextRangesTask): Promise<{ index: number; result: TextRangeResult }[]> {
  const done: { index: number; result: TextRangeResult }[] = [];
  for (let index = Atomics.add(job.next, 0, 1); index < job.tasks.length; index = Atomics.add(job.next, 0, 1))
    done.push({ index, result: await convertTextRange(job.tasks[index]) });
  return done;
}

/** A counter in shared memory, for Atomics in every thread. */
export function counter(): Int32Array {
  return new Int32Array(new SharedArrayBuffer(4));
}

/** Writes a range of a text file as TREC text into `task.out`. */
export async function convertTextRange(task: TextRangeTask): Promise<TextRangeResult> {
  const lines = new TrecLines(task.kind, task.tag);
  const fd = openSync(task.out, 'w');
  const writer = new WriteBehind(fd, lines);
  let read: { lines: number; ambiguous: boolean };
  try {
    read =
      task.format === 'jsonl'
        ? await jsonLinesRange(task.path, task.range, lines, task.columns, writer)
        : await delimitedRange(task, lines, writer);
    writer.flush();
    await writer.written();
  } finally {
    await writer.settled();
    closeSync(fd);
  }
  return {
    map: lines.map.segments(),
    problems: lines.list(),
    skipped: lines.skipped,
    lines: read.lines,
    lastTag: writer.lastTag,
    ambiguous: read.ambiguous,
  };
}

// Writes in flight at most: each holds a converted chunk (a megabyte or two of TREC text).
const WRITES_IN_FLIGHT = 2;

/**
 * The TREC text written behind the conversion: each flush hands the bytes converted so far to a
 * write on libuv's threads, so that the copy into the file (a third of the conversion's time when it
 * was written in this thread) runs on another core while the next rows are converted. Buffers come
 * back when their write is done and take the next rows.
 */
export class WriteBehind {
  /** The tag of the last run line written, if any. */
  lastTag: string | undefined;
  private position = 0;
  private pending: Promise<void>[] = [];
  private spare: Uint8Array<ArrayBuffer>[] = [];

  constructor(
    private fd: number,
    private lines: TrecLines,
  ) {}

  /** Starts the write of the rows converted since the last flush. */
  flush(): void {
    const bytes = this.lines.takeOwned(this.spare.pop());
    if (bytes.length === 0) return;
    this.lastTag = this.lines.lastTag(bytes) ?? this.lastTag;
    const at = this.position;
    this.position += bytes.length;
    const whole = new Uint8Array(bytes.buffer as ArrayBuffer, bytes.byteOffset, bytes.buffer.byteLength - bytes.byteOffset);
    this.pending.push(
      new Promise((done, fail) =>
        write(this.fd, bytes, 0, bytes.length, at, (e) => {
          this.spare.push(whole);
          if (e) fail(e);
          else done();
        }),
      ),
    );
  }

  /** Flushes, then waits while too many writes are in flight (so that memory stays bounded). */
  async flushAndWait(): Promise<void> {
    this.flush();
    while (this.pending.length > WRITES_IN_FLIGHT) await this.pending.shift();
  }

  /** Waits for every write started (throws the first that failed). */
  async written(): Promise<void> {
    await Promise.all(this.pending.splice(0));
  }

  /** Waits for every write started, failed or not (before the file is closed). */
  async settled(): Promise<void> {
    await Promise.allSettled(this.pending);
  }
}

const CHUNK = 1 << 20;

/**
 * Reads a range of the file in chunks: onChunk gets the bytes, how many are read, whether this is
 * the end of the range, and the number of lines before; it returns where the first line it did not
 * finish starts (kept for the next chunk) and the lines it read. onRead runs after each chunk.
 */
export async function eachChunk(
  path: string,
  range: ByteRange,
  onChunk: (bytes: Uint8Array, size: number, last: boolean, line: number) => { next: number; lines: number },
  onRead: () => Promise<void>,
): Promise<number> {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.alloc(CHUNK);
    let kept = 0;
    let line = 0;
    for (let at = range.start; ;) {
      if (kept === buffer.length) {
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const n = at >= range.end ? 0 : readSync(fd, buffer, kept, Math.min(buffer.length - kept, range.end - at), at);
      at += n;
      const size = kept + n;
      const done = onChunk(buffer, size, n === 0, line);
      line = done.lines;
      await onRead();
      if (n === 0) return line;
      buffer.copy(buffer, 0, done.next, size);
      kept = size - done.next;
    }
  } finally {
    closeSync(fd);
  }
}

async function jsonLinesRange(
  path: string,
  range: ByteRange,
  lines: TrecLines,
  columns: ColumnMap,
  writer: WriteBehind,
): Promise<{ lines: number; ambiguous: boolean }> {
  const keys = new JsonLineKeys(lines.kind, columns);
  const cache = new JsonKeyCache(lines.kind, columns);
  const count = await eachChunk(
    path,
    range,
    (bytes, size, last, firstLine) => {
      let line = firstLine;
      let start = 0;
      while (start < size) {
        // The fast path finds the line's end as it reads; a line it does not take is found by indexOf.
        const fast = fastJsonLine(lines, cache, bytes, start, size, line + 1, last);
        if (fast >= 0) {
          line++;
          start = fast + 1;
          continue;
        }
        let i = bytes.indexOf(10, start);
        if (i < 0 || i > size) i = size;
        if (i === size && !last) break;
        line++;
        addJsonLine(lines, keys, latin1(bytes, start, i > start && bytes[i - 1] === 13 ? i - 1 : i), line);
        start = i + 1;
      }
      return { next: Math.min(start, size), lines: line };
    },
    () => writer.flushAndWait(),
  );
  return { lines: count, ambiguous: keys.ambiguous };
}

/** Adds a row of cells below the header (one that is blank is passed over); `text` is the line, for a message. */
export function addCells(
  lines: TrecLines,
  choice: ColumnChoice,
  width: number,
  sep: string,
  cells: string[],
  line: number,
  text: string,
): void {
  if (cells.length === 1 && cells[0].trim() === '') return;
  if (cells.length !== width) {
    lines.skip({ line, text }, `has ${cells.length} ${sep === '\t' ? 'tab' : 'comma'}-separated cells where the header names ${width}`);
    return;
  }
  const at = (i: number): RowValue => (i >= 0 ? cells[i] : undefined);
  const value = lines.kind === 'run' && choice.value < 0 ? undefined : at(choice.value);
  lines.add({ line, text }, at(choice.query), at(choice.doc), value, lines.kind === 'run' ? at(choice.rank) : undefined, at(choice.tag));
}

/**
 * Rows below the header, split by hand: one pass over the bytes finding the separators and the
 * line's end: a plain row (the width of the header, plain ids, a value without blanks) is copied
 * byte for byte; any other goes through addCells, where each rule is worded.
 */
async function delimitedRange(task: TextRangeTask, lines: TrecLines, writer: WriteBehind): Promise<{ lines: number; ambiguous: boolean }> {
  const sep = task.sep ?? '\t';
  const c = task.choice!;
  const width = task.width ?? 0;
  const delimiter = sep.charCodeAt(0);
  const ends = new Int32Array(1024);
  const fast = c.value >= 0 && c.tag < 0 && width <= ends.length;
  // 1 for the bytes the scan of a row stops at (a line break, the separator, a blank): one look-up for any other.
  const stops = new Uint8Array(256);
  for (const b of [10, delimiter, 32, 9, 11, 12, 13]) stops[b] = 1;
  const count = await eachChunk(
    task.path,
    task.range,
    (bytes, size, last, firstLine) => {
      let line = firstLine;
      let start = 0;
      while (start < size) {
        let n = 0;
        let blanks = 0; // blanks other than the separators: none (but a CR ending the line) spares checking each cell
        let i = start;
        if (fast) {
          for (; i < size; i++) {
            const b = bytes[i];
            if (stops[b] === 0) continue;
            if (b === 10) break;
            if (b === delimiter && n < width) ends[n++] = i;
            else if (b === 32 || (b >= 9 && b <= 13)) blanks++;
          }
        } else {
          i = bytes.indexOf(10, start);
          if (i < 0 || i > size) i = size;
        }
        if (i === size && !last) break; // the line goes on in the next chunk
        const end = i > start && bytes[i - 1] === 13 ? i - 1 : i;
        line++;
        if (fast && n === width - 1 && (ends[n - 1] ?? -1) < end) {
          ends[n] = end;
          const cut = (k: number) => (k === 0 ? start : ends[k - 1] + 1);
          const qs = cut(c.query);
          const ds = cut(c.doc);
          let vs = cut(c.value);
          let ve = ends[c.value];
          if (blanks === i - end) {
            if (qs < ends[c.query] && ds < ends[c.doc] && vs < ve) {
              lines.addBytes(line, bytes, qs, ends[c.query], ds, ends[c.doc], vs, ve);
              start = i + 1;
              continue;
            }
          }
          while (vs < ve && (bytes[vs] === 32 || bytes[vs] === 9)) vs++;
          while (ve > vs && (bytes[ve - 1] === 32 || bytes[ve - 1] === 9)) ve--;
          if (plainId(bytes, qs, ends[c.query]) && plainId(bytes, ds, ends[c.doc]) && plainId(bytes, vs, ve)) {
            lines.addBytes(line, bytes, qs, ends[c.query], ds, ends[c.doc], vs, ve);
            start = i + 1;
            continue;
          }
        }
        if (end > start || i < size) {
          const text = latin1(bytes, start, end);
          addCells(lines, c, width, sep, text.split(sep), line, text);
        }
        start = i + 1;
      }
      return { next: Math.min(start, size), lines: line };
    },
    () => writer.flushAndWait(),
  );
  return { lines: count, ambiguous: false };
}
