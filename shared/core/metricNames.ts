/** Metric families, their canonical names and the aliases people write in fixtures and on command lines. */

export type Family =
  | 'P'
  | 'R'
  | 'F1'
  | 'AP'
  | 'RR'
  | 'DCG'
  | 'nDCG'
  | 'Rprec'
  | 'Success'
  | 'NumQ'
  | 'NumRet'
  | 'NumRel'
  | 'NumRelRet'
  | 'NumNonrelJudgedRet'
  | 'gmAP'
  | 'Bpref'
  | 'gmBpref'
  | 'infAP'
  | 'IPrec'
  | '11ptAvg'
  | 'RprecMult'
  | 'Utility'
  | 'binG'
  | 'G'
  | 'nDCGrel'
  | 'Rndcg'
  | 'RelP'
  | 'SetP'
  | 'SetRelP'
  | 'SetR'
  | 'SetAP'
  | 'SetF'
  | 'RBP'
  | 'RBPresid'
  | 'Unjudged'
  | 'Judged'
  | 'ERR'
  | 'GranularRR'
  | 'NCRR'
  | 'Hole';

/** The families a fixture computes when it names none (the first twelve, before issue 10's measures). */
export const DEFAULT_FAMILIES: readonly Family[] = ['P', 'R', 'F1', 'AP', 'RR', 'DCG', 'nDCG', 'Rprec', 'Success'];

/** Every family, in the order reports list them. */
export const FAMILIES: readonly Family[] = [
  ...DEFAULT_FAMILIES,
  'NumQ',
  'NumRet',
  'NumRel',
  'NumRelRet',
  'NumNonrelJudgedRet',
  'gmAP',
  'Bpref',
  'gmBpref',
  'infAP',
  'IPrec',
  '11ptAvg',
  'RprecMult',
  'Utility',
  'binG',
  'G',
  'nDCGrel',
  'Rndcg',
  'RelP',
  'SetP',
  'SetRelP',
  'SetR',
  'SetAP',
  'SetF',
  'RBP',
  'RBPresid',
  'Unjudged',
  'Judged',
  'ERR',
  'GranularRR',
  'NCRR',
  'Hole',
];

/**
 * A metric at a cutoff; k null means no cutoff (AP, RR, nDCG, Rprec). param: the measure's number
 * (RBP's persistence p, IPrec's recall level, RprecMult's multiple of R, SetF's β, ERR's top grade);
 * rel: the lowest grade that counts as relevant for this metric alone (ir_measures' rel=);
 * coefficients: Utility's four (relevant retrieved, non-relevant retrieved, relevant missed, the rest).
 */
export interface MetricSpec {
  family: Family;
  k: number | null;
  param?: number;
  rel?: number;
  coefficients?: readonly number[];
  /** nDCG's gain per grade where it is not the grade itself (trec_eval's ndcg.1=3,2=9), as [grade, gain]. */
  gains?: readonly (readonly [number, number])[];
  /** 11ptAvg's recall levels, when not the eleven standard ones (trec_eval's 11pt_avg..25,.5,.75). */
  levels?: readonly number[];
  /**
   * Hole@k: the ids labeled in any case of the evaluation (BEIR's annotated corpus), set by the
   * fixture's settings; without it only the case's own labels count as judged.
   */
  annotated?: ReadonlySet<string>;
}

/** Families that exist with a cutoff, and those that exist without one. */
export const TAKES_CUTOFF: ReadonlySet<Family> = new Set<Family>([
  'P',
  'R',
  'F1',
  'AP',
  'RR',
  'DCG',
  'nDCG',
  'Success',
  'RelP',
  'Unjudged',
  'Judged',
  'ERR',
  'RBP',
  'GranularRR',
  'NCRR',
  'Hole',
]);
export const TAKES_NO_CUTOFF: ReadonlySet<Family> = new Set<Family>([
  'AP',
  'RR',
  'nDCG',
  'Rprec',
  'NumQ',
  'NumRet',
  'NumRel',
  'NumRelRet',
  'NumNonrelJudgedRet',
  'gmAP',
  'Bpref',
  'gmBpref',
  'infAP',
  'IPrec',
  '11ptAvg',
  'RprecMult',
  'Utility',
  'binG',
  'G',
  'nDCGrel',
  'Rndcg',
  'SetP',
  'SetRelP',
  'SetR',
  'SetAP',
  'SetF',
  'RBP',
  'RBPresid',
  'ERR',
  'GranularRR',
  'NCRR',
]);

