/**
 * What a qrels or run file's first bytes say about it before any line is read: a file that is not
 * text at all (compressed, an archive, UTF-16), or a first line that names the columns (a header,
 * as CSV and TSV exports write one) rather than holding a judgement or a ranked document.
 */
import { latin1, shownBytes, utf16Column } from './byteText';
import { C_SPACES } from './fields';
import { TrecFileKind, TrecProblem, fieldProblem } from './problems';

// Formats known by their first bytes (as byte strings), for a message that says what the file is.
const MAGIC: readonly [string, string][] = [
  ['\x1f\x8b', 'gzip-compressed (a file whose name ends in .gz is read through gunzip: rename it, or gunzip it)'],
  ['PK\x03\x04', 'a zip archive: unzip it'],
  ['BZh', 'bzip2-compressed: bunzip2 it'],
  ['\xfd7zXZ\x00', 'xz-compressed: unxz it'],
  ['\x28\xb5\x2f\xfd', 'zstd-compressed: unzstd it'],
  ['PAR1', 'a Parquet file, read as TREC text as --qrels-format or --run-format trec asks: leave the option out to read it as Parquet'],
  ['\xff\xfe', 'UTF-16 text: save it as UTF-8'],
  ['\xfe\xff', 'UTF-16 text: save it as UTF-8'],
];

/**
 * The problem of a file that is not text (`head` is its first bytes): a known compressed or binary
 * format, or NUL bytes, which no text line holds. Nothing is read from such a file.
 */
export function binaryFile(head: Uint8Array, file: TrecFileKind): TrecProblem | undefined {
  const text = latin1(head, 0, head.length);
  const known = MAGIC.find(([magic]) => text.startsWith(magic));
  const nul = text.indexOf('\x00');
  if (!known && nul < 0) return undefined;
  const alternate = nul >= 0 && /^(?:[^\x00]\x00){4}|^(?:\x00[^\x00]){4}/.test(text);
  const what = known
    ? known[1]
    : alternate
      ? 'UTF-16 text (a NUL byte between characters): save it as UTF-8'
      : `it holds NUL bytes (the first at byte ${nul}), which no text line holds`;
  const message = `The ${file} file is not text: ${what}. Nothing is read from it (trec_eval stops on it: "Malformed line").`;
  return { ...fieldProblem(file, 1, 0, 0, 'binary-file', 'error', message), what: `The ${file} file is not text: ${what}.` };
}

// Column names that header lines of qrels and runs use (compared lowercased, without - and _).
const COLUMN_NAMES: ReadonlySet<string> = new Set(
  [
    'qid',
    'query',
    'queryid',
    'topic',
    'topicid',
    'iter',
    'iteration',
    'docid',
    'docno',
    'doc',
    'document',
    'documentid',
    'corpusid',
    'pid',
    'passageid',
    'rel',
    'relevance',
    'grade',
    'label',
    'judgement',
    'judgment',
    'score',
    'rank',
    'sim',
    'tag',
    'run',
    'runid',
    'system',
  ].map((n) => n.toLowerCase()),
);

/** Whether a line's fields name columns: no field is a number, and at least two are column names (qid, docno, score, …). */
export function isHeader(fields: readonly string[]): boolean {
  if (fields.length < 2) return false;
  if (fields.some((f) => /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(f))) return false;
  return fields.filter((f) => COLUMN_NAMES.has(f.toLowerCase().replace(/[-_]/g, ''))).length >= 2;
}

/** Where a header line is: its line number (1-based), and its bytes' offset in the file. */
export interface HeaderLine {
  line: number;
  offset: number;
  problem: TrecProblem;
}

/**
 * The file's first line that holds anything but a comment, when it is a header (see isHeader):
 * `head` is the file's first bytes, `from` where reading starts (after a byte-order mark that is
 * skipped). The readers skip it; trec_eval reads it as data (as a judgement of a query "qid", or a
 * malformed line).
 */
export function headerLine(head: Uint8Array, file: TrecFileKind, from: number, asTrecEval: boolean): HeaderLine | undefined {
  const text = latin1(head, 0, head.length);
  let start = from;
  for (let line = 1; start < text.length; line++) {
    const end = text.indexOf('\n', start);
    if (end < 0) return undefined; // the first line does not fit in head: not a header
    const content = text.slice(start, end);
    const trimmed = content.trim();
    if (trimmed === '' || trimmed.startsWith('#')) {
      start = end + 1;
      continue;
    }
    // Comma- or semicolon-separated values name their columns the same way.
    const blank = trimmed.split(C_SPACES).filter((f) => f !== '');
    const fields = blank.length === 1 ? trimmed.split(/[,;]/).map((f) => f.trim()) : blank;
    if (!isHeader(fields)) return undefined;
    const shown = shownBytes(trimmed);
    const unit = file === 'qrels' ? 'a judgement' : 'a ranked document';
    const trecEval =
      blank.length === (file === 'qrels' ? 4 : 6)
        ? file === 'qrels'
          ? `trec_eval reads it as ${unit} of a query "${shownBytes(blank[0])}" (grade 0), which -c counts among the queries`
          : `trec_eval reads it as ${unit} of a query "${shownBytes(blank[0])}", which it ignores unless the qrels judge that query`
        : 'trec_eval stops on it ("Malformed line")';
    const message = `The first line names the columns ("${shown}"): a header, not ${unit}. It is skipped${asTrecEval ? `; ${trecEval}. Delete it to give trec_eval the same file` : ''}.`;
    return {
      line,
      offset: start,
      problem: fieldProblem(file, line, 0, utf16Column(content, 0, content.trimEnd().length), 'header-line', 'warning', message),
    };
  }
  return undefined;
}
