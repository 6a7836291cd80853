/**
 * A small Parquet writer for tests and benchmarks (no Parquet writer is installed: hyparquet only
 * reads): row groups of pages, columns of strings (UTF-8 bytes as given), doubles,
 * 64-bit or 32-bit integers, each optional (null allowed) or required, each PLAIN or, as pyarrow and
 * pandas write by default, dictionary-encoded (a PLAIN dictionary page, then data pages of
 * RLE_DICTIONARY indices, bit-packed in groups of 8 and the rest in runs). Written from the Parquet
 * format's Thrift definitions (parquet.thrift), in Thrift's compact protocol. Pages may be
 * compressed with Snappy (./snappy.ts), pyarrow's default, or gzip (Node's zlib).
 */
import { gzipSync } from 'node:zlib';
import { snappyCompress } from './snappy';

/** A column: its name, type, and one value per row (null for none, only when `optional`). */
export interface ParquetColumn {
  name: string;
  type: 'string' | 'double' | 'int64' | 'int32';
  values: readonly (string | Uint8Array | number | bigint | null)[];
  optional?: boolean;
  /** A dictionary page and RLE_DICTIONARY data pages (pyarrow's default) rather than PLAIN values. */
  dictionary?: boolean;
  /** Rows per data page (all in one page when not given). */
  pageRows?: number;
  /** How its pages are compressed: uncompressed when not given; Snappy (pyarrow's default), gzip, or a codec named but not applied (for a reader's refusal). */
  codec?: 'SNAPPY' | 'GZIP' | { unapplied: 'ZSTD' | 'LZ4_RAW' };
}

const PHYSICAL = { string: 6, double: 5, int64: 2, int32: 1 } as const;
// parquet.thrift's CompressionCodec.
const CODECS = { UNCOMPRESSED: 0, SNAPPY: 1, GZIP: 2, ZSTD: 6, LZ4_RAW: 7 } as const;

/** The bytes of a Parquet file holding `columns` (all of the same length) in one row group. */
export function parquetFile(columns: readonly ParquetColumn[]): Uint8Array {
  const parts: Uint8Array[] = [];
  const writer = new ParquetWriter(
    columns.map(({ name, type, optional, dictionary, pageRows, codec }) => ({ name, type, optional, dictionary, pageRows, codec })),
    (bytes) => parts.push(bytes),
  );
  writer.rowGroup(columns.map((c) => c.values));
  writer.end();
  return concat(parts);
}

/** A Parquet file written row group by row group to `sink` (a file written as it goes, for large files). */
export class ParquetWriter {
  private offset = 4;
  // The chunks' sizes had their pages not been compressed (total_uncompressed_size).
  private plainSize = 0;
  private rows = 0;
  private groups: Uint8Array[] = [];

  constructor(
    private schema: readonly Omit<ParquetColumn, 'values'>[],
    private sink: (bytes: Uint8Array) => void,
  ) {
    sink(ascii('PAR1'));
  }

  /** Writes one row group: each column's values, in schema order. */
  rowGroup(values: readonly ParquetColumn['values'][]): void {
    const count = values[0]?.length ?? 0;
    const chunks: Uint8Array[] = [];
    const start = this.offset;
    this.schema.forEach((c, i) => {
      const column = { ...c, values: values[i] };
      const chunkStart = this.offset;
      const plainSize = this.plainSize;
      let dictionaryOffset: number | undefined;
      let pages: ParquetColumn['values'][] = [column.values];
      let dictionary: Map<unknown, number> | undefined;
      if (c.dictionary) {
        dictionary = new Map();
        const entries: ParquetColumn['values'][number][] = [];
        for (const v of column.values) {
          if (v !== null && !dictionary.has(dictionaryKey(v))) {
            dictionary.set(dictionaryKey(v), entries.length);
            entries.push(v);
          }
        }
        const page = plainValues(c.type, entries);
        dictionaryOffset = this.offset;
        this.page(
          page,
          [
            [
              7,
              'struct',
              struct([
                [1, 'i32', entries.length],
                [2, 'i32', 0],
              ]),
            ],
          ],
          2,
          c.codec,
        );
      }
      if (c.pageRows) {
        pages = [];
        for (let at = 0; at < column.values.length; at += c.pageRows) pages.push(column.values.slice(at, at + c.pageRows));
      }
      const dataOffset = this.offset;
      for (const values of pages) {
        const page = pageData({ ...column, values }, dictionary);
        this.page(
          page,
          [
            [
              5,
              'struct',
              struct([
                [1, 'i32', values.length],
                [2, 'i32', dictionary ? 8 : 0],
                [3, 'i32', 3],
                [4, 'i32', 3],
              ]),
            ],
          ],
          0,
          c.codec,
        );
      }
      const size = this.offset - chunkStart;
      const codec = c.codec === undefined ? 'UNCOMPRESSED' : typeof c.codec === 'string' ? c.codec : c.codec.unapplied;
      const meta = struct([
        [1, 'i32', PHYSICAL[c.type]],
        [2, 'list-i32', dictionary ? [0, 3, 8] : [0, 3]],
        [3, 'list-string', [c.name]],
        [4, 'i32', CODECS[codec]],
        [5, 'i64', count],
        [6, 'i64', this.plainSize - plainSize],
        [7, 'i64', size],
        [9, 'i64', dataOffset],
        ...(dictionaryOffset === undefined ? [] : ([[11, 'i64', dictionaryOffset]] as Field[])),
      ]);
      chunks.push(
        struct([
          [2, 'i64', chunkStart],
          [3, 'struct', meta],
        ]),
      );
    });
    this.groups.push(
      struct([
        [1, 'list-struct', chunks],
        [2, 'i64', this.offset - start],
        [3, 'i64', count],
      ]),
    );
    this.rows += count;
  }

