/** Reads TREC runs (`qid Q0 docid rank score tag`) from their bytes into per-query blocks of lines. */
import { Convention } from '../../core/conventions';
import { FNV_START, fnvStep, hashBytes, hashText } from '../../core/hash';
import { QidTable } from './qidTable';
import { latin1, shownBytes, textBytes, utf16Column } from './byteText';
import { cAtof, namedFloat } from './cNumbers';
import { POW10, parseDecimal, parseDecimalBytes } from './fields';
import { ProblemList, TrecProblem, fieldProblem, malformedLine } from './problems';
import { OpenQueries, QuerySpan } from './openQueries';
import { BlockColumns, RunBlock, RunQuery } from '../store/runBlock';
import { RunStore } from '../store/runStore';
import { SHORT_QID, ShortQidTable, plainNumber } from './shortQidTable';

export type { RunBlock, RunQuery } from '../store/runBlock';

export interface RunReaderOptions {
  /** Read as trec_eval reads (scores through C's atof, with a warning), or as written (a score that is not a number is an error). */
  asTrecEval?: boolean;
  /**
   * 'stream' (default) hands over each query's lines once `window` other queries have been read
   * since its last line (see OpenQueries), so a run written query by query, or by a few parallel
   * writers, is never held whole; it stops at the first line of a query already handed over
   * (`scattered`). 'collect' keeps every line and hands over whole queries at the end. 'store'
   * keeps every line in `store`, in shared memory, and hands nothing over: other threads' stores
   * of other parts of the file join it (see handOverShares).
   */
  mode?: 'stream' | 'collect' | 'store';
  /** stream: how many queries may be open at once (default 32: as many parallel writers). */
  window?: number;
  /** store: the number a kept query's lines are stored under, the same in every thread (the qrels' number of the query). */
  storeNumber?: (qid: string) => number;
  /** Lines of other queries are skipped unread. */
  accept?: (qid: string) => boolean;
  /** collect: only the queries of this share are read (another thread reads the others); see queryShare. */
  share?: { part: number; parts: number };
  /**
   * The queries whose lines are kept and handed over (the judged ones); the lines of the others are
   * read (their problems reported, their entries counted) and dropped. Default: every query.
   */
  keep?: (qid: string) => boolean;
  /** Read every line with the general reader of a line, never the fast one (tests check that both read alike). */
  general?: boolean;
  /** The file offset of a header line (see fileShape.ts headerLine): skipped, its problem reported by the caller. */
  headerAt?: number;
  /**
   * collect and store: keep each line's number (default). Without, queries are handed over with
   * no line numbers (a block's `lines` empty), and the lines kept take a fifth less memory.
   */
  lineNumbers?: boolean;
}

/** What a reader read, once it has handed everything over. */
export interface RunReading {
  problems: TrecProblem[];
  /** Lines read, blank and comment lines included. */
  lines: number;
  /** Lines read as predictions (of the queries this reader reads). */
  entries: number;
  /** The queries with at least one prediction, in the order first met (of those this reader reads). */
  qids: string[];
}

// The reader's queries are numbered by a table of their own; per query number, what it knows.
const ACCEPTED = 1; // this reader reads it (its share, and asked for)
const KEPT = 2; // its lines are kept (judged)
const SEEN = 4; // it has a prediction
const CLOSED = 8; // stream: its block is over

/**
 * Reads run bytes fed in chunks of whole lines. Each line is split in one pass over its bytes; a
 * line that is anything but six or more plain fields with a plain decimal score (a comment, a short
 * line, a score such as 1e-3 or inf) is read again as text by the general reader of the line, which
 * says what is wrong with it: so only odd lines cost a string.
 */
