/**
 * Runs and qrels written as one JSON value, read from the editor's text as `ranklens trec` reads the
 * file (shared/trec/read/formats/jsonRows.ts, addJsonObject): an object {qid: {docid: value}} (ranx,
 * pytrec_eval, BEIR results), each pair a row, or a list of records [{"qid": …, "docid": …,
 * "score": …}, …] (pandas' to_json(orient="records")), each record a row whose keys name the roles as
 * a JSON line's do (JsonLineKeys: the CLI's column names). Tokens come from jsonc-parser's scanner,
 * with their UTF-16 offsets and lines; what the CLI refuses (a comment, a trailing comma, null or a
 * list where a value goes, text after the value) stops the reading at that token and no row is kept,
 * as the CLI reads nothing from such a file. A JSON line (jsonRows.ts, addJsonLine) is read as such a
 * record, a list or an object under another key passed over, and a line that is not one is a row's
 * problem.
 */
import { JSONScanner, ScanError, SyntaxKind, createScanner } from 'jsonc-parser';
import type { TrecFileKind } from '../trec/read/problems';
import { LocatedFinding } from '../fixture/model/model';
import { JsonLineKeys } from '../trec/read/formats/jsonLineKeys';
import { ColumnMap, chooseColumns } from '../trec/read/formats/columnNames';
import { isJsonLinesStart } from '../trec/read/formats/jsonLinesStart';
import { RowValue, idText, numberText } from '../trec/read/formats/rowValues';

/** A value of a row and where its literal is written ([start, end), inside a string's quotes). */
export interface JsonCell {
  /** The TREC field it becomes: an id as written (a number as String writes it), a score or grade as numberText writes it. */
  readonly value: string;
  readonly start: number;
  readonly end: number;
}

const NO_CELL: JsonCell = { value: '', start: 0, end: 0 };

/** The value of a JSON line's key that holds a list or an object (a TREC field cannot: the row is malformed if the key holds a role). */
const NESTED = Symbol('a list or an object') as unknown as RowValue;

/** A row read: its cells by role, or why it cannot be a TREC line (then skipped, as the CLI skips it). One shape for every row. */
export class JsonRow {
  /** Why the row cannot be a TREC line; its cells are then empty. */
  problem: string | undefined = undefined;
  query = NO_CELL;
  doc = NO_CELL;
  /** The grade or score; a run ranked by its rank column: minus the rank, at the rank's literal. */
  value = NO_CELL;
  rank: JsonCell | undefined = undefined;
  byRank = false;

  constructor(
    /** The row's text: the pair `"docid": value`, or the record `{…}`. */
    readonly start: number,
    readonly end: number,
    /** The 0-based line of its docid (of the record, when it has none). */
    readonly line: number,
    /** The 0-based line where its query is named: the query's key, or the record. */
    readonly queryLine: number,
  ) {}
}

/** The rows of a JSON run or qrels, or where and why the text is not the shape read (no row kept). */
export interface JsonTable {
  shape: 'object' | 'records';
  rows: JsonRow[];
  stop?: Stop;
}

/** The first characters whose first line decides JSON lines against one JSON value (the CLI's HEAD_BYTES). */
const HEAD = 4096;

/**
 * Whether a text whose first non-blank character (at `from`) is "{" is JSON lines, as the CLI tells
 * them apart (isJsonLinesStart), on its first line within the file's head.
 */
export function startsAsJsonLines(text: string, from: number): boolean {
  let end = text.indexOf('\n', from);
  if (end < 0 || end > HEAD) end = Math.min(text.length, HEAD);
  return isJsonLinesStart(text.slice(from, end));
}

/**
 * Reads a JSON run or qrels (a byte-order mark skipped); maxRows: stop after that many rows (the
 * editor's first look at a file it may adopt, on its first lines only); `columns`: the keys named for
 * roles (the CLI's --columns), a record lacking one read by the usual names.
 */