/** The parameter a family takes, its name in ir_measures' syntax, its default and what it sets. */
export const FAMILY_PARAM: Readonly<Partial<Record<Family, { name: string; default: number; meaning: string }>>> = {
  RBP: { name: 'p', default: 0.9, meaning: 'the persistence: the chance that the user goes on from one rank to the next' },
  RBPresid: { name: 'p', default: 0.9, meaning: 'the persistence: the chance that the user goes on from one rank to the next' },
  SetF: { name: 'beta', default: 1, meaning: 'β: how many times more recall weighs than precision (1: F1)' },
  IPrec: { name: 'recall', default: NaN, meaning: 'the recall level the interpolated precision is read at (also written IPrec@0.5)' },
  RprecMult: { name: 'mult', default: NaN, meaning: 'the multiple of R: precision at rank mult × R (also written RprecMult@1.0)' },
  ERR: { name: 'max', default: NaN, meaning: "the top grade gmax in the grade's chance to satisfy (default: the case's top grade)" },
};

/** Utility's default coefficients (trec_eval's): +1 per relevant retrieved, −1 per non-relevant retrieved. */
export const UTILITY_DEFAULT: readonly number[] = [1, -1, 0, 0];

/** A parameter written in a metric's parentheses (`P(rel=2)@10`, `RBP(p=0.8)`), with what it sets. */
export interface MetricArgument {
  /** As written before `=`; nDCG's gains are `gain<grade>` (gain1=3). */
  readonly name: string;
  /** The value when it is not written, if it has one. */
  readonly default?: number;
  readonly meaning: string;
}

const COEFFICIENT_NAMES: readonly string[] = ['a', 'b', 'c', 'd'];
const REL_ARGUMENT: MetricArgument = { name: 'rel', meaning: 'the lowest grade that counts as relevant, for this metric alone' };
const UTILITY_MEANINGS: readonly string[] = ['relevant retrieved', 'non-relevant retrieved', 'relevant missed', 'non-relevant missed'];

/** The parameters a family takes in parentheses, in the order error messages list them: rel (every family), then its own. */
export function familyArguments(family: Family): MetricArgument[] {
  const own = FAMILY_PARAM[family];
  return [
    REL_ARGUMENT,
    ...(own ? [{ name: own.name, meaning: own.meaning, ...(Number.isNaN(own.default) ? {} : { default: own.default }) }] : []),
    ...(family === 'Utility'
      ? COEFFICIENT_NAMES.map((name, i) => ({
          name,
          default: UTILITY_DEFAULT[i],
          meaning: `the weight of each item ${UTILITY_MEANINGS[i]}`,
        }))
      : []),
    ...(family === 'nDCG'
      ? [
          {
            name: 'gain<grade>',
            meaning: "the gain of that grade where it is not the grade itself: gain1=3,gain2=9 (trec_eval's ndcg.1=3,2=9)",
          },
        ]
      : []),
  ];
}

/** How a family's per-case values become the figure for a whole run. */
export type Aggregation = 'mean' | 'sum' | 'geometric';

/** Counts add up over the cases; gmAP and gmBpref take the geometric mean (values floored at 0.00001). */
export function aggregationOf(family: Family): Aggregation {
  switch (family) {
    case 'NumQ':
    case 'NumRet':
    case 'NumRel':
    case 'NumRelRet':
    case 'NumNonrelJudgedRet':
      return 'sum';
    case 'gmAP':
    case 'gmBpref':
      return 'geometric';
    default:
      return 'mean';
  }
}

