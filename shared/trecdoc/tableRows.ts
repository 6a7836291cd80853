/**
 * Runs and qrels as tab- or comma-separated values with a header, or as JSON lines, read from the
 * editor's text: which format a document is, and each data line as the cells of its roles (query,
 * document, score or grade, rank) with their places (UTF-16 offsets into the text), so that a row
 * becomes a prediction or a judgement as a TREC line does. The column names are the CLI's
 * (shared/trec/read/formats/columnNames.ts).
 */
import { startsAsTrec } from '../fixture/files/trecFilePatterns';
import { LocatedFinding } from '../fixture/model/model';
import type { TrecFileKind } from '../trec/read/problems';
import { ColumnChoice, ColumnMap, chooseColumns } from '../trec/read/formats/columnNames';
import { lineEnd, lineStarts } from '../core/lineStarts';
import { readJsonLine, readJsonTable, startsAsJsonLines } from './jsonTable';
import { JsonLineKeys } from '../trec/read/formats/jsonLineKeys';

/** The formats read here besides TREC text: json is one JSON value (jsonTable.ts), read whole rather than by line. */
export type TableFormat = 'tsv' | 'csv' | 'jsonl' | 'json';

/** How a table document is read: its format and, for TSV and CSV, its header line and columns (or why its header names none). */
export interface TableShape {
  format: TableFormat;
  /** TSV/CSV: the 0-based line of the header, and how many cells it names. */
  headerLine: number;
  width: number;
  columns?: ColumnChoice;
  /** TSV/CSV: why the header does not name the columns needed. */
  headerProblem?: string;
}

/** One cell of a row: its value and where it is written ([start, end) inside any quotes). */
export interface TableCell {
  value: string;
  start: number;
  end: number;
}

/**
 * A data row's cells by role, or why it cannot be read: value is the grade (qrels) or the score (a
 * run), or the rank of a run without a score column (byRank: ranked by rank, 1 first, as the CLI
 * ranks it).
 */
export type TableRow =
  | { problem?: undefined; query: TableCell; doc: TableCell; value: TableCell; rank?: TableCell; byRank: boolean }
  | { problem: string; start: number; end: number };

/**
 * The table format of a document, or undefined for TREC text: as the CLI tells them (detectFormat),
 * whatever its name, one JSON value when its text starts with "[", or with "{" and its first line is
 * not a JSON object of plain values; JSON lines when it is; TSV or CSV when its first line is a header naming the columns this kind of file needs,
 * or when its name ends in .tsv or .csv and its first line is not a TREC line (then a header naming
 * none is a problem to report). `columns` names columns for roles (ranklens.trec.columns, the CLI's
 * --columns); a role whose named column the header lacks is found by its usual names.
 */
export function tableShapeOf(
  text: string,
  name: string,
  kind: TrecFileKind,
  starts: Int32Array,
  columns: ColumnMap = {},
): TableShape | undefined {
  let line = 0;
  while (line < starts.length && text.slice(starts[line], lineEnd(text, starts, line)).trim() === '') line++;
  if (line === starts.length) return undefined;
  const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : starts[line];
  const first = text.slice(from, lineEnd(text, starts, line));
  const lead = first.search(/\S/);
  if (first[lead] === '[' || (first[lead] === '{' && !startsAsJsonLines(text, from + lead)))
    return { format: 'json', headerLine: -1, width: 0 };
  if (first[lead] === '{') return { format: 'jsonl', headerLine: -1, width: 0 };
  const ext = /\.(tsv|csv)$/i.exec(name)?.[1].toLowerCase() as 'tsv' | 'csv' | undefined;
  for (const format of ['tsv', 'csv'] as const) {
    if (!first.includes(format === 'tsv' ? '\t' : ',') && ext !== format) continue;
    const cells = splitCells(text, from, lineEnd(text, starts, line), format);
    const names = Array.isArray(cells) ? cells.map((c) => c.value) : [];
    const chosen = chooseColumns(names, kind, columns);
    if (typeof chosen !== 'string') return { format, headerLine: line, width: names.length, columns: chosen };
    // A .tsv file of TREC lines (MS MARCO's qrels.dev.tsv) is TREC text.
    if (ext === format && !startsAsTrec(first, kind))
      return { format, headerLine: line, width: names.length, headerProblem: chosen.replace(/; name them with --columns.*$/, '') };
  }
  return undefined;
}

/**
 * Whether a document's text (its first lines suffice) reads as a TSV, CSV or JSON-lines file of this
 * kind: a header that names the columns it needs, or a first line that is a JSON object with its keys;
 * or as one JSON value whose first row reads ({qid: {docid: value}}, or a list whose first record has
 * its keys); `columns` as tableShapeOf takes them.
 */
export function readsAsTable(text: string, name: string, kind: TrecFileKind, columns: ColumnMap = {}): boolean {
  const starts = lineStarts(text);
  const shape = tableShapeOf(text, name, kind, starts, columns);
  if (!shape || shape.headerProblem !== undefined) return false;
  if (shape.format === 'json') {
    const first = readJsonTable(text, kind, 1, columns);
    return first.rows.length === 1 && first.rows[0].problem === undefined;
  }
  if (shape.format !== 'jsonl') return true;
  let line = 0;
  while (text.slice(starts[line], lineEnd(text, starts, line)).trim() === '') line++;
  const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : starts[line];
  return readJsonLine(text, from, lineEnd(text, starts, line), line, kind, new JsonLineKeys(kind, columns)).problem === undefined;
}

