/**
 * A TREC run document (`qid Q0 docid rank score tag`) read from the editor's text: each line read as
 * a prediction with the places of its fields (UTF-16 offsets), the queries with their lines, and the
 * problems of the lines, by the run reader's rules (shared/trec/read/runReader.ts): fields split as
 * C splits them, '#' lines and blank lines skipped, scores as C's atof reads them under trec_eval's
 * preset (a warning), as written under the others (an error when not a number).
 */
import { LocatedFinding } from '../fixture/model/model';
import { cAtof, namedFloat } from '../trec/read/cNumbers';
import { malformedCause } from '../trec/read/collapse';
import { FieldSplitter, parseDecimal } from '../trec/read/fields';
import { binaryText, byteOrderMarkOf } from './documentShape';
import { FindingList } from './findingList';
import { lineAt, lineEnd, lineStarts } from '../core/lineStarts';
import { TableShape, readTableRow, tableRowProblem, tableShapeOf } from './tableRows';
import { JsonRow, jsonFormatError, jsonRowProblem, readJsonLine, readJsonTable } from './jsonTable';
import { JsonLineKeys } from '../trec/read/formats/jsonLineKeys';
import type { ColumnMap } from '../trec/read/formats/columnNames';

/** One query of a run: its id and its predictions (indexes into the document's columns), in file order. */
export interface RunDocQuery {
  qid: string;
  entries: number[];
  /** The 0-based lines of its first and last prediction. */
  firstLine: number;
  lastLine: number;
}

/** A run document read: one entry per line read as a prediction, in columns. */
export interface RunDocument {
  text: string;
  lineStarts: Int32Array;
  /** Predictions read. */
  count: number;
  /** Per prediction: its 0-based line, its query (index into queries), its score. */
  line: Int32Array;
  query: Int32Array;
  score: Float64Array;
  /** Per prediction, 6 offsets: the docid's, the rank's and the score's [start, end). */
  at: Int32Array;
  queries: RunDocQuery[];
  /** The query index of each qid. */
  queryIndex: Map<string, number>;
  findings: LocatedFinding[];
  /** Lines skipped (malformed, a score that is not a number). */
  skipped: number;
  /** Set when the text is not text: nothing was read. */
  binary: boolean;
  /** Set when the run is TSV, CSV or JSON lines rather than TREC text. */
  format?: TableShape['format'];
  /** Docids that differ from their text (a JSON escape, a CSV "" quote), by prediction. */
  docids?: Map<number, string>;
  /**
   * A run written as one JSON value, whose rows are not lines: per prediction, 4 offsets, its qid's
   * [start, end) and its row's (the pair or the record), in file order.
   */
  rows?: Int32Array;
  /** Set when nothing is read because the text is not the shape it is read as (a JSON value the CLI refuses too). */
  refused?: boolean;
}

/** Offsets within RunDocument.at of a prediction's fields. */
export const DOCID = 0;
export const RANK = 2;
export const SCORE = 4;

/**
 * Reads a run document's text; asTrecEval: trec_eval's reading of scores (C's atof). A run whose text
 * reads as TSV, CSV or JSON lines (tableShapeOf; `name` is its file's) is read row by row instead,
 * its columns (or keys) found by `columns` (ranklens.trec.columns) and the usual names.
 */
export function readRunDocument(text: string, asTrecEval: boolean, name = '', columns: ColumnMap = {}): RunDocument {
  const starts = lineStarts(text);
  const findings = new FindingList();
  const doc: RunDocument = {
    text,
    lineStarts: starts,
    count: 0,
    line: new Int32Array(starts.length),
    query: new Int32Array(starts.length),
    score: new Float64Array(starts.length),
    at: new Int32Array(6 * starts.length),
    queries: [],
    queryIndex: new Map(),
    findings: [],
    skipped: 0,
    binary: false,
  };
  const binary = binaryText(text, 'run');
  if (binary) {
    doc.findings = [binary];
    doc.binary = true;
    return doc;
  }
  const shape = tableShapeOf(text, name, 'run', starts, columns);
  if (shape?.format === 'json') {
    readRunJson(doc, asTrecEval, findings, columns);
    doc.findings = findings.list();
    return doc;
  }
  if (shape) {
    readRunTable(doc, shape, asTrecEval, findings, columns);
    doc.findings = findings.list();
    return doc;
  }
  const mark = byteOrderMarkOf(text, asTrecEval);
  if (mark.finding) findings.push(mark.finding);
  const splitter = new FieldSplitter();
  splitter.startChunk(text);
  const f = splitter.at;
  for (let line = 0; line < starts.length; line++) {
    const from = line === 0 ? mark.skip : starts[line];
    const to = lineEnd(text, starts, line);
    const n = splitter.split(from, to, 6, false);
    if (n === 0) continue; // blank or a comment
    if (n < 6) {
      findings.push(malformed(text, from, to, n));
      doc.skipped++;
      continue;
    }
    const score = scoreOf(text, f[8], f[9], asTrecEval, findings);
    if (score === undefined) {
      doc.skipped++;
      continue;
    }
    add(doc, text.slice(f[0], f[1]), line, score, f);
  }
  doc.findings = findings.list();
  return doc;
}

