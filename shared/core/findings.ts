/** Structured findings: a stable code, a severity, a message that says what happens to the numbers, and the part involved. */
import type { FindingCode, Severity } from './findingCodes';

export type { Severity } from './findingCodes';

/** The part of a case a finding is about; the fixture layer turns parts into text ranges. */
export type FindingPart =
  | { kind: 'case' }
  | { kind: 'labels' }
  | { kind: 'predictions' }
  | { kind: 'label'; index: number }
  | { kind: 'prediction'; index: number };

export interface Finding {
  code: FindingCode;
  severity: Severity;
  message: string;
  part: FindingPart;
  /** Other parts that explain the finding (the first occurrence of a duplicate, the rest of a tie). */
  related?: { part: FindingPart; message: string }[];
}
