/**
 * Hovers on TREC documents: on a run line, its docid's judgement, trec_eval's rank, gain and
 * discount and what it adds to each headline measure; on a qrels line, its query's grades and how
 * many of its relevant documents each open run paired with these qrels retrieves.
 */
import { Hover, MarkupKind } from 'vscode-languageserver';
import { relevantGrade, trecEntryHover, trecQrelsHover } from '../../shared/text';
import { docidOf, entryAt, entryIndex, fieldSpan, qrelsQueryAt, rankWritten, relevantRetrieved } from '../../shared/trecdoc';
import { Placer } from '../positions';
import { TrecQrelsView, TrecRunView } from '../trecDocuments';
import { uriPath } from '../workspaceFiles';

/** The hover at an offset of a paired run: on any line read as a prediction (in a JSON run, on its row). */
export function trecRunHover(view: TrecRunView, offset: number, place: Placer): Hover | null {
  const ev = view.evaluation;
  if (!ev) return null;
  const run = view.run;
  const i = entryAt(run, offset);
  if (i < 0) return null;
  const q = run.queries[run.query[i]];
  const e = ev.queries[run.query[i]];
  const k = entryIndex(q, i);
  const value = trecEntryHover(ev, e, k, docidOf(run, i), rankWritten(run, i));
  return { contents: { kind: MarkupKind.Markdown, value }, range: place.range(fieldSpan(run, i, 'docid')) };
}

/** The hover at an offset of qrels: on a judgement's line (in JSON qrels, its row). */
export function qrelsLineHover(view: TrecQrelsView, offset: number, runs: readonly TrecRunView[]): Hover | null {
  const qid = qrelsQueryAt(view.qrels, offset);
  const q = qid === undefined ? undefined : view.qrels.queries.get(qid);
  if (!q) return null;
  const conv = view.settings.convention.convention;
  const counts = runs.flatMap((r) => {
    const got = r.evaluation && relevantRetrieved(r.evaluation, r.run, q.qid, (g) => relevantGrade(g, conv));
    const name = uriPath(r.uri).split('/').pop()!;
    return [got ? { name, ...got } : { name, retrieved: 0, lines: 0 }];
  });
  return { contents: { kind: MarkupKind.Markdown, value: trecQrelsHover(q, conv, counts) } };
}
