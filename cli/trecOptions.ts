/**
 * The options `ranklens trec` takes from trec_eval, shared by one run and several: a comparison
 * evaluates each run exactly as the single-run command would, so it reads the same options the
 * same way.
 */
import { BENCHMARKS, BENCHMARK_NAMES, Benchmark, findBenchmark, resolveConvention, ResolvedConvention } from '../shared/core';
import { INPUT_FORMATS, InputFormat, TrecInputOptions, parseColumnMap, trecConventionProblem } from '../shared/trec';
import { FORMAT_OPTIONS } from './outputFormat';
import { UsageError, conventionOption } from './usage';

export const TREC_EVAL_OPTIONS = {
  measure: { type: 'string', short: 'm', multiple: true },
  benchmark: { type: 'string' },
  convention: { type: 'string' },
  'per-query': { type: 'boolean', short: 'q' },
  complete: { type: 'boolean', short: 'c' },
  level: { type: 'string', short: 'l' },
  'max-rank': { type: 'string', short: 'M' },
  'judged-only': { type: 'boolean', short: 'J' },
  collection: { type: 'string', short: 'N' },
  ...FORMAT_OPTIONS,
  jobs: { type: 'string' },
  'keep-going': { type: 'boolean' },
  'qrels-format': { type: 'string' },
  'run-format': { type: 'string' },
  columns: { type: 'string' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** A whole-number option's value (trec_eval's -l, -N), or undefined when absent. */
export function wholeNumber(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^-?\d+$/.test(text)) throw new UsageError(`${name} takes a whole number, not "${text}".`);
  return Number(text);
}

/** The convention of --convention (default trec_eval), with -l's relevance level applied as trec_eval reads it. */
export function trecConvention(convention: string | undefined, level: number | undefined): ResolvedConvention {
  const base = conventionOption(convention ?? 'trec_eval');
  const problem = trecConventionProblem(base.convention);
  if (problem) throw new UsageError(problem);
  return level === undefined ? base : resolveConvention(base.preset, { ...base.overrides, relevanceThreshold: level - 1 }).resolved;
}

/** How --qrels-format, --run-format and --columns say the files are read (by default: found from their names and first bytes). */
export function inputOptions(values: { 'qrels-format'?: string; 'run-format'?: string; columns?: string }): TrecInputOptions {
  const format = (name: string, text: string | undefined): InputFormat | undefined => {
    if (text === undefined) return undefined;
    if (!(INPUT_FORMATS as readonly string[]).includes(text))
      throw new UsageError(`${name} takes ${INPUT_FORMATS.join(', ')}; not "${text}".`);
    return text as InputFormat;
  };
  const columns = values.columns === undefined ? undefined : parseColumnMap(values.columns);
  if (typeof columns === 'string') throw new UsageError(columns);
  return {
    qrelsInput: { format: format('--qrels-format', values['qrels-format']), columns },
    runInput: { format: format('--run-format', values['run-format']), columns },
  };
}

/**
 * The benchmark of --benchmark, which sets the measures, the convention, the relevance levels and
 * -c; written beside any of those it is a usage problem, since the two would disagree.
 */
export function benchmarkOption(values: {
  benchmark?: string;
  measure?: string[];
  convention?: string;
  level?: string;
  'judged-only'?: boolean;
}): Benchmark | undefined {
  if (values.benchmark === undefined) return undefined;
  const name = findBenchmark(values.benchmark);
  if (!name) throw new UsageError(`Unknown benchmark "${values.benchmark}"; benchmarks: ${BENCHMARK_NAMES.join(', ')}.`);
  const clash = [
    values.measure && '-m',
    values.convention !== undefined && '--convention',
    values.level !== undefined && '-l',
    values['judged-only'] && '-J',
  ].filter((o): o is string => typeof o === 'string');
  if (clash.length > 0)
    throw new UsageError(
      `--benchmark ${name} sets the measures, the convention and the relevance levels itself; leave out ${clash.join(', ')}.`,
    );
  return BENCHMARKS[name];
}
