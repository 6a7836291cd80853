/** Reads TREC qrels (`qid iter docid grade`) from their bytes into per-query judgements. */
import { Severity } from '../../core/findings';
import { FNV_START, fnvStep, hashBytes } from '../../core/hash';
import { DocidTable } from './docidTable';
import { QidTable } from './qidTable';
import { latin1, shownBytes, textBytes, utf16Column } from './byteText';
import { cAtol } from './cNumbers';
import { FieldSplitter, isWholeNumber, parseDecimal } from './fields';
import { ProblemList, TrecProblem, fieldProblem, malformedLine } from './problems';
import { QrelsTable, TrecQrels } from './qrelsTable';
import { memory } from '../store/sharedMemory';

export interface QrelsReaderOptions {
  /** How a docid judged twice for one query is reported (trec_eval stops on it). */
  duplicateSeverity?: Severity;
  /**
   * Read as trec_eval reads: a grade is its integer prefix (C's atol: "1e2" is 1, "0.5" and "high"
   * are 0), with a warning; only a '#' in the first column starts a comment; a blank line is
   * skipped with a warning (trec_eval stops on it). Otherwise a grade is read as written and one
   * that is not a number is an error.
   */
  asTrecEval?: boolean;
  /** Read every line with the general reader of a line, never the fast one (tests check that both read alike). */
  general?: boolean;
  /**
   * How many bytes will be fed in all, if known: the columns are then sized at the first chunk for
   * the lines it predicts, so that they rarely grow (each growth a copy into fresh memory).
   */
  size?: number;
  /** Columns in shared memory, so that QrelsTable.shared copies nothing (a table for worker threads). */
  shared?: boolean;
  /** The number of a header line (see fileShape.ts headerLine): skipped, its problem reported by the caller. */
  headerLine?: number;
}

/**
 * Reads qrels bytes fed in chunks of whole lines. A plain line (four fields, no leading blank, a
 * whole-number grade) is read in one pass over its bytes; any other is read again as text, where
 * every rule below applies and each problem is worded.
 */
export class QrelsReader {
  private queries = new QidTable();
  private problems = new ProblemList();
  private line = 1;
  private splitter: FieldSplitter;
  private duplicateSeverity: Severity;
  private asTrecEval: boolean;
  private general: boolean;
  private slowLines = 0;
  // trec_eval skips one '#' line at a time: the line after a comment line is read as a judgement.
  private afterComment = false;
  // Judgements in file order, column by column; docids' bytes side by side.
  private count = 0;
  private query: Int32Array;
  private docEnd: Int32Array;
  private docHash: Int32Array;
  private grade: Float64Array;
  private lineOf: Int32Array;
  private bytes: Uint8Array;
  private used = 0;
  private lastQid = new Uint8Array(64);
  private lastLength = -1;
  private lastHash = 0;
  private lastQuery = -1;
  // While the qrels come query by query (nearly always), repeats are found as they are read: the
  // query being read (its judgements from queryStart on), its docids numbered, the first judgement of
  // each number, and each repeat with its first judgement. A query met again ends that.
  private grouped = true;
  private addQuery = -1;
  private queryStart: number[] = [];
  private slots = new DocidTable();
  private firstOf: number[] = [];
  private repeats: number[] = [];

  private size: number;
  private shared: boolean;
  private headerLine: number;

  constructor(options: QrelsReaderOptions = {}) {
    this.duplicateSeverity = options.duplicateSeverity ?? 'error';
    this.asTrecEval = options.asTrecEval ?? false;
    this.general = options.general ?? false;
    this.splitter = new FieldSplitter(this.asTrecEval);
    this.size = options.size ?? 0;
    this.shared = options.shared ?? false;
    this.headerLine = options.headerLine ?? -1;
    this.query = new Int32Array(memory(4 * 1024, this.shared));
    this.docEnd = new Int32Array(memory(4 * 1024, this.shared));
    this.docHash = new Int32Array(memory(4 * 1024, this.shared));
    this.grade = new Float64Array(memory(8 * 1024, this.shared));
    this.lineOf = new Int32Array(memory(4 * 1024, this.shared));
    this.bytes = new Uint8Array(memory(1 << 16, this.shared));
  }

