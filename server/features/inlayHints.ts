/**
 * Inlay hints after each predicted item in the requested range: relevant or not, and its grade; and
 * `⊘` after an item left out of the ranking (a score written as text, an unreadable id), which the
 * model does not hold, so that it is not silently unmarked.
 */
import { InlayHint, Range } from 'vscode-languageserver';
import { caseInput, DocumentEvaluation } from '../../shared/evaluation';
import { predictionMarks } from '../../shared/core';
import { Placer } from '../positions';
import { itemCount, itemSpan, Span } from '../../shared/fixture';

const before = (a: { line: number; character: number }, b: { line: number; character: number }) =>
  a.line < b.line || (a.line === b.line && a.character < b.character);

/**
 * The hints in a range. A case an error broke gets none (it is not evaluated), nor, for an analysis
 * kept from an older version, does a case `changed` says was edited since or holds a syntax error now.
 */
export function inlayHints(
  evaluation: DocumentEvaluation,
  range: Range,
  place: Placer,
  changed: (span: Span) => boolean = () => false,
): InlayHint[] {
  const hints: InlayHint[] = [];
  for (const fe of evaluation.fixtures) {
    for (const c of fe.cases) {
      const span = c.node.predictionsSpan;
      if (!span || itemCount(c.node.predictions) === 0 || c.node.broken) continue;
      // Predictions read from a file all sit on its name: no mark belongs anywhere in the text.
      if (c.node.fromFile && itemSpan(c.node.predictions, 0).start === span.start) continue;
      if (before(place.position(span.end), range.start) || before(range.end, place.position(span.start))) continue;
      if (changed(c.node.span)) continue;
      const marks = predictionMarks(caseInput(c.node), fe.convention.convention);
      for (let i = 0; i < marks.length; i++) {
        hints.push({
          position: place.position(itemSpan(c.node.predictions, i).end),
          label: marks[i].label,
          tooltip: marks[i].tooltip,
          paddingLeft: true,
        });
      }
      for (const f of evaluation.findings) {
        if (f.code !== 'wrong-type' || f.span.start < span.start || f.span.end > span.end) continue;
        hints.push({ position: place.position(f.span.end), label: '⊘', tooltip: f.message, paddingLeft: true });
      }
    }
  }
  return hints;
}
