/**
 * Which knobs each metric depends on, and which values of each knob can change something on a given
 * set of cases. The search only varies those; every other knob keeps the nearest preset's value.
 */
import { CaseInput } from '../core/caseInput';
import { Convention, KNOBS, KnobName, RelevanceThreshold } from '../core/conventions';
import { Family } from '../core/metricNames';

export type KnobValue = Convention[KnobName];

/** Knobs that change the ranked list, which items are relevant or what an empty case gives: every metric depends on them. */
export const COMMON_KNOBS: readonly KnobName[] = [
  'ties',
  'duplicates',
  'unjudged',
  'relevanceThreshold',
  'relevantPool',
  'emptyLabels',
  'emptyPredictions',
  'identicalIds',
  'zeroScores',
];

/** The knobs each family's value depends on, besides COMMON_KNOBS. */
export const FAMILY_DEPENDENCIES: Readonly<Record<Family, readonly KnobName[]>> = {
  // averaging changes the run figure only: pooled P, R and F1 (implicit's precision).
  P: ['precisionDenominator', 'averaging'],
  R: ['recallDenominator', 'averaging'],
  F1: ['precisionDenominator', 'recallDenominator', 'noHit', 'averaging'],
  AP: ['apDenominator', 'apTerms', 'noHit'],
  RR: [],
  DCG: ['gain', 'discount'],
  // A log base cancels between DCG and IDCG, log2-max2 does not: the search merges the bases.
  nDCG: ['gain', 'discount', 'ideal', 'idealCut'],
  Rprec: [],
  Success: [],
  // trec_eval's measures beyond these, and the graded web measures: only the common knobs, but for
  // gmAP (AP's knobs) and ERR (its grade-to-probability mapping).
  NumQ: [],
  NumRet: [],
  NumRel: [],
  NumRelRet: [],
  NumNonrelJudgedRet: [],
  gmAP: ['apDenominator', 'apTerms', 'noHit'],
  Bpref: [],
  gmBpref: [],
  infAP: [],
  IPrec: [],
  '11ptAvg': [],
  RprecMult: [],
  Utility: [],
  binG: [],
  G: [],
  nDCGrel: [],
  Rndcg: [],
  RelP: [],
  SetP: [],
  SetRelP: [],
  SetR: [],
  SetAP: [],
  SetF: [],
  RBP: [],
  RBPresid: [],
  Unjudged: [],
  Judged: [],
  ERR: ['errGain'],
  GranularRR: [],
  NCRR: [],
  Hole: [],
};

/** Every knob a family's value depends on. */
export function dependencies(family: Family): KnobName[] {
  return [...COMMON_KNOBS, ...FAMILY_DEPENDENCIES[family]];
}

/** A knob the search varies, with the values it tries (one per distinct effect where that is known up front). */
export interface Axis {
  knob: KnobName;
  values: KnobValue[];
}

/** The values of each knob worth trying on these cases, for the knobs the families depend on. */
export function searchAxes(cases: readonly CaseInput[], families: ReadonlySet<Family>): Axis[] {
  const used = new Set<KnobName>();
  for (const f of families) for (const k of dependencies(f)) used.add(k);
  const axes: Axis[] = [];
  for (const info of KNOBS) {
    if (!used.has(info.name)) continue;
    const values = knobValues(info.name, info.values, cases);
    axes.push({ knob: info.name, values });
  }
  return axes;
}

/**
 * The axes narrowed to what the expectations can tell apart: averaging changes only a run figure
 * (tried once without a mean to match), and idealCut only an nDCG@k whose case has more relevant
 * labels than k (none) or than it predicts, with fewer predictions than k (min-k-predicted).
 */
export function narrowAxes(
  axes: Axis[],
  cases: readonly CaseInput[],
  specs: readonly { family: Family; k: number | null }[],
  hasMean: boolean,
): Axis[] {
  const relevant = cases.map((c) => c.labels.filter((l) => l.grade > 0).length);
  const ks = specs.filter((s) => s.family === 'nDCG' && s.k !== null).map((s) => s.k as number);
  const cutNone = cases.some((_, i) => ks.some((k) => relevant[i] > k));
  const cutPredicted = cases.some((c, i) => ks.some((k) => c.predictions.length < k && relevant[i] > c.predictions.length));
  return axes.map((a) => {
    if (a.knob === 'averaging' && !hasMean) return { ...a, values: ['mean'] };
    if (a.knob === 'idealCut') return { ...a, values: a.values.filter((v) => v === 'k' || (v === 'none' ? cutNone : cutPredicted)) };
    return a;
  });
}

