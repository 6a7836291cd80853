/**
 * The core's door: conventions and their presets, metric names, ranking order and the numbers'
 * formatting, finding codes, means — what front ends use beside the layers above. Metrics themselves
 * are reached through an evaluation (shared/evaluation) or the TREC engine (shared/trec).
 */
export {
  COMPARED_PRESETS,
  DEFAULT_PRESET,
  PRESET_NAMES,
  findPreset,
  renamedPreset,
  renamedPresetMessage,
  resolveConvention,
} from './conventions';
export type { Convention, PresetName, ResolvedConvention } from './conventions';
export { metricName, parseMetricName } from './metricNames';
export { trecEvalName } from './trecEvalNames';
export type { MetricSpec } from './metricNames';
export { FINDING_CODES, isFixtureFindingCode } from './findingCodes';
export type { FindingCode, Severity } from './findingCodes';
export { aggregate } from './aggregate';
export { comparePresetMeans } from './compare';
export type { PresetValues } from './compare';
export { compareText } from './ranking';
export { naturalOrder } from './naturalOrder';
export { fmt } from './explanation';
export { predictionMarks } from './predictionMarks';
export { BENCHMARKS, BENCHMARK_NAMES, findBenchmark } from './benchmarks';
export type { Benchmark, BenchmarkName } from './benchmarks';
export { lineAt, lineEnd, lineStarts } from './lineStarts';
