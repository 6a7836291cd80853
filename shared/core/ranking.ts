/**
 * Turns a case into the ranked list every metric reads: predictions ordered (scores, ties and
 * duplicates per the convention), each rank with its grade and relevance, plus the counts the
 * denominators need. Built once per case and convention; metrics only read it.
 */
import { CaseInput } from './caseInput';
import { Convention, isRelevantGrade } from './conventions';
import { CaseScratch, RankArrayViews, RankArrays, rankArrays } from './caseScratch';
import { IdTable } from './idTable';
import { sortIndicesByKeyDesc } from './sortIndices';

export interface RankedCase {
  /** Item id at each rank (index 0 is rank 1). */
  ids: string[];
  /** How many items are ranked: the length of ids and of every per-rank array. */
  count: number;
  /** Index into the case's predictions for each rank. */
  source: Int32Array;
  /** The item's grade at each rank: its label grade, 0 when unlabeled or not finite. */
  grades: Float64Array;
  /** 1 where the item at that rank is relevant. */
  relevant: Uint8Array;
  /**
   * 1 where the item at that rank is judged: labeled with a grade ≥ 0. An unlabeled item, or one
   * labeled with a negative grade (trec_eval: in the pool but not judged), is unjudged.
   */
  judged: Uint8Array;
  /** Number of relevant items (R), counted in the convention's relevant pool. */
  nRelevant: number;
  /** Label ids and grades (finite grades only, first occurrence of each id), in the order written. */
  labelIds: string[];
  labelGrades: number[];
  /** Every prediction index in ranked order, repeats included (findings read ties from it). */
  order: Int32Array;
  /** The sort key of each prediction: its score, NaN as −∞; null for a ranked list. */
  keys: Float64Array | null;
  /** How many predictions repeat an earlier one. */
  duplicates: number;
  /** How many scores are not finite or not positive (findings look only when there are some). */
  unusualScores: number;
  /** For scored predictions under ties=average: the end (exclusive) of the tied group each rank belongs to. */
  tieEnd: Int32Array | null;
  /** For each rank, the start of its tied group (same condition as tieEnd). */
  tieStart: Int32Array | null;
  /** The case predicts an item twice and the convention refuses duplicates. */
  rejected: boolean;
  /**
   * Under ties=pessimistic-each: the 1-based rank each ranked item is credited at, the last rank of
   * its tied group (LightFM, Cornac's rankdata(method="max")); null otherwise: rank r + 1.
   */
  creditRank: Int32Array | null;
  /** Under unjudged=drop-after-cut: 1 where the ranked item has no label; null otherwise. */
  unlabeled: Uint8Array | null;
  /** What the ranking knobs removed or changed, for the explanations; null when they did nothing. */
  adjusted: RankAdjustments | null;
}

/** Predictions a ranking knob dropped or changed in one case, by knob (see RankedCase.adjusted). */
export interface RankAdjustments {
  /** Dropped as the case's own id (identicalIds=drop). */
  identicalIds: string[];
  /** Dropped as scored exactly 0 (zeroScores=drop). */
  zeroScores: string[];
  /** Repeats kept in their rank with no credit (duplicates=no-credit). */
  noCredit: string[];
  /** Unlabeled predictions given the default grade (unjudgedGrade). */
  defaultGraded: string[];
}

export interface RankOptions {
  /**
   * Only metric values will be read: unlabeled items that tie with no labeled item may stay in any
   * order among themselves (their order changes no value), which spares most of the sort. ids,
   * source and order are then exact only around labeled items; explanations rank exactly.
   */
  valuesOnly?: boolean;
  /**
   * Buffers to rank in (see caseScratch.ts): the ranking's arrays are then views of the scratch,
   * valid until the same scratch ranks again; read them before that, or copy them. Without one the
   * ranking's arrays are its own.
   */
  scratch?: CaseScratch;
}

