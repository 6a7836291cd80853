/** The plain-data explanation of one metric value: every term a person needs to check it by hand. */
// @ts-nocheck

import { KnobName } from './conventions';

export interface RankTerm {
  rank: number;
  id: string;
  grade: number;
  relevant: boolean;
  /** DCG: the gain of the grade and the discount at the rank. */
  gain?: number;
  discount?: number;
  /** What this rank adds to the sum (precision at a hit for AP, gain × discount for DCG). */
  contribution?: number;
}

export interface KnobUse {
  knob: KnobName;
  value: string;
  /** What the knob decided here, with this case's numbers. */
  effect: string;
}

export interface Explanation {
  /** Canonical metric name, e.g. "AP@3". */
  metric: string;
  value: number;
  /** The definition in Unicode (no LaTeX: hovers do not render it). */
  formula: string;
  /** The ranks that enter the sum or the count. */
  terms: RankTerm[];
  /** nDCG: the ideal ranking's terms. */
  ideal?: RankTerm[];
  numerator: number;
  denominator: number;
  knobs: KnobUse[];
  /** The final computation with this case's numbers, e.g. "(1/1 + 2/3) / 2 = 0.833". */
  arithmetic: string;
  /** Why the value is NaN or 0 regardless of the ranking, when it is. */
  note?: string;
}

/** A number as Ranklens prints it: three decimals, NaN spelled out. */
export function fmt(value: number, digits = 3): string {
  if (Number.isNaN(value)) return 'NaN';
  if (!Number.isFinite(value)) return value > 0 ? '∞' : '−∞';
  return value.toFixed(digits);
}

/** A short number for arithmetic lines: integers plain, others to three decimals. */
export function num(value: number): string {
  return Number.isInteger(value) ? String(value) : fmt(value);
}
