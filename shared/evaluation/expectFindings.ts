/**
 * expectFindings: a fixture can declare the finding codes it carries on purpose (teaching files,
 * regression fixtures for the checks themselves). A file passes when every declared code appears and
 * no error appears whose code is undeclared; warnings, infos and hints need not be declared.
 */
import { FindingCode, isFixtureFindingCode } from '../core/findingCodes';
import { DocumentEvaluation, evaluateDocument } from './fixtureEvaluation';
import { FixtureOptions } from './fixtureSettings';
import { FixtureDocument, LocatedFinding } from '../fixture/model/model';

export interface DeclaredFindingsCheck {
  /** The known codes declared by the file's fixtures (unknown ones were reported and are not checked). */
  declared: string[];
  /** Declared codes that no finding has. */
  missing: string[];
  /** Codes of errors that are not declared. */
  unexpected: string[];
  ok: boolean;
}

/** The codes a document declares in expectFindings (all its fixtures together), or null when none declares any. */
export function declaredFindingCodes(doc: FixtureDocument): Set<FindingCode> | null {
  const lists = doc.fixtures.flatMap((f) => (f.expectFindings ? [f.expectFindings] : []));
  if (lists.length === 0) return null;
  return new Set(
    lists
      .flat()
      .map((c) => c.value)
      .filter(isFixtureFindingCode),
  );
}

/** Compares a document's findings with what it declares; null when it declares nothing. */
export function checkDeclaredFindings(doc: FixtureDocument, findings: readonly LocatedFinding[]): DeclaredFindingsCheck | null {
  const declared = declaredFindingCodes(doc);
  if (!declared) return null;
  const found = new Set(findings.map((f) => f.code));
  const missing = [...declared].filter((c) => !found.has(c)).sort();
  const unexpected = [...new Set(findings.filter((f) => f.severity === 'error' && !declared.has(f.code)).map((f) => f.code))].sort();
  return { declared: [...declared].sort(), missing, unexpected, ok: missing.length === 0 && unexpected.length === 0 };
}

/**
 * Evaluates a document and checks its declared findings. The preset comparison is turned on when
 * the document declares convention-dependent, since only the comparison reports it.
 */
export function evaluateDeclared(
  doc: FixtureDocument,
  options: FixtureOptions = {},
): { evaluation: DocumentEvaluation; check: DeclaredFindingsCheck | null } {
  const compare = options.compare || (declaredFindingCodes(doc)?.has('convention-dependent') ?? false);
  const evaluation = evaluateDocument(doc, { ...options, compare });
  return { evaluation, check: checkDeclaredFindings(doc, evaluation.findings) };
}

/** A declared code that never occurs fails the file: one expected-finding-missing error on its expectFindings entry. */
export function missingDeclaredFindings(doc: FixtureDocument, check: DeclaredFindingsCheck | null): LocatedFinding[] {
  if (!check) return [];
  const entries = doc.fixtures.flatMap((f) => f.expectFindings ?? []);
  return check.missing.map((code) => ({
    code: 'expected-finding-missing',
    severity: 'error' as const,
    span: entries.find((e) => e.value === code)?.span ?? { start: 0, end: 0 },
    message: `expectFindings declares "${code}", but the file has no such finding.`,
  }));
}