/** Families whose value does not need a relevant label: counts, judged shares, RBP's residual, utility. */
export const DEFINED_WITHOUT_RELEVANT: ReadonlySet<Family> = new Set<Family>([
  'NumQ',
  'NumRet',
  'NumRel',
  'NumRelRet',
  'NumNonrelJudgedRet',
  'Unjudged',
  'Judged',
  'RBPresid',
  'Utility',
  'Hole',
]);

export const FAMILY_TITLES: Readonly<Record<Family, string>> = {
  P: 'Precision',
  R: 'Recall',
  F1: 'F1 score',
  AP: 'Average precision',
  RR: 'Reciprocal rank',
  DCG: 'Discounted cumulative gain',
  nDCG: 'Normalized discounted cumulative gain',
  Rprec: 'R-precision',
  Success: 'Success (hit rate)',
  NumQ: 'Number of queries',
  NumRet: 'Number retrieved',
  NumRel: 'Number of relevant items',
  NumRelRet: 'Number of relevant items retrieved',
  NumNonrelJudgedRet: 'Number of judged non-relevant items retrieved',
  gmAP: 'Average precision, geometric mean over cases',
  Bpref: 'Binary preference (bpref)',
  gmBpref: 'bpref, geometric mean over cases',
  infAP: 'Inferred average precision',
  IPrec: 'Interpolated precision at a recall level',
  '11ptAvg': '11-point interpolated average precision',
  RprecMult: 'Precision at a multiple of R',
  Utility: 'Utility (linear set utility)',
  binG: 'Binary G (Kishida)',
  G: 'Graded G (Kishida)',
  nDCGrel: 'nDCG averaged over the relevant items',
  Rndcg: 'nDCG averaged over the ideal grade boundaries',
  RelP: 'Relative precision',
  SetP: 'Set precision',
  SetRelP: 'Relative set precision',
  SetR: 'Set recall',
  SetAP: 'Set average precision',
  SetF: 'Set F',
  RBP: 'Rank-biased precision',
  RBPresid: 'Rank-biased precision residual',
  Unjudged: 'Share unjudged in the top k',
  Judged: 'Share judged in the top k',
  ERR: 'Expected reciprocal rank',
  GranularRR: 'Reciprocal rank averaged over every hit (LlamaIndex granular MRR)',
  NCRR: 'Normalized cumulative reciprocal rank (Cornac)',
  Hole: 'Share of the top k judged in no case (BEIR, MTEB)',
};

