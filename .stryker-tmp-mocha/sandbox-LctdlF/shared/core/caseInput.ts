/** The plain data a metric sees for one case (a user or a query): its labels and its predictions. */
// @ts-nocheck


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
