/**
 * A run document evaluated against a qrels document, query by query, as `ranklens trec` evaluates
 * them (each query ranked by rankCase as the engine's fast path ranks it: score descending, then
 * docid descending as bytes; NaN scores as trec_eval's sort leaves them), with the findings of the
 * two files at their places. Each query's evaluation is kept in a cache the caller owns, under its
 * text and its judgements: an edit re-evaluates only the queries whose lines it changed.
 */
import { CaseInput, Prediction } from '../core/caseInput';
import { FindingCode } from '../core/findingCodes';
import { Severity } from '../core/findings';
import { hashText } from '../core/hash';
import { means } from '../core/means';
import { metricValue } from '../core/metrics/dispatch';
import { RankedCase, rankCase } from '../core/ranking';
import { LocatedFinding } from '../fixture/model/model';
import { cAtol } from '../trec/read/cNumbers';
import { isWholeNumber, parseDecimal } from '../trec/read/fields';
import { inTrecEvalOrder } from '../trec/evaluate/trecEvalOrder';
import { QrelsDocQuery, QrelsDocument } from './qrelsDocument';
import { FindingList } from './findingList';
import { DOCID, RANK, RunDocQuery, RunDocument, SCORE, docidOf, queryText, rankWritten } from './runDocument';
import { TrecDocSettings } from './trecDocSettings';

/** A query's top k (the settings' topK) with at least this share of unjudged documents gets an unjudged-in-top-k warning. */
export const UNJUDGED_SHARE = 0.5;

/** A finding about one query, placed on a field of one of its predictions (an index into its entries) when the document is placed. */
export interface QueryNote {
  entry: number;
  field: 'qid' | 'docid' | 'rank' | 'score';
  code: FindingCode;
  severity: Severity;
  message: string;
  related?: { entry: number; message: string };
}

/** One query of the run evaluated: what lenses, hovers and inlay hints read. */
export interface QueryEvaluation {
  qid: string;
  /** Whether the qrels judge the query (else it is ignored, as trec_eval ignores it). */
  judged: boolean;
  /** One value per headline measure; NaN when the convention leaves the query out. */
  values: number[];
  /** The ranking (judged queries); its source indexes the query's entries. */
  ranked?: RankedCase;
  /** Per entry of the query: its rank after trec_eval's sort (1-based), 0 when the convention drops it. */
  rankOf: Int32Array;
  /** Per entry: its grade (NaN when unjudged). */
  grades: Float64Array;
  notes: QueryNote[];
}

interface CacheEntry {
  text: string;
  qrelsHash: number;
  result: QueryEvaluation;
}

/** The evaluations of one document's queries, kept across versions by the caller (the server, one per open run). */
export interface RunEvaluationCache {
  settingsKey: string;
  entries: Map<string, CacheEntry>;
  /** How many queries were evaluated (not found in the cache) in all: a test reads what an edit cost. */
  evaluated: number;
}

/** An empty cache. */
export function runEvaluationCache(): RunEvaluationCache {
  return { settingsKey: '', entries: new Map(), evaluated: 0 };
}

/** A run document evaluated against its qrels. */
export interface RunEvaluation {
  settings: TrecDocSettings;
  /** Per query of the run (its index in RunDocument.queries). */
  queries: QueryEvaluation[];
  /** Means over the judged queries, as `ranklens trec` prints them, and how many were left out (NaN) per measure. */
  mean: number[];
  excluded: number[];
  /** Judged queries with predictions. */
  evaluated: number;
  /** Judged queries with no line in the run. */
  missing: string[];
  /** Lines of either file were skipped, or queries left out: the means are of partial files. */
  partial: boolean;
  /** The findings of the run against the qrels, at their places in the run. */
  findings: LocatedFinding[];
}