/**
 * Arrays of at least length n for a ranking: fresh ones, or the scratch's (grown when short, zeroed
 * where read before written). Views of length n are cut only where a length is read.
 */
function arraysFor(n: number, scratch: CaseScratch | undefined): RankArrays {
  if (!scratch) return rankArrays(n);
  let lent = scratch.arrays;
  if (lent.order.length < n) {
    lent = scratch.arrays = rankArrays(Math.max(n, 2 * lent.order.length));
    scratch.views.length = 0;
  }
  lent.grades.fill(0, 0, n);
  lent.relevant.fill(0, 0, n);
  lent.judged.fill(0, 0, n);
  return lent;
}

function viewsOf(a: RankArrays, n: number): RankArrayViews {
  return {
    predSlot: a.predSlot.subarray(0, n),
    gradeAt: a.gradeAt.subarray(0, n),
    keys: a.keys.subarray(0, n),
    needed: a.needed.subarray(0, n),
    order: a.order.subarray(0, n),
    source: a.source.subarray(0, n),
    grades: a.grades.subarray(0, n),
    relevant: a.relevant.subarray(0, n),
    judged: a.judged.subarray(0, n),
  };
}

/** Views of length n of the ranking's arrays: the scratch's own (made once per length), or fresh. */
function cut(a: RankArrays, n: number, scratch: CaseScratch | undefined): RankArrayViews {
  return scratch && a === scratch.arrays ? (scratch.views[n] ??= viewsOf(a, n)) : viewsOf(a, n);
}

/** Ranks a case's predictions under a convention. */
export function rankCase(input: CaseInput, conv: Convention, options: RankOptions = {}): RankedCase {
  const preds = input.predictions;
  const scratch = options.scratch;
  const table = scratch ? scratch.ids : new IdTable();
  table.beginCase(input.labels.length + preds.length);
  const slotCount = table.tableSize();
  let slotLabel: Int32Array;
  if (!scratch) slotLabel = new Int32Array(slotCount);
  else if (scratch.slotLabel.length < slotCount) slotLabel = scratch.slotLabel = new Int32Array(slotCount);
  else slotLabel = scratch.slotLabel;
  const labelIds: string[] = [];
  const labelGrades: number[] = [];
  for (const label of input.labels) {
    if (!Number.isFinite(label.grade)) continue;
    const s = table.slotOf(label.id);
    if (s >= 0) continue; // labeled twice: the first grade holds
    slotLabel[-s - 1] = labelIds.length;
    labelIds.push(label.id);
    labelGrades.push(label.grade);
  }

  const n0 = preds.length;
  const arrays = arraysFor(n0, scratch);
  // Each prediction's slot and grade in input order (NaN: unlabeled); one table probe per id.
  const ids = new Array<string>(n0);
  const all = cut(arrays, n0, scratch);
  const slots = all.predSlot;
  const grades = all.gradeAt;
  for (let i = 0; i < n0; i++) {
    ids[i] = preds[i].id;
    let s = table.slotOf(ids[i]);
    if (s < 0) {
      s = -s - 1;
      slotLabel[s] = -1;
    }
    slots[i] = s;
    grades[i] = slotLabel[s] >= 0 ? labelGrades[slotLabel[s]] : NaN;
  }

  const keys = hasScores(input) ? scoreKeys(input, all.keys) : null;
  // Scores already written best first need no sort, so no list of needed positions either.
  const needed =
    keys && options.valuesOnly === true && conv.unjudgedGrade === 'none' && !isDescending(keys)
      ? neededPositions(input, keys, grades, all.needed.fill(0))
      : undefined;
  const caseId = input.id;
  return rankWith({ ids, slots, slotCount, grades, keys, labelIds, labelGrades, caseId }, conv, arrays, needed, scratch);
}

/**
 * A case reduced to what ranking needs, however its ids were read: each prediction's id, a slot
 * number shared by equal ids, and its label's grade. rankCase makes one from a CaseInput (a hash
 * table of id strings); the TREC reader from ids it interned while reading, without strings.
 */