/** Reads the data line text[from, to) of a table document by its shape. */
export function readTableRow(text: string, from: number, to: number, shape: TableShape, kind: TrecFileKind): TableRow {
  // JSON lines (readJsonLine) and one JSON value (readJsonTable) are read by jsonTable.ts: no line of them comes here.
  if (shape.format === 'jsonl' || shape.format === 'json') return { problem: 'it is JSON', start: from, end: to };
  const cells = splitCells(text, from, to, shape.format);
  if (!Array.isArray(cells)) return cells;
  const c = shape.columns!;
  const byRank = kind === 'run' && c.value < 0;
  const roles: [string, number][] = [
    ['query id', c.query],
    ['document id', c.doc],
    [kind === 'qrels' ? 'grade' : byRank ? 'rank' : 'score', byRank ? c.rank : c.value],
  ];
  if (cells.length !== shape.width) {
    const lost = roles.filter(([, i]) => i >= cells.length).map(([role, i]) => `no ${role} (column ${i + 1})`);
    const sep = shape.format === 'tsv' ? 'tab' : 'comma';
    const problem = `it has ${cells.length} ${sep}-separated cell${cells.length === 1 ? '' : 's'} where the header names ${shape.width}${lost.length ? `, so ${lost.join(' and ')}` : ''}`;
    return { problem, start: from, end: to };
  }
  const [query, doc, value] = roles.map(([, i]) => cells[i]);
  const problem = cellProblem(
    query,
    doc,
    value,
    roles.map(([role]) => role),
  );
  if (problem) return { problem, start: from, end: to };
  const rank = c.rank >= 0 ? trimmed(text, cells[c.rank]) : undefined;
  return { query, doc, value: trimmed(text, value), ...(rank ? { rank } : {}), byRank };
}

// Why the cells of a row cannot be a TREC line's fields: a cell empty, an id holding a blank (which no TREC field holds).
function cellProblem(query: TableCell, doc: TableCell, value: TableCell, roles: string[]): string | undefined {
  const cells = [query, doc, value];
  for (let k = 0; k < 3; k++) {
    if (cells[k].value.trim() === '') return `its ${roles[k]} is empty`;
    if (k < 2 && /\s/.test(cells[k].value))
      return `its ${roles[k]} ${JSON.stringify(cells[k].value)} holds a blank, which no TREC field holds`;
  }
  return undefined;
}

// A value cell without the blanks around it (a number reads the same with them, as in a TREC line).
function trimmed(text: string, cell: TableCell): TableCell {
  let { start, end } = cell;
  while (start < end && /\s/.test(text[start])) start++;
  while (end > start && /\s/.test(text[end - 1])) end--;
  return { value: cell.value.trim(), start, end };
}

const FORMAT_NAMES: Readonly<Record<TableFormat, string>> = { tsv: 'TSV', csv: 'CSV', jsonl: 'JSON-lines', json: 'JSON' };

/** The malformed-line finding of a row that cannot be read (row given), or the format-error of a header that names no columns (row omitted). */
export function tableRowProblem(
  text: string,
  shape: TableShape,
  kind: TrecFileKind,
  line: number,
  row?: { problem: string; start: number; end: number },
): LocatedFinding {
  const what = `${FORMAT_NAMES[shape.format]} ${kind}`;
  if (!row) {
    const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : lineStartOf(text, line);
    let end = text.indexOf('\n', from);
    if (end < 0) end = text.length;
    while (end > from && /\s/.test(text[end - 1])) end--;
    const sep = shape.format === 'tsv' ? 'tab' : 'comma';
    return {
      code: 'format-error',
      severity: 'error',
      span: { start: from, end },
      message: `The ${kind} file's first line is not the header of ${sep}-separated values: ${shape.headerProblem}. Nothing is read from it; name the columns as docs/guide/file-formats.md lists them.`,
    };
  }
  let end = row.end;
  while (end > row.start && /\s/.test(text[end - 1])) end--;
  return {
    code: 'malformed-line',
    severity: 'error',
    span: { start: row.start, end },
    message: `This ${what} row cannot be read: ${row.problem}. The ${shape.format === 'json' ? 'row' : 'line'} is skipped.`,
  };
}

function lineStartOf(text: string, line: number): number {
  let at = 0;
  for (let l = 0; l < line; l++) at = text.indexOf('\n', at) + 1;
  return at;
}

// The cells of a TSV or CSV line: split at each tab (TSV) or comma outside quotes (CSV); a CSV cell
// in double quotes is what is inside them, "" read as ".
function splitCells(
  text: string,
  from: number,
  to: number,
  format: 'tsv' | 'csv',
): TableCell[] | { problem: string; start: number; end: number } {
  const sep = format === 'tsv' ? 9 : 44;
  const cells: TableCell[] = [];
  let i = from;
  for (;;) {
    if (format === 'csv' && text.charCodeAt(i) === 34) {
      const start = i + 1;
      let j = start;
      let value = '';
      for (;;) {
        const q = text.indexOf('"', j);
        if (q < 0 || q >= to)
          return {
            problem: 'a quoted cell is not closed on its line (a cell written over several lines is not read here; write it on one line)',
            start: i,
            end: to,
          };
        value += text.slice(j, q);
        if (text.charCodeAt(q + 1) === 34) {
          value += '"';
          j = q + 2;
          continue;
        }
        cells.push({ value, start, end: q });
        i = q + 1;
        break;
      }
      if (i < to && text.charCodeAt(i) !== sep) return { problem: 'text follows a quoted cell before the next comma', start: i, end: to };
    } else {
      let end = i;
      while (end < to && text.charCodeAt(end) !== sep) end++;
      cells.push({ value: text.slice(i, end), start: i, end });
      i = end;
    }
    if (i >= to) return cells;
    i++; // the separator
  }
}
