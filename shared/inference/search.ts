/**
 * "Which definition made this number?": the conventions under which every expected value matches.
 *
 * Each expectation depends on a few knobs only (its family's, plus the ones that change the ranking
 * or empty cases). So each is computed once per setting of its own knobs, and the expectations that
 * share a set of knobs are summed into one table of match counts. Knob values that give the same
 * number for every expectation are merged, and the search then walks every combination of the
 * remaining values, adding one table lookup per knob set. Matches are described as the nearest
 * preset plus the fewest overrides.
 */
import { CaseInput } from '../core/caseInput';
import { Convention, KnobName, PRESETS, PRESET_NAMES, PresetName } from '../core/conventions';
import { MetricSpec } from '../core/metricNames';
import { metricValue } from '../core/metrics/dispatch';
import { RankedCase, rankCase } from '../core/ranking';
import { Axis, KnobValue, dependencies, searchAxes, thresholdClassOf } from './knobSpace';

export interface ExpectedValue {
  /** Index of the case, or 'mean' for the mean over every case (NaN values left out). */
  case: number | 'mean';
  spec: MetricSpec;
  /** The expected value; null: NaN. */
  expected: number | null;
  /** A computed value in [low, high] matches (ignored when expected is null). */
  low: number;
  high: number;
}

export interface ConventionMatch {
  preset: PresetName;
  /** The knobs set differently from the preset, fewest possible for this match. */
  overrides: Partial<Convention>;
  convention: Convention;
  /** How many expectations it reproduces. */
  matched: number;
}

export interface Unexplained {
  /** Index into the expectations. */
  expectation: number;
  /** The value closest to the expected one that any convention gives (null: only NaN). */
  nearest: number | null;
  /** The knob settings that give it, where they differ from the best match. */
  nearestKnobs: Partial<Convention>;
}

export interface InferenceResult {
  expectations: number;
  /** Best first: most expectations reproduced, then fewest overrides. */
  matches: ConventionMatch[];
  /** Whether the best match reproduces every expectation. */
  exact: boolean;
  /** The expectations the best match does not reproduce. */
  unexplained: Unexplained[];
  /** How many knob combinations were compared (after merging equivalent values). */
  combinations: number;
}

export interface InferOptions {
  /** At most this many matches (default 10). */
  maxMatches?: number;
}

/** Runs the search to the end. */
export function inferConventions(cases: readonly CaseInput[], expectations: readonly ExpectedValue[], options: InferOptions = {}): InferenceResult {
  const steps = inferenceSteps(cases, expectations, options);
  for (;;) {
    const next = steps.next();
    if (next.done) return next.value;
  }
}

interface Group {
  /** Axis indices of the knobs these expectations depend on. */
  axes: number[];
  /** Stride of each of those axes in the projection index. */
  strides: number[];
  size: number;
  members: number[];
  /** Per member, its value under each projection. */
  values: Float64Array[];
  /** Per projection, how many members match. */
  counts: Int32Array;
}

/**
 * The search in steps: it yields after each group of expectations, so a caller can stop it between
 * steps (the editor does when the text changes) without waiting for the end.
 */
export function* inferenceSteps(cases: readonly CaseInput[], expectations: readonly ExpectedValue[], options: InferOptions = {}): Generator<void, InferenceResult, void> {
  const families = new Set(expectations.map((e) => e.spec.family));
  const axes = searchAxes(cases, families);
  const axisOf = new Map(axes.map((a, i) => [a.knob, i]));
  const ranked = cases.map(() => new Map<string, RankedCase>());

  const byKey = new Map<string, Group>();
  expectations.forEach((e, i) => {
    const own = dependencies(e.spec.family).map((k) => axisOf.get(k)!).sort((a, b) => a - b);
    const key = own.join(',');
    let g = byKey.get(key);
    if (!g) {
      const strides: number[] = [];
      let size = 1;
      for (const a of own) { strides.push(size); size *= axes[a].values.length; }
      g = { axes: own, strides, size, members: [], values: [], counts: new Int32Array(size) };
      byKey.set(key, g);
    }
    g.members.push(i);
  });
  const groups = [...byKey.values()];

  for (const g of groups) {
    const conventions = projectionConventions(g, axes);
    for (const i of g.members) {
      const e = expectations[i];
      const values = new Float64Array(g.size);
      for (let p = 0; p < g.size; p++) {
        const v = valueOf(e, conventions[p], cases, ranked);
        values[p] = v;
        if (matches(e, v)) g.counts[p]++;
      }
      g.values.push(values);
    }
    yield;
  }

  const classes = axes.map((_, a) => valueClasses(a, axes, groups));
  yield;
  const best = bestAssignments(axes, classes, groups);
  const described = best.assignments.map((assignment) => ({ assignment, match: describe(assignment, axes, classes, cases, best.total) }));
  described.sort((x, y) => Object.keys(x.match.overrides).length - Object.keys(y.match.overrides).length
    || PRESET_NAMES.indexOf(x.match.preset) - PRESET_NAMES.indexOf(y.match.preset));
  const matchesOut = described.slice(0, options.maxMatches ?? 10).map((d) => d.match);
  const unexplained = described.length > 0 ? unexplainedBy(described[0].assignment, axes, classes, groups, expectations) : [];
  return { expectations: expectations.length, matches: matchesOut, exact: best.total === expectations.length, unexplained, combinations: best.combinations };
}

