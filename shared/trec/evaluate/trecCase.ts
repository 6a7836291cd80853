/**
 * TREC qrels and runs as the metric core sees them. Read as trec_eval reads: files as bytes, fields
 * split on C's whitespace, blank lines and comments skipped, the iter, rank and tag columns ignored
 * (the rank comes from the score), anything after the tag ignored; under its preset, grades through
 * atol and scores through atof. Unlike trec_eval, a line that cannot be read is reported and skipped
 * instead of stopping everything.
 */
import { CaseInput, Label, Prediction } from '../../core/caseInput';
import { QrelsQuery } from '../read/qrelsTable';

/** The case the metric core sees for one query: its judgements and its scored predictions. */
export function trecCase(judged: QrelsQuery | undefined, predictions: readonly Prediction[]): CaseInput {
  const labels: Label[] = judged ? judged.ids.map((id, i) => ({ id, grade: judged.grades[i] })) : [];
  return { labels, predictions };
}