  /** Reads bytes[from, to): whole lines, the last ending with a line break. */
  feed(bytes: Uint8Array, from = 0, to = bytes.length): void {
    // On this VM a page of memory costs far more the first time it is written than a copy: the
    // qrels of 10,000 queries took 0.2 s to move to shared memory, and as long to grow by doubling.
    // Sized once from the first chunk's lines, with 5% to spare, the columns are written once.
    if (this.size > 0 && this.line === 1) this.sizeFor(bytes, from, to);
    // Room for every docid of the piece, so that lines copy theirs with no check.
    if (this.used + to - from > this.bytes.length) this.growBytes(Math.max(2 * this.bytes.length, this.used + to - from));
    // Nothing after the loop: see RunReader.feed.
    for (let p = from; p < to; this.line++) p = this.plainLine(bytes, p, this.line);
  }

  /** How many lines the general reader read (the fast path took the others): none in plain qrels. */
  generalLines(): number {
    return this.slowLines;
  }

  /** The judgements read, each docid once per query (repeats reported here). */
  end(): QrelsTable {
    if (this.afterComment) {
      this.problems.push(
        fieldProblem(
          'qrels',
          this.line - 1,
          0,
          0,
          'final-comment-line',
          'warning',
          'The qrels end with a comment line: skipped here, but trec_eval 10.0 skips it and reads on past the end of the file (it crashes with a segmentation fault). Delete the line, or move it up.',
        ),
      );
    }
    // Grouped by query (file order within each query), each docid's first grade kept. Qrels are
    // nearly always written query by query, with no docid judged twice: then nothing is copied.
    const queries = this.queries.count;
    const n = this.count;
    const qids = Array.from({ length: queries }, (_, k) => this.queries.string(k));
    if (this.grouped && this.repeats.length === 0) {
      const start = new Int32Array(queries + 1);
      start.set(this.queryStart);
      start[queries] = n;
      return new QrelsTable(
        qids,
        start,
        this.bytes.subarray(0, this.used),
        this.docEnd.subarray(0, n),
        this.docHash.subarray(0, n),
        this.grade.subarray(0, n),
        this.lineOf.subarray(0, n),
        this.problems.list(),
        this.line - 1,
      );
    }
    const grouped = this.grouped;
    const start = new Int32Array(queries + 1);
    for (let i = 0; i < n; i++) start[this.query[i] + 1]++;
    for (let k = 0; k < queries; k++) start[k + 1] += start[k];
    let order: Int32Array | undefined;
    if (!grouped) {
      order = new Int32Array(n);
      const next = start.slice(0, queries);
      for (let i = 0; i < n; i++) order[next[this.query[i]]++] = i;
    }
    const slots = new DocidTable();
    let kept: Int32Array | undefined; // the judgements kept, in grouped order, once a repeat is found
    const firstOf: number[] = []; // per docid number of the query: its judgement
    const keptStart = new Int32Array(queries + 1);
    let m = 0;
    for (let k = 0; k < queries; k++) {
      keptStart[k] = m;
      slots.begin(start[k + 1] - start[k], this.bytes);
      firstOf.length = 0;
      for (let j = start[k]; j < start[k + 1]; j++) {
        const i = order ? order[j] : j;
        const s = slots.slot(0, i === 0 ? 0 : this.docEnd[i - 1], this.docEnd[i], this.docHash[i]);
        if (s < 0) {
          firstOf.push(i);
          if (kept) kept[m] = i;
          m++;
          continue;
        }
        if (!kept) {
          kept = new Int32Array(n);
          for (let x = 0; x < m; x++) kept[x] = order ? order[x] : x;
        }
        this.problems.push({
          ...fieldProblem(
            'qrels',
            this.lineOf[i],
            0,
            0,
            'duplicate-judgement',
            this.duplicateSeverity,
            `"${shownBytes(this.docidOf(i))}" is judged twice for query ${shownBytes(this.queries.string(k))}; the first grade is used${this.duplicateSeverity === 'error' ? ' (trec_eval stops on this)' : ''}.`,
          ),
          what: `"${shownBytes(this.docidOf(i))}" is judged twice for query ${shownBytes(this.queries.string(k))}.`,
          related: [{ file: 'qrels', line: this.lineOf[firstOf[s]], message: 'first judgement' }],
        });
      }
    }
    keptStart[queries] = m;
    const problems = this.problems.list();
    if (!kept && !order) {
      return new QrelsTable(
        qids,
        keptStart,
        this.bytes.subarray(0, this.used),
        this.docEnd.subarray(0, n),
        this.docHash.subarray(0, n),
        this.grade.subarray(0, n),
        this.lineOf.subarray(0, n),
        problems,
        this.line - 1,
      );
    }
    // Otherwise each query's docids are laid side by side again, in the grouped order.
    const pick = kept ?? order!;
    const docBytes = new Uint8Array(this.used);
    const docEnd = new Int32Array(m);
    const docHash = new Int32Array(m);
    const grades = new Float64Array(m);
    const lines = new Int32Array(m);
    for (let j = 0, at = 0; j < m; j++) {
      const i = pick[j];
      for (let b = i === 0 ? 0 : this.docEnd[i - 1]; b < this.docEnd[i]; b++) docBytes[at++] = this.bytes[b];
      docEnd[j] = at;
      docHash[j] = this.docHash[i];
      grades[j] = this.grade[i];
      lines[j] = this.lineOf[i];
    }
    return new QrelsTable(qids, keptStart, docBytes, docEnd, docHash, grades, lines, problems, this.line - 1);
  }

