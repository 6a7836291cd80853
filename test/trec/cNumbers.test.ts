/** Numbers as trec_eval's C reads them (atof for scores, atol for grades), and the words other tools accept. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { cAtof, cAtol, namedFloat } from '../../shared/trec/read/cNumbers';
import { parseTrecMeasures } from '../../shared/trec';

describe("cAtof reads as glibc's strtod", () => {
  it('reads the infinities and NaN in any case, with a sign, as the whole word or its prefix', () => {
    const cases: [string, number][] = [
      ['inf', Infinity],
      ['+inf', Infinity],
      ['-inf', -Infinity],
      ['INFINITY', Infinity],
      ['-Infinity', -Infinity],
      ['infinite', Infinity], // "inf" is the longest prefix strtod takes
      ['nan', NaN],
      ['-NaN', NaN],
      ['nan(0x1)', NaN],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });

  it('reads hexadecimal floats, their sign and binary exponent', () => {
    const cases: [string, number][] = [
      ['0x10', 16],
      ['-0x10', -16],
      ['+0X1F', 31],
      ['0x1p-3', 0.125],
      ['-0x1P+4', -16],
      ['0x0.8', 0.5],
      ['0x01', 1],
      ['0x0', 0],
      ['0x.8p1', 1],
      ['0x10zz', 16],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });

  it("scales a hexadecimal float past 2^±1023 as strtod does: subnormals rounded once, zero stays zero (Python's float.fromhex)", () => {
    const cases: [string, number][] = [
      ['0x0p1100', 0],
      ['-0x0p2000', -0],
      ['0x1p-1074', 5e-324],
      ['0x1p-1075', 0],
      ['0x3p-1075', 1e-323],
      ['0x1.8p-1075', 5e-324],
      ['0x10p-1078', 5e-324],
      ['0xffp-1080', 2e-323],
      ['0x1p-1022', 2.2250738585072014e-308],
      ['0x123456789abcdef1p-1100', 9.657438622e-314],
      ['0x1p1023', 8.98846567431158e307],
      ['0x1.fffffffffffffp1023', 1.7976931348623157e308],
      ['0x1p1024', Infinity],
      ['0x1p99999', Infinity],
      ['0x1p-99999', 0],
    ];
    for (const [text, value] of cases) assert.ok(Object.is(cAtof(text), value), `${text}: ${cAtof(text)}, not ${value}`);
  });

  it('reads decimals with their exponent, the number at the start of junk, and 0 for no number', () => {
    const cases: [string, number][] = [
      ['1e-3', 0.001],
      ['2abc', 2],
      ['.5x', 0.5],
      ['-7.25e+1', -72.5],
      ['1e400', Infinity],
      ['abc', 0],
      ['', 0],
      ['-', 0],
    ];
    for (const [text, value] of cases) assert.equal(cAtof(text), value, text);
  });
});

describe('cAtol reads as atol on a 64-bit long', () => {
  it('takes the whole number at the start, 0 when the text does not start with one', () => {
    const cases: [string, number][] = [
      ['12x', 12],
      ['x12', 0],
      ['1e2', 1],
      ['-3.9', -3],
      ['+4', 4],
      ['-0', 0],
      ['', 0],
    ];
    for (const [text, value] of cases) assert.ok(Object.is(cAtol(text), value), `${text}: ${cAtol(text)}`);
  });

  it("saturates at the long's range, both ways", () => {
    assert.equal(cAtol('99999999999999999999'), 9223372036854775807);
    assert.equal(cAtol('-99999999999999999999'), -9223372036854775808);
  });
});

describe('leading whitespace', () => {
  it('is skipped as C skips it (isspace), and only that: not the no-break space or a byte-order mark', () => {
    const cases: [string, number, number][] = [
      [' \t5', 5, 5],
      ['\n\v\f\r 0.5', 0, 0.5],
      ['\u00a05', 0, 0],
      ['\ufeff1', 0, 0],
      ['  -inf', 0, -Infinity],
    ];
    for (const [text, atol, atof] of cases) assert.deepEqual([cAtol(text), cAtof(text)], [atol, atof], JSON.stringify(text));
  });
});

describe('the -m parameters read by the same atof and atol', () => {
  it("as trec_eval reads them: hexadecimal floats, C whitespace only, cutoffs saturated at the long's range", () => {
    assert.deepEqual(
      parseTrecMeasures(['iprec_at_recall.0x1p-1', 'Rprec_mult.0x1p1', 'rbp.p=0x1p-1']).rows.map((r) => r.spec.param),
      [0.5, 2, 0.5],
    );
    assert.deepEqual(parseTrecMeasures(['ndcg.1=0x10']).rows[0].spec.gains, [[1, 16]]);
    assert.deepEqual(
      parseTrecMeasures(['P. 5,\t10']).rows.map((r) => r.trecName),
      ['P_5', 'P_10'],
    );
    assert.deepEqual(parseTrecMeasures(['P.\u00a05']).errors, ['-m P.\u00a05: cutoffs must be positive.']);
    assert.deepEqual(
      parseTrecMeasures(['P.99999999999999999999']).rows.map((r) => r.spec.k),
      [9223372036854775807],
    );
  });
});

describe('namedFloat', () => {
  it("takes exactly the words Python's float() takes for the infinities and NaN, with a sign", () => {
    const cases: [string, number | undefined][] = [
      ['inf', Infinity],
      ['+inf', Infinity],
      ['-inf', -Infinity],
      ['Infinity', Infinity],
      ['-INFINITY', -Infinity],
      ['nan', NaN],
      ['+NaN', NaN],
      ['infx', undefined],
      ['xinf', undefined],
      ['--inf', undefined],
      ['1', undefined],
      ['', undefined],
    ];
    for (const [text, value] of cases) assert.equal(namedFloat(text), value, text);
  });
});
