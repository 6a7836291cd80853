/** The distributions under the tests, against SciPy 1.10.1's norm.sf, t.sf and t.ppf (values printed once, written out). */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { normalSf, studentTwoSided, studentTwoSidedQuantile } from '../../shared/stats/distributions';

describe('normal tail', () => {
  const sf: [number, number][] = [
    [0.5, 0.3085375387259869],
    [1.96, 0.024997895148220435],
    [3.3, 0.00048342414238377744],
    [6, 9.865876450376946e-10],
    [9, 1.1285884059538324e-19],
  ];
  for (const [z, p] of sf) {
    it(`P(Z > ${z}) = ${p}`, () => assert.ok(Math.abs(normalSf(z) - p) <= 1e-14 + 1e-9 * p, `${normalSf(z)}`));
  }
  it('is symmetric: P(Z > −1.96) = 1 − P(Z > 1.96)', () => assert.ok(Math.abs(normalSf(-1.96) - (1 - 0.024997895148220435)) < 1e-14));
});

describe("Student's t", () => {
  const twoSided: [number, number, number][] = [
    [0.3, 1, 0.8144528418445154],
    [2, 3, 0.1393259685588431],
    [2.5, 9, 0.03386182768298571],
    [1.1, 40, 0.2779083539713532],
    [4, 200, 8.913095218593457e-5],
    [-1.5, 7, 0.17729848698997003],
  ];
  for (const [t, df, p] of twoSided) {
    it(`P(|T| ≥ ${Math.abs(t)}), ${df} df = ${p}`, () =>
      assert.ok(Math.abs(studentTwoSided(t, df) - p) < 1e-12 + 1e-9 * p, `${studentTwoSided(t, df)}`));
  }
  const quantiles: [number, number][] = [
    [1, 12.706204736432095],
    [4, 2.7764451051977987],
    [9, 2.2621571627409915],
    [29, 2.045229642132703],
    [999, 1.9623414611334487],
  ];
  for (const [df, t] of quantiles) {
    it(`t(0.975, ${df} df) = ${t}`, () =>
      assert.ok(Math.abs(studentTwoSidedQuantile(0.05, df) - t) < 1e-9, `${studentTwoSidedQuantile(0.05, df)}`));
  }
});
