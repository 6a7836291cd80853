/**
 * trec_eval's other graded measures: binG and G (Kishida 2005), nDCGrel (nDCG averaged over the
 * relevant items) and Rndcg (nDCG averaged where the ideal ranking's gain changes). Gains follow the
 * convention's gain knob (linear under trec_eval), the discount is log₂(rank + 1), and the ideal is
 * every label's gain sorted, as in trec_eval.
 */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { gain } from './dcg';

/** Positive label gains, best first. */
export function idealGains(rc: RankedCase, conv: Convention): number[] {
  const out: number[] = [];
  for (const g of rc.labelGrades) {
    const x = gain(g, conv);
    if (x > 0) out.push(x);
  }
  return out.sort((a, b) => b - a);
}

/** binG = (1/R) Σ over relevant retrieved at 0-based rank i, the h-th hit: 1 / log₂(i − h + 3). */
export function binG(rc: RankedCase): number {
  let hits = 0;
  let sum = 0;
  for (let i = 0; i < rc.count; i++) {
    if (!rc.relevant[i]) continue;
    hits++;
    sum += 1 / Math.log2(3 + i - hits);
  }
  return hits === 0 || rc.nRelevant === 0 ? 0 : sum / rc.nRelevant;
}

/** G: gains discounted by log₂(2 + ideal cost so far − gain so far), over the ideal gain total. */
export function kishidaG(rc: RankedCase, conv: Convention): number {
  const ideal = idealGains(rc, conv);
  let sumResults = 0;
  let sumCost = 0;
  let g = 0;
  for (let i = 0; i < rc.count; i++) {
    const x = gain(rc.grades[i], conv);
    sumResults += x;
    sumCost += Math.max(ideal[i] ?? 0, 1);
    if (x !== 0) g += x / Math.log2(2 + sumCost - sumResults);
  }
  const total = ideal.reduce((a, b) => a + b, 0);
  return total > 0 ? g / total : 0;
}

/** nDCGrel: at each relevant item retrieved, DCG/IDCG so far; relevant items missed take the final ratio; averaged over them all. */
export function ndcgRel(rc: RankedCase, conv: Convention): number {
  const ideal = idealGains(rc, conv);
  let dcg = 0;
  let idcg = 0;
  let sum = 0;
  let relRet = 0;
  const n = Math.max(rc.count, ideal.length);
  for (let i = 0; i < n; i++) {
    const d = Math.log2(i + 2);
    if (i < rc.count) {
      const x = gain(rc.grades[i], conv);
      if (x !== 0) dcg += x / d;
    }
    if (i < ideal.length) idcg += ideal[i] / d;
    if (i < rc.count && gain(rc.grades[i], conv) > 0) {
      sum += dcg / idcg;
      relRet++;
    }
  }
  sum += ((ideal.length - relRet) * dcg) / idcg;
  return sum > 0 ? sum / ideal.length : 0;
}

/** Rndcg: nDCG taken where the ideal ranking's gain changes (and at the end of the ranking), averaged. */
export function rndcg(rc: RankedCase, conv: Convention): number {
  if (rc.nRelevant === 0) return 0;
  const ideal = idealGains(rc, conv);
  const at = (i: number) => ideal[i] ?? 0;
  let dcg = 0;
  let idcg = 0;
  let sum = 0;
  let count = 0;
  let old = at(0);
  let current = old;
  let i = 0;
  const boundary = () => {
    if (old !== current) {
      if (idcg > 0) {
        sum += dcg / idcg;
        count++;
      }
      old = current;
    }
  };
  for (; i < rc.count && current > 0; i++) {
    const x = gain(rc.grades[i], conv);
    current = at(i);
    boundary();
    if (x !== 0) dcg += x / Math.log2(i + 2);
    if (current > 0) idcg += current / Math.log2(i + 2);
  }
  if (i < rc.count) {
    for (; i < rc.count; i++) {
      const x = gain(rc.grades[i], conv);
      if (x !== 0) dcg += x / Math.log2(i + 2);
    }
    if (idcg > 0) {
      sum += dcg / idcg;
      count++;
    }
  }
  while (current > 0) {
    current = at(i);
    boundary();
    if (current > 0) idcg += current / Math.log2(i + 2);
    i++;
  }
  return sum / count;
}

const FORMULAS: Readonly<Record<'binG' | 'G' | 'nDCGrel' | 'Rndcg', string>> = {
  binG: 'binG = (1/R) Σ_{h-th relevant item at rank r} 1 / log₂(r − h + 2)',
  G: 'G = Σᵢ gainᵢ / log₂(2 + ideal cost to i − gain to i) / Σ ideal gains (cost: ideal gain, at least 1)',
  nDCGrel: 'nDCGrel = (1/|ideal|) [Σ_{relevant retrieved} DCG/IDCG at its rank + (|ideal| − relevant retrieved) · DCG/IDCG at the end]',
  Rndcg: 'Rndcg = mean of DCG/IDCG where the ideal gain changes and at the end of the ranking',
};