/** Evaluates a run document against a qrels document under the settings, reusing the cache's unchanged queries. */
export function evaluateRunDocument(
  run: RunDocument,
  qrels: QrelsDocument,
  settings: TrecDocSettings,
  cache: RunEvaluationCache,
): RunEvaluation {
  if (cache.settingsKey !== settings.key) {
    cache.settingsKey = settings.key;
    cache.entries.clear();
  }
  const kept = new Map<string, CacheEntry>();
  const queries = run.queries.map((q) => {
    const judged = qrels.queries.get(q.qid);
    const text = queryText(run, q);
    const key = `${hashText(text)}:${q.qid}`;
    const hit = cache.entries.get(key);
    const qrelsHash = judged ? judged.hash : -1;
    if (hit && hit.text === text && hit.qrelsHash === qrelsHash) {
      kept.set(key, hit);
      return hit.result;
    }
    cache.evaluated++;
    const result = evaluateQuery(run, q, judged, settings);
    kept.set(key, { text, qrelsHash, result });
    return result;
  });
  cache.entries = kept;
  const evaluated = queries.filter((e) => e.judged);
  const { mean, excluded } = means(
    evaluated.map((e) => e.values),
    settings.specs.length,
  );
  const missing = [...qrels.queries.keys()].filter((qid) => !run.queryIndex.has(qid));
  // Qrels not read at all (JSON that is not the shape) judge nothing: one error says so, not a note per query.
  const findings = [...(qrels.refused ? [] : placeNotes(run, queries)), ...fileFindings(run, qrels, missing)];
  const dropped = evaluated.some((e) => e.values.some((v) => Number.isNaN(v)) && e.ranked?.rejected);
  return {
    settings,
    queries,
    mean,
    excluded,
    evaluated: evaluated.length,
    missing,
    partial: run.skipped > 0 || qrels.skipped > 0 || dropped,
    findings,
  };
}

/** One query ranked and measured, with its notes (by entry: placed later, so that a cached query's notes follow its lines). */
export function evaluateQuery(
  run: RunDocument,
  q: RunDocQuery,
  judged: QrelsDocQuery | undefined,
  settings: TrecDocSettings,
): QueryEvaluation {
  const n = q.entries.length;
  const rankOf = new Int32Array(n);
  const grades = new Float64Array(n).fill(NaN);
  if (!judged) {
    return {
      qid: q.qid,
      judged: false,
      values: settings.specs.map(() => NaN),
      rankOf,
      grades,
      notes: [
        {
          entry: 0,
          field: 'qid',
          code: 'query-not-in-qrels',
          severity: 'info',
          message: `Query ${q.qid} has no judgement in the qrels: ignored, as trec_eval ignores it.`,
        },
      ],
    };
  }
  const conv = settings.convention.convention;
  const predictions: Prediction[] = q.entries.map((i) => ({ id: docidOf(run, i), score: run.score[i] }));
  const ordered = settings.asTrecEval ? inTrecEvalOrder(predictions) : predictions;
  const input: CaseInput = { labels: judged.labels, predictions: ordered };
  const ranked = rankCase(input, conv);
  const values = settings.specs.map((s) => metricValue(ranked, s, conv));
  const entryOf = ordered === predictions ? undefined : sourceEntries(predictions, ordered);
  for (let r = 0; r < ranked.count; r++) {
    const k = entryOf ? entryOf[ranked.source[r]] : ranked.source[r];
    rankOf[k] = r + 1;
  }
  const gradeOf = new Map(judged.labels.map((l) => [l.id, l.grade]));
  predictions.forEach((p, k) => (grades[k] = gradeOf.get(p.id) ?? NaN));
  const notes = [
    ...duplicateNote(q, predictions, settings),
    ...rankColumnNote(run, q, rankOf),
    ...tieNote(run, q, predictions, grades, rankOf),
    ...unjudgedNote(q, ranked, settings.topK),
  ];
  return { qid: q.qid, judged: true, values, ranked, rankOf, grades, notes };
}

// The predictions' indexes in trec_eval's reordering of them (same ids, rescored): for each reordered one, its original.
function sourceEntries(predictions: readonly Prediction[], ordered: readonly Prediction[]): Int32Array {
  const waiting = new Map<string, number[]>();
  predictions.forEach((p, k) => {
    const list = waiting.get(p.id);
    if (list) list.push(k);
    else waiting.set(p.id, [k]);
  });
  return Int32Array.from(ordered, (p) => waiting.get(p.id)!.shift()!);
}

// The first docid listed twice, at its repeat, pointing at its first line; told as the convention treats it (runReader's duplicateProblems).
function duplicateNote(q: RunDocQuery, predictions: readonly Prediction[], settings: TrecDocSettings): QueryNote[] {
  const first = new Map<string, number>();
  let found: { entry: number; prior: number } | undefined;
  let repeats = 0;
  predictions.forEach((p, k) => {
    const prior = first.get(p.id);
    if (prior === undefined) first.set(p.id, k);
    else {
      repeats++;
      found ??= { entry: k, prior };
    }
  });
  if (!found) return [];
  const duplicates = settings.convention.convention.duplicates;
  const effect = {
    error: 'duplicates=error: the query is not evaluated and is left out of the means (trec_eval stops on this)',
    first: 'duplicates=first: only the higher-ranked occurrence counts',
    count: 'duplicates=count: every occurrence counts, so recall can exceed 1',
    'no-credit': 'duplicates=no-credit: a repeat keeps its rank but earns nothing',
  }[duplicates];
  const more = repeats > 1 ? ` (${repeats - 1} more repeated line${repeats > 2 ? 's' : ''} in this query)` : '';
  return [
    {
      entry: found.entry,
      field: 'docid',
      code: 'duplicate-prediction',
      severity: duplicates === 'error' ? 'error' : 'warning',
      message: `"${predictions[found.entry].id}" appears twice for query ${q.qid}${more}: ${effect}.`,
      related: { entry: found.prior, message: 'first occurrence' },
    },
  ];
}

