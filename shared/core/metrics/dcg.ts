/** DCG@k, nDCG@k and nDCG: graded gains discounted by rank, normalized by an ideal ranking. */
import { Convention } from '../conventions';
import { Explanation, KnobUse, RankTerm, fmt } from '../explanation';
import { creditAt, depth, formulaCut, withinCut } from './hits';
import { MetricScratch } from './metricScratch';
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

// Discounts of the first ranks, one table per discount knob, built once at load and never written
// (a table grown on demand was state shared by every caller). Past them, a discount is computed.
const TABLE_RANKS = 1024;

/** The discount at a 1-based rank, computed: 1 / log_b(rank + 1), or 1 / log2(max(rank, 2)). */
function discountAt(rank: number, conv: Pick<Convention, 'discount'>): number {
  const log = conv.discount === 'ln' ? Math.log : conv.discount === 'log10' ? Math.log10 : Math.log2;
  // log2-max2 (LensKit): 1/log2(max(rank, 2)), so ranks 1 and 2 both weigh 1.
  const shift = conv.discount === 'log2-max2' ? 0 : 1;
  return 1 / log(Math.max(rank + shift, 2));
}

function discountTable(discount: Convention['discount']): ArrayLike<number> {
  return Float64Array.from({ length: TABLE_RANKS }, (_, r) => discountAt(r + 1, { discount }));
}

/** Discounts for ranks 1..TABLE_RANKS (index 0 is rank 1) under each discount knob. */
const DISCOUNTS: Readonly<Record<Convention['discount'], ArrayLike<number>>> = {
  log2: discountTable('log2'),
  ln: discountTable('ln'),
  log10: discountTable('log10'),
  'log2-max2': discountTable('log2-max2'),
};

/** The discount at a 1-based rank: 1 / log_b(rank + 1), or 1 / log2(max(rank, 2)). */
export function discount(rank: number, conv: Convention): number {
  return rank <= TABLE_RANKS ? DISCOUNTS[conv.discount][rank - 1] : discountAt(rank, conv);
}

/** Σ gains[i] · discount(i + 1) over i < n, gains best first (an ideal ranking's DCG). */
function discounted(gains: ArrayLike<number>, n: number, conv: Convention): number {
  const disc = DISCOUNTS[conv.discount];
  const m = Math.min(n, TABLE_RANKS);
  let sum = 0;
  for (let i = 0; i < m; i++) sum += gains[i] * disc[i];
  for (let i = m; i < n; i++) sum += gains[i] * discountAt(i + 1, conv);
  return sum;
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
  if (rc.creditRank) {
    // ties=pessimistic-each: each item's gain at the last rank of its tied group, if that is within k.
    let credited = 0;
    for (let r = 0; r < n; r++)
      if (rc.grades[r] !== 0 && withinCut(rc, r, k)) credited += dcgGain(rc.grades[r], conv) * discount(creditAt(rc, r), conv);
    return credited;
  }
  const disc = DISCOUNTS[conv.discount];
  const m = Math.min(n, TABLE_RANKS);
  let sum = 0;
  if (rc.tieStart) {
    for (let r = 0; r < m; r++) sum += rankGain(rc, r, conv) * disc[r];
  } else {
    for (let r = 0; r < m; r++) if (rc.grades[r] !== 0) sum += dcgGain(rc.grades[r], conv) * disc[r];
  }
  // Ranks past the table (long rankings only): the same terms, each discount computed.
  for (let r = m; r < n; r++) if (rc.tieStart || rc.grades[r] !== 0) sum += rankGain(rc, r, conv) * discountAt(r + 1, conv);
  return sum;
}

interface IdealItem {
  id: string;
  grade: number;
}

/**
 * Where the ideal ranking is cut (idealCut): at k, at min(k, number predicted) (Elasticsearch), or
 * nowhere (LlamaIndex); null: not cut.
 */
function idealDepth(rc: RankedCase, k: number | null, conv: Convention): number | null {
  if (k === null || conv.idealCut === 'none') return null;
  return conv.idealCut === 'min-k-predicted' ? Math.min(k, rc.count) : k;
}

