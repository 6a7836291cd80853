/**
 * The fast path of Parquet: one flat column chunk of a row group read into typed arrays, with no
 * object per value. Strings stay where they are (a row's bytes are a range of the chunk, or of its
 * dictionary), numbers go into one typed array. hyparquet reads the page headers and decompresses
 * the pages; this reads their values. Anything else (nulls, nested columns, encodings other than
 * PLAIN and dictionary, data pages of version 2) returns undefined, and the caller reads the row
 * group with hyparquet as a whole.
 */

/** A reader as hyparquet's page functions take it. */
export interface PageReader {
  view: DataView;
  offset: number;
}

/** What hyparquet's page header holds that the fast path reads. */
export interface PageHeaderFields {
  type: string;
  compressed_page_size: number;
  uncompressed_page_size: number;
  data_page_header?: { num_values: number; encoding: string };
  dictionary_page_header?: { num_values: number };
}

/** hyparquet's functions for pages (hyparquet/src/column.js, datapage.js, encoding.js). */
export interface PageTools {
  parquetHeader(reader: PageReader): PageHeaderFields;
  decompressPage(bytes: Uint8Array, size: number, codec: string, compressors: Decompressors | undefined): Uint8Array;
  readRleBitPackedHybrid(reader: PageReader, width: number, output: Int32Array | Uint8Array, length?: number): void;
}

/** Decompressors by codec, for those hyparquet does not decompress itself (its `compressors` option). */
export type Decompressors = Partial<Record<string, (input: Uint8Array, outputLength: number) => Uint8Array>>;

/** A column of byte strings: row k's bytes are bytes[starts[k], ends[k]). */
export interface ByteColumn {
  bytes: Uint8Array;
  starts: Int32Array;
  ends: Int32Array;
}

/** A column of numbers (DOUBLE, FLOAT or INT32), one per row. */
export type NumberColumn = Float64Array | Float32Array | Int32Array;

/** A column chunk: its bytes (from its dictionary page or first data page to its end), rows, codec (and decompressors) and maximum definition level (0 or 1). */
export interface ChunkBytes {
  bytes: Uint8Array;
  rows: number;
  codec: string;
  decompressors?: Decompressors;
  maxDefinition: number;
}

// What a column does with each page: its dictionary, and each data page's values (from `at` in
// `page`), which it places from row `row`; false when it cannot.
interface PageVisitor {
  dictionary(page: Uint8Array, count: number): boolean;
  plain(page: Uint8Array, at: number, count: number, row: number): boolean;
  indices(indices: Int32Array, count: number, row: number): boolean;
}

// Each page of the chunk, until its rows are read; false when a page is not one the fast path reads.
function eachPage(tools: PageTools, chunk: ChunkBytes, visit: PageVisitor): boolean {
  const { bytes, rows, codec, maxDefinition } = chunk;
  if (maxDefinition > 1) return false;
  const reader: PageReader = { view: new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength), offset: 0 };
  let row = 0;
  let indices = new Int32Array(0);
  let levels = new Uint8Array(0);
  while (row < rows) {
    if (reader.offset >= bytes.length) return false;
    const header = tools.parquetHeader(reader);
    const size = header.compressed_page_size;
    if (reader.offset + size > bytes.length) return false;
    const compressed = bytes.subarray(reader.offset, reader.offset + size);
    reader.offset += size;
    if (header.type === 'DICTIONARY_PAGE') {
      const page = tools.decompressPage(compressed, header.uncompressed_page_size, codec, chunk.decompressors);
      if (!visit.dictionary(page, header.dictionary_page_header?.num_values ?? -1)) return false;
      continue;
    }
    if (header.type !== 'DATA_PAGE' || !header.data_page_header) return false;
    const count = header.data_page_header.num_values;
    if (row + count > rows) return false;
    const page = tools.decompressPage(compressed, header.uncompressed_page_size, codec, chunk.decompressors);
    const pageReader: PageReader = { view: new DataView(page.buffer, page.byteOffset, page.byteLength), offset: 0 };
    if (maxDefinition === 1) {
      // Definition levels: every row must have its value (a null is left to hyparquet).
      if (levels.length < count) levels = new Uint8Array(count);
      const used = levels.subarray(0, count);
      tools.readRleBitPackedHybrid(pageReader, 1, used);
      for (let i = 0; i < count; i++) if (used[i] !== 1) return false;
    }
    const encoding = header.data_page_header.encoding;
    if (encoding === 'PLAIN') {
      if (!visit.plain(page, pageReader.offset, count, row)) return false;
    } else if (encoding === 'RLE_DICTIONARY' || encoding === 'PLAIN_DICTIONARY') {
      if (indices.length < count) indices = new Int32Array(count);
      const used = indices.subarray(0, count);
      const width = page[pageReader.offset++];
      if (width > 32) return false;
      if (width === 0) used.fill(0);
      else if (width > HYBRID_WIDTH) tools.readRleBitPackedHybrid(pageReader, width, used, page.length - pageReader.offset);
      else if (!readHybrid(page, pageReader.offset, width, used)) return false;
      if (!visit.indices(used, count, row)) return false;
    } else return false;
    row += count;
  }
  return true;
}

