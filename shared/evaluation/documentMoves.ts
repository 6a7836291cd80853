/**
 * Why one query's value changed between two runs: the documents that entered and left the top k (or
 * moved within it), each with its judgment, its rank in each run, and what it did to the measure.
 *
 * A document's effect is what it adds to the measure in run b less what it added in run a, each read
 * off the measure's own per-rank terms (rankContributions, the numbers the case breakdown shows):
 * for P@k, R@k, DCG@k and nDCG@k (IDCG is the same in both runs) a document's term depends on its
 * own rank and grade alone; for AP the term of a relevant document is P@rank / R, which the
 * documents above it also move, so its effect includes theirs; RR counts only the first hit. The
 * effects of all documents add up to b − a wherever the measure is a sum of such terms; where they
 * do not (F1, a measure whose terms are not what it adds up), no effect is given.
 */
import { Convention } from '../core/conventions';
import { ItemContribution, rankContributions } from '../core/itemContribution';
import { MetricSpec } from '../core/metricNames';
import { RankedCase } from '../core/ranking';

/** A document's judgment, as the qrels give it. */
export interface Judgment {
  /** relevant (a grade at or above the level), judged non-relevant, or unjudged (not in the qrels, or a negative grade: in the pool, not judged). */
  kind: 'relevant' | 'nonrelevant' | 'unjudged';
  /** Its grade in the qrels; null when it has none. */
  grade: number | null;
}

/** One document of the top k of either run whose rank or effect changed. */
export interface DocumentMove {
  docid: string;
  /** entered (in b's top k, not a's), left (in a's, not b's), moved (in both, another rank), stayed (same rank, another term: AP). */
  change: 'entered' | 'left' | 'moved' | 'stayed';
  judgment: Judgment;
  /** Its rank in each run (1-based, trec_eval's order), null when the run does not rank it. */
  rankA: number | null;
  rankB: number | null;
  /** What it adds in b less what it added in a; null when effects are not defined for the measure. */
  effect: number | null;
  /** How each run's term is made, with its numbers ("1 · 0.631 / IDCG 2.131"); null where the run does not rank it. */
  howA: string | null;
  howB: string | null;
}

/** One query's changes between two runs at depth k. */
export interface QueryMoves {
  qid: string;
  /** The depth compared: the measure's cutoff, or the depth asked for. */
  k: number;
  moves: DocumentMove[];
  /** Whether the documents' effects add up to b − a (every document of either ranking counted, at any rank). */
  additive: boolean;
  /** The sum of the listed documents' effects (null when effects are not defined). */
  shownEffect: number | null;
  /** Unjudged documents that entered the top k: judged, they could change the outcome. */
  unjudgedEntered: string[];
  /** Each run's top k, best first, with each document's judgment: the two rankings side by side. */
  topA: RankedDocument[];
  topB: RankedDocument[];
}

/** A document at its rank in one run's top k. */
export interface RankedDocument {
  docid: string;
  judgment: Judgment;
}

/** The changes of one query between its rankings in runs a and b (absent: the run ranks nothing), at depth k. */
export function documentMoves(
  qid: string,
  a: RankedCase | undefined,
  b: RankedCase | undefined,
  diff: number,
  spec: MetricSpec,
  conv: Convention,
  k: number,
): QueryMoves {
  const sideA = side(a, spec, conv);
  const sideB = side(b, spec, conv);
  // The effects add up when the sum over every document ranked by either run is b − a.
  let total = 0;
  let defined = true;
  for (const s of [sideA, sideB]) {
    const sign = s === sideA ? -1 : 1;
    for (const c of s.terms) {
      if (c.amount === null) defined = false;
      else total += sign * c.amount;
    }
  }
  const additive = defined && Number.isFinite(diff) && Math.abs(total - diff) <= 1e-9 * Math.max(1, Math.abs(diff));
  const moves: DocumentMove[] = [];
  const seen = new Set<string>();
  const consider = (docid: string) => {
    if (seen.has(docid)) return;
    seen.add(docid);
    const ra = sideA.rank.get(docid);
    const rb = sideB.rank.get(docid);
    const inA = ra !== undefined && ra <= k;
    const inB = rb !== undefined && rb <= k;
    const ca = ra === undefined ? undefined : sideA.terms[ra - 1];
    const cb = rb === undefined ? undefined : sideB.terms[rb - 1];
    const effect = additive ? (cb?.amount ?? 0) - (ca?.amount ?? 0) : null;
    const change = inB && !inA ? 'entered' : inA && !inB ? 'left' : ra !== rb ? 'moved' : 'stayed';
    if (change === 'stayed' && (effect === null || Math.abs(effect) <= 1e-12)) return;
    const at = rb !== undefined ? { rc: b!, r: rb } : { rc: a!, r: ra! };
    moves.push({
      docid,
      change,
      judgment: judgment(at.rc, at.r - 1),
      rankA: ra ?? null,
      rankB: rb ?? null,
      effect,
      howA: ca?.how ?? null,
      howB: cb?.how ?? null,
    });
  };
  for (const s of [sideB, sideA]) for (let r = 0; r < Math.min(k, s.ids.length); r++) consider(s.ids[r]);
  const order = { entered: 0, left: 1, moved: 2, stayed: 3 };
  moves.sort((x, y) => order[x.change] - order[y.change] || (x.rankB ?? x.rankA!) - (y.rankB ?? y.rankA!));
  return {
    qid,
    k,
    moves,
    additive,
    shownEffect: additive ? moves.reduce((sum, m) => sum + m.effect!, 0) : null,
    unjudgedEntered: moves.filter((m) => m.change === 'entered' && m.judgment.kind === 'unjudged').map((m) => m.docid),
    topA: top(a, k),
    topB: top(b, k),
  };
}

interface Side {
  ids: readonly string[];
  /** docid → its 1-based rank. */
  rank: Map<string, number>;
  terms: ItemContribution[];
}

function side(rc: RankedCase | undefined, spec: MetricSpec, conv: Convention): Side {
  if (!rc) return { ids: [], rank: new Map(), terms: [] };
  const ids = rc.ids.slice(0, rc.count);
  return { ids, rank: new Map(ids.map((id, r) => [id, r + 1])), terms: rankContributions(rc, spec, conv) };
}

function top(rc: RankedCase | undefined, k: number): RankedDocument[] {
  if (!rc) return [];
  return Array.from({ length: Math.min(k, rc.count) }, (_, r) => ({ docid: rc.ids[r], judgment: judgment(rc, r) }));
}

/** The judgment of the document at rank index r. */
function judgment(rc: RankedCase, r: number): Judgment {
  const labeled = rc.labelIds.includes(rc.ids[r]);
  const grade = labeled ? rc.grades[r] : null;
  if (!rc.judged[r]) return { kind: 'unjudged', grade };
  return { kind: rc.relevant[r] ? 'relevant' : 'nonrelevant', grade };
}
