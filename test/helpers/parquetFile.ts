/**
 * A small Parquet writer for tests and benchmarks (no Parquet writer is installed: hyparquet only
 * reads): one row group, uncompressed PLAIN pages, columns of strings (UTF-8 bytes as given),
 * doubles, 64-bit or 32-bit integers, each optional (null allowed) or required. Written from the
 * Parquet format's Thrift definitions (parquet.thrift), in Thrift's compact protocol.
 */

/** A column: its name, type, and one value per row (null for none, only when `optional`). */
export interface ParquetColumn {
  name: string;
  type: 'string' | 'double' | 'int64' | 'int32';
  values: readonly (string | Uint8Array | number | bigint | null)[];
  optional?: boolean;
}

const PHYSICAL = { string: 6, double: 5, int64: 2, int32: 1 } as const;

/** The bytes of a Parquet file holding `columns` (all of the same length) in one row group. */
export function parquetFile(columns: readonly ParquetColumn[]): Uint8Array {
  const rows = columns[0]?.values.length ?? 0;
  const parts: Uint8Array[] = [ascii('PAR1')];
  let offset = 4;
  const chunks: number[][] = [];
  for (const c of columns) {
    const page = pageData(c);
    const header = struct([
      [1, 'i32', 0],
      [2, 'i32', page.length],
      [3, 'i32', page.length],
      [
        5,
        'struct',
        struct([
          [1, 'i32', c.values.length],
          [2, 'i32', 0],
          [3, 'i32', 3],
          [4, 'i32', 3],
        ]),
      ],
    ]);
    const meta = struct([
      [1, 'i32', PHYSICAL[c.type]],
      [2, 'list-i32', [0, 3]],
      [3, 'list-string', [c.name]],
      [4, 'i32', 0],
      [5, 'i64', c.values.length],
      [6, 'i64', header.length + page.length],
      [7, 'i64', header.length + page.length],
      [9, 'i64', offset],
    ]);
    chunks.push([
      ...struct([
        [2, 'i64', offset],
        [3, 'struct', meta],
      ]),
    ]);
    parts.push(header, page);
    offset += header.length + page.length;
  }
  const schema = [
    struct([
      [4, 'string', 'schema'],
      [5, 'i32', columns.length],
    ]),
    ...columns.map((c) =>
      struct([
        [1, 'i32', PHYSICAL[c.type]],
        [3, 'i32', c.optional ? 1 : 0],
        [4, 'string', c.name],
        ...(c.type === 'string' ? ([[6, 'i32', 0]] as Field[]) : []),
      ]),
    ),
  ];
  const rowGroup = struct([
    [1, 'list-struct', chunks.map((c) => Uint8Array.from(c))],
    [2, 'i64', offset - 4],
    [3, 'i64', rows],
  ]);
  const footer = struct([
    [1, 'i32', 1],
    [2, 'list-struct', schema],
    [3, 'i64', rows],
    [4, 'list-struct', [rowGroup]],
  ]);
  const length = new Uint8Array(4);
  new DataView(length.buffer).setUint32(0, footer.length, true);
  parts.push(footer, length, ascii('PAR1'));
  return concat(parts);
}

// The page: definition levels (optional columns: one RLE run per value), then the PLAIN values present.
function pageData(c: ParquetColumn): Uint8Array {
  const out: number[] = [];
  if (c.optional) {
    const levels: number[] = [];
    for (const v of c.values) levels.push(2, v === null ? 0 : 1); // a run of 1 (1 << 1), then the level in one byte
    out.push(...le32(levels.length), ...levels);
  }
  for (const v of c.values) {
    if (v === null) continue;
    if (c.type === 'string') {
      const bytes = typeof v === 'string' ? new TextEncoder().encode(v) : (v as Uint8Array);
      out.push(...le32(bytes.length), ...bytes);
    } else if (c.type === 'double') {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setFloat64(0, Number(v), true);
      out.push(...b);
    } else if (c.type === 'int64') {
      const b = new Uint8Array(8);
      new DataView(b.buffer).setBigInt64(0, BigInt(v as number | bigint), true);
      out.push(...b);
    } else out.push(...le32(Number(v)));
  }
  return Uint8Array.from(out);
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

function le32(n: number): number[] {
  return [n & 0xff, (n >>> 8) & 0xff, (n >>> 16) & 0xff, (n >>> 24) & 0xff];
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
