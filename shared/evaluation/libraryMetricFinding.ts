/** The library-metric-name finding: a metric written as a library prints it, where the word misleads. */
import { libraryMetricName, metricName, parseMetricSpec } from '../core/metricNames';
import { LocatedFinding, Span } from '../fixture/model/model';

/** The finding for a metric name written as a library prints it whose word says something else than its number; undefined otherwise. */
export function libraryMetricFinding(name: { value: string; span: Span }): LocatedFinding | undefined {
  const library = libraryMetricName(name.value);
  if (!library?.trap) return undefined;
  const spec = parseMetricSpec(name.value).spec;
  const as = spec ? metricName(spec) : library.family;
  return {
    code: 'library-metric-name',
    severity: 'warning',
    span: name.span,
    message: `${library.trap} Ranklens computes it as ${as}.`,
    data: { replacement: as },
  };
}