  // One page: its header (type 0, a data page, unless given; sizes; the fields given), then its bytes, compressed with `codec`.
  private page(bytes: Uint8Array, fields: Field[], type = 0, codec?: ParquetColumn['codec']): void {
    const stored = codec === 'SNAPPY' ? snappyCompress(bytes) : codec === 'GZIP' ? new Uint8Array(gzipSync(bytes)) : bytes;
    const header = struct([[1, 'i32', type], [2, 'i32', bytes.length], [3, 'i32', stored.length], ...fields]);
    this.sink(header);
    this.sink(stored);
    this.offset += header.length + stored.length;
    this.plainSize += header.length + bytes.length;
  }

  /** Writes the footer: the schema and the row groups. */
  end(): void {
    const schema = [
      struct([
        [4, 'string', 'schema'],
        [5, 'i32', this.schema.length],
      ]),
      ...this.schema.map((c) =>
        struct([
          [1, 'i32', PHYSICAL[c.type]],
          [3, 'i32', c.optional ? 1 : 0],
          [4, 'string', c.name],
          ...(c.type === 'string' ? ([[6, 'i32', 0]] as Field[]) : []),
        ]),
      ),
    ];
    const footer = struct([
      [1, 'i32', 1],
      [2, 'list-struct', schema],
      [3, 'i64', this.rows],
      [4, 'list-struct', this.groups],
    ]);
    const length = new Uint8Array(4);
    new DataView(length.buffer).setUint32(0, footer.length, true);
    this.sink(footer);
    this.sink(length);
    this.sink(ascii('PAR1'));
  }
}

// The page: definition levels (optional columns), then the values present:
// PLAIN, or their indices in `dictionary` (the bit width in one byte, then bit-packed groups of 8,
// then a run of 1 for each value left).
function pageData(c: ParquetColumn, dictionary?: Map<unknown, number>): Uint8Array {
  const parts: Uint8Array[] = [];
  if (c.optional) {
    // One RLE run per stretch of equal levels (a header, count << 1, then the level in one byte), as pyarrow writes them.
    const runs: number[] = [];
    for (let i = 0; i < c.values.length;) {
      const level = c.values[i] === null ? 0 : 1;
      let j = i + 1;
      while (j < c.values.length && (c.values[j] === null ? 0 : 1) === level) j++;
      runs.push(...varint(BigInt(j - i) << 1n), level);
      i = j;
    }
    const levels = new Uint8Array(4 + runs.length);
    new DataView(levels.buffer).setUint32(0, runs.length, true);
    levels.set(runs, 4);
    parts.push(levels);
  }
  const present = c.values.filter((v) => v !== null);
  if (!dictionary) {
    parts.push(plainValues(c.type, present));
    return concat(parts);
  }
  const indices = present.map((v) => dictionary.get(dictionaryKey(v)) ?? 0);
  const width = Math.max(1, 32 - Math.clz32(dictionary.size - 1));
  const groups = Math.floor(indices.length / 8);
  parts.push(Uint8Array.of(width));
  if (groups > 0) {
    parts.push(Uint8Array.from(varint(BigInt(groups) * 2n + 1n)));
    const packed = new Uint8Array(groups * width);
    for (let i = 0; i < groups * 8; i++)
      for (let b = 0; b < width; b++) if ((indices[i] >> b) & 1) packed[(i * width + b) >> 3] |= 1 << ((i * width + b) & 7);
    parts.push(packed);
  }
  const runs: number[] = [];
  for (let i = groups * 8; i < indices.length; i++) {
    runs.push(2); // a run of 1
    for (let b = 0; b < width; b += 8) runs.push((indices[i] >> b) & 0xff);
  }
  parts.push(Uint8Array.from(runs));
  return concat(parts);
}

