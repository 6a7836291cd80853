/**
 * A fixture's settings, resolved on their own, apart from its cases: the convention and where it came
 * from, the cutoffs, the metrics, the headline, and the findings about each (unknown preset, knob or
 * metric, invalid or repeated cutoff). evaluateFixture, the case cache and the comparison of systems
 * all start from them; semantic checks live here so that JSON and YAML share them.
 */
import {
  DEFAULT_PRESET,
  KNOBS,
  PRESET_NAMES,
  ResolvedConvention,
  checkKnob,
  renamedPreset,
  renamedPresetMessage,
  resolveConvention,
} from '../core/conventions';
import { MetricSpec, ParsedMetricName, closest, expandMetrics, metricName, parseMetricName, parseMetricSpec } from '../core/metricNames';
import { DEFAULT_CUTOFFS, FixtureNode, LocatedFinding } from '../fixture/model/model';
import { itemCount, itemId } from '../fixture/model/itemList';
import { hasPooledForm } from '../core/pooled';
import { headlineIndexes } from './headline';
import { BENCHMARKS, BENCHMARK_NAMES, Benchmark, findBenchmark } from '../core/benchmarks';
import { libraryMetricFinding } from './libraryMetricFinding';

/** How a front end (settings, command line) shapes the evaluation. */
export interface FixtureOptions {
  /** Used when the fixture names no convention; `source` says where it was set (a setting, a config file). */
  defaultConvention?: { preset?: string; overrides?: Record<string, unknown>; source?: string };
  /** The metrics lenses and the status lead with, for fixtures without a `headline` key. */
  headlineMetrics?: readonly string[];
  /** Replaces the fixture's convention (the CLI's --convention). */
  forceConvention?: { preset?: string; overrides?: Record<string, unknown> };
  /** Used when the fixture has no k. */
  defaultCutoffs?: readonly number[];
  /** The benchmark of fixtures that name none (ranklens.config.json's `benchmark`), with where it was set. */
  benchmark?: { name: string; source: string };
  /** Replace the fixture's k and metrics (the CLI's --k and --metrics). */
  forceCutoffs?: readonly number[];
  forceMetrics?: readonly string[];
  /** Add convention-dependent findings (one evaluation per preset per case). */
  compare?: boolean;
}

/** What a fixture is evaluated under, and the findings about its settings (in the order checked). */
export interface FixtureSettings {
  convention: ResolvedConvention;
  /** The benchmark whose measures, cutoffs and convention apply (the fixture's `benchmark:` or the configuration's). */
  benchmark?: Benchmark;
  /** Where the convention came from: "fixture", "--force-convention", a setting or a config file, "built-in". */
  conventionSource: string;
  cutoffs: number[];
  /** Indexes into names of the headline metrics (see headline.ts). */
  headline: number[];
  specs: MetricSpec[];
  names: string[];
  /** Findings about the convention, the cutoffs, the metrics and the headline, in that order. */
  findings: LocatedFinding[];
}

/** Resolves a fixture's settings under the front end's options, with the findings about them. */
export function fixtureSettings(fixture: FixtureNode, options: FixtureOptions = {}): FixtureSettings {
  const findings: LocatedFinding[] = [];
  const benchmark = fixtureBenchmark(fixture, options, findings);
  // A benchmark stands in for what the fixture leaves out: its convention, cutoffs and measures.
  const byBenchmark: FixtureOptions =
    benchmark && options.defaultConvention?.source !== '--convention'
      ? {
          ...options,
          defaultConvention: { preset: benchmark.preset, source: `benchmark ${benchmark.name}` },
          defaultCutoffs: benchmark.k,
        }
      : benchmark
        ? { ...options, defaultCutoffs: benchmark.k }
        : options;
  const convention = fixtureConvention(fixture, byBenchmark, findings);
  const cutoffs = fixtureCutoffs(fixture, byBenchmark, findings);
  const metricNames = options.forceMetrics ?? fixtureMetricNames(fixture, findings) ?? benchmark?.measures.slice();
  const specs = withAnnotated(fixture, expandMetrics(metricNames, cutoffs));
  const names = specs.map(metricName);
  const conventionSource = options.forceConvention
    ? '--force-convention'
    : fixture.convention
      ? 'fixture'
      : (byBenchmark.defaultConvention?.source ?? 'built-in');
  findings.push(...pooledFindings(fixture, convention, specs));
  const headline = headlineIndexes(names, cutoffs, fixtureHeadline(fixture, findings), options.headlineMetrics);
  return { convention, ...(benchmark ? { benchmark } : {}), conventionSource, cutoffs, headline, specs, names, findings };
}

