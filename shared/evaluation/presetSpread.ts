/**
 * How far the presets spread on a case's headline values: the lens marks a value whose presets lie
 * more than SPREAD_MARGIN apart, so that a number that only one family of tools would report (AP@5
 * 1.000 over the 2 hits, 0.333 over the 6 relevant labels) is never read as the only one. Only the
 * headline metrics, and only for the lenses an editor shows: nine presets for a screenful of cases
 * cost nothing, where every metric of every case under every preset cost twenty evaluations.
 */
import { comparePresets, PresetValues } from '../core/compare';
import { fmt } from '../core/explanation';
import { caseInput } from './caseEvaluation';
import { FixtureEvaluation } from './fixtureEvaluation';

/** Values further apart than this, under the presets and the fixture's own convention, are marked. */
export const SPREAD_MARGIN = 0.01;

export interface ValueSpread {
  /** Index into the fixture's specs. */
  index: number;
  /** Every preset's value of this metric for the case. */
  presets: PresetValues;
  /** The smallest and largest value, the fixture's own included, NaN left out (NaN when every value is). */
  low: number;
  high: number;
  /** Some values are NaN and others are numbers: the presets disagree on whether the case counts. */
  someNaN: boolean;
}

/** Whether the values lie more than SPREAD_MARGIN apart, or some are NaN and some are not. */
export function spreads(s: ValueSpread): boolean {
  return s.someNaN || s.high - s.low > SPREAD_MARGIN;
}

/** The spread of each headline metric of one case, in the headline's order. */
export function headlineSpread(fe: FixtureEvaluation, caseIndex: number): ValueSpread[] {
  const c = fe.cases[caseIndex];
  const rows = comparePresets(
    caseInput(c.node),
    fe.headline.map((i) => fe.specs[i]),
  );
  return fe.headline.map((index, j) => {
    const all = [c.values[index], ...Object.values(rows[j].values)];
    const numbers = all.filter((v) => !Number.isNaN(v));
    const low = numbers.length > 0 ? Math.min(...numbers) : NaN;
    const high = numbers.length > 0 ? Math.max(...numbers) : NaN;
    return { index, presets: rows[j], low, high, someNaN: numbers.length > 0 && numbers.length < all.length };
  });
}

/** The spread in words: `0.333–1.000 across the presets`, `0.000 across the presets, NaN under some`. */
export function spreadText(s: ValueSpread): string {
  if (Number.isNaN(s.low)) return 'NaN under every preset';
  const range = fmt(s.low) === fmt(s.high) ? fmt(s.low) : `${fmt(s.low)}–${fmt(s.high)}`;
  return `${range} across the presets${s.someNaN ? ', NaN under some' : ''}`;
}
