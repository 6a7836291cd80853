/** DCG@k, nDCG@k and nDCG: graded gains discounted by rank, normalized by an ideal ranking. */
import { Convention } from '../conventions';
import { Explanation, KnobUse, RankTerm, fmt } from '../explanation';
import { depth, kText } from './hits';
import { RankedCase } from '../ranking';

/** The gain of a grade: g or 2^g − 1; grades ≤ 0 (judged non-relevant) gain nothing. */
export function gain(grade: number, conv: Convention): number {
  if (!(grade > 0) || !Number.isFinite(grade)) return 0;
  return conv.gain === 'linear' ? grade : 2 ** grade - 1;
}

/**
 * The gain DCG and nDCG credit: gain(), except that under negativeGains=signed a negative grade keeps
 * its own negative gain (scikit-learn's dcg_score and, before 1.4, ndcg_score use y_true as given).
 */
function dcgGain(grade: number, conv: Convention): number {
  if (grade < 0 && conv.negativeGains === 'signed' && Number.isFinite(grade)) return conv.gain === 'linear' ? grade : 2 ** grade - 1;
  return gain(grade, conv);
}

const discountTables = new Map<string, Float64Array>();

/** Discounts for ranks 1..n (index 0 is rank 1), shared and grown on demand. */
function discountTable(conv: Convention, n: number): Float64Array {
  let table = discountTables.get(conv.discount);
  if (!table || table.length < n) {
    table = new Float64Array(Math.max(n, 1024, (table?.length ?? 0) * 2));
    const log = conv.discount === 'ln' ? Math.log : conv.discount === 'log10' ? Math.log10 : Math.log2;
    // log2-max2 (LensKit): 1/log2(max(rank, 2)), so ranks 1 and 2 both weigh 1.
    const shift = conv.discount === 'log2-max2' ? 0 : 1;
    for (let r = 1; r <= table.length; r++) table[r - 1] = 1 / log(Math.max(r + shift, 2));
    discountTables.set(conv.discount, table);
  }
  return table;
}

/** The discount at a 1-based rank: 1 / log_b(rank + 1), or 1 / log2(max(rank, 2)). */
export function discount(rank: number, conv: Convention): number {
  return discountTable(conv, rank)[rank - 1];
}

/** The gain credited at rank r (0-based): the item's own, or its tied group's mean under ties=average. */
function rankGain(rc: RankedCase, r: number, conv: Convention): number {
  if (rc.tieStart && rc.tieEnd && rc.tieEnd[r] - rc.tieStart[r] > 1) {
    let sum = 0;
    for (let j = rc.tieStart[r]; j < rc.tieEnd[r]; j++) sum += dcgGain(rc.grades[j], conv);
    return sum / (rc.tieEnd[r] - rc.tieStart[r]);
  }
  return dcgGain(rc.grades[r], conv);
}

/** DCG@k = Σᵢ gain(gradeᵢ) · discount(i) over the top k. */
export function dcg(rc: RankedCase, k: number | null, conv: Convention): number {
  const n = depth(rc, k);
  const disc = discountTable(conv, n);
  let sum = 0;
  if (rc.tieStart) {
    for (let r = 0; r < n; r++) sum += rankGain(rc, r, conv) * disc[r];
  } else {
    for (let r = 0; r < n; r++) if (rc.grades[r] !== 0) sum += dcgGain(rc.grades[r], conv) * disc[r];
  }
  return sum;
}

interface IdealItem { id: string; grade: number }

/** The ideal ranking the convention names, cut at k, best first, with item ids (for explanations). */
function idealRanking(rc: RankedCase, k: number | null, conv: Convention): IdealItem[] {
  if (conv.ideal === 'labels-as-given') {
    return rc.labelIds.slice(0, Math.min(k ?? Infinity, rc.labelIds.length)).map((id, i) => ({ id, grade: rc.labelGrades[i] }));
  }
  const items = conv.ideal === 'labels'
    ? rc.labelIds.map((id, i) => ({ id, grade: rc.labelGrades[i] }))
    : rc.ids.slice(0, conv.ideal === 'top-k' ? depth(rc, k) : rc.count).map((id, r) => ({ id, grade: rc.grades[r] }));
  return sortByGain(items, conv).slice(0, k ?? Infinity);
}

