/**
 * TREC qrels and runs as the metric core sees them. Read as trec_eval reads: fields split on
 * whitespace, blank lines and lines starting with '#' skipped, the iter, rank and tag columns ignored
 * (the rank comes from the score), anything after the tag ignored. Unlike trec_eval, a line that
 * cannot be read is reported and skipped instead of stopping everything, and a score that is not a
 * number is an error rather than 0.
 */
// @ts-nocheck

import { CaseInput, Label, Prediction } from '../core/caseInput';
import { QrelsQuery } from './qrels';

/** The case the metric core sees for one query: its judgements and its scored predictions. */
export function trecCase(judged: QrelsQuery | undefined, predictions: readonly Prediction[]): CaseInput {
  const labels: Label[] = judged ? judged.ids.map((id, i) => ({ id, grade: judged.grades[i] })) : [];
  return { labels, predictions };
}
