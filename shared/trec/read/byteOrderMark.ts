/** The UTF-8 byte-order mark a qrels or run file may start with, and what becomes of it. */
import { latin1, shownBytes } from './byteText';
import { C_SPACES } from './fields';
import { TrecFileKind, TrecProblem, fieldProblem } from './problems';

const BOM = '\xef\xbb\xbf';

/** How many bytes of a file's start byteOrderMark reads: its first line's qid for the message. */
export const HEAD_BYTES = 4096;

/**
 * Whether the file whose first bytes are `head` starts with a UTF-8 byte-order mark, and the
 * problem that says what becomes of it: trec_eval reads it as part of the first query id (so does
 * its preset); the others skip it.
 */
export function byteOrderMark(head: Uint8Array, file: TrecFileKind, asTrecEval: boolean): { skip: number; problem?: TrecProblem } {
  const text = latin1(head, 0, head.length);
  if (!text.startsWith(BOM)) return { skip: 0 };
  const qid = text.split('\n')[0].split(C_SPACES)[0];
  const message = asTrecEval
    ? `The file starts with a byte-order mark: trec_eval reads it as part of the first line's query id, and so does this preset, so that line belongs to a query "${shownBytes(qid)}", not "${shownBytes(qid.slice(3))}". Save the file without it (UTF-8 without BOM).`
    : 'The file starts with a byte-order mark: skipped (trec_eval would read it as part of the first query id).';
  return { skip: asTrecEval ? 0 : 3, problem: fieldProblem(file, 1, 0, 1, 'byte-order-mark', 'warning', message) };
}
