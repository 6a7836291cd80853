/**
 * Whether the run's ids meet the qrels' ids. Ids written differently in the two files (D1 and d1,
 * q1 and 1, "d1" and d1) match nothing, and every measure is a quiet 0: here, which queries are
 * affected, and the likely cause, with an example id from each file.
 */
import { QueryResult } from './passes';

/** How two sets of ids differ, shown by a pair that meets once the difference is undone. */
export interface IdCause {
  /** quotes: quotes or surrounding punctuation; case: upper and lower case; zeros: leading zeros; prefix/suffix: text added to one file's ids. */
  kind: 'quotes' | 'case' | 'zeros' | 'prefix' | 'suffix';
  /** An id of the run and the qrels' id it stands for. */
  run: string;
  qrels: string;
  /** prefix, suffix: the text, and which file's ids carry it. */
  affix?: string;
  side?: 'run' | 'qrels';
}

// Each normalization undoes one more kind of difference than the one before.
const NORMALIZED: readonly [IdCause['kind'], (id: string) => string][] = [
  ['quotes', (id) => id.replace(/^["'`[(<]+|["'`\])>,;]+$/g, '')],
  ['case', (id) => id.replace(/^["'`[(<]+|["'`\])>,;]+$/g, '').toLowerCase()],
  [
    'zeros',
    (id) =>
      id
        .replace(/^["'`[(<]+|["'`\])>,;]+$/g, '')
        .toLowerCase()
        .replace(/^0+(?=\d)/, ''),
  ],
];

/**
 * The likely reason ids of the run and of the qrels that should match do not (byte strings): the
 * first normalization under which one run id meets one qrels id, else a text that one side's ids
 * carry in front or behind; undefined when no such pattern is found.
 */
export function idCause(runIds: readonly string[], qrelsIds: readonly string[]): IdCause | undefined {
  for (const [kind, normal] of NORMALIZED) {
    const qrels = new Map(qrelsIds.map((id) => [normal(id), id]));
    for (const id of runIds) {
      const met = qrels.get(normal(id));
      if (met !== undefined && met !== id) return { kind, run: id, qrels: met };
    }
  }
  return affix(runIds, qrelsIds, 'run') ?? affix(qrelsIds, runIds, 'qrels');
}

// An id of `longer` that is an id of `other` with text added in front (a prefix) or behind (a
// suffix), compared without case: the text must not be all digits, so that 12 and 123 do not meet.
function affix(longer: readonly string[], other: readonly string[], side: 'run' | 'qrels'): IdCause | undefined {
  const others = new Map(other.map((id) => [id.toLowerCase(), id]));
  for (const id of longer) {
    const low = id.toLowerCase();
    for (let cut = 1; cut < low.length; cut++) {
      const front = others.get(low.slice(cut));
      if (front !== undefined && !/^\d+$/.test(low.slice(0, cut))) return pair('prefix', id, front, id.slice(0, cut), side);
      const back = others.get(low.slice(0, low.length - cut));
      if (back !== undefined && !/^\d+$/.test(low.slice(low.length - cut)))
        return pair('suffix', id, back, id.slice(low.length - cut), side);
    }
  }
  return undefined;
}

function pair(kind: 'prefix' | 'suffix', id: string, met: string, text: string, side: 'run' | 'qrels'): IdCause {
  return side === 'run' ? { kind, run: id, qrels: met, affix: text, side } : { kind, run: met, qrels: id, affix: text, side };
}

/**
 * A query with no judged document among its ranked ones stands out when, at the median share of
 * judged documents of the queries that have some, it would have had at least this many: its chance
 * of none under that share is below e^-10 (about 1 in 22,000) if documents were judged at random,
 * and less still in a pooled collection, where the top ranks are judged first.
 */
export const EXPECTED_JUDGED = 10;

/** Queries whose ranked documents meet no judgement, when that says the ids do not meet. */
export interface UnjudgedRankings {
  /** Every evaluated query that ranks documents has none judged. */
  whole: boolean;
  /** The queries with none judged that stand out (all of them when whole), in the order given. */
  queries: QueryResult[];
  /** The median share of judged documents of the queries that have some (0 when whole). */
  medianShare: number;
}

/**
 * The evaluated queries that rank documents of which none is judged, when that points to ids that
 * do not meet: all of them (whole), or those that would have had EXPECTED_JUDGED judged documents
 * at the median share of the others. Undefined when no query stands out.
 */
export function unjudgedRankings(queries: readonly QueryResult[]): UnjudgedRankings | undefined {
  const ranked = queries.filter((q) => q.retrieved > 0);
  const none = ranked.filter((q) => q.judged === 0);
  if (none.length === 0) return undefined;
  if (none.length === ranked.length) return { whole: true, queries: none, medianShare: 0 };
  const shares = ranked
    .filter((q) => q.judged > 0)
    .map((q) => q.judged / q.retrieved)
    .sort((a, b) => a - b);
  const mid = shares.length >> 1;
  const medianShare = shares.length % 2 === 1 ? shares[mid] : (shares[mid - 1] + shares[mid]) / 2;
  const standOut = none.filter((q) => q.retrieved * medianShare >= EXPECTED_JUDGED);
  return standOut.length > 0 ? { whole: false, queries: standOut, medianShare } : undefined;
}
