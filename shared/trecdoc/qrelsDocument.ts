/**
 * A TREC qrels document (`qid iter docid grade`) read from the editor's text, by the qrels reader's
 * rules (shared/trec/read/qrelsReader.ts): exactly 4 fields, grades as C's atol reads them under
 * trec_eval's preset (a warning when not written as a whole number), its comment rules (only a '#' in
 * the first column, one line at a time) and blank lines (trec_eval stops on them); a docid judged
 * twice keeps its first grade.
 */
import { Label } from '../core/caseInput';
import { hashText } from '../core/hash';
import { LocatedFinding } from '../fixture/model/model';
import { cAtol } from '../trec/read/cNumbers';
import { malformedCause } from '../trec/read/collapse';
import { FieldSplitter, isWholeNumber, parseDecimal } from '../trec/read/fields';
import { binaryText, byteOrderMarkOf } from './documentShape';
import { FindingList } from './findingList';
import { lineAt, lineEnd, lineStarts } from '../core/lineStarts';
import { TableShape, readTableRow, tableRowProblem, tableShapeOf } from './tableRows';
import { jsonFormatError, jsonRowProblem, readJsonLine, readJsonTable } from './jsonTable';
import { JsonLineKeys } from '../trec/read/formats/jsonLineKeys';
import type { ColumnMap } from '../trec/read/formats/columnNames';

/** One query's judgements, each docid once (its first grade), in file order. */
export interface QrelsDocQuery {
  qid: string;
  labels: Label[];
  /** The 0-based line of each label, and the offsets of its docid. */
  lines: number[];
  docids: { start: number; end: number }[];
  /** FNV-1a of its judgements (docids and grades): part of the key of its queries' evaluations. */
  hash: number;
}

export interface QrelsDocument {
  text: string;
  lineStarts: Int32Array;
  queries: Map<string, QrelsDocQuery>;
  /** The query judged on each line that holds a judgement. */
  queryOnLine: Map<number, string>;
  findings: LocatedFinding[];
  /** Lines skipped (malformed, a grade that is not a number, a second judgement of a docid). */
  skipped: number;
  binary: boolean;
  /** Set when the qrels are TSV (BEIR/MTEB), CSV, JSON lines or one JSON value rather than TREC text. */
  format?: TableShape['format'];
  /** Qrels written as one JSON value, whose rows are not lines: each row's [start, end) and query, in file order. */
  rows?: { start: number; end: number; qid: string }[];
  /** Set when nothing is read because the text is not the shape it is read as (a JSON value the CLI refuses too). */
  refused?: boolean;
}

/**
 * Reads a qrels document's text; asTrecEval: trec_eval's reading of grades and comments. Qrels whose
 * text reads as TSV, CSV or JSON lines (tableShapeOf; `name` is their file's) are read row by row instead,
 * their columns (or keys) found by `columns` (ranklens.trec.columns) and the usual names.
 */