export class RunReader {
  /** stream: a query came back after another started; reading stopped there. */
  scattered = false;
  private problems = new ProblemList();
  private queries = new QidTable();
  private flags = new Uint8Array(64);
  private seen: number[] = [];
  private current = -1; // the query of the last line read as a prediction
  // stream: the block of the current query (one of open's); collect: the block queries are handed over in.
  private block = new BlockColumns();
  private open: OpenQueries;
  // stream: the file offset of the bytes fed (bytes[0]), and where they end.
  private base = 0;
  private fedTo = 0;
  /** collect and store: the lines kept. */
  readonly store: RunStore;
  private storeNumbers = new Int32Array(64);
  private line = 1;
  private entries = 0;
  private at = new Int32Array(12);
  private known = 0; // queries whose flags are set
  // Qids of up to 6 bytes as numbers (see shortQidTable.ts): their table, and the last line's qid (a
  // number in a typed array: a double field of an object is a boxed number in V8).
  private shortQids = new ShortQidTable();
  private lastKey = new Float64Array(1);
  private lastQuery = -1;
  private asTrecEval: boolean;
  private collect: boolean;
  private share: { part: number; parts: number } | undefined;
  private general: boolean;
  private headerAt: number;
  private slowLines = 0;

  /**
   * @param onQuery receives each kept query's lines as a block: in a stream, with the span of the
   * file they lie in (offsets given to feed); in collect, each whole query. The block is reused afterwards.
   */
  constructor(
    private onQuery: (block: RunBlock, span?: QuerySpan) => void,
    private options: RunReaderOptions = {},
  ) {
    this.open = new OpenQueries(options.window ?? 32, (block, query, span) => {
      this.flags[query] |= CLOSED;
      this.onQuery(block, span);
    });
    this.asTrecEval = options.asTrecEval ?? false;
    this.collect = options.mode === 'collect' || options.mode === 'store';
    this.store = new RunStore(options.mode === 'store', options.lineNumbers ?? true);
    this.share = options.share && options.share.parts > 1 ? options.share : undefined;
    this.general = options.general ?? false;
    this.headerAt = options.headerAt ?? -1;
  }

  /**
   * Reads bytes[from, to): whole lines, the last ending with a line break; bytes[0] is byte `offset`
   * of the file (for the spans of a stream's queries). Returns false once reading has stopped.
   */
  feed(bytes: Uint8Array, from = 0, to = bytes.length, offset = 0): boolean {
    // No property is read or written after the loop: V8 compiles this loop while it runs (OSR), and
    // code after it, not yet run then, cost a deoptimization at the end of every chunk.
    let reading = !this.scattered;
    this.base = offset;
    this.fedTo = offset + to;
    for (let p = from; p < to && reading; this.line++) {
      const next = this.general ? -1 : this.plainLine(bytes, p, this.line);
      p = next >= 0 ? next : this.anyLine(bytes, p, this.line);
      reading = !this.scattered;
    }
    return reading;
  }