/** A convention for each projection of a group: the default preset with the group's knobs set. */
function projectionConventions(g: Group, axes: Axis[]): Convention[] {
  const out: Convention[] = [];
  for (let p = 0; p < g.size; p++) {
    const conv: Record<string, unknown> = { ...PRESETS.default };
    g.axes.forEach((a, j) => { conv[axes[a].knob] = axes[a].values[digit(p, g, j, axes)]; });
    out.push(conv as unknown as Convention);
  }
  return out;
}

function digit(p: number, g: Group, j: number, axes: Axis[]): number {
  return Math.floor(p / g.strides[j]) % axes[g.axes[j]].values.length;
}

const RANKING: readonly KnobName[] = ['ties', 'duplicates', 'relevanceThreshold', 'relevantPool'];

function rankedUnder(caseIndex: number, conv: Convention, cases: readonly CaseInput[], ranked: Map<string, RankedCase>[]): RankedCase {
  const key = RANKING.map((k) => conv[k]).join('|');
  let rc = ranked[caseIndex].get(key);
  if (!rc) {
    rc = rankCase(cases[caseIndex], conv, { valuesOnly: true });
    ranked[caseIndex].set(key, rc);
  }
  return rc;
}

function valueOf(e: ExpectedValue, conv: Convention, cases: readonly CaseInput[], ranked: Map<string, RankedCase>[]): number {
  if (e.case !== 'mean') return metricValue(rankedUnder(e.case, conv, cases, ranked), e.spec, conv);
  let sum = 0;
  let n = 0;
  for (let c = 0; c < cases.length; c++) {
    const v = metricValue(rankedUnder(c, conv, cases, ranked), e.spec, conv);
    if (!Number.isNaN(v)) { sum += v; n++; }
  }
  return n === 0 ? NaN : sum / n;
}

/** Whether a computed value reproduces an expectation. */
export function matches(e: ExpectedValue, v: number): boolean {
  if (e.expected === null) return Number.isNaN(v);
  return v >= e.low && v <= e.high;
}

function sameValue(a: number, b: number): boolean {
  if (Number.isNaN(a) || Number.isNaN(b)) return Number.isNaN(a) && Number.isNaN(b);
  return Math.abs(a - b) <= 1e-12 * Math.max(1, Math.abs(a));
}

/**
 * For one axis, the class of each value: two values share a class when swapping them changes no
 * expectation's value under any setting of the other knobs.
 */
function valueClasses(a: number, axes: Axis[], groups: Group[]): number[] {
  const n = axes[a].values.length;
  const cls = Array.from({ length: n }, (_, i) => i);
  for (let j = 1; j < n; j++) {
    for (let i = 0; i < j; i++) {
      if (cls[i] !== i) continue;
      if (equivalent(a, i, j, axes, groups)) { cls[j] = i; break; }
    }
  }
  return cls;
}

function equivalent(a: number, i: number, j: number, axes: Axis[], groups: Group[]): boolean {
  for (const g of groups) {
    const pos = g.axes.indexOf(a);
    if (pos < 0) continue;
    const shift = (j - i) * g.strides[pos];
    for (let p = 0; p < g.size; p++) {
      if (digit(p, g, pos, axes) !== i) continue;
      for (const values of g.values) if (!sameValue(values[p], values[p + shift])) return false;
    }
  }
  return true;
}

