/**
 * "Which definition made this number?": the conventions under which every expected value matches.
 *
 * Each expectation depends on a few knobs only (its family's, plus the ones that change the ranking
 * or empty cases): a setting of those knobs is a projection. Expectations with the same knobs form a
 * group with one table of misses per projection. The search allows a number of misses (0 first,
 * then 1, 2, 4, … until some convention fits): a projection with more misses is dead and not
 * computed further, and a knob value dead in every projection of some group is dead everywhere. So
 * most expectations are computed under a handful of projections. Values computed once are kept
 * across rounds. Knob values that give the same number for every live setting are merged; the search
 * walks the combinations of the remaining live values and describes each best one as the nearest
 * preset plus the fewest overrides.
 */
import { CaseInput } from '../core/caseInput';
import { Convention, KnobName, PRESETS, PRESET_NAMES, PresetName } from '../core/conventions';
import { MetricSpec } from '../core/metricNames';
import { metricValue, pooledParts } from '../core/metrics/dispatch';
import { POOLED_FAMILIES, hasPooledForm } from '../core/pooled';
import { MetricScratch, metricScratch } from '../core/metrics/metricScratch';
import { RankedCase, rankCase } from '../core/ranking';
import { Axis, KnobValue, dependencies, narrowAxes, searchAxes, thresholdClassOf } from './knobSpace';

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
export function inferConventions(
  cases: readonly CaseInput[],
  expectations: readonly ExpectedValue[],
  options: InferOptions = {},
): InferenceResult {
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
  /** Expectation indices: per-case ones first (cheap), means last. */
  members: number[];
  /** Per member, its value under each projection computed so far (few: most projections die early). */
  values: Map<number, number>[];
  /** Per projection: misses in the current round, and a convention and ranking index once needed. */
  misses: Int32Array;
  conventions: (Convention | undefined)[];
  rankingAt: Int32Array;
  /** After the last round: the projections a match can use. */
  live: number[];
  /** The misses a projection of this group may have in the current round. */
  budget: number;
}

interface State {
  cases: readonly CaseInput[];
  expectations: readonly ExpectedValue[];
  axes: Axis[];
  groups: Group[];
  /** Per axis, per value: still possible in this round. */
  live: Uint8Array[];
  /** The misses this round allows. */
  slack: number;
  ranked: (RankedCase | undefined)[][];
  /** The metrics' buffers and memos, for the values this search computes one after another. */
  metrics: MetricScratch;
}

/**
 * The search in steps: it yields after each group of expectations, so a caller can stop it between
 * steps (the editor does when the text changes) without waiting for the end.
 */
export function* inferenceSteps(
  cases: readonly CaseInput[],
  expectations: readonly ExpectedValue[],
  options: InferOptions = {},
): Generator<void, InferenceResult, void> {
  const n = expectations.length;
  if (n === 0) return { expectations: 0, matches: [], exact: true, unexplained: [], combinations: 0 };
  const state = prepare(cases, expectations);
  // A first round asks for every expectation (the common case, and the cheapest: a knob value that
  // misses once in one group is dropped for all). If that fails, each group alone: the fewest misses
  // any setting of its knobs has, a lower bound for it. Computed values are kept throughout.
  let best = yield* round(
    state,
    state.groups.map(() => 0),
    0,
  );
  if (best.misses !== 0) {
    const fewest: number[] = [];
    for (const g of state.groups) fewest.push(yield* groupMinimum(state, g));
    // Then all together: a total of at most the sum of those bounds plus `extra` misses, so a group
    // may have at most its own bound plus `extra`.
    const floor = fewest.reduce((a, b) => a + b, 0);
    for (let extra = 0; ; extra = Math.max(1, extra * 2)) {
      best = yield* round(state, fewest, extra);
      if (best.misses <= floor + extra || floor + extra >= n) break;
    }
  }
  for (const g of state.groups) g.live = liveProjections(state, g);
  const classes = state.axes.map((_, a) => valueClasses(state, a));
  const presetClasses = PRESET_NAMES.map((preset) =>
    state.axes.map((axis, a) => classOfValue(state, a, PRESETS[preset][axis.knob], classes)),
  );
  const described = best.assignments.map((assignment) => ({
    assignment,
    match: describe(state, assignment, classes, presetClasses, n - best.misses),
  }));
  described.sort(
    (x, y) =>
      Object.keys(x.match.overrides).length - Object.keys(y.match.overrides).length ||
      PRESET_NAMES.indexOf(x.match.preset) - PRESET_NAMES.indexOf(y.match.preset),
  );
  const seen = new Set<string>();
  const unique = described.filter((d) => {
    const key = JSON.stringify([d.match.preset, d.match.overrides]);
    return !seen.has(key) && seen.add(key) !== undefined;
  });
  const unexplained = unique.length > 0 ? unexplainedBy(state, unique[0].assignment) : [];
  return {
    expectations: n,
    matches: unique.slice(0, options.maxMatches ?? 10).map((d) => d.match),
    exact: (best.misses === 0 && n > 0) || n === 0,
    unexplained,
    combinations: best.combinations,
  };
}