/** Every name a family answers to, lower-cased (lookups lower-case the name and read `-` and spaces as `_`). */
export const ALIASES: Readonly<Record<string, Family>> = {
  p: 'P',
  prec: 'P',
  precision: 'P',
  r: 'R',
  rec: 'R',
  recall: 'R',
  f1: 'F1',
  f: 'F1',
  f1score: 'F1',
  f1_score: 'F1',
  ap: 'AP',
  map: 'AP',
  map_cut: 'AP',
  averageprecision: 'AP',
  average_precision: 'AP',
  rr: 'RR',
  mrr: 'RR',
  recip_rank: 'RR',
  reciprocal_rank: 'RR',
  reciprocalrank: 'RR',
  dcg: 'DCG',
  dcg_cut: 'DCG',
  ndcg: 'nDCG',
  ndcg_cut: 'nDCG',
  rprec: 'Rprec',
  'r-precision': 'Rprec',
  r_precision: 'Rprec',
  rprecision: 'Rprec',
  success: 'Success',
  hit: 'Success',
  hits: 'Success',
  hitrate: 'Success',
  hit_rate: 'Success',
  'hit-rate': 'Success',
  numq: 'NumQ',
  num_q: 'NumQ',
  numret: 'NumRet',
  num_ret: 'NumRet',
  numrel: 'NumRel',
  num_rel: 'NumRel',
  numrelret: 'NumRelRet',
  num_rel_ret: 'NumRelRet',
  numnonreljudgedret: 'NumNonrelJudgedRet',
  num_nonrel_judged_ret: 'NumNonrelJudgedRet',
  gmap: 'gmAP',
  gm_map: 'gmAP',
  bpref: 'Bpref',
  gmbpref: 'gmBpref',
  gm_bpref: 'gmBpref',
  infap: 'infAP',
  inf_ap: 'infAP',
  iprec: 'IPrec',
  iprec_at_recall: 'IPrec',
  '11ptavg': '11ptAvg',
  '11pt_avg': '11ptAvg',
  rprecmult: 'RprecMult',
  rprec_mult: 'RprecMult',
  utility: 'Utility',
  bing: 'binG',
  g: 'G',
  ndcgrel: 'nDCGrel',
  ndcg_rel: 'nDCGrel',
  rndcg: 'Rndcg',
  relp: 'RelP',
  relative_p: 'RelP',
  relativep: 'RelP',
  setp: 'SetP',
  set_p: 'SetP',
  setrelp: 'SetRelP',
  set_relative_p: 'SetRelP',
  setr: 'SetR',
  set_recall: 'SetR',
  setap: 'SetAP',
  set_map: 'SetAP',
  setf: 'SetF',
  set_f: 'SetF',
  rbp: 'RBP',
  rbpresid: 'RBPresid',
  rbp_resid: 'RBPresid',
  unj: 'Unjudged',
  unjudged: 'Unjudged',
  judged: 'Judged',
  err: 'ERR',
  // LlamaIndex's MRR(use_granular_mrr=True), whose metric_name stays "mrr".
  granularrr: 'GranularRR',
  granular_rr: 'GranularRR',
  granular_mrr: 'GranularRR',
  mrr_granular: 'GranularRR',
  use_granular_mrr: 'GranularRR',
  // Cornac's NCRR@k.
  ncrr: 'NCRR',
  // BEIR's and MTEB's Hole@k.
  hole: 'Hole',
};

/**
 * A metric name as a library prints it: the family it is in Ranklens, the libraries that print it,
 * and, where the word says something else than the number is, the trap.
 */
export interface LibraryMetricName {
  family: Family;
  libraries: string;
  /** Why the name misleads, for a library-metric-name finding; absent when it only spells a known metric another way. */
  trap?: string;
}

const HIT_RATE_TRAP = 'is the hit rate: 1 when any relevant item is in the top k, else 0 (Success@k), not a share of correct items.';

/** Library names, lower-cased with `-` and spaces read as `_`, besides the patterns libraryMetricName reads. */
const LIBRARY_NAMES: Readonly<Record<string, LibraryMetricName>> = {
  accuracy: {
    family: 'Success',
    libraries: 'sentence-transformers, BEIR',
    trap: `"accuracy@k" in sentence-transformers and BEIR ${HIT_RATE_TRAP}`,
  },
  top_k_accuracy: { family: 'Success', libraries: 'BEIR', trap: `BEIR's "top_k_accuracy" ${HIT_RATE_TRAP}` },
  top_k_acc: { family: 'Success', libraries: 'BEIR', trap: `BEIR's "top_k_acc" ${HIT_RATE_TRAP}` },
  document_recall: {
    family: 'Success',
    libraries: 'Haystack',
    trap: "Haystack's DocumentRecallEvaluator defaults to mode single_hit: 1 when any ground-truth document is retrieved, a hit rate (Success), not recall; its multi_hit mode is recall (R).",
  },
  document_mrr: { family: 'RR', libraries: 'Haystack' },
  document_map: { family: 'AP', libraries: 'Haystack' },
  document_ndcg: { family: 'nDCG', libraries: 'Haystack' },
  k_nn: {
    family: 'P',
    libraries: 'ann-benchmarks',
    trap: 'ann-benchmarks\' "k-nn" recall divides the true neighbours found in the top k by k: it is P@k, which equals R@k only when exactly k neighbours are labeled.',
  },
  knn_recall: {
    family: 'P',
    libraries: 'ann-benchmarks',
    trap: 'k-NN recall as ann-benchmarks computes it divides the true neighbours found by k: it is P@k, which equals R@k only when exactly k neighbours are labeled.',
  },
  r_cap: {
    family: 'R',
    libraries: 'BEIR',
    trap: "BEIR's R_cap@k divides the hits by min(k, R), not by R: it is R@k under recallDenominator: min-k-relevant, which the convention must set.",
  },
  mean_reciprocal_rank: { family: 'RR', libraries: 'Elasticsearch' },
  expected_reciprocal_rank: { family: 'ERR', libraries: 'Elasticsearch' },
  id_based_context_precision: { family: 'P', libraries: 'ragas' },
  id_based_context_recall: { family: 'R', libraries: 'ragas' },
};