export function readJsonTable(text: string, kind: TrecFileKind, maxRows = Infinity, columns: ColumnMap = {}): JsonTable {
  const t = new Tokens(text);
  t.skipTo(text.charCodeAt(0) === 0xfeff ? 1 : 0);
  const read: JsonTable = t.is(SyntaxKind.OpenBracketToken) ? readRecords(t, kind, maxRows, columns) : readObject(t, kind, maxRows);
  if (read.stop) read.rows = [];
  return read;
}

type Stop = { message: string; start: number; end: number };

function stopAt(t: Tokens, kind: TrecFileKind, what: string): Stop {
  const end = t.is(SyntaxKind.EOF) ? t.offset : t.offset + Math.max(1, Math.min(t.length, 40));
  return {
    message: `The ${kind} file is not JSON of the shape it is read as: ${what} found ${t.found()}. Nothing is read from it.`,
    start: t.offset,
    end,
  };
}

// {qid: {docid: value}}: the grammar and messages of the CLI's addJsonObject.
function readObject(t: Tokens, kind: TrecFileKind, maxRows: number): JsonTable {
  const rows: JsonRow[] = [];
  const done = (stop?: Stop): JsonTable => ({ shape: 'object', rows, ...(stop ? { stop } : {}) });
  const what = kind === 'qrels' ? 'grade' : 'score';
  if (!t.is(SyntaxKind.OpenBraceToken))
    return done(stopAt(t, kind, `expected a JSON object {query id: {document id: ${what}}} or a list of records,`));
  t.next();
  for (let first = true; ; first = false) {
    if (t.is(SyntaxKind.CloseBraceToken) && first) break;
    const q = t.string();
    if (!q) return done(stopAt(t, kind, 'expected a query id (a string),'));
    const queryLine = t.line;
    // One cell for the query's rows, or none when its key cannot be a TREC field.
    const qid = idText(q.value);
    const queryCell = qid === undefined ? undefined : cell(qid, q);
    t.next();
    if (!t.is(SyntaxKind.ColonToken)) return done(stopAt(t, kind, 'expected ":" after the query id,'));
    t.next();
    if (!t.is(SyntaxKind.OpenBraceToken)) {
      const fixture = ['cases', 'systems', 'qrels', 'runs', 'metrics'].includes(q.value)
        ? ' (this looks like a Ranklens fixture: check it with ranklens check)'
        : '';
      return done(stopAt(t, kind, `expected an object {document id: ${what}} for query "${q.value}"${fixture},`));
    }
    t.next();
    for (let firstDoc = true; ; firstDoc = false) {
      if (t.is(SyntaxKind.CloseBraceToken) && firstDoc) break;
      const d = t.string();
      if (!d) return done(stopAt(t, kind, 'expected a document id (a string),'));
      const line = t.line;
      const start = t.offset;
      t.next();
      if (!t.is(SyntaxKind.ColonToken)) return done(stopAt(t, kind, 'expected ":" after the document id,'));
      t.next();
      const v = t.scalar();
      if (!v) return done(stopAt(t, kind, `expected a number for document "${d.value}" of query "${q.value}",`));
      const row = new JsonRow(start, v.end + (typeof v.value === 'string' ? 1 : 0), line, queryLine);
      rows.push(pairRow(q, queryCell, d, v, row, kind));
      if (rows.length >= maxRows) return done();
      t.next();
      if (t.is(SyntaxKind.CommaToken)) t.next();
      else if (t.is(SyntaxKind.CloseBraceToken)) break;
      else return done(stopAt(t, kind, `expected "," or "}" after the value of document "${d.value}",`));
    }
    t.next();
    if (t.is(SyntaxKind.CommaToken)) t.next();
    else if (t.is(SyntaxKind.CloseBraceToken)) break;
    else return done(stopAt(t, kind, `expected "," or "}" after query "${q.value}",`));
  }
  t.next();
  if (!t.is(SyntaxKind.EOF)) return done(stopAt(t, kind, 'expected the end of the file after the object,'));
  return done();
}

interface Literal {
  value: RowValue;
  start: number;
  end: number;
  /** The 0-based line it starts on. */
  line: number;
}

