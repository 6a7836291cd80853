/**
 * Parquet as TREC text, row group by row group: the columns named as in a header (see
 * chooseColumns), strings read as their bytes. Query and document ids as strings and a number value
 * take the fast path (../read/formats/parquetColumns.ts); a large file of several row groups is
 * then written by several threads at once, each row group into its own part of a folder the engine
 * reads as one text (./nodeFiles.ts), the threads taking the row groups in turn. A row group the
 * fast path does not read is read by hyparquet, in this thread.
 */
import { closeSync, mkdirSync, openSync, readSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { latin1 } from '../read/byteText';
import { ColumnChoice, ColumnMap, chooseColumns } from '../read/formats/inputFormat';
import { RowValue, TrecLines } from '../read/formats/trecLines';
import { ByteColumn, ChunkBytes, NumberColumn, PageTools, readByteColumn, readNumberColumn } from '../read/formats/parquetColumns';
import { TrecFileKind, fieldProblem } from '../read/problems';
import { PARALLEL_BYTES } from '../evaluate/evaluateTrec';
import { PartResult, WriteBehind, counter, joinParts } from './convertText';
import type { TrecInput } from './trecInput';

/** Row groups of a Parquet file to write by the fast path, each into its own part: plain data, posted to a worker thread. */
export interface ParquetGroupsTask {
  path: string;
  kind: TrecFileKind;
  /** The run's tag (the file's name: the fast path reads no tag column). */
  tag: string;
  /** The names of the query id, document id and value columns. */
  columns: string[];
  /** The counter the threads take row groups from (Atomics), in shared memory. */
  next: Int32Array;
  /** The folder of the parts: row group g is written into the file named g. */
  out: string;
}

/** What writing a row group found (rows numbered in the file); `done` false when the fast path could not read it (nothing written). */
export interface ParquetGroupResult extends PartResult {
  group: number;
  done: boolean;
}

type AsyncBuffer = import('hyparquet', { with: { 'resolution-mode': 'import' } }).AsyncBuffer;

// The file as it is read: its metadata, its columns' names, the ones chosen, each row group's first row, and the fast path if it takes it.
interface ParquetPlan {
  path: string;
  file: AsyncBuffer;
  metadata: ParquetMetadata;
  names: string[];
  choice: ColumnChoice;
  wanted: string[];
  starts: number[];
  fast?: FastParquet;
}

/** A Parquet file written as TREC text into `dir()` as `kind`: in one file by this thread, or in parts by `jobs` threads (by default as the evaluation's). */
export async function parquetInput(
  path: string,
  kind: TrecFileKind,
  dir: () => string,
  tag: string,
  columns: ColumnMap,
  jobs: number | undefined,
  inWorker: (task: ParquetGroupsTask) => Promise<ParquetGroupResult[]>,
): Promise<TrecInput> {
  const lines = new TrecLines(kind, tag, 'row');
  const plan = await parquetPlan(path, lines, columns);
  const out = join(dir(), `${kind}.trec`);
  const threads = jobs ?? (statSync(path).size > PARALLEL_BYTES ? Math.min(4, availableParallelism()) : 1);
  if (plan?.fast && threads > 1 && plan.starts.length > 1) return parquetInParts(plan, kind, tag, out, threads, inWorker, counter());
  const fd = openSync(out, 'w');
  const writer = new WriteBehind(fd, lines);
  try {
    if (plan)
      for (let g = 0; g < plan.starts.length; g++) {
        const done = plan.fast !== undefined && (await fastRowGroup(plan.fast, plan.metadata.row_groups[g], plan.starts[g], lines, writer));
        // The group's last writes go on while the next group is decoded (at most WRITES_IN_FLIGHT left).
        await writer.flushAndWait();
        if (!done && !(await hyparquetRowGroup(plan, g, lines, writer))) break;
      }
    writer.flush();
    await writer.written();
  } finally {
    await writer.settled();
    closeSync(fd);
  }
  const problems = lines.list();
  const refused = problems.some((p) => p.code === 'format-error');
  return { path: out, format: 'parquet', map: lines.map, problems, skipped: lines.skipped, refused, tag: writer.lastTag ?? tag };
}

// The row groups shared among the threads in turn (group g to thread g mod threads), then those the fast path left read by hyparquet here.
async function parquetInParts(
  plan: ParquetPlan,
  kind: TrecFileKind,
  tag: string,
  out: string,
  threads: number,
  inWorker: (task: ParquetGroupsTask) => Promise<ParquetGroupResult[]>,
  next: Int32Array,
): Promise<TrecInput> {
  mkdirSync(out);
  const c = plan.choice;
  const columns = [c.query, c.doc, c.value].map((i) => plan.names[i]);
  const task: ParquetGroupsTask = { path: plan.path, kind, tag, columns, next, out };
  // Row groups taken in turn: a thread held up leaves its last ones to the others.
  const workers = Array.from({ length: Math.min(threads, plan.starts.length) - 1 }, () => inWorker(task));
  const pending = [fastGroups(plan.fast!, plan, task), ...workers];
  const results = (await Promise.all(pending)).flat().sort((a, b) => a.group - b.group);
  for (let i = 0; i < results.length; i++) {
    if (results[i].done) continue;
    const lines = new TrecLines(kind, tag, 'row');
    const fd = openSync(join(out, String(results[i].group)), 'w');
    const writer = new WriteBehind(fd, lines);
    try {
      await hyparquetRowGroup(plan, results[i].group, lines, writer);
      writer.flush();
      await writer.written();
    } finally {
      await writer.settled();
      closeSync(fd);
    }
    results[i] = { ...partOf(lines, writer), group: results[i].group, done: true };
  }
  return joinParts(out, 'parquet', [], 0, results, tag);
}

/** Writes row groups of a Parquet file by the fast path, each into its own part (what a worker thread does). */
export async function convertParquetGroups(task: ParquetGroupsTask): Promise<ParquetGroupResult[]> {
  const { asyncBufferFromFile, parquetMetadataAsync, parquetSchema } = await import('hyparquet');
  const file = await asyncBufferFromFile(task.path);
  const metadata = await parquetMetadataAsync(file);
  const names = parquetSchema(metadata).children.map((c) => c.element.name);
  const fast = await fastParquet(
    task.path,
    metadata,
    task.columns.map((n) => names.indexOf(n)),
    names,
  );
  const plan = { metadata, starts: groupStarts(metadata) };
  if (!fast) return [];
  return fastGroups(fast, plan, task);
}

async function fastGroups(
  fast: FastParquet,
  plan: Pick<ParquetPlan, 'metadata' | 'starts'>,
  task: ParquetGroupsTask,
): Promise<ParquetGroupResult[]> {
  const results: ParquetGroupResult[] = [];
  for (let group = Atomics.add(task.next, 0, 1); group < plan.starts.length; group = Atomics.add(task.next, 0, 1)) {
    const lines = new TrecLines(task.kind, task.tag, 'row');
    const fd = openSync(join(task.out, String(group)), 'w');
    const writer = new WriteBehind(fd, lines);
    let done: boolean;
    try {
      done = await fastRowGroup(fast, plan.metadata.row_groups[group], plan.starts[group], lines, writer);
      writer.flush();
      await writer.written();
    } finally {
      await writer.settled();
      closeSync(fd);
    }
    results.push({ ...partOf(lines, writer), group, done });
  }
  return results;
}

// What a part's lines found, as plain data (rows are numbered in the file: no line before them to count).
function partOf(lines: TrecLines, writer?: WriteBehind): PartResult {
  return { map: lines.map.segments(), problems: lines.list(), skipped: lines.skipped, lines: 0, lastTag: writer?.lastTag };
}

function groupStarts(metadata: ParquetMetadata): number[] {
  const starts: number[] = [];
  let row = 0;
  for (const group of metadata.row_groups) {
    starts.push(row);
    row += Number(group.num_rows);
  }
  return starts;
}

// The file's metadata and the columns read; undefined (refused in `lines`) when it is not Parquet of the shape it is read as.
async function parquetPlan(path: string, lines: TrecLines, columns: ColumnMap): Promise<ParquetPlan | undefined> {
  const refuse = (what: string) => {
    refuseParquet(lines, what);
    return undefined;
  };
  // hyparquet is an ES module: imported when a Parquet file is read.
  const { asyncBufferFromFile, parquetMetadataAsync, parquetSchema } = await import('hyparquet');
  let file;
  let metadata;
  try {
    file = await asyncBufferFromFile(path);
    metadata = await parquetMetadataAsync(file);
  } catch (e) {
    return refuse(`its metadata cannot be read (${(e as Error).message})`);
  }
  const names = parquetSchema(metadata).children.map((c) => c.element.name);
  const choice = chooseColumns(names, lines.kind, columns);
  if (typeof choice === 'string') return refuse(choice);
  const roles = [choice.query, choice.doc, choice.value, choice.rank, choice.tag];
  const wanted = [...new Set(roles.filter((i) => i >= 0))].map((i) => names[i]);
  const codec = unreadCodec(metadata, wanted);
  if (codec)
    return refuse(
      `its column "${codec.column}" is compressed with ${codec.codec}, which Ranklens does not decompress (it reads Parquet uncompressed or compressed with Snappy, pyarrow's default, gzip or Brotli); rewrite it with pyarrow, pyarrow.parquet.write_table(pyarrow.parquet.read_table(path), new_path, compression="snappy"), or pandas, df.to_parquet(new_path, compression="snappy")`,
    );
  const fast =
    choice.value >= 0 && choice.rank < 0 && choice.tag < 0
      ? await fastParquet(path, metadata, [choice.query, choice.doc, choice.value], names)
      : undefined;
  return { path, file, metadata, names, choice, wanted, starts: groupStarts(metadata), fast };
}

function refuseParquet(lines: TrecLines, what: string): void {
  const message = `The ${lines.kind} file is not Parquet of the shape it is read as: ${what}. Nothing is read from it.`;
  lines.refuse({ ...fieldProblem(lines.kind, 1, 0, 0, 'format-error', 'error', message), what: message });
}

/** Row group g read by hyparquet, row by row; false when it cannot be read (refused in `lines`). */
async function hyparquetRowGroup(plan: ParquetPlan, g: number, lines: TrecLines, writer: WriteBehind): Promise<boolean> {
  const { parquetRead } = await import('hyparquet');
  const { names, choice, wanted } = plan;
  const groupStart = plan.starts[g];
  const count = Number(plan.metadata.row_groups[g].num_rows);
  const data = new Map<string, ArrayLike<unknown>[]>(wanted.map((n) => [n, []]));
  try {
    await parquetRead({
      file: plan.file,
      metadata: plan.metadata,
      columns: wanted,
      rowStart: groupStart,
      rowEnd: groupStart + count,
      // Strings as their bytes, as every id is read: never decoded, so never mangled.
      parsers: { stringFromBytes: (bytes: Uint8Array) => bytes },
      compressors: ZLIB_CODECS,
      onChunk: (chunk) => data.get(chunk.columnName)?.push(chunk.columnData),
    });
  } catch (e) {
    refuseParquet(lines, `row group from row ${groupStart + 1} cannot be read (${(e as Error).message})`);
    return false;
  }
  const roles = [choice.query, choice.doc, choice.value, choice.rank, choice.tag];
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
        if ((k & 0xffff) === 0xffff) await writer.flushAndWait();
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
    if ((k & 0xffff) === 0xffff) await writer.flushAndWait();
  }
  await writer.flushAndWait();
  return true;
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

/**
 * One row group by the fast path; false (nothing written) when a column is not one it reads: hyparquet
 * reads the group. Every 65,536 rows the text goes to its write, two writes in flight at most (their
 * buffers taken again): a row group's whole text in flight cost a thread about 40 MB, and the
 * collector the more work.
 */
async function fastRowGroup(
  fast: FastParquet,
  group: RowGroupMetadata,
  groupStart: number,
  lines: TrecLines,
  writer: WriteBehind,
): Promise<boolean> {
  const count = Number(group.num_rows);
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
    if ((k & 0xffff) === 0xffff) await writer.flushAndWait();
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
