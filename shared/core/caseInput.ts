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
  /** The case's own id (a query id), read by identicalIds=drop; absent where a case has none. */
  id?: string;
  labels: readonly Label[];
  predictions: readonly Prediction[];
}
