/**
 * trec_eval orders tied documents by strcmp on their UTF-8 bytes, which is code point order; JavaScript
 * compares UTF-16 units, which differs above U+FFFF. compareText is strcmp's order.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { compareText } from '../../shared/core/ranking';

describe('comparing ids as trec_eval does (code point order)', () => {
  it('gives 0 for the same id, and orders a prefix first: "d1" < "d10"', () => {
    assert.equal(compareText('d7', 'd7'), 0);
    assert.equal(compareText('d1', 'd10'), -1);
    assert.equal(compareText('d10', 'd1'), 1);
    assert.equal(compareText('d2', 'd10'), 1, 'as text, "2" > "1"');
  });

  it('puts U+D7FF before U+E000 before U+10000 (UTF-8: ED 9F BF < EE 80 80 < F0 90 80 80)', () => {
    const below = '\ud7ff';
    const privateUse = '\ue000';
    const astral = '\u{10000}'; // UTF-16: D800 DC00, which sorts below E000 as UTF-16 units
    assert.equal(compareText(below, privateUse), -1);
    assert.equal(compareText(privateUse, astral), -1);
    assert.equal(compareText(astral, privateUse), 1);
    assert.equal(compareText(below, astral), -1);
    assert.equal(compareText('\uffff', '\u{1f600}'), -1, 'U+FFFF < U+1F600');
  });
});
