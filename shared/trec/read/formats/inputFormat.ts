/**
 * The formats qrels and runs come in besides TREC text, as ranx, pytrec_eval, BEIR/MTEB and pandas
 * write them: which one a file is (its name, then its first bytes, unless it is given), and which of
 * its columns hold the query, the document and the grade or score.
 */
import { latin1 } from '../byteText';
import { TrecFileKind } from '../problems';
import { COLUMN_NAMES, COLUMN_ROLES, ColumnMap, ColumnRole, chooseColumns } from './columnNames';
import { isJsonLinesStart } from './jsonLinesStart';

export { COLUMN_NAMES, COLUMN_ROLES, chooseColumns } from './columnNames';
export type { ColumnChoice, ColumnMap, ColumnRole } from './columnNames';

/** The formats read: TREC text, tab- or comma-separated values with a header, JSON lines, one JSON object, Parquet. */
export const INPUT_FORMATS = ['trec', 'tsv', 'csv', 'jsonl', 'json', 'parquet'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** Reads `query=user,doc=item,score=prediction`; returns the map or a message saying what is wrong. */
export function parseColumnMap(text: string): ColumnMap | string {
  const map: ColumnMap = {};
  for (const part of text.split(',')) {
    const eq = part.indexOf('=');
    const role = part.slice(0, eq).trim() as ColumnRole;
    const column = part.slice(eq + 1).trim();
    if (eq < 0 || !COLUMN_ROLES.includes(role) || column === '')
      return `--columns takes ROLE=COLUMN pairs separated by commas (roles: ${COLUMN_ROLES.join(', ')}), such as query=user,doc=item,score=prediction; not "${part}".`;
    map[role] = column;
  }
  return map;
}

/** The format a file's name says (after a .gz), if any. */
export function formatOfName(name: string): InputFormat | undefined {
  const m = /\.([A-Za-z]+)(?:\.gz)?$/.exec(name);
  const ext = m?.[1].toLowerCase();
  if (ext === 'parquet' || ext === 'pq') return 'parquet';
  if (ext === 'jsonl' || ext === 'ndjson') return 'jsonl';
  if (ext === 'json') return 'json';
  if (ext === 'csv') return 'csv';
  if (ext === 'tsv') return 'tsv';
  return undefined;
}

/**
 * The format of a file from its name and its first bytes (`head`): Parquet by its magic bytes; JSON
 * lines when the first line is one row (isJsonLinesStart) (whatever the name: a .json file may
 * hold them), one JSON object otherwise; values separated by tabs or commas when the first line names a
 * query and a document column; else TREC text (which also covers a TREC file with a header line).
 */
export function detectFormat(name: string, head: Uint8Array): InputFormat {
  const text = latin1(head, 0, head.length).replace(/^\xef\xbb\xbf/, '');
  if (text.startsWith('PAR1')) return 'parquet';
  const byName = formatOfName(name);
  const start = text.search(/\S/);
  if (start >= 0 && (text[start] === '{' || text[start] === '[')) {
    return text[start] === '{' && isJsonLines(text.slice(start)) ? 'jsonl' : 'json';
  }
  if (byName) return byName;
  const firstLine = text.slice(0, text.indexOf('\n') >= 0 ? text.indexOf('\n') : text.length).replace(/\r$/, '');
  for (const [sep, format] of [
    ['\t', 'tsv'],
    [',', 'csv'],
  ] as const) {
    if (!firstLine.includes(sep)) continue;
    const header = firstLine.split(sep).map((f) => f.trim().replace(/^"(.*)"$/, '$1'));
    if (typeof chooseColumns(header, 'qrels') !== 'string' || typeof chooseColumns(header, 'run') !== 'string') return format;
  }
  return 'trec';
}

function isJsonLines(text: string): boolean {
  const end = text.indexOf('\n');
  return isJsonLinesStart(end < 0 ? text : text.slice(0, end));
}