/** Walks every combination of class representatives; keeps those reproducing the most expectations. */
function bestAssignments(axes: Axis[], classes: number[][], groups: Group[]): { total: number; assignments: number[][]; combinations: number } {
  const reps = classes.map((cls) => cls.map((c, i) => (c === i ? i : -1)).filter((i) => i >= 0));
  const pick = new Array<number>(axes.length).fill(0);
  let total = -1;
  let assignments: number[][] = [];
  let combinations = 0;
  for (;;) {
    combinations++;
    const assignment = pick.map((r, a) => reps[a][r]);
    let sum = 0;
    for (const g of groups) {
      let p = 0;
      for (let j = 0; j < g.axes.length; j++) p += assignment[g.axes[j]] * g.strides[j];
      sum += g.counts[p];
    }
    if (sum > total) { total = sum; assignments = [assignment]; } else if (sum === total && assignments.length < 5000) assignments.push(assignment);
    let a = 0;
    while (a < axes.length && ++pick[a] === reps[a].length) { pick[a] = 0; a++; }
    if (a === axes.length) break;
  }
  return { total: Math.max(total, 0), assignments, combinations };
}

/** The axis value index whose class holds a preset's value (a value the search pruned gives no different number). */
function classOfValue(a: number, value: KnobValue, axes: Axis[], classes: number[][], cases: readonly CaseInput[]): number | undefined {
  const axis = axes[a];
  const v = axis.knob === 'relevanceThreshold' ? thresholdClassOf(value as number | 'listed', cases) : value;
  const i = axis.values.indexOf(v);
  if (i >= 0) return classes[a][i];
  // Pruned up front because every value gives the same ranking here (ties, duplicates).
  return axis.values.length === 1 ? 0 : undefined;
}

/** The nearest preset and the fewest overrides for one assignment. */
function describe(assignment: number[], axes: Axis[], classes: number[][], cases: readonly CaseInput[], matched: number): ConventionMatch {
  let best: { preset: PresetName; overrides: Partial<Convention> } | undefined;
  for (const preset of PRESET_NAMES) {
    const overrides: Record<string, unknown> = {};
    axes.forEach((axis, a) => {
      const own = classOfValue(a, PRESETS[preset][axis.knob], axes, classes, cases);
      if (own !== classes[a][assignment[a]]) overrides[axis.knob] = axis.values[assignment[a]];
    });
    if (!best || Object.keys(overrides).length < Object.keys(best.overrides).length) best = { preset, overrides: overrides as Partial<Convention> };
  }
  return { ...best!, convention: { ...PRESETS[best!.preset], ...best!.overrides }, matched };
}

function unexplainedBy(assignment: number[], axes: Axis[], classes: number[][], groups: Group[], expectations: readonly ExpectedValue[]): Unexplained[] {
  const out: Unexplained[] = [];
  for (const g of groups) {
    let p = 0;
    for (let j = 0; j < g.axes.length; j++) p += assignment[g.axes[j]] * g.strides[j];
    g.members.forEach((i, m) => {
      const e = expectations[i];
      if (matches(e, g.values[m][p])) return;
      // The closest value; among equally close ones, the setting that changes the fewest knobs.
      let nearestAt = -1;
      let distance = Infinity;
      let changed = Infinity;
      for (let q = 0; q < g.size; q++) {
        const v = g.values[m][q];
        const d = Number.isNaN(v) ? (e.expected === null ? 0 : Infinity) : e.expected === null ? Infinity : Math.abs(v - e.expected);
        if (d > distance + 1e-12) continue;
        const c = changedKnobs(q, g, assignment, axes, classes);
        if (d < distance - 1e-12 || c < changed) { distance = Math.min(d, distance); nearestAt = q; changed = c; }
      }
      const nearestKnobs: Record<string, unknown> = {};
      if (nearestAt >= 0) {
        g.axes.forEach((a, j) => {
          const d = digit(nearestAt, g, j, axes);
          if (classes[a][d] !== classes[a][assignment[a]]) nearestKnobs[axes[a].knob] = axes[a].values[d];
        });
      }
      const v = nearestAt >= 0 ? g.values[m][nearestAt] : NaN;
      out.push({ expectation: i, nearest: Number.isNaN(v) ? null : v, nearestKnobs: nearestKnobs as Partial<Convention> });
    });
  }
  return out.sort((x, y) => x.expectation - y.expectation);
}

function changedKnobs(q: number, g: Group, assignment: number[], axes: Axis[], classes: number[][]): number {
  let n = 0;
  g.axes.forEach((a, j) => { if (classes[a][digit(q, g, j, axes)] !== classes[a][assignment[a]]) n++; });
  return n;
}
