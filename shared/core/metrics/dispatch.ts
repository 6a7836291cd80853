/** One entry point for every metric: the value (fast) or the explanation (with terms) of a spec on a ranked case. */
import { Convention, KnobName } from '../conventions';
import { averagePrecision, explainAveragePrecision } from './averagePrecision';
import { bpref, explainBpref } from './bpref';
import { count, explainCount } from './counts';
import {
  explainJudgedShare,
  explainPrecisionAtMultipleOfR,
  explainRelativePrecision,
  judgedShare,
  precisionAtMultipleOfR,
  relativePrecision,
  unjudgedShare,
} from './cutoffFractions';
import { dcg, explainDcg, explainNdcg, gain, ndcg } from './dcg';
import { err, explainErr } from './err';
import { Explanation, KnobUse } from '../explanation';
import { explainF1, f1 } from './f1';
import { binG, explainGainMap, explainGainVariant, kishidaG, ndcgRel, ndcgWithGains, rndcg } from './gainVariants';
import { hitsAt } from './hits';
import { explainGranularRR, granularRR } from './granularRR';
import { explainHole, hole } from './hole';
import { explainInfAP, infAP } from './infAP';
import { explainNcrr, ncrr } from './ncrr';
import {
  elevenPointAverage,
  explainElevenPointAverage,
  explainInterpolatedPrecision,
  interpolatedPrecision,
} from './interpolatedPrecision';
import { MetricScratch } from './metricScratch';
import { DEFINED_WITHOUT_RELEVANT, FAMILY_PARAM, MetricSpec, UTILITY_DEFAULT, metricName } from '../metricNames';
import { explainPrecision, precision, precisionDenominator } from './precision';
import { RankedCase } from '../ranking';
import { judgedWithinCut, thresholdOf, withThreshold } from '../rankViews';
import { RBP_P, explainRbp, explainRbpResidual, rbp, rbpResidual } from './rbp';
import { explainRecall, recall, recallDenominator } from './recall';
import { explainReciprocalRank, reciprocalRank } from './reciprocalRank';
import { explainRPrecision, rPrecision } from './rPrecision';
import { explainSetMeasure, setMeasure } from './setMeasures';
import { explainSuccess, success } from './success';
import { explainUtility, utility } from './utility';

// Graded families whose "nothing relevant" is "no label with a gain" once relevance needs more than grade 1.
const GRADED: ReadonlySet<string> = new Set(['DCG', 'nDCG', 'G', 'nDCGrel', 'RBP', 'ERR']);

function nothingToFind(rc: RankedCase, conv: Convention, spec?: MetricSpec): boolean {
  if (!spec) return rc.nRelevant === 0;
  if (DEFINED_WITHOUT_RELEVANT.has(spec.family)) return false;
  // negativeGains=signed (scikit-learn 1.2): a case with no positive grade still has a DCG, the sum of
  // its negative gains, and an nDCG, that DCG over the ideal's (0 only when the ideal's DCG is 0).
  if (spec.family in SIGNED_FAMILIES && conv.negativeGains === 'signed' && spec.gains === undefined && hasNegativeGrade(rc)) return false;
  // A ranking emptied of its predictions (unjudged=drop, trec_eval -J) has no precision to
  // interpolate, relevant items or not (trec_eval -c -J: NaN).
  if ((spec.family === 'IPrec' || spec.family === '11ptAvg') && rc.count === 0 && rc.order.length > 0) return false;
  const t = conv.relevanceThreshold;
  if (GRADED.has(spec.family) && spec.rel === undefined && typeof t === 'number' && t > 0 && conv.relevantPool === 'labels') {
    return !rc.labelGrades.some((g) => gain(g, conv) > 0);
  }
  return rc.nRelevant === 0;
}

/** The families negativeGains=signed computes on a case with no positive grade: scikit-learn's dcg_score and ndcg_score. */
const SIGNED_FAMILIES = { DCG: true, nDCG: true } as const;

function hasNegativeGrade(rc: RankedCase): boolean {
  for (let r = 0; r < rc.count; r++) if (rc.grades[r] < 0) return true;
  return rc.labelGrades.some((g) => g < 0);
}

/**
 * Why a case's metrics are fixed regardless of its ranking, or undefined when they are computed.
 * With a spec, counts and judged shares are never fixed by empty labels (they need no relevant item).
 */