export interface SlottedCase {
  /**
   * Each prediction's id: ties under id-desc and id-asc compare them; RankedCase.ids are taken from
   * them. A function is called only for the ids that are read: the TREC reader cuts an id from its
   * line's bytes when a tie or an explanation needs it, not for each of a run's million lines.
   */
  ids: ArrayLike<string> | ((i: number) => string);
  /** Each prediction's slot, below slotCount: equal ids, equal slots. */
  slots: Int32Array;
  slotCount: number;
  /** Each prediction's label grade, NaN when it is unlabeled (finite grades only). */
  grades: Float64Array;
  /** Each prediction's sort key (its score, NaN as −∞), or null for a ranked list. */
  keys: Float64Array | null;
  /** Label ids and grades (finite grades only, first occurrence of each id), in the order written. */
  labelIds: string[];
  labelGrades: number[];
  /** The case's own id (a query id), for identicalIds=drop. */
  caseId?: string;
}

/**
 * Ranks a slotted case under a convention; with `needed`, see RankOptions.valuesOnly; with a
 * scratch, the ranking is a view of it, valid until the scratch ranks again (see RankOptions.scratch).
 */
export function rankSlotted(c: SlottedCase, conv: Convention, needed?: Uint8Array, scratch?: CaseScratch): RankedCase {
  return rankWith(c, conv, arraysFor(c.slots.length, scratch), needed, scratch);
}

/** Per slot, the stamp of the ranking that last kept an occurrence of the item: the scratch's, or fresh. */
function keptSlots(slotCount: number, scratch: CaseScratch | undefined): Int32Array {
  if (!scratch) return new Int32Array(slotCount);
  if (scratch.slotKept.length < slotCount || scratch.keptStamp >= 0x7fffffff) {
    scratch.slotKept = new Int32Array(Math.max(slotCount, 2 * scratch.slotKept.length));
    scratch.keptStamp = 0;
  }
  return scratch.slotKept;
}

