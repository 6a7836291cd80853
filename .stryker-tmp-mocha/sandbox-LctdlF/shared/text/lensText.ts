/**
 * The one-line readouts: a case's values above the case, a fixture's means above the fixture, and
 * the status bar text. A fixture that lists no metrics computes every family at every cutoff, far
 * too many for one line, so the readouts then keep the five families people quote.
 */
// @ts-nocheck

import { fmt } from '../core/explanation';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { Family } from '../core/metricNames';

const QUOTED: readonly Family[] = ['P', 'R', 'AP', 'RR', 'nDCG'];

/** Indexes into the fixture's specs of the metrics a readout shows. */
export function readoutIndexes(fe: FixtureEvaluation): number[] {
  const all = fe.specs.map((_, i) => i);
  if (fe.fixture.metrics !== null) return all;
  const quoted = all.filter((i) => fe.specs[i].k !== null && QUOTED.includes(fe.specs[i].family));
  return quoted.length > 0 ? quoted : all;
}

function readout(fe: FixtureEvaluation, values: readonly number[]): string {
  return readoutIndexes(fe).map((i) => `${fe.names[i]} ${fmt(values[i])}`).join(' · ');
}

/** `P@3 0.667 · R@3 0.333 · AP@3 1.000 · RR@3 1.000 · nDCG@3 1.000` */
export function caseReadout(fe: FixtureEvaluation, caseIndex: number): string {
  return readout(fe, fe.cases[caseIndex].values) || 'no metric computed';
}

/** How many cases are NaN and left out of the means (the same for every metric, but take the worst). */
export function excludedCases(fe: FixtureEvaluation): number {
  return Math.max(0, ...fe.excluded);
}

/** `mean of 4 cases (1 NaN, left out): P@3 0.667 · … — convention default` */
export function fixtureReadout(fe: FixtureEvaluation): string {
  const n = fe.cases.length;
  const left = excludedCases(fe);
  const counted = left === 0 ? `${n} case${n === 1 ? '' : 's'}` : `${n - left} of ${n} cases, ${left} NaN left out`;
  const values = n === 0 ? 'no cases' : readout(fe, fe.mean) || 'no metric computed';
  return `mean over ${counted}: ${values} — convention ${fe.convention.name}`;
}

/** The status bar: the convention and the means, short. */
export function statusText(fe: FixtureEvaluation): string {
  return `${fe.convention.name} · ${fe.cases.length === 0 ? 'no cases' : readout(fe, fe.mean)}`;
}