export function fixedValue(
  rc: RankedCase,
  conv: Convention,
  spec?: MetricSpec,
): { value: number; note: string; knob: KnobName } | undefined {
  // The usual case, decided before any lookup by family (this runs for every metric of every case):
  // relevant items and two or more predictions fix nothing, unless a graded family's relevance
  // threshold may leave no label with a gain.
  const t = conv.relevanceThreshold;
  if (rc.creditRank && spec && !creditsTiedGroups(spec, conv))
    return {
      value: NaN,
      note: `ties=pessimistic-each credits each item at the last rank of its tied group, which ${metricName(spec)} has no form for: NaN, left out of the means`,
      knob: 'ties',
    };
  if (!rc.rejected && rc.nRelevant > 0 && rc.order.length > 1 && !(typeof t === 'number' && t > 0)) return undefined;
  if (rc.rejected)
    return { value: NaN, note: 'the case predicts an item twice and duplicates=error: it is not evaluated', knob: 'duplicates' };
  if (nothingToFind(rc, conv, spec)) {
    return conv.emptyLabels === 'nan'
      ? { value: NaN, note: 'no relevant label: NaN, left out of the means (emptyLabels=nan)', knob: 'emptyLabels' }
      : { value: 0, note: 'no relevant label: 0, counted in the means (emptyLabels=zero)', knob: 'emptyLabels' };
  }
  // rc.order holds every prediction, also those a knob later drops: a query in the run stays evaluated.
  if (rc.order.length === 0 && conv.emptyPredictions === 'nan') {
    return { value: NaN, note: 'no predictions: NaN, left out of the means (emptyPredictions=nan)', knob: 'emptyPredictions' };
  }
  if (rc.order.length === 0 && conv.emptyPredictions === 'precision-nan' && spec && PRECISION_FAMILIES.has(spec.family)) {
    return {
      value: NaN,
      note: 'no predictions: a precision of nothing, NaN, left out of the means (emptyPredictions=precision-nan)',
      knob: 'emptyPredictions',
    };
  }
  if (spec && rc.order.length === 1 && conv.singleItem === 'refuse' && SINGLE_ITEM_FAMILIES.has(spec.family)) {
    return {
      value: NaN,
      note: 'one prediction: a row of one item is refused (scikit-learn), NaN, left out of the means (singleItem=refuse)',
      knob: 'singleItem',
    };
  }
  return undefined;
}

/**
 * The precision-type families emptyPredictions=precision-nan makes NaN on a case with no predictions
 * (LensKit's Precision and AveragePrecision return NaN for an empty list; ragas' context precision
 * too); every other family is 0 there, as LensKit's Recall and RecipRank are.
 */
export const PRECISION_FAMILIES: ReadonlySet<string> = new Set(['P', 'AP', 'gmAP', 'F1', 'SetP', 'SetAP', 'SetF']);

/** The families that read ranks through creditAt, and so are defined under ties=pessimistic-each. */
const CREDITED_FAMILIES: ReadonlySet<string> = new Set([
  'P',
  'R',
  'F1',
  'AP',
  'gmAP',
  'RR',
  'Success',
  'DCG',
  'nDCG',
  'NumQ',
  'NumRet',
  'NumRel',
  'NumRelRet',
  'NumNonrelJudgedRet',
  'GranularRR',
  'NCRR',
]);

function creditsTiedGroups(spec: MetricSpec, conv: Convention): boolean {
  if (!CREDITED_FAMILIES.has(spec.family)) return false;
  if (spec.family === 'nDCG' && spec.gains) return false;
  return !((spec.family === 'AP' || spec.family === 'gmAP') && conv.apTerms === 'every-rank');
}

/** The families singleItem=refuse makes NaN on a one-prediction case: scikit-learn's dcg_score and ndcg_score. */
export const SINGLE_ITEM_FAMILIES: ReadonlySet<string> = new Set(['DCG', 'nDCG']);

/**
 * The case as one spec sees it: its own relevance level when it names one (rel=). A level that is
 * the convention's own (a number ≥ 0: relevant items are then judged ones) gives the same case, so
 * no copy is made (trec_eval -c asks for NumRel at rel=1 on every query).
 */
function caseFor(rc0: RankedCase, spec: MetricSpec, conv: Convention): RankedCase {
  // unjudged=drop-after-cut (Elasticsearch's ignore_unlabeled): the top k, then its unlabeled items out.
  const rc = rc0.unlabeled ? judgedWithinCut(rc0, spec.k) : rc0;
  if (spec.rel === undefined) return rc;
  const threshold = thresholdOf(spec.rel, conv);
  if (typeof threshold === 'number' && threshold >= 0 && threshold === conv.relevanceThreshold) return rc;
  return withThreshold(rc, threshold, conv);
}

/**
 * The value of one metric on a ranked case. A scratch (see MetricScratch) lends the metrics buffers
 * and lets them remember what a case's other metrics share; pass the same one for a case's metrics in a row.
 */
