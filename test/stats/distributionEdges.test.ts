/**
 * The functions under the distributions, checked where they have a closed form, and the branches the
 * SciPy values of distributions.test.ts do not reach: ln Γ below ½ (the reflection), the incomplete
 * beta at and past its ends and on both sides of its switch, the normal tail past 7.07 and past 37,
 * t at 0, ±∞ and NaN, and the quantile cache.
 * The closed forms: I_x(1, 1) = x, I_x(a, 1) = x^a, I_x(1, b) = 1 − (1 − x)^b; for Student's t,
 * P(|T| ≥ t) = 1 − (2/π)·atan t with 1 df and 1 − t/√(t² + 2) with 2 df.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { incompleteBeta, lnGamma, normalSf, studentTwoSided, studentTwoSidedQuantile } from '../../shared/stats/distributions';

const close = (actual: number, expected: number, what: string, within = 1e-13) =>
  assert.ok(Math.abs(actual - expected) <= within * Math.max(1, Math.abs(expected)), `${what}: ${actual} vs ${expected}`);

describe('ln Γ', () => {
  it('Γ(1) = 1, Γ(5) = 24, Γ(½) = √π, Γ(3.5) = 15√π/8 (Python math.lgamma to 1e-13)', () => {
    close(lnGamma(1), 0, 'ln Γ(1)');
    close(lnGamma(5), Math.log(24), 'ln Γ(5)');
    close(lnGamma(0.5), 0.5 * Math.log(Math.PI), 'ln Γ(½)');
    close(lnGamma(3.5), Math.log((15 * Math.sqrt(Math.PI)) / 8), 'ln Γ(3.5)');
  });
  it('below ½ by the reflection Γ(x)·Γ(1 − x) = π / sin(πx): ln Γ(¼) = 1.2880225246980772, ln Γ(0.1) = 2.2527126517342055', () => {
    close(lnGamma(0.25), 1.2880225246980772, 'ln Γ(¼)');
    close(lnGamma(0.1), 2.2527126517342055, 'ln Γ(0.1)');
  });
});

describe('the regularized incomplete beta function', () => {
  it('I_x(1, 1) = x, I_x(2, 1) = x², below the switch point (a + 1)/(a + b + 2) and above it', () => {
    close(incompleteBeta(0.3, 1, 1), 0.3, 'I_0.3(1, 1)');
    close(incompleteBeta(0.8, 1, 1), 0.8, 'I_0.8(1, 1)');
    close(incompleteBeta(0.5, 2, 1), 0.25, 'I_0.5(2, 1)');
    close(incompleteBeta(0.9, 2, 1), 0.81, 'I_0.9(2, 1)');
  });
  it('I_x(1, 3) = 1 − (1 − x)³: 0.271 at x = 0.1 (the fraction directly), 0.875 at x = 0.5 (through 1 − I_{1−x}(3, 1))', () => {
    close(incompleteBeta(0.1, 1, 3), 0.271, 'I_0.1(1, 3)');
    close(incompleteBeta(0.5, 1, 3), 0.875, 'I_0.5(1, 3)');
  });
  it('is 0 at and below x = 0, 1 at and above x = 1', () => {
    assert.deepEqual(
      [incompleteBeta(0, 2, 3), incompleteBeta(-0.5, 2, 3), incompleteBeta(1, 2, 3), incompleteBeta(1.5, 2, 3)],
      [0, 0, 1, 1],
    );
  });
});

describe('the normal tail', () => {
  it('past 7.07 by the continued fraction: P(Z > 8) = 6.220960574271819e-16 (0.5·erfc(8/√2)); P(Z < −8) = 1 − that', () => {
    close(normalSf(8), 6.220960574271819e-16, 'P(Z > 8)', 1e-9);
    close(normalSf(30) / 4.906713927148764e-198, 1, 'P(Z > 30), relative', 1e-9);
    assert.equal(normalSf(-8), 1 - normalSf(8));
  });
  it("0 past 37 (below the smallest double's reach), 1 below −37; ½ at 0", () => {
    assert.deepEqual([normalSf(37.5), normalSf(-37.5), normalSf(1e6)], [0, 1, 0]);
    close(normalSf(0), 0.5, 'P(Z > 0)', 1e-15);
  });
});

describe("Student's t", () => {
  it('1 df: P(|T| ≥ 1) = 1 − (2/π)·atan 1 = ½; 2 df: P(|T| ≥ √2) = 1 − √2/2; the sign of t does not matter', () => {
    close(studentTwoSided(1, 1), 0.5, '1 df');
    close(studentTwoSided(Math.SQRT2, 2), 1 - Math.SQRT2 / 2, '2 df');
    close(studentTwoSided(-Math.SQRT2, 2), 1 - Math.SQRT2 / 2, '2 df, negative t');
  });
  it('t = 0 gives 1, t = ±∞ gives 0, NaN gives NaN', () => {
    assert.deepEqual(
      [studentTwoSided(0, 5), studentTwoSided(Infinity, 5), studentTwoSided(-Infinity, 5), studentTwoSided(NaN, 5)],
      [1, 0, 0, NaN],
    );
  });
  it('quantiles: tan(0.475π) = 12.706204736174696 with 1 df, √(2·0.95²/(1 − 0.95²)) = 4.302652729749464 with 2 df, tan(0.45π) at p = 0.1', () => {
    close(studentTwoSidedQuantile(0.05, 1), 12.706204736174696, 't(0.975, 1)', 1e-12);
    close(studentTwoSidedQuantile(0.05, 2), 4.302652729749464, 't(0.975, 2)', 1e-12);
    close(studentTwoSidedQuantile(0.1, 1), 6.313751514675041, 't(0.95, 1)', 1e-12);
  });
  it('a quantile asked again after more than 1,000 others (the cache emptied) is the same number', () => {
    const first = studentTwoSidedQuantile(0.05, 2);
    for (let df = 3; df < 1010; df++) studentTwoSidedQuantile(0.05, df);
    assert.equal(studentTwoSidedQuantile(0.05, 2), first);
    close(studentTwoSidedQuantile(0.05, 999), 1.9623414611334487, 't(0.975, 999) (SciPy, as in distributions.test.ts)', 1e-9);
  });
});