/** One of these measures with its value; the terms are the ranks with a gain. */
export function explainGainVariant(
  rc: RankedCase,
  family: 'binG' | 'G' | 'nDCGrel' | 'Rndcg',
  conv: Convention,
  metric: string,
): Explanation {
  const value =
    family === 'binG' ? binG(rc) : family === 'G' ? kishidaG(rc, conv) : family === 'nDCGrel' ? ndcgRel(rc, conv) : rndcg(rc, conv);
  const terms = [];
  for (let r = 0; r < rc.count; r++) {
    const x = family === 'binG' ? rc.relevant[r] : gain(rc.grades[r], conv);
    if (x > 0) terms.push({ rank: r + 1, id: rc.ids[r], grade: rc.grades[r], relevant: rc.relevant[r] === 1, gain: x });
  }
  const ideal = idealGains(rc, conv);
  return {
    metric,
    value,
    formula: FORMULAS[family],
    terms,
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: `${terms.length} ranked item${terms.length === 1 ? '' : 's'} with gain; ideal gains ${ideal.map((g) => fmt(g, 2)).join(', ') || 'none'}: ${fmt(value)}`,
  };
}

/**
 * nDCG with a gain per grade (trec_eval's ndcg.1=3,2=9): a grade given no gain keeps the grade as its
 * gain; unlabeled items are grade −1 and items labeled with a negative grade −2, as in trec_eval, so
 * they gain only if given a gain. The ideal ranks every judged label by its gain.
 */
export function ndcgWithGains(rc: RankedCase, gains: readonly (readonly [number, number])[], k: number | null): number {
  const map = new Map(gains.map(([g, v]) => [g, v]));
  const gainOf = (level: number) => map.get(level) ?? (level >= 0 ? level : 0);
  const n = k === null ? rc.count : Math.min(k, rc.count);
  let dcg = 0;
  for (let i = 0; i < n; i++) {
    const level = rc.judged[i] ? Math.trunc(rc.grades[i]) : rc.grades[i] < 0 ? -2 : -1;
    const x = gainOf(level);
    if (x !== 0) dcg += x / Math.log2(i + 2);
  }
  const ideal = trecIdealGains(rc, gains);
  let idcg = 0;
  for (let i = 0; i < Math.min(ideal.length, k ?? Infinity); i++) idcg += ideal[i] / Math.log2(i + 2);
  return idcg > 0 ? dcg / idcg : 0;
}

/**
 * The ideal gains as trec_eval orders them: one entry per grade (the given ones first, then grades 0
 * to the top judged one), sorted by gain with trec_eval's comparator — the difference truncated to a
 * whole number, so gains less than 1 apart compare equal — in glibc's merge sort; then walked from
 * the top entry down, each grade's judged labels in turn, until a gain ≤ 0.
 */
function trecIdealGains(rc: RankedCase, gains: readonly (readonly [number, number])[]): number[] {
  const counts: number[] = [];
  for (const g of rc.labelGrades)
    if (g >= 0) {
      const l = Math.trunc(g);
      counts[l] = (counts[l] ?? 0) + 1;
    }
  const entries = gains.map(([level, gain]) => ({ level, gain, count: 0 }));
  for (let l = 0; l < counts.length; l++) {
    const e = entries.find((x) => x.level === l);
    if (e) e.count = counts[l] ?? 0;
    else entries.push({ level: l, gain: l, count: counts[l] ?? 0 });
  }
  const sorted = mergeSort(entries, (a, b) => Math.trunc(a.gain - b.gain));
  const out: number[] = [];
  let cur = sorted.length - 1;
  let gain = cur >= 0 ? sorted[cur].gain : 0;
  for (let atLevel = 0; gain > 0;) {
    atLevel++;
    while (cur >= 0 && atLevel > sorted[cur].count) {
      atLevel = 1;
      cur--;
      gain = cur >= 0 ? sorted[cur].gain : 0;
    }
    if (gain > 0) out.push(gain);
  }
  return out;
}

// glibc's qsort for small arrays: a top-down merge sort taking from the left run on ties.
function mergeSort<T>(items: T[], cmp: (a: T, b: T) => number): T[] {
  if (items.length <= 1) return items;
  const mid = items.length >> 1;
  const a = mergeSort(items.slice(0, mid), cmp);
  const b = mergeSort(items.slice(mid), cmp);
  const out: T[] = [];
  let i = 0;
  let j = 0;
  while (i < a.length && j < b.length) out.push(cmp(a[i], b[j]) <= 0 ? a[i++] : b[j++]);
  return out.concat(a.slice(i), b.slice(j));
}

/** nDCG with a gain per grade, with the gains used. */
export function explainGainMap(rc: RankedCase, gains: readonly (readonly [number, number])[], k: number | null): Explanation {
  const value = ndcgWithGains(rc, gains, k);
  return {
    metric: 'nDCG',
    value,
    formula: `nDCG = DCG / IDCG, gain by grade: ${gains.map(([g, v]) => `${g} → ${v}`).join(', ')} (other grades: the grade), discount log₂(rank + 1)`,
    terms: [],
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: fmt(value),
  };
}