  /**
   * The line at bytes[p] if it is plain: six or more fields separated by spaces or tabs, nothing
   * before the first, a plain decimal score; nearly every line of a real run. Read in one pass:
   * each field scanned once, the docid hashed and the score parsed on the way. Returns where the
   * next line starts, or −1 (having changed nothing) for anyLine to read the line.
   */
  private plainLine(bytes: Uint8Array, p: number, line: number): number {
    let c = bytes[p];
    if (c <= 32 || c === 35 /* # */) return -1;
    // The qid, scanned and hashed. A qid of up to 6 bytes is also read as a number (see shortQidTable.ts):
    // the last line's query, or the table of short qids, is then found by comparing numbers. A
    // longer qid is looked up in the table of qids.
    const s0 = p;
    let h = FNV_START;
    let key = 0;
    do {
      h = fnvStep(h, c);
      key = key * 256 + c;
      c = bytes[++p];
    } while (c > 32);
    if (c !== 32 && c !== 9) return -1;
    let query: number;
    if (p - s0 <= SHORT_QID) {
      key += (p - s0) * 2 ** 48; // as shortQidKey
      if (key === this.lastKey[0]) query = this.lastQuery;
      else {
        const number = plainNumber(bytes, s0, p);
        query = number >= 0 ? this.shortQids.numbered(number) : this.shortQids.get(key, h);
        if (query < 0) {
          query = this.queryOf(bytes, s0, p, h);
          if (number >= 0) this.shortQids.setNumbered(number, query);
          else this.shortQids.set(key, h, query);
        }
        this.lastKey[0] = key;
        this.lastQuery = query;
      }
    } else query = this.queryOf(bytes, s0, p, h);
    if ((this.flags[query] & ACCEPTED) === 0) return endOfLine(bytes, p) + 1; // another thread's query
    // Between fields: one blank, nearly always. A loop that usually runs once costs V8 more than
    // the test before it (reading qrels lines twice as fast), so a second blank is the rare branch.
    // Q0.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return -1;
    do c = bytes[++p];
    while (c > 32);
    if (c !== 32 && c !== 9) return -1;
    // The docid, hashed; a line of the block being read (nearly every line of a stream) copies it
    // there on the way, past the block's bytes: they are the block's only if the line is plain.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return -1;
    const s2 = p;
    h = FNV_START;
    const block = this.block;
    const copy = query === this.current && !this.collect && (this.flags[query] & KEPT) !== 0;
    let at = block.used;
    if (copy) {
      const out = block.bytes;
      do {
        out[at++] = c;
        h = fnvStep(h, c);
        c = bytes[++p];
      } while (c > 32);
    } else if (this.collect) {
      // The store hashes a docid when it hands its query over: not here.
      do c = bytes[++p];
      while (c > 32);
    } else {
      do {
        h = fnvStep(h, c);
        c = bytes[++p];
      } while (c > 32);
    }
    if (c !== 32 && c !== 9) return -1;
    const e2 = p;
    // The rank.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return -1;
    do c = bytes[++p];
    while (c > 32);
    if (c !== 32 && c !== 9) return -1;
    // The score, parsed as parseDecimalBytes parses it: digits, then a point and digits.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    let negative = false;
    if (c === 45 /* - */ || c === 43 /* + */) {
      negative = c === 45;
      c = bytes[++p];
    }
    let mantissa = 0;
    let digits = 0;
    while (c >= 48 && c <= 57) {
      mantissa = mantissa * 10 + (c - 48);
      digits++;
      c = bytes[++p];
    }
    let fraction = 0;
    if (c === 46 /* . */) {
      c = bytes[++p];
      while (c >= 48 && c <= 57) {
        mantissa = mantissa * 10 + (c - 48);
        fraction++;
        c = bytes[++p];
      }
      digits += fraction;
    }
    if ((c !== 32 && c !== 9) || digits === 0 || digits > 15 || fraction > 22) return -1;
    // The tag, and whatever follows it.
    c = bytes[++p];
    if (c === 32 || c === 9) {
      do c = bytes[++p];
      while (c === 32 || c === 9);
    }
    if (c <= 32) return -1;
    while (c !== 10) c = bytes[++p];
    const value = fraction === 0 ? mantissa : mantissa / POW10[fraction];
    if (copy) {
      this.entries++;
      // The copy above does not check the block's room: bytes past its end were dropped, and push copies them again, with room.
      if (at > block.bytes.length) block.push(bytes, s2, e2, h, negative ? -value : value, line);
      else block.pushCopied(at, h, negative ? -value : value, line);
    } else {
      // A score of up to 9 digits (fewer than 15 decimals) is, as the store keeps it, this whole number and count of decimals.
      const whole = digits <= 9 && fraction < 15 && !(negative && mantissa === 0) ? fraction : -1;
      this.entry(query, bytes, s0, s2, e2, h, negative ? -value : value, line, negative ? -mantissa : mantissa, whole);
    }
    return p + 1;
  }

