/**
 * Several systems compared on one measure: each pair's paired summary and test, then the correction
 * over the family of pairs. The core of `ranklens trec QRELS RUN_A RUN_B …` and the fixture lens.
 */
import { bootstrapTests } from './bootstrap';
import { ComparisonMemo, comparisonMemo } from './comparisonMemo';
import { Correction, adjustPValues } from './corrections';
import { pairedSummary } from './pairedSummary';
import { pairedTTest } from './pairedT';
import { randomizationTests } from './randomization';
import { SignificanceTest } from './testNames';
import { smallestP } from './smallestP';
import { randomizedTukeyHsd } from './tukeyHsd';
import { wilcoxonTest } from './wilcoxon';

export interface CompareOptions {
  test: SignificanceTest;
  /** Ignored for Tukey HSD, which controls the family-wise error itself. */
  correction: Correction;
  alpha: number;
  /** Random trials of the randomization, bootstrap and Tukey tests. */
  trials: number;
  seed: number;
}

export interface SystemComparison {
  /** Indices of the two systems; differences are b − a. */
  a: number;
  b: number;
  /** Queries in the pair (both systems have a value; for Tukey, every system has one). */
  n: number;
  /** Queries that one system has and the other lacks (for Tukey, that some system lacks): not compared. */
  leftOut: number;
  meanA: number;
  meanB: number;
  /** mean(b) − mean(a) over the paired queries. */
  diff: number;
  /** 95% interval of the mean difference: Student's t interval, or the percentile interval for the bootstrap. */
  ci: [number, number];
  /** Paired Cohen's d: diff / sd of the differences. */
  effectSize: number;
  p: number;
  /** p after the correction (Tukey's p as it is). */
  pAdjusted: number;
  /** pAdjusted ≤ α. */
  significant: boolean;
  /** The smallest p the test can reach on n pairs; above α, no difference can ever be significant. */
  smallestP: number;
  /** Whether a resampling test enumerated every assignment (or the Wilcoxon test used the exact distribution). */
  exact: boolean;
  /** Of the n paired queries: those where b's value is higher than a's, equal to it, lower. */
  wins: number;
  ties: number;
  losses: number;
}

/**
 * Compares the pairs of systems; values[s][q] is system s on query q, NaN where s has no value. A
 * caller that compares many measures in a row passes the same memo to each (see ComparisonMemo); by
 * default the pairs of this one call share one.
 */
export function compareSystems(
  values: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: CompareOptions,
  memo: ComparisonMemo = comparisonMemo(),
): SystemComparison[] {
  const tukey = options.test === 'tukey' ? tukeyPs(values, options) : undefined;
  const grouped =
    options.test === 'randomization' || options.test === 'bootstrap' ? groupedResampling(values, pairs, options, memo) : undefined;
  const rows = pairs.map(([a, b], k) => {
    const { x, y, leftOut } = tukey ? { ...tukey.aligned(a, b), leftOut: tukey.leftOut } : aligned(values[a], values[b]);
    const summary = pairedSummary(x, y, 0.95, memo);
    const { wins, ties, losses } = winsTiesLosses(x, y);
    const test = tukey
      ? { p: tukey.p[a][b], ci: summary.ci, exact: tukey.exact }
      : grouped
        ? { p: grouped[k].p, exact: grouped[k].exact, ci: grouped[k].ci ?? summary.ci }
        : pairTest(x, y, options, summary.ci, memo);
    return {
      a,
      b,
      n: summary.n,
      leftOut,
      meanA: summary.meanA,
      meanB: summary.meanB,
      diff: summary.diff,
      ci: test.ci,
      effectSize: summary.effectSize,
      p: test.p,
      pAdjusted: test.p,
      significant: false,
      smallestP: smallestP(options.test, summary.n, options.trials, values.length),
      exact: test.exact,
      wins,
      ties,
      losses,
    };
  });
  const adjusted = tukey
    ? rows.map((r) => r.p)
    : adjustPValues(
        rows.map((r) => r.p),
        options.correction,
      );
  rows.forEach((r, i) => {
    r.pAdjusted = adjusted[i];
    r.significant = adjusted[i] <= options.alpha;
  });
  return rows;
}

