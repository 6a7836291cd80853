/**
 * FNV-1a, the one hash function of Ranklens: every table keyed by ids (strings or the bytes of a
 * TREC file) hashes with it. Hot loops that scan an id anyway fold each unit in with `fnvStep` as
 * they go (V8 inlines it), so no id is read twice to hash it.
 */

/** FNV-1a's offset basis: the hash of nothing. */
export const FNV_START = 0x811c9dc5;

/** The hash `h` with one more unit mixed in (a byte, or a UTF-16 code unit). */
export function fnvStep(h: number, unit: number): number {
  return Math.imul(h ^ unit, 0x01000193);
}

/** FNV-1a over bytes[from, to). */
export function hashBytes(bytes: Uint8Array, from: number, to: number): number {
  let h = FNV_START;
  for (let i = from; i < to; i++) h = fnvStep(h, bytes[i]);
  return h;
}

/** FNV-1a over the UTF-16 code units of text[from, to). */
export function hashText(text: string, from = 0, to = text.length): number {
  let h = FNV_START;
  for (let i = from; i < to; i++) h = fnvStep(h, text.charCodeAt(i));
  return h;
}

/**
 * The hash with its high bits mixed into its low ones, before the low bits pick a slot of a table:
 * FNV-1a's low bits depend only on the low bits of each unit.
 */
export function spreadBits(h: number): number {
  h ^= h >>> 16;
  h = Math.imul(h, 0x85ebca6b);
  return h ^ (h >>> 13);
}
