/**
 * The search on a fixture: its cases and the expectations it computes (an expectation of a metric the
 * fixture does not compute is not checked by `check`, so it is not searched for either, nor are those
 * of a case an error broke).
 */
import { Convention, PresetName } from '../core/conventions';
import { fmt } from '../core/explanation';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { ExpectNode } from '../fixture/model/model';
import { expectedValue } from './expected';
import { InferOptions, InferenceResult, inferConventions, inferenceSteps } from './search';
import { caseInput } from '../evaluation/caseEvaluation';

export interface FixtureExpectation {
  /** The case id. */
  case: string;
  /** The canonical metric name, e.g. "AP@5". */
  metric: string;
  /** The expected value; null: NaN. */
  expected: number | null;
  node: ExpectNode;
}

export interface FixtureInference {
  expectations: FixtureExpectation[];
  result: InferenceResult;
}

/** The expectations of a fixture the search works on, in text order. */
export function fixtureExpectations(fe: FixtureEvaluation): { list: FixtureExpectation[]; search: ReturnType<typeof expectedValue>[] } {
  const list: FixtureExpectation[] = [];
  const search: ReturnType<typeof expectedValue>[] = [];
  fe.cases.forEach((c, caseIndex) => {
    // A case an error broke is read without its labels or predictions: nothing to search on.
    if (c.node.broken) return;
    for (const e of c.expectations) {
      if (e.index < 0) continue;
      list.push({ case: c.node.id.value, metric: fe.names[e.index], expected: e.node.value.value, node: e.node });
      search.push(expectedValue(caseIndex, fe.specs[e.index], e.node.value.value === null ? 'NaN' : e.node.text));
    }
  });
  return { list, search };
}

/** The conventions that reproduce a fixture's expectations. */
export function inferFixture(fe: FixtureEvaluation, options: InferOptions = {}): FixtureInference {
  const { list, search } = fixtureExpectations(fe);
  return {
    expectations: list,
    result: inferConventions(
      fe.cases.map((c) => caseInput(c.node)),
      search,
      options,
    ),
  };
}

/** The same search in steps (yields between groups of expectations), for callers that may stop it. */
export function* fixtureInferenceSteps(fe: FixtureEvaluation, options: InferOptions = {}): Generator<void, FixtureInference, void> {
  const { list, search } = fixtureExpectations(fe);
  const result = yield* inferenceSteps(
    fe.cases.map((c) => caseInput(c.node)),
    search,
    options,
  );
  return { expectations: list, result };
}

/** A match as a fixture writes its convention: {preset: NAME, KNOB: VALUE, …}. */
export function conventionObject(match: { preset: PresetName; overrides: Partial<Convention> }): Record<string, string | number> {
  return { preset: match.preset, ...(match.overrides as Record<string, string | number>) };
}

/** "{preset: ranx, ties: id-asc}", or the preset name alone when nothing is overridden. */
export function conventionText(match: { preset: PresetName; overrides: Partial<Convention> }): string {
  const entries = Object.entries(match.overrides);
  if (entries.length === 0) return match.preset;
  return `{preset: ${match.preset}, ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`;
}

/** "ideal: labels, gain: linear" for knob settings, or "" when there are none. */
export function knobsText(knobs: Partial<Convention>): string {
  return Object.entries(knobs)
    .map(([k, v]) => `${k}: ${v}`)
    .join(', ');
}

/** The nearest value as text. */
export function nearestText(v: number | null): string {
  return v === null ? 'NaN' : fmt(v, 4);
}
