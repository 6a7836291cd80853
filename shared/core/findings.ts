/** Structured findings: a stable code, a severity, a message that says what happens to the numbers, and the part involved. */

export type Severity = 'error' | 'warning' | 'info' | 'hint';

/** The part of a case a finding is about; the fixture layer turns parts into text ranges. */
export type FindingPart =
  | { kind: 'case' }
  | { kind: 'labels' }
  | { kind: 'predictions' }
  | { kind: 'label'; index: number }
  | { kind: 'prediction'; index: number };

export interface Finding {
  code: string;
  severity: Severity;
  message: string;
  part: FindingPart;
  /** Other parts that explain the finding (the first occurrence of a duplicate, the rest of a tie). */
  related?: { part: FindingPart; message: string }[];
}

/** Every code the core and the parsers emit, with its default severity and what it means. */
export const FINDING_CODES = {
  'empty-labels': { severity: 'warning', summary: 'The case has no relevant label.' },
  'empty-predictions': { severity: 'warning', summary: 'The case predicts nothing.' },
  'empty-case': { severity: 'warning', summary: 'The case has neither relevant labels nor predictions.' },
  'k-exceeds-predictions': { severity: 'info', summary: 'A cutoff is larger than the number of predictions.' },
  'duplicate-prediction': { severity: 'warning', summary: 'An item is predicted more than once.' },
  'duplicate-label': { severity: 'warning', summary: 'An item is labeled more than once.' },
  'non-finite-grade': { severity: 'error', summary: 'A grade is NaN or infinite.' },
  'non-positive-grade': { severity: 'info', summary: 'A grade is 0 or negative: judged non-relevant.' },
  'non-finite-score': { severity: 'error', summary: 'A score is NaN or infinite.' },
  'non-positive-score': { severity: 'hint', summary: 'A score is 0 or negative.' },
  'score-ties': { severity: 'warning', summary: 'Items with different grades share a score, so the tie rule decides the ranking.' },
  'convention-dependent': { severity: 'hint', summary: 'Presets disagree on some of this case\'s values.' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type CoreFindingCode = keyof typeof FINDING_CODES;
