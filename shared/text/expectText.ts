/** The text the expectation fixes write: a computed value at the written precision, an expect block. */
import { fmt } from '../core/explanation';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { writtenDecimals } from '../evaluation/tolerance';
import { readoutIndexes } from './lensText';
import { FixtureSyntax } from '../fixture/syntax/fixtureSyntax';

/** A value as an expect entry holds it: null for NaN, at least 3 decimals, more when the old text had more. */
export function expectValueText(computed: number | null, written = ''): string {
  if (computed === null || Number.isNaN(computed)) return 'null';
  const decimals = Math.min(12, Math.max(3, writtenDecimals(written)));
  return fmt(computed, decimals);
}

/** The current values of the metrics the readout shows, as expect entries. */
export function expectEntries(fe: FixtureEvaluation, caseIndex: number): { metric: string; value: string }[] {
  const values = fe.cases[caseIndex].values;
  return readoutIndexes(fe).map((i) => ({ metric: fe.names[i], value: expectValueText(values[i]) }));
}

/** A flow mapping of the entries: `{"P@3": 0.667}` in JSON, `{P@3: 0.667}` in YAML. */
export function expectMapping(entries: readonly { metric: string; value: string }[], syntax: FixtureSyntax): string {
  return `{${entries.map((e) => `${syntax.key(e.metric)}: ${e.value}`).join(', ')}}`;
}