// Signed gains keep every item, zeros included, so that a negative one sits where scikit-learn's sort puts it.
function sortByGain(items: IdealItem[], conv: Convention): IdealItem[] {
  const kept = conv.negativeGains === 'signed' ? items : items.filter((it) => gain(it.grade, conv) > 0);
  return kept.sort((a, b) => dcgGain(b.grade, conv) - dcgGain(a.grade, conv));
}

// The sorted gains of the last case asked for: a case's nDCG at every cutoff is computed in a row, so
// one entry serves them all (a WeakMap per case cost more than the sort it saved).
let lastSorted: { rc: RankedCase; ideal: string; gain: string; negativeGains: string; sorted: Float64Array } | undefined;

/** Positive gains sorted best first, as a typed array (the fast path of idealRanking); past k under ideal=labels. */
function idealGains(rc: RankedCase, k: number | null, conv: Convention): Float64Array {
  if (conv.ideal === 'top-k') return descending(gainsOf(rc.grades, depth(rc, k), conv));
  if (conv.ideal === 'labels-as-given') {
    const n = Math.min(k ?? Infinity, rc.labelGrades.length);
    return Float64Array.from(rc.labelGrades.slice(0, n), (g) => dcgGain(g, conv));
  }
  const last = lastSorted;
  let sorted: Float64Array;
  if (last && last.rc === rc && last.ideal === conv.ideal && last.gain === conv.gain && last.negativeGains === conv.negativeGains) sorted = last.sorted;
  else {
    const grades = conv.ideal === 'labels' ? rc.labelGrades : rc.grades;
    sorted = descending(gainsOf(grades, grades.length, conv));
    lastSorted = { rc, ideal: conv.ideal, gain: conv.gain, negativeGains: conv.negativeGains, sorted };
  }
  // Cut by the caller (idcg): a view per cutoff cost more than the loop it bounds.
  return sorted;
}

function gainsOf(grades: ArrayLike<number>, n: number, conv: Convention): Float64Array {
  if (conv.negativeGains === 'signed') return Float64Array.from({ length: n }, (_, i) => dcgGain(grades[i], conv));
  let count = 0;
  for (let i = 0; i < n; i++) if (grades[i] > 0) count++;
  const out = new Float64Array(count);
  let j = 0;
  for (let i = 0; i < n; i++) if (grades[i] > 0) out[j++] = gain(grades[i], conv);
  return out;
}

function descending(gains: Float64Array): Float64Array {
  return gains.sort().reverse();
}

// The default ideal (top-k) sorts the top k's gains for every case and cutoff: in one buffer, not a new array each time.
let scratch = new Float64Array(64);

/** IDCG@k of the top k's own positive gains, best first (ideal=top-k, negative gains ignored). */
function topKIdcg(rc: RankedCase, k: number | null, conv: Convention): number {
  const n = depth(rc, k);
  if (scratch.length < n) scratch = new Float64Array(Math.max(n, 2 * scratch.length));
  let count = 0;
  for (let i = 0; i < n; i++) if (rc.grades[i] > 0) scratch[count++] = gain(rc.grades[i], conv);
  const disc = discountTable(conv, count);
  let sum = 0;
  if (count > 32) {
    const sorted = scratch.subarray(0, count).sort();
    for (let i = 0; i < count; i++) sum += sorted[count - 1 - i] * disc[i];
    return sum;
  }
  for (let i = 1; i < count; i++) {
    const g = scratch[i];
    let j = i - 1;
    while (j >= 0 && scratch[j] < g) { scratch[j + 1] = scratch[j]; j--; }
    scratch[j + 1] = g;
  }
  for (let i = 0; i < count; i++) sum += scratch[i] * disc[i];
  return sum;
}

/** IDCG@k: the DCG of the ideal ranking. */
export function idcg(rc: RankedCase, k: number | null, conv: Convention): number {
  if (conv.ideal === 'top-k' && conv.negativeGains !== 'signed') return topKIdcg(rc, k, conv);
  const gains = idealGains(rc, k, conv);
  const n = k === null ? gains.length : Math.min(k, gains.length);
  const disc = discountTable(conv, n);
  let sum = 0;
  for (let i = 0; i < n; i++) sum += gains[i] * disc[i];
  return sum;
}