// A pair of the object form as the TREC line the CLI writes for it (TrecLines.add: ids and the value checked, no rank, no tag).
function pairRow(q: Literal, queryCell: JsonCell | undefined, d: Literal, v: Literal, row: JsonRow, kind: TrecFileKind): JsonRow {
  const doc = idText(d.value);
  const value = numberText(v.value);
  row.problem =
    queryCell === undefined
      ? wrong('query id', q.value)
      : doc === undefined
        ? wrong('document id', d.value)
        : value === undefined
          ? wrong(kind === 'qrels' ? 'grade' : 'score', v.value)
          : undefined;
  if (row.problem !== undefined) return row;
  row.query = queryCell!;
  row.doc = cell(doc!, d);
  row.value = cell(value!, v);
  return row;
}

function cell(value: string, at: { start: number; end: number }): JsonCell {
  return { value, start: at.start, end: at.end };
}

// chooseColumns' message of a record: its keys rather than a header's columns, without the CLI's --columns advice.
function keyProblem(message: string): string {
  return message
    .replace(/^expected /, '')
    .replace(/; name them with --columns.*$/, '')
    .replace(/, found the columns /, '; its keys are ')
    .replace(/, found no columns/, '; it has no keys')
    .replace(/ column/g, ' key');
}

// Why a value cannot be a TREC field (the CLI's whatIsWrong, as a row's problem).
function wrong(what: string, v: RowValue): string {
  if (v === undefined) return `it has no ${what}`;
  if (v === NESTED) return `its ${what} is a list or an object`;
  if (v === null) return `its ${what} is null`;
  if (typeof v === 'boolean') return `its ${what} is ${v}, not a number`;
  if (typeof v === 'number') return `its ${what} ${v} is not a finite number`;
  if (v === '' || (typeof v === 'string' && v.trim() === '')) return `its ${what} is empty`;
  return `its ${what} ${JSON.stringify(v)} holds a blank, which no TREC field holds`;
}

// [{…}, …]: the grammar and messages of the CLI's addRecords; each record read as the CLI reads it.
function readRecords(t: Tokens, kind: TrecFileKind, maxRows: number, columns: ColumnMap): JsonTable {
  const rows: JsonRow[] = [];
  const done = (stop?: Stop): JsonTable => ({ shape: 'records', rows, ...(stop ? { stop } : {}) });
  const keys = new JsonLineKeys(kind, columns);
  const example = `{"qid": …, "docid": …, "${kind === 'qrels' ? 'relevance' : 'score'}": …}`;
  t.next();
  for (let first = true; ; first = false) {
    if (t.is(SyntaxKind.CloseBracketToken) && first) break;
    if (!t.is(SyntaxKind.OpenBraceToken)) return done(stopAt(t, kind, `expected a record ${example},`));
    const row = readRecord(t, kind, keys, false);
    if (!(row instanceof JsonRow)) return done(row);
    rows.push(row);
    if (rows.length >= maxRows) return done();
    t.next();
    if (t.is(SyntaxKind.CommaToken)) t.next();
    else if (t.is(SyntaxKind.CloseBracketToken)) break;
    else return done(stopAt(t, kind, 'expected "," or "]" after a record,'));
  }
  t.next();
  if (!t.is(SyntaxKind.EOF)) return done(stopAt(t, kind, 'expected the end of the file after the list,'));
  return done();
}

/**
 * The record at the token (at its "{"; the token left at its "}"), read as the CLI reads it: the
 * record of a list (nested false: a list or an object as a value stops, as in the CLI's addRecords), or
 * a JSON line (nested: such a value is taken, and makes the row malformed only if it holds a role).
 */