  private docidOf(i: number): string {
    return latin1(this.bytes, i === 0 ? 0 : this.docEnd[i - 1], this.docEnd[i]);
  }

  // The line starting at bytes[p] read fast when it is plain (see the class), else as text; returns where the next line starts.
  private plainLine(bytes: Uint8Array, p: number, line: number): number {
    const start = p;
    let c = bytes[p];
    if (c === 35 || c === 32 || (c >= 9 && c <= 13) || this.general) return this.textLine(bytes, start, line);
    // Fields end at a blank; one that ends at anything else (a control character) is the general
    // reader's. Between fields, one blank nearly always: see RunReader.plainLine.
    let h = FNV_START;
    do {
      h = fnvStep(h, c);
      c = bytes[++p];
    } while (c > 32);
    if (c !== 32 && c !== 9) return this.textLine(bytes, start, line);
    const e0 = p;
    // The iter field.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return this.textLine(bytes, start, line);
    do c = bytes[++p];
    while (c > 32);
    if (c !== 32 && c !== 9) return this.textLine(bytes, start, line);
    // The docid, copied and hashed on the way, past the bytes kept (feed made room): kept only if the line is plain.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return this.textLine(bytes, start, line);
    const kept = this.bytes;
    let at = this.used;
    let hd = FNV_START;
    do {
      kept[at++] = c;
      hd = fnvStep(hd, c);
      c = bytes[++p];
    } while (c > 32);
    if (c !== 32 && c !== 9) return this.textLine(bytes, start, line);
    // The grade: an optional sign and 1 to 15 digits, then the line's end.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    let negative = false;
    if (c === 45 || c === 43) {
      negative = c === 45;
      c = bytes[++p];
    }
    let grade = 0;
    let digits = 0;
    while (c >= 48 && c <= 57) {
      grade = grade * 10 + (c - 48);
      digits++;
      c = bytes[++p];
    }
    if (c === 32 || c === 9 || c === 13) {
      do c = bytes[++p];
      while (c === 32 || c === 9 || c === 13);
    }
    if (c !== 10 || digits === 0 || digits > 15) return this.textLine(bytes, start, line);
    this.afterComment = false;
    this.added(this.queryOf(bytes, start, e0, h), at, hd, negative ? -grade + 0 : grade, line);
    return p + 1;
  }

  // The number of the query bytes[from, to) (FNV-1a hash h): most often the last line's, checked first.
  private queryOf(bytes: Uint8Array, from: number, to: number, h: number): number {
    const last = this.lastQid;
    if (h === this.lastHash && to - from === this.lastLength) {
      let i = 0;
      while (i < this.lastLength && bytes[from + i] === last[i]) i++;
      if (i === this.lastLength) return this.lastQuery;
    }
    if (to - from > last.length) this.lastQid = new Uint8Array(2 * (to - from));
    for (let i = from; i < to; i++) this.lastQid[i - from] = bytes[i];
    this.lastHash = h;
    this.lastLength = to - from;
    this.lastQuery = this.queries.intern(bytes, from, to, h);
    return this.lastQuery;
  }

