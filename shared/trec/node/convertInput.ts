/**
 * Qrels and runs in other formats (tab- or comma-separated values, JSON lines, a JSON object,
 * Parquet; see ../read/formats/inputFormat.ts) written as TREC text into a temporary file, which the
 * engine then reads as any TREC file: every rule of the TREC readers applies to every format, and
 * their problems are placed back on the rows they came from (LineMap). A large file of JSON lines
 * or of values without quotes is written in parts by several threads at once (./convertText.ts).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { parse as csvParser } from 'csv-parse';
import { latin1 } from '../read/byteText';
import { ColumnChoice, ColumnMap, InputFormat, chooseColumns, detectFormat } from '../read/formats/inputFormat';
import { JsonLineKeys, addJsonObject } from '../read/formats/jsonRows';
import { LineMap, TrecLines } from '../read/formats/trecLines';
import { TrecFileKind, TrecProblem, fieldProblem } from '../read/problems';
import { HEAD_BYTES } from '../read/byteOrderMark';
import { PARALLEL_BYTES } from '../evaluate/evaluateTrec';
import {
  TextRangeResult,
  TextRangeTask,
  WriteBehind,
  addCells,
  convertTextRange,
  convertTextRanges,
  counter,
  joinParts,
} from './convertText';
import { ParquetGroupResult, parquetInput } from './convertParquet';
import { lineRanges } from './fileChunks';
import { convertInWorker } from './trecWorker';
import { InputOptions, TrecInput } from './trecInput';

export type { InputOptions, TrecInput } from './trecInput';

const CHUNK = 1 << 20;

/** The first bytes of a file. */
export function fileHead(path: string): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const head = Buffer.alloc(HEAD_BYTES);
    return head.subarray(0, readSync(fd, head, 0, HEAD_BYTES, 0));
  } finally {
    closeSync(fd);
  }
}

/** The format of a file: given, else from its name (`name`, the one the user gave) and its first bytes. */
export function inputFormatOf(path: string, name = path, given?: InputFormat): InputFormat {
  return given ?? detectFormat(name, fileHead(path));
}

/** The file as TREC text: itself when it is TREC text, else written into `dir()` as `kind`. */
export async function trecInput(
  path: string,
  kind: TrecFileKind,
  dir: () => string,
  options: InputOptions = {},
  name = path,
): Promise<TrecInput> {
  const format = inputFormatOf(path, name, options.format);
  if (format === 'trec') return { path, format, problems: [], skipped: 0, refused: false };
  const tag = runName(name);
  const columns = options.columns ?? {};
  if (format === 'jsonl' || ((format === 'tsv' || format === 'csv') && !hasQuote(path)))
    return textInput(path, kind, dir, format, tag, columns, options.jobs);
  if (format === 'parquet')
    return parquetInput(
      path,
      kind,
      dir,
      tag,
      columns,
      options.jobs,
      (task) => convertInWorker({ parquet: task }) as Promise<ParquetGroupResult[]>,
    );
  const lines = new TrecLines(kind, tag);
  const out = join(dir(), `${kind}.trec`);
  const fd = openSync(out, 'w');
  const writer = new WriteBehind(fd, lines);
  try {
    if (format === 'json') readJsonObject(path, lines, columns);
    else await readQuoted(path, format === 'tsv' ? '\t' : ',', lines, columns, writer);
    writer.flush();
    await writer.written();
  } finally {
    await writer.settled();
    closeSync(fd);
  }
  const problems = lines.list();
  const refused = problems.some((p) => p.code === 'format-error');
  return { path: out, format, map: lines.map, problems, skipped: lines.skipped, refused, tag: writer.lastTag ?? tag };
}

/**
 * JSON lines, or values without a double quote below their header, written by byte range: a file
 * over PARALLEL_BYTES (or any, given jobs) in four ranges per thread, which this thread and workers
 * take in turn, each into a part of a folder the engine reads as one text (./nodeFiles.ts); else in
 * one range into a file. Each range's lines are placed after the lines before it. Should a JSON line
 * of a later range hold two keys for one role (which one is read depends on the lines before it),
 * the file is written again in one range.
 */