export function metricValue(rc0: RankedCase, spec: MetricSpec, conv: Convention, scratch?: MetricScratch): number {
  const rc = caseFor(rc0, spec, conv);
  const fixed = fixedValue(rc, conv, spec);
  if (fixed) return fixed.value;
  const k = spec.k;
  switch (spec.family) {
    case 'P':
      return precision(rc, k ?? rc.count, conv);
    case 'R':
      return recall(rc, k ?? rc.count, conv);
    case 'F1':
      return f1(rc, k ?? rc.count, conv);
    case 'AP':
    case 'gmAP':
      return averagePrecision(rc, k, conv);
    case 'RR':
      return reciprocalRank(rc, k);
    case 'DCG':
      return dcg(rc, k, conv);
    case 'nDCG':
      return spec.gains ? ndcgWithGains(rc, spec.gains, k) : ndcg(rc, k, conv, scratch);
    case 'Rprec':
      return rPrecision(rc);
    case 'Success':
      return success(rc, k ?? rc.count);
    case 'NumQ':
    case 'NumRet':
    case 'NumRel':
    case 'NumRelRet':
    case 'NumNonrelJudgedRet':
      return count(rc, spec.family);
    case 'Bpref':
    case 'gmBpref':
      return bpref(rc, thresholdOf(spec.rel, conv));
    case 'infAP':
      return infAP(rc);
    case 'IPrec':
      return interpolatedPrecision(rc, spec.param ?? 0, scratch);
    case '11ptAvg':
      return elevenPointAverage(rc, spec.levels);
    case 'RprecMult':
      return precisionAtMultipleOfR(rc, spec.param ?? 1);
    case 'Utility':
      return utility(rc, spec.coefficients ?? UTILITY_DEFAULT, spec.param ?? 0);
    case 'binG':
      return binG(rc);
    case 'G':
      return kishidaG(rc, conv);
    case 'nDCGrel':
      return ndcgRel(rc, conv);
    case 'Rndcg':
      return rndcg(rc, conv);
    case 'RelP':
      return relativePrecision(rc, k ?? rc.count);
    case 'SetP':
    case 'SetRelP':
    case 'SetR':
    case 'SetAP':
      return setMeasure(rc, spec.family);
    case 'SetF':
      return setMeasure(rc, 'SetF', spec.param ?? 1);
    case 'RBP':
      return rbp(rc, spec.param ?? RBP_P, k, spec.rel !== undefined);
    case 'RBPresid':
      return rbpResidual(rc, spec.param ?? RBP_P, k);
    case 'Judged':
      return judgedShare(rc, k);
    case 'Unjudged':
      return unjudgedShare(rc, k);
    case 'ERR':
      return err(rc, k, conv, spec.param);
    case 'GranularRR':
      return granularRR(rc, k);
    case 'NCRR':
      return ncrr(rc, k);
    case 'Hole':
      return hole(rc, k, spec.annotated);
  }
}

/**
 * The counts a pooled run figure adds up over the cases (averaging=pooled): the hits in the top k
 * and the denominators P@k and R@k divide them by, on the case as the spec sees it.
 */
export function pooledParts(rc0: RankedCase, spec: MetricSpec, conv: Convention): { hits: number; precision: number; recall: number } {
  const rc = caseFor(rc0, spec, conv);
  const k = spec.k ?? rc.count;
  return { hits: hitsAt(rc, k), precision: precisionDenominator(rc, k, conv), recall: recallDenominator(rc, k, conv) };
}

/** The explanation of one metric on a ranked case; its value equals metricValue's. */
export function explainMetric(rc0: RankedCase, spec: MetricSpec, conv: Convention): Explanation {
  const rc = caseFor(rc0, spec, conv);
  const ranking = rankingKnobUses(rc0, rc, spec, conv);
  const explained = explainOnCase(rc, spec, conv);
  return ranking.length === 0 ? explained : { ...explained, knobs: [...ranking, ...explained.knobs] };
}

function explainOnCase(rc: RankedCase, spec: MetricSpec, conv: Convention): Explanation {
  const fixed = fixedValue(rc, conv, spec);
  const name = metricName(spec);
  if (fixed) {
    return {
      metric: name,
      value: fixed.value,
      formula: '',
      terms: [],
      numerator: fixed.value,
      denominator: 1,
      knobs: [
        { knob: fixed.knob, value: String(conv[fixed.knob]), effect: fixed.knob === 'duplicates' ? 'the case is refused' : fixed.note },
      ],
      arithmetic: fixed.note,
      note: fixed.note,
    };
  }
  return { ...explainComputed(rc, spec, conv, name), metric: name };
}

const quoted = (ids: readonly string[]) => ids.map((id) => `"${id}"`).join(', ');