// The first line whose rank column differs from the rank trec_eval gives it (the column is ignored), with how many lines differ.
function rankColumnNote(run: RunDocument, q: RunDocQuery, rankOf: Int32Array): QueryNote[] {
  let first = -1;
  let count = 0;
  const text = run.text;
  q.entries.forEach((i, k) => {
    const from = run.at[6 * i + RANK];
    const to = run.at[6 * i + RANK + 1];
    if (from === to) return; // no rank column (a TSV, CSV or JSON-lines run without one)
    // The rank column as C's atol reads it; a plain whole number (nearly always) without a string.
    const written = isWholeNumber(text, from, to) ? parseDecimal(text, from, to) : cAtol(text.slice(from, to));
    if (rankOf[k] === 0 || written === rankOf[k]) return;
    count++;
    if (first < 0) first = k;
  });
  if (first < 0) return [];
  const more = count > 1 ? ` The rank column differs on ${count - 1} more line${count > 2 ? 's' : ''} of query ${q.qid}.` : '';
  return [
    {
      entry: first,
      field: 'rank',
      code: 'rank-column-ignored',
      severity: 'info',
      message: `The rank column says ${rankWritten(run, q.entries[first])}, but trec_eval ranks this document ${ordinal(rankOf[first])} (score descending, then docid descending): the rank column is ignored.${more}`,
    },
  ];
}

// The first score shared by documents of different grades (the tie decides their order: docid descending), at its second line.
function tieNote(
  run: RunDocument,
  q: RunDocQuery,
  predictions: readonly Prediction[],
  grades: Float64Array,
  rankOf: Int32Array,
): QueryNote[] {
  const firstWith = new Map<number, number>();
  for (let k = 0; k < predictions.length; k++) {
    const score = run.score[q.entries[k]];
    const prior = firstWith.get(score);
    if (prior === undefined) {
      firstWith.set(score, k);
      continue;
    }
    const g = (x: number) => (Number.isNaN(grades[x]) ? 'unjudged' : `grade ${grades[x]}`);
    if (g(prior) === g(k) || rankOf[k] === 0 || rankOf[prior] === 0) continue;
    return [
      {
        entry: k,
        field: 'score',
        code: 'score-ties',
        severity: 'warning',
        message: `"${predictions[k].id}" (${g(k)}) shares the score ${run.text.slice(run.at[6 * q.entries[k] + SCORE], run.at[6 * q.entries[k] + SCORE + 1])} with "${predictions[prior].id}" (${g(prior)}): trec_eval orders a tie by docid, descending, so the tie puts them ${ordinal(rankOf[k])} and ${ordinal(rankOf[prior])}.`,
        related: { entry: prior, message: 'the same score' },
      },
    ];
  }
  return [];
}

// A judged query whose top k is mostly unjudged: its measures count those documents as non-relevant.
function unjudgedNote(q: RunDocQuery, ranked: RankedCase, k: number): QueryNote[] {
  const top = Math.min(k, ranked.count);
  if (top === 0) return [];
  let unjudged = 0;
  for (let r = 0; r < top; r++) if (!ranked.judged[r]) unjudged++;
  if (unjudged / top < UNJUDGED_SHARE) return [];
  return [
    {
      entry: 0,
      field: 'qid',
      code: 'unjudged-in-top-k',
      severity: 'warning',
      message: `${unjudged} of the top ${top} documents of query ${q.qid} (${Math.round((100 * unjudged) / top)}%) are unjudged: every measure counts them as non-relevant, so the values may understate the run (documents the judged pool did not include).`,
    },
  ];
}

