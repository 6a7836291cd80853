/**
 * The evaluation layer's door: a parsed fixture document evaluated under its settings (every case,
 * the means, expectations and findings), with a memory of unchanged cases for the editor, the
 * fixture's declared findings, and the project configuration both the editor and the CLI read.
 */
export { evaluateDocument, evaluateFixture } from './fixtureEvaluation';
export type { DocumentEvaluation, FixtureEvaluation } from './fixtureEvaluation';
export { caseInput, evaluatedInputs } from './caseEvaluation';
export type { CaseEvaluation, ExpectResult } from './caseEvaluation';
export type { FixtureOptions } from './fixtureSettings';
export { EvaluationCache, evaluateDocumentCached } from './caseCache';
export { declaredFindingCodes, evaluateDeclared, missingDeclaredFindings } from './expectFindings';
export {
  CONFIG_FILE,
  configuredQrels,
  configuredQrelsPaths,
  configuredQrelsRule,
  findProjectConfig,
  withProjectConfig,
} from './projectConfig';
export type { ConfigSeverity, FoundConfig } from './projectConfig';
export { qrelsRuleEdit, relativePath, runGlobChoices } from './qrelsRule';
export type { QrelsRule } from './qrelsRule';
export { mostChanged, queryDiffs } from './queryDiff';
export type { PairDiff, QueryDiff } from './queryDiff';
export { documentMoves } from './documentMoves';
export { referenceReading } from './referenceReading';
export type { ReferenceReading } from './referenceReading';
export type { DocumentMove, Judgment, QueryMoves, RankedDocument } from './documentMoves';