  // Any line, with every rule: blank, comment, short, odd fields or score. Returns where the next line starts.
  private anyLine(bytes: Uint8Array, p: number, line: number): number {
    this.slowLines++;
    const at = this.at;
    const start = p;
    // A header: no field is a number, so it never reads as a plain line.
    if (this.base + start === this.headerAt) return endOfLine(bytes, p) + 1;
    let c = bytes[p];
    while (c === 32 || c === 9 || c === 13 || c === 11 || c === 12) c = bytes[++p];
    if (c === 10) return p + 1; // a blank line
    // The first field, hashed on the way: the qid.
    const s0 = p;
    let h = FNV_START;
    do {
      h = fnvStep(h, c);
      c = bytes[++p];
    } while (c > 32 || (c !== 32 && (c < 9 || c > 13)));
    if (bytes[s0] === 35 /* # */) return endOfLine(bytes, p) + 1; // a comment
    const e0 = p;
    const query = this.queryOf(bytes, s0, e0, h);
    if ((this.flags[query] & ACCEPTED) === 0) return endOfLine(bytes, p) + 1; // another thread's query
    at[0] = s0;
    at[1] = e0;
    let n = 1;
    while (n < 6) {
      while (c === 32 || c === 9 || c === 13 || c === 11 || c === 12) c = bytes[++p];
      if (c === 10) break;
      at[2 * n] = p;
      do c = bytes[++p];
      while (c > 32 || (c !== 32 && (c < 9 || c > 13)));
      at[2 * n + 1] = p;
      n++;
    }
    const end = endOfLine(bytes, p);
    if (n < 6) {
      const text = latin1(bytes, start, end);
      this.problems.push(
        malformedLine(
          'run',
          line,
          text,
          n,
          `A run line has 6 fields (qid Q0 docid rank score tag); this one has ${n}.`,
          'The line is skipped.',
        ),
      );
      return end + 1;
    }
    let score: number | undefined = parseDecimalBytes(bytes, at[8], at[9]);
    if (Number.isNaN(score)) score = this.oddScore(bytes, start, end, line);
    if (score !== undefined) this.entry(query, bytes, start, at[4], at[5], hashBytes(bytes, at[4], at[5]), score, line, 0, -1);
    return end + 1;
  }

  /**
   * store: ends a part of the file (a thread keeps several parts, in turn, in one store): its
   * problems and counts, its lines numbered from its first; the next part's are numbered from 1.
   */
  part(): Omit<RunReading, 'qids'> {
    const part = { problems: this.problems.list(), lines: this.line - 1, entries: this.entries };
    this.problems = new ProblemList();
    this.line = 1;
    this.entries = 0;
    return part;
  }

  /** How many lines the general reader read (the fast path took the others): none in a plain run. */
  generalLines(): number {
    return this.slowLines;
  }

  /** Hands over what is left; returns the problems and counts. */
  end(): RunReading {
    if (this.options.mode === 'collect') this.handOverAll();
    else if (!this.collect && !this.scattered) this.open.closeAll(this.current, this.fedTo);
    return {
      problems: this.problems.list(),
      lines: this.line - 1,
      entries: this.entries,
      qids: this.seen.map((k) => this.queries.string(k)),
    };
  }

  /**
   * stream, after end(): reads another part of the file as if afresh (lines numbered from 1, no
   * query seen or handed over yet), keeping what does not depend on the part: the queries' ids and
   * what is known of each, and the blocks (a thread reads its pieces with one reader).
   */
  restart(): void {
    for (let k = 0; k < this.known; k++) this.flags[k] &= ~(SEEN | CLOSED);
    this.seen = [];
    this.current = -1;
    this.scattered = false;
    this.problems = new ProblemList();
    this.line = 1;
    this.entries = 0;
  }

  /** The next line fed is line `line` of the file (a pass over parts of the file numbers its lines as the file does). */
  continueAt(line: number): void {
    this.line = line;
  }

  // The number of the query whose id is bytes[from, to) (hashed: h), met before or not.
  private queryOf(bytes: Uint8Array, from: number, to: number, h: number): number {
    const k = this.queries.intern(bytes, from, to, h);
    if (k < this.known) return k;
    this.known++;
    if (k >= this.flags.length) this.growQueries(k);
    const qid = this.queries.string(k);
    const share = this.share;
    const accepted = (!share || (h >>> 0) % share.parts === share.part) && (this.options.accept?.(qid) ?? true);
    const kept = accepted && (this.options.keep?.(qid) ?? true);
    this.flags[k] = (accepted ? ACCEPTED : 0) | (kept ? KEPT : 0);
    this.storeNumbers[k] = kept && this.options.storeNumber ? this.options.storeNumber(qid) : k;
    return k;
  }

