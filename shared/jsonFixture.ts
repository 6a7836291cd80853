/**
 * JSON fixtures: jsonc-parser's error-recovering parser, turned into the located tree and read by
 * the shared schema. Comments and trailing commas are accepted with a warning; syntax errors become
 * findings and whatever still parses is evaluated.
 */
import { ParseError, ParseErrorCode, printParseErrorCode } from 'jsonc-parser';
import { parseFinding } from './fixtureFindings';
import { DEFAULT_LIMITS, FixtureLimits, sizeFinding } from './fixtureLimits';
import { FixtureDocument, LocatedFinding } from './fixtureModel';
import { readFixture } from './fixtureSchema';
import { blankSpans, scanJson } from './jsonScan';
import { jsonTree } from './jsonTree';

/** Parses a JSON fixture into the fixture model, with every syntax and schema problem located. */
export function parseJsonFixture(text: string, limits: FixtureLimits = DEFAULT_LIMITS): FixtureDocument {
  const tooLarge = sizeFinding(text, 'json', limits);
  if (tooLarge) return { fixtures: [], problems: [tooLarge] };
  const problems: LocatedFinding[] = [];
  const scan = scanJson(text, limits.maxDepth);
  problems.push(...scanFindings(scan, limits.maxDepth));
  // A byte-order mark is not JSON, but editors and files carry it; it stands for one space.
  const source = blankSpans(text.startsWith('\uFEFF') ? ` ${text.slice(1)}` : text, scan.tooDeep);
  const errors: ParseError[] = [];
  const tree = jsonTree(source, text, new Set(scan.tooDeep.map((s) => s.start)), errors);
  // An unclosed value stacks one error per open bracket at the same offset; the first says it.
  const reported = new Set<number>();
  for (const e of errors) {
    if (!reported.has(e.offset)) problems.push(syntaxFinding(e, text));
    reported.add(e.offset);
  }
  const fixture = tree && readFixture(tree, problems);
  return { fixtures: fixture ? [fixture] : [], problems };
}

function scanFindings(scan: ReturnType<typeof scanJson>, maxDepth: number): LocatedFinding[] {
  const out: LocatedFinding[] = [];
  const more = (n: number) => (n > 1 ? ` (${n} places in this file; this is the first)` : '');
  if (scan.tooDeep.length > 0) {
    const s = scan.tooDeep[0];
    out.push(parseFinding('too-deep', { start: s.start, end: s.start + 1 },
      `Lists and mappings nest deeper than ${maxDepth} levels here, so this value is dropped${more(scan.tooDeep.length)}. A fixture needs 5 levels.`));
  }
  if (scan.comments.length > 0) {
    out.push(parseFinding('syntax-warning', scan.comments[0],
      `Comments are not JSON${more(scan.comments.length)}: Ranklens skips them, but JSON.parse, Python's json and ranx refuse the file. Use a "description" or an "x-…" key instead.`));
  }
  if (scan.trailingCommas.length > 0) {
    out.push(parseFinding('syntax-warning', scan.trailingCommas[0],
      `A comma before a closing bracket is not JSON${more(scan.trailingCommas.length)}: Ranklens accepts it, but JSON.parse, Python's json and ranx refuse the file.`));
  }
  return out;
}

const SYNTAX_MESSAGES: Partial<Record<ParseErrorCode, string>> = {
  [ParseErrorCode.InvalidNumberFormat]: 'This is not a JSON number',
  [ParseErrorCode.PropertyNameExpected]: 'A key in double quotes is expected here',
  [ParseErrorCode.ValueExpected]: 'A value is expected here',
  [ParseErrorCode.ColonExpected]: 'A colon is expected after the key',
  [ParseErrorCode.CommaExpected]: 'A comma is expected before this',
  [ParseErrorCode.CloseBraceExpected]: 'A closing } is expected',
  [ParseErrorCode.CloseBracketExpected]: 'A closing ] is expected',
  [ParseErrorCode.EndOfFileExpected]: 'The JSON value has already ended; the text after it is ignored',
  [ParseErrorCode.UnexpectedEndOfComment]: 'This comment is never closed',
  [ParseErrorCode.UnexpectedEndOfString]: 'This string is never closed',
  [ParseErrorCode.UnexpectedEndOfNumber]: 'This number is cut short',
  [ParseErrorCode.InvalidUnicode]: 'This \\u escape needs four hex digits',
  [ParseErrorCode.InvalidEscapeCharacter]: 'This escape sequence is not JSON',
  [ParseErrorCode.InvalidCharacter]: 'Control characters must be escaped inside JSON strings',
};

function syntaxFinding(e: ParseError, text: string): LocatedFinding {
  const span = { start: e.offset, end: e.offset + e.length };
  let message = SYNTAX_MESSAGES[e.error] ?? printParseErrorCode(e.error);
  if (e.error === ParseErrorCode.InvalidSymbol) {
    const symbol = text.slice(span.start, span.end);
    message = /^-?(NaN|Infinity)$/.test(symbol)
      ? `JSON has no ${symbol.replace('-', '')}: write null for an expected NaN; a grade or score cannot be NaN`
      : `Unexpected ${JSON.stringify(symbol)}: JSON values are strings in double quotes, numbers, true, false, null, lists and mappings`;
  }
  return parseFinding('syntax-error', span, `JSON syntax: ${message}.`);
}