function readRecord(t: Tokens, kind: TrecFileKind, keys: JsonLineKeys, nested: boolean): JsonRow | Stop {
  const start = t.offset;
  const line = t.line;
  // Built as the CLI builds it (row[key] = value: a key written twice keeps its last value).
  const row: Record<string, RowValue> = {};
  // Each key's literal, in the order written (a record has a few keys: searched from the last, which wins).
  const names: string[] = [];
  const places: Literal[] = [];
  t.next();
  for (let firstKey = true; ; firstKey = false) {
    if (t.is(SyntaxKind.CloseBraceToken) && firstKey) break;
    const k = t.string();
    if (!k) return stopAt(t, kind, 'expected a column name (a string),');
    const key = k.value;
    t.next();
    if (!t.is(SyntaxKind.ColonToken)) return stopAt(t, kind, `expected ":" after "${key}",`);
    t.next();
    const v = nested && (t.is(SyntaxKind.OpenBraceToken) || t.is(SyntaxKind.OpenBracketToken)) ? t.nested() : t.literal();
    if (!v) return stopAt(t, kind, `expected a number, a string${nested ? ', a list, an object' : ''} or null for "${key}",`);
    row[key] = v.value;
    names.push(key);
    places.push(v);
    t.next();
    if (t.is(SyntaxKind.CommaToken)) t.next();
    else if (t.is(SyntaxKind.CloseBraceToken)) break;
    else return stopAt(t, kind, `expected "," or "}" after the value of "${key}",`);
  }
  const placeOf = (key: string | undefined) => places[names.lastIndexOf(key!)];
  return recordRow(row, placeOf, keys, kind, new JsonRow(start, t.offset + 1, line, line));
}

/**
 * A JSON line text[from, to), the 0-based line `line`, read as the CLI reads it (a record; its roles by `keys`, one per
 * document: the keys found on the first lines are kept while they fit); a line that is not a JSON
 * object is a row whose problem says so.
 */
export function readJsonLine(text: string, from: number, to: number, line: number, kind: TrecFileKind, keys: JsonLineKeys): JsonRow {
  const t = new Tokens(text, to);
  t.skipTo(from, line);
  const problem = (what: string) => Object.assign(new JsonRow(from, to, line, line), { problem: what });
  if (!t.is(SyntaxKind.OpenBraceToken)) return problem(t.is(SyntaxKind.EOF) ? 'it is empty' : 'it is not a JSON object');
  const row = readRecord(t, kind, keys, true);
  if (!(row instanceof JsonRow)) return problem(`it is not JSON (${lineStop(row.message)})`);
  t.next();
  if (!t.is(SyntaxKind.EOF))
    return problem(`it is not JSON (text follows the object: "${text.slice(t.offset, Math.min(to, t.offset + 12))}")`);
  return row;
}

// A stop's message as part of a line's problem.
function lineStop(message: string): string {
  const what = message.replace(/^The \w+ file is not JSON of the shape it is read as: /, '').replace(/\. Nothing is read from it\.$/, '');
  return what.replace('found the end of the file (is it cut short?)', 'the line ends before the object closes: a truncated line?');
}

