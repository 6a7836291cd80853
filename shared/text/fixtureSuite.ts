/**
 * A fixture file read as a test suite: per document (fixture) its cases' expectations and its declared
 * findings, each with an outcome and a message, plus the file's errors that are no expectation.
 * VS Code's Testing view (through the server) and the CLI's JUnit report both read this one model,
 * so they agree with each other and with `ranklens check`'s exit code.
 */
import { fmt } from '../core/explanation';
import { isFixtureFindingCode } from '../core/findingCodes';
import { declaredFindingCodes } from '../evaluation/expectFindings';
import { CaseEvaluation, ExpectResult } from '../evaluation/caseEvaluation';
import { DocumentEvaluation, FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { FixtureDocument, LocatedFinding, Span } from '../fixture/model/model';
import { expectValueText } from './expectText';

/**
 * `passed`; `failed`; `declared`: a mismatch the file declares in expectFindings (it does not fail);
 * `unchecked`: the fixture does not compute that metric, or the name is unknown.
 */
export type ExpectationOutcome = 'passed' | 'failed' | 'declared' | 'unchecked';

export interface ExpectationTest {
  metric: string;
  /** The whole expect entry (key and value). */
  span: Span;
  /** The value as written ("0.333"; "null" for NaN). */
  expected: string;
  /** The computed value as the quick fix would write it; null when not computed. */
  actual: string | null;
  outcome: ExpectationOutcome;
  message: string;
}

export interface CaseTests {
  id: string;
  /** The case id. */
  span: Span;
  expectations: ExpectationTest[];
}

export interface DeclaredFindingTest {
  code: string;
  /** The expectFindings entry. */
  span: Span;
  passed: boolean;
  message: string;
}

export interface DocumentTests {
  /** The fixture's index in the file (YAML documents). */
  index: number;
  span: Span;
  convention: string;
  /** Cases with at least one expect entry. */
  cases: CaseTests[];
  declared: DeclaredFindingTest[];
}

export interface FixtureTests {
  documents: DocumentTests[];
  /** Error findings that fail the file and are no expectation: syntax errors, unknown keys, … (undeclared). */
  errors: LocatedFinding[];
}

/** The tests of a parsed and evaluated fixture file. */
export function fixtureTests(doc: FixtureDocument, evaluation: DocumentEvaluation): FixtureTests {
  const declared = declaredFindingCodes(doc) ?? new Set<string>();
  const found = new Set<string>(evaluation.findings.map((f) => f.code));
  const documents = evaluation.fixtures.map((fe, index): DocumentTests => ({
    index,
    span: fe.fixture.span,
    convention: fe.convention.name,
    cases: fe.cases
      .filter((c) => c.expectations.length > 0)
      .map((c) => ({
        id: c.node.id.value,
        span: c.node.id.span,
        expectations: c.expectations.map((e) => expectationTest(e, c, fe, evaluation.findings, declared.has('expect-mismatch'))),
      })),
    declared: (fe.fixture.expectFindings ?? [])
      .filter((e) => isFixtureFindingCode(e.value))
      .map((e) => ({
        code: e.value,
        span: e.span,
        passed: found.has(e.value),
        message: found.has(e.value)
          ? `The file has a ${e.value} finding, as declared.`
          : `expectFindings declares "${e.value}", but the file has no such finding.`,
      })),
  }));
  const errors = evaluation.findings.filter((f) => f.severity === 'error' && f.code !== 'expect-mismatch' && !declared.has(f.code));
  return { documents, errors };
}

/** Whether a file holds anything to test: an expect entry or an expectFindings list. */
export function hasTests(doc: FixtureDocument): boolean {
  return doc.fixtures.some((f) => f.expectFindings !== null || f.cases.some((c) => c.expect.length > 0));
}

/** Counts of a file's tests by outcome (declared mismatches count as passed, unchecked as skipped). */
export function testCounts(tests: FixtureTests): { tests: number; failures: number; errors: number; skipped: number } {
  const expectations = tests.documents.flatMap((d) => d.cases.flatMap((c) => c.expectations));
  const declared = tests.documents.flatMap((d) => d.declared);
  return {
    tests: expectations.length + declared.length + tests.errors.length,
    failures: expectations.filter((e) => e.outcome === 'failed').length + declared.filter((d) => !d.passed).length,
    errors: tests.errors.length,
    skipped: expectations.filter((e) => e.outcome === 'unchecked').length,
  };
}

function expectationTest(
  e: ExpectResult,
  c: CaseEvaluation,
  fe: FixtureEvaluation,
  findings: readonly LocatedFinding[],
  mismatchDeclared: boolean,
): ExpectationTest {
  const metric = e.node.metric.value;
  const expected = e.node.value.value === null ? 'null' : e.node.text;
  const base = { metric, span: e.node.span, expected };
  if (e.computed === undefined && e.index >= 0) {
    // A metric the fixture computes, for a case that is not evaluated: broken by an error, or refused.
    const why = c.node.broken ? `is not evaluated: ${c.node.broken.reason}` : 'is refused by the convention (see its error)';
    return { ...base, actual: null, outcome: 'unchecked', message: `Not checked: case "${c.node.id.value}" ${why}.` };
  }
  if (e.computed === undefined) {
    const why = findings.find(
      (f) => f.span.start === e.node.metric.span.start && (f.code === 'expect-not-computed' || f.code === 'unknown-metric'),
    );
    return {
      ...base,
      actual: null,
      outcome: 'unchecked',
      message: why?.message ?? `${metric} is not computed, so this expectation is not checked.`,
    };
  }
  const actual = expectValueText(e.computed, e.node.text);
  const computed = Number.isNaN(e.computed) ? 'NaN' : fmt(e.computed, 4);
  const said = `Expected ${metric} = ${expected === 'null' ? 'NaN (null)' : expected}, computed ${computed} under convention ${fe.convention.name}.`;
  if (e.matches) return { ...base, actual, outcome: 'passed', message: said };
  if (mismatchDeclared)
    return { ...base, actual, outcome: 'declared', message: `${said} The file declares expect-mismatch in expectFindings.` };
  return { ...base, actual, outcome: 'failed', message: said };
}
