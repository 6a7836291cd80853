/** The command-line options that override fixtures: --convention, --k and --metrics. */
// @ts-nocheck

import { FixtureOptions } from '../shared/evaluation/fixtureEvaluation';
import { parseMetricName } from '../shared/core/metricNames';
import { splitNames } from './trecMeasures';
import { UsageError, conventionOption } from './usage';

/** FixtureOptions from the option values; a bad value is a UsageError. */
export function fixtureOptions(values: { convention?: string; k?: string; metrics?: string[] }): FixtureOptions {
  const options: FixtureOptions = {};
  if (values.convention !== undefined) options.forceConvention = { preset: conventionOption(values.convention).preset };
  if (values.k !== undefined) options.forceCutoffs = cutoffList(values.k);
  if (values.metrics !== undefined) options.forceMetrics = metricList(values.metrics);
  return options;
}

function cutoffList(text: string): number[] {
  const parts = text.split(',').map((p) => p.trim()).filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1)) {
    throw new UsageError(`--k takes whole numbers ≥ 1 separated by commas, e.g. --k 1,3,5; got "${text}".`);
  }
  return parts.map(Number);
}

function metricList(values: readonly string[]): string[] {
  const names = values.flatMap(splitNames).map((n) => n.trim()).filter((n) => n !== '');
  if (names.length === 0) throw new UsageError('--metrics takes metric names separated by commas, e.g. --metrics P@3,AP,nDCG@k.');
  for (const n of names) {
    const parsed = parseMetricName(n);
    if (!parsed.ok) throw new UsageError(`--metrics: ${parsed.message}`);
  }
  return names;
}
