/**
 * The formats qrels and runs come in besides TREC text, as ranx, pytrec_eval, BEIR/MTEB and pandas
 * write them: which one a file is (its name, then its first bytes, unless it is given), and which of
 * its columns hold the query, the document and the grade or score.
 */
import { latin1 } from '../byteText';
import { TrecFileKind } from '../problems';

/** The formats read: TREC text, tab- or comma-separated values with a header, JSON lines, one JSON object, Parquet. */
export const INPUT_FORMATS = ['trec', 'tsv', 'csv', 'jsonl', 'json', 'parquet'] as const;
export type InputFormat = (typeof INPUT_FORMATS)[number];

/** What a column holds: the query id, the document id, a run's score or rank, a qrels grade, a run's tag. */
export type ColumnRole = 'query' | 'doc' | 'score' | 'grade' | 'rank' | 'tag';
export const COLUMN_ROLES: readonly ColumnRole[] = ['query', 'doc', 'score', 'grade', 'rank', 'tag'];

/** Column names given for roles (--columns query=user,doc=item,score=prediction). */
export type ColumnMap = Partial<Record<ColumnRole, string>>;

/** The column names recognised without help, per role (compared without regard to case). */
export const COLUMN_NAMES: Readonly<Record<ColumnRole, readonly string[]>> = {
  query: ['qid', 'query_id', 'query-id', 'queryid', 'user', 'user_id', 'userid', 'topic', 'topic_id'],
  doc: ['docid', 'doc_id', 'corpus-id', 'corpus_id', 'docno', 'item', 'item_id', 'itemid', 'pid', 'passage_id', 'document_id'],
  score: ['score', 'prediction', 'sim'],
  grade: ['relevance', 'rel', 'rating', 'grade', 'label'],
  rank: ['rank'],
  tag: ['tag', 'run', 'run_id', 'runid', 'system'],
};

/** Which column (by index) holds each role for a file of this kind, or why none does. */
export interface ColumnChoice {
  query: number;
  doc: number;
  /** qrels: the grade; run: the score (or -1 when the run is ranked by its rank column). */
  value: number;
  /** run: the rank column, read when there is no score. */
  rank: number;
  tag: number;
}

/**
 * The columns of a header that hold each role: those given in `map` when the header has them, else
 * the usual names. A qrels grade is a grade column, else a score column (BEIR's qrels call the grade
 * "score"); a run's value is its score column, else its rank. Returns a message when a role is missing.
 */
export function chooseColumns(header: readonly string[], kind: TrecFileKind, map: ColumnMap = {}): ColumnChoice | string {
  const lower = header.map((h) => h.trim().toLowerCase());
  const find = (role: ColumnRole): number => {
    const given = map[role];
    if (given !== undefined) {
      const i = header.indexOf(given);
      if (i >= 0) return i;
    }
    for (const name of COLUMN_NAMES[role]) {
      const i = lower.indexOf(name);
      if (i >= 0) return i;
    }
    return -1;
  };
  const query = find('query');
  const doc = find('doc');
  const rank = kind === 'run' ? find('rank') : -1;
  const value = kind === 'qrels' ? (find('grade') >= 0 ? find('grade') : find('score')) : find('score');
  const missing: string[] = [];
  if (query < 0) missing.push(`a query column (${names('query', map)})`);
  if (doc < 0) missing.push(`a document column (${names('doc', map)})`);
  if (kind === 'qrels' && value < 0) missing.push(`a grade column (${names('grade', map)}, or score)`);
  if (kind === 'run' && value < 0 && rank < 0) missing.push(`a score column (${names('score', map)}) or a rank column`);
  if (missing.length > 0) {
    const shown = header.length === 0 ? 'no columns' : `the columns ${header.map((h) => JSON.stringify(h)).join(', ')}`;
    return `expected ${missing.join(' and ')}, found ${shown}; name them with --columns (query=…,doc=…,${kind === 'qrels' ? 'grade' : 'score'}=…)`;
  }
  return { query, doc, value, rank, tag: kind === 'run' ? find('tag') : -1 };
}

function names(role: ColumnRole, map: ColumnMap): string {
  return [...(map[role] ? [map[role]] : []), ...COLUMN_NAMES[role]].join(', ');
}

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
 * lines when the first line is a whole object of plain values (whatever the name: a .json file may
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

// The first line is a JSON object of its own whose values are all plain (one judgement or ranked
// document); an object of objects is one JSON object ({qid: {docid: score}}), even on one line.
function isJsonLines(text: string): boolean {
  const end = text.indexOf('\n');
  try {
    const first: unknown = JSON.parse(end < 0 ? text : text.slice(0, end));
    if (typeof first !== 'object' || first === null || Array.isArray(first)) return false;
    return Object.values(first).every((v) => typeof v !== 'object' || v === null);
  } catch {
    return false;
  }
}
