/**
 * A table from item id to a small slot number, for ranking one case at a time. A new Set and Map
 * per case (a grade lookup and a repeat check per prediction) were the largest cost of evaluation:
 * tables growing and rehashing up to the case's size for every case. This one open-addressing
 * table is reused across cases (a stamp marks which slots belong to the current case), so each id
 * costs one hash and one probe. Single-threaded use only, like everything in the core.
 */
// @ts-nocheck


let slotIds: (string | undefined)[] = [];
let slotStamp = new Int32Array(0);
let mask = -1;
let stamp = 0;

/** Starts a new case whose table will hold up to `expected` ids; earlier slots become empty. */
export function beginCase(expected: number): void {
  const wanted = Math.max(64, 2 ** Math.ceil(Math.log2(expected * 2 + 1)));
  if (wanted > mask + 1 || stamp >= 0x7fffffff) {
    // Grow (or wrap the stamp): a fresh table, so no stale slot can look current.
    const size = Math.max(wanted, mask + 1);
    slotIds = new Array(size);
    slotStamp = new Int32Array(size);
    mask = size - 1;
    stamp = 0;
  }
  stamp++;
}

/** The slot of `id` in the current case, and whether it was already there. */
export function slotOf(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) h = Math.imul(h ^ id.charCodeAt(i), 0x01000193);
  let s = h & mask;
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
export function tableSize(): number {
  return mask + 1;
}