// rankSlotted with the arrays to rank into (rankCase lends its own: a second arraysFor would
// overwrite the slots and grades it filled in the scratch).
function rankWith(
  c: SlottedCase,
  conv: Convention,
  arrays: RankArrays,
  needed: Uint8Array | undefined,
  scratch: CaseScratch | undefined,
): RankedCase {
  const slotKept = keptSlots(c.slotCount, scratch);
  const stamp = scratch ? ++scratch.keptStamp : 1;
  const { keys, slots, grades: gradeAt, labelGrades } = c;
  const n0 = slots.length;
  const given = c.ids;
  const idAt = typeof given === 'function' ? given : (i: number) => given[i];
  const order = orderPredictions(idAt, keys, conv, cut(arrays, n0, scratch).order, arrays.keyWork, needed, scratch);
  const defaultGrade = conv.unjudgedGrade === 'none' ? NaN : conv.unjudgedGrade;
  const gradeOf = (i: number) => (Number.isNaN(gradeAt[i]) ? defaultGrade : gradeAt[i]);
  const isRelevantAt = (i: number) => !Number.isNaN(gradeOf(i)) && isRelevantGrade(gradeOf(i), conv.relevanceThreshold);
  if (keys && (conv.ties === 'pessimistic' || conv.ties === 'pessimistic-each')) relevantLast(order, keys, isRelevantAt, false);
  else if (keys && conv.ties === 'optimistic') relevantLast(order, keys, isRelevantAt, true);
  // One pass in ranked order: the best-ranked occurrence of an item is its first.
  const { source, grades, relevant, judged } = arrays;
  // Lazy ids are cut when RankedCase.ids is first read (most evaluations read only values).
  const ids = typeof given === 'function' ? null : new Array<string>(order.length);
  let duplicates = 0;
  let n = 0;
  let relevantPredicted = 0;
  // The convention's knobs read once, not once a rank (this loop runs for every prediction of a run).
  const drop = conv.unjudged === 'drop';
  const keepRepeats = conv.duplicates === 'count';
  const noCredit = conv.duplicates === 'no-credit';
  const threshold = conv.relevanceThreshold;
  const dropIdentical = conv.identicalIds === 'drop' && c.caseId !== undefined;
  const dropZero = conv.zeroScores === 'drop' && keys !== null;
  const markUnlabeled = conv.unjudged === 'drop-after-cut';
  const unlabeled = markUnlabeled ? new Uint8Array(order.length) : null;
  let adjusted: RankAdjustments | null = null;
  const adjust = (): RankAdjustments => (adjusted ??= { identicalIds: [], zeroScores: [], noCredit: [], defaultGraded: [] });
  for (let r = 0; r < order.length; r++) {
    const i = order[r];
    // identicalIds and zeroScores drop a prediction before anything else looks at it (BEIR pops the
    // query's own id from its results; RecPack's sparse scores never hold a 0).
    if (dropIdentical && idAt(i) === c.caseId) {
      adjust().identicalIds.push(idAt(i));
      continue;
    }
    if (dropZero && keys[i] === 0) {
      adjust().zeroScores.push(idAt(i));
      continue;
    }
    let g = gradeAt[i];
    if (Number.isNaN(g) && !Number.isNaN(defaultGrade)) {
      g = defaultGrade;
      adjust().defaultGraded.push(idAt(i));
    }
    const labeled = !Number.isNaN(g);
    const slot = slots[i];
    if (slotKept[slot] === stamp) {
      duplicates++;
      if (noCredit) {
        // duplicates=no-credit (Haystack): the repeat holds its rank, with no grade and no hit.
        adjust().noCredit.push(idAt(i));
        source[n] = i;
        if (ids) ids[n] = (given as ArrayLike<string>)[i];
        n++;
        continue;
      }
      if (!keepRepeats) continue;
    } else slotKept[slot] = stamp;
    // unjudged=drop (trec_eval -J): an item with no label leaves the ranking; the rest move up. A
    // repeat of it still counts as a duplicate: trec_eval checks repeats before it drops unjudged items.
    if (drop && !labeled) continue;
    source[n] = i;
    if (ids) ids[n] = (given as ArrayLike<string>)[i];
    if (unlabeled && !labeled) unlabeled[n] = 1;
    if (labeled) {
      grades[n] = g;
      if (g >= 0) judged[n] = 1;
      if (isRelevantGrade(g, threshold)) {
        relevant[n] = 1;
        relevantPredicted++;
      }
    }
    n++;
  }
  if (ids) ids.length = n;

  let nRelevant = relevantPredicted;
  if (conv.relevantPool === 'labels') {
    nRelevant = 0;
    for (const g of labelGrades) if (isRelevantGrade(g, conv.relevanceThreshold)) nRelevant++;
  }

  let tieStart: Int32Array | null = null;
  let tieEnd: Int32Array | null = null;
  if (conv.ties === 'average' && keys) {
    tieStart = new Int32Array(n);
    tieEnd = new Int32Array(n);
    let start = 0;
    for (let r = 1; r <= n; r++) {
      if (r === n || keys[source[r]] !== keys[source[start]]) {
        for (let j = start; j < r; j++) {
          tieStart[j] = start;
          tieEnd[j] = r;
        }
        start = r;
      }
    }
  }

  const creditRank = conv.ties === 'pessimistic-each' && keys ? lastOfGroup(keys, source, n) : null;
  const rejected = duplicates > 0 && conv.duplicates === 'error';
  const kept = cut(arrays, n, scratch);
  const extra = { creditRank, unlabeled: unlabeled ? unlabeled.subarray(0, n) : null, adjusted };
  const unusualScores = keys ? countUnusual(keys) : 0;
  if (ids)
    return {
      ids,
      count: n,
      source: kept.source,
      grades: kept.grades,
      relevant: kept.relevant,
      judged: kept.judged,
      nRelevant,
      labelIds: c.labelIds,
      labelGrades,
      order,
      keys,
      duplicates,
      unusualScores,
      tieStart,
      tieEnd,
      rejected,
      ...extra,
    };
  return Object.assign(new LazyIds(idAt), {
    count: n,
    source: kept.source,
    grades: kept.grades,
    relevant: kept.relevant,
    judged: kept.judged,
    nRelevant,
    labelIds: c.labelIds,
    labelGrades,
    order,
    keys,
    duplicates,
    unusualScores,
    tieStart,
    tieEnd,
    rejected,
    ...extra,
  });
}