// A value as a key of the dictionary: bytes and strings each by their content.
function dictionaryKey(v: ParquetColumn['values'][number]): unknown {
  return v instanceof Uint8Array ? `b${Buffer.from(v).toString('latin1')}` : typeof v === 'string' ? `s${v}` : v;
}

// Values one after the other, as PLAIN writes them.
function plainValues(type: ParquetColumn['type'], present: ParquetColumn['values']): Uint8Array {
  if (type === 'string') {
    const encoded = present.map((v) => (typeof v === 'string' ? Buffer.from(v, 'utf8') : (v as Uint8Array)));
    const out = Buffer.alloc(encoded.reduce((n, b) => n + 4 + b.length, 0));
    let at = 0;
    for (const b of encoded) {
      out.writeUInt32LE(b.length, at);
      out.set(b, at + 4);
      at += 4 + b.length;
    }
    return out;
  }
  const width = type === 'int32' ? 4 : 8;
  const out = Buffer.alloc(width * present.length);
  present.forEach((v, i) => {
    if (type === 'double') out.writeDoubleLE(Number(v), 8 * i);
    else if (type === 'int64') out.writeBigInt64LE(BigInt(v as number | bigint), 8 * i);
    else out.writeInt32LE(Number(v), 4 * i);
  });
  return out;
}

type Field =
  | [number, 'i32' | 'i64', number]
  | [number, 'string', string]
  | [number, 'struct', Uint8Array]
  | [number, 'list-i32', number[]]
  | [number, 'list-string', string[]]
  | [number, 'list-struct', Uint8Array[]];

// A Thrift compact-protocol struct: each field's header (id delta and type), its value, then a stop byte.
function struct(fields: readonly Field[]): Uint8Array {
  const out: number[] = [];
  let last = 0;
  const TYPE = { i32: 5, i64: 6, string: 8, struct: 12, 'list-i32': 9, 'list-string': 9, 'list-struct': 9 } as const;
  for (const [id, type, value] of fields) {
    out.push(((id - last) << 4) | TYPE[type]);
    last = id;
    if (type === 'i32' || type === 'i64') out.push(...varint(zigzag(value as number)));
    else if (type === 'string') out.push(...binary(value as string));
    else if (type === 'struct') out.push(...(value as Uint8Array));
    else {
      const list = value as unknown[];
      const elem = type === 'list-i32' ? 5 : type === 'list-string' ? 8 : 12;
      if (list.length < 15) out.push((list.length << 4) | elem);
      else out.push(0xf0 | elem, ...varint(BigInt(list.length)));
      for (const x of list) {
        if (type === 'list-i32') out.push(...varint(zigzag(x as number)));
        else if (type === 'list-string') out.push(...binary(x as string));
        else out.push(...(x as Uint8Array));
      }
    }
  }
  out.push(0);
  return Uint8Array.from(out);
}

function zigzag(n: number): bigint {
  const b = BigInt(n);
  return b >= 0n ? b << 1n : (-b << 1n) - 1n;
}

function varint(n: bigint): number[] {
  const out: number[] = [];
  let v = n;
  do {
    let byte = Number(v & 0x7fn);
    v >>= 7n;
    if (v > 0n) byte |= 0x80;
    out.push(byte);
  } while (v > 0n);
  return out;
}

function binary(s: string): number[] {
  const bytes = new TextEncoder().encode(s);
  return [...varint(BigInt(bytes.length)), ...bytes];
}

function ascii(s: string): Uint8Array {
  return Uint8Array.from(s, (c) => c.charCodeAt(0));
}

function concat(parts: readonly Uint8Array[]): Uint8Array {
  const out = new Uint8Array(parts.reduce((n, p) => n + p.length, 0));
  let at = 0;
  for (const p of parts) {
    out.set(p, at);
    at += p.length;
  }
  return out;
}