// A record as the TREC line the CLI writes for it (its roles by JsonLineKeys, in the CLI's order; then TrecLines.add's checks).
function recordRow(
  row: Record<string, RowValue>,
  placeOf: (key: string | undefined) => Literal,
  keys: JsonLineKeys,
  kind: TrecFileKind,
  at: JsonRow,
): JsonRow {
  const queryKey = keys.key(row, 'query');
  const docKey = keys.key(row, 'doc');
  let valueKey: string | undefined;
  if (kind === 'run') valueKey = keys.key(row, 'score');
  else {
    valueKey = keys.key(row, 'grade');
    if (valueKey === undefined) valueKey = keys.key(row, 'score');
  }
  const rankKey = kind === 'run' ? keys.key(row, 'rank') : undefined;
  const tagKey = kind === 'run' ? keys.key(row, 'tag') : undefined;
  const get = (key: string | undefined): RowValue => (key === undefined ? undefined : row[key]);
  const q = get(queryKey);
  const d = get(docKey);
  const value = get(valueKey);
  const rank = get(rankKey);
  const tag = get(tagKey);
  const docLine = docKey !== undefined ? placeOf(docKey).line : undefined;
  const out = docLine === undefined ? at : new JsonRow(at.start, at.end, docLine, at.queryLine);
  const query = idText(q);
  const doc = idText(d);
  let v = numberText(value);
  const byRank = kind === 'run' && (value === undefined || value === null) && rank !== undefined;
  if (byRank) {
    const r = numberText(rank);
    v = r === undefined ? undefined : r.startsWith('-') ? r.slice(1) : r === '0' ? '0' : `-${r}`;
  }
  const lacking = queryKey === undefined || docKey === undefined || (valueKey === undefined && (kind === 'qrels' || rankKey === undefined));
  out.problem = lacking
    ? `it lacks ${keyProblem(chooseColumns(Object.keys(row), kind) as string)}`
    : query === undefined
      ? wrong('query id', q)
      : doc === undefined
        ? wrong('document id', d)
        : v === undefined
          ? wrong(kind === 'qrels' ? 'grade' : byRank ? 'rank' : 'score', byRank ? rank : value)
          : tag !== undefined && tag !== null && idText(tag) === undefined
            ? wrong('tag', tag)
            : undefined;
  if (out.problem !== undefined) return out;
  const rankPlace = rankKey !== undefined && rank !== undefined && rank !== null ? placeOf(rankKey) : undefined;
  out.query = cell(query!, placeOf(queryKey));
  out.doc = cell(doc!, placeOf(docKey));
  out.value = cell(v!, byRank ? rankPlace! : placeOf(valueKey));
  if (rankPlace) out.rank = cell(String(rank), rankPlace);
  out.byRank = byRank;
  return out;
}

/** jsonc-parser's scanner over the text, its blanks and line breaks skipped (the only ones JSON allows, as the CLI's). */
class Tokens {
  kind: SyntaxKind = SyntaxKind.EOF;
  offset = 0;
  length = 0;
  line = 0;
  error: ScanError = ScanError.None;
  private scanner: JSONScanner;
  private firstLine = 0;

  /** limit: where the text read ends (a JSON line's end): a token from there on is the end. */
  constructor(
    private text: string,
    private limit = Infinity,
  ) {
    this.scanner = createScanner(text, false);
  }

  /** Whether the token is of this kind (a method: the kind changes with each next()). */
  is(kind: SyntaxKind): boolean {
    return this.kind === kind;
  }

  /** Starts reading at an offset, on its 0-based line (the scanner counts lines from where it starts). */
  skipTo(offset: number, line = 0): void {
    this.scanner.setPosition(offset);
    this.firstLine = line;
    this.next();
  }

  next(): void {
    const s = this.scanner;
    let k: SyntaxKind;
    do k = s.scan();
    while (k === SyntaxKind.Trivia || k === SyntaxKind.LineBreakTrivia);
    this.kind = s.getTokenOffset() >= this.limit ? SyntaxKind.EOF : k;
    this.offset = Math.min(s.getTokenOffset(), this.limit);
    this.length = s.getTokenLength();
    this.line = this.firstLine + s.getTokenStartLine();
    this.error = s.getTokenError();
  }

  /** The string at the token, unescaped, with the place inside its quotes; undefined when there is none (the CLI's string()). */
  string(): (Literal & { value: string }) | undefined {
    if (this.kind !== SyntaxKind.StringLiteral) return undefined;
    // A control character inside is taken as written, as the CLI takes it, unless an escape makes it parse the string (JSON.parse refuses it).
    const raw = this.text.slice(this.offset, this.offset + this.length);
    if (this.error !== ScanError.None && !(this.error === ScanError.InvalidCharacter && !raw.includes('\\'))) return undefined;
    return { value: this.scanner.getTokenValue(), start: this.offset + 1, end: this.offset + this.length - 1, line: this.line };
  }

