/** Evaluates cases under one convention: per-case values, means with excluded counts, and findings. */
import { CaseInput } from './caseInput';
import { CaseScratch, caseScratch } from './caseScratch';
import { caseFindings } from './caseFindings';
import { comparePresets } from './compare';
import { Convention, ResolvedConvention } from './conventions';
import { Explanation, fmt } from './explanation';
import { FINDING_CODES } from './findingCodes';
import { Finding } from './findings';
import { MetricSpec, metricName } from './metricNames';
import { explainMetric, metricValue } from './metrics/dispatch';
import { rankCase } from './ranking';
import { runFigures } from './pooled';

export interface CaseResult {
  /** One value per spec, in the order of the specs. */
  values: number[];
  findings: Finding[];
}

export interface Evaluation {
  convention: ResolvedConvention;
  specs: MetricSpec[];
  names: string[];
  cases: CaseResult[];
  /** Per spec, the mean over the cases whose value is not NaN (NaN when every case is); counts are summed, gmAP and gmBpref geometric. */
  mean: number[];
  /** Per spec, how many cases were NaN and left out of the mean. */
  excluded: number[];
}

export interface EvaluateOptions {
  /** Add a convention-dependent finding where presets disagree (costs one evaluation per preset). */
  compare?: boolean;
}

/**
 * One case: its values and its findings. A scratch (see caseScratch.ts), passed by an evaluation
 * that evaluates many cases in a row, holds the ranking while it is read; the result holds none of it.
 */
export function evaluateCase(
  input: CaseInput,
  specs: readonly MetricSpec[],
  conv: Convention,
  options: EvaluateOptions = {},
  scratch?: CaseScratch,
): CaseResult {
  const rc = rankCase(input, conv, { valuesOnly: true, scratch });
  const values = specs.map((s) => metricValue(rc, s, conv, scratch));
  const findings = caseFindings(input, rc, specs, conv);
  if (options.compare) {
    // The ranking above is read: the other presets may rank in the same scratch.
    const split = comparePresets(input, specs, scratch).filter((c) => c.disagree);
    if (split.length > 0) {
      const shown = split.slice(0, 3).map(
        (c) =>
          `${c.metric}: ${Object.entries(c.values)
            .map(([p, v]) => `${p} ${fmt(v)}`)
            .join(', ')}`,
      );
      findings.push({
        code: 'convention-dependent',
        severity: FINDING_CODES['convention-dependent'].severity,
        part: { kind: 'case' },
        message: `${split.length} value${split.length > 1 ? 's' : ''} depend${split.length > 1 ? '' : 's'} on the convention. ${shown.join('. ')}${split.length > 3 ? '. …' : '.'}`,
      });
    }
  }
  return { values, findings };
}

/** Every case, ranked one after another in a scratch of this evaluation's own, then the means over the non-NaN values. */
export function evaluateCases(
  inputs: readonly CaseInput[],
  specs: readonly MetricSpec[],
  resolved: ResolvedConvention,
  options: EvaluateOptions = {},
): Evaluation {
  const scratch = caseScratch();
  const cases = inputs.map((input) => evaluateCase(input, specs, resolved.convention, options, scratch));
  const { mean, excluded } = runFigures(
    (i) => inputs[i],
    cases.map((c) => c.values),
    specs,
    resolved.convention,
  );
  return { convention: resolved, specs: [...specs], names: specs.map(metricName), cases, mean, excluded };
}

/** The explanation of one metric for one case. */
export function explainCase(input: CaseInput, spec: MetricSpec, conv: Convention): Explanation {
  return explainMetric(rankCase(input, conv), spec, conv);
}