function prepare(cases: readonly CaseInput[], expectations: readonly ExpectedValue[]): State {
  const families = new Set(expectations.map((e) => e.spec.family));
  const axes = narrowAxes(
    searchAxes(cases, families),
    cases,
    expectations.map((e) => e.spec),
    expectations.some((e) => e.case === 'mean'),
  );
  const axisOf = new Map(axes.map((a, i) => [a.knob, i]));
  const rankingAxes = RANKING.map((k) => axisOf.get(k)!);
  const rankingSize = rankingAxes.reduce((size, a) => size * axes[a].values.length, 1);
  const byKey = new Map<string, Group>();
  const byFamily = new Map<string, Group>();
  expectations.forEach((e, i) => {
    let g = byFamily.get(e.spec.family);
    if (g) {
      g.members.push(i);
      return;
    }
    const own = dependencies(e.spec.family)
      .map((k) => axisOf.get(k)!)
      .sort((a, b) => a - b);
    const key = own.join(',');
    g = byKey.get(key);
    if (!g) {
      const strides: number[] = [];
      let size = 1;
      for (const a of own) {
        strides.push(size);
        size *= axes[a].values.length;
      }
      g = {
        axes: own,
        strides,
        size,
        members: [],
        values: [],
        misses: new Int32Array(size),
        conventions: new Array(size),
        rankingAt: new Int32Array(size),
        live: [],
        budget: 0,
      };
      byKey.set(key, g);
    }
    byFamily.set(e.spec.family, g);
    g.members.push(i);
  });
  const groups = [...byKey.values()].sort((a, b) => a.size - b.size);
  for (const g of groups) {
    g.members.sort((x, y) => Number(expectations[x].case === 'mean') - Number(expectations[y].case === 'mean') || x - y);
    g.values = g.members.map(() => new Map());
    const positions = rankingAxes.map((a) => g.axes.indexOf(a));
    for (let p = 0; p < g.size; p++) g.rankingAt[p] = rankingIndex(g, p, axes, positions);
  }
  return {
    cases,
    expectations,
    axes,
    groups,
    live: [],
    slack: 0,
    ranked: cases.map(() => new Array(rankingSize)),
    metrics: metricScratch(),
  };
}

/** One round: every group with at most its bound plus `extra` misses, then the best combinations. */
function* round(
  state: State,
  fewest: number[],
  extra: number,
): Generator<void, { misses: number; assignments: number[][]; combinations: number }, void> {
  state.live = state.axes.map((a) => new Uint8Array(a.values.length).fill(1));
  state.slack = fewest.reduce((a, b) => a + b, 0) + extra;
  for (const [i, g] of state.groups.entries()) {
    g.budget = fewest[i] + extra;
    g.misses.fill(0);
    runGroup(state, g, g.budget);
    killValues(state, g, g.budget);
    yield;
  }
  return bestAssignments(state, state.slack);
}

