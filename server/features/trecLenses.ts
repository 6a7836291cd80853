/**
 * Code lenses on TREC runs: on the first line, the file's means against its qrels (the numbers
 * `ranklens trec` prints); on the first line of each query, its headline measures. A lens has no
 * command: its title is the readout, its tooltip (the file's) says where the numbers come from.
 */
import { CodeLens, Range } from 'vscode-languageserver';
import { trecFileLens, trecLensesLimited, trecQueryLens } from '../../shared/text';
import { TrecRunView } from '../trecDocuments';

/**
 * Query lenses a textDocument/codeLens answer carries at most: past it, the answer would be megabytes
 * (100 bytes a lens); an editor that asks for the lines on screen (ranklens/codeLenses) gets them all.
 */
export const MAX_QUERY_LENSES = 5_000;

/** The lenses of a paired run, on the lines given (0-based, both ends included) or on every line (up to MAX_QUERY_LENSES queries). */
export function trecCodeLenses(view: TrecRunView, lines?: readonly { start: number; end: number }[]): CodeLens[] {
  const ev = view.evaluation;
  // A run or qrels not read at all (JSON that is not the shape, as ranklens trec refuses it) has no numbers to show: its problem says why.
  if (!ev || view.run.refused || view.qrels?.refused) return [];
  const shown = (line: number) => !lines || lines.some((w) => line >= w.start && line <= w.end);
  const at = (line: number) => Range.create(line, 0, line, 0);
  const out: CodeLens[] = [];
  if (shown(0)) {
    const name = view.pairing.qrelsPath?.split('/').pop() ?? 'the qrels';
    const file = trecFileLens(ev, name);
    out.push({ range: at(0), command: { title: file.title, command: '', tooltip: file.tooltip } });
  }
  const queries = view.run.queries;
  const limited = !lines && queries.length > MAX_QUERY_LENSES;
  if (limited) out.push({ range: at(0), command: { title: trecLensesLimited(MAX_QUERY_LENSES, queries.length), command: '' } });
  for (let i = 0; i < (limited ? MAX_QUERY_LENSES : queries.length); i++) {
    const q = queries[i];
    if (shown(q.firstLine)) out.push({ range: at(q.firstLine), command: { title: trecQueryLens(ev, i), command: '' } });
  }
  return out;
}