// The rows of a TSV, CSV or JSON-lines run (a byte-order mark skipped, as pandas' utf-8-sig writes
// it), each read as the TREC line it stands for, as `ranklens trec` reads it; a run without a score
// column is ranked by its rank (1 first: the score is minus the rank).
function readRunTable(doc: RunDocument, shape: TableShape, asTrecEval: boolean, findings: FindingList, columns: ColumnMap): void {
  const { text, lineStarts: starts } = doc;
  doc.format = shape.format;
  const f = new Int32Array(10);
  if (shape.headerProblem) {
    findings.push(tableRowProblem(text, shape, 'run', shape.headerLine));
    return;
  }
  // JSON lines: each read as the CLI reads it (jsonTable.ts), the keys of each role kept while they fit.
  const keys = shape.format === 'jsonl' ? new JsonLineKeys('run', columns) : undefined;
  const rows = keys ? new Int32Array(4 * starts.length) : undefined;
  for (let line = shape.headerLine + 1; line < starts.length; line++) {
    const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : starts[line];
    const to = lineEnd(text, starts, line);
    if (text.slice(from, to).trim() === '') continue;
    if (keys) {
      const json = readJsonLine(text, from, to, line, 'run', keys);
      if (json.problem !== undefined) {
        findings.push(tableRowProblem(text, shape, 'run', line, { problem: json.problem, start: from, end: to }));
        doc.skipped++;
      } else addJsonRow(doc, json, rows!, asTrecEval, findings, f);
      continue;
    }
    const row = readTableRow(text, from, to, shape, 'run');
    if (row.problem !== undefined) {
      findings.push(tableRowProblem(text, shape, 'run', line, row));
      doc.skipped++;
      continue;
    }
    const { value } = row;
    // A cell is read as the same text in a TREC line.
    const read = scoreOf(text, value.start, value.end, asTrecEval, findings);
    const score = read !== undefined && row.byRank ? -read : read;
    if (score === undefined) {
      doc.skipped++;
      continue;
    }
    cellPlaces(f, row);
    add(doc, row.query.value, line, score, f);
    if (row.doc.value !== text.slice(row.doc.start, row.doc.end)) (doc.docids ??= new Map()).set(doc.count - 1, row.doc.value);
  }
  if (rows) doc.rows = rows.subarray(0, 4 * doc.count);
}

// A run written as one JSON value (jsonTable.ts): each row read as the TREC line the CLI writes for
// it, its score by the TREC reader's rules (a JSON number as its shortest text, as the CLI writes it);
// a text that is not the shape (a comment, a trailing comma, null for a score) is one format-error at
// its token, and nothing is read, as the CLI reads nothing from it.
function readRunJson(doc: RunDocument, asTrecEval: boolean, findings: FindingList, columns: ColumnMap): void {
  const { text } = doc;
  doc.format = 'json';
  const read = readJsonTable(text, 'run', Infinity, columns);
  if (read.stop) {
    findings.push(jsonFormatError(read.stop));
    doc.refused = true;
    return;
  }
  const n = read.rows.length;
  doc.line = new Int32Array(n);
  doc.query = new Int32Array(n);
  doc.score = new Float64Array(n);
  doc.at = new Int32Array(6 * n);
  const rows = new Int32Array(4 * n);
  const f = new Int32Array(10);
  for (const row of read.rows) {
    if (row.problem !== undefined) {
      findings.push(jsonRowProblem('run', row.start, row.end, row.problem));
      doc.skipped++;
    } else addJsonRow(doc, row, rows, asTrecEval, findings, f);
  }
  doc.rows = rows.subarray(0, 4 * doc.count);
}

// A JSON row (of one JSON value or of a JSON line) as a prediction: its score by the TREC reader's
// rules on the text the CLI writes for it (a number as its shortest text, a rank already negated);
// rows: its qid's and its row's places.
function addJsonRow(doc: RunDocument, row: JsonRow, rows: Int32Array, asTrecEval: boolean, findings: FindingList, f: Int32Array): void {
  const { value } = row;
  const score = scoreOf(value.value, 0, value.value.length, asTrecEval, findings, value);
  if (score === undefined) {
    doc.skipped++;
    return;
  }
  cellPlaces(f, row);
  const i = doc.count;
  rows[4 * i] = row.query.start;
  rows[4 * i + 1] = row.query.end;
  rows[4 * i + 2] = row.start;
  rows[4 * i + 3] = row.end;
  add(doc, row.query.value, row.line, score, f, row.queryLine);
  if (row.doc.value !== doc.text.slice(row.doc.start, row.doc.end)) (doc.docids ??= new Map()).set(i, row.doc.value);
}

// A prediction of the line just split; queryLine: where a new query is named (its first line), when not this line.
function add(doc: RunDocument, qid: string, line: number, score: number, f: Int32Array, queryLine = line): void {
  const i = doc.count++;
  let q = doc.queryIndex.get(qid);
  if (q === undefined) {
    q = doc.queries.push({ qid, entries: [], firstLine: queryLine, lastLine: line }) - 1;
    doc.queryIndex.set(qid, q);
  }
  const query = doc.queries[q];
  query.entries.push(i);
  query.lastLine = line;
  doc.line[i] = line;
  doc.query[i] = q;
  doc.score[i] = score;
  for (let k = 0; k < 6; k++) doc.at[6 * i + k] = f[4 + k];
}

