/**
 * Qrels and runs in other formats (tab- or comma-separated values, JSON lines, a JSON object,
 * Parquet; see ../read/formats/inputFormat.ts) written as TREC text into a temporary file, which the
 * engine then reads as any TREC file: every rule of the TREC readers applies to every format, and
 * their problems are placed back on the rows they came from (LineMap).
 */
import { closeSync, mkdtempSync, openSync, readSync, rmSync, statSync, write, writeSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { basename, join } from 'node:path';
import { parse as csvParser } from 'csv-parse';
import { latin1 } from '../read/byteText';
import { ColumnChoice, ColumnMap, InputFormat, chooseColumns, detectFormat } from '../read/formats/inputFormat';
import { JsonLineKeys, addJsonLine, addJsonObject } from '../read/formats/jsonRows';
import { LineMap, RowValue, TrecLines, plainId } from '../read/formats/trecLines';
import { JsonKeyCache, fastJsonLine } from '../read/formats/jsonLineBytes';
import { ByteColumn, ChunkBytes, NumberColumn, PageTools, readByteColumn, readNumberColumn } from '../read/formats/parquetColumns';
import { TrecFileKind, TrecProblem, fieldProblem } from '../read/problems';
import { HEAD_BYTES } from '../read/byteOrderMark';

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
  const lines = new TrecLines(kind, tag, format === 'parquet' ? 'row' : 'line');
  const out = join(dir(), `${kind}.trec`);
  const fd = openSync(out, 'w');
  const writer = new WriteBehind(fd, lines, tag);
  try {
    const columns = options.columns ?? {};
    if (format === 'jsonl') await readJsonLines(path, lines, columns, writer);
    else if (format === 'json') readJsonObject(path, lines, columns);
    else if (format === 'parquet') await readParquet(path, lines, columns, writer);
    else await readDelimited(path, format === 'tsv' ? '\t' : ',', lines, columns, writer);
    writer.flush();
    await writer.written();
  } finally {
    await writer.settled();
    closeSync(fd);
  }
  const problems = lines.list();
  const refused = problems.some((p) => p.code === 'format-error');
  return { path: out, format, map: lines.map, problems, skipped: lines.skipped, refused, tag: writer.lastTag };
}

// Writes in flight at most: each holds a converted chunk (a megabyte or two of TREC text).
const WRITES_IN_FLIGHT = 2;

/**
 * The TREC text written behind the conversion: each flush hands the bytes converted so far to a
 * write on libuv's threads, so that the copy into the file (a third of the conversion's time when it
 * was written in this thread) runs on another core while the next rows are converted. Buffers come
 * back when their write is done and take the next rows.
 */
class WriteBehind {
  /** The tag of the last run line written (the file's name until a line is written). */
  lastTag: string;
  private position = 0;
  private pending: Promise<void>[] = [];
  private spare: Uint8Array<ArrayBuffer>[] = [];

  constructor(
    private fd: number,
    private lines: TrecLines,
    tag: string,
  ) {
    this.lastTag = tag;
  }

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
 * Reads the file in chunks: onChunk gets the bytes, where to start (after a byte-order mark), how
 * many are read, whether this is the end of the file, and the number of lines before; it returns
 * where the first line it did not finish starts (kept for the next chunk) and the lines it read.
 */
async function eachChunk(
  path: string,
  onChunk: (bytes: Uint8Array, from: number, size: number, last: boolean, line: number) => { next: number; lines: number },
  onRead: () => Promise<void>,
): Promise<void> {
  const fd = openSync(path, 'r');
  try {
    let buffer = Buffer.alloc(CHUNK);
    let kept = 0;
    let line = 0;
    for (let at = 0, first = true; ; first = false) {
      if (kept === buffer.length) {
        const bigger = Buffer.alloc(buffer.length * 2);
        buffer.copy(bigger, 0, 0, kept);
        buffer = bigger;
      }
      const n = readSync(fd, buffer, kept, buffer.length - kept, at);
      at += n;
      const size = kept + n;
      const from = first && size >= 3 && buffer[0] === 0xef && buffer[1] === 0xbb && buffer[2] === 0xbf ? 3 : 0;
      const done = onChunk(buffer, from, size, n === 0, line);
      line = done.lines;
      await onRead();
      if (n === 0) return;
      buffer.copy(buffer, 0, done.next, size);
      kept = size - done.next;
    }
  } finally {
    closeSync(fd);
  }
}

async function readJsonLines(path: string, lines: TrecLines, columns: ColumnMap, writer: WriteBehind): Promise<void> {
  const keys = new JsonLineKeys(lines.kind, columns);
  const cache = new JsonKeyCache(lines.kind, columns);
  await eachChunk(
    path,
    (bytes, from, size, last, firstLine) => {
      let line = firstLine;
      let start = from;
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
}

/**
 * Values separated by tabs or commas, with a header. A file without a double quote is split by hand
 * (the common case, and fast); one with quotes is read by csv-parse, which knows the quoting rules.
 */
async function readDelimited(path: string, sep: string, lines: TrecLines, columns: ColumnMap, writer: WriteBehind): Promise<void> {
  let choice: ColumnChoice | undefined;
  let width = 0;
  const row = (cells: string[], line: number, text: string): boolean => {
    if (!choice) {
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
    }
    if (cells.length === 1 && cells[0].trim() === '') return true;
    if (cells.length !== width) {
      lines.skip({ line, text }, `has ${cells.length} ${sep === '\t' ? 'tab' : 'comma'}-separated cells where the header names ${width}`);
      return true;
    }
    const c = choice;
    const at = (i: number): RowValue => (i >= 0 ? cells[i] : undefined);
    const value = lines.kind === 'run' && c.value < 0 ? undefined : at(c.value);
    lines.add({ line, text }, at(c.query), at(c.doc), value, lines.kind === 'run' ? at(c.rank) : undefined, at(c.tag));
    return true;
  };
  if (!hasQuote(path)) {
    // Split by hand, one pass over the bytes finding the separators and the line's end: a plain row
    // (the width of the header, plain ids, a value without blanks) is copied byte for byte; any other
    // goes through `row`, where each rule is worded.
    const delimiter = sep.charCodeAt(0);
    const ends = new Int32Array(1024);
    let going = true;
    await eachChunk(
      path,
      (bytes, from, size, last, firstLine) => {
        let line = firstLine;
        let start = from;
        while (start < size && going) {
          const c = choice;
          const fast = c !== undefined && c.value >= 0 && c.tag < 0 && width <= ends.length;
          let n = 0;
          let blanks = 0; // blanks other than the separators: none (but a CR ending the line) spares checking each cell
          let i = start;
          if (fast) {
            for (; i < size; i++) {
              const b = bytes[i];
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
            going = row(text.split(sep), line, text);
          }
          start = i + 1;
        }
        return { next: Math.min(start, size), lines: line };
      },
      () => writer.flushAndWait(),
    );
    return;
  }
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
    await writer.written();
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
    writer.flush();
    await writer.written();
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
    const qrels = await trecInput(qrelsPath, 'qrels', scratch, options.qrelsInput);
    const run = await trecInput(runPath, 'run', scratch, options.runInput);
    return await evaluate(qrels, run);
  } finally {
    if (dir && options.keepIn === undefined) rmSync(dir, { recursive: true, force: true });
  }
}
