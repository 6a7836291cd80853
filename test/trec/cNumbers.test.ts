/** Numbers as trec_eval's C reads them (atof for scores, atol for grades), and the words other tools accept. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cAtof, cAtol, namedFloat } from '../../shared/trec/cNumbers';

describe('cAtof reads as glibc\'s strtod', () => {
  it('reads the infinities and NaN in any case, with a sign, as the whole word or its prefix', () => {
    const cases: [string, number][] = [
      ['inf', Infinity], ['+inf', Infinity], ['-inf', -Infinity], ['INFINITY', Infinity], ['-Infinity', -Infinity],
      ['infinite', Infinity], // "inf" is the longest prefix strtod takes
      ['nan', NaN], ['-NaN', NaN], ['nan(0x1)', NaN],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });

  it('reads hexadecimal floats, their sign and binary exponent', () => {
    const cases: [string, number][] = [
      ['0x10', 16], ['-0x10', -16], ['+0X1F', 31], ['0x1p-3', 0.125], ['-0x1P+4', -16], ['0x0.8', 0.5], ['0x01', 1],
      ['0x0', 0], ['0x.8p1', 1], ['0x10zz', 16],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });

  it('reads decimals with their exponent, the number at the start of junk, and 0 for no number', () => {
    const cases: [string, number][] = [['1e-3', 0.001], ['2abc', 2], ['.5x', 0.5], ['-7.25e+1', -72.5], ['1e400', Infinity], ['abc', 0], ['', 0], ['-', 0]];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });
});

describe('cAtol reads as atol on a 64-bit long', () => {
  it('takes the whole number at the start, 0 when the text does not start with one', () => {
    const cases: [string, number][] = [['12x', 12], ['x12', 0], ['1e2', 1], ['-3.9', -3], ['+4', 4], ['-0', 0], ['', 0]];
    for (const [text, value] of cases) assert.ok(Object.is(cAtol(text), value), `${text}: ${cAtol(text)}`);
  });

  it('saturates at the long\'s range, both ways', () => {
    assert.equal(cAtol('99999999999999999999'), 9223372036854775807);
    assert.equal(cAtol('-99999999999999999999'), -9223372036854775808);
  });
});

describe('namedFloat', () => {
  it('takes exactly the words Python\'s float() takes for the infinities and NaN, with a sign', () => {
    const cases: [string, number | undefined][] = [
      ['inf', Infinity], ['+inf', Infinity], ['-inf', -Infinity], ['Infinity', Infinity], ['-INFINITY', -Infinity], ['nan', NaN], ['+NaN', NaN],
      ['infx', undefined], ['xinf', undefined], ['--inf', undefined], ['1', undefined], ['', undefined],
    ];
    for (const [text, value] of cases) assert.equal(namedFloat(text), value, text);
  });
});