/** nDCG@k = DCG@k / IDCG@k, 0 when IDCG@k = 0. */
export function ndcg(rc: RankedCase, k: number | null, conv: Convention): number {
  const ideal = idcg(rc, k, conv);
  return ideal === 0 ? 0 : dcg(rc, k, conv) / ideal;
}

const GAIN_TEXT = { linear: 'gain(g) = g', exponential: 'gain(g) = 2^g − 1' };
const DISCOUNT_TEXT = { log2: 'discount(i) = 1/log₂(i+1)', ln: 'discount(i) = 1/ln(i+1)', log10: 'discount(i) = 1/log₁₀(i+1)', 'log2-max2': 'discount(i) = 1/log₂(max(i, 2))' };
const IDEAL_TEXT = {
  labels: 'all label grades sorted, best first',
  'labels-as-given': 'label grades in the order written (not sorted)',
  predicted: 'the grades of all predicted items sorted',
  'top-k': 'the grades of the top-k predicted items sorted',
};

function rankTerms(rc: RankedCase, k: number | null, conv: Convention): RankTerm[] {
  const terms: RankTerm[] = [];
  for (let r = 0; r < depth(rc, k); r++) {
    const g = rankGain(rc, r, conv);
    const d = discount(r + 1, conv);
    terms.push({ rank: r + 1, id: rc.ids[r], grade: rc.grades[r], relevant: rc.relevant[r] === 1, gain: g, discount: d, contribution: g * d });
  }
  return terms;
}

function idealTerms(rc: RankedCase, k: number | null, conv: Convention): RankTerm[] {
  return idealRanking(rc, k, conv).map((it, i) => {
    const g = dcgGain(it.grade, conv);
    const d = discount(i + 1, conv);
    return { rank: i + 1, id: it.id, grade: it.grade, relevant: true, gain: g, discount: d, contribution: g * d };
  });
}

function sumText(terms: RankTerm[]): string {
  const nonzero = terms.filter((t) => t.contribution);
  return nonzero.length === 0 ? '0' : nonzero.map((t) => `${fmt(t.gain!)}·${fmt(t.discount!)}`).join(' + ');
}

function gainKnobs(rc: RankedCase, conv: Convention): KnobUse[] {
  const knobs: KnobUse[] = [
    { knob: 'gain', value: conv.gain, effect: GAIN_TEXT[conv.gain] },
    { knob: 'discount', value: conv.discount, effect: DISCOUNT_TEXT[conv.discount] },
  ];
  if (rc.tieStart) knobs.push({ knob: 'ties', value: 'average', effect: 'tied items share the mean gain of their group' });
  return knobs;
}

/** DCG@k term by term. */
export function explainDcg(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  const terms = rankTerms(rc, k, conv);
  const value = dcg(rc, k, conv);
  return {
    metric: k === null ? 'DCG' : `DCG@${k}`, value,
    formula: `DCG@k = Σᵢ gain(gradeᵢ) · discount(i),  i = 1..${kText(k)};  ${GAIN_TEXT[conv.gain]};  ${DISCOUNT_TEXT[conv.discount]}`,
    terms, numerator: value, denominator: 1, knobs: gainKnobs(rc, conv),
    arithmetic: `${sumText(terms)} = ${fmt(value)}`,
  };
}

/** nDCG@k with the DCG terms, the ideal ranking's terms and the division. */
export function explainNdcg(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  const terms = rankTerms(rc, k, conv);
  const ideal = idealTerms(rc, k, conv);
  const top = dcg(rc, k, conv);
  const bottom = idcg(rc, k, conv);
  const value = bottom === 0 ? 0 : top / bottom;
  return {
    metric: k === null ? 'nDCG' : `nDCG@${k}`, value,
    formula: `nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of ${IDEAL_TEXT[conv.ideal]}, cut at ${kText(k)}`,
    terms, ideal, numerator: top, denominator: bottom,
    knobs: [...gainKnobs(rc, conv), { knob: 'ideal', value: conv.ideal, effect: `IDCG = ${sumText(ideal)} = ${fmt(bottom)}` }],
    arithmetic: bottom === 0 ? `IDCG = 0, so nDCG = 0` : `${fmt(top)} / ${fmt(bottom)} = ${fmt(value)}`,
  };
}