/** The ideal ranking the convention names, cut per idealCut, best first, with item ids (for explanations). */
function idealRanking(rc: RankedCase, k0: number | null, conv: Convention): IdealItem[] {
  const k = idealDepth(rc, k0, conv);
  if (conv.ideal === 'labels-as-given') {
    return rc.labelIds.slice(0, Math.min(k ?? Infinity, rc.labelIds.length)).map((id, i) => ({ id, grade: rc.labelGrades[i] }));
  }
  const items =
    conv.ideal === 'labels'
      ? rc.labelIds.map((id, i) => ({ id, grade: rc.labelGrades[i] }))
      : rc.ids.slice(0, conv.ideal === 'top-k' ? depth(rc, k0) : rc.count).map((id, r) => ({ id, grade: rc.grades[r] }));
  return sortByGain(items, conv).slice(0, k ?? Infinity);
}

// Signed gains keep every item, zeros included, so that a negative one sits where scikit-learn's sort puts it.
function sortByGain(items: IdealItem[], conv: Convention): IdealItem[] {
  const kept = conv.negativeGains === 'signed' ? items : items.filter((it) => gain(it.grade, conv) > 0);
  return kept.sort((a, b) => dcgGain(b.grade, conv) - dcgGain(a.grade, conv));
}

/**
 * Positive gains sorted best first, as a typed array (the fast path of idealRanking); past k under
 * ideal=labels. A scratch remembers the last ranking's (see MetricScratch.ideal).
 */