function ordinal(n: number): string {
  const s = n % 100 >= 11 && n % 100 <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${s}`;
}

// Every query's notes at their places in the run as it is now (at most FINDINGS_LISTED of a code, then one note counting the rest).
function placeNotes(run: RunDocument, queries: readonly QueryEvaluation[]): LocatedFinding[] {
  const out = new FindingList();
  queries.forEach((e, qi) => {
    const q = run.queries[qi];
    for (const n of e.notes) {
      const span = fieldSpan(run, q.entries[n.entry], n.field);
      const related = n.related && [{ span: fieldSpan(run, q.entries[n.related.entry], 'docid'), message: n.related.message }];
      out.push({ code: n.code, severity: n.severity, message: n.message, span, ...(related ? { related } : {}) });
    }
  });
  return out.list();
}

/** The span of a field of prediction i (the qid: from its line's start to the Q0 field; in a JSON run, its key or value). */
export function fieldSpan(run: RunDocument, i: number, field: QueryNote['field']): { start: number; end: number } {
  if (field === 'qid' && run.rows) return { start: run.rows[4 * i], end: run.rows[4 * i + 1] };
  if (field === 'qid') {
    const start = run.lineStarts[run.line[i]];
    let end = start;
    while (end < run.text.length && run.text.charCodeAt(end) > 32) end++;
    return { start, end };
  }
  const at = field === 'docid' ? DOCID : field === 'rank' ? RANK : SCORE;
  return { start: run.at[6 * i + at], end: run.at[6 * i + at + 1] };
}

// What the two files say together, on the run's first line: nothing to evaluate, judged queries missing.
function fileFindings(run: RunDocument, qrels: QrelsDocument, missing: readonly string[]): LocatedFinding[] {
  const top = { start: 0, end: 0 };
  if (run.binary) return [];
  const out: LocatedFinding[] = [];
  // A file with lines that do not read, or not read at all (a JSON text that is not the shape): told already.
  const malformed = run.findings.some((f) => f.code === 'malformed-line' || f.code === 'format-error');
  if (run.count === 0 && !malformed)
    out.push({
      code: 'empty-file',
      severity: 'error',
      span: top,
      message: 'The run holds no line to rank, so nothing is evaluated (trec_eval stops on an empty run: "Cannot read results file").',
    });
  if (qrels.refused)
    out.push({
      code: 'empty-file',
      severity: 'error',
      span: top,
      message:
        'The qrels are not read: they are not JSON of the shape they are read as (the problem is told in the qrels file), so nothing is evaluated, as ranklens trec reads nothing from them.',
    });
  else if (qrels.queries.size === 0 && !qrels.binary)
    out.push({
      code: 'empty-file',
      severity: 'error',
      span: top,
      message: 'The qrels hold no judgement, so nothing is evaluated (trec_eval stops on an empty qrels file: "Cannot read qrels file").',
    });
  if (run.count > 0 && qrels.queries.size > 0 && !run.queries.some((q) => qrels.queries.has(q.qid)))
    out.push({
      code: 'nothing-evaluated',
      severity: 'error',
      span: top,
      message:
        'No query is both judged in the qrels and in the run, so nothing is evaluated (trec_eval stops: "No queries with both results and relevance info").',
    });
  if (missing.length > 0 && run.count > 0) {
    const named = missing.slice(0, 10);
    const list = named.length < missing.length ? `${named.join(', ')} and ${missing.length - named.length} more` : joined(named);
    out.push({
      code: 'query-not-in-run',
      severity: 'warning',
      span: top,
      message: `${missing.length === 1 ? '1 judged query has' : `${missing.length} judged queries have`} no line in the run: ${list}; skipped (ranklens trec --complete counts them as 0, as trec_eval -c); trec_eval without -c stops at the first.`,
    });
  }
  return out;
}

function joined(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

/** The index within its query of prediction i (the entries are in file order), or −1. */
export function entryIndex(q: RunDocQuery, i: number): number {
  let lo = 0;
  let hi = q.entries.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (q.entries[mid] === i) return mid;
    if (q.entries[mid] < i) lo = mid + 1;
    else hi = mid - 1;
  }
  return -1;
}

/** How many of a judged query's relevant documents (`relevant`: a grade's test) a run retrieves, and its lines for the query; undefined when it has none. */
export function relevantRetrieved(
  ev: RunEvaluation,
  run: RunDocument,
  qid: string,
  relevant: (grade: number) => boolean,
): { retrieved: number; lines: number } | undefined {
  const q = run.queryIndex.get(qid);
  if (q === undefined) return undefined;
  const e = ev.queries[q];
  let retrieved = 0;
  const seen = new Set<string>();
  e.grades.forEach((g, k) => {
    const id = docidOf(run, run.queries[q].entries[k]);
    if (!Number.isNaN(g) && relevant(g) && !seen.has(id)) {
      seen.add(id);
      retrieved++;
    }
  });
  return { retrieved, lines: e.grades.length };
}
