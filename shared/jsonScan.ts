/**
 * One pass of jsonc-parser's scanner before parsing: it finds values nested past the depth cap (the
 * parser recurses per level, so they must never reach it), comments and trailing commas (accepted,
 * but JSON.parse, Python's json and ranx reject them).
 */
import { SyntaxKind, createScanner } from 'jsonc-parser';
import { Span } from './fixtureModel';

export interface JsonScan {
  /** Values that open past the depth cap, from their bracket to its match (or the end of the text). */
  tooDeep: Span[];
  comments: Span[];
  trailingCommas: Span[];
}

/** Scans JSON text for nesting past maxDepth, comments and trailing commas. */
export function scanJson(text: string, maxDepth: number): JsonScan {
  const scan: JsonScan = { tooDeep: [], comments: [], trailingCommas: [] };
  const scanner = createScanner(text, false);
  let depth = 0;
  let deepStart = -1;
  let previous = SyntaxKind.Unknown;
  let previousOffset = 0;
  for (let kind = scanner.scan(); kind !== SyntaxKind.EOF; kind = scanner.scan()) {
    const offset = scanner.getTokenOffset();
    const span = { start: offset, end: offset + scanner.getTokenLength() };
    if (kind === SyntaxKind.Trivia || kind === SyntaxKind.LineBreakTrivia) continue;
    if (kind === SyntaxKind.LineCommentTrivia || kind === SyntaxKind.BlockCommentTrivia) {
      if (deepStart < 0) scan.comments.push(span);
      continue;
    }
    if (kind === SyntaxKind.OpenBraceToken || kind === SyntaxKind.OpenBracketToken) {
      depth++;
      if (depth > maxDepth && deepStart < 0) deepStart = offset;
    } else if (kind === SyntaxKind.CloseBraceToken || kind === SyntaxKind.CloseBracketToken) {
      if (previous === SyntaxKind.CommaToken && deepStart < 0) scan.trailingCommas.push({ start: previousOffset, end: previousOffset + 1 });
      if (deepStart >= 0 && depth === maxDepth + 1) {
        scan.tooDeep.push({ start: deepStart, end: span.end });
        deepStart = -1;
      }
      depth = Math.max(0, depth - 1);
    }
    previous = kind;
    previousOffset = offset;
  }
  if (deepStart >= 0) scan.tooDeep.push({ start: deepStart, end: text.length });
  return scan;
}

/**
 * The text with each span replaced by "0" and spaces: same length, so every offset still points at
 * the original text, and the parser sees a shallow number where the deep value was.
 */
export function blankSpans(text: string, spans: readonly Span[]): string {
  if (spans.length === 0) return text;
  const parts: string[] = [];
  let at = 0;
  for (const s of spans) {
    parts.push(text.slice(at, s.start), '0', ' '.repeat(s.end - s.start - 1));
    at = s.end;
  }
  parts.push(text.slice(at));
  return parts.join('');
}
