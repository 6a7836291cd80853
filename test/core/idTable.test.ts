/**
 * The id table behind rankCase: an open-addressing table of FNV-1a hashes, sized to a power of two at
 * least twice the case's ids (64 at least), that never shrinks. Each test makes a table of its own,
 * so the table starts empty whatever ran before in the same process.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { IdTable } from '../../shared/core/idTable';

function freshTable(): IdTable {
  return new IdTable();
}

// A new id comes back as −slot − 1, a known one as its slot.
const newSlot = (s: number) => -s - 1;

describe('the id table', () => {
  it('sizes itself to 64 slots for up to 31 ids, 128 from 32 (2 · 32 + 1 = 65 > 64), and never shrinks', () => {
    const t = freshTable();
    t.beginCase(0);
    assert.equal(t.tableSize(), 64);
    t.beginCase(31);
    assert.equal(t.tableSize(), 64);
    t.beginCase(32);
    assert.equal(t.tableSize(), 128);
    t.beginCase(3);
    assert.equal(t.tableSize(), 128);
  });

  it('puts an id at its FNV-1a hash modulo the size: "a" hashes to 0xe40c292c, slot 44 of 64, 44 of 128', () => {
    const t = freshTable();
    t.beginCase(10);
    assert.equal(t.slotOf('a'), newSlot(44));
    assert.equal(t.slotOf('a'), 44, 'the second time it is known');
    const big = freshTable();
    big.beginCase(40);
    assert.equal(big.slotOf('doc1'), newSlot(0x66eb966c & 127), '"doc1" hashes to 0x66eb966c: slot 108 of 128');
  });

  it('probes to the next free slot on a collision: "a" 44, "doc1" (also 44) 45, "z" (45) 46', () => {
    const t = freshTable();
    t.beginCase(3);
    assert.deepEqual(
      ['a', 'doc1', 'z'].map((id) => t.slotOf(id)),
      [newSlot(44), newSlot(45), newSlot(46)],
    );
    assert.deepEqual(
      ['z', 'doc1', 'a'].map((id) => t.slotOf(id)),
      [46, 45, 44],
    );
  });

  it("forgets the last case's ids when a new case begins", () => {
    const t = freshTable();
    t.beginCase(2);
    assert.equal(t.slotOf('doc1'), newSlot(44));
    t.beginCase(2);
    assert.equal(t.slotOf('a'), newSlot(44), 'slot 44 is free again');
  });
});
