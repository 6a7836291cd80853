/** What each compared preset (the reference tools and seeds) gives for the same case or cases, and where they disagree. */
import { CaseInput } from './caseInput';
import { CaseScratch, caseScratch } from './caseScratch';
import { COMPARED_PRESETS, ComparedPreset, PRESETS } from './conventions';
import { MetricSpec, metricName } from './metricNames';
import { metricValue } from './metrics/dispatch';
import { rankCase } from './ranking';
import { runFigures } from './pooled';

export interface PresetValues {
  metric: string;
  values: Record<ComparedPreset, number>;
  /** True when two presets give values more than 1e-9 apart (NaN differs from any number). */
  disagree: boolean;
}

/** Every preset's value of each spec for one case; a scratch (see caseScratch.ts) lends each preset's ranking its buffers. */
export function comparePresets(input: CaseInput, specs: readonly MetricSpec[], scratch?: CaseScratch): PresetValues[] {
  const perPreset = COMPARED_PRESETS.map((p) => {
    const conv = PRESETS[p];
    const rc = rankCase(input, conv, { valuesOnly: true, scratch });
    return specs.map((s) => metricValue(rc, s, conv, scratch));
  });
  return specs.map((s, j) =>
    collect(
      metricName(s),
      perPreset.map((row) => row[j]),
    ),
  );
}

/** Every preset's mean of each spec over the cases, each case ranked in the scratch given (a new one by default). */
export function comparePresetMeans(
  inputs: readonly CaseInput[],
  specs: readonly MetricSpec[],
  scratch: CaseScratch = caseScratch(),
): PresetValues[] {
  const perPreset = COMPARED_PRESETS.map((p) => {
    const conv = PRESETS[p];
    const rows = inputs.map((input) => {
      const rc = rankCase(input, conv, { valuesOnly: true, scratch });
      return specs.map((s) => metricValue(rc, s, conv, scratch));
    });
    return runFigures((i) => inputs[i], rows, specs, conv).mean;
  });
  return specs.map((s, j) =>
    collect(
      metricName(s),
      perPreset.map((row) => row[j]),
    ),
  );
}

function collect(metric: string, column: number[]): PresetValues {
  const values = Object.fromEntries(COMPARED_PRESETS.map((p, i) => [p, column[i]])) as Record<ComparedPreset, number>;
  const disagree = column.some((v) => !same(v, column[0]));
  return { metric, values, disagree };
}

function same(a: number, b: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= 1e-9;
}
