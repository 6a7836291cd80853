/**
 * TREC files are read as bytes, as trec_eval reads them: each file is decoded as Latin-1, so every
 * character of the text is one byte of the file. Ids stay byte strings (two ids that differ in any
 * byte stay two ids, valid UTF-8 or not), and compare as strcmp compares them. These helpers turn
 * byte strings into text for people (messages, JSON) and back.
 */
import { Buffer, isUtf8 } from 'node:buffer';

/** A UTF-16 string as the byte string of its UTF-8 encoding (what reading its file as bytes gives). */
export function byteString(text: string): string {
  return Buffer.from(text, 'utf8').toString('latin1');
}

/** A byte string (one character per byte) as its bytes. */
export function latin1Bytes(bytes: string): Uint8Array {
  return Buffer.from(bytes, 'latin1');
}

/** A byte string as the bytes readers are fed, ending with a line break. */
export function textBytes(text: string): Uint8Array {
  return latin1Bytes(text.length === 0 || text.endsWith('\n') ? text : `${text}\n`);
}

type Latin1Slicing = Buffer & { latin1Slice(start: number, end: number): string };

/** bytes[from, to) as a byte string (one character per byte): how the readers turn a line they cannot read fast into text. */
export function latin1(bytes: Uint8Array, from: number, to: number): string {
  const buffer = Buffer.isBuffer(bytes) ? bytes : Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  return (buffer as Latin1Slicing).latin1Slice(from, to);
}

/** Whether every character is below 0x80, so that the byte string is also the text. */
function isAscii(bytes: string): boolean {
  for (let i = 0; i < bytes.length; i++) if (bytes.charCodeAt(i) >= 0x80) return false;
  return true;
}

/**
 * A byte string as text for people: its UTF-8 where it is valid, each other byte (and each
 * control character) as \xNN, so that an id is named as it is in the file.
 */
export function shownBytes(bytes: string): string {
  if (isAscii(bytes) && !/[\x00-\x1f\x7f]/.test(bytes)) return bytes;
  const buffer = Buffer.from(bytes, 'latin1');
  if (isUtf8(buffer)) return escapeControls(buffer.toString('utf8'));
  let out = '';
  for (let i = 0; i < buffer.length;) {
    const n = utf8Length(buffer, i);
    if (n > 0) {
      out += escapeControls(buffer.toString('utf8', i, i + n));
      i += n;
    } else {
      out += hex(buffer[i]);
      i++;
    }
  }
  return out;
}

/**
 * A byte string as an id held as text (a fixture's case or item id): its UTF-8 where it is valid,
 * else the bytes themselves, one character each, so that two ids that differ stay apart.
 */
export function idFromBytes(bytes: string): string {
  if (isAscii(bytes)) return bytes;
  const buffer = Buffer.from(bytes, 'latin1');
  return isUtf8(buffer) ? buffer.toString('utf8') : bytes;
}

/** The UTF-16 length of the text the bytes [from, to) of a byte string stand for (a column in an editor). */
export function utf16Column(bytes: string, from: number, to: number): number {
  const slice = bytes.slice(from, to);
  return isAscii(slice) ? slice.length : Buffer.from(slice, 'latin1').toString('utf8').length;
}

function escapeControls(text: string): string {
  return text.replace(/[\x00-\x1f\x7f]/g, (c) => hex(c.charCodeAt(0)));
}

function hex(byte: number): string {
  return `\\x${byte.toString(16).toUpperCase().padStart(2, '0')}`;
}

// The length of the valid UTF-8 sequence starting at i, or 0 when the byte there starts none.
function utf8Length(b: Buffer, i: number): number {
  const c = b[i];
  const n = c < 0x80 ? 1 : c >= 0xc2 && c <= 0xdf ? 2 : c >= 0xe0 && c <= 0xef ? 3 : c >= 0xf0 && c <= 0xf4 ? 4 : 0;
  if (n === 0 || i + n > b.length) return 0;
  return isUtf8(b.subarray(i, i + n)) ? n : 0;
}
