/** The plain data a metric sees for one case (a user or a query): its labels and its predictions. */

export interface Label {
  id: string;
  /** 1 for a label written in a plain list. */
  grade: number;
}

export interface Prediction {
  id: string;
  /** Present when predictions were written as item → score; they are then ranked by score. */
  score?: number;
}

export interface CaseInput {
  labels: readonly Label[];
  predictions: readonly Prediction[];
}

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
