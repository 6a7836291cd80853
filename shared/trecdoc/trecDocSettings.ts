/**
 * What a run document is evaluated under: the settings of a fixture that sets nothing itself (the
 * editor's default convention, cutoffs and headline, with the project configuration over them), and
 * only its headline measures, which the lenses show.
 */
import { ResolvedConvention } from '../core/conventions';
import { MetricSpec, metricName, parseMetricSpec } from '../core/metricNames';
import { FixtureOptions, fixtureSettings } from '../evaluation/fixtureSettings';
import { FixtureNode } from '../fixture/model/model';

export interface TrecDocSettings {
  convention: ResolvedConvention;
  /** Where the convention came from: a setting, a config file, built-in. */
  conventionSource: string;
  /** The headline measures, the only ones computed. */
  specs: MetricSpec[];
  names: string[];
  /** Read the files as trec_eval reads them (its preset): grades by atol, scores by atof. */
  asTrecEval: boolean;
  /** The cutoff the share of unjudged documents is counted at: the largest of the measures', else 10. */
  topK: number;
  /** Everything above as one string: a cached evaluation made under other settings is not reused. */
  key: string;
}

// A fixture that sets nothing: every setting comes from the options.
function bareFixture(): FixtureNode {
  return {
    span: { start: 0, end: 0 },
    shape: 'fixture',
    k: null,
    kSpan: null,
    metrics: null,
    metricsSpan: null,
    convention: null,
    cases: [],
    casesSpan: null,
    expectFindings: null,
    expectFindingsSpan: null,
  };
}

/** The settings a run document is evaluated under, from the front end's options (settings and project config). */
export function trecDocSettings(options: FixtureOptions): TrecDocSettings {
  const s = fixtureSettings(bareFixture(), options);
  // A headline measure named in the settings counts even at a cutoff the defaults do not list.
  const named = (options.headlineMetrics ?? []).flatMap((m) => parseMetricSpec(m).spec ?? []);
  const specs = named.length > 0 ? named : s.headline.map((i) => s.specs[i]);
  const names = specs.map(metricName);
  const ks = specs.flatMap((spec) => (spec.k === null ? [] : [spec.k]));
  const topK = ks.length > 0 ? Math.max(...ks) : 10;
  const asTrecEval = s.convention.preset === 'trec_eval';
  return {
    convention: s.convention,
    conventionSource: s.conventionSource,
    specs,
    names,
    asTrecEval,
    topK,
    key: `${s.convention.name}|${JSON.stringify(s.convention.convention)}|${names.join(' ')}`,
  };
}