/** For each of the n ranks, the 1-based last rank of its group of equal scores (ties=pessimistic-each). */
function lastOfGroup(keys: Float64Array, source: Int32Array, n: number): Int32Array {
  const out = new Int32Array(n);
  let start = 0;
  for (let r = 1; r <= n; r++) {
    if (r === n || keys[source[r]] !== keys[source[start]]) {
      out.fill(r, start, r);
      start = r;
    }
  }
  return out;
}

/**
 * A ranking whose ids are cut from the case's ids (a function) when first read. A class, so that
 * the getter is one accessor on one prototype: a getter written in an object literal is a new
 * accessor per object, which gave each ranking a hidden class of its own (the metrics reading it
 * ran a third slower). Its fields are private, so a copy ({ ...rc }) carries none of them.
 */
class LazyIds {
  #idAt: (i: number) => string;
  #ids: string[] | undefined;
  declare source: Int32Array;

  constructor(idAt: (i: number) => string) {
    this.#idAt = idAt;
  }

  get ids(): string[] {
    if (this.#ids) return this.#ids;
    const ids = new Array<string>(this.source.length);
    for (let r = 0; r < ids.length; r++) ids[r] = this.#idAt(this.source[r]);
    return (this.#ids = ids);
  }
}

/**
 * Predictions whose rank some value depends on: every labeled one (any grade, even one the metrics
 * ignore, since tie findings read it) and every one whose score equals a labeled one's.
 */
function neededPositions(input: CaseInput, keys: Float64Array, gradeAt: Float64Array, needed: Uint8Array): Uint8Array {
  const preds = input.predictions;
  const unusual = input.labels.some((l) => !Number.isFinite(l.grade)) ? new Set(input.labels.map((l) => l.id)) : undefined;
  const labeledKeys: number[] = [];
  for (let i = 0; i < preds.length; i++) {
    if (!Number.isNaN(gradeAt[i]) || unusual?.has(preds[i].id)) {
      needed[i] = 1;
      labeledKeys.push(keys[i]);
    }
  }
  if (labeledKeys.length === 0) return needed;
  const sorted = new Float64Array(labeledKeys).sort();
  for (let i = 0; i < preds.length; i++) if (!needed[i] && includes(sorted, keys[i])) needed[i] = 1;
  return needed;
}

function isDescending(keys: Float64Array): boolean {
  for (let i = 1; i < keys.length; i++) if (keys[i] > keys[i - 1]) return false;
  return true;
}

// Binary search in an ascending array.
function includes(sorted: Float64Array, x: number): boolean {
  let lo = 0;
  let hi = sorted.length - 1;
  while (lo <= hi) {
    const mid = (lo + hi) >>> 1;
    if (sorted[mid] < x) lo = mid + 1;
    else if (sorted[mid] > x) hi = mid - 1;
    else return true;
  }
  return false;
}

/** Whether every prediction of the case carries a score (predictions written as item → score). */
export function hasScores(input: CaseInput): boolean {
  return input.predictions.length > 0 && input.predictions.every((p) => p.score !== undefined);
}

function countUnusual(keys: Float64Array): number {
  let count = 0;
  for (let i = 0; i < keys.length; i++) if (!(keys[i] > 0) || keys[i] === Infinity) count++;
  return count;
}

// NaN sorts last, as −∞: a score that is not a number says nothing about rank.
function scoreKeys(input: CaseInput, keys: Float64Array): Float64Array {
  // A plain loop, not forEach: its callback was inlined into rankCase or not as V8's budget allowed.
  const preds = input.predictions;
  for (let i = 0; i < preds.length; i++) {
    const score = preds[i].score;
    keys[i] = score === undefined || Number.isNaN(score) ? -Infinity : score;
  }
  return keys;
}

/** Indices of the predictions in ranked order: by score when scored, ties per the convention. */
function orderPredictions(
  idAt: (i: number) => string,
  keys: Float64Array | null,
  conv: Convention,
  order: Int32Array,
  keyWork: Float64Array,
  needed: Uint8Array | undefined,
  scratch: CaseScratch | undefined,
): Int32Array {
  if (!keys) {
    // A plain loop: Int32Array.from(array, fn) takes V8's generic iterator path, ~40× slower here.
    for (let i = 0; i < order.length; i++) order[i] = i;
    return order;
  }
  sortIndicesByKeyDesc(keys, needed, order, keyWork, scratch?.radix);
  if (conv.ties !== 'id-desc' && conv.ties !== 'id-asc') return order;
  const sign = conv.ties === 'id-desc' ? -1 : 1;
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && keys[order[end]] === keys[order[start]]) end++;
    if (end - start > 16) {
      const run = Array.from(order.subarray(start, end));
      const ids = run.map(idAt);
      // Array.prototype.sort is stable: equal ids keep their order, as before.
      const byId = run.map((_, k) => k).sort((a, b) => sign * compareText(ids[a], ids[b]));
      order.set(
        byId.map((k) => run[k]),
        start,
      );
    } else if (end - start > 1) {
      // Small tied groups (the usual case) are sorted in place: no array and no comparator call per group.
      for (let i = start + 1; i < end; i++) {
        const v = order[i];
        const id = idAt(v);
        let j = i - 1;
        while (j >= start && sign * compareText(id, idAt(order[j])) < 0) {
          order[j + 1] = order[j];
          j--;
        }
        order[j + 1] = v;
      }
    }
    start = end;
  }
  return order;
}

