/** F1@k: the harmonic mean of P@k and R@k; with both 0 (no hit), 0 or NaN per noHit. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { hitTerms } from './hits';
import { explainPrecision, precision } from './precision';
import { recall } from './recall';
import { RankedCase } from '../ranking';

/** F1@k = 2·P·R / (P + R); when P + R = 0, 0 (noHit=zero) or NaN (noHit=nan). */
export function f1(rc: RankedCase, k: number, conv: Convention): number {
  return combine(precision(rc, k, conv), recall(rc, k, conv), conv);
}

function combine(p: number, r: number, conv: Convention): number {
  if (p + r === 0) return conv.noHit === 'nan' ? NaN : 0;
  return (2 * p * r) / (p + r);
}

/** F1@k with the P and R it combines. */
export function explainF1(rc: RankedCase, k: number, conv: Convention): Explanation {
  const p = precision(rc, k, conv);
  const r = recall(rc, k, conv);
  const value = combine(p, r, conv);
  const none = conv.noHit === 'nan' ? 'NaN, left out of the means' : '0';
  const knobs = explainPrecision(rc, k, conv).knobs;
  if (p + r === 0) knobs.push({ knob: 'noHit', value: conv.noHit, effect: `no hit in the top ${k}: F1 = ${none}` });
  return {
    metric: `F1@${k}`,
    value,
    formula: `F1@k = 2 · P@k · R@k / (P@k + R@k)   (${conv.noHit === 'nan' ? 'NaN' : '0'} when P@k = R@k = 0)`,
    terms: hitTerms(rc, k),
    numerator: 2 * p * r,
    denominator: p + r,
    knobs,
    arithmetic:
      p + r === 0
        ? `P@k = R@k = 0, so F1 = ${none} (noHit=${conv.noHit})`
        : `2 · ${fmt(p)} · ${fmt(r)} / (${fmt(p)} + ${fmt(r)}) = ${fmt(value)}`,
  };
}