async function textInput(
  path: string,
  kind: TrecFileKind,
  dir: () => string,
  format: 'jsonl' | 'tsv' | 'csv',
  tag: string,
  columns: ColumnMap,
  jobs?: number,
): Promise<TrecInput> {
  const size = statSync(path).size;
  const from = markLength(path);
  const base = { path, kind, tag, columns, format: format === 'jsonl' ? ('jsonl' as const) : ('delimited' as const) };
  let task: Omit<TextRangeTask, 'range' | 'out'> = base;
  let start = from;
  let before = 0;
  const head = new TrecLines(kind, tag);
  const out = join(dir(), `${kind}.trec`);
  if (format !== 'jsonl') {
    const sep = format === 'tsv' ? '\t' : ',';
    const header = readHeader(path, from, sep, head, columns);
    if (!header) {
      closeSync(openSync(out, 'w'));
      const problems = head.list();
      return { path: out, format, map: head.map, problems, skipped: 0, refused: problems.length > 0, tag };
    }
    task = { ...base, sep, choice: header.choice, width: header.width };
    start = header.next;
    before = header.line;
  }
  const threads = jobs ?? (size - start > PARALLEL_BYTES ? Math.min(4, availableParallelism()) : 1);
  // Four ranges a thread, taken in turn: a thread held up leaves its last ones to the others.
  const ranges = threads > 1 ? lineRanges(path, start, size, RANGES_PER_THREAD * threads) : [];
  let results: TextRangeResult[];
  if (ranges.length > 1) {
    mkdirSync(out);
    const job = { tasks: ranges.map((range, k) => ({ ...task, range, out: join(out, String(k)) })), next: counter() };
    const workers = Array.from(
      { length: Math.min(threads, ranges.length) - 1 },
      () => convertInWorker({ text: job }) as Promise<{ index: number; result: TextRangeResult }[]>,
    );
    // This thread takes ranges too once the workers are started.
    const taken = await Promise.all([convertTextRanges(job), ...workers]);
    results = taken
      .flat()
      .sort((a, b) => a.index - b.index)
      .map((t) => t.result);
    if (results.some((r, k) => k > 0 && r.ambiguous)) {
      rmSync(out, { recursive: true, force: true });
      results = [await convertTextRange({ ...task, range: { start, end: size }, out })];
    }
  } else results = [await convertTextRange({ ...task, range: { start, end: size }, out })];
  return joinParts(out, format, head.list(), before, results, tag);
}

// Ranges a file is cut into per thread converting it.
const RANGES_PER_THREAD = 4;

// 3 when the file starts with a UTF-8 byte-order mark (not part of the text), else 0.
function markLength(path: string): number {
  const head = fileHead(path);
  return head.length >= 3 && head[0] === 0xef && head[1] === 0xbb && head[2] === 0xbf ? 3 : 0;
}

/**
 * The header of values separated by `sep`: the first line that is not blank, from byte `from`; its
 * columns chosen, its width, its line's number and where the next line starts. Undefined when every
 * line is blank (nothing to read) or the header does not name the columns (refused in `lines`).
 */
function readHeader(
  path: string,
  from: number,
  sep: string,
  lines: TrecLines,
  columns: ColumnMap,
): { choice: ColumnChoice; width: number; line: number; next: number } | undefined {
  const fd = openSync(path, 'r');
  try {
    const size = statSync(path).size;
    let buffer = Buffer.alloc(1 << 16);
    let line = 0;
    for (let at = from; at < size;) {
      // One line from `at`: read until its line break (or the end of the file).
      let n = readSync(fd, buffer, 0, buffer.length, at);
      let i = buffer.subarray(0, n).indexOf(10);
      while (i < 0 && at + n < size) {
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger, 0, 0, n);
        buffer = bigger;
        n += readSync(fd, buffer, n, buffer.length - n, at + n);
        i = buffer.subarray(0, n).indexOf(10);
      }
      const stop = i < 0 ? n : i;
      const end = stop > 0 && buffer[stop - 1] === 13 ? stop - 1 : stop;
      line++;
      const next = at + stop + 1;
      const text = latin1(buffer, 0, end);
      const cells = text.split(sep);
      if (!(cells.length === 1 && cells[0].trim() === '')) {
        const chosen = chooseColumns(cells, lines.kind, columns);
        if (typeof chosen !== 'string') return { choice: chosen, width: cells.length, line, next: Math.min(next, size) };
        const message = `The ${lines.kind} file's first line is not the header of ${sep === '\t' ? 'tab' : 'comma'}-separated values: ${chosen}. Nothing is read from it.`;
        lines.refuse({ ...fieldProblem(lines.kind, line, 0, text.length, 'format-error', 'error', message), what: message });
        return undefined;
      }
      at = next;
    }
    return undefined;
  } finally {
    closeSync(fd);
  }
}

// A run's name when its rows have no tag: the file's name without its extensions, blanks as _.
function runName(name: string): string {
  const base = basename(name).replace(/(\.[A-Za-z0-9]+)+$/, '');
  return (base || 'run').replace(/[\t\n\v\f\r ]/g, '_');
}

// JavaScript's longest string (V8's, in bytes of Latin-1).
const LONGEST_STRING = 0x1fffffe8;

// One JSON object or list of records is read whole: a file longer than a string can be is refused, not a crash.
function readJsonObject(path: string, lines: TrecLines, columns: ColumnMap): void {
  const size = statSync(path).size;
  if (size > LONGEST_STRING) {
    const message = `The ${lines.kind} file is one JSON value of ${size} bytes, more than can be read at once (${LONGEST_STRING}): write it as JSON lines (one {"qid", "docid", "score"} object per line). Nothing is read from it.`;
    lines.refuse({ ...fieldProblem(lines.kind, 1, 0, 0, 'format-error', 'error', message), what: message });
    return;
  }
  addJsonObject(lines, readLatin1(path), new JsonLineKeys(lines.kind, columns));
}

