/** Metric families, their canonical names and the aliases people write in fixtures and on command lines. */

export type Family = 'P' | 'R' | 'F1' | 'AP' | 'RR' | 'DCG' | 'nDCG' | 'Rprec' | 'Success';

export const FAMILIES: readonly Family[] = ['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Rprec', 'Success'];

/** A metric at a cutoff; k null means no cutoff (AP, RR, nDCG, Rprec). */
export interface MetricSpec {
  family: Family;
  k: number | null;
}

/** Families that exist with a cutoff, and those that exist without one. */
export const TAKES_CUTOFF: ReadonlySet<Family> = new Set(['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Success']);
export const TAKES_NO_CUTOFF: ReadonlySet<Family> = new Set(['AP', 'RR', 'nDCG', 'Rprec']);

export const FAMILY_TITLES: Readonly<Record<Family, string>> = {
  P: 'Precision', R: 'Recall', F1: 'F1 score', AP: 'Average precision', RR: 'Reciprocal rank',
  DCG: 'Discounted cumulative gain', nDCG: 'Normalized discounted cumulative gain', Rprec: 'R-precision',
  Success: 'Success (hit rate)',
};

const ALIASES: Readonly<Record<string, Family>> = {
  p: 'P', prec: 'P', precision: 'P',
  r: 'R', rec: 'R', recall: 'R',
  f1: 'F1', f: 'F1', f1score: 'F1', f1_score: 'F1',
  ap: 'AP', map: 'AP', map_cut: 'AP', averageprecision: 'AP', average_precision: 'AP',
  rr: 'RR', mrr: 'RR', recip_rank: 'RR', reciprocal_rank: 'RR', reciprocalrank: 'RR',
  dcg: 'DCG', dcg_cut: 'DCG',
  ndcg: 'nDCG', ndcg_cut: 'nDCG',
  rprec: 'Rprec', 'r-precision': 'Rprec', r_precision: 'Rprec', rprecision: 'Rprec',
  success: 'Success', hit: 'Success', hits: 'Success', hitrate: 'Success', hit_rate: 'Success', 'hit-rate': 'Success',
};

/** The canonical name of a spec: "P@3", "AP", "nDCG@10", "Rprec". */
export function metricName(spec: MetricSpec): string {
  return spec.k === null ? spec.family : `${spec.family}@${spec.k}`;
}

/**
 * A parsed metric name. cutoff: a number when one was written, 'each' for "X@k" (every cutoff of the
 * fixture), undefined when none was written.
 */
export type ParsedMetricName =
  | { ok: true; family: Family; cutoff: number | 'each' | undefined }
  | { ok: false; message: string; suggestion?: string };