export function readQrelsDocument(
  text: string,
  asTrecEval: boolean,
  duplicateSeverity: 'error' | 'warning',
  name = '',
  columns: ColumnMap = {},
): QrelsDocument {
  const starts = lineStarts(text);
  const doc: QrelsDocument = {
    text,
    lineStarts: starts,
    queries: new Map(),
    queryOnLine: new Map(),
    findings: [],
    skipped: 0,
    binary: false,
  };
  const binary = binaryText(text, 'qrels');
  if (binary) return { ...doc, findings: [binary], binary: true };
  const findings = new FindingList();
  const first = new Map<string, Map<string, Span>>(); // per query, where each docid's first judgement is
  const judge = (line: number, qid: string, docid: string, at: Span, grade: number, firstAt?: Span) =>
    addJudgement(doc, first, findings, duplicateSeverity, line, qid, docid, at, grade, firstAt);
  const shape = tableShapeOf(text, name, 'qrels', starts, columns);
  if (shape?.format === 'json') {
    readQrelsJson(doc, asTrecEval, findings, judge, columns);
    for (const q of doc.queries.values()) q.hash = hashText(q.labels.map((l) => `${l.id} ${l.grade}`).join('\n'));
    doc.findings = findings.list();
    return doc;
  }
  if (shape) {
    readQrelsTable(doc, shape, asTrecEval, findings, judge, columns);
    for (const q of doc.queries.values()) q.hash = hashText(q.labels.map((l) => `${l.id} ${l.grade}`).join('\n'));
    doc.findings = findings.list();
    return doc;
  }
  const mark = byteOrderMarkOf(text, asTrecEval);
  if (mark.finding) findings.push(mark.finding);
  const splitter = new FieldSplitter(asTrecEval);
  splitter.startChunk(text);
  const f = splitter.at;
  let afterComment = false;
  let lastLine = starts.length - 1;
  if (lastLine > 0 && starts[lastLine] === text.length) lastLine--; // the empty line after a final line break
  for (let line = 0; line <= lastLine; line++) {
    const from = line === 0 ? mark.skip : starts[line];
    const to = lineEnd(text, starts, line);
    const comment = asTrecEval && text.charCodeAt(from) === 35;
    let n: number;
    if (comment && afterComment) {
      afterComment = false;
      n = splitter.splitAll(from, to);
      if (n === 4)
        findings.push({
          code: 'comment-read-as-judgement',
          severity: 'warning',
          span: { start: from, end: f[7] },
          message: `A comment line right after another: trec_eval skips one comment line at a time, so it reads this second one in a row as a judgement of query "${text.slice(f[0], f[1])}", and so does Ranklens under the trec_eval preset. Join the comments into one line if it is not one.`,
        });
    } else {
      afterComment = comment;
      n = splitter.split(from, to, 4, true);
      if (n === 0) {
        if (asTrecEval && !comment)
          findings.push({
            code: 'blank-line',
            severity: 'warning',
            span: { start: from, end: from },
            message: 'A blank line: skipped here; trec_eval stops on it ("Malformed line") and evaluates nothing.',
          });
        if (comment && line === lastLine)
          findings.push({
            code: 'final-comment-line',
            severity: 'warning',
            span: { start: from, end: from },
            message:
              'The qrels end with a comment line: skipped here, but trec_eval 10.0 skips it and reads on past the end of the file (it crashes with a segmentation fault). Delete the line, or move it up.',
          });
        continue;
      }
    }
    if (n !== 4) {
      let end = to;
      while (end > from && /\s/.test(text[end - 1])) end--;
      const cause = malformedCause('qrels', n, text.slice(from, to));
      findings.push({
        code: 'malformed-line',
        severity: 'error',
        span: { start: from, end },
        message: `A qrels line has 4 fields (qid iter docid grade); this one has ${n}${cause ? `: ${cause}` : ''}. The line is skipped.`,
      });
      doc.skipped++;
      continue;
    }
    const grade = gradeOf(text, f[6], f[7], asTrecEval, findings);
    if (grade === undefined) {
      doc.skipped++;
      continue;
    }
    judge(line, text.slice(f[0], f[1]), text.slice(f[4], f[5]), { start: f[4], end: f[5] }, grade);
  }
  for (const q of doc.queries.values()) q.hash = hashText(q.labels.map((l) => `${l.id} ${l.grade}`).join('\n'));
  doc.findings = findings.list();
  return doc;
}

type Span = { start: number; end: number };

// A judgement of a docid of a query at its line, unless the docid is judged already (a finding
// pointing at the first, at firstAt or else its line's start; the first grade is kept).
function addJudgement(
  doc: QrelsDocument,
  first: Map<string, Map<string, Span>>,
  findings: FindingList,
  duplicateSeverity: 'error' | 'warning',
  line: number,
  qid: string,
  docid: string,
  at: Span,
  grade: number,
  firstAt: Span = { start: doc.lineStarts[line], end: doc.lineStarts[line] },
): void {
  let seen = first.get(qid);
  if (!seen) first.set(qid, (seen = new Map()));
  const prior = seen.get(docid);
  if (prior !== undefined) {
    findings.push({
      code: 'duplicate-judgement',
      severity: duplicateSeverity,
      span: at,
      message: `"${docid}" is judged twice for query ${qid}; the first grade is used${duplicateSeverity === 'error' ? ' (trec_eval stops on this)' : ''}.`,
      related: [{ span: prior, message: 'first judgement' }],
    });
    doc.skipped++;
    return;
  }
  seen.set(docid, firstAt);
  let q = doc.queries.get(qid);
  if (!q) doc.queries.set(qid, (q = { qid, labels: [], lines: [], docids: [], hash: 0 }));
  q.labels.push({ id: docid, grade });
  q.lines.push(line);
  q.docids.push(at);
  doc.queryOnLine.set(line, qid);
}

