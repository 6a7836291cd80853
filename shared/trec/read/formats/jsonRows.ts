/**
 * JSON qrels and runs: JSON lines (one object per line, `{"qid": …, "docid": …, "score": …}`) and one
 * JSON object `{qid: {docid: value}}` (ranx, pytrec_eval, BEIR results: a grade in qrels, a score in
 * a run). Text is read as bytes (Latin-1, one character per byte), so ids that are not UTF-8 stay
 * the bytes they were; a line with a \u escape is read as UTF-8 and its strings turned back to bytes.
 * Python's NaN, Infinity and -Infinity, which json.dumps writes, are read as those numbers.
 */
import { byteString, utf16Column } from '../byteText';
import { TrecFileKind, TrecProblem, fieldProblem } from '../problems';
import { COLUMN_NAMES, ColumnMap, ColumnRole } from './inputFormat';
import { RowValue, TrecLines } from './trecLines';

// Python's json.dumps writes these where JSON has no word (allow_nan=True, its default).
const PYTHON_NUMBERS = /(?<=[:,[]\s*)(-?Infinity|NaN)(?=\s*[,}\]])/;

/** A JSON text (as bytes, Latin-1) parsed, its strings as byte strings; Python's NaN and Infinity taken. Throws a SyntaxError. */
export function parseJsonBytes(bytes: string): unknown {
  let text = bytes;
  let unicode = false;
  if (bytes.includes('\\u')) {
    // Escapes name characters: read the text as UTF-8 and turn its strings back into bytes.
    const utf8 = Buffer.from(bytes, 'latin1').toString('utf8');
    if (!utf8.includes('\ufffd')) {
      text = utf8;
      unicode = true;
    }
  }
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch (e) {
    if (!/NaN|Infinity/.test(text)) throw e;
    value = JSON.parse(text.replace(new RegExp(PYTHON_NUMBERS.source, 'g'), '"$1"'), (_key, v: unknown) =>
      v === 'NaN' ? NaN : v === 'Infinity' ? Infinity : v === '-Infinity' ? -Infinity : v,
    );
  }
  return unicode ? toBytes(value) : value;
}

function toBytes(v: unknown): unknown {
  if (typeof v === 'string') return byteString(v);
  if (Array.isArray(v)) return v.map(toBytes);
  if (typeof v === 'object' && v !== null) return Object.fromEntries(Object.entries(v).map(([k, x]) => [byteString(k), toBytes(x)]));
  return v;
}

/** The keys of a JSON line that hold each role, found in its first object and kept while they fit. */
export class JsonLineKeys {
  private keys = new Map<ColumnRole, string | undefined>();
  /**
   * Whether a row held two keys for one role (qid and query_id): which one it is read by depends on
   * the rows before it (the key found before is kept), so a part of the file read apart from those
   * rows may read it otherwise (see ../../node/convertText.ts).
   */
  ambiguous = false;
  constructor(
    private kind: TrecFileKind,
    private map: ColumnMap,
  ) {}

  /** The key of `role` in `row`: the one found before when the row has it, else looked up. */
  key(row: Record<string, unknown>, role: ColumnRole): string | undefined {
    if (!this.ambiguous) this.ambiguous = this.candidates(row, role) > 1;
    const known = this.keys.get(role);
    if (known !== undefined && known in row) return known;
    const given = this.map[role];
    const found =
      given !== undefined && given in row
        ? given
        : (COLUMN_NAMES[role].find((n) => n in row) ?? Object.keys(row).find((k) => COLUMN_NAMES[role].includes(k.toLowerCase())));
    this.keys.set(role, found);
    return found;
  }

  // How many keys of the row may hold `role`: its given name, or one of its usual names in any case.
  private candidates(row: Record<string, unknown>, role: ColumnRole): number {
    let n = 0;
    for (const k of Object.keys(row)) if (k === this.map[role] || COLUMN_NAMES[role].includes(k.toLowerCase())) n++;
    return n;
  }

