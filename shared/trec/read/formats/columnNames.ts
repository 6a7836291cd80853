/**
 * The column names of the formats with a header (CSV, TSV, JSON lines, Parquet) and which column holds
 * each role: one list, read by the CLI's readers and by the editor's (shared/trecdoc), so it holds no
 * Node module (the web-worker server bundles it).
 */
import type { TrecFileKind } from '../problems';

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