/** The fewest misses of any projection of one group on its own, allowing 0, 1, 2, 4, … misses. */
function* groupMinimum(state: State, g: Group): Generator<void, number, void> {
  state.live = state.axes.map((a) => new Uint8Array(a.values.length).fill(1));
  for (let budget = 0; ; budget = Math.max(1, budget * 2)) {
    g.misses.fill(0);
    runGroup(state, g, budget);
    let least = Infinity;
    for (let p = 0; p < g.size; p++) least = Math.min(least, g.misses[p]);
    if (least <= budget) return least;
    yield;
  }
}

/** Counts each member's misses under every projection still alive. */
function runGroup(state: State, g: Group, slack: number): void {
  const alive = new Int32Array(g.size);
  let count = 0;
  for (let p = 0; p < g.size; p++) if (projectionLive(state, g, p)) alive[count++] = p;
  g.members.forEach((i, m) => {
    const e = state.expectations[i];
    const values = g.values[m];
    let kept = 0;
    for (let n = 0; n < count; n++) {
      const p = alive[n];
      let v = values.get(p);
      if (v === undefined) {
        v = valueAt(state, g, p, e);
        values.set(p, v);
      }
      if (!matches(e, v) && ++g.misses[p] > slack) continue;
      alive[kept++] = p;
    }
    count = kept;
  });
  const live = new Uint8Array(g.size);
  for (let n = 0; n < count; n++) live[alive[n]] = 1;
  for (let p = 0; p < g.size; p++) if (!live[p]) g.misses[p] = Math.max(g.misses[p], slack + 1);
}

function liveProjections(state: State, g: Group): number[] {
  const out: number[] = [];
  for (let p = 0; p < g.size; p++) if (g.misses[p] <= g.budget && projectionLive(state, g, p)) out.push(p);
  return out;
}

function projectionLive(state: State, g: Group, p: number): boolean {
  for (let j = 0; j < g.axes.length; j++) if (!state.live[g.axes[j]][digit(p, g, j, state.axes)]) return false;
  return true;
}

/** A knob value with too many misses in every projection of this group cannot be in a match. */
function killValues(state: State, g: Group, slack: number): void {
  g.axes.forEach((a, j) => {
    const seen = new Uint8Array(state.axes[a].values.length);
    for (let p = 0; p < g.size; p++) if (g.misses[p] <= slack) seen[digit(p, g, j, state.axes)] = 1;
    for (let v = 0; v < seen.length; v++) if (!seen[v]) state.live[a][v] = 0;
  });
}

/** A convention for a projection: seed 000's preset (the knobs the search leaves alone) with the group's knobs set. */
function conventionAt(state: State, g: Group, p: number): Convention {
  let conv = g.conventions[p];
  if (!conv) {
    const c: Record<string, unknown> = { ...PRESETS.seed000 };
    g.axes.forEach((a, j) => {
      c[state.axes[a].knob] = state.axes[a].values[digit(p, g, j, state.axes)];
    });
    conv = g.conventions[p] = c as unknown as Convention;
  }
  return conv;
}

function digit(p: number, g: Group, j: number, axes: Axis[]): number {
  return Math.floor(p / g.strides[j]) % axes[g.axes[j]].values.length;
}

/** The knobs that change a case's ranked list (searchAxes always includes them): one ranked list per setting of these. */
const RANKING: readonly KnobName[] = ['ties', 'duplicates', 'unjudged', 'relevanceThreshold', 'relevantPool', 'identicalIds', 'zeroScores'];

/** The index of a projection's ranking knobs' setting (one ranked list per case and setting). */
function rankingIndex(g: Group, p: number, axes: Axis[], positions: number[]): number {
  let index = 0;
  let stride = 1;
  for (const j of positions) {
    index += digit(p, g, j, axes) * stride;
    stride *= axes[g.axes[j]].values.length;
  }
  return index;
}

function rankedAt(state: State, c: number, conv: Convention, at: number): RankedCase {
  return (state.ranked[c][at] ??= rankCase(state.cases[c], conv, { valuesOnly: true }));
}