/**
 * Within each run of equal keys, moves the relevant items after the others (the worst case), or
 * before them (first: the best case, TensorFlow Recommenders' in_top_k), each side in its order.
 */
function relevantLast(order: Int32Array, keys: Float64Array, relevant: (i: number) => boolean, first: boolean): void {
  for (let start = 0; start < order.length;) {
    let end = start + 1;
    while (end < order.length && keys[order[end]] === keys[order[start]]) end++;
    if (end - start > 1) {
      const run = Array.from(order.subarray(start, end));
      const [hits, others] = [run.filter(relevant), run.filter((i) => !relevant(i))];
      order.set(first ? [...hits, ...others] : [...others, ...hits], start);
    }
    start = end;
  }
}

/**
 * Compares ids as strcmp compares their UTF-8 bytes (trec_eval's order): by code point. UTF-16
 * order differs above U+FFFF, whose surrogates sort below U+E000–U+FFFF, so those are moved. Byte
 * strings (TREC files read as Latin-1) compare byte by byte, which is the same rule.
 */
export function compareText(a: string, b: string): number {
  if (a === b) return 0;
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    let x = a.charCodeAt(i);
    let y = b.charCodeAt(i);
    if (x === y) continue;
    if (x >= 0xd800 && y >= 0xd800) {
      x = codePointRank(x);
      y = codePointRank(y);
    }
    return x < y ? -1 : 1;
  }
  return a.length < b.length ? -1 : 1;
}

// Surrogates (D800–DFFF) above E000–FFFF, so that UTF-16 units compare as code points do.
function codePointRank(unit: number): number {
  return unit >= 0xe000 ? unit - 0x800 : unit + 0x2000;
}