  // The line starting at bytes[start] read as text, with every rule; returns where the next line starts.
  private textLine(bytes: Uint8Array, start: number, line: number): number {
    this.slowLines++;
    let end = start;
    while (bytes[end] !== 10) end++;
    if (line === this.headerLine) return end + 1; // a header: no field is a number, so it never reads as a plain line
    const text = latin1(bytes, start, end);
    this.splitter.startChunk(text);
    const comment = this.asTrecEval && text.charCodeAt(0) === 35;
    if (comment && this.afterComment) {
      this.afterComment = false;
      this.commentAfterComment(bytes, start, text, line);
      return end + 1;
    }
    this.afterComment = comment;
    const n = this.splitter.split(0, text.length, 4, true);
    if (n === 0) {
      if (this.asTrecEval && text.charCodeAt(0) !== 35) {
        this.problems.push(
          fieldProblem(
            'qrels',
            line,
            0,
            0,
            'blank-line',
            'warning',
            'A blank line: skipped here; trec_eval stops on it ("Malformed line") and evaluates nothing.',
          ),
        );
      }
    } else if (n !== 4) {
      this.problems.push(
        malformedLine(
          'qrels',
          line,
          text,
          n,
          `A qrels line has 4 fields (qid iter docid grade); this one has ${n}.`,
          'The line is skipped.',
        ),
      );
    } else this.judgement(bytes, start, text, line);
    return end + 1;
  }

  /** A '#' line right after a comment line, read as trec_eval reads it: as a judgement of query "#…", or a malformed line. */
  private commentAfterComment(bytes: Uint8Array, start: number, text: string, line: number): void {
    const n = this.splitter.splitAll(0, text.length);
    const why = 'trec_eval skips one comment line at a time, so it reads this second one in a row as a judgement';
    if (n !== 4) {
      this.problems.push(
        malformedLine(
          'qrels',
          line,
          text,
          n,
          `A comment line right after another: ${why}, and with ${n} field${n === 1 ? '' : 's'} instead of 4 it stops ("Malformed line").`,
          'The line is skipped here; join the comments into one line.',
        ),
      );
      return;
    }
    const f = this.splitter.at;
    this.problems.push(
      fieldProblem(
        'qrels',
        line,
        0,
        utf16Column(text, 0, f[7]),
        'comment-read-as-judgement',
        'warning',
        `A comment line right after another: ${why} of query "${shownBytes(text.slice(f[0], f[1]))}", and so does Ranklens under the trec_eval preset. Join the comments into one line if it is not one.`,
      ),
    );
    this.judgement(bytes, start, text, line);
  }

  // The judgement on the line just split (4 fields): text is the line, bytes[start…] the same line as bytes.
  private judgement(bytes: Uint8Array, start: number, text: string, line: number): void {
    const f = this.splitter.at;
    const grade = this.gradeOf(text, line);
    if (grade === undefined) return;
    const query = this.queryOf(bytes, start + f[0], start + f[1], hashBytes(bytes, start + f[0], start + f[1]));
    this.add(query, bytes, start + f[4], start + f[5], grade, line);
  }

  // A judgement of query `query` whose docid is bytes[from, to).
  private add(query: number, bytes: Uint8Array, from: number, to: number, grade: number, line: number): void {
    let at = this.used;
    for (let b = from; b < to; b++) this.bytes[at++] = bytes[b];
    this.added(query, at, hashBytes(bytes, from, to), grade, line);
  }