// The widest indices readHybrid is given: what hyparquet reads the same (at 25 bits it loses a bit of
// some values), so that a row group reads the same by either path; wider ones are left to hyparquet.
const HYBRID_WIDTH = 24;

/**
 * Parquet's RLE/bit-packed hybrid of `width`-bit values (1 to 25 bits: dictionary indices; a value and
 * the bits before it in its first byte fit in 32 bits), from
 * page[at] to the page's end, into every place of `output`; false when it runs past the page. Each
 * bit-packed value is read from the 4 bytes it starts in, not bit by bit: a third of the time of
 * hyparquet's readRleBitPackedHybrid, which reads a byte at a time through a DataView.
 */
export function readHybrid(page: Uint8Array, at: number, width: number, output: Int32Array): boolean {
  const mask = (1 << width) - 1;
  const end = page.length;
  let p = at;
  let seen = 0;
  while (seen < output.length) {
    // The run's header, an unsigned LEB128 varint: count << 1 for a run of one value, groups << 1 | 1 for bit-packed groups of 8.
    let header = 0;
    let scale = 1;
    let b: number;
    do {
      if (p >= end) return false;
      b = page[p++];
      header += (b & 0x7f) * scale;
      scale *= 128;
    } while (b & 0x80);
    const count = Math.floor(header / 2);
    const take = Math.min(header % 2 === 1 ? count * 8 : count, output.length - seen);
    if (header % 2 === 1) {
      // count groups of 8 values, `width` bytes each; the last group may be padded past the values wanted.
      const size = count * width;
      if (p + Math.ceil((take * width) / 8) > end) return false;
      for (let i = 0; i < take; i++) {
        const bit = i * width;
        const k = p + (bit >>> 3);
        // Bytes past the page read as 0 (only bits above the value's come from them).
        const word = (page[k] | (page[k + 1] << 8) | (page[k + 2] << 16) | (page[k + 3] << 24)) >>> (bit & 7);
        output[seen + i] = word & mask;
      }
      p += size;
    } else {
      // One value in ceil(width / 8) bytes, little-endian, repeated count times.
      const bytes = (width + 7) >> 3;
      if (p + bytes > end) return false;
      let value = 0;
      for (let i = 0; i < bytes; i++) value |= page[p + i] << (8 * i);
      p += bytes;
      output.fill(value, seen, seen + take);
    }
    seen += take;
  }
  return true;
}

// The little-endian unsigned 32-bit integer at `at`.
function u32(bytes: Uint8Array, at: number): number {
  return (bytes[at] | (bytes[at + 1] << 8) | (bytes[at + 2] << 16)) + bytes[at + 3] * 0x1000000;
}

// Length-prefixed byte arrays (PLAIN): each value's range, placed from `to` in starts/ends with
// `base` added; the position after them, or -1 when they run past the page.
function byteRanges(page: Uint8Array, at: number, count: number, starts: Int32Array, ends: Int32Array, to: number, base: number): number {
  let p = at;
  for (let i = 0; i < count; i++) {
    if (p + 4 > page.length) return -1;
    const length = u32(page, p);
    p += 4;
    if (p + length > page.length) return -1;
    starts[to + i] = base + p;
    ends[to + i] = base + p + length;
    p += length;
  }
  return p;
}

