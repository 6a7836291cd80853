/**
 * The fixture model both parsers produce: values with their spans (UTF-16 offsets into the text, the
 * unit LSP positions count). Nothing downstream knows whether the text was JSON or YAML.
 */
import { Severity } from './findings';

/** Start and end offsets (end exclusive) in UTF-16 code units. */
export interface Span {
  start: number;
  end: number;
}

export interface Located<T> {
  value: T;
  span: Span;
}

/** An item id as written: a string or a number (1 and "1" name the same item; mixing them is flagged). */
export type ItemIdValue = string | number;

export interface LabelNode {
  id: Located<ItemIdValue>;
  /** The grade as written, or null for a label in a plain list (grade 1). */
  grade: Located<number> | null;
  /** The whole entry: the list element, or the key through the value. */
  span: Span;
}

export interface PredictionNode {
  id: Located<ItemIdValue>;
  /** The score as written, or null for a prediction in a ranked list. */
  score: Located<number> | null;
  span: Span;
}

export interface ExpectNode {
  /** The metric name as written, e.g. "P@3". */
  metric: Located<string>;
  /** The expected value; null means NaN. */
  value: Located<number | null>;
  /** The expected value as written in the source, for its number of decimals ("0.333"). */
  text: string;
  span: Span;
}

export interface CaseNode {
  id: Located<string>;
  /** The whole case (for a mapping, from the key through the value). */
  span: Span;
  labels: LabelNode[];
  /** The labels value (the list or mapping), null when absent. */
  labelsSpan: Span | null;
  labelsForm: 'list' | 'map' | null;
  predictions: PredictionNode[];
  predictionsSpan: Span | null;
  predictionsForm: 'list' | 'map' | null;
  expect: ExpectNode[];
  expectSpan: Span | null;
}

export interface ConventionNode {
  preset: Located<string> | null;
  overrides: { key: Located<string>; value: Located<unknown> }[];
  span: Span;
}

export interface FixtureNode {
  /** The whole fixture (the YAML document or the JSON root). */
  span: Span;
  /** 'fixture': our format; 'qrels-run': ranx / pytrec_eval's {"qrels": …, "run": …}. */
  shape: 'fixture' | 'qrels-run';
  /** Cutoffs as written; null when absent (then the default applies). Only valid entries. */
  k: Located<number>[] | null;
  kSpan: Span | null;
  /** Metric names as written; null when absent (then every metric). */
  metrics: Located<string>[] | null;
  metricsSpan: Span | null;
  convention: ConventionNode | null;
  cases: CaseNode[];
  casesSpan: Span | null;
  /** Finding codes the fixture carries on purpose (its top-level expectFindings); null when absent. */
  expectFindings: Located<string>[] | null;
}

/** A problem found while parsing or validating, already located in the text. */
export interface LocatedFinding {
  code: string;
  severity: Severity;
  message: string;
  span: Span;
  related?: { span: Span; message: string }[];
  /** For fixes: the computed value an expect entry should hold, the suggested name, … */
  data?: { computed?: number | null; replacement?: string };
}

export interface FixtureDocument {
  fixtures: FixtureNode[];
  /** Syntax and schema problems (the fixtures hold whatever could still be read). */
  problems: LocatedFinding[];
}

export const DEFAULT_CUTOFFS: readonly number[] = [1, 3, 5, 10];
