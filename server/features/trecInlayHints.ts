/** Inlay hints after each docid of a paired run: ✓ and the grade when relevant, ✗ when judged non-relevant, ? when unjudged. */
import { InlayHint, Range } from 'vscode-languageserver';
import { trecJudgmentMark } from '../../shared/text';
import { entryIndex } from '../../shared/trecdoc';
import { Placer } from '../positions';
import { TrecRunView } from '../trecDocuments';

/** The hints of the predictions on the lines a range covers. */
export function trecInlayHints(view: TrecRunView, range: Range, place: Placer): InlayHint[] {
  const ev = view.evaluation;
  if (!ev) return [];
  const run = view.run;
  const conv = ev.settings.convention.convention;
  const out: InlayHint[] = [];
  const first = Math.max(0, range.start.line);
  const last = Math.min(run.lineStarts.length - 1, range.end.line);
  // The predictions are in line order: the first on or after the range's first line, by binary search.
  let lo = 0;
  let hi = run.count;
  while (lo < hi) {
    const mid = (lo + hi) >>> 1;
    if (run.line[mid] < first) lo = mid + 1;
    else hi = mid;
  }
  // A JSON run may hold many rows on one line (all of them, written on one line): there, the range's characters count too.
  const offsetOf = (p: { line: number; character: number }) =>
    p.line >= run.lineStarts.length ? run.text.length : run.lineStarts[Math.max(0, p.line)] + p.character;
  const from = run.rows ? offsetOf(range.start) : 0;
  const to = run.rows ? offsetOf(range.end) : Infinity;
  for (let i = lo; i < run.count && run.line[i] <= last; i++) {
    const e = ev.queries[run.query[i]];
    if (!e.judged || run.at[6 * i + 1] < from || run.at[6 * i + 1] > to) continue;
    const k = entryIndex(run.queries[run.query[i]], i);
    out.push({ position: place.position(run.at[6 * i + 1]), label: trecJudgmentMark(e.grades[k], conv), paddingLeft: true });
  }
  return out;
}
