/**
 * Spans (UTF-16 offsets, the unit LSP positions count) become LSP positions here and only here.
 * An analysis of an older version has its offsets moved through the edits made since.
 */
// @ts-nocheck

import { Position, Range } from 'vscode-languageserver';
import { TextDocument } from 'vscode-languageserver-textdocument';
import { Span } from '../shared/fixture/model';
import { Edit, moveOffset } from './documents';

export interface Placer {
  position(offset: number): Position;
  range(span: Span): Range;
}

/** Places spans of the text the document holds now. */
export function placer(doc: TextDocument): Placer {
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