/** The fixture's benchmark, else the configuration's; an unknown name is a finding and no benchmark. */
function fixtureBenchmark(fixture: FixtureNode, options: FixtureOptions, findings: LocatedFinding[]): Benchmark | undefined {
  const node = fixture.benchmark;
  if (!node) {
    const name = options.benchmark && findBenchmark(options.benchmark.name);
    return name ? BENCHMARKS[name] : undefined;
  }
  const name = findBenchmark(node.value);
  if (name) return BENCHMARKS[name];
  const suggestion = closest(node.value, BENCHMARK_NAMES, 3);
  findings.push({
    code: 'unknown-benchmark',
    severity: 'error',
    span: node.span,
    message: `Unknown benchmark "${node.value}"${suggestion ? `; did you mean "${suggestion}"?` : ''} Benchmarks: ${BENCHMARK_NAMES.join(', ')}. The fixture is evaluated without one.`,
    ...(suggestion ? { data: { replacement: suggestion } } : {}),
  });
  return undefined;
}

function fixtureConvention(fixture: FixtureNode, options: FixtureOptions, findings: LocatedFinding[]): ResolvedConvention {
  if (options.forceConvention) return resolveConvention(options.forceConvention.preset, options.forceConvention.overrides).resolved;
  const node = fixture.convention;
  if (!node) {
    const d = options.defaultConvention;
    return resolveConvention(d?.preset, d?.overrides).resolved;
  }
  let preset: string | undefined;
  if (node.preset) {
    const { problems } = resolveConvention(node.preset.value);
    const renamed = renamedPreset(node.preset.value);
    if (problems.length === 0) preset = node.preset.value;
    if (renamed) {
      findings.push({
        code: 'renamed-preset',
        severity: 'warning',
        span: node.preset.span,
        message: renamedPresetMessage(node.preset.value),
        data: { replacement: renamed },
      });
    } else if (problems.length > 0) {
      const suggestion = closest(node.preset.value, PRESET_NAMES, 3);
      findings.push({
        code: 'unknown-preset',
        severity: 'error',
        span: node.preset.span,
        message: `Unknown preset "${node.preset.value}"${suggestion ? `; did you mean "${suggestion}"?` : ''} The default preset, ${DEFAULT_PRESET}, is used. Presets: ${PRESET_NAMES.join(', ')}.`,
        ...(suggestion ? { data: { replacement: suggestion } } : {}),
      });
    }
  }
  const overrides: Record<string, unknown> = Object.create(null);
  for (const o of node.overrides) {
    const problem = checkKnob(o.key.value, o.value.value);
    if (!problem) {
      overrides[o.key.value] = o.value.value;
      continue;
    }
    const knob = KNOBS.find((k) => k.name === o.key.value);
    const choices = knob?.values.filter((v) => knob.name !== 'relevanceThreshold' || v === 'listed');
    const suggestion = knob
      ? typeof o.value.value === 'string'
        ? closest(o.value.value, knob.values, 3)
        : undefined
      : closest(
          o.key.value,
          KNOBS.map((k) => k.name),
          3,
        );
    findings.push({
      code: knob ? 'invalid-knob-value' : 'unknown-knob',
      severity: 'error',
      span: knob ? o.value.span : o.key.span,
      message: `${problem}${suggestion ? ` Did you mean "${suggestion}"?` : ''} This override is ignored.`,
      ...(suggestion || choices ? { data: { ...(suggestion ? { replacement: suggestion } : {}), ...(choices ? { choices } : {}) } } : {}),
    });
  }
  return resolveConvention(preset, overrides).resolved;
}

/**
 * Hole@k's specs with the ids labeled in any case of the fixture (BEIR's and MTEB's annotated corpus:
 * an id judged for another query is no hole); the other specs as they are.
 */
function withAnnotated(fixture: FixtureNode, specs: MetricSpec[]): MetricSpec[] {
  if (!specs.some((s) => s.family === 'Hole')) return specs;
  const annotated = new Set<string>();
  for (const c of fixture.cases) for (let i = 0; i < itemCount(c.labels); i++) annotated.add(String(itemId(c.labels, i)));
  return specs.map((s) => (s.family === 'Hole' ? { ...s, annotated } : s));
}

/** A key for what withAnnotated gave the specs (the case cache keys cases by their settings). */
export function annotatedKey(specs: readonly MetricSpec[]): string {
  const pool = specs.find((s) => s.annotated)?.annotated;
  return pool ? [...pool].sort().join('\n') : '';
}

