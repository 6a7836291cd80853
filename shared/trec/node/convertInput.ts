/**
 * Qrels and runs in other formats (tab- or comma-separated values, JSON lines, a JSON object,
 * Parquet; see ../read/formats/inputFormat.ts) written as TREC text into a temporary file, which the
 * engine then reads as any TREC file: every rule of the TREC readers applies to every format, and
 * their problems are placed back on the rows they came from (LineMap). A large file of JSON lines
 * or of values without quotes is written in parts by several threads at once (./convertText.ts).
 */
import { closeSync, mkdirSync, mkdtempSync, openSync, readSync, rmSync, statSync } from 'node:fs';
import { availableParallelism, tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { basename, join } from 'node:path';
import { parse as csvParser } from 'csv-parse';
import { latin1 } from '../read/byteText';
import { ColumnChoice, ColumnMap, InputFormat, chooseColumns, detectFormat } from '../read/formats/inputFormat';
import { JsonLineKeys, addJsonObject } from '../read/formats/jsonRows';
import { LineMap, RowValue, TrecLines } from '../read/formats/trecLines';
import { ByteColumn, ChunkBytes, NumberColumn, PageTools, readByteColumn, readNumberColumn } from '../read/formats/parquetColumns';
import { ProblemList, TrecFileKind, TrecProblem, fieldProblem } from '../read/problems';
import { HEAD_BYTES } from '../read/byteOrderMark';
import { PARALLEL_BYTES } from '../evaluate/evaluateTrec';
import { TextRangeResult, TextRangeTask, WriteBehind, addCells, convertTextRange } from './convertText';
import { lineRanges } from './fileChunks';
import { convertInWorker } from './trecWorker';

/** A qrels or run file as the engine reads it. */
export interface TrecInput {
  /** The TREC text to read: the file itself, or the temporary file it was written into. */
  path: string;
  format: InputFormat;
  /** For a file written as TREC text: each written line's place in the file, the rows that were not written, and whether nothing was. */
  map?: LineMap;
  problems: TrecProblem[];
  /** Rows that could not be written (each a malformed-line problem). */
  skipped: number;
  refused: boolean;
  /** A run's tag as the TREC text has it (the tag column's last, else the file's name). */
  tag?: string;
}

/** How a file is read: its format (detected when not given) and the names of its columns. */
export interface InputOptions {
  format?: InputFormat;
  columns?: ColumnMap;
  /** Threads to convert a text file in (as the evaluation's --jobs); by default, as many as the evaluation's for a file over PARALLEL_BYTES. */
  jobs?: number;
}

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
  const lines = new TrecLines(kind, tag, format === 'parquet' ? 'row' : 'line');
  const out = join(dir(), `${kind}.trec`);
  const fd = openSync(out, 'w');
  const writer = new WriteBehind(fd, lines);
  try {
    if (format === 'json') readJsonObject(path, lines, columns);
    else if (format === 'parquet') await readParquet(path, lines, columns, writer);
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
 * over PARALLEL_BYTES (or any, given jobs) in as many ranges as threads, the first written by this
 * thread and the others by workers at once, each into a part of a folder the engine reads as one
 * text (./nodeFiles.ts); one range into a file. Each range's lines are placed after the lines
 * before it. Should a JSON line of a later range hold two keys for one role (which one is read
 * depends on the lines before it), the file is written again in one range.
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
  const ranges = lineRanges(path, start, size, Math.max(1, threads));
  let results: TextRangeResult[];
  if (ranges.length > 1) {
    mkdirSync(out);
    const tasks = ranges.map((range, k) => ({ ...task, range, out: join(out, String(k)) }));
    // The workers are started first: this thread's range holds it until it is written.
    const pending = new Array<Promise<TextRangeResult>>(tasks.length);
    for (let k = tasks.length - 1; k >= 0; k--) pending[k] = k === 0 ? convertTextRange(tasks[k]) : convertInWorker(tasks[k]);
    results = await Promise.all(pending);
    if (results.some((r, k) => k > 0 && r.ambiguous)) {
      rmSync(out, { recursive: true, force: true });
      results = [await convertTextRange({ ...task, range: { start, end: size }, out })];
    }
  } else results = [await convertTextRange({ ...task, range: { start, end: size }, out })];
  return joinRanges(out, format, head, before, results, tag);
}

// The ranges' findings as one file's: each range's lines numbered after the lines before it.
function joinRanges(out: string, format: InputFormat, head: TrecLines, before: number, results: TextRangeResult[], tag: string): TrecInput {
  const map = new LineMap();
  const problems = new ProblemList();
  for (const p of head.list()) problems.push(p);
  let lines = before;
  let skipped = 0;
  let lastTag: string | undefined;
  for (const r of results) {
    map.append(r.map, lines);
    for (const p of r.problems) problems.push(shiftLines(p, lines));
    lines += r.lines;
    skipped += r.skipped;
    lastTag = r.lastTag ?? lastTag;
  }
  const list = problems.list();
  const refused = list.some((p) => p.code === 'format-error');
  return { path: out, format, map, problems: list, skipped, refused, tag: lastTag ?? tag };
}

// A problem of a range's line, numbered from the file's first line.
function shiftLines(p: TrecProblem, offset: number): TrecProblem {
  if (offset === 0) return p;
  return { ...p, line: p.line + offset, related: p.related?.map((r) => (r.file === p.file ? { ...r, line: r.line + offset } : r)) };
}

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

/** Parquet, row group by row group: the columns named as in a header (see chooseColumns); strings read as their bytes. */
async function readParquet(path: string, lines: TrecLines, columns: ColumnMap, writer: WriteBehind): Promise<void> {
  const refuse = (what: string) => {
    const message = `The ${lines.kind} file is not Parquet of the shape it is read as: ${what}. Nothing is read from it.`;
    lines.refuse({ ...fieldProblem(lines.kind, 1, 0, 0, 'format-error', 'error', message), what: message });
  };
  // hyparquet is an ES module: imported when a Parquet file is read.
  const { asyncBufferFromFile, parquetMetadataAsync, parquetRead, parquetSchema } = await import('hyparquet');
  let file;
  let metadata;
  try {
    file = await asyncBufferFromFile(path);
    metadata = await parquetMetadataAsync(file);
  } catch (e) {
    refuse(`its metadata cannot be read (${(e as Error).message})`);
    return;
  }
  const names = parquetSchema(metadata).children.map((c) => c.element.name);
  const choice = chooseColumns(names, lines.kind, columns);
  if (typeof choice === 'string') {
    refuse(choice);
    return;
  }
  const roles = [choice.query, choice.doc, choice.value, choice.rank, choice.tag];
  const wanted = [...new Set(roles.filter((i) => i >= 0))].map((i) => names[i]);
  const codec = unreadCodec(metadata, wanted);
  if (codec) {
    refuse(
      `its column "${codec.column}" is compressed with ${codec.codec}, which Ranklens does not decompress (it reads Parquet uncompressed or compressed with Snappy, pyarrow's default, gzip or Brotli); rewrite it with pyarrow, pyarrow.parquet.write_table(pyarrow.parquet.read_table(path), new_path, compression="snappy"), or pandas, df.to_parquet(new_path, compression="snappy")`,
    );
    return;
  }
  const fast =
    choice.value >= 0 && choice.rank < 0 && choice.tag < 0
      ? await fastParquet(path, metadata, [choice.query, choice.doc, choice.value], names)
      : undefined;
  let groupStart = 0;
  for (const group of metadata.row_groups) {
    const count = Number(group.num_rows);
    const done = fast !== undefined && fastRowGroup(fast, group, groupStart, count, lines, writer);
    // The group's last writes go on while the next group is decoded (at most WRITES_IN_FLIGHT left).
    await writer.flushAndWait();
    if (done) {
      groupStart += count;
      continue;
    }
    const data = new Map<string, ArrayLike<unknown>[]>(wanted.map((n) => [n, []]));
    try {
      await parquetRead({
        file,
        metadata,
        columns: wanted,
        rowStart: groupStart,
        rowEnd: groupStart + count,
        // Strings as their bytes, as every id is read: never decoded, so never mangled.
        parsers: { stringFromBytes: (bytes: Uint8Array) => bytes },
        compressors: ZLIB_CODECS,
        onChunk: (chunk) => data.get(chunk.columnName)?.push(chunk.columnData),
      });
    } catch (e) {
      refuse(`row group from row ${groupStart + 1} cannot be read (${(e as Error).message})`);
      return;
    }
    const column = (i: number) => (i >= 0 ? joined(data.get(names[i])!) : undefined);
    const [q, d, v, r, t] = roles.map(column);
    // The fast path (ids as bytes, a number) needs a value column and no tag column.
    const plain = choice.value >= 0 && !t;
    for (let k = 0; k < count; k++) {
      const row = groupStart + k + 1;
      const text = '';
      if (plain) {
        const qk = q?.[k];
        const dk = d?.[k];
        const vk = v?.[k];
        if (qk instanceof Uint8Array && dk instanceof Uint8Array && typeof vk === 'number' && lines.addParts(row, qk, dk, vk)) {
          if ((k & 0xffff) === 0xffff) writer.flush();
          continue;
        }
      }
      lines.add(
        { line: row, text },
        cell(q?.[k]),
        cell(d?.[k]),
        lines.kind === 'run' && choice.value < 0 ? undefined : cell(v?.[k]),
        r ? cell(r[k]) : undefined,
        t ? cell(t[k]) : undefined,
      );
      if ((k & 0xffff) === 0xffff) writer.flush();
    }
    await writer.flushAndWait();
    groupStart += count;
  }
}

type ParquetMetadata = import('hyparquet', { with: { 'resolution-mode': 'import' } }).FileMetaData;

// The codecs hyparquet decompresses itself (besides none): Snappy; and those Node's zlib does.
const HYPARQUET_CODECS: readonly string[] = ['UNCOMPRESSED', 'SNAPPY'];
const ZLIB_CODECS: Readonly<Record<'GZIP' | 'BROTLI', (input: Uint8Array) => Uint8Array>> = {
  GZIP: (input: Uint8Array) => new Uint8Array(gunzipSync(input)),
  BROTLI: (input: Uint8Array) => new Uint8Array(brotliDecompressSync(input)),
};

// The first column read that is compressed with a codec neither hyparquet nor zlib decompresses (ZSTD, LZ4, LZO), if any.
function unreadCodec(metadata: ParquetMetadata, wanted: string[]): { column: string; codec: string } | undefined {
  for (const group of metadata.row_groups)
    for (const chunk of group.columns) {
      const meta = chunk.meta_data;
      const column = meta?.path_in_schema[0];
      if (!meta || column === undefined || !wanted.includes(column)) continue;
      if (!HYPARQUET_CODECS.includes(meta.codec) && !(meta.codec in ZLIB_CODECS)) return { column, codec: meta.codec };
    }
  return undefined;
}
type RowGroupMetadata = ParquetMetadata['row_groups'][number];

// What the fast path of Parquet needs: the file, hyparquet's page functions, and the columns of the
// query id, document id and value (by index in the row group) with their types.
interface FastParquet {
  path: string;
  tools: PageTools;
  columns: number[];
  valueType: 'DOUBLE' | 'FLOAT' | 'INT32';
  maxDefinition: number[];
}

/**
 * The fast path when the query and document ids are strings (or plain byte arrays) and the value a
 * DOUBLE, FLOAT or signed INT32, each a flat column: what hyparquet would read them as, read without
 * an object per value (./../read/formats/parquetColumns.ts). Undefined for any other file.
 */
async function fastParquet(path: string, metadata: ParquetMetadata, roles: number[], names: string[]): Promise<FastParquet | undefined> {
  const elements = roles.map((i) => metadata.schema.find((e, k) => k > 0 && e.name === names[i]));
  if (elements.some((e) => !e || e.num_children || e.repetition_type === 'REPEATED')) return undefined;
  const [q, d, v] = elements as NonNullable<(typeof elements)[number]>[];
  const stringish = (e: typeof q) =>
    e.type === 'BYTE_ARRAY' && (!e.converted_type || e.converted_type === 'UTF8') && (!e.logical_type || e.logical_type.type === 'STRING');
  if (!stringish(q) || !stringish(d)) return undefined;
  const signed = !v.logical_type || (v.logical_type.type === 'INTEGER' && v.logical_type.isSigned);
  const number =
    (v.type === 'DOUBLE' || v.type === 'FLOAT') && !v.converted_type && !v.logical_type
      ? v.type
      : v.type === 'INT32' && signed && (!v.converted_type || ['INT_8', 'INT_16', 'INT_32'].includes(v.converted_type))
        ? 'INT32'
        : undefined;
  if (!number) return undefined;
  // The root's children must be the columns themselves (no nesting) for a column's index to be its place in a row group.
  const columns = roles.map((i) => metadata.schema.slice(1).findIndex((e) => e.name === names[i]));
  if (metadata.schema.length - 1 !== metadata.row_groups[0]?.columns.length) return undefined;
  const { parquetHeader } = await import('hyparquet/src/column.js');
  const { decompressPage } = await import('hyparquet/src/datapage.js');
  const { readRleBitPackedHybrid } = await import('hyparquet/src/encoding.js');
  const tools = { parquetHeader, decompressPage, readRleBitPackedHybrid } as unknown as PageTools;
  const maxDefinition = elements.map((e) => (e?.repetition_type === 'REQUIRED' ? 0 : 1));
  return { path, tools, columns, valueType: number, maxDefinition };
}

/** One row group by the fast path; false (nothing written) when a column is not one it reads: hyparquet reads the group. */
function fastRowGroup(
  fast: FastParquet,
  group: RowGroupMetadata,
  groupStart: number,
  count: number,
  lines: TrecLines,
  writer: WriteBehind,
): boolean {
  const chunk = (k: number): ChunkBytes | undefined => {
    const column = group.columns[fast.columns[k]];
    const meta = column?.meta_data;
    if (!meta || column.file_path || Number(meta.num_values) !== count) return undefined;
    const start = Number(meta.dictionary_page_offset || meta.data_page_offset);
    const size = Number(meta.total_compressed_size);
    return {
      bytes: readRange(fast.path, start, size),
      rows: count,
      codec: meta.codec,
      decompressors: ZLIB_CODECS,
      maxDefinition: fast.maxDefinition[k],
    };
  };
  let q: ByteColumn | undefined;
  let d: ByteColumn | undefined;
  let v: NumberColumn | undefined;
  try {
    const qc = chunk(0);
    q = qc && readByteColumn(fast.tools, qc);
    const dc = q && chunk(1);
    d = dc && readByteColumn(fast.tools, dc);
    const vc = d && chunk(2);
    v = vc && readNumberColumn(fast.tools, vc, fast.valueType);
  } catch {
    return false; // hyparquet reads it again, and says what is wrong
  }
  if (!q || !d || !v) return false;
  const { bytes: qb, starts: qs, ends: qe } = q;
  const { bytes: db, starts: ds, ends: de } = d;
  for (let k = 0; k < count; k++) {
    const row = groupStart + k + 1;
    if (!lines.addRanges(row, qb, qs[k], qe[k], db, ds[k], de[k], v[k]))
      lines.add({ line: row, text: '' }, latin1(qb, qs[k], qe[k]), latin1(db, ds[k], de[k]), v[k]);
    if ((k & 0xffff) === 0xffff) writer.flush();
  }
  writer.flush();
  return true;
}

// `size` bytes of the file from `start`.
function readRange(path: string, start: number, size: number): Uint8Array {
  const fd = openSync(path, 'r');
  try {
    const bytes = new Uint8Array(size);
    let at = 0;
    while (at < size) {
      const n = readSync(fd, bytes, at, size - at, start + at);
      if (n === 0) break;
      at += n;
    }
    return bytes.subarray(0, at);
  } finally {
    closeSync(fd);
  }
}

// A column's chunks of one row group as one list (nearly always a single chunk, not copied).
function joined(chunks: ArrayLike<unknown>[]): ArrayLike<unknown> {
  if (chunks.length === 1) return chunks[0];
  const out: unknown[] = [];
  for (const c of chunks) for (let i = 0; i < c.length; i++) out.push(c[i]);
  return out;
}

// A Parquet value as a row value: bytes (a string column read without decoding) as a byte string.
function cell(v: unknown): RowValue {
  if (v instanceof Uint8Array) return latin1(v, 0, v.length);
  if (typeof v === 'string' || typeof v === 'number' || typeof v === 'bigint' || typeof v === 'boolean' || v === null || v === undefined)
    return v;
  return undefined;
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
