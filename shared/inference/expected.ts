/** Expected values as written: the interval of computed values that reproduce them. */
import { MetricSpec } from '../core/metricNames';
import { writtenDecimals } from '../evaluation/tolerance';
import { ExpectedValue } from './search';

export interface ExpectedOptions {
  /** The source cuts digits off instead of rounding (seed 000 prints 2/3 as 0.666): both readings match. */
  truncated?: boolean;
}

/**
 * An expectation for the search, with the tolerance `expect` uses: half a unit of the last written
 * decimal (exact for a number written without decimals). "NaN" or null expects NaN.
 */
export function expectedValue(caseIndex: number | 'mean', spec: MetricSpec, text: string, options: ExpectedOptions = {}): ExpectedValue {
  const trimmed = text.trim();
  if (trimmed === 'NaN' || trimmed === 'null') return { case: caseIndex, spec, expected: null, low: NaN, high: NaN };
  const expected = Number(trimmed);
  const d = writtenDecimals(trimmed);
  const unit = 10 ** -d;
  const tolerance = d <= 0 ? 1e-9 : 0.5 * unit + 1e-12;
  const high = options.truncated && d > 0 ? expected + unit - 1e-12 : expected + tolerance;
  return { case: caseIndex, spec, expected, low: expected - tolerance, high };
}