  private growQueries(k: number): void {
    const f = new Uint8Array(2 * k + 2);
    f.set(this.flags);
    this.flags = f;
    const n = new Int32Array(2 * k + 2);
    n.set(this.storeNumbers);
    this.storeNumbers = n;
  }

  // A score that is not a plain decimal: read as text, as trec_eval reads it (atof) or as written;
  // undefined when the line is refused.
  private oddScore(bytes: Uint8Array, start: number, end: number, line: number): number | undefined {
    const f = this.at;
    const text = latin1(bytes, start, end);
    const from = f[8] - start;
    const to = f[9] - start;
    const plain = parseDecimal(text, from, to);
    if (!Number.isNaN(plain)) return plain;
    const written = text.slice(from, to);
    const named = this.asTrecEval ? cAtof(written) : namedFloat(written);
    const columns = [utf16Column(text, 0, from), utf16Column(text, 0, to)];
    if (named === undefined) {
      this.problems.push(
        fieldProblem(
          'run',
          line,
          columns[0],
          columns[1],
          'invalid-score',
          'error',
          `The score "${shownBytes(written)}" is not a number. The line is skipped.`,
        ),
      );
      return undefined;
    }
    this.problems.push(
      fieldProblem(
        'run',
        line,
        columns[0],
        columns[1],
        'unusual-score',
        'warning',
        this.asTrecEval
          ? `trec_eval reads the score "${shownBytes(written)}" as ${cNumber(named)} (C's atof: the longest number at its start, 0 when there is none).`
          : `The score "${shownBytes(written)}" is read as ${cNumber(named)}${Number.isNaN(named) ? ', which ranks last' : ''}.`,
      ),
    );
    return named;
  }

  // A line (starting at bytes[lineStart]) read as a prediction of `query`, its docid bytes[from, to)
  // (FNV-1a hash h). decimals ≥ 0: the score is whole / 10^decimals, as the store keeps it (see RunStore.add).
  private entry(
    query: number,
    bytes: Uint8Array,
    lineStart: number,
    from: number,
    to: number,
    h: number,
    score: number,
    line: number,
    whole: number,
    decimals: number,
  ): void {
    this.entries++;
    const flags = this.flags[query];
    if (query !== this.current) {
      if (!this.collect && !this.moveTo(query, flags, this.base + lineStart, line)) return;
      this.current = query;
      if ((flags & SEEN) === 0) {
        this.flags[query] = flags | SEEN;
        this.seen.push(query);
      }
    }
    if ((flags & KEPT) === 0) return;
    if (this.collect) this.store.add(this.storeNumbers[query], bytes, from, to, score, line, whole, decimals);
    else this.block.push(bytes, from, to, h, score, line);
  }

  // stream: the reader moves on to `query` at byte `at` of the file, line `line`: its block becomes
  // the current one (opened if need be); false when its block was handed over already (scattered).
  private moveTo(query: number, flags: number, at: number, line: number): boolean {
    if (this.current >= 0) this.open.leave(this.current, at);
    if ((flags & KEPT) === 0) return true;
    if (flags & CLOSED) {
      this.scattered = true;
      return false;
    }
    this.block = this.open.find(query) ?? this.open.open(query, this.queries.string(query), at, line);
    return true;
  }

  // collect: each kept query whole (in the store's order).
  private handOverAll(): void {
    this.store.handOver(this.block, (k) => this.queries.string(k), this.onQuery);
  }
}

// The line break ending the line that holds bytes[p] (every fed line has one).
function endOfLine(bytes: Uint8Array, p: number): number {
  while (bytes[p] !== 10) p++;
  return p;
}

/** Which of `parts` threads reads a query in a second pass: FNV-1a of its bytes (its byte string's characters), modulo parts. */
export function queryShare(qid: string, parts: number): number {
  return (hashText(qid) >>> 0) % parts;
}

function cNumber(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v === Infinity ? '∞' : v === -Infinity ? '−∞' : String(v);
}

