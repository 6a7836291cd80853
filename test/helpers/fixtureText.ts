/**
 * Test helpers for fixture text: a fixture is written inline with ⟦ ⟧ around the text a finding
 * must cover (or ‸ where it must start), and findings are read back as LSP positions — line and
 * UTF-16 character, both from 0 — so emoji and CJK before the flagged text count as LSP counts them.
 */
import assert from 'node:assert/strict';
import { evaluateDocument, FixtureOptions } from '../../shared/evaluation';
import { FixtureLimits, DEFAULT_LIMITS } from '../../shared/fixture/syntax/limits';
import { FixtureDocument, LocatedFinding } from '../../shared/fixture/model/model';
import { FixtureLanguage, parseFixture } from '../../shared/fixture/parse';

export interface Marked {
  text: string;
  start: number;
  /** Where ⟧ was, or undefined when only ‸ or ⟦ marked the start. */
  end: number | undefined;
}

/** Removes the markers ⟦ ⟧ ‸ and gives their offsets in the clean text. */
export function marked(source: string): Marked {
  let text = '';
  let start = -1;
  let end: number | undefined;
  for (const ch of source) {
    if (ch === '⟦' || ch === '‸') start = text.length;
    else if (ch === '⟧') end = text.length;
    else text += ch;
  }
  assert.ok(start >= 0, 'the fixture text needs a ⟦ or ‸ marker');
  return { text, start, end };
}

export interface Position {
  line: number;
  character: number;
}

/** The LSP position of an offset: lines split at \n, \r\n or \r; characters in UTF-16 code units. */
export function positionAt(text: string, offset: number): Position {
  let line = 0;
  let lineStart = 0;
  for (let i = 0; i < offset; i++) {
    const c = text[i];
    if (c === '\n' || (c === '\r' && text[i + 1] !== '\n')) {
      line++;
      lineStart = i + 1;
    }
  }
  return { line, character: offset - lineStart };
}

export interface Located {
  finding: LocatedFinding;
  start: Position;
  end: Position;
  /** The text the finding covers. */
  covered: string;
}

/** Every finding of a text: parse, then evaluate. */
export function findingsOf(
  text: string,
  language: FixtureLanguage,
  options: FixtureOptions = {},
  limits: FixtureLimits = DEFAULT_LIMITS,
): { doc: FixtureDocument; findings: LocatedFinding[] } {
  const doc = parseFixture(text, language, limits);
  return { doc, findings: evaluateDocument(doc, options).findings };
}

/**
 * The one finding with this code that starts at the marker (and ends at ⟧ when written); fails
 * when there is none or the code appears elsewhere instead.
 */
export function findingAt(
  source: string,
  language: FixtureLanguage,
  code: string,
  options: FixtureOptions = {},
  limits: FixtureLimits = DEFAULT_LIMITS,
): Located {
  const m = marked(source);
  const { findings } = findingsOf(m.text, language, options, limits);
  const withCode = findings.filter((f) => f.code === code);
  const here = withCode.filter((f) => f.span.start === m.start);
  const where = withCode.map((f) => `${JSON.stringify(m.text.slice(f.span.start, f.span.end))} at ${f.span.start}`).join('; ');
  assert.equal(
    here.length,
    1,
    `one ${code} at offset ${m.start}; found: ${where || 'none'} (all codes: ${findings.map((f) => f.code).join(', ')})`,
  );
  const finding = here[0];
  if (m.end !== undefined)
    assert.equal(
      finding.span.end,
      m.end,
      `${code} ends at the ⟧ marker; it covers ${JSON.stringify(m.text.slice(finding.span.start, finding.span.end))}`,
    );
  return {
    finding,
    start: positionAt(m.text, finding.span.start),
    end: positionAt(m.text, finding.span.end),
    covered: m.text.slice(finding.span.start, finding.span.end),
  };
}

/** The codes of a list of findings, sorted and without repeats. */
export function codesOf(findings: readonly LocatedFinding[]): string[] {
  return [...new Set(findings.map((f) => f.code))].sort();
}

/** Splits text at its `|` cursor marker: the text without it, and the cursor's offset. */
export function cursorAt(source: string): { text: string; offset: number } {
  const offset = source.indexOf('|');
  assert.ok(offset >= 0, 'the text needs a | cursor marker');
  return { text: source.slice(0, offset) + source.slice(offset + 1), offset };
}