// The rows of TSV (BEIR/MTEB), CSV or JSON-lines qrels (a byte-order mark skipped), each read as the TREC line it stands for.
function readQrelsTable(
  doc: QrelsDocument,
  shape: TableShape,
  asTrecEval: boolean,
  findings: FindingList,
  judge: (line: number, qid: string, docid: string, at: { start: number; end: number }, grade: number) => void,
  columns: ColumnMap,
): void {
  const { text, lineStarts: starts } = doc;
  doc.format = shape.format;
  if (shape.headerProblem) {
    findings.push(tableRowProblem(text, shape, 'qrels', shape.headerLine));
    return;
  }
  // JSON lines: each read as the CLI reads it (jsonTable.ts), the keys of each role kept while they fit.
  const keys = shape.format === 'jsonl' ? new JsonLineKeys('qrels', columns) : undefined;
  for (let line = shape.headerLine + 1; line < starts.length; line++) {
    const from = line === 0 && text.charCodeAt(0) === 0xfeff ? 1 : starts[line];
    const to = lineEnd(text, starts, line);
    if (text.slice(from, to).trim() === '') continue;
    const row = keys ? readJsonLine(text, from, to, line, 'qrels', keys) : readTableRow(text, from, to, shape, 'qrels');
    if (row.problem !== undefined) {
      findings.push(tableRowProblem(text, shape, 'qrels', line, { problem: row.problem, start: from, end: to }));
      doc.skipped++;
      continue;
    }
    const { value } = row;
    // A JSON value is read as the text the CLI writes for it (1.0 is 1, 1.5 is read by atol under trec_eval's preset); a cell as written.
    const grade = keys
      ? gradeOf(value.value, 0, value.value.length, asTrecEval, findings, value)
      : gradeOf(text, value.start, value.end, asTrecEval, findings);
    if (grade === undefined) {
      doc.skipped++;
      continue;
    }
    judge(line, row.query.value, row.doc.value, { start: row.doc.start, end: row.doc.end }, grade);
  }
}

// Qrels written as one JSON value (jsonTable.ts): each row read as the TREC line the CLI writes for
// it, its grade by the TREC reader's rules (a JSON number as its shortest text: 1.0 is 1, 1.5 is read
// by atol under trec_eval's preset); a docid judged twice points at its first judgement's docid; a
// text that is not the shape is one format-error at its token, and nothing is read, as in the CLI.
function readQrelsJson(
  doc: QrelsDocument,
  asTrecEval: boolean,
  findings: FindingList,
  judge: (line: number, qid: string, docid: string, at: Span, grade: number, firstAt?: Span) => void,
  columns: ColumnMap,
): void {
  doc.format = 'json';
  const read = readJsonTable(doc.text, 'qrels', Infinity, columns);
  if (read.stop) {
    findings.push(jsonFormatError(read.stop));
    doc.refused = true;
    return;
  }
  const rows: { start: number; end: number; qid: string }[] = [];
  for (const row of read.rows) {
    if (row.problem !== undefined) {
      findings.push(jsonRowProblem('qrels', row.start, row.end, row.problem));
      doc.skipped++;
      continue;
    }
    const { value } = row;
    const grade = gradeOf(value.value, 0, value.value.length, asTrecEval, findings, value);
    if (grade === undefined) {
      doc.skipped++;
      continue;
    }
    const at = { start: row.doc.start, end: row.doc.end };
    judge(row.line, row.query.value, row.doc.value, at, grade, at);
    rows.push({ start: Math.min(row.start, row.query.start), end: row.end, qid: row.query.value });
  }
  doc.rows = rows;
}

/** The query judged at an offset: of the JSON row that holds it, else of its line's judgement; undefined when none. */
export function qrelsQueryAt(doc: QrelsDocument, offset: number): string | undefined {
  const rows = doc.rows;
  if (!rows) return doc.queryOnLine.get(lineAt(doc.lineStarts, offset));
  let lo = 0;
  let hi = rows.length - 1;
  let found = -1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (rows[mid].start <= offset) {
      found = mid;
      lo = mid + 1;
    } else hi = mid - 1;
  }
  return found >= 0 && offset <= rows[found].end ? rows[found].qid : undefined;
}

// The grade written at text[start, end), as trec_eval (atol) or as written; undefined when the line is
// skipped. Its findings go at `at` (the field's place, when text is the field itself).
function gradeOf(
  text: string,
  start: number,
  end: number,
  asTrecEval: boolean,
  findings: FindingList,
  at: Span = { start, end },
): number | undefined {
  if (isWholeNumber(text, start, end)) return parseDecimal(text, start, end) + 0; // + 0: -0 is 0
  const written = text.slice(start, end);
  const span = { start: at.start, end: at.end };
  if (asTrecEval) {
    const grade = cAtol(written);
    findings.push({
      code: 'non-integer-grade',
      severity: 'warning',
      span,
      message: `trec_eval reads the grade "${written}" as ${grade} (C's atol: the whole number at its start, 0 when there is none).`,
    });
    return grade;
  }
  const grade = parseDecimal(text, start, end);
  if (!Number.isFinite(grade)) {
    findings.push({
      code: 'invalid-grade',
      severity: 'error',
      span,
      message: `The grade "${written}" is not a number. The line is skipped.`,
    });
    return undefined;
  }
  findings.push({
    code: 'non-integer-grade',
    severity: 'warning',
    span,
    message: `The grade "${written}" is not written as a whole number: read as ${grade}; trec_eval would read ${cAtol(written)}.`,
  });
  return grade;
}
