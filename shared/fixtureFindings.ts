/**
 * The finding codes of fixture files, beyond the core's (findings.ts): what the parsers and the
 * schema reader report, and what fixtureEvaluation.ts reports about k, metrics, conventions and
 * expectations. Together with FINDING_CODES this is every code a fixture can produce.
 */
import { FINDING_CODES, Severity } from './findings';
import { LocatedFinding, Span } from './fixtureModel';

/** Reported while parsing and reading the structure (jsonFixture, yamlFixture, fixtureSchema). */
export const PARSE_FINDING_CODES = {
  'syntax-error': { severity: 'error', summary: 'The text is not valid JSON or YAML here; the rest of the file is still read where it can be.' },
  'syntax-warning': { severity: 'warning', summary: 'Accepted, but other readers reject or misread it: comments or trailing commas in JSON, unknown YAML tags.' },
  'file-too-large': { severity: 'error', summary: 'The file is past the size cap, so nothing in it is evaluated.' },
  'too-deep': { severity: 'error', summary: 'Lists and mappings nest deeper than the cap; the deeper value is dropped.' },
  'too-many-aliases': { severity: 'error', summary: 'YAML aliases would copy more nodes than the cap (an alias bomb); the alias is dropped.' },
  'unknown-key': { severity: 'error', summary: 'A key the format does not know (typos included, with a did-you-mean); it is ignored.' },
  'duplicate-key': { severity: 'error', summary: 'A key appears twice in one mapping; the first is used, the later one ignored.' },
  'missing-key': { severity: 'warning', summary: 'A fixture without cases, a listed case without id (it is numbered #n), or a qrels/run file without qrels or run.' },
  'wrong-type': { severity: 'error', summary: 'A value of the wrong type (a string where a number belongs, …); it is ignored.' },
  'id-not-as-written': { severity: 'warning', summary: 'A number used as an id reads differently from how it is written (06 is 6, 1.0 is 1).' },
  'unknown-finding-code': { severity: 'warning', summary: 'expectFindings names a code Ranklens never reports; it is not checked.' },
  'query-not-in-qrels': { severity: 'info', summary: 'A run query with no qrels entry is ignored, as trec_eval does.' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

/** Reported by fixtureEvaluation.ts (kept here so that one table lists every code). */
export const EVALUATION_FINDING_CODES = {
  'invalid-cutoff': { severity: 'error', summary: 'A cutoff that is not a whole number ≥ 1; it is ignored.' },
  'duplicate-cutoff': { severity: 'warning', summary: 'A cutoff listed twice; it is computed once.' },
  'unknown-metric': { severity: 'error', summary: 'A metric name Ranklens does not know (with a did-you-mean); it is not computed or checked.' },
  'unknown-preset': { severity: 'error', summary: 'A convention preset Ranklens does not know (with a did-you-mean); the default preset is used.' },
  'unknown-knob': { severity: 'error', summary: 'A convention override that names no knob; it is ignored.' },
  'invalid-knob-value': { severity: 'error', summary: 'A knob set to a value it does not take; the override is ignored.' },
  'expect-not-computed': { severity: 'warning', summary: 'An expect entry for a metric or cutoff the fixture does not compute; it is not checked.' },
  'expect-mismatch': { severity: 'error', summary: 'The computed value differs from the expected one by more than half a unit of its last written decimal.' },
  'mixed-id-types': { severity: 'warning', summary: 'The same item is written as 1 and as "1"; Ranklens joins them, Python tools would not.' },
  'duplicate-case-id': { severity: 'warning', summary: 'Two cases share an id; both are evaluated and both count in the means.' },
} as const satisfies Record<string, { severity: Severity; summary: string }>;

export type ParseFindingCode = keyof typeof PARSE_FINDING_CODES;

/** Every code a fixture file can produce, with its default severity and meaning. */
export const ALL_FINDING_CODES: Readonly<Record<string, { severity: Severity; summary: string }>> = {
  ...FINDING_CODES, ...EVALUATION_FINDING_CODES, ...PARSE_FINDING_CODES,
};

/** A parser or schema finding with the code's default severity. */
export function parseFinding(code: ParseFindingCode, span: Span, message: string, extra: Partial<LocatedFinding> = {}): LocatedFinding {
  return { code, severity: PARSE_FINDING_CODES[code].severity, message, span, ...extra };
}
