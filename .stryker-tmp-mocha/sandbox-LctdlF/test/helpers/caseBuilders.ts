/** Cases written the short way in tests: plain lists of ids, or item → grade / score maps. */
// @ts-nocheck

import { Label, Prediction } from '../../shared/core/caseInput';

/** Labels written as a plain list of relevant ids (grade 1 each). */
export function listLabels(ids: readonly (string | number)[]): Label[] {
  return ids.map((id) => ({ id: String(id), grade: 1 }));
}

/** Labels written as item → grade. */
export function gradedLabels(grades: Readonly<Record<string, number>>): Label[] {
  return Object.entries(grades).map(([id, grade]) => ({ id, grade }));
}

/** Predictions written as a ranked list of ids. */
export function listPredictions(ids: readonly (string | number)[]): Prediction[] {
  return ids.map((id) => ({ id: String(id) }));
}

/** Predictions written as item → score. */
export function scoredPredictions(scores: Readonly<Record<string, number>>): Prediction[] {
  return Object.entries(scores).map(([id, score]) => ({ id, score }));
}
