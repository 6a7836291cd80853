/** One entry point for every metric: the value (fast) or the explanation (with terms) of a spec on a ranked case. */
import { Convention } from '../conventions';
import { averagePrecision, explainAveragePrecision } from './averagePrecision';
import { dcg, explainDcg, explainNdcg, ndcg } from './dcg';
import { Explanation } from '../explanation';
import { explainF1, f1 } from './f1';
import { MetricSpec, metricName } from '../metricNames';
import { explainPrecision, precision } from './precision';
import { RankedCase } from '../ranking';
import { explainRecall, recall } from './recall';
import { explainReciprocalRank, reciprocalRank } from './reciprocalRank';
import { explainRPrecision, rPrecision } from './rPrecision';
import { explainSuccess, success } from './success';

/** Why a case's metrics are fixed regardless of its ranking, or undefined when they are computed. */
export function fixedValue(rc: RankedCase, conv: Convention): { value: number; note: string } | undefined {
  if (rc.rejected) return { value: NaN, note: 'the case predicts an item twice and duplicates=error: it is not evaluated' };
  if (rc.nRelevant === 0) {
    return conv.emptyLabels === 'nan'
      ? { value: NaN, note: 'no relevant label: NaN, left out of the means (emptyLabels=nan)' }
      : { value: 0, note: 'no relevant label: 0, counted in the means (emptyLabels=zero)' };
  }
  // rc.order holds every prediction, also those a knob later drops: a query in the run stays evaluated.
  if (rc.order.length === 0 && conv.emptyPredictions === 'nan') {
    return { value: NaN, note: 'no predictions: NaN, left out of the means (emptyPredictions=nan)' };
  }
  return undefined;
}

/** The value of one metric on a ranked case. */
export function metricValue(rc: RankedCase, spec: MetricSpec, conv: Convention): number {
  const fixed = fixedValue(rc, conv);
  if (fixed) return fixed.value;
  const k = spec.k;
  switch (spec.family) {
    case 'P': return precision(rc, k ?? rc.ids.length, conv);
    case 'R': return recall(rc, k ?? rc.ids.length, conv);
    case 'F1': return f1(rc, k ?? rc.ids.length, conv);
    case 'AP': return averagePrecision(rc, k, conv);
    case 'RR': return reciprocalRank(rc, k);
    case 'DCG': return dcg(rc, k, conv);
    case 'nDCG': return ndcg(rc, k, conv);
    case 'Rprec': return rPrecision(rc);
    case 'Success': return success(rc, k ?? rc.ids.length);
  }
}

/** The explanation of one metric on a ranked case; its value equals metricValue's. */
export function explainMetric(rc: RankedCase, spec: MetricSpec, conv: Convention): Explanation {
  const fixed = fixedValue(rc, conv);
  if (fixed) {
    return { metric: metricName(spec), value: fixed.value, formula: '', terms: [], numerator: fixed.value, denominator: 1,
      knobs: rc.rejected ? [{ knob: 'duplicates', value: conv.duplicates, effect: 'the case is refused' }]
        : [{ knob: rc.nRelevant === 0 ? 'emptyLabels' : 'emptyPredictions', value: rc.nRelevant === 0 ? conv.emptyLabels : conv.emptyPredictions, effect: fixed.note }],
      arithmetic: fixed.note, note: fixed.note };
  }
  const k = spec.k;
  switch (spec.family) {
    case 'P': return explainPrecision(rc, k ?? rc.ids.length, conv);
    case 'R': return explainRecall(rc, k ?? rc.ids.length, conv);
    case 'F1': return explainF1(rc, k ?? rc.ids.length, conv);
    case 'AP': return explainAveragePrecision(rc, k, conv);
    case 'RR': return explainReciprocalRank(rc, k);
    case 'DCG': return explainDcg(rc, k, conv);
    case 'nDCG': return explainNdcg(rc, k, conv);
    case 'Rprec': return explainRPrecision(rc, conv);
    case 'Success': return explainSuccess(rc, k ?? rc.ids.length);
  }
}