// A line without 6 fields, over the whole line, with the likely cause when its text shows one.
function malformed(text: string, from: number, to: number, n: number): LocatedFinding {
  let end = to;
  while (end > from && /\s/.test(text[end - 1])) end--;
  const cause = malformedCause('run', n, text.slice(from, to));
  return {
    code: 'malformed-line',
    severity: 'error',
    span: { start: from, end },
    message: `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${n}${cause ? `: ${cause}` : ''}. The line is skipped.`,
  };
}

// The score written at text[start, end): a plain decimal, else as trec_eval (atof) or the other presets
// read it; undefined when refused. Its findings go at `at` (the field's place, when text is the field itself).
function scoreOf(
  text: string,
  start: number,
  end: number,
  asTrecEval: boolean,
  findings: FindingList,
  at: { start: number; end: number } = { start, end },
): number | undefined {
  const plain = parseDecimal(text, start, end);
  if (!Number.isNaN(plain)) return plain;
  const written = text.slice(start, end);
  const named = asTrecEval ? cAtof(written) : namedFloat(written);
  const span = { start: at.start, end: at.end };
  if (named === undefined) {
    findings.push({
      code: 'invalid-score',
      severity: 'error',
      span,
      message: `The score "${written}" is not a number. The line is skipped.`,
    });
    return undefined;
  }
  findings.push({
    code: 'unusual-score',
    severity: 'warning',
    span,
    message: asTrecEval
      ? `trec_eval reads the score "${written}" as ${shownNumber(named)} (C's atof: the longest number at its start, 0 when there is none).`
      : `The score "${written}" is read as ${shownNumber(named)}${Number.isNaN(named) ? ', which ranks last' : ''}.`,
  });
  return named;
}

function shownNumber(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v === Infinity ? '∞' : v === -Infinity ? '−∞' : String(v);
}

/** The prediction on a 0-based line, or −1 (the predictions are in line order). */
export function entryOnLine(doc: RunDocument, line: number): number {
  let lo = 0;
  let hi = doc.count - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    const l = doc.line[mid];
    if (l === line) return mid;
    if (l < line) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** The prediction whose row holds an offset (a JSON run), else the prediction on its line; −1 when none. */
export function entryAt(doc: RunDocument, offset: number): number {
  const rows = doc.rows;
  if (!rows) return entryOnLine(doc, lineAt(doc.lineStarts, offset));
  // The last row starting at or before the offset, by binary search (rows are in file order).
  let lo = 0;
  let hi = doc.count - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[4 * mid + 2] <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && offset <= rows[4 * found + 3] ? found : -1;
}

/** The docid of prediction i. */
export function docidOf(doc: RunDocument, i: number): string {
  const unescaped = doc.docids?.get(i);
  if (unescaped !== undefined) return unescaped;
  return doc.text.slice(doc.at[6 * i + DOCID], doc.at[6 * i + DOCID + 1]);
}

/** The rank column of prediction i, as written. */
export function rankWritten(doc: RunDocument, i: number): string {
  return doc.text.slice(doc.at[6 * i + RANK], doc.at[6 * i + RANK + 1]);
}

/** A query's lines as one text (its lines in file order, joined): what its evaluation depends on, and its cache key. */
export function queryText(doc: RunDocument, q: RunDocQuery): string {
  const rows = doc.rows;
  if (rows) {
    // A JSON run's rows: the text from the first to the last when no other query's row is between them.
    const first = q.entries[0];
    const last = q.entries[q.entries.length - 1];
    if (last - first + 1 === q.entries.length) return doc.text.slice(Math.min(rows[4 * first], rows[4 * first + 2]), rows[4 * last + 3]);
    return q.entries.map((i) => doc.text.slice(rows[4 * i + 2], rows[4 * i + 3])).join('\n');
  }
  const first = doc.lineStarts[q.firstLine];
  const last = lineEnd(doc.text, doc.lineStarts, q.lastLine);
  // Lines of one block (nearly always): the slice from its first line to its last, which V8 does not copy.
  if (q.lastLine - q.firstLine + 1 === q.entries.length) return doc.text.slice(first, last);
  return q.entries.map((i) => doc.text.slice(doc.lineStarts[doc.line[i]], lineEnd(doc.text, doc.lineStarts, doc.line[i]))).join('\n');
}

// The docid's, rank's (the docid's end when there is none) and score's places of a table or JSON row, as f[4..9] of a TREC line's fields.
function cellPlaces(f: Int32Array, row: { doc: Cell; rank?: Cell; value: Cell }): void {
  f[4] = row.doc.start;
  f[5] = row.doc.end;
  f[6] = row.rank ? row.rank.start : row.doc.end;
  f[7] = row.rank ? row.rank.end : row.doc.end;
  f[8] = row.value.start;
  f[9] = row.value.end;
}

type Cell = { start: number; end: number };