function pairTest(
  x: Float64Array,
  y: Float64Array,
  options: CompareOptions,
  tInterval: [number, number],
  memo: ComparisonMemo,
): { p: number; ci: [number, number]; exact: boolean } {
  switch (options.test) {
    case 'wilcoxon': {
      const r = wilcoxonTest(x, y, memo);
      return { p: r.p, ci: tInterval, exact: r.method === 'exact' };
    }
    default:
      return { p: pairedTTest(x, y).p, ci: tInterval, exact: true };
  }
}

/**
 * The randomization or bootstrap test, run once for every group of pairs that share their queries
 * (all pairs, when every system has every query): the systems' resampled sums are shared in a group.
 */
function groupedResampling(
  values: readonly ArrayLike<number>[],
  pairs: readonly (readonly [number, number])[],
  options: CompareOptions,
  memo: ComparisonMemo,
): { p: number; exact: boolean; ci?: [number, number] }[] {
  const groups = new Map<string, { keep: number[]; members: number[] }>();
  pairs.forEach(([a, b], k) => {
    const keep: number[] = [];
    for (let q = 0; q < values[a].length; q++) if (!Number.isNaN(values[a][q]) && !Number.isNaN(values[b][q])) keep.push(q);
    const key = keep.join(',');
    const group = groups.get(key) ?? { keep, members: [] };
    group.members.push(k);
    groups.set(key, group);
  });
  const out: { p: number; exact: boolean; ci?: [number, number] }[] = [];
  for (const { keep, members } of groups.values()) {
    const used = [...new Set(members.flatMap((k) => pairs[k]))];
    const systems = used.map((s) => Float64Array.from(keep, (q) => values[s][q]));
    const local = members.map((k) => [used.indexOf(pairs[k][0]), used.indexOf(pairs[k][1])] as const);
    if (options.test === 'bootstrap') {
      const results = bootstrapTests(systems, local, options);
      members.forEach((k, i) => {
        out[k] = { p: results[i].p, exact: false, ci: results[i].ci };
      });
    } else {
      const results = randomizationTests(systems, local, options, memo);
      members.forEach((k, i) => {
        out[k] = { p: results[i].p, exact: results[i].exact };
      });
    }
  }
  return out;
}

/** How many of the paired values y beats x on, ties, and loses on (equal values tie, as the Wilcoxon test's zeros). */
function winsTiesLosses(x: Float64Array, y: Float64Array): { wins: number; ties: number; losses: number } {
  let wins = 0;
  let losses = 0;
  for (let q = 0; q < x.length; q++) {
    if (y[q] > x[q]) wins++;
    else if (y[q] < x[q]) losses++;
  }
  return { wins, ties: x.length - wins - losses, losses };
}

/** The queries both systems have a value for, in order. */
function aligned(a: ArrayLike<number>, b: ArrayLike<number>): { x: Float64Array; y: Float64Array; leftOut: number } {
  const keep: number[] = [];
  let leftOut = 0;
  for (let q = 0; q < a.length; q++) {
    const hasA = !Number.isNaN(a[q]);
    const hasB = !Number.isNaN(b[q]);
    if (hasA && hasB) keep.push(q);
    else if (hasA || hasB) leftOut++;
  }
  return { x: Float64Array.from(keep, (q) => a[q]), y: Float64Array.from(keep, (q) => b[q]), leftOut };
}

/** Tukey HSD over the queries every system has. */
function tukeyPs(values: readonly ArrayLike<number>[], options: CompareOptions) {
  const queries = values.length > 0 ? values[0].length : 0;
  const keep: number[] = [];
  let leftOut = 0;
  for (let q = 0; q < queries; q++) {
    const has = values.filter((v) => !Number.isNaN(v[q])).length;
    if (has === values.length) keep.push(q);
    else if (has > 0) leftOut++;
  }
  const common = values.map((v) => Float64Array.from(keep, (q) => v[q]));
  const result = randomizedTukeyHsd(common, options);
  return { p: result.p, exact: result.exact, leftOut, aligned: (a: number, b: number) => ({ x: common[a], y: common[b] }) };
}