  /** The row's value for a role, undefined when it has no such key. */
  value(row: Record<string, unknown>, role: ColumnRole): RowValue | object {
    const k = this.key(row, role);
    return k === undefined ? undefined : (row[k] as RowValue | object);
  }

  /** The grade (qrels: relevance, …, else score) or the score (run). */
  measure(row: Record<string, unknown>): RowValue | object {
    if (this.kind === 'run') return this.value(row, 'score');
    const grade = this.value(row, 'grade');
    return grade !== undefined ? grade : this.value(row, 'score');
  }
}

/** Adds one JSON line (bytes as Latin-1, without its line break) as a row; a line that holds only blanks is skipped silently. */
export function addJsonLine(lines: TrecLines, keys: JsonLineKeys, text: string, line: number): void {
  if (text.trim() === '') return;
  let row: unknown;
  try {
    row = parseJsonBytes(text);
  } catch (e) {
    lines.skip({ line, text }, `is not JSON (${jsonError(e, text)})`);
    return;
  }
  if (typeof row !== 'object' || row === null || Array.isArray(row)) {
    lines.skip({ line, text }, 'is not a JSON object');
    return;
  }
  const r = row as Record<string, unknown>;
  const scalar = (v: RowValue | object) => (typeof v === 'object' && v !== null ? (v as unknown as boolean) : (v as RowValue));
  lines.add(
    { line, text },
    scalar(keys.value(r, 'query')),
    scalar(keys.value(r, 'doc')),
    scalar(keys.measure(r)),
    lines.kind === 'run' ? scalar(keys.value(r, 'rank')) : undefined,
    lines.kind === 'run' ? scalar(keys.value(r, 'tag')) : undefined,
  );
}

// JSON.parse's message, with the column it names counted as the line's characters.
function jsonError(e: unknown, text: string): string {
  const message = e instanceof Error ? e.message : String(e);
  const at = /position (\d+)/.exec(message);
  const cut = text.trimEnd();
  if (at && Number(at[1]) >= cut.length) return 'it ends before the object closes: a truncated line?';
  return at ? `${message.replace(/ in JSON at position \d+.*$/, '')} at column ${Number(at[1]) + 1}` : message;
}

/**
 * Reads one JSON value (bytes as Latin-1) into `lines`: an object {qid: {docid: value}}, each pair on
 * the line where its docid is, or a list of records [{"qid": …, "docid": …, "score": …}, …] (pandas'
 * to_json(orient="records")), each record read as a JSON line is (the same column names, `keys`) on
 * the line where it starts. Anything else (a fixture, a value that is not an object of numbers, a
 * record holding a list, a file cut short) adds one format-error problem, at the line and column
 * where reading stopped, and no row: a file read in part would give wrong numbers.
 */