/** What the ranking knobs did to this case, one line each, where they changed the ranking a metric reads. */
function rankingKnobUses(rc0: RankedCase, rc: RankedCase, spec: MetricSpec, conv: Convention): KnobUse[] {
  const uses: KnobUse[] = [];
  const a = rc0.adjusted;
  if (a && a.identicalIds.length > 0)
    uses.push({ knob: 'identicalIds', value: 'drop', effect: `dropped ${quoted(a.identicalIds)}, the case's own id, before ranking` });
  if (a && a.zeroScores.length > 0)
    uses.push({ knob: 'zeroScores', value: 'drop', effect: `dropped ${quoted(a.zeroScores)}, scored 0, before ranking` });
  if (a && a.defaultGraded.length > 0)
    uses.push({
      knob: 'unjudgedGrade',
      value: String(conv.unjudgedGrade),
      effect: `unlabeled ${quoted(a.defaultGraded)} ranked with grade ${conv.unjudgedGrade}`,
    });
  if (a && a.noCredit.length > 0)
    uses.push({ knob: 'duplicates', value: 'no-credit', effect: `the repeats of ${quoted(a.noCredit)} keep their ranks with no credit` });
  if (rc !== rc0 && rc0.unlabeled && rc.count !== rc0.count) {
    const cut = spec.k === null ? rc0.count : Math.min(spec.k, rc0.count);
    uses.push({
      knob: 'unjudged',
      value: 'drop-after-cut',
      effect: `${cut - rc.count} unlabeled item${cut - rc.count === 1 ? '' : 's'} of the top ${cut} dropped after the cut: ${rc.count} judged remain`,
    });
  }
  if (rc.creditRank && rc.creditRank.some((e, r) => e !== r + 1))
    uses.push({ knob: 'ties', value: 'pessimistic-each', effect: 'tied items are each credited at the last rank of their group' });
  return uses;
}

function explainComputed(rc: RankedCase, spec: MetricSpec, conv: Convention, name: string): Explanation {
  const k = spec.k;
  const named = (e: Explanation): Explanation => ({ ...e, metric: name });
  switch (spec.family) {
    case 'P':
      return explainPrecision(rc, k ?? rc.count, conv);
    case 'R':
      return explainRecall(rc, k ?? rc.count, conv);
    case 'F1':
      return explainF1(rc, k ?? rc.count, conv);
    case 'AP':
      return explainAveragePrecision(rc, k, conv);
    case 'gmAP':
      return named({
        ...explainAveragePrecision(rc, k, conv),
        note: 'the run figure is the geometric mean over cases, each value floored at 0.00001',
      });
    case 'RR':
      return explainReciprocalRank(rc, k);
    case 'DCG':
      return explainDcg(rc, k, conv);
    case 'nDCG':
      return spec.gains ? named(explainGainMap(rc, spec.gains, k)) : explainNdcg(rc, k, conv);
    case 'Rprec':
      return explainRPrecision(rc, conv);
    case 'Success':
      return explainSuccess(rc, k ?? rc.count);
    case 'NumQ':
    case 'NumRet':
    case 'NumRel':
    case 'NumRelRet':
    case 'NumNonrelJudgedRet':
      return named(explainCount(rc, { ...spec, family: spec.family }));
    case 'Bpref':
    case 'gmBpref':
      return named(explainBpref(rc, thresholdOf(spec.rel, conv), spec.family));
    case 'infAP':
      return named(explainInfAP(rc));
    case 'IPrec':
      return named(explainInterpolatedPrecision(rc, spec.param ?? 0));
    case '11ptAvg':
      return named(explainElevenPointAverage(rc, spec.levels));
    case 'RprecMult':
      return explainPrecisionAtMultipleOfR(rc, spec.param ?? 1, name);
    case 'Utility':
      return explainUtility(rc, spec.coefficients ?? UTILITY_DEFAULT, spec.param ?? 0, name);
    case 'binG':
    case 'G':
    case 'nDCGrel':
    case 'Rndcg':
      return explainGainVariant(rc, spec.family, conv, name);
    case 'RelP':
      return explainRelativePrecision(rc, k ?? rc.count, name);
    case 'SetP':
    case 'SetRelP':
    case 'SetR':
    case 'SetAP':
      return explainSetMeasure(rc, spec.family, name);
    case 'SetF':
      return explainSetMeasure(rc, 'SetF', name, spec.param ?? FAMILY_PARAM.SetF!.default);
    case 'RBP':
      return explainRbp(rc, spec.param ?? RBP_P, k, spec.rel !== undefined, name);
    case 'RBPresid':
      return explainRbpResidual(rc, spec.param ?? RBP_P, k, name);
    case 'Judged':
      return explainJudgedShare(rc, k, true, name);
    case 'Unjudged':
      return explainJudgedShare(rc, k, false, name);
    case 'ERR':
      return explainErr(rc, k, conv, spec.param, name);
    case 'GranularRR':
      return explainGranularRR(rc, k, name);
    case 'NCRR':
      return explainNcrr(rc, k, name);
    case 'Hole':
      return explainHole(rc, k, spec.annotated, name);
  }
}
