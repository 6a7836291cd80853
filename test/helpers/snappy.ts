/**
 * Snappy's block format (github.com/google/snappy, format_description.txt), as Parquet's SNAPPY codec
 * holds each page: the length as a varint, then literals and copies of earlier bytes (2-byte
 * offsets). A greedy compressor for tests: no Snappy compressor is installed (hyparquet only
 * decompresses), and a page of literals alone would leave hyparquet's copies untried.
 */

/** The Snappy block of `input`. */
export function snappyCompress(input: Uint8Array): Uint8Array {
  const out: number[] = [];
  for (let n = input.length; ; n >>>= 7) {
    if (n < 0x80) {
      out.push(n);
      break;
    }
    out.push((n & 0x7f) | 0x80);
  }
  const last = new Map<number, number>(); // 4 bytes → where they were last seen
  let literalStart = 0;
  let i = 0;
  while (i + 4 <= input.length) {
    const key = input[i] | (input[i + 1] << 8) | (input[i + 2] << 16) | (input[i + 3] << 24);
    const seen = last.get(key);
    last.set(key, i);
    if (seen === undefined || i - seen > 0xffff) {
      i++;
      continue;
    }
    let length = 4;
    while (i + length < input.length && input[seen + length] === input[i + length]) length++;
    literal(out, input, literalStart, i);
    for (let left = length; left > 0;) {
      // A copy with a 2-byte offset holds 1 to 64 bytes; one of 1 to 3 bytes is not written (4 at least, as Snappy's compressor does).
      const take = left > 64 ? (left - 64 < 4 ? 60 : 64) : left;
      out.push(((take - 1) << 2) | 2, (i - seen) & 0xff, (i - seen) >> 8);
      left -= take;
    }
    i += length;
    literalStart = i;
  }
  literal(out, input, literalStart, input.length);
  return Uint8Array.from(out);
}

// Bytes input[from, to) as literals (each up to 2^16 bytes: a tag, then the length less one in 1 or 2 bytes when 60 or more).
function literal(out: number[], input: Uint8Array, from: number, to: number): void {
  for (let at = from; at < to;) {
    const n = Math.min(to - at, 1 << 16);
    if (n <= 60) out.push((n - 1) << 2);
    else if (n <= 256) out.push(60 << 2, n - 1);
    else out.push(61 << 2, (n - 1) & 0xff, (n - 1) >> 8);
    for (let k = 0; k < n; k++) out.push(input[at + k]);
    at += n;
  }
}