function valueAt(state: State, g: Group, p: number, e: ExpectedValue): number {
  const conv = conventionAt(state, g, p);
  const at = g.rankingAt[p];
  if (e.case !== 'mean') return metricValue(rankedAt(state, e.case, conv, at), e.spec, conv, state.metrics);
  if (conv.averaging === 'pooled' && POOLED_FAMILIES.has(e.spec.family)) return pooledValue(state, conv, at, e);
  if (conv.averaging === 'pooled' && !hasPooledForm(e.spec)) return NaN;
  let sum = 0;
  let n = 0;
  for (let c = 0; c < state.cases.length; c++) {
    const v = metricValue(rankedAt(state, c, conv, at), e.spec, conv, state.metrics);
    if (!Number.isNaN(v)) {
      sum += v;
      n++;
    }
  }
  return n === 0 ? NaN : sum / n;
}

/** The run figure of P, R or F1 under averaging=pooled: Σ hits ÷ Σ denominators over the cases with a value, as pooled.ts computes it. */
function pooledValue(state: State, conv: Convention, at: number, e: ExpectedValue): number {
  let hits = 0;
  let pDen = 0;
  let rDen = 0;
  for (let c = 0; c < state.cases.length; c++) {
    const rc = rankedAt(state, c, conv, at);
    if (Number.isNaN(metricValue(rc, e.spec, conv, state.metrics))) continue;
    const parts = pooledParts(rc, e.spec, conv);
    hits += parts.hits;
    pDen += parts.precision;
    rDen += parts.recall;
  }
  const p = pDen === 0 ? NaN : hits / pDen;
  const r = rDen === 0 ? NaN : hits / rDen;
  if (e.spec.family === 'P') return p;
  if (e.spec.family === 'R') return r;
  return p + r === 0 ? (conv.noHit === 'nan' ? NaN : 0) : (2 * p * r) / (p + r);
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
 * For one axis, the class of each live value: two values share a class when swapping them changes
 * no expectation's value in any live projection. Dead values stay alone.
 */
function valueClasses(state: State, a: number): number[] {
  const n = state.axes[a].values.length;
  const cls = Array.from({ length: n }, (_, i) => i);
  for (let j = 1; j < n; j++) {
    if (!state.live[a][j]) continue;
    for (let i = 0; i < j; i++) {
      if (cls[i] !== i || !state.live[a][i]) continue;
      if (equivalent(state, a, i, j) && equivalent(state, a, j, i)) {
        cls[j] = i;
        break;
      }
    }
  }
  return cls;
}

// Every live projection with value i keeps its values when i becomes j.
function equivalent(state: State, a: number, i: number, j: number): boolean {
  for (const g of state.groups) {
    const pos = g.axes.indexOf(a);
    if (pos < 0) continue;
    const shift = (j - i) * g.strides[pos];
    for (const p of g.live) {
      if (digit(p, g, pos, state.axes) !== i) continue;
      for (const values of g.values) {
        const v = values.get(p);
        if (v === undefined) continue;
        const w = values.get(p + shift);
        if (w === undefined || !sameValue(v, w)) return false;
      }
    }
  }
  return true;
}

/** Walks every combination of live values; keeps those with the fewest misses (at most slack). */
function bestAssignments(state: State, slack: number): { misses: number; assignments: number[][]; combinations: number } {
  const values = state.live.map((live) => [...live.keys()].filter((v) => live[v]));
  if (values.some((v) => v.length === 0)) return { misses: Infinity, assignments: [], combinations: 0 };
  const pick = new Array<number>(state.axes.length).fill(0);
  let misses = Infinity;
  let assignments: number[][] = [];
  let combinations = 0;
  for (;;) {
    combinations++;
    const assignment = pick.map((r, a) => values[a][r]);
    let sum = 0;
    for (const g of state.groups) {
      let p = 0;
      for (let j = 0; j < g.axes.length; j++) p += assignment[g.axes[j]] * g.strides[j];
      sum += g.misses[p];
      if (sum > slack) break;
    }
    if (sum <= slack) {
      if (sum < misses) {
        misses = sum;
        assignments = [assignment];
      } else if (sum === misses && assignments.length < 5000) assignments.push(assignment);
    }
    let a = 0;
    while (a < state.axes.length && ++pick[a] === values[a].length) {
      pick[a] = 0;
      a++;
    }
    if (a === state.axes.length) break;
  }
  return { misses, assignments, combinations };
}

/** The class of the axis value a preset's value falls in (a value pruned up front changes nothing here). */
function classOfValue(state: State, a: number, value: KnobValue, classes: number[][]): number | undefined {
  const axis = state.axes[a];
  const v = axis.knob === 'relevanceThreshold' ? thresholdClassOf(value as number | 'listed', state.cases) : value;
  const i = axis.values.indexOf(v);
  if (i >= 0) return classes[a][i];
  return axis.values.length === 1 ? 0 : undefined;
}

/** The nearest preset and the fewest overrides for one assignment. */
function describe(
  state: State,
  assignment: number[],
  classes: number[][],
  presetClasses: (number | undefined)[][],
  matched: number,
): ConventionMatch {
  let best: { preset: PresetName; overrides: Partial<Convention> } | undefined;
  for (const [pi, preset] of PRESET_NAMES.entries()) {
    const overrides: Record<string, unknown> = {};
    state.axes.forEach((axis, a) => {
      if (presetClasses[pi][a] !== classes[a][assignment[a]]) overrides[axis.knob] = axis.values[assignment[a]];
    });
    if (!best || Object.keys(overrides).length < Object.keys(best.overrides).length)
      best = { preset, overrides: overrides as Partial<Convention> };
  }
  return { ...best!, convention: { ...PRESETS[best!.preset], ...best!.overrides }, matched };
}

/** The expectations an assignment misses, each with the nearest value any projection gives. */
function unexplainedBy(state: State, assignment: number[]): Unexplained[] {
  const out: Unexplained[] = [];
  for (const g of state.groups) {
    let p = 0;
    for (let j = 0; j < g.axes.length; j++) p += assignment[g.axes[j]] * g.strides[j];
    g.members.forEach((i, m) => {
      const e = state.expectations[i];
      const own = g.values[m].get(p);
      if (own !== undefined && matches(e, own)) return;
      // The closest value; among equally close ones, the setting that changes the fewest knobs. Knob
      // values are compared as they are, not by class: classes are only valid for live settings.
      let nearestAt = -1;
      let distance = Infinity;
      let changed = Infinity;
      for (let q = 0; q < g.size; q++) {
        let v = g.values[m].get(q);
        if (v === undefined) {
          v = valueAt(state, g, q, e);
          g.values[m].set(q, v);
        }
        const d = Number.isNaN(v) ? (e.expected === null ? 0 : Infinity) : e.expected === null ? Infinity : Math.abs(v - e.expected);
        if (d > distance + 1e-12) continue;
        const c = changedKnobs(state, q, g, assignment);
        if (d < distance - 1e-12 || c < changed) {
          distance = Math.min(d, distance);
          nearestAt = q;
          changed = c;
        }
      }
      const nearestKnobs: Record<string, unknown> = {};
      if (nearestAt >= 0) {
        g.axes.forEach((a, j) => {
          const d = digit(nearestAt, g, j, state.axes);
          if (d !== assignment[a]) nearestKnobs[state.axes[a].knob] = state.axes[a].values[d];
        });
      }
      const v = nearestAt >= 0 ? g.values[m].get(nearestAt)! : NaN;
      out.push({ expectation: i, nearest: Number.isNaN(v) ? null : v, nearestKnobs: nearestKnobs as Partial<Convention> });
    });
  }
  return out.sort((x, y) => x.expectation - y.expectation);
}

function changedKnobs(state: State, q: number, g: Group, assignment: number[]): number {
  let n = 0;
  g.axes.forEach((a, j) => {
    if (digit(q, g, j, state.axes) !== assignment[a]) n++;
  });
  return n;
}
