/**
 * Parquet's RLE/bit-packed hybrid of dictionary indices as the fast path reads it (readHybrid): the
 * Parquet format's own example of bit-packing, a run of one value, and the same values hyparquet's
 * readRleBitPackedHybrid reads from every width the fast path takes.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { readHybrid } from '../../shared/trec/read/formats/parquetColumns';

// Bit-packs `values` of `width` bits, least significant bit first, in groups of 8 (the last padded with zeros).
function bitPacked(values: number[], width: number): number[] {
  const groups = Math.ceil(values.length / 8);
  const bytes = new Array<number>(groups * width).fill(0);
  values.forEach((v, i) => {
    for (let b = 0; b < width; b++) if ((v >>> b) & 1) bytes[(i * width + b) >> 3] |= 1 << ((i * width + b) & 7);
  });
  return [...varint((groups << 1) | 1), ...bytes];
}

function varint(n: number): number[] {
  const out: number[] = [];
  for (let v = n; ; v = Math.floor(v / 128)) {
    if (v < 128) return [...out, v];
    out.push((v & 0x7f) | 0x80);
  }
}

// A run of `count` copies of `value`, in ceil(width / 8) bytes.
function run(value: number, count: number, width: number): number[] {
  const bytes = Array.from({ length: (width + 7) >> 3 }, (_, i) => (value >>> (8 * i)) & 0xff);
  return [...varint(count << 1), ...bytes];
}

describe('Parquet dictionary indices (readHybrid)', () => {
  it("reads the format's example, 0 to 7 bit-packed in 3 bits (10001000 11000110 11111010), then a run of five 4s", () => {
    const page = new Uint8Array([0, 0, 3, 0x88, 0xc6, 0xfa, 10, 4]);
    const out = new Int32Array(13);
    assert.equal(readHybrid(page, 2, 3, out), true);
    assert.deepEqual([...out], [0, 1, 2, 3, 4, 5, 6, 7, 4, 4, 4, 4, 4]);
  });

  it('stops at the values wanted in a padded last group, and refuses a page that ends too soon', () => {
    // 10 values in two groups of 8 (16 packed, 6 of them padding), 5 bits each.
    const values = [31, 0, 17, 4, 9, 30, 1, 2, 22, 23];
    const out = new Int32Array(10);
    assert.equal(readHybrid(new Uint8Array(bitPacked(values, 5)), 0, 5, out), true);
    assert.deepEqual([...out], values);
    const cut = bitPacked(values, 5).slice(0, 7); // the header and 6 of the 10 bytes: the 10 values need 50 bits, 7 bytes
    assert.equal(readHybrid(new Uint8Array(cut), 0, 5, new Int32Array(10)), false);
    assert.equal(readHybrid(new Uint8Array(run(3, 4, 9).slice(0, 2)), 0, 9, new Int32Array(4)), false);
  });

  it('reads what hyparquet reads, width by width from 1 to 24 bits, runs and packed groups mixed; at 25 bits, the values written', async () => {
    const { readRleBitPackedHybrid } = await import('hyparquet/src/encoding.js');
    let seed = 7;
    const next = () => (seed = (seed * 1103515245 + 12345) % 2147483648);
    for (let width = 1; width <= 25; width++) {
      const max = 2 ** width;
      const packed = Array.from({ length: 21 }, () => next() % max);
      const bytes = [...run(max - 1, 300, width), ...bitPacked(packed, width), ...run(next() % max, 2, width)];
      const page = new Uint8Array(bytes);
      const want = new Int32Array(300 + 21 + 2);
      const got = new Int32Array(want.length);
      readRleBitPackedHybrid({ view: new DataView(page.buffer), offset: 0 }, width, want, page.length);
      // The values written: a run of 300, then the 21 packed (the 2 after them are the last group's padding, 0).
      const expected = [...new Array<number>(300).fill(max - 1), ...packed, 0, 0];
      assert.equal(readHybrid(page, 0, width, got), true, `width ${width}`);
      assert.deepEqual([...got], expected, `width ${width}`);
      // hyparquet's reader (which the fast path leaves widths above 24 to) loses a bit of some values at 25.
      if (width <= 24) assert.deepEqual([...want], expected, `hyparquet, width ${width}`);
      else assert.notDeepEqual([...want], expected);
    }
  });
});
