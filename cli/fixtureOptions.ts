/**
 * The command-line options that shape fixtures: --convention (for fixtures that name none),
 * --force-convention, --k and --metrics (instead of the fixtures' own), over the project config.
 */
import { readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { findProjectConfig, FixtureOptions, FoundConfig, withProjectConfig } from '../shared/evaluation';
import { parseMetricName, renamedPreset, renamedPresetMessage } from '../shared/core';
import { splitNames } from '../shared/trec';
import { UsageError, conventionOption } from './usage';

/** FixtureOptions from the option values; a bad value is a UsageError. */
export function fixtureOptions(values: {
  convention?: string;
  'force-convention'?: string;
  k?: string;
  metrics?: string[];
}): FixtureOptions {
  const options: FixtureOptions = {};
  if (values.convention !== undefined)
    options.defaultConvention = { preset: conventionOption(values.convention).preset, source: '--convention' };
  if (values['force-convention'] !== undefined) options.forceConvention = { preset: conventionOption(values['force-convention']).preset };
  if (values.k !== undefined) options.forceCutoffs = cutoffList(values.k);
  if (values.metrics !== undefined) options.forceMetrics = metricList(values.metrics);
  return options;
}

/** A line for stderr for each convention option written with a preset's old name (`--convention default`). */
export function renamedPresetNotes(values: { convention?: string; 'force-convention'?: string }): string[] {
  return (['convention', 'force-convention'] as const)
    .filter((o) => values[o] !== undefined && renamedPreset(values[o]!))
    .map((o) => `ranklens: --${o} ${values[o]}: ${renamedPresetMessage(values[o]!)}\n`);
}

function cutoffList(text: string): number[] {
  const parts = text
    .split(',')
    .map((p) => p.trim())
    .filter((p) => p !== '');
  if (parts.length === 0 || parts.some((p) => !/^\d+$/.test(p) || Number(p) < 1)) {
    throw new UsageError(`--k takes whole numbers ≥ 1 separated by commas, e.g. --k 1,3,5; got "${text}".`);
  }
  return parts.map(Number);
}

function metricList(values: readonly string[]): string[] {
  const names = values
    .flatMap(splitNames)
    .map((n) => n.trim())
    .filter((n) => n !== '');
  if (names.length === 0) throw new UsageError('--metrics takes metric names separated by commas, e.g. --metrics P@3,AP,nDCG@k.');
  for (const n of names) {
    const parsed = parseMetricName(n);
    if (!parsed.ok) throw new UsageError(`--metrics: ${parsed.message}`);
  }
  return names;
}

/** Reads a file's text, or undefined when there is none. */
function readIfFile(path: string): string | undefined {
  try {
    return readFileSync(path, 'utf8');
  } catch {
    return undefined;
  }
}

/**
 * The options for one file: its nearest project config (ranklens.config.json or package.json's
 * `ranklens`), with the command line's own options over it. Configs are read once per folder.
 */
export function optionsForFile(
  cli: FixtureOptions,
  cache = new Map<string, FoundConfig | undefined>(),
): (path: string) => { options: FixtureOptions; config: FoundConfig | undefined } {
  return (path) => {
    const dir = dirname(resolve(path));
    if (!cache.has(dir)) cache.set(dir, findProjectConfig(resolve(path), readIfFile));
    const config = cache.get(dir);
    return { options: { ...withProjectConfig({}, config), ...cli }, config };
  };
}
