/**
 * A row's values as the fields of the TREC line it is written as: the one rule for the CLI's
 * conversion (trecLines.ts) and the editor's reading of the same rows (shared/trecdoc), so no Node
 * module here (the web-worker server bundles it).
 */
import { isSpace } from '../fields';

/** A value read from a row: a byte string (Latin-1, one character per byte), or a number, or nothing. */
export type RowValue = string | number | bigint | boolean | null | undefined;

/** An id as a byte string for a TREC field: text or a whole number; none when it is empty or holds a blank. */
export function idText(v: RowValue): string | undefined {
  const text =
    typeof v === 'string' ? v : typeof v === 'number' && Number.isFinite(v) ? String(v) : typeof v === 'bigint' ? String(v) : undefined;
  if (text === undefined || text === '') return undefined;
  for (let i = 0; i < text.length; i++) if (isSpace(text.charCodeAt(i))) return undefined;
  return text;
}

/**
 * A grade, score or rank as the TREC field the readers read: a number as its shortest text that
 * reads back to the same double (so 1.0 is "1" and 1e400 is "Infinity", read as inf), a string as
 * written, without the blanks around it (so "0x10", "nan" and "2.5" meet the readers' rules as they
 * would in a TREC file); none when missing, empty, a boolean or holding a blank inside.
 */
export function numberText(v: RowValue): string | undefined {
  if (typeof v === 'number') return Number.isNaN(v) ? 'nan' : v === Infinity ? 'inf' : v === -Infinity ? '-inf' : String(v);
  if (typeof v === 'bigint') return String(v);
  if (typeof v !== 'string') return undefined;
  let from = 0;
  let to = v.length;
  while (from < to && isSpace(v.charCodeAt(from))) from++;
  while (to > from && isSpace(v.charCodeAt(to - 1))) to--;
  const text = v.slice(from, to);
  return idText(text);
}
