/** AP@k and AP: the mean of the precisions at the hits, over a denominator the convention picks. */
import { Convention } from '../conventions';
import { Explanation, RankTerm, fmt, num } from '../explanation';
import { creditAt, depth, formulaCut, topText, withinCut } from './hits';
import { RankedCase } from '../ranking';

function sumAtHits(rc: RankedCase, k: number | null): { sum: number; hits: number } {
  if (rc.creditRank)
    return creditedHits(rc, k).reduce((acc, h) => ({ sum: acc.sum + h.precision, hits: acc.hits + 1 }), { sum: 0, hits: 0 });
  const n = depth(rc, k);
  let hits = 0;
  let sum = 0;
  for (let r = 0; r < n; r++) {
    if (rc.relevant[r]) {
      hits++;
      sum += hits / (r + 1);
    }
  }
  return { sum, hits };
}

/**
 * Under ties=pessimistic-each, each hit within the cut with its precision L / rank, both taken at the
 * last rank of its tied group (Cornac's MAP: rankdata(method="max") among all items and among the hits).
 */
function creditedHits(rc: RankedCase, k: number | null): { r: number; precision: number }[] {
  const n = depth(rc, k);
  const through = new Int32Array(n + 1); // hits among ranks 1..i
  for (let r = 0; r < n; r++) through[r + 1] = through[r] + rc.relevant[r];
  const out: { r: number; precision: number }[] = [];
  for (let r = 0; r < n; r++) {
    if (!rc.relevant[r] || !withinCut(rc, r, k)) continue;
    const rank = creditAt(rc, r);
    out.push({ r, precision: through[Math.min(rank, n)] / rank });
  }
  return out;
}

function denominator(rc: RankedCase, k: number | null, hits: number, conv: Convention): number {
  switch (conv.apDenominator) {
    case 'hits':
      return hits;
    case 'relevant':
      return rc.nRelevant;
    case 'min-k-relevant':
      return k === null ? rc.nRelevant : Math.min(k, rc.nRelevant);
    case 'min-relevant-predicted':
      return Math.min(rc.nRelevant, rc.count);
    case 'min-k-relevant-predicted':
      return Math.min(k ?? Infinity, rc.nRelevant, rc.count);
  }
}

/** Elliot's MAP@k: the mean of P@1…P@k (each ÷ its own cutoff, ranks past the list included). */
function everyRank(rc: RankedCase, k: number | null): number {
  const n = k ?? rc.count;
  let hits = 0;
  let sum = 0;
  for (let i = 0; i < n; i++) {
    if (i < rc.count) hits += rc.relevant[i];
    sum += hits / (i + 1);
  }
  return n === 0 ? 0 : sum / n;
}

/** AP@k = Σ over hits in the top k of P@rank, divided per apDenominator; with no hit, 0 or NaN per noHit. */
export function averagePrecision(rc: RankedCase, k: number | null, conv: Convention): number {
  const { sum, hits } = sumAtHits(rc, k);
  if (hits === 0) return conv.noHit === 'nan' ? NaN : 0;
  if (conv.apTerms === 'every-rank') return everyRank(rc, k);
  const d = denominator(rc, k, hits, conv);
  return d === 0 ? 0 : sum / d;
}

const DENOMINATOR_TEXT: Readonly<Record<Convention['apDenominator'], string>> = {
  hits: 'the hits in the top k',
  relevant: 'all relevant labels',
  'min-k-relevant': 'min(k, relevant labels)',
  'min-relevant-predicted': 'min(relevant labels, predicted)',
  'min-k-relevant-predicted': 'min(k, relevant labels, predicted)',
};

/** AP@k with the precision at each hit and the chosen denominator. */
export function explainAveragePrecision(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  const n = depth(rc, k);
  const terms: RankTerm[] = [];
  let hits = 0;
  if (rc.creditRank) {
    for (const h of creditedHits(rc, k))
      terms.push({ rank: creditAt(rc, h.r), id: rc.ids[h.r], grade: rc.grades[h.r], relevant: true, contribution: h.precision });
    hits = terms.length;
  } else
    for (let r = 0; r < n; r++) {
      if (!rc.relevant[r]) continue;
      hits++;
      terms.push({ rank: r + 1, id: rc.ids[r], grade: rc.grades[r], relevant: true, contribution: hits / (r + 1) });
    }
  const sum = terms.reduce((s, t) => s + (t.contribution ?? 0), 0);
  const d = denominator(rc, k, hits, conv);
  const value = averagePrecision(rc, k, conv);
  const parts =
    terms.map((t, i) => (rc.creditRank ? `${num(t.contribution! * t.rank)}/${t.rank}` : `${i + 1}/${t.rank}`)).join(' + ') || '0';
  if (conv.apTerms === 'every-rank' && hits > 0) return explainEveryRank(rc, k, terms, value);
  const knobs: Explanation['knobs'] = [
    { knob: 'apDenominator', value: conv.apDenominator, effect: `D = ${DENOMINATOR_TEXT[conv.apDenominator]} = ${num(d)}` },
  ];
  const none = conv.noHit === 'nan' ? 'NaN, left out of the means' : '0';
  if (hits === 0) knobs.push({ knob: 'noHit', value: conv.noHit, effect: `no hit in ${topText(k)}: AP = ${none}` });
  return {
    metric: k === null ? 'AP' : `AP@${k}`,
    value,
    formula: `${formulaCut('AP', k).name} = Σᵢ P@i · rel(i) / D,  ${formulaCut('AP', k).ranks},  D = ${DENOMINATOR_TEXT[conv.apDenominator]}`,
    terms,
    numerator: sum,
    denominator: d,
    knobs,
    arithmetic: hits === 0 ? `no hit in ${topText(k)}, so AP = ${none} (noHit=${conv.noHit})` : `(${parts}) / ${num(d)} = ${fmt(value)}`,
  };
}

function explainEveryRank(rc: RankedCase, k: number | null, terms: RankTerm[], value: number): Explanation {
  const n = k ?? rc.count;
  let hits = 0;
  const parts: string[] = [];
  for (let i = 0; i < n; i++) {
    if (i < rc.count) hits += rc.relevant[i];
    parts.push(`${hits}/${i + 1}`);
  }
  return {
    metric: k === null ? 'AP' : `AP@${k}`,
    value,
    formula:
      k === null
        ? 'AP = Σᵢ P@i / n,  i = 1..n (every ranked item, not only the hits)'
        : 'AP@k = Σᵢ P@i / k,  i = 1..k  (every rank, not only the hits)',
    terms,
    numerator: value * n,
    denominator: n,
    knobs: [{ knob: 'apTerms', value: 'every-rank', effect: `the mean of P@1…P@${n} (Elliot's MAP)` }],
    arithmetic: `(${parts.join(' + ')}) / ${n} = ${fmt(value)}`,
  };
}
