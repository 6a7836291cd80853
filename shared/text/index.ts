/**
 * The text layer's door: everything the front ends show, as plain strings and Markdown made from an
 * evaluation — lenses and the status line, hovers, the case breakdown and preset comparison, the
 * fixture read as a test suite, the inference's findings and edits, and completion items with their
 * documentation and a metric's parameters (signature help).
 */
export { caseLensCount, caseLenses, conventionLens, meanLens, staleLens, statusShort, statusText } from './lensText';
export type { CaseLensOptions, LensMarks, LensText } from './lensText';
export { caseHover, expectHover, labelHover, predictionHover } from './hoverText';
export { conventionHover, cutoffHover, knobHover, metricHover, metricsHover, presetHover } from './knobText';
export { systemHover, systemReadout, systemTooltip } from './systemText';
export { caseBreakdown, conventionComparison } from './breakdown';
export { expectEntries, expectMapping, expectValueText } from './expectText';
export { fixtureTests, testCounts } from './fixtureSuite';
export type { DocumentTests, ExpectationTest, FixtureTests } from './fixtureSuite';
export { conventionEdit, hasFailedExpectations, inferenceFinding, unexplainedHover } from './inferenceText';
export { completionCandidates, completionDocumentation } from './completionText';
export type { CandidateOptions, CompletionCandidate, CompletionDoc, CompletionKind } from './completionText';
export { metricSignature } from './signatureText';
export type { MetricSignature } from './signatureText';
export { DIFF_WIDTH, diffText, judgmentText, queryText } from './diffText';
export type { DiffTextInput } from './diffText';
export { pairingStatus } from './pairingText';
export type { PairingAnswer } from './pairingText';
export {
  relevantGrade,
  trecEntryHover,
  trecFileLens,
  trecJudgmentMark,
  trecLensesLimited,
  trecQrelsHover,
  trecQueryLens,
  unpairedRunMessage,
} from './trecDocText';