/** sentence-transformers prefixes every name with its score function: cosine_accuracy@10, dot_ndcg@10. */
const SCORE_FUNCTION_PREFIX = /^(?:cosine|dot|dot_score|cos_sim|euclidean|manhattan)_(.+)$/;

/**
 * The library name a metric name is written in, with its cutoff when the name carries it (MTEB's
 * ndcg_at_10, TFRS's factorized_top_k/top_10_categorical_accuracy); undefined for Ranklens's own names.
 */
export function libraryMetricName(text: string): (LibraryMetricName & { cutoff?: number }) | undefined {
  const trimmed = text.trim().toLowerCase().replace(/[\s-]/g, '_');
  const tfrs = /^(?:[\w.]+\/)?top_(\d+)_categorical_accuracy$/.exec(trimmed);
  if (tfrs) {
    return {
      family: 'Success',
      libraries: 'TensorFlow Recommenders, Keras',
      cutoff: Number(tfrs[1]),
      trap: `"top_${tfrs[1]}_categorical_accuracy" (TensorFlow Recommenders' FactorizedTopK) ${HIT_RATE_TRAP.replace('top k', `top ${tfrs[1]}`)}`,
    };
  }
  const mteb = /^(.+)_at_(\d+)$/.exec(trimmed);
  if (mteb) {
    const family = ownFamily(mteb[1]);
    if (family) return { family, libraries: 'MTEB', cutoff: Number(mteb[2]), trap: libraryEntry(mteb[1])?.trap };
  }
  return libraryWord(trimmed.replace(/[@.]\d+$|@k$/, ''));
}

// A library's word for a metric, without a cutoff: accuracy, document_recall, cosine_ndcg.
function libraryWord(key: string): LibraryMetricName | undefined {
  const prefixed = SCORE_FUNCTION_PREFIX.exec(key);
  if (prefixed) {
    const family = ownFamily(prefixed[1]);
    const inner = family && (libraryEntry(prefixed[1]) ?? { family, libraries: '' });
    if (inner) return { ...inner, libraries: 'sentence-transformers' };
  }
  return libraryEntry(key);
}

function libraryEntry(key: string): LibraryMetricName | undefined {
  return Object.hasOwn(LIBRARY_NAMES, key) ? LIBRARY_NAMES[key] : undefined;
}

// A family by one of its own names or a library word, own keys only ("constructor" is no metric).
function ownFamily(key: string): Family | undefined {
  return Object.hasOwn(ALIASES, key) ? ALIASES[key] : libraryEntry(key)?.family;
}

/** Families whose parameter is a level written after @ (IPrec@0.5, RprecMult@1.0) instead of a cutoff. */
export const LEVEL_PARAM: ReadonlySet<Family> = new Set<Family>(['IPrec', 'RprecMult']);
/** The level each of them is shown with in examples and messages. */
export const LEVEL_EXAMPLE: Readonly<Partial<Record<Family, string>>> = { IPrec: '0.5', RprecMult: '1.0' };

