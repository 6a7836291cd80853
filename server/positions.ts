/**
 * Spans (UTF-16 offsets, the unit LSP positions count) become LSP positions here and only here.
 * An analysis of an older version has its offsets moved through the edits made since.
 */
import { Position, Range } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { lineAt, lineStarts } from '../shared/core';
import { Span } from '../shared/fixture';
import { Edit, moveOffset } from './documents';

export interface Placer {
  position(offset: number): Position;
  range(span: Span): Range;
}

/** Places spans of the text the document holds now. */
export function placer(doc: TextDocument): Placer {
  const at = positionsOf(doc);
  return {
    position: at,
    range: (s) => Range.create(at(s.start), at(s.end)),
  };
}

// The line starts of the last document placed. TextDocument finds its own with a loop over every
// character (21 ms on a 2 MB fixture, a twentieth of the first pass); indexOf finds them natively.
let lastLines: { doc: TextDocument; version: number; starts: Int32Array } | undefined;

/** doc.positionAt, from line starts found with indexOf when the text has no \r (else TextDocument's own). */
function positionsOf(doc: TextDocument): (offset: number) => Position {
  const text = doc.getText();
  if (text.length < 65536 || text.includes('\r')) return (o) => doc.positionAt(o);
  if (lastLines?.doc !== doc || lastLines.version !== doc.version) lastLines = { doc, version: doc.version, starts: lineStarts(text) };
  const { starts } = lastLines;
  return (offset) => {
    const o = Math.max(0, Math.min(offset, text.length));
    const line = lineAt(starts, o);
    return Position.create(line, o - starts[line]);
  };
}

/**
 * Places a few spans with the document's own line index, which offsetAt has built already and every
 * edit keeps up to date: placer's line starts are found again for each version of a long text.
 */
export function fewPlacer(doc: TextDocument): Placer {
  return {
    position: (o) => doc.positionAt(o),
    range: (s) => Range.create(doc.positionAt(s.start), doc.positionAt(s.end)),
  };
}

/** Places spans of an older text in the document as it is now, moving them through the edits since. */
export function movedPlacer(doc: TextDocument, edits: readonly Edit[]): Placer {
  if (edits.length === 0) return placer(doc);
  const at = (o: number) => doc.positionAt(moveOffset(o, edits));
  return {
    position: at,
    range: (s) => Range.create(at(s.start), at(s.end)),
  };
}
