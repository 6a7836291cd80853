/** Byte strings shown to people: valid UTF-8 as text, every other byte and each control character as \xNN. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { byteString, shownBytes, utf16Column } from '../../shared/trec/read/byteText';

// The byte string of hex-written bytes (one character per byte, as the readers make them).
const bytes = (hex: string) => Buffer.from(hex.replace(/ /g, ''), 'hex').toString('latin1');

describe('shownBytes', () => {
  it('gives plain ASCII back as it is, and each control character (NUL, TAB, LF, DEL) as \\xNN', () => {
    assert.equal(shownBytes('doc-17'), 'doc-17');
    assert.equal(shownBytes('\x00a\tb\nc\x7f'), '\\x00a\\x09b\\x0Ac\\x7F');
    assert.equal(shownBytes('\x01'), '\\x01');
  });

  it('shows valid UTF-8 as its text, and a byte of Latin-1 (é as E9) as \\xE9', () => {
    assert.equal(shownBytes(bytes('63 61 66 c3 a9')), 'café');
    assert.equal(shownBytes(bytes('63 61 66 e9')), 'caf\\xE9');
    assert.equal(shownBytes(bytes('80')), '\\x80');
  });

  it("keeps each valid sequence of an invalid string as text, at the edges of each lead byte's range", () => {
    // Each valid character followed by FF, a byte UTF-8 never uses, so that the string is shown sequence by sequence.
    const cases: [string, string][] = [
      ['c2 a9 ff', '©\\xFF'], // C2: the first lead of a 2-byte sequence
      ['df bf ff', '\u07ff\\xFF'], // DF: the last
      ['e0 a0 80 ff', '\u0800\\xFF'], // E0: the first lead of a 3-byte sequence
      ['ef bf bd ff', '\ufffd\\xFF'], // EF: the last
      ['f0 90 80 80 ff', '\u{10000}\\xFF'], // F0: the first lead of a 4-byte sequence
      ['f4 8f bf bf ff', '\u{10ffff}\\xFF'], // F4: the last
      ['ff c3 a9', '\\xFFé'], // a sequence that ends the string
      ['ff 41 0a', '\\xFFA\\x0A'], // ASCII, and a control character, among invalid bytes
    ];
    for (const [hex, shown] of cases) assert.equal(shownBytes(bytes(hex)), shown, hex);
  });

  it('shows each byte of what is not a sequence: leads C0, C1 and F5, a lead without its continuation, a sequence cut short', () => {
    const cases: [string, string][] = [
      ['c1 80 ff', '\\xC1\\x80\\xFF'],
      ['f5 80 80 80', '\\xF5\\x80\\x80\\x80'],
      ['c3 41', '\\xC3A'],
      ['e2 82', '\\xE2\\x82'],
      ['41 f0 9f 98', 'A\\xF0\\x9F\\x98'],
    ];
    for (const [hex, shown] of cases) assert.equal(shownBytes(bytes(hex)), shown, hex);
  });
});

describe('utf16Column', () => {
  it('counts the UTF-16 units of the text the bytes stand for: é is 2 bytes and 1 unit, 😀 is 4 bytes and 2 units', () => {
    const line = byteString('é 😀 x');
    assert.equal(line.length, 9);
    assert.equal(utf16Column(line, 0, 2), 1);
    assert.equal(utf16Column(line, 0, 7), 4);
    assert.equal(utf16Column(line, 0, line.length), 6);
    assert.equal(utf16Column('plain', 1, 4), 3);
  });
});