export function addJsonObject(lines: TrecLines, text: string, keys: JsonLineKeys): void {
  const scan = new JsonScan(text);
  const stop = (what: string): void => {
    lines.refuse(scan.problem(lines.kind, what));
  };
  const rows: { line: number; qid: string; docid: string; value: RowValue }[] = [];
  scan.blank();
  if (scan.peek() === '[') return addRecords(lines, scan, keys);
  if (scan.peek() !== '{')
    return stop(
      `expected a JSON object {query id: {document id: ${lines.kind === 'qrels' ? 'grade' : 'score'}}} or a list of records, found ${scan.found()}`,
    );
  scan.next();
  for (let first = true; ; first = false) {
    scan.blank();
    if (scan.peek() === '}' && first) break;
    const qid = scan.string();
    if (qid === undefined) return stop(`expected a query id (a string), found ${scan.found()}`);
    if (!scan.colon()) return stop(`expected ":" after the query id, found ${scan.found()}`);
    scan.blank();
    if (scan.peek() !== '{') {
      const fixture = ['cases', 'systems', 'qrels', 'runs', 'metrics'].includes(qid)
        ? ' (this looks like a Ranklens fixture: check it with ranklens check)'
        : '';
      return stop(
        `expected an object {document id: ${lines.kind === 'qrels' ? 'grade' : 'score'}} for query "${qid}", found ${scan.found()}${fixture}`,
      );
    }
    scan.next();
    for (let firstDoc = true; ; firstDoc = false) {
      scan.blank();
      if (scan.peek() === '}' && firstDoc) break;
      const docLine = scan.line;
      const docid = scan.string();
      if (docid === undefined) return stop(`expected a document id (a string), found ${scan.found()}`);
      if (!scan.colon()) return stop(`expected ":" after the document id, found ${scan.found()}`);
      scan.blank();
      const value = scan.scalar();
      if (value === undefined) return stop(`expected a number for document "${docid}" of query "${qid}", found ${scan.found()}`);
      rows.push({ line: docLine, qid, docid, value });
      scan.blank();
      if (scan.peek() === ',') scan.next();
      else if (scan.peek() === '}') break;
      else return stop(`expected "," or "}" after the value of document "${docid}", found ${scan.found()}`);
    }
    scan.next();
    scan.blank();
    if (scan.peek() === ',') scan.next();
    else if (scan.peek() === '}') break;
    else return stop(`expected "," or "}" after query "${qid}", found ${scan.found()}`);
  }
  scan.next();
  scan.blank();
  if (scan.peek() !== '') return stop(`expected the end of the file after the object, found ${scan.found()}`);
  for (const r of rows) lines.add({ line: r.line, text: '' }, r.qid, r.docid, r.value);
}

// A list of records, read whole before any row is added (a file cut short adds none).
function addRecords(lines: TrecLines, scan: JsonScan, keys: JsonLineKeys): void {
  const stop = (what: string): void => {
    lines.refuse(scan.problem(lines.kind, what));
  };
  const example = `{"qid": …, "docid": …, "${lines.kind === 'qrels' ? 'relevance' : 'score'}": …}`;
  const records: { line: number; row: Record<string, RowValue> }[] = [];
  scan.next();
  for (let first = true; ; first = false) {
    scan.blank();
    if (scan.peek() === ']' && first) break;
    if (scan.peek() !== '{') return stop(`expected a record ${example}, found ${scan.found()}`);
    const line = scan.line;
    scan.next();
    const row: Record<string, RowValue> = {};
    for (let firstKey = true; ; firstKey = false) {
      scan.blank();
      if (scan.peek() === '}' && firstKey) break;
      const key = scan.string();
      if (key === undefined) return stop(`expected a column name (a string), found ${scan.found()}`);
      if (!scan.colon()) return stop(`expected ":" after "${key}", found ${scan.found()}`);
      scan.blank();
      const value = scan.literal();
      if (value === undefined) return stop(`expected a number, a string or null for "${key}", found ${scan.found()}`);
      row[key] = value.value;
      scan.blank();
      if (scan.peek() === ',') scan.next();
      else if (scan.peek() === '}') break;
      else return stop(`expected "," or "}" after the value of "${key}", found ${scan.found()}`);
    }
    scan.next();
    records.push({ line, row });
    scan.blank();
    if (scan.peek() === ',') scan.next();
    else if (scan.peek() === ']') break;
    else return stop(`expected "," or "]" after a record, found ${scan.found()}`);
  }
  scan.next();
  scan.blank();
  if (scan.peek() !== '') return stop(`expected the end of the file after the list, found ${scan.found()}`);
  for (const { line, row } of records)
    lines.add(
      { line, text: '' },
      keys.value(row, 'query') as RowValue,
      keys.value(row, 'doc') as RowValue,
      keys.measure(row) as RowValue,
      lines.kind === 'run' ? (keys.value(row, 'rank') as RowValue) : undefined,
      lines.kind === 'run' ? (keys.value(row, 'tag') as RowValue) : undefined,
    );
}