/** A BYTE_ARRAY column chunk as ranges of bytes, no object per value; undefined when the fast path cannot read it. */
export function readByteColumn(tools: PageTools, chunk: ChunkBytes): ByteColumn | undefined {
  const { rows } = chunk;
  if (chunk.bytes.length >= 0x7fffffff) return undefined;
  const starts = new Int32Array(rows);
  const ends = new Int32Array(rows);
  // Uncompressed pages are ranges of the chunk itself; decompressed pages are copied into one pool.
  const inPlace = chunk.codec === 'UNCOMPRESSED';
  let pool = inPlace ? chunk.bytes : new Uint8Array(0);
  let used = 0;
  const place = (page: Uint8Array): number => {
    if (inPlace) return page.byteOffset - chunk.bytes.byteOffset;
    if (used + page.length >= 0x7fffffff) return -1;
    if (used + page.length > pool.length) {
      const bigger = new Uint8Array(Math.max(pool.length * 2, used + page.length, 1 << 16));
      bigger.set(pool.subarray(0, used));
      pool = bigger;
    }
    pool.set(page, used);
    used += page.length;
    return used - page.length;
  };
  let dictStarts: Int32Array | undefined;
  let dictEnds: Int32Array | undefined;
  const ok = eachPage(tools, chunk, {
    dictionary(page, count) {
      if (count < 0) return false;
      const base = place(page);
      dictStarts = new Int32Array(count);
      dictEnds = new Int32Array(count);
      return base >= 0 && byteRanges(page, 0, count, dictStarts, dictEnds, 0, base) >= 0;
    },
    plain(page, at, count, row) {
      const base = place(page);
      return base >= 0 && byteRanges(page, at, count, starts, ends, row, base) >= 0;
    },
    indices(indices, count, row) {
      if (!dictStarts || !dictEnds) return false;
      const n = dictStarts.length;
      for (let i = 0; i < count; i++) {
        const k = indices[i];
        if (k < 0 || k >= n) return false;
        starts[row + i] = dictStarts[k];
        ends[row + i] = dictEnds[k];
      }
      return true;
    },
  });
  return ok ? { bytes: pool, starts, ends } : undefined;
}

/** A DOUBLE, FLOAT or INT32 column chunk as one typed array; undefined when the fast path cannot read it. */
export function readNumberColumn(tools: PageTools, chunk: ChunkBytes, type: 'DOUBLE' | 'FLOAT' | 'INT32'): NumberColumn | undefined {
  const make = (n: number): NumberColumn =>
    type === 'DOUBLE' ? new Float64Array(n) : type === 'FLOAT' ? new Float32Array(n) : new Int32Array(n);
  const width = type === 'DOUBLE' ? 8 : 4;
  const out = make(chunk.rows);
  // PLAIN values from `at`: copied as bytes (little-endian, as the typed arrays of every platform Node runs on).
  const plainInto = (target: NumberColumn, to: number, page: Uint8Array, at: number, count: number): boolean => {
    if (at + count * width > page.length) return false;
    new Uint8Array(target.buffer, target.byteOffset + to * width, count * width).set(page.subarray(at, at + count * width));
    return true;
  };
  let dictionary: NumberColumn | undefined;
  const ok = eachPage(tools, chunk, {
    dictionary(page, count) {
      if (count < 0) return false;
      dictionary = make(count);
      return plainInto(dictionary, 0, page, 0, count);
    },
    plain: (page, at, count, row) => plainInto(out, row, page, at, count),
    indices(indices, count, row) {
      if (!dictionary) return false;
      const n = dictionary.length;
      for (let i = 0; i < count; i++) {
        const k = indices[i];
        if (k < 0 || k >= n) return false;
        out[row + i] = dictionary[k];
      }
      return true;
    },
  });
  return ok ? out : undefined;
}