function readLatin1(path: string): string {
  const bytes = readBytes(path);
  return stripMark(latin1(bytes, 0, bytes.length));
}

function readBytes(path: string): Buffer {
  const size = statSync(path).size;
  const fd = openSync(path, 'r');
  try {
    const bytes = Buffer.alloc(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

// A UTF-8 byte-order mark (as bytes) is not part of the text.
function stripMark(text: string): string {
  return text.startsWith('\xef\xbb\xbf') ? text.slice(3) : text;
}

/**
 * Values separated by tabs or commas, with a header, in a file that holds a double quote: read by
 * csv-parse, which knows the quoting rules (a file without one is split by hand: textInput).
 */
async function readQuoted(path: string, sep: string, lines: TrecLines, columns: ColumnMap, writer: WriteBehind): Promise<void> {
  let choice: ColumnChoice | undefined;
  let width = 0;
  const row = (cells: string[], line: number, text: string): boolean => {
    if (choice) {
      addCells(lines, choice, width, sep, cells, line, text);
      return true;
    }
    if (cells.length === 1 && cells[0].trim() === '') return true;
    const chosen = chooseColumns(cells, lines.kind, columns);
    if (typeof chosen === 'string') {
      const message = `The ${lines.kind} file's first line is not the header of ${sep === '\t' ? 'tab' : 'comma'}-separated values: ${chosen}. Nothing is read from it.`;
      lines.refuse({ ...fieldProblem(lines.kind, line, 0, text.length, 'format-error', 'error', message), what: message });
      return false;
    }
    choice = chosen;
    width = cells.length;
    return true;
  };
  const parser = csvParser({
    delimiter: sep,
    relax_column_count: true,
    info: true,
    bom: false,
    skip_empty_lines: true,
    encoding: 'latin1',
  });
  const bytes = readBytes(path);
  if (bytes.length >= 3 && bytes[0] === 0xef && bytes[1] === 0xbb && bytes[2] === 0xbf) bytes.fill(32, 0, 3);
  parser.end(bytes);
  try {
    let n = 0;
    for await (const record of parser as AsyncIterable<{ record: Buffer[] | string[]; info: { lines: number } }>) {
      // Read as Latin-1, each cell is its bytes.
      const cells = record.record as string[];
      if (!row(cells, record.info.lines, cells.join(sep))) break;
      if (++n % 65536 === 0) await writer.flushAndWait();
    }
  } catch (e) {
    const err = e as Error & { lines?: number; code?: string };
    const line = err.lines ?? 1;
    const message = `The ${lines.kind} file is not ${sep === '\t' ? 'tab' : 'comma'}-separated values: at line ${line}, ${err.message.replace(/^Invalid [^:]*: /, '')}. Nothing is read from it.`;
    lines.refuse({ ...fieldProblem(lines.kind, line, 0, 0, 'format-error', 'error', message), what: message });
  }
}

// Whether the file holds a double quote anywhere.
function hasQuote(path: string): boolean {
  const fd = openSync(path, 'r');
  try {
    const buffer = Buffer.alloc(CHUNK);
    for (let at = 0; ;) {
      const n = readSync(fd, buffer, 0, CHUNK, at);
      if (n === 0) return false;
      if (buffer.subarray(0, n).indexOf(34) >= 0) return true;
      at += n;
    }
  } finally {
    closeSync(fd);
  }
}

/** How the qrels and the run are read, when not as TREC text found by their names and first bytes. */
export interface TrecInputOptions {
  qrelsInput?: InputOptions;
  runInput?: InputOptions;
  /**
   * A folder the caller owns and removes: files written as TREC text go into a new folder inside it
   * and are kept, so that the caller can read them again (ranklens diff ranks a few queries again).
   */
  keepIn?: string;
  /** The evaluation's threads (--jobs): a text file is converted in as many (InputOptions.jobs). */
  jobs?: number;
}

/**
 * Calls `evaluate` with both files as TREC text (written into a temporary folder, removed
 * afterwards, when either is in another format), with what reading them found: the rows skipped and
 * each written line's place. `refused` when a file is not its format at all.
 */
export async function withTrecInputs<T>(
  qrelsPath: string,
  runPath: string,
  options: TrecInputOptions,
  evaluate: (qrels: TrecInput, run: TrecInput) => Promise<T>,
): Promise<T> {
  let dir: string | undefined;
  const scratch = () => (dir ??= mkdtempSync(join(options.keepIn ?? tmpdir(), 'ranklens-input-')));
  try {
    const qrels = await trecInput(qrelsPath, 'qrels', scratch, { jobs: options.jobs, ...options.qrelsInput });
    const run = await trecInput(runPath, 'run', scratch, { jobs: options.jobs, ...options.runInput });
    return await evaluate(qrels, run);
  } finally {
    if (dir && options.keepIn === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
