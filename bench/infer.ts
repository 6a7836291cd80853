/**
 * Inference benchmark: the convention search on fixtures of 100 and 1,000 cases with 30 expectations
 * each (P, R, F1, AP, RR, nDCG, DCG, Success at k = 1, 3, 5, 10 and AP, nDCG, RR, Rprec, minus two),
 * 20 scored predictions with ties, grades 0..3, values written under {preset: ranx, ties: id-asc}.
 * Targets: 100 cases under 200 ms, 1,000 cases under 1 s.
 */
import { CaseInput, Label, Prediction } from '../shared/core/caseInput';
import { resolveConvention } from '../shared/core/conventions';
import { evaluateCases } from '../shared/core/evaluate';
import { expandMetrics } from '../shared/core/metricNames';
import { expectedValue } from '../shared/inference/expected';
import { ExpectedValue, inferConventions } from '../shared/inference/search';
import { seeded, summarize } from './random';

/** A fixture of scored cases whose expectations were written under {ranx, ties: id-asc}; `wrong` of them (every n-th) then set to 0.123, a value no convention gives. */
export function inferenceFixture(nCases: number, wrong = 0): { cases: CaseInput[]; expectations: ExpectedValue[] } {
  const rand = seeded(7);
  const cases: CaseInput[] = [];
  for (let c = 0; c < nCases; c++) {
    const labels: Label[] = [];
    for (let i = 0; i < 8; i++) labels.push({ id: `i${Math.floor(rand() * 40)}`, grade: Math.floor(rand() * 4) });
    const predictions: Prediction[] = [];
    const used = new Set<number>();
    while (predictions.length < 20) {
      const item = Math.floor(rand() * 40);
      if (used.has(item)) continue;
      used.add(item);
      predictions.push({ id: `i${item}`, score: Math.round(rand() * 20) / 20 });
    }
    cases.push({ labels, predictions });
  }
  const specs = expandMetrics(undefined, [1, 3, 5, 10]).slice(0, 30);
  const resolved = resolveConvention('ranx', { ties: 'id-asc' }).resolved;
  const ev = evaluateCases(cases, specs, resolved);
  const expectations = ev.cases.flatMap((r, i) =>
    r.values.map((v, j) => expectedValue(i, specs[j], Number.isNaN(v) ? 'NaN' : v.toFixed(4))),
  );
  const every = wrong > 0 ? Math.floor(expectations.length / wrong) : 0;
  for (let w = 0; w < wrong; w++)
    expectations[w * every] = expectedValue(expectations[w * every].case, expectations[w * every].spec, '0.123');
  return { cases, expectations };
}

export interface InferFigure {
  cases: number;
  wrong: number;
  expectations: number;
  medianMs: number;
  cpuMs: number;
  exact: boolean;
  best: string;
  combinations: number;
}

/** Runs the inference benchmark: median of `runs` searches per size. */
export function benchInfer(runs = 5): InferFigure[] {
  // Exact fixtures (the targets), then 100 cases with 1 and with 30 values no convention gives.
  const sizes: [number, number][] = process.env.INFER_SIZES
    ? process.env.INFER_SIZES.split(',').map((n) => [Number(n), 0])
    : [
        [100, 0],
        [1000, 0],
        [100, 1],
        [100, 30],
      ];
  return sizes.map(([n, wrong]) => {
    const { cases, expectations } = inferenceFixture(n, wrong);
    const ms: number[] = [];
    const cpu: number[] = [];
    let last = inferConventions(cases, expectations);
    for (let r = 0; r < runs; r++) {
      const t0 = performance.now();
      const c0 = process.cpuUsage();
      last = inferConventions(cases, expectations);
      ms.push(performance.now() - t0);
      const c = process.cpuUsage(c0);
      cpu.push((c.user + c.system) / 1000);
    }
    const m = last.matches[0];
    const best = `${m.preset}${
      Object.keys(m.overrides).length
        ? ` + ${Object.entries(m.overrides)
            .map(([k, v]) => `${k}=${v}`)
            .join(', ')}`
        : ''
    }`;
    return {
      cases: n,
      wrong,
      expectations: expectations.length,
      medianMs: summarize(ms).median,
      cpuMs: summarize(cpu).median,
      exact: last.exact,
      best,
      combinations: last.combinations,
    };
  });
}

if (require.main === module) {
  for (const f of benchInfer())
    console.log(
      `infer: ${f.cases} cases × ${f.expectations / f.cases} expectations, ${f.wrong} unexplained: median ${f.medianMs.toFixed(0)} ms wall, ${f.cpuMs.toFixed(0)} ms CPU, ${f.combinations} combinations, best ${f.best}${f.exact ? ' (exact)' : ''}`,
    );
}