// Where a JSON text is being read: the offset, its line, and where that line starts.
class JsonScan {
  at = 0;
  line = 1;
  private lineStart = 0;
  constructor(private text: string) {}

  peek(): string {
    return this.text.charAt(this.at);
  }
  next(): void {
    this.at++;
  }
  blank(): void {
    const t = this.text;
    for (;;) {
      const c = t.charCodeAt(this.at);
      if (c === 10) {
        this.line++;
        this.lineStart = this.at + 1;
      } else if (c !== 32 && c !== 9 && c !== 13) return;
      this.at++;
    }
  }
  colon(): boolean {
    this.blank();
    if (this.peek() !== ':') return false;
    this.at++;
    return true;
  }
  /** A JSON string at the offset, as a byte string; undefined (nothing read) if there is none. */
  string(): string | undefined {
    if (this.peek() !== '"') return undefined;
    let end = this.at + 1;
    for (;;) {
      const q = this.text.indexOf('"', end);
      if (q < 0) return undefined;
      let slashes = 0;
      while (this.text.charCodeAt(q - 1 - slashes) === 92) slashes++;
      end = q + 1;
      if (slashes % 2 === 0) break;
    }
    const raw = this.text.slice(this.at, end);
    if (raw.includes('\n')) return undefined;
    let value: string;
    try {
      value = raw.includes('\\') ? (parseJsonBytes(raw) as string) : raw.slice(1, -1);
    } catch {
      return undefined;
    }
    this.at = end;
    return value;
  }
  /** A number (JSON's, or Python's NaN and Infinity) or a string at the offset; undefined if neither. */
  scalar(): RowValue {
    if (this.peek() === '"') return this.string();
    const m = /^(?:-?(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][-+]?\d+)?|NaN|-?Infinity)/.exec(this.text.slice(this.at, this.at + 400));
    if (!m) return undefined;
    this.at += m[0].length;
    return m[0] === 'NaN' ? NaN : Number(m[0]);
  }
  /** A record's value at the offset: scalar(), or true, false or null; undefined if none (a list, an object). */
  literal(): { value: RowValue } | undefined {
    for (const [word, value] of [
      ['null', null],
      ['true', true],
      ['false', false],
    ] as const) {
      if (this.text.startsWith(word, this.at)) {
        this.at += word.length;
        return { value };
      }
    }
    const value = this.scalar();
    return value === undefined ? undefined : { value };
  }
  /** What is at the offset, for a message. */
  found(): string {
    if (this.at >= this.text.length) return 'the end of the file (is it cut short?)';
    const c = this.peek();
    const what =
      c === '['
        ? 'a list'
        : c === '{'
          ? 'an object'
          : c === '"'
            ? /^"(?:[^"\\\n]|\\.)*"/.test(this.text.slice(this.at, this.at + 4096))
              ? 'a string'
              : 'a string that does not end on its line (is the file cut short?)'
            : /[-\d]/.test(c)
              ? 'a number'
              : `"${this.text.slice(this.at, this.at + 12)}"`;
    return what;
  }
  /** A format-error at the offset: its line and column (UTF-16, the line's bytes read as UTF-8). */
  problem(kind: TrecFileKind, what: string): TrecProblem {
    const lineEnd = this.text.indexOf('\n', this.lineStart);
    const lineText = this.text.slice(this.lineStart, lineEnd < 0 ? this.text.length : lineEnd);
    const column = utf16Column(lineText, 0, Math.min(this.at - this.lineStart, lineText.length));
    const message = `The ${kind} file is not JSON of the shape it is read as: at line ${this.line}, column ${column + 1}, ${what}. Nothing is read from it.`;
    return { ...fieldProblem(kind, this.line, column, column + 1, 'format-error', 'error', message), what: message };
  }
}
