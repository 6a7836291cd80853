/**
 * A table from item id to a small slot number, for ranking one case at a time. A new Set and Map
 * per case (a grade lookup and a repeat check per prediction) were the largest cost of evaluation:
 * tables growing and rehashing up to the case's size for every case. One open-addressing table is
 * reused across the cases of its owner (a stamp marks which slots belong to the current case), so
 * each id costs one hash and one probe. The owner makes it (a CaseScratch holds one) and keeps it
 * to one case at a time; a class, so that its slots and stamp stay its own.
 */
import { hashText } from './hash';

/** Item id → slot, for the ids of one case at a time (see above). */
export class IdTable {
  private slotIds: (string | undefined)[] = [];
  private slotStamp = new Int32Array(0);
  private mask = -1;
  private stamp = 0;

  /** Starts a new case whose table will hold up to `expected` ids; earlier slots become empty. */
  beginCase(expected: number): void {
    const wanted = Math.max(64, 2 ** Math.ceil(Math.log2(expected * 2 + 1)));
    if (wanted > this.mask + 1 || this.stamp >= 0x7fffffff) {
      // Grow (or wrap the stamp): a fresh table, so no stale slot can look current.
      const size = Math.max(wanted, this.mask + 1);
      this.slotIds = new Array(size);
      this.slotStamp = new Int32Array(size);
      this.mask = size - 1;
      this.stamp = 0;
    }
    this.stamp++;
  }

  /** The slot of `id` in the current case, and whether it was already there. */
  slotOf(id: string): number {
    const { slotIds, slotStamp, mask, stamp } = this;
    let s = hashText(id) & mask;
    while (slotStamp[s] === stamp) {
      if (slotIds[s] === id) return s;
      s = (s + 1) & mask;
    }
    slotStamp[s] = stamp;
    slotIds[s] = id;
    // Encoded as −slot − 1 when new, so one call answers both questions.
    return -s - 1;
  }

  /** The number of slots, for arrays indexed by slot. */
  tableSize(): number {
    return this.mask + 1;
  }
}