/** Parses "P@5", "precision@5", "ndcg_cut.10", "P_5", "MAP", "mrr@k" (case-insensitive). */
export function parseMetricName(text: string): ParsedMetricName {
  const trimmed = text.trim();
  const m = /^(.*?)(?:[@._](k|\d+|[^@._]*))?$/i.exec(trimmed);
  let base = trimmed;
  let cut: string | undefined;
  // Try the whole text as a name first: "recip_rank" and "hit_rate" contain the separator.
  if (!lookupFamily(trimmed) && m && m[2] !== undefined) {
    base = m[1];
    cut = m[2];
  }
  const family = lookupFamily(base);
  if (!family) {
    const suggestion = suggestMetric(trimmed);
    return { ok: false, message: `Unknown metric "${text}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, suggestion };
  }
  if (cut === undefined) return { ok: true, family, cutoff: undefined };
  if (/^k$/i.test(cut)) {
    if (!TAKES_CUTOFF.has(family)) return { ok: false, message: `${family} takes no cutoff.` };
    return { ok: true, family, cutoff: 'each' };
  }
  if (!/^\d+$/.test(cut) || Number(cut) < 1 || !Number.isSafeInteger(Number(cut))) {
    return { ok: false, message: `The cutoff of "${text}" must be a whole number ≥ 1 (or k for every cutoff).` };
  }
  if (!TAKES_CUTOFF.has(family)) return { ok: false, message: `${family} takes no cutoff.` };
  return { ok: true, family, cutoff: Number(cut) };
}

function lookupFamily(name: string): Family | undefined {
  const key = name.toLowerCase();
  return ALIASES[key] ?? ALIASES[key.replace(/[\s-]/g, '_')];
}

/** Parses a single metric name into a spec; a family written without a cutoff that needs one is an error. */
export function parseMetricSpec(text: string): { spec?: MetricSpec; message?: string } {
  const parsed = parseMetricName(text);
  if (!parsed.ok) return { message: parsed.message };
  if (parsed.cutoff === 'each') return { message: `"${text}" names every cutoff; write a number instead of k.` };
  if (parsed.cutoff === undefined) {
    if (!TAKES_NO_CUTOFF.has(parsed.family)) return { message: `${parsed.family} needs a cutoff, e.g. ${parsed.family}@5.` };
    return { spec: { family: parsed.family, k: null } };
  }
  return { spec: { family: parsed.family, k: parsed.cutoff } };
}

/**
 * Expands fixture metric names over the fixture's cutoffs: "P" and "P@k" give P at every cutoff,
 * "P@3" gives P@3, "AP" gives AP with no cutoff (write "AP@k" for AP at every cutoff).
 */
export function expandMetrics(names: readonly string[] | undefined, cutoffs: readonly number[]): MetricSpec[] {
  const out: MetricSpec[] = [];
  const families = names === undefined ? null : names.map(parseMetricName);
  const add = (spec: MetricSpec) => {
    if (!out.some((s) => s.family === spec.family && s.k === spec.k)) out.push(spec);
  };
  if (families === null) {
    for (const f of FAMILIES) {
      if (TAKES_CUTOFF.has(f)) for (const k of cutoffs) add({ family: f, k });
      if (TAKES_NO_CUTOFF.has(f)) add({ family: f, k: null });
    }
  } else {
    for (const p of families) {
      if (!p.ok) continue;
      if (p.cutoff === 'each' || (p.cutoff === undefined && !TAKES_NO_CUTOFF.has(p.family))) {
        for (const k of cutoffs) add({ family: p.family, k });
      } else add({ family: p.family, k: p.cutoff ?? null });
    }
  }
  return sortSpecs(out);
}

/** Family order, then cutoff ascending with the no-cutoff variant last. */
function sortSpecs(specs: MetricSpec[]): MetricSpec[] {
  return specs.sort((a, b) => FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family)
    || (a.k ?? Infinity) - (b.k ?? Infinity));
}

/** The closest known metric name, for a did-you-mean. */
function suggestMetric(text: string): string | undefined {
  const base = text.replace(/[@._]\w*$/, '');
  const suffix = text.slice(base.length);
  const best = closest(base.toLowerCase(), Object.keys(ALIASES), 2);
  return best === undefined ? undefined : ALIASES[best] + suffix;
}

/** The candidate within maxDistance edits of word (Damerau–Levenshtein), nearest first. */
export function closest(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: string | undefined;
  let bestD = maxDistance + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) { best = c; bestD = d; }
  }
  return best;
}

/** Optimal-string-alignment edit distance (adjacent transpositions count as one edit). */
function editDistance(a: string, b: string): number {
  const rows = a.length + 1;
  const cols = b.length + 1;
  const d: number[][] = Array.from({ length: rows }, (_, i) => Array.from({ length: cols }, (_, j) => (i === 0 ? j : j === 0 ? i : 0)));
  for (let i = 1; i < rows; i++) {
    for (let j = 1; j < cols; j++) {
      const cost = a[i - 1] === b[j - 1] ? 0 : 1;
      d[i][j] = Math.min(d[i - 1][j] + 1, d[i][j - 1] + 1, d[i - 1][j - 1] + cost);
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i][j] = Math.min(d[i][j], d[i - 2][j - 2] + 1);
    }
  }
  return d[a.length][b.length];
}