function idealGains(rc: RankedCase, k: number | null, conv: Convention, scratch?: MetricScratch): Float64Array {
  if (conv.ideal === 'top-k') return descending(gainsOf(rc.grades, depth(rc, k), conv));
  if (conv.ideal === 'labels-as-given') {
    const n = Math.min(k ?? Infinity, rc.labelGrades.length);
    return Float64Array.from(rc.labelGrades.slice(0, n), (g) => dcgGain(g, conv));
  }
  const last = scratch?.ideal;
  if (last && last.rc === rc && last.ideal === conv.ideal && last.gain === conv.gain && last.negativeGains === conv.negativeGains)
    return last.sorted;
  const grades = conv.ideal === 'labels' ? rc.labelGrades : rc.grades;
  const sorted = descending(gainsOf(grades, grades.length, conv));
  if (scratch) scratch.ideal = { rc, ideal: conv.ideal, gain: conv.gain, negativeGains: conv.negativeGains, sorted };
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

/**
 * IDCG@k of the top k's own positive gains, best first (ideal=top-k, negative gains ignored). The
 * default ideal sorts the top k's gains for every case and cutoff: in the scratch's buffer when one
 * is given, not a new array each time.
 */
function topKIdcg(rc: RankedCase, k: number | null, conv: Convention, scratch?: MetricScratch): number {
  const n = depth(rc, k);
  let buffer: Float64Array;
  if (!scratch) buffer = new Float64Array(n);
  else if (scratch.gains.length < n) buffer = scratch.gains = new Float64Array(Math.max(n, 2 * scratch.gains.length));
  else buffer = scratch.gains;
  let count = 0;
  for (let i = 0; i < n; i++) if (rc.grades[i] > 0) buffer[count++] = gain(rc.grades[i], conv);
  if (count > 32) {
    const sorted = buffer.subarray(0, count).sort();
    return discounted(sorted.reverse(), count, conv);
  }
  for (let i = 1; i < count; i++) {
    const g = buffer[i];
    let j = i - 1;
    while (j >= 0 && buffer[j] < g) {
      buffer[j + 1] = buffer[j];
      j--;
    }
    buffer[j + 1] = g;
  }
  return discounted(buffer, count, conv);
}

/** IDCG@k: the DCG of the ideal ranking; a scratch lends buffers and memos (see MetricScratch). */
export function idcg(rc: RankedCase, k: number | null, conv: Convention, scratch?: MetricScratch): number {
  // The top k's own gains are at most min(k, predicted): idealCut cuts them nowhere further.
  if (conv.ideal === 'top-k' && conv.negativeGains !== 'signed') return topKIdcg(rc, k, conv, scratch);
  const cut = conv.ideal === 'top-k' ? k : idealDepth(rc, k, conv);
  const gains = idealGains(rc, cut, conv, scratch);
  return discounted(gains, cut === null ? gains.length : Math.min(cut, gains.length), conv);
}

/** nDCG@k = DCG@k / IDCG@k, 0 when IDCG@k = 0; a scratch lends buffers and memos (see MetricScratch). */
export function ndcg(rc: RankedCase, k: number | null, conv: Convention, scratch?: MetricScratch): number {
  const ideal = idcg(rc, k, conv, scratch);
  return ideal === 0 ? 0 : dcg(rc, k, conv) / ideal;
}

const GAIN_TEXT: Readonly<Record<Convention['gain'], string>> = { linear: 'gain(g) = g', exponential: 'gain(g) = 2^g − 1' };
const DISCOUNT_TEXT: Readonly<Record<Convention['discount'], string>> = {
  log2: 'discount(i) = 1/log₂(i+1)',
  ln: 'discount(i) = 1/ln(i+1)',
  log10: 'discount(i) = 1/log₁₀(i+1)',
  'log2-max2': 'discount(i) = 1/log₂(max(i, 2))',
};
const IDEAL_TEXT: Readonly<Record<Convention['ideal'], string>> = {
  labels: 'all label grades sorted, best first',
  'labels-as-given': 'label grades in the order written (not sorted)',
  predicted: 'the grades of all predicted items sorted',
  'top-k': 'the grades of the top-k predicted items sorted',
};

const IDEAL_CUT_TEXT: Readonly<Record<Convention['idealCut'], string>> = {
  k: 'cut at k',
  'min-k-predicted': 'cut at min(k, number predicted)',
  none: 'not cut',
};

function idealCutEffect(rc: RankedCase, k: number, conv: Convention): string {
  return conv.idealCut === 'none'
    ? `the ideal ranking is not cut at k = ${k}: every item of it counts`
    : `the ideal ranking is cut at min(k, predicted) = min(${k}, ${rc.count}) = ${Math.min(k, rc.count)}`;
}

function rankTerms(rc: RankedCase, k: number | null, conv: Convention): RankTerm[] {
  const terms: RankTerm[] = [];
  for (let r = 0; r < depth(rc, k); r++) {
    if (!withinCut(rc, r, k)) continue;
    const g = rankGain(rc, r, conv);
    const d = discount(creditAt(rc, r), conv);
    terms.push({
      rank: creditAt(rc, r),
      id: rc.ids[r],
      grade: rc.grades[r],
      relevant: rc.relevant[r] === 1,
      gain: g,
      discount: d,
      contribution: g * d,
    });
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
    metric: k === null ? 'DCG' : `DCG@${k}`,
    value,
    formula: `${formulaCut('DCG', k).name} = Σᵢ gain(gradeᵢ) · discount(i),  ${formulaCut('DCG', k).ranks};  ${GAIN_TEXT[conv.gain]};  ${DISCOUNT_TEXT[conv.discount]}`,
    terms,
    numerator: value,
    denominator: 1,
    knobs: gainKnobs(rc, conv),
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
    metric: k === null ? 'nDCG' : `nDCG@${k}`,
    value,
    formula:
      k === null
        ? `nDCG = DCG / IDCG,  IDCG = DCG of ${IDEAL_TEXT[conv.ideal]}, every item`
        : `nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of ${IDEAL_TEXT[conv.ideal]}, ${IDEAL_CUT_TEXT[conv.idealCut]}`,
    terms,
    ideal,
    numerator: top,
    denominator: bottom,
    knobs: [
      ...gainKnobs(rc, conv),
      { knob: 'ideal', value: conv.ideal, effect: `IDCG = ${sumText(ideal)} = ${fmt(bottom)}` },
      ...(k !== null && conv.idealCut !== 'k' && conv.ideal !== 'top-k'
        ? [{ knob: 'idealCut' as const, value: conv.idealCut, effect: idealCutEffect(rc, k, conv) }]
        : []),
    ],
    arithmetic: bottom === 0 ? `IDCG = 0, so nDCG = 0` : `${fmt(top)} / ${fmt(bottom)} = ${fmt(value)}`,
  };
}