/**
 * Under averaging=pooled, one finding naming the metrics whose run figure is NaN for want of a pooled
 * form, on the averaging override (else the metrics, the convention, the fixture).
 */
function pooledFindings(fixture: FixtureNode, convention: ResolvedConvention, specs: readonly MetricSpec[]): LocatedFinding[] {
  if (convention.convention.averaging !== 'pooled') return [];
  const without = specs.filter((s) => !hasPooledForm(s)).map(metricName);
  if (without.length === 0) return [];
  const override = fixture.convention?.overrides.find((o) => o.key.value === 'averaging');
  const shown = without.slice(0, 6).join(', ') + (without.length > 6 ? `, … (${without.length} in all)` : '');
  return [
    {
      code: 'no-pooled-form',
      severity: 'warning',
      span: override?.value.span ?? fixture.metricsSpan ?? fixture.convention?.span ?? fixture.span,
      message: `averaging=pooled adds up numerators and denominators over the cases, which only P@k, R@k, F1@k and the counts have: the run figures of ${shown} are NaN. Their per-case values stand.`,
    },
  ];
}

function fixtureCutoffs(fixture: FixtureNode, options: FixtureOptions, findings: LocatedFinding[]): number[] {
  if (options.forceCutoffs) return [...new Set(options.forceCutoffs)].sort((a, b) => a - b);
  if (!fixture.k) return [...(options.defaultCutoffs ?? DEFAULT_CUTOFFS)];
  const ok: number[] = [];
  for (const k of fixture.k) {
    if (Number.isSafeInteger(k.value) && k.value >= 1) {
      if (ok.includes(k.value))
        findings.push({
          code: 'duplicate-cutoff',
          severity: 'warning',
          span: k.span,
          message: `Cutoff ${k.value} is listed twice; it is computed once.`,
        });
      else ok.push(k.value);
    } else {
      findings.push({
        code: 'invalid-cutoff',
        severity: 'error',
        span: k.span,
        message: `A cutoff must be a whole number ≥ 1; ${k.value} is ignored.`,
      });
    }
  }
  if (ok.length === 0 && fixture.k.length > 0 && fixture.kSpan) {
    findings.push({
      code: 'invalid-cutoff',
      severity: 'error',
      span: fixture.kSpan,
      message: `No valid cutoff: the defaults ${DEFAULT_CUTOFFS.join(', ')} are used.`,
    });
    return [...DEFAULT_CUTOFFS];
  }
  return ok.sort((a, b) => a - b);
}

/** The fixture's headline names that are metric names; the others get an unknown-metric finding. */
function fixtureHeadline(fixture: FixtureNode, findings: LocatedFinding[]): string[] | undefined {
  if (!fixture.headline) return undefined;
  return fixture.headline
    .filter((m) => {
      if (parseMetricSpec(m.value).spec) {
        const library = libraryMetricFinding(m);
        if (library) findings.push(library);
        return true;
      }
      const parsed = parseMetricName(m.value);
      findings.push({
        code: 'unknown-metric',
        severity: 'error',
        span: m.span,
        message: `${parsed.ok ? `"${m.value}" needs a cutoff here (${m.value}@10).` : parsed.message} It is not a headline.`,
        ...(!parsed.ok && parsed.suggestion ? { data: { replacement: parsed.suggestion } } : {}),
      });
      return false;
    })
    .map((m) => m.value);
}

/** What a fix of an unknown metric name writes: the did-you-mean, or the names the text begins. */
export function metricFixData(parsed: ParsedMetricName): Pick<LocatedFinding, 'data'> {
  if (parsed.ok) return {};
  if (parsed.suggestion) return { data: { replacement: parsed.suggestion } };
  return parsed.completions ? { data: { choices: parsed.completions } } : {};
}

function fixtureMetricNames(fixture: FixtureNode, findings: LocatedFinding[]): string[] | undefined {
  if (!fixture.metrics) return undefined;
  const ok: string[] = [];
  for (const m of fixture.metrics) {
    const parsed = parseMetricName(m.value);
    if (parsed.ok) {
      ok.push(m.value);
      const library = libraryMetricFinding(m);
      if (library) findings.push(library);
      continue;
    }
    findings.push({
      code: 'unknown-metric',
      severity: 'error',
      span: m.span,
      message: `${parsed.message} It is not computed.`,
      ...metricFixData(parsed),
    });
  }
  return ok;
}
