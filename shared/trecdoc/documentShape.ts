/**
 * What the start of a TREC document's text says before any line is read: text that is not text (an
 * editor shows a compressed or binary file decoded as characters: NUL bytes, replacement
 * characters), and a byte-order mark, read as trec_eval reads it or skipped.
 */
import { LocatedFinding } from '../fixture/model/model';
import { TrecFileKind } from '../trec/read/problems';

/** How much of the text's start is looked at. */
const HEAD = 4096;

/** The binary-file finding when the text's start holds NUL characters or is mostly replacement characters (bytes that are not UTF-8). */
export function binaryText(text: string, file: TrecFileKind): LocatedFinding | undefined {
  const head = text.slice(0, HEAD);
  const nul = head.indexOf('\x00');
  let replaced = 0;
  for (let i = head.indexOf('\ufffd'); i >= 0; i = head.indexOf('\ufffd', i + 1)) replaced++;
  if (nul < 0 && (replaced === 0 || replaced * 10 < head.length)) return undefined;
  const what =
    nul >= 0
      ? `it holds NUL characters (the first at character ${nul}), which no text line holds`
      : 'most of its start is not UTF-8 (shown as replacement characters): it may be compressed or an archive';
  return {
    code: 'binary-file',
    severity: 'error',
    span: { start: 0, end: 0 },
    message: `The ${file} file is not text: ${what}. Nothing is read from it (trec_eval stops on it: "Malformed line").`,
  };
}

/** Whether the text starts with a byte-order mark, and the finding saying what becomes of it (trec_eval keeps it in the first query id). */
export function byteOrderMarkOf(text: string, asTrecEval: boolean): { skip: number; finding?: LocatedFinding } {
  if (text.charCodeAt(0) !== 0xfeff) return { skip: 0 };
  const qid = text.slice(0, text.search(/[\t\n\v\f\r ]|$/));
  const message = asTrecEval
    ? `The file starts with a byte-order mark: trec_eval reads it as part of the first line's query id, and so does this preset, so that line belongs to a query "${qid}", not "${qid.slice(1)}". Save the file without it (UTF-8 without BOM).`
    : 'The file starts with a byte-order mark: skipped (trec_eval would read it as part of the first query id).';
  return { skip: asTrecEval ? 0 : 1, finding: { code: 'byte-order-mark', severity: 'warning', span: { start: 0, end: 1 }, message } };
}
