/**
 * Interpolated precision at recall levels (trec_eval's iprec_at_recall and 11pt_avg): the best
 * precision at any rank whose recall reaches the level; a level is first turned into a number of
 * relevant items by rounding level × R. An empty ranking has no precision at the levels that round
 * to 0 items: NaN there.
 */
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { relevantRetrieved } from './judgements';
import { MetricScratch } from './metricScratch';

/** The 11 standard recall levels 0.0, 0.1, …, 1.0. */
export const ELEVEN_LEVELS: readonly number[] = [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1];

// C's lround: halves away from zero.
function lround(x: number): number {
  return x < 0 ? -Math.round(-x) : Math.round(x);
}

/** Interpolated precision at each level, computed as trec_eval does (one backward pass). */
export function interpolatedPrecisions(rc: RankedCase, levels: readonly number[]): number[] {
  const sorted = levels.map((l, i) => ({ l, i })).sort((a, b) => a.l - b.l);
  const numRet = rc.count;
  const relRet = relevantRetrieved(rc);
  const cutoffs = sorted.map((s) => lround(s.l * rc.nRelevant));
  const out = new Array<number>(levels.length).fill(0);
  let current = sorted.length - 1;
  while (current >= 0 && cutoffs[current] > relRet) current--;
  // An empty ranking has no precision: NaN, as in trec_eval (which only meets one under -J).
  let precision = relRet / numRet;
  let best = precision;
  let relSoFar = relRet;
  for (let i = numRet; i > 0 && relSoFar > 0; i--) {
    precision = relSoFar / i;
    if (best < precision) best = precision;
    if (rc.relevant[i - 1]) {
      while (current >= 0 && relSoFar === cutoffs[current]) {
        out[sorted[current].i] = best;
        current--;
      }
      relSoFar--;
    }
  }
  while (current >= 0) {
    out[sorted[current].i] = best;
    current--;
  }
  return out;
}

/**
 * IPrec@level: the interpolated precision at one recall level. With a scratch, the 11 standard levels
 * of a ranking are computed in one backward pass and remembered for it (trec_eval's default measures
 * ask for all 11 of one case in a row; each level alone took a pass of its own).
 */
export function interpolatedPrecision(rc: RankedCase, level: number, scratch?: MetricScratch): number {
  const standard = ELEVEN_LEVELS.indexOf(level);
  if (standard < 0 || !scratch) return interpolatedPrecisions(rc, [level])[0];
  let memo = scratch.elevenLevels;
  if (memo?.rc !== rc) memo = scratch.elevenLevels = { rc, values: interpolatedPrecisions(rc, ELEVEN_LEVELS) };
  return memo.values[standard];
}

/** 11ptAvg: the mean interpolated precision at the 11 standard recall levels (or at the levels given). */
export function elevenPointAverage(rc: RankedCase, levels: readonly number[] = ELEVEN_LEVELS): number {
  return interpolatedPrecisions(rc, levels).reduce((a, b) => a + b, 0) / levels.length;
}

/** IPrec@level with the rank whose precision was taken. */
export function explainInterpolatedPrecision(rc: RankedCase, level: number): Explanation {
  const value = interpolatedPrecision(rc, level);
  const needed = lround(level * rc.nRelevant);
  return {
    metric: `IPrec@${level}`,
    value,
    formula: 'IPrec@x = max over ranks i with recall@i ≥ x of P@i (0 when recall x is never reached); x·R rounded to whole items',
    terms: [],
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: `R = ${rc.nRelevant}, level ${level} = ${needed} relevant item${needed === 1 ? '' : 's'}: best precision from there on = ${fmt(value)}`,
  };
}

/** 11ptAvg with its interpolated precisions. */
export function explainElevenPointAverage(rc: RankedCase, levels: readonly number[] = ELEVEN_LEVELS): Explanation {
  const values = interpolatedPrecisions(rc, levels);
  const sum = values.reduce((a, b) => a + b, 0);
  const n = levels.length;
  return {
    metric: '11ptAvg',
    value: sum / n,
    formula: `11ptAvg = (1/${n}) Σ_{x ∈ ${levels === ELEVEN_LEVELS ? '0, 0.1, …, 1' : levels.join(', ')}} IPrec@x`,
    terms: [],
    numerator: sum,
    denominator: n,
    knobs: [],
    arithmetic: `(${values.map((v) => fmt(v)).join(' + ')}) / ${n} = ${fmt(sum / n)}`,
  };
}
