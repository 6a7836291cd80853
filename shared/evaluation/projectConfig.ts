/**
 * The project configuration both the editor and `ranklens check` read: `ranklens.config.json`, or a
 * `ranklens` key in package.json, in the fixture's nearest enclosing folder. It sets the default
 * convention, the cutoffs, the headline metrics and per-code severities.
 * Front ends layer it: a fixture's own keys win over it, it wins over editor settings.
 */
import { ParseError, parse, printParseErrorCode } from 'jsonc-parser';
import { findPreset, renamedPreset, renamedPresetMessage } from '../core/conventions';
import { BENCHMARK_NAMES, findBenchmark } from '../core/benchmarks';
import { isFindingCode } from '../core/findingCodes';
import { parseMetricName } from '../core/metricNames';
import { globToRegExp } from '../fixture/files/glob';
import { FixtureOptions } from './fixtureSettings';

export const CONFIG_FILE = 'ranklens.config.json';

export type ConfigSeverity = 'error' | 'warning' | 'info' | 'hint' | 'off';
const SEVERITIES: readonly string[] = ['error', 'warning', 'info', 'hint', 'off'];

export interface ProjectConfig {
  defaultConvention?: string;
  /** The benchmark of fixtures that name none: its measures, cutoffs and convention. */
  benchmark?: string;
  defaultCutoffs?: number[];
  headlineMetrics?: string[];
  severity?: Record<string, ConfigSeverity>;
  /** Run files (a glob relative to the config's folder) to the qrels that judge them (a path relative to it), in the order written. */
  qrels?: Record<string, string>;
}

export interface FoundConfig {
  /** The file it came from, as given to the reader. */
  path: string;
  /** How lenses name it: "ranklens.config.json" or "package.json". */
  source: string;
  config: ProjectConfig;
  /** What was wrong with it (each ignored), one sentence each. */
  problems: string[];
}

const KEYS: readonly string[] = ['$schema', 'defaultConvention', 'benchmark', 'defaultCutoffs', 'headlineMetrics', 'severity', 'qrels'];

/** Reads a configuration object; every bad value is left out with a problem saying so. */
export function readProjectConfig(raw: unknown): { config: ProjectConfig; problems: string[] } {
  const problems: string[] = [];
  const config: ProjectConfig = {};
  if (typeof raw !== 'object' || raw === null || Array.isArray(raw))
    return { config, problems: ['The configuration is not an object; it is ignored.'] };
  const r = raw as Record<string, unknown>;
  for (const key of Object.keys(r)) if (!KEYS.includes(key)) problems.push(`Unknown key "${key}"; keys: ${KEYS.slice(1).join(', ')}.`);
  if (r.defaultConvention !== undefined) {
    if (typeof r.defaultConvention === 'string' && findPreset(r.defaultConvention)) {
      config.defaultConvention = findPreset(r.defaultConvention);
      if (renamedPreset(r.defaultConvention)) problems.push(`defaultConvention: ${renamedPresetMessage(r.defaultConvention)}`);
    } else problems.push(`defaultConvention must be a preset name; ${JSON.stringify(r.defaultConvention)} is ignored.`);
  }
  if (r.defaultCutoffs !== undefined) {
    const ks = Array.isArray(r.defaultCutoffs) ? r.defaultCutoffs : [r.defaultCutoffs];
    if (ks.length > 0 && ks.every((k) => Number.isSafeInteger(k) && (k as number) >= 1)) config.defaultCutoffs = ks as number[];
    else problems.push('defaultCutoffs must be whole numbers ≥ 1; it is ignored.');
  }
  const h = r.headlineMetrics;
  if (h !== undefined) {
    if (Array.isArray(h) && h.every((m) => typeof m === 'string' && parseMetricName(m).ok)) config.headlineMetrics = h as string[];
    else problems.push('headlineMetrics must be a list of metric names (nDCG@10, P@3, …); it is ignored.');
  }
  if (r.severity !== undefined) {
    const sev = r.severity;
    if (typeof sev !== 'object' || sev === null || Array.isArray(sev))
      problems.push('severity must map finding codes to error, warning, info, hint or off; it is ignored.');
    else {
      config.severity = {};
      for (const [code, level] of Object.entries(sev)) {
        if (isFindingCode(code) && typeof level === 'string' && SEVERITIES.includes(level)) config.severity[code] = level as ConfigSeverity;
        else
          problems.push(`severity: "${code}": ${JSON.stringify(level)} is ignored (a finding code → error, warning, info, hint or off).`);
      }
    }
  }
  if (r.qrels !== undefined) readQrelsRules(r.qrels, config, problems);
  if (r.benchmark !== undefined) {
    const name = typeof r.benchmark === 'string' ? findBenchmark(r.benchmark) : undefined;
    if (name) config.benchmark = name;
    else problems.push(`benchmark must be one of ${BENCHMARK_NAMES.join(', ')}; ${JSON.stringify(r.benchmark)} is ignored.`);
  }
  return { config, problems };
}

