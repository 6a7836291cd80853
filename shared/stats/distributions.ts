/**
 * The distributions the tests need, to double precision: the normal tail (Hart's algorithm as
 * published by West, 2005, "Better approximations to cumulative normal functions"), and Student's t
 * through the regularized incomplete beta function (continued fraction evaluated by the modified
 * Lentz method, as in Numerical Recipes §6.4), with ln Γ by Lanczos' approximation.
 */
import { ComparisonMemo } from './comparisonMemo';

const LANCZOS: readonly number[] = [
  0.99999999999980993, 676.5203681218851, -1259.1392167224028, 771.32342877765313, -176.61502916214059, 12.507343278686905,
  -0.13857109526572012, 9.9843695780195716e-6, 1.5056327351493116e-7,
];

/** ln Γ(x) for x > 0 (Lanczos, g = 7; relative error about 1e-15). */
export function lnGamma(x: number): number {
  if (x < 0.5) return Math.log(Math.PI / Math.sin(Math.PI * x)) - lnGamma(1 - x);
  const z = x - 1;
  let sum = LANCZOS[0];
  for (let i = 1; i < 9; i++) sum += LANCZOS[i] / (z + i);
  const t = z + 7.5;
  return 0.5 * Math.log(2 * Math.PI) + (z + 0.5) * Math.log(t) - t + Math.log(sum);
}

/** The regularized incomplete beta function I_x(a, b), for a, b > 0 and 0 ≤ x ≤ 1. */
export function incompleteBeta(x: number, a: number, b: number): number {
  if (x <= 0) return 0;
  if (x >= 1) return 1;
  const front = Math.exp(lnGamma(a + b) - lnGamma(a) - lnGamma(b) + a * Math.log(x) + b * Math.log1p(-x));
  // The continued fraction converges fast for x below the mean a/(a+b); above it, use the symmetry
  // I_x(a, b) = 1 − I_{1−x}(b, a).
  if (x < (a + 1) / (a + b + 2)) return (front * betaFraction(x, a, b)) / a;
  return 1 - (front * betaFraction(1 - x, b, a)) / b;
}

function betaFraction(x: number, a: number, b: number): number {
  const tiny = 1e-300;
  const qab = a + b;
  const qap = a + 1;
  const qam = a - 1;
  let c = 1;
  let d = 1 - (qab * x) / qap;
  if (Math.abs(d) < tiny) d = tiny;
  d = 1 / d;
  let h = d;
  for (let m = 1; m <= 1000; m++) {
    const m2 = 2 * m;
    let aa = (m * (b - m) * x) / ((qam + m2) * (a + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    h *= d * c;
    aa = (-(a + m) * (qab + m) * x) / ((a + m2) * (qap + m2));
    d = 1 + aa * d;
    if (Math.abs(d) < tiny) d = tiny;
    c = 1 + aa / c;
    if (Math.abs(c) < tiny) c = tiny;
    d = 1 / d;
    const step = d * c;
    h *= step;
    if (Math.abs(step - 1) < 1e-15) break;
  }
  return h;
}

/** P(Z > z) for a standard normal Z (absolute error below 1e-15). */
export function normalSf(z: number): number {
  const x = Math.abs(z);
  let tail: number;
  if (x > 37) tail = 0;
  else {
    const e = Math.exp((-x * x) / 2);
    if (x < 7.07106781186547) {
      let n = 3.52624965998911e-2 * x + 0.700383064443688;
      n = n * x + 6.37396220353165;
      n = n * x + 33.912866078383;
      n = n * x + 112.079291497871;
      n = n * x + 221.213596169931;
      n = n * x + 220.206867912376;
      let d = 8.83883476483184e-2 * x + 1.75566716318264;
      d = d * x + 16.064177579207;
      d = d * x + 86.7807322029461;
      d = d * x + 296.564248779674;
      d = d * x + 637.333633378831;
      d = d * x + 793.826512519948;
      d = d * x + 440.413735824752;
      tail = (e * n) / d;
    } else {
      let f = x + 0.65;
      f = x + 4 / f;
      f = x + 3 / f;
      f = x + 2 / f;
      f = x + 1 / f;
      tail = e / f / 2.506628274631;
    }
  }
  return z >= 0 ? tail : 1 - tail;
}

/** P(|T| ≥ |t|) for Student's t with df degrees of freedom: the two-sided p-value of t. */
export function studentTwoSided(t: number, df: number): number {
  if (Number.isNaN(t)) return NaN;
  if (!Number.isFinite(t)) return 0;
  return incompleteBeta(df / (df + t * t), df / 2, 0.5);
}

/**
 * The t with P(|T| ≥ t) = p, for Student's t with df degrees of freedom (bisection to 1e-15). A memo
 * keeps it for the next comparison with as many queries (see ComparisonMemo).
 */
export function studentTwoSidedQuantile(p: number, df: number, memo?: ComparisonMemo): number {
  if (!memo) return bisectQuantile(p, df);
  const key = `${p} ${df}`;
  const known = memo.quantiles.get(key);
  if (known !== undefined) return known;
  const t = bisectQuantile(p, df);
  if (memo.quantiles.size > 1000) memo.quantiles.clear();
  memo.quantiles.set(key, t);
  return t;
}

function bisectQuantile(p: number, df: number): number {
  let lo = 0;
  let hi = 1;
  while (studentTwoSided(hi, df) > p) hi *= 2;
  for (let i = 0; i < 200 && hi - lo > 1e-15 * hi; i++) {
    const mid = (lo + hi) / 2;
    if (studentTwoSided(mid, df) > p) lo = mid;
    else hi = mid;
  }
  return (lo + hi) / 2;
}