  // A judgement of query `query` whose docid was copied past the bytes kept, up to `at` (FNV-1a hash h).
  private added(query: number, at: number, h: number, grade: number, line: number): void {
    const i = this.count;
    if (i === this.query.length) this.grow();
    const from = this.used;
    this.used = at;
    if (query !== this.addQuery) {
      if (query < this.addQuery) this.grouped = false;
      else {
        this.addQuery = query;
        this.queryStart.push(i);
        this.slots.begin(64, this.bytes);
        this.firstOf.length = 0;
      }
    }
    if (this.grouped) {
      const s = this.slots.slot(0, from, at, h);
      if (s < 0) this.firstOf.push(i);
      else this.repeats.push(i, this.firstOf[s]);
    }
    this.query[i] = query;
    this.docEnd[i] = at;
    this.docHash[i] = h;
    this.grade[i] = grade;
    this.lineOf[i] = line;
    this.count = i + 1;
  }

  // Every column is made before any is replaced: a failed allocation leaves the reader as it was.
  private grow(n = 2 * this.query.length): void {
    const int = (a: Int32Array) => {
      const b = new Int32Array(memory(4 * n, this.shared));
      b.set(a.subarray(0, this.count));
      return b;
    };
    const [query, docEnd, docHash, lineOf] = [this.query, this.docEnd, this.docHash, this.lineOf].map(int);
    const grade = new Float64Array(memory(8 * n, this.shared));
    grade.set(this.grade.subarray(0, this.count));
    this.query = query;
    this.docEnd = docEnd;
    this.docHash = docHash;
    this.lineOf = lineOf;
    this.grade = grade;
  }

  // Columns for the lines the first chunk predicts (its share of the size, at most one judgement
  // per 8 bytes: "q 0 d 1"), and room for as many docid bytes as the file has: memory is taken only
  // where it is written. A reservation the system refuses (a file of many gigabytes) is skipped:
  // the columns then grow as lines come, as when the size is not known.
  private sizeFor(bytes: Uint8Array, from: number, to: number): void {
    let lines = 0;
    for (let p = bytes.indexOf(10, from); p >= 0 && p < to; p = bytes.indexOf(10, p + 1)) lines++;
    const expected = Math.min(Math.ceil((1.05 * lines * this.size) / Math.max(to - from, 1)), Math.ceil(this.size / 8)) + 64;
    try {
      if (expected > this.query.length) this.grow(expected);
      if (this.size > this.bytes.length) this.growBytes(this.size);
    } catch (e) {
      if (!(e instanceof RangeError)) throw e;
    }
  }

  // Room for n docid bytes, the bytes kept moved there.
  private growBytes(n: number): void {
    const more = new Uint8Array(memory(n, this.shared));
    more.set(this.bytes.subarray(0, this.used));
    this.bytes = more;
    this.slots.setPool(0, more);
  }

  // The grade of the line just split, or undefined when the line is skipped.
  private gradeOf(text: string, line: number): number | undefined {
    const f = this.splitter.at;
    if (isWholeNumber(text, f[6], f[7])) return parseDecimal(text, f[6], f[7]) + 0; // + 0: -0 is 0
    const written = text.slice(f[6], f[7]);
    const start = utf16Column(text, 0, f[6]);
    const end = start + utf16Column(text, f[6], f[7]);
    if (this.asTrecEval) {
      const grade = cAtol(written);
      this.problems.push(
        fieldProblem(
          'qrels',
          line,
          start,
          end,
          'non-integer-grade',
          'warning',
          `trec_eval reads the grade "${shownBytes(written)}" as ${grade} (C's atol: the whole number at its start, 0 when there is none).`,
        ),
      );
      return grade;
    }
    const grade = parseDecimal(text, f[6], f[7]);
    if (!Number.isFinite(grade)) {
      this.problems.push(
        fieldProblem(
          'qrels',
          line,
          start,
          end,
          'invalid-grade',
          'error',
          `The grade "${shownBytes(written)}" is not a number. The line is skipped.`,
        ),
      );
      return undefined;
    }
    this.problems.push(
      fieldProblem(
        'qrels',
        line,
        start,
        end,
        'non-integer-grade',
        'warning',
        `The grade "${shownBytes(written)}" is not written as a whole number: read as ${grade}; trec_eval would read ${cAtol(written)}.`,
      ),
    );
    return grade;
  }
}

/** Parses a whole qrels text (a byte string). */
export function parseQrels(text: string, options: QrelsReaderOptions = {}): TrecQrels {
  const reader = new QrelsReader(options);
  reader.feed(textBytes(text));
  return reader.end().byQuery();
}