// "qrels": {"runs/*.run": "qrels/dev.qrels"}: each rule a non-empty glob to a non-empty path; a bad rule is left out.
function readQrelsRules(rules: unknown, config: ProjectConfig, problems: string[]): void {
  if (typeof rules !== 'object' || rules === null || Array.isArray(rules)) {
    problems.push('qrels must map globs of run files to qrels paths, e.g. {"runs/*.run": "qrels/dev.qrels"}; it is ignored.');
    return;
  }
  config.qrels = {};
  for (const [glob, path] of Object.entries(rules)) {
    if (glob.trim() === '') problems.push(`qrels: an empty glob is ignored.`);
    else if (typeof path !== 'string' || path.trim() === '')
      problems.push(`qrels: "${glob}": ${JSON.stringify(path)} is ignored (the path of a qrels file, relative to the configuration).`);
    else config.qrels[glob] = path;
  }
}

/**
 * The qrels the configuration pairs with a run file: the first rule whose glob (relative to the
 * configuration's folder, "/"-separated) matches the run's path, as a path with "/"; undefined when none does.
 */
export function configuredQrels(found: FoundConfig, runPath: string): string | undefined {
  return configuredQrelsRule(found, runPath)?.qrels;
}

/** configuredQrels with the rule that paired them: its glob as written, and the qrels path resolved. */
export function configuredQrelsRule(found: FoundConfig, runPath: string): { glob: string; qrels: string } | undefined {
  const rules = found.config.qrels;
  if (!rules) return undefined;
  const dir = found.path.replace(/\\/g, '/').replace(/\/[^/]*$/, '');
  const run = runPath.replace(/\\/g, '/');
  if (!run.startsWith(`${dir}/`)) return undefined;
  const relative = run.slice(dir.length + 1);
  for (const [glob, qrels] of Object.entries(rules)) {
    if (globToRegExp(glob.replace(/^\.\//, '')).test(relative)) return { glob, qrels: joinPath(dir, qrels) };
  }
  return undefined;
}

/** The qrels paths of the config's `qrels` rules, resolved against its folder (as configuredQrelsRule resolves them). */
export function configuredQrelsPaths(found: FoundConfig): string[] {
  const dir = found.path.replace(/\\/g, '/').replace(/\/[^/]*$/, '');
  return Object.values(found.config.qrels ?? {}).map((qrels) => joinPath(dir, qrels));
}

// A configured path resolved against the configuration's folder: absolute paths (/…, C:/…) kept, . and .. folded.
function joinPath(dir: string, path: string): string {
  const p = path.replace(/\\/g, '/');
  if (p.startsWith('/') || /^[A-Za-z]:\//.test(p)) return p;
  const parts = dir.split('/');
  for (const part of p.split('/')) {
    if (part === '..') parts.pop();
    else if (part !== '.' && part !== '') parts.push(part);
  }
  return parts.join('/');
}

/** Parses ranklens.config.json (comments allowed) or package.json's `ranklens` key; undefined for a package.json without one. */
export function parseConfigFile(text: string, isPackageJson: boolean): { config: ProjectConfig; problems: string[] } | undefined {
  const errors: ParseError[] = [];
  const raw: unknown = parse(text, errors, { allowTrailingComma: true });
  if (isPackageJson) {
    const key = typeof raw === 'object' && raw !== null ? (raw as Record<string, unknown>).ranklens : undefined;
    return key === undefined ? undefined : readProjectConfig(key);
  }
  const read = readProjectConfig(raw ?? {});
  if (errors.length > 0) read.problems.unshift(`Not valid JSON (${printParseErrorCode(errors[0].error)} at offset ${errors[0].offset}).`);
  return read;
}

/**
 * The configuration in force for a file: the nearest enclosing folder with ranklens.config.json or a
 * package.json with a `ranklens` key. `read` returns a file's text or undefined; paths use "/".
 */
export function findProjectConfig(filePath: string, read: (path: string) => string | undefined): FoundConfig | undefined {
  let dir = filePath.replace(/\\/g, '/').replace(/\/[^/]*$/, '');
  for (;;) {
    for (const [name, isPackageJson] of [
      [CONFIG_FILE, false],
      ['package.json', true],
    ] as const) {
      const path = `${dir}/${name}`;
      const text = read(path);
      const parsed = text === undefined ? undefined : parseConfigFile(text, isPackageJson);
      if (parsed) return { path, source: name, ...parsed };
    }
    const up = dir.replace(/\/[^/]*$/, '');
    if (up === dir || dir === '') return undefined;
    dir = up;
  }
}

/** Options with the configuration's values in place of the settings' (the file wins; settings fill what it leaves open). */
export function withProjectConfig(options: FixtureOptions, found: FoundConfig | undefined): FixtureOptions {
  if (!found) return options;
  const c = found.config;
  return {
    ...options,
    ...(c.defaultConvention ? { defaultConvention: { preset: c.defaultConvention, source: found.source } } : {}),
    ...(c.defaultCutoffs ? { defaultCutoffs: c.defaultCutoffs } : {}),
    ...(c.headlineMetrics ? { headlineMetrics: c.headlineMetrics } : {}),
    ...(c.benchmark ? { benchmark: { name: c.benchmark, source: found.source } } : {}),
  };
}
