import { strict as assert } from 'node:assert';
import { describe, it } from 'node:test';
import { FNV_START, fnvStep, hashBytes, hashText, spreadBits } from '../../shared/core/hash';

describe('hash (FNV-1a, 32 bits)', () => {
  it('gives the published FNV-1a values (Fowler, Noll, Vo test vectors)', () => {
    assert.equal(hashText('') >>> 0, 0x811c9dc5);
    assert.equal(hashText('a') >>> 0, 0xe40c292c);
    assert.equal(hashText('foobar') >>> 0, 0xbf9cf968);
  });

  it('hashes bytes and Latin-1 text alike, and a part of either', () => {
    const bytes = Uint8Array.from([0x71, 0x31, 0x20, 0x66, 0x6f, 0x6f, 0x62, 0x61, 0x72]); // "q1 foobar"
    assert.equal(hashBytes(bytes, 3, 9) >>> 0, 0xbf9cf968);
    assert.equal(hashText('q1 foobar', 3, 9) >>> 0, 0xbf9cf968);
    assert.equal(hashBytes(bytes, 0, 0), FNV_START);
  });

  it('builds the same hash a unit at a time', () => {
    let h = FNV_START;
    for (const c of 'foobar') h = fnvStep(h, c.charCodeAt(0));
    assert.equal(h >>> 0, 0xbf9cf968);
  });

  it('spreads high bits into the low ones: ids that differ only in high bits land in different slots', () => {
    assert.equal(spreadBits(0), 0);
    assert.notEqual(spreadBits(0x10000) & 1023, spreadBits(0x20000) & 1023);
  });
});
