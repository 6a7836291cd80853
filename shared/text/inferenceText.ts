/**
 * What the editor says about a convention search: the finding on the fixture's convention (or its
 * first key), the text that writes a match in as the convention, and the hover lines of an
 * expectation no convention explains.
 */
import { FINDING_CODES } from '../core/findingCodes';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { FixtureNode, LocatedFinding, Span } from '../fixture/model/model';
import { FixtureLanguage } from '../fixture/parse';
import { ConventionMatch } from '../inference/search';
import { FixtureInference, conventionText, knobsText, nearestText } from '../inference/fixtureInference';

/**
 * Whether any expectation of the fixture fails now, or is unchecked because the convention refuses its
 * case (another convention may reproduce it). One of a case an error broke waits for the fix.
 */
export function hasFailedExpectations(fe: FixtureEvaluation): boolean {
  return fe.cases.some((c) => !c.node.broken && c.expectations.some((e) => e.index >= 0 && !e.matches));
}

/**
 * The convention-match finding: the fixture has failed expectations and the search found the
 * convention that reproduces them all (data.replacement: the text to write as its convention), or
 * says how many the best one explains. None when nothing fails, nothing was searched, or no
 * convention explains more expectations than the current one.
 */
export function inferenceFinding(
  fe: FixtureEvaluation,
  inference: FixtureInference,
  text: string,
  language: FixtureLanguage,
): LocatedFinding | undefined {
  const r = inference.result;
  if (!hasFailedExpectations(fe) || r.matches.length === 0 || r.expectations === 0) return undefined;
  const best = r.matches[0];
  const span = conventionSpan(fe.fixture, text);
  const severity = FINDING_CODES['convention-match'].severity;
  if (r.exact) {
    const others = r.matches.slice(1, 3).map(conventionText);
    const also = others.length ? ` (also: ${others.join('; ')}${r.matches.length > 3 ? '; …' : ''})` : '';
    return {
      code: 'convention-match',
      severity,
      span,
      message: `Your expected values match ${conventionText(best)}${also}. The current convention reproduces ${currentlyMatched(fe)} of ${r.expectations}.`,
      data: { replacement: conventionValueText(best, language) },
    };
  }
  // A best match that explains no more than the current convention offers nothing to switch to.
  if (best.matched <= currentlyMatched(fe)) return undefined;
  return {
    code: 'convention-match',
    severity,
    span,
    message: `No convention reproduces all ${r.expectations} expected values; ${conventionText(best)} reproduces ${best.matched}. Hover an expectation it leaves unexplained for the settings that come closest.`,
    data: { replacement: conventionValueText(best, language) },
  };
}

function currentlyMatched(fe: FixtureEvaluation): number {
  return fe.cases.reduce((n, c) => n + c.expectations.filter((e) => e.index >= 0 && e.matches).length, 0);
}

/** The hover lines for an expectation the best convention leaves unexplained, or undefined. */
export function unexplainedHover(
  inference: FixtureInference,
  caseIndex: number,
  expectIndex: number,
  fe: FixtureEvaluation,
): string | undefined {
  const node = fe.cases[caseIndex]?.node.expect[expectIndex];
  if (!node) return undefined;
  const at = inference.expectations.findIndex((x) => x.node === node);
  const u = inference.result.unexplained.find((x) => x.expectation === at);
  if (at < 0 || !u) return undefined;
  const best = inference.result.matches[0];
  const knobs = knobsText(u.nearestKnobs);
  return [
    `**No convention reproduces this value.** The best match, \`${conventionText(best)}\`, explains ${best.matched} of ${inference.result.expectations} expectations but not this one.`,
    `The nearest any convention gives is ${nearestText(u.nearest)}${knobs ? `, with \`${knobs}\`` : ''}.`,
  ].join('\n\n');
}

/** A match as a convention value: `ranx`, `{preset: ranx, ties: id-asc}` (YAML) or the JSON equivalent. */
export function conventionValueText(match: ConventionMatch, language: FixtureLanguage): string {
  const entries = Object.entries(match.overrides);
  if (language === 'json') {
    if (entries.length === 0) return JSON.stringify(match.preset);
    return `{${[['preset', match.preset], ...entries].map(([k, v]) => `${JSON.stringify(k)}: ${JSON.stringify(v)}`).join(', ')}}`;
  }
  if (entries.length === 0) return match.preset;
  return `{preset: ${match.preset}, ${entries.map(([k, v]) => `${k}: ${v}`).join(', ')}}`;
}

/** The edit that makes `value` the fixture's convention: replaces it, or adds it before the first key. */
export function conventionEdit(
  fixture: FixtureNode,
  text: string,
  language: FixtureLanguage,
  value: string,
): { span: Span; newText: string } | undefined {
  if (fixture.convention) return { span: fixture.convention.span, newText: value };
  const key = firstKeySpan(fixture, text);
  if (!key) return undefined;
  const lineStart = text.lastIndexOf('\n', key.start - 1) + 1;
  const before = text.slice(lineStart, key.start);
  const separator = /^\s*$/.test(before) ? `\n${before}` : ' ';
  const entry = language === 'json' ? `"convention": ${value},` : `convention: ${value}`;
  if (language !== 'json' && separator === ' ') return undefined; // a YAML flow mapping on one line: leave it
  return { span: { start: key.start, end: key.start }, newText: `${entry}${separator}` };
}

/** Where the finding goes: the convention's value, else the fixture's first key. */
export function conventionSpan(fixture: FixtureNode, text: string): Span {
  if (fixture.convention) return fixture.convention.span;
  return firstKeySpan(fixture, text) ?? { start: fixture.span.start, end: fixture.span.start };
}

// The first key of the fixture's mapping: after any "---", "{" and blank space, a quoted or plain key.
function firstKeySpan(fixture: FixtureNode, text: string): Span | undefined {
  const rest = text.slice(fixture.span.start, fixture.span.end);
  const m = /^(?:\s|---[^\n]*\n|#[^\n]*\n|\{)*("(?:[^"\\]|\\.)*"|[^\s:#{}[\],"]+)\s*:/.exec(rest);
  if (!m) return undefined;
  const start = fixture.span.start + m[0].lastIndexOf(m[1]);
  return { start, end: start + m[1].length };
}
