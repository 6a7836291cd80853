/** F1@k: the harmonic mean of P@k and R@k, 0 when both are 0. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { hitTerms } from './hits';
import { explainPrecision, precision } from './precision';
import { recall } from './recall';
import { RankedCase } from '../ranking';

/** F1@k = 2·P·R / (P + R), 0 when P + R = 0. */
export function f1(rc: RankedCase, k: number, conv: Convention): number {
  return combine(precision(rc, k, conv), recall(rc, k));
}

function combine(p: number, r: number): number {
  return p + r === 0 ? 0 : (2 * p * r) / (p + r);
}

/** F1@k with the P and R it combines. */
export function explainF1(rc: RankedCase, k: number, conv: Convention): Explanation {
  const p = precision(rc, k, conv);
  const r = recall(rc, k);
  const value = combine(p, r);
  return {
    metric: `F1@${k}`, value,
    formula: 'F1@k = 2 · P@k · R@k / (P@k + R@k)   (0 when P@k = R@k = 0)',
    terms: hitTerms(rc, k), numerator: 2 * p * r, denominator: p + r,
    knobs: explainPrecision(rc, k, conv).knobs,
    arithmetic: p + r === 0 ? 'P@k = R@k = 0, so F1 = 0' : `2 · ${fmt(p)} · ${fmt(r)} / (${fmt(p)} + ${fmt(r)}) = ${fmt(value)}`,
  };
}
