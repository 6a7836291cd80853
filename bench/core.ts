/**
 * Core benchmark: every metric at k ∈ {1, 3, 5, 10, 100} (plus the no-cutoff ones) for
 * 10,000 cases × 1,000 scored predictions, graded labels. Target: under 2 s.
 */
import { CaseInput, Label, Prediction } from '../shared/core/caseInput';
import { resolveConvention } from '../shared/core/conventions';
import { evaluateCases } from '../shared/core/evaluate';
import { expandMetrics } from '../shared/core/metricNames';
import { seeded, summarize } from './random';

/**
 * Cases of scored predictions over a 5,000-item catalogue with about 30 graded labels. Shuffled:
 * scores in random order (the worst case, a full sort per case); best-first: written in ranked order,
 * as retrieval systems and TREC runs write them.
 */
export function generateCases(nCases: number, nPredictions: number, seed = 42, order: 'shuffled' | 'best-first' = 'shuffled'): CaseInput[] {
  const rand = seeded(seed);
  const cases: CaseInput[] = [];
  for (let c = 0; c < nCases; c++) {
    const labels: Label[] = [];
    const nLabels = 1 + Math.floor(rand() * 60);
    for (let i = 0; i < nLabels; i++) labels.push({ id: `item${Math.floor(rand() * 5000)}`, grade: Math.floor(rand() * 4) });
    const items: number[] = [];
    const scores: number[] = [];
    const used = new Set<number>();
    while (items.length < nPredictions) {
      const item = Math.floor(rand() * 5000);
      if (used.has(item)) continue;
      used.add(item);
      items.push(item);
      scores.push(Math.round(rand() * 1e6) / 1e6);
    }
    // Objects are made in the order written, as a parser makes them (memory order = list order).
    const at = items.map((_, i) => i);
    if (order === 'best-first') at.sort((a, b) => scores[b] - scores[a]);
    const predictions: Prediction[] = at.map((i) => ({ id: `item${items[i]}`, score: scores[i] }));
    cases.push({ labels, predictions });
  }
  return cases;
}

/** Runs the core benchmark and returns its figures. */
export interface CoreFigure {
  preset: string;
  order: string;
  cases: number;
  predictions: number;
  metrics: number;
  medianMs: number;
  cpuMs: number;
  runsMs: number[];
}

/** Runs the core benchmark for both input orders and three presets; returns its figures. */
export function benchCore(runs = 3): CoreFigure[] {
  const results: CoreFigure[] = [];
  for (const order of ['shuffled', 'best-first'] as const) results.push(...benchOrder(order, runs));
  return results;
}

function benchOrder(order: 'shuffled' | 'best-first', runs: number): CoreFigure[] {
  const cases = generateCases(10_000, 1_000, 42, order);
  const specs = expandMetrics(undefined, [1, 3, 5, 10, 100]);
  const results: CoreFigure[] = [];
  for (const preset of ['default', 'trec_eval', 'sklearn']) {
    const { resolved } = resolveConvention(preset);
    const runsMs: number[] = [];
    const cpu: number[] = [];
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      evaluateCases(cases, specs, resolved);
      const c1 = process.cpuUsage(c0);
      runsMs.push(performance.now() - t0);
      // CPU time of this process (all threads, GC included): steadier than wall time on a busy machine.
      cpu.push((c1.user + c1.system) / 1000);
    }
    results.push({
      preset,
      order,
      cases: cases.length,
      predictions: 1_000,
      metrics: specs.length,
      medianMs: summarize(runsMs).median,
      cpuMs: summarize(cpu).median,
      runsMs,
    });
  }
  return results;
}

if (require.main === module) {
  for (const r of benchCore()) {
    console.log(
      `core ${r.preset}, ${r.order}: ${r.cases} cases × ${r.predictions} predictions, ${r.metrics} metrics: median ${r.medianMs.toFixed(0)} ms wall, ${r.cpuMs.toFixed(0)} ms CPU (wall runs ${r.runsMs.map((x) => x.toFixed(0)).join(', ')})`,
    );
  }
}