/** A block's lines as the metric core's predictions (strings: for a rare path, or a test). */
export function runQuery(block: RunBlock): RunQuery {
  const predictions = new Array(block.count);
  const lines = new Array<number>(block.count);
  const text = latin1(block.bytes, 0, block.count === 0 ? 0 : block.docEnd[block.count - 1]);
  for (let i = 0; i < block.count; i++) {
    predictions[i] = { id: text.slice(i === 0 ? 0 : block.docEnd[i - 1], block.docEnd[i]), score: block.scores[i] };
    lines[i] = block.lines[i];
  }
  return { qid: block.qid, predictions, lines };
}

/** Parses a whole run text (a byte string), every query whole whatever the order of its lines. */
export function parseRun(
  text: string,
  asTrecEval = false,
): { queries: Map<string, RunQuery>; problems: TrecProblem[]; lines: number; entries: number } {
  const queries = new Map<string, RunQuery>();
  const reader = new RunReader((b) => queries.set(b.qid, runQuery(b)), { asTrecEval, mode: 'collect' });
  reader.feed(textBytes(text));
  const { problems, lines, entries } = reader.end();
  return { queries, problems, lines, entries };
}

/** Appends a later block of the same query to an earlier one (file order is kept). */
export function joinBlocks(into: RunQuery, block: RunQuery): void {
  for (let i = 0; i < block.predictions.length; i++) {
    into.predictions.push(block.predictions[i]);
    into.lines.push(block.lines[i]);
  }
}

/**
 * The first repeated docid of a query, located at its repeat and reported as the convention treats
 * it (one problem per query, counting the other repeats, so that a broken run cannot flood the report).
 */
export function duplicateProblems(q: RunQuery, conv: Convention): TrecProblem[] {
  const first = new Map<string, number>();
  let found: { index: number; prior: number } | undefined;
  let repeats = 0;
  q.predictions.forEach((p, i) => {
    const prior = first.get(p.id);
    if (prior === undefined) {
      first.set(p.id, i);
      return;
    }
    repeats++;
    found ??= { index: i, prior };
  });
  if (!found) return [];
  const effect = {
    error: 'duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this)',
    first: 'duplicates=first: only the higher-ranked occurrence counts',
    count: 'duplicates=count: every occurrence counts, so recall can exceed 1',
    'no-credit': 'duplicates=no-credit: the repeat keeps its rank but gains nothing',
  }[conv.duplicates];
  const id = shownBytes(q.predictions[found.index].id);
  const more = repeats > 1 ? ` (${repeats - 1} more repeated line${repeats > 2 ? 's' : ''} in this query)` : '';
  return [
    {
      what: `"${id}" appears twice for query ${shownBytes(q.qid)}${more}.`,
      file: 'run',
      line: q.lines[found.index],
      start: 0,
      end: 0,
      code: 'duplicate-prediction',
      severity: conv.duplicates === 'error' ? 'error' : 'warning',
      message: `"${id}" appears twice for query ${shownBytes(q.qid)}${more}: ${effect}.`,
      related: [{ file: 'run', line: q.lines[found.prior], message: 'first occurrence' }],
    },
  ];
}

/**
 * Runs a throwaway reader over made-up lines of every kind a plain line takes (a new query, one
 * come back, an unjudged one, signed and whole scores, two blanks or a tab between fields), so that
 * V8 has met every branch of the line reader before it optimizes it. Returns what it read.
 */
export function primeRunReader(asTrecEval: boolean): RunReading & { handedOver: number; generalLines: number } {
  const lines: string[] = [];
  const scores = ['1.5', '-0.25', '+3', '7', '12.125', '0.000001'];
  for (let i = 0; i < 240; i++) {
    const qid = ['p1', 'p2', 'unjudged', 'p3'][(i >> 2) % 4];
    const gap = i % 7 === 3 ? '  ' : i % 11 === 5 ? '\t' : ' ';
    lines.push(`${qid} Q0 d${i % 50}${gap}${i} ${scores[i % scores.length]} tag`);
  }
  const bytes = textBytes(lines.join('\n') + '\n');
  let handedOver = 0;
  const reader = new RunReader(() => handedOver++, { asTrecEval, keep: (qid) => qid !== 'unjudged' });
  reader.feed(bytes, 0, bytes.length, 0);
  return { ...reader.end(), handedOver, generalLines: reader.generalLines() };
}