/** The canonical name of a spec: "P@3", "AP", "nDCG@10", "Rprec", "P(rel=2)@10", "RBP(p=0.8)", "IPrec@0.5". */
export function metricName(spec: MetricSpec): string {
  const args: string[] = [];
  if (spec.rel !== undefined) args.push(`rel=${spec.rel}`);
  const p = FAMILY_PARAM[spec.family];
  if (p && spec.param !== undefined && !LEVEL_PARAM.has(spec.family) && spec.param !== p.default) args.push(`${p.name}=${spec.param}`);
  if (spec.coefficients && spec.coefficients.join() !== UTILITY_DEFAULT.join()) {
    spec.coefficients.forEach((c, i) => args.push(`${COEFFICIENT_NAMES[i]}=${c}`));
  }
  for (const [grade, gain] of spec.gains ?? []) args.push(`gain${grade}=${gain}`);
  if (spec.levels) args.push(`levels=${spec.levels.join(' ')}`);
  const at = spec.k !== null ? `@${spec.k}` : LEVEL_PARAM.has(spec.family) && spec.param !== undefined ? `@${spec.param}` : '';
  return `${spec.family}${args.length > 0 ? `(${args.join(',')})` : ''}${at}`;
}

/** Whether two specs name the same metric. */
export function sameSpec(a: MetricSpec, b: MetricSpec): boolean {
  return metricName(a) === metricName(b);
}

/**
 * A parsed metric name. cutoff: a number when one was written, 'each' for "X@k" (every cutoff of the
 * fixture), undefined when none was written; param, rel and coefficients as in MetricSpec.
 */
export type ParsedMetricName =
  | {
      ok: true;
      family: Family;
      cutoff: number | 'each' | undefined;
      param?: number;
      rel?: number;
      coefficients?: number[];
      gains?: [number, number][];
    }
  /**
   * suggestion: the did-you-mean; completions: the metric names the text begins, while it is still
   * being typed ("nD" → nDCG, nDCGrel), offered instead of a did-you-mean.
   */
  | { ok: false; message: string; suggestion?: string; completions?: string[] };

type Extras = { param?: number; rel?: number; coefficients?: number[]; gains?: [number, number][] };

/**
 * Parses "P@5", "precision@5", "ndcg_cut.10", "P_5", "MAP", "mrr@k" (case-insensitive), ir_measures'
 * "P(rel=2)@10", "RBP(p=0.8)", "IPrec@0.5", and trec_eval's "iprec_at_recall_0.50", "Rprec_mult_0.20".
 */
export function parseMetricName(text: string): ParsedMetricName {
  const trimmed = text.trim();
  const library = libraryMetricName(trimmed);
  if (library?.cutoff !== undefined) return withCutoff(library.family, String(library.cutoff), {}, text);
  const call = /^([^()@]+)\(([^()]*)\)(?:@(.*))?$/.exec(trimmed);
  if (call) {
    const family = lookupFamily(call[1]);
    if (!family) return unknown(text, call[1]);
    const extras = parseArgs(family, call[2], text);
    if ('message' in extras) return { ok: false, message: extras.message };
    if (call[3] === undefined) return finish(family, undefined, extras, text);
    return withCutoff(family, call[3], extras, text);
  }
  const level = /^(.*?)[@._](\d*\.?\d+)$/.exec(trimmed);
  if (level) {
    const family = lookupFamily(level[1]);
    if (family && LEVEL_PARAM.has(family)) return finish(family, undefined, { param: Number(level[2]) }, text);
  }
  const m = /^(.*?)(?:[@._](k|\d+|[^@._]*))?$/i.exec(trimmed);
  let base = trimmed;
  let cut: string | undefined;
  // Try the whole text as a name first: "recip_rank" and "hit_rate" contain the separator.
  if (!lookupFamily(trimmed) && m && m[2] !== undefined) {
    base = m[1];
    cut = m[2];
  }
  const family = lookupFamily(base);
  if (!family) return unknown(text, trimmed);
  if (cut === undefined) return finish(family, undefined, {}, text);
  return withCutoff(family, cut, {}, text);
}

function unknown(text: string, _base: string): ParsedMetricName {
  const completions = completeMetric(text.trim());
  if (completions.length > 0) {
    return { ok: false, message: `"${text}" is not a metric name yet; names that begin with it: ${completions.join(', ')}.`, completions };
  }
  const suggestion = suggestMetric(text.trim());
  return { ok: false, message: `Unknown metric "${text}".${suggestion ? ` Did you mean "${suggestion}"?` : ''}`, suggestion };
}