  /** A number (JSON's, or Python's NaN, Infinity and -Infinity) or a string at the token; undefined if neither (the CLI's scalar()). */
  scalar(): Literal | undefined {
    if (this.kind === SyntaxKind.StringLiteral) return this.string();
    const start = this.offset;
    if (this.kind === SyntaxKind.NumericLiteral && this.error === ScanError.None) {
      return { value: Number(this.scanner.getTokenValue()), start, end: start + this.length, line: this.line };
    }
    if (this.kind !== SyntaxKind.Unknown) return undefined;
    const word = this.scanner.getTokenValue();
    if (word === 'NaN' || word === 'Infinity')
      return { value: word === 'NaN' ? NaN : Infinity, start, end: start + this.length, line: this.line };
    // "-Infinity": the scanner reads a minus without a digit after it as a token of its own.
    if (word === '-' && this.text.startsWith('Infinity', start + 1)) {
      const line = this.line;
      this.next();
      return { value: -Infinity, start, end: this.offset + this.length, line };
    }
    return undefined;
  }

  /** A record's value: scalar(), or true, false or null; undefined for a list or an object (the CLI's literal()). */
  literal(): Literal | undefined {
    const k = this.kind;
    if (k === SyntaxKind.NullKeyword || k === SyntaxKind.TrueKeyword || k === SyntaxKind.FalseKeyword)
      return {
        value: k === SyntaxKind.NullKeyword ? null : k === SyntaxKind.TrueKeyword,
        start: this.offset,
        end: this.offset + this.length,
        line: this.line,
      };
    return this.scalar();
  }

  /**
   * A list or an object at the token, checked as JSON.parse checks it (Python's NaN and Infinity
   * taken, as the CLI's fallback takes them) and left at its closing token; undefined where it is not JSON.
   */
  nested(): Literal | undefined {
    const start = this.offset;
    const line = this.line;
    const object = this.is(SyntaxKind.OpenBraceToken);
    const close = object ? SyntaxKind.CloseBraceToken : SyntaxKind.CloseBracketToken;
    this.next();
    for (let first = true; ; first = false) {
      if (this.is(close) && first) break;
      if (object) {
        if (!this.string()) return undefined;
        this.next();
        if (!this.is(SyntaxKind.ColonToken)) return undefined;
        this.next();
      }
      const inner = this.is(SyntaxKind.OpenBraceToken) || this.is(SyntaxKind.OpenBracketToken) ? this.nested() : this.literal();
      if (!inner) return undefined;
      this.next();
      if (this.is(SyntaxKind.CommaToken)) this.next();
      else if (this.is(close)) break;
      else return undefined;
    }
    return { value: NESTED, start, end: this.offset + 1, line };
  }

  /** What is at the token, for a message (the CLI's found()). */
  found(): string {
    switch (this.kind) {
      case SyntaxKind.EOF:
        return 'the end of the file (is it cut short?)';
      case SyntaxKind.OpenBracketToken:
        return 'a list';
      case SyntaxKind.OpenBraceToken:
        return 'an object';
      case SyntaxKind.StringLiteral:
        return this.error === ScanError.UnexpectedEndOfString
          ? 'a string that does not end on its line (is the file cut short?)'
          : 'a string';
      case SyntaxKind.NumericLiteral:
        return 'a number';
      default:
        // What follows on its line (the CLI shows 12 characters, line breaks included).
        return /[-\d]/.test(this.text[this.offset]) ? 'a number' : `"${this.text.slice(this.offset, this.offset + 12).split(/[\r\n]/)[0]}"`;
    }
  }
}

/** The finding of a JSON text that is not the shape read: one format-error at the token where reading stopped. */
export function jsonFormatError(stop: Stop): LocatedFinding {
  return { code: 'format-error', severity: 'error', span: { start: stop.start, end: stop.end }, message: stop.message };
}

/** The malformed-line finding of a row of a JSON run or qrels that cannot be a TREC line. */
export function jsonRowProblem(kind: 'run' | 'qrels', start: number, end: number, problem: string): LocatedFinding {
  return {
    code: 'malformed-line',
    severity: 'error',
    span: { start, end },
    message: `This JSON ${kind} row cannot be read: ${problem}. The row is skipped.`,
  };
}