function knobValues(knob: KnobName, listed: readonly string[], cases: readonly CaseInput[]): KnobValue[] {
  // A knob whose every value gives the same ranking on these cases is tried once; so the library
  // values (TFRS's optimistic ties, Haystack's no-credit repeats, Elasticsearch's drop-after-cut, a
  // query that retrieves itself, RecPack's zero scores) cost nothing where the cases do not raise them.
  if (knob === 'ties' && !cases.some(hasTiedScores)) return ['input'];
  if (knob === 'duplicates' && !cases.some(hasRepeatedPrediction)) return ['first'];
  if (knob === 'unjudged' && !cases.some(hasUnjudgedPrediction)) return ['keep'];
  if (knob === 'emptyPredictions' && !cases.some((c) => c.predictions.length === 0)) return ['zero'];
  if (knob === 'identicalIds' && !cases.some(predictsItself)) return ['keep'];
  if (knob === 'zeroScores' && !cases.some((c) => c.predictions.some((p) => p.score === 0))) return ['keep'];
  if (knob === 'relevanceThreshold') return thresholdCandidates(cases);
  return [...listed] as KnobValue[];
}

/**
 * One threshold per distinct relevance split of the fixture's grades: 'listed', then a threshold
 * below every grade, then one between each pair of neighbouring grades (0 where 0 falls in that
 * gap, as the presets write it).
 */
export function thresholdCandidates(cases: readonly CaseInput[]): RelevanceThreshold[] {
  const grades = distinctGrades(cases);
  const out: RelevanceThreshold[] = ['listed'];
  if (grades.length === 0) return [...out, 0];
  for (let i = -1; i < grades.length - 1; i++) out.push(gapRepresentative(grades, i));
  return out;
}

/** The candidate that splits the grades as `t` does (t itself for 'listed'). */
export function thresholdClassOf(t: RelevanceThreshold, cases: readonly CaseInput[]): RelevanceThreshold {
  if (t === 'listed') return t;
  const grades = distinctGrades(cases);
  if (grades.length === 0) return 0;
  // Index of the last grade ≤ t: grades above it are relevant.
  let i = -1;
  while (i + 1 < grades.length && grades[i + 1] <= t) i++;
  if (i === grades.length - 1) i = grades.length - 2; // nothing relevant: as strict as the search goes
  return gapRepresentative(grades, i);
}

// Thresholds in [grades[i], grades[i+1]) (i = −1: below every grade) split the grades alike.
function gapRepresentative(grades: number[], i: number): number {
  const lo = i < 0 ? -Infinity : grades[i];
  const hi = grades[i + 1];
  if (lo <= 0 && 0 < hi) return 0;
  return i < 0 ? hi - 1 : lo;
}

function distinctGrades(cases: readonly CaseInput[]): number[] {
  const set = new Set<number>();
  for (const c of cases) for (const l of c.labels) if (Number.isFinite(l.grade)) set.add(l.grade);
  return [...set].sort((a, b) => a - b);
}

function hasTiedScores(c: CaseInput): boolean {
  const seen = new Set<number>();
  for (const p of c.predictions) {
    if (p.score === undefined) return false;
    const key = Number.isNaN(p.score) ? -Infinity : p.score;
    if (seen.has(key)) return true;
    seen.add(key);
  }
  return false;
}

function hasRepeatedPrediction(c: CaseInput): boolean {
  return new Set(c.predictions.map((p) => p.id)).size < c.predictions.length;
}

function predictsItself(c: CaseInput): boolean {
  return c.id !== undefined && c.predictions.some((p) => p.id === c.id);
}

function hasUnjudgedPrediction(c: CaseInput): boolean {
  const labeled = new Set(c.labels.map((l) => l.id));
  return c.predictions.some((p) => !labeled.has(p.id));
}