/**
 * The metric names the text before its cutoff begins ("nD@5" → nDCG@5, nDCGrel@5; "Prec" → precision),
 * case-insensitively: a name still being typed, which a did-you-mean would answer with a wrong guess.
 * One name per family, its own when that is begun, else its shortest alias that is; eight at most. A
 * text whose name is whole ("P(rel=2") has another problem, and gets none.
 */
function completeMetric(text: string): string[] {
  const base = text.replace(/[@(].*$/, '');
  const suffix = text.slice(base.length);
  if (base === '' || lookupFamily(base)) return [];
  const begun = (name: string) => name.length > base.length && name.toLowerCase().startsWith(base.toLowerCase());
  const names = FAMILIES.map((f) => {
    if (begun(f)) return f;
    const aliases = Object.keys(ALIASES).filter((a) => ALIASES[a] === f && begun(a));
    return aliases.sort((a, b) => a.length - b.length)[0];
  });
  return names
    .filter((n): n is string => n !== undefined)
    .slice(0, 8)
    .map((n) => n + suffix);
}

function withCutoff(family: Family, cut: string, extras: Extras, text: string): ParsedMetricName {
  if (LEVEL_PARAM.has(family)) {
    if (!/^\d*\.?\d+$/.test(cut)) return { ok: false, message: `${family} takes a number after @, e.g. ${family}@0.5.` };
    return finish(family, undefined, { ...extras, param: Number(cut) }, text);
  }
  if (/^k$/i.test(cut)) {
    if (!TAKES_CUTOFF.has(family)) return { ok: false, message: `${family} takes no cutoff.` };
    return finish(family, 'each', extras, text);
  }
  if (!/^\d+$/.test(cut) || Number(cut) < 1 || !Number.isSafeInteger(Number(cut))) {
    return { ok: false, message: `The cutoff of "${text}" must be a whole number ≥ 1 (or k for every cutoff).` };
  }
  if (!TAKES_CUTOFF.has(family)) return { ok: false, message: `${family} takes no cutoff.` };
  return finish(family, Number(cut), extras, text);
}

function finish(family: Family, cutoff: number | 'each' | undefined, extras: Extras, text: string): ParsedMetricName {
  if (LEVEL_PARAM.has(family) && extras.param === undefined) {
    return { ok: false, message: `${family} needs a level after @, e.g. ${family}@${LEVEL_EXAMPLE[family]} ("${text}").` };
  }
  if (extras.param !== undefined && !Number.isFinite(extras.param))
    return { ok: false, message: `The parameter of "${text}" must be a number.` };
  return { ok: true, family, cutoff, ...extras };
}

// "rel=2,p=0.8" → the spec's extras; unknown keys and values that are not numbers are problems.
function parseArgs(family: Family, text: string, whole: string): Extras | { message: string } {
  const out: Extras = {};
  for (const part of text
    .split(',')
    .map((s) => s.trim())
    .filter((s) => s !== '')) {
    const kv = /^(gain-\d+|\w+)\s*=\s*(\S+)$/i.exec(part);
    if (!kv || !Number.isFinite(Number(kv[2]))) return { message: `"${part}" in "${whole}" is not name=number.` };
    const key = kv[1].toLowerCase();
    const value = Number(kv[2]);
    if (key === 'rel') {
      if (!Number.isInteger(value)) return { message: `rel= takes a whole grade ("${whole}").` };
      out.rel = value;
    } else if (key === FAMILY_PARAM[family]?.name) {
      out.param = value;
    } else if (family === 'nDCG' && /^gain-?\d+$/.test(key)) {
      (out.gains ??= []).push([Number(key.slice(4)), value]);
    } else if (family === 'Utility' && COEFFICIENT_NAMES.includes(key)) {
      out.coefficients = out.coefficients ?? [...UTILITY_DEFAULT];
      out.coefficients[COEFFICIENT_NAMES.indexOf(key)] = value;
    } else {
      const allowed = familyArguments(family).map((a) => a.name);
      return { message: `${family} takes no parameter "${kv[1]}" ("${whole}"); it takes ${allowed.join(', ')}.` };
    }
  }
  return out;
}

function lookupFamily(name: string): Family | undefined {
  const key = name.toLowerCase();
  return ALIASES[key] ?? ALIASES[key.replace(/[\s-]/g, '_')] ?? libraryWord(key.replace(/[\s-]/g, '_'))?.family;
}

function specOf(family: Family, k: number | null, p: Extras): MetricSpec {
  const spec: MetricSpec = { family, k };
  if (p.param !== undefined) spec.param = p.param;
  if (p.rel !== undefined) spec.rel = p.rel;
  if (p.coefficients !== undefined) spec.coefficients = p.coefficients;
  if (p.gains !== undefined) spec.gains = p.gains;
  return spec;
}

/** Parses a single metric name into a spec; a family written without a cutoff that needs one is an error. */
export function parseMetricSpec(text: string): { spec?: MetricSpec; message?: string } {
  const parsed = parseMetricName(text);
  if (!parsed.ok) return { message: parsed.message };
  if (parsed.cutoff === 'each') return { message: `"${text}" names every cutoff; write a number instead of k.` };
  if (parsed.cutoff === undefined) {
    if (!TAKES_NO_CUTOFF.has(parsed.family)) return { message: `${parsed.family} needs a cutoff, e.g. ${parsed.family}@5.` };
    return { spec: specOf(parsed.family, null, parsed) };
  }
  return { spec: specOf(parsed.family, parsed.cutoff, parsed) };
}

/**
 * Expands fixture metric names over the fixture's cutoffs: "P" and "P@k" give P at every cutoff,
 * "P@3" gives P@3, "AP" gives AP with no cutoff (write "AP@k" for AP at every cutoff).
 */
export function expandMetrics(names: readonly string[] | undefined, cutoffs: readonly number[]): MetricSpec[] {
  const out: MetricSpec[] = [];
  const families = names === undefined ? null : names.map(parseMetricName);
  const add = (spec: MetricSpec) => {
    if (!out.some((s) => sameSpec(s, spec))) out.push(spec);
  };
  if (families === null) {
    for (const f of DEFAULT_FAMILIES) {
      if (TAKES_CUTOFF.has(f)) for (const k of cutoffs) add({ family: f, k });
      if (TAKES_NO_CUTOFF.has(f)) add({ family: f, k: null });
    }
  } else {
    for (const p of families) {
      if (!p.ok) continue;
      if (p.cutoff === 'each' || (p.cutoff === undefined && !TAKES_NO_CUTOFF.has(p.family))) {
        for (const k of cutoffs) add(specOf(p.family, k, p));
      } else add(specOf(p.family, p.cutoff ?? null, p));
    }
  }
  return sortSpecs(out);
}

/** Family order, then cutoff (or level) ascending with the no-cutoff variant last. */
export function sortSpecs(specs: MetricSpec[]): MetricSpec[] {
  return specs.sort(
    (a, b) =>
      FAMILIES.indexOf(a.family) - FAMILIES.indexOf(b.family) ||
      (a.k ?? Infinity) - (b.k ?? Infinity) ||
      (a.param ?? 0) - (b.param ?? 0) ||
      (a.rel ?? 0) - (b.rel ?? 0),
  );
}

/** The closest known metric name, for a did-you-mean. */
function suggestMetric(text: string): string | undefined {
  const base = text.replace(/[@._]\w*$/, '');
  const suffix = text.slice(base.length);
  const best = closest(base, Object.keys(ALIASES), 2);
  return best === undefined ? undefined : ALIASES[best] + suffix;
}

/** The candidate within maxDistance edits of word (Damerau–Levenshtein), nearest first. */
export function closest(word: string, candidates: readonly string[], maxDistance = 2): string | undefined {
  let best: string | undefined;
  let bestD = maxDistance + 1;
  for (const c of candidates) {
    const d = editDistance(word.toLowerCase(), c.toLowerCase());
    if (d < bestD) {
      best = c;
      bestD = d;
    }
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
