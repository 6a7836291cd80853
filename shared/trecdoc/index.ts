/**
 * TREC runs and qrels as editor documents: the door of the layer that reads their text with places
 * (UTF-16 offsets) and evaluates a run against its qrels query by query, by the TREC engine's rules
 * (shared/trec/read: fields, C numbers, causes) and the metric core. No Node module: the web-worker
 * server bundles it too.
 */
export { readRunDocument, entryAt, entryOnLine, docidOf, rankWritten } from './runDocument';
export type { RunDocument, RunDocQuery } from './runDocument';
export { qrelsQueryAt, readQrelsDocument } from './qrelsDocument';
export type { QrelsDocument, QrelsDocQuery } from './qrelsDocument';
export { trecDocSettings } from './trecDocSettings';
export type { TrecDocSettings } from './trecDocSettings';
export { UNJUDGED_SHARE, entryIndex, evaluateRunDocument, fieldSpan, relevantRetrieved, runEvaluationCache } from './runEvaluation';
export type { QueryEvaluation, RunEvaluation, RunEvaluationCache } from './runEvaluation';
export { lineAt, lineEnd } from '../core/lineStarts';
export { FINDINGS_LISTED } from './findingList';
export { readsAsTable } from './tableRows';
export type { TableFormat, TableShape } from './tableRows';
export { columnMapOf, configuredTrecRole, namedTrecRole, neverTrecFile, samePath } from './documentRole';
export type { ColumnMap } from '../trec/read/formats/columnNames';
