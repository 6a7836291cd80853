/** One entry point for every metric: the value (fast) or the explanation (with terms) of a spec on a ranked case. */
// @ts-nocheck
function stryNS_9fa48() {
  var g = typeof globalThis === 'object' && globalThis && globalThis.Math === Math && globalThis || new Function("return this")();
  var ns = g.__stryker__ || (g.__stryker__ = {});
  if (ns.activeMutant === undefined && g.process && g.process.env && g.process.env.__STRYKER_ACTIVE_MUTANT__) {
    ns.activeMutant = g.process.env.__STRYKER_ACTIVE_MUTANT__;
  }
  function retrieveNS() {
    return ns;
  }
  stryNS_9fa48 = retrieveNS;
  return retrieveNS();
}
stryNS_9fa48();
function stryCov_9fa48() {
  var ns = stryNS_9fa48();
  var cov = ns.mutantCoverage || (ns.mutantCoverage = {
    static: {},
    perTest: {}
  });
  function cover() {
    var c = cov.static;
    if (ns.currentTestId) {
      c = cov.perTest[ns.currentTestId] = cov.perTest[ns.currentTestId] || {};
    }
    var a = arguments;
    for (var i = 0; i < a.length; i++) {
      c[a[i]] = (c[a[i]] || 0) + 1;
    }
  }
  stryCov_9fa48 = cover;
  cover.apply(null, arguments);
}
function stryMutAct_9fa48(id) {
  var ns = stryNS_9fa48();
  function isActive(id) {
    if (ns.activeMutant === id) {
      if (ns.hitCount !== void 0 && ++ns.hitCount > ns.hitLimit) {
        throw new Error('Stryker: Hit count limit reached (' + ns.hitCount + ')');
      }
      return true;
    }
    return false;
  }
  stryMutAct_9fa48 = isActive;
  return isActive(id);
}
import { Convention } from '../conventions';
import { averagePrecision, explainAveragePrecision } from './averagePrecision';
import { bpref, explainBpref } from './bpref';
import { count, explainCount } from './counts';
import { explainJudgedShare, explainPrecisionAtMultipleOfR, explainRelativePrecision, judgedShare, precisionAtMultipleOfR, relativePrecision, unjudgedShare } from './cutoffFractions';
import { dcg, explainDcg, explainNdcg, gain, ndcg } from './dcg';
import { err, explainErr } from './err';
import { Explanation } from '../explanation';
import { explainF1, f1 } from './f1';
import { binG, explainGainMap, explainGainVariant, kishidaG, ndcgRel, ndcgWithGains, rndcg } from './gainVariants';
import { explainInfAP, infAP } from './infAP';
import { elevenPointAverage, explainElevenPointAverage, explainInterpolatedPrecision, interpolatedPrecision } from './interpolatedPrecision';
import { DEFINED_WITHOUT_RELEVANT, FAMILY_PARAM, MetricSpec, UTILITY_DEFAULT, metricName } from '../metricNames';
import { explainPrecision, precision } from './precision';
import { RankedCase } from '../ranking';
import { thresholdOf, withThreshold } from '../rankViews';
import { RBP_P, explainRbp, explainRbpResidual, rbp, rbpResidual } from './rbp';
import { explainRecall, recall } from './recall';
import { explainReciprocalRank, reciprocalRank } from './reciprocalRank';
import { explainRPrecision, rPrecision } from './rPrecision';
import { explainSetMeasure, setMeasure } from './setMeasures';
import { explainSuccess, success } from './success';
import { explainUtility, utility } from './utility';

// Graded families whose "nothing relevant" is "no label with a gain" once relevance needs more than grade 1.
const GRADED = new Set(stryMutAct_9fa48("661") ? [] : (stryCov_9fa48("661"), [stryMutAct_9fa48("662") ? "" : (stryCov_9fa48("662"), 'DCG'), stryMutAct_9fa48("663") ? "" : (stryCov_9fa48("663"), 'nDCG'), stryMutAct_9fa48("664") ? "" : (stryCov_9fa48("664"), 'G'), stryMutAct_9fa48("665") ? "" : (stryCov_9fa48("665"), 'nDCGrel'), stryMutAct_9fa48("666") ? "" : (stryCov_9fa48("666"), 'RBP'), stryMutAct_9fa48("667") ? "" : (stryCov_9fa48("667"), 'ERR')]));
function nothingToFind(rc: RankedCase, conv: Convention, spec?: MetricSpec): boolean {
  if (stryMutAct_9fa48("668")) {
    {}
  } else {
    stryCov_9fa48("668");
    if (stryMutAct_9fa48("671") ? false : stryMutAct_9fa48("670") ? true : stryMutAct_9fa48("669") ? spec : (stryCov_9fa48("669", "670", "671"), !spec)) return stryMutAct_9fa48("674") ? rc.nRelevant !== 0 : stryMutAct_9fa48("673") ? false : stryMutAct_9fa48("672") ? true : (stryCov_9fa48("672", "673", "674"), rc.nRelevant === 0);
    if (stryMutAct_9fa48("676") ? false : stryMutAct_9fa48("675") ? true : (stryCov_9fa48("675", "676"), DEFINED_WITHOUT_RELEVANT.has(spec.family))) return stryMutAct_9fa48("677") ? true : (stryCov_9fa48("677"), false);
    const t = conv.relevanceThreshold;
    if (stryMutAct_9fa48("680") ? GRADED.has(spec.family) && spec.rel === undefined && typeof t === 'number' && t > 0 || conv.relevantPool === 'labels' : stryMutAct_9fa48("679") ? false : stryMutAct_9fa48("678") ? true : (stryCov_9fa48("678", "679", "680"), (stryMutAct_9fa48("682") ? GRADED.has(spec.family) && spec.rel === undefined && typeof t === 'number' || t > 0 : stryMutAct_9fa48("681") ? true : (stryCov_9fa48("681", "682"), (stryMutAct_9fa48("684") ? GRADED.has(spec.family) && spec.rel === undefined || typeof t === 'number' : stryMutAct_9fa48("683") ? true : (stryCov_9fa48("683", "684"), (stryMutAct_9fa48("686") ? GRADED.has(spec.family) || spec.rel === undefined : stryMutAct_9fa48("685") ? true : (stryCov_9fa48("685", "686"), GRADED.has(spec.family) && (stryMutAct_9fa48("688") ? spec.rel !== undefined : stryMutAct_9fa48("687") ? true : (stryCov_9fa48("687", "688"), spec.rel === undefined)))) && (stryMutAct_9fa48("690") ? typeof t !== 'number' : stryMutAct_9fa48("689") ? true : (stryCov_9fa48("689", "690"), typeof t === (stryMutAct_9fa48("691") ? "" : (stryCov_9fa48("691"), 'number')))))) && (stryMutAct_9fa48("694") ? t <= 0 : stryMutAct_9fa48("693") ? t >= 0 : stryMutAct_9fa48("692") ? true : (stryCov_9fa48("692", "693", "694"), t > 0)))) && (stryMutAct_9fa48("696") ? conv.relevantPool !== 'labels' : stryMutAct_9fa48("695") ? true : (stryCov_9fa48("695", "696"), conv.relevantPool === (stryMutAct_9fa48("697") ? "" : (stryCov_9fa48("697"), 'labels')))))) {
      if (stryMutAct_9fa48("698")) {
        {}
      } else {
        stryCov_9fa48("698");
        return stryMutAct_9fa48("699") ? rc.labelGrades.some(g => gain(g, conv) > 0) : (stryCov_9fa48("699"), !(stryMutAct_9fa48("700") ? rc.labelGrades.every(g => gain(g, conv) > 0) : (stryCov_9fa48("700"), rc.labelGrades.some(stryMutAct_9fa48("701") ? () => undefined : (stryCov_9fa48("701"), g => stryMutAct_9fa48("705") ? gain(g, conv) <= 0 : stryMutAct_9fa48("704") ? gain(g, conv) >= 0 : stryMutAct_9fa48("703") ? false : stryMutAct_9fa48("702") ? true : (stryCov_9fa48("702", "703", "704", "705"), gain(g, conv) > 0))))));
      }
    }
    return stryMutAct_9fa48("708") ? rc.nRelevant !== 0 : stryMutAct_9fa48("707") ? false : stryMutAct_9fa48("706") ? true : (stryCov_9fa48("706", "707", "708"), rc.nRelevant === 0);
  }
}

/**
 * Why a case's metrics are fixed regardless of its ranking, or undefined when they are computed.
 * With a spec, counts and judged shares are never fixed by empty labels (they need no relevant item).
 */
export function fixedValue(rc: RankedCase, conv: Convention, spec?: MetricSpec): {
  value: number;
  note: string;
} | undefined {
  if (stryMutAct_9fa48("709")) {
    {}
  } else {
    stryCov_9fa48("709");
    if (stryMutAct_9fa48("711") ? false : stryMutAct_9fa48("710") ? true : (stryCov_9fa48("710", "711"), rc.rejected)) return stryMutAct_9fa48("712") ? {} : (stryCov_9fa48("712"), {
      value: NaN,
      note: stryMutAct_9fa48("713") ? "" : (stryCov_9fa48("713"), 'the case predicts an item twice and duplicates=error: it is not evaluated')
    });
    if (stryMutAct_9fa48("715") ? false : stryMutAct_9fa48("714") ? true : (stryCov_9fa48("714", "715"), nothingToFind(rc, conv, spec))) {
      if (stryMutAct_9fa48("716")) {
        {}
      } else {
        stryCov_9fa48("716");
        return (stryMutAct_9fa48("719") ? conv.emptyLabels !== 'nan' : stryMutAct_9fa48("718") ? false : stryMutAct_9fa48("717") ? true : (stryCov_9fa48("717", "718", "719"), conv.emptyLabels === (stryMutAct_9fa48("720") ? "" : (stryCov_9fa48("720"), 'nan')))) ? stryMutAct_9fa48("721") ? {} : (stryCov_9fa48("721"), {
          value: NaN,
          note: stryMutAct_9fa48("722") ? "" : (stryCov_9fa48("722"), 'no relevant label: NaN, left out of the means (emptyLabels=nan)')
        }) : stryMutAct_9fa48("723") ? {} : (stryCov_9fa48("723"), {
          value: 0,
          note: stryMutAct_9fa48("724") ? "" : (stryCov_9fa48("724"), 'no relevant label: 0, counted in the means (emptyLabels=zero)')
        });
      }
    }
    // rc.order holds every prediction, also those a knob later drops: a query in the run stays evaluated.
    if (stryMutAct_9fa48("727") ? rc.order.length === 0 || conv.emptyPredictions === 'nan' : stryMutAct_9fa48("726") ? false : stryMutAct_9fa48("725") ? true : (stryCov_9fa48("725", "726", "727"), (stryMutAct_9fa48("729") ? rc.order.length !== 0 : stryMutAct_9fa48("728") ? true : (stryCov_9fa48("728", "729"), rc.order.length === 0)) && (stryMutAct_9fa48("731") ? conv.emptyPredictions !== 'nan' : stryMutAct_9fa48("730") ? true : (stryCov_9fa48("730", "731"), conv.emptyPredictions === (stryMutAct_9fa48("732") ? "" : (stryCov_9fa48("732"), 'nan')))))) {
      if (stryMutAct_9fa48("733")) {
        {}
      } else {
        stryCov_9fa48("733");
        return stryMutAct_9fa48("734") ? {} : (stryCov_9fa48("734"), {
          value: NaN,
          note: stryMutAct_9fa48("735") ? "" : (stryCov_9fa48("735"), 'no predictions: NaN, left out of the means (emptyPredictions=nan)')
        });
      }
    }
    return undefined;
  }
}

/** The case as one spec sees it: its own relevance level when it names one (rel=). */
function caseFor(rc: RankedCase, spec: MetricSpec, conv: Convention): RankedCase {
  if (stryMutAct_9fa48("736")) {
    {}
  } else {
    stryCov_9fa48("736");
    return (stryMutAct_9fa48("739") ? spec.rel !== undefined : stryMutAct_9fa48("738") ? false : stryMutAct_9fa48("737") ? true : (stryCov_9fa48("737", "738", "739"), spec.rel === undefined)) ? rc : withThreshold(rc, thresholdOf(spec.rel, conv), conv);
  }
}

/** The value of one metric on a ranked case. */
export function metricValue(rc0: RankedCase, spec: MetricSpec, conv: Convention): number {
  if (stryMutAct_9fa48("740")) {
    {}
  } else {
    stryCov_9fa48("740");
    const rc = caseFor(rc0, spec, conv);
    const fixed = fixedValue(rc, conv, spec);
    if (stryMutAct_9fa48("742") ? false : stryMutAct_9fa48("741") ? true : (stryCov_9fa48("741", "742"), fixed)) return fixed.value;
    const k = spec.k;
    switch (spec.family) {
      case stryMutAct_9fa48("744") ? "" : (stryCov_9fa48("744"), 'P'):
        if (stryMutAct_9fa48("743")) {} else {
          stryCov_9fa48("743");
          return precision(rc, stryMutAct_9fa48("745") ? k && rc.ids.length : (stryCov_9fa48("745"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("747") ? "" : (stryCov_9fa48("747"), 'R'):
        if (stryMutAct_9fa48("746")) {} else {
          stryCov_9fa48("746");
          return recall(rc, stryMutAct_9fa48("748") ? k && rc.ids.length : (stryCov_9fa48("748"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("750") ? "" : (stryCov_9fa48("750"), 'F1'):
        if (stryMutAct_9fa48("749")) {} else {
          stryCov_9fa48("749");
          return f1(rc, stryMutAct_9fa48("751") ? k && rc.ids.length : (stryCov_9fa48("751"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("752") ? "" : (stryCov_9fa48("752"), 'AP'):
      case stryMutAct_9fa48("754") ? "" : (stryCov_9fa48("754"), 'gmAP'):
        if (stryMutAct_9fa48("753")) {} else {
          stryCov_9fa48("753");
          return averagePrecision(rc, k, conv);
        }
      case stryMutAct_9fa48("756") ? "" : (stryCov_9fa48("756"), 'RR'):
        if (stryMutAct_9fa48("755")) {} else {
          stryCov_9fa48("755");
          return reciprocalRank(rc, k);
        }
      case stryMutAct_9fa48("758") ? "" : (stryCov_9fa48("758"), 'DCG'):
        if (stryMutAct_9fa48("757")) {} else {
          stryCov_9fa48("757");
          return dcg(rc, k, conv);
        }
      case stryMutAct_9fa48("760") ? "" : (stryCov_9fa48("760"), 'nDCG'):
        if (stryMutAct_9fa48("759")) {} else {
          stryCov_9fa48("759");
          return spec.gains ? ndcgWithGains(rc, spec.gains, k) : ndcg(rc, k, conv);
        }
      case stryMutAct_9fa48("762") ? "" : (stryCov_9fa48("762"), 'Rprec'):
        if (stryMutAct_9fa48("761")) {} else {
          stryCov_9fa48("761");
          return rPrecision(rc);
        }
      case stryMutAct_9fa48("764") ? "" : (stryCov_9fa48("764"), 'Success'):
        if (stryMutAct_9fa48("763")) {} else {
          stryCov_9fa48("763");
          return success(rc, stryMutAct_9fa48("765") ? k && rc.ids.length : (stryCov_9fa48("765"), k ?? rc.ids.length));
        }
      case stryMutAct_9fa48("766") ? "" : (stryCov_9fa48("766"), 'NumQ'):
      case stryMutAct_9fa48("767") ? "" : (stryCov_9fa48("767"), 'NumRet'):
      case stryMutAct_9fa48("768") ? "" : (stryCov_9fa48("768"), 'NumRel'):
      case stryMutAct_9fa48("769") ? "" : (stryCov_9fa48("769"), 'NumRelRet'):
      case stryMutAct_9fa48("771") ? "" : (stryCov_9fa48("771"), 'NumNonrelJudgedRet'):
        if (stryMutAct_9fa48("770")) {} else {
          stryCov_9fa48("770");
          return count(rc, spec.family);
        }
      case stryMutAct_9fa48("772") ? "" : (stryCov_9fa48("772"), 'Bpref'):
      case stryMutAct_9fa48("774") ? "" : (stryCov_9fa48("774"), 'gmBpref'):
        if (stryMutAct_9fa48("773")) {} else {
          stryCov_9fa48("773");
          return bpref(rc, thresholdOf(spec.rel, conv));
        }
      case stryMutAct_9fa48("776") ? "" : (stryCov_9fa48("776"), 'infAP'):
        if (stryMutAct_9fa48("775")) {} else {
          stryCov_9fa48("775");
          return infAP(rc);
        }
      case stryMutAct_9fa48("778") ? "" : (stryCov_9fa48("778"), 'IPrec'):
        if (stryMutAct_9fa48("777")) {} else {
          stryCov_9fa48("777");
          return interpolatedPrecision(rc, stryMutAct_9fa48("779") ? spec.param && 0 : (stryCov_9fa48("779"), spec.param ?? 0));
        }
      case stryMutAct_9fa48("781") ? "" : (stryCov_9fa48("781"), '11ptAvg'):
        if (stryMutAct_9fa48("780")) {} else {
          stryCov_9fa48("780");
          return elevenPointAverage(rc, spec.levels);
        }
      case stryMutAct_9fa48("783") ? "" : (stryCov_9fa48("783"), 'RprecMult'):
        if (stryMutAct_9fa48("782")) {} else {
          stryCov_9fa48("782");
          return precisionAtMultipleOfR(rc, stryMutAct_9fa48("784") ? spec.param && 1 : (stryCov_9fa48("784"), spec.param ?? 1));
        }
      case stryMutAct_9fa48("786") ? "" : (stryCov_9fa48("786"), 'Utility'):
        if (stryMutAct_9fa48("785")) {} else {
          stryCov_9fa48("785");
          return utility(rc, stryMutAct_9fa48("787") ? spec.coefficients && UTILITY_DEFAULT : (stryCov_9fa48("787"), spec.coefficients ?? UTILITY_DEFAULT), stryMutAct_9fa48("788") ? spec.param && 0 : (stryCov_9fa48("788"), spec.param ?? 0));
        }
      case stryMutAct_9fa48("790") ? "" : (stryCov_9fa48("790"), 'binG'):
        if (stryMutAct_9fa48("789")) {} else {
          stryCov_9fa48("789");
          return binG(rc);
        }
      case stryMutAct_9fa48("792") ? "" : (stryCov_9fa48("792"), 'G'):
        if (stryMutAct_9fa48("791")) {} else {
          stryCov_9fa48("791");
          return kishidaG(rc, conv);
        }
      case stryMutAct_9fa48("794") ? "" : (stryCov_9fa48("794"), 'nDCGrel'):
        if (stryMutAct_9fa48("793")) {} else {
          stryCov_9fa48("793");
          return ndcgRel(rc, conv);
        }
      case stryMutAct_9fa48("796") ? "" : (stryCov_9fa48("796"), 'Rndcg'):
        if (stryMutAct_9fa48("795")) {} else {
          stryCov_9fa48("795");
          return rndcg(rc, conv);
        }
      case stryMutAct_9fa48("798") ? "" : (stryCov_9fa48("798"), 'RelP'):
        if (stryMutAct_9fa48("797")) {} else {
          stryCov_9fa48("797");
          return relativePrecision(rc, stryMutAct_9fa48("799") ? k && rc.ids.length : (stryCov_9fa48("799"), k ?? rc.ids.length));
        }
      case stryMutAct_9fa48("800") ? "" : (stryCov_9fa48("800"), 'SetP'):
      case stryMutAct_9fa48("801") ? "" : (stryCov_9fa48("801"), 'SetRelP'):
      case stryMutAct_9fa48("802") ? "" : (stryCov_9fa48("802"), 'SetR'):
      case stryMutAct_9fa48("804") ? "" : (stryCov_9fa48("804"), 'SetAP'):
        if (stryMutAct_9fa48("803")) {} else {
          stryCov_9fa48("803");
          return setMeasure(rc, spec.family);
        }
      case stryMutAct_9fa48("806") ? "" : (stryCov_9fa48("806"), 'SetF'):
        if (stryMutAct_9fa48("805")) {} else {
          stryCov_9fa48("805");
          return setMeasure(rc, stryMutAct_9fa48("807") ? "" : (stryCov_9fa48("807"), 'SetF'), stryMutAct_9fa48("808") ? spec.param && 1 : (stryCov_9fa48("808"), spec.param ?? 1));
        }
      case stryMutAct_9fa48("810") ? "" : (stryCov_9fa48("810"), 'RBP'):
        if (stryMutAct_9fa48("809")) {} else {
          stryCov_9fa48("809");
          return rbp(rc, stryMutAct_9fa48("811") ? spec.param && RBP_P : (stryCov_9fa48("811"), spec.param ?? RBP_P), k, stryMutAct_9fa48("814") ? spec.rel === undefined : stryMutAct_9fa48("813") ? false : stryMutAct_9fa48("812") ? true : (stryCov_9fa48("812", "813", "814"), spec.rel !== undefined));
        }
      case stryMutAct_9fa48("816") ? "" : (stryCov_9fa48("816"), 'RBPresid'):
        if (stryMutAct_9fa48("815")) {} else {
          stryCov_9fa48("815");
          return rbpResidual(rc, stryMutAct_9fa48("817") ? spec.param && RBP_P : (stryCov_9fa48("817"), spec.param ?? RBP_P), k);
        }
      case stryMutAct_9fa48("819") ? "" : (stryCov_9fa48("819"), 'Judged'):
        if (stryMutAct_9fa48("818")) {} else {
          stryCov_9fa48("818");
          return judgedShare(rc, k);
        }
      case stryMutAct_9fa48("821") ? "" : (stryCov_9fa48("821"), 'Unjudged'):
        if (stryMutAct_9fa48("820")) {} else {
          stryCov_9fa48("820");
          return unjudgedShare(rc, k);
        }
      case stryMutAct_9fa48("823") ? "" : (stryCov_9fa48("823"), 'ERR'):
        if (stryMutAct_9fa48("822")) {} else {
          stryCov_9fa48("822");
          return err(rc, k, conv, spec.param);
        }
    }
  }
}

/** The explanation of one metric on a ranked case; its value equals metricValue's. */
export function explainMetric(rc0: RankedCase, spec: MetricSpec, conv: Convention): Explanation {
  if (stryMutAct_9fa48("824")) {
    {}
  } else {
    stryCov_9fa48("824");
    const rc = caseFor(rc0, spec, conv);
    const fixed = fixedValue(rc, conv, spec);
    const name = metricName(spec);
    if (stryMutAct_9fa48("826") ? false : stryMutAct_9fa48("825") ? true : (stryCov_9fa48("825", "826"), fixed)) {
      if (stryMutAct_9fa48("827")) {
        {}
      } else {
        stryCov_9fa48("827");
        return stryMutAct_9fa48("828") ? {} : (stryCov_9fa48("828"), {
          metric: name,
          value: fixed.value,
          formula: stryMutAct_9fa48("829") ? "Stryker was here!" : (stryCov_9fa48("829"), ''),
          terms: stryMutAct_9fa48("830") ? ["Stryker was here"] : (stryCov_9fa48("830"), []),
          numerator: fixed.value,
          denominator: 1,
          knobs: rc.rejected ? stryMutAct_9fa48("831") ? [] : (stryCov_9fa48("831"), [stryMutAct_9fa48("832") ? {} : (stryCov_9fa48("832"), {
            knob: stryMutAct_9fa48("833") ? "" : (stryCov_9fa48("833"), 'duplicates'),
            value: conv.duplicates,
            effect: stryMutAct_9fa48("834") ? "" : (stryCov_9fa48("834"), 'the case is refused')
          })]) : stryMutAct_9fa48("835") ? [] : (stryCov_9fa48("835"), [stryMutAct_9fa48("836") ? {} : (stryCov_9fa48("836"), {
            knob: (stryMutAct_9fa48("839") ? rc.nRelevant !== 0 : stryMutAct_9fa48("838") ? false : stryMutAct_9fa48("837") ? true : (stryCov_9fa48("837", "838", "839"), rc.nRelevant === 0)) ? stryMutAct_9fa48("840") ? "" : (stryCov_9fa48("840"), 'emptyLabels') : stryMutAct_9fa48("841") ? "" : (stryCov_9fa48("841"), 'emptyPredictions'),
            value: (stryMutAct_9fa48("844") ? rc.nRelevant !== 0 : stryMutAct_9fa48("843") ? false : stryMutAct_9fa48("842") ? true : (stryCov_9fa48("842", "843", "844"), rc.nRelevant === 0)) ? conv.emptyLabels : conv.emptyPredictions,
            effect: fixed.note
          })]),
          arithmetic: fixed.note,
          note: fixed.note
        });
      }
    }
    return stryMutAct_9fa48("845") ? {} : (stryCov_9fa48("845"), {
      ...explainComputed(rc, spec, conv, name),
      metric: name
    });
  }
}
function explainComputed(rc: RankedCase, spec: MetricSpec, conv: Convention, name: string): Explanation {
  if (stryMutAct_9fa48("846")) {
    {}
  } else {
    stryCov_9fa48("846");
    const k = spec.k;
    const named = stryMutAct_9fa48("847") ? () => undefined : (stryCov_9fa48("847"), (() => {
      const named = (e: Explanation): Explanation => stryMutAct_9fa48("848") ? {} : (stryCov_9fa48("848"), {
        ...e,
        metric: name
      });
      return named;
    })());
    switch (spec.family) {
      case stryMutAct_9fa48("850") ? "" : (stryCov_9fa48("850"), 'P'):
        if (stryMutAct_9fa48("849")) {} else {
          stryCov_9fa48("849");
          return explainPrecision(rc, stryMutAct_9fa48("851") ? k && rc.ids.length : (stryCov_9fa48("851"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("853") ? "" : (stryCov_9fa48("853"), 'R'):
        if (stryMutAct_9fa48("852")) {} else {
          stryCov_9fa48("852");
          return explainRecall(rc, stryMutAct_9fa48("854") ? k && rc.ids.length : (stryCov_9fa48("854"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("856") ? "" : (stryCov_9fa48("856"), 'F1'):
        if (stryMutAct_9fa48("855")) {} else {
          stryCov_9fa48("855");
          return explainF1(rc, stryMutAct_9fa48("857") ? k && rc.ids.length : (stryCov_9fa48("857"), k ?? rc.ids.length), conv);
        }
      case stryMutAct_9fa48("859") ? "" : (stryCov_9fa48("859"), 'AP'):
        if (stryMutAct_9fa48("858")) {} else {
          stryCov_9fa48("858");
          return explainAveragePrecision(rc, k, conv);
        }
      case stryMutAct_9fa48("861") ? "" : (stryCov_9fa48("861"), 'gmAP'):
        if (stryMutAct_9fa48("860")) {} else {
          stryCov_9fa48("860");
          return named(stryMutAct_9fa48("862") ? {} : (stryCov_9fa48("862"), {
            ...explainAveragePrecision(rc, k, conv),
            note: stryMutAct_9fa48("863") ? "" : (stryCov_9fa48("863"), 'the run figure is the geometric mean over cases, each value floored at 0.00001')
          }));
        }
      case stryMutAct_9fa48("865") ? "" : (stryCov_9fa48("865"), 'RR'):
        if (stryMutAct_9fa48("864")) {} else {
          stryCov_9fa48("864");
          return explainReciprocalRank(rc, k);
        }
      case stryMutAct_9fa48("867") ? "" : (stryCov_9fa48("867"), 'DCG'):
        if (stryMutAct_9fa48("866")) {} else {
          stryCov_9fa48("866");
          return explainDcg(rc, k, conv);
        }
      case stryMutAct_9fa48("869") ? "" : (stryCov_9fa48("869"), 'nDCG'):
        if (stryMutAct_9fa48("868")) {} else {
          stryCov_9fa48("868");
          return spec.gains ? named(explainGainMap(rc, spec.gains, k)) : explainNdcg(rc, k, conv);
        }
      case stryMutAct_9fa48("871") ? "" : (stryCov_9fa48("871"), 'Rprec'):
        if (stryMutAct_9fa48("870")) {} else {
          stryCov_9fa48("870");
          return explainRPrecision(rc, conv);
        }
      case stryMutAct_9fa48("873") ? "" : (stryCov_9fa48("873"), 'Success'):
        if (stryMutAct_9fa48("872")) {} else {
          stryCov_9fa48("872");
          return explainSuccess(rc, stryMutAct_9fa48("874") ? k && rc.ids.length : (stryCov_9fa48("874"), k ?? rc.ids.length));
        }
      case stryMutAct_9fa48("875") ? "" : (stryCov_9fa48("875"), 'NumQ'):
      case stryMutAct_9fa48("876") ? "" : (stryCov_9fa48("876"), 'NumRet'):
      case stryMutAct_9fa48("877") ? "" : (stryCov_9fa48("877"), 'NumRel'):
      case stryMutAct_9fa48("878") ? "" : (stryCov_9fa48("878"), 'NumRelRet'):
      case stryMutAct_9fa48("880") ? "" : (stryCov_9fa48("880"), 'NumNonrelJudgedRet'):
        if (stryMutAct_9fa48("879")) {} else {
          stryCov_9fa48("879");
          return named(explainCount(rc, stryMutAct_9fa48("881") ? {} : (stryCov_9fa48("881"), {
            ...spec,
            family: spec.family
          })));
        }
      case stryMutAct_9fa48("882") ? "" : (stryCov_9fa48("882"), 'Bpref'):
      case stryMutAct_9fa48("884") ? "" : (stryCov_9fa48("884"), 'gmBpref'):
        if (stryMutAct_9fa48("883")) {} else {
          stryCov_9fa48("883");
          return named(explainBpref(rc, thresholdOf(spec.rel, conv), spec.family));
        }
      case stryMutAct_9fa48("886") ? "" : (stryCov_9fa48("886"), 'infAP'):
        if (stryMutAct_9fa48("885")) {} else {
          stryCov_9fa48("885");
          return named(explainInfAP(rc));
        }
      case stryMutAct_9fa48("888") ? "" : (stryCov_9fa48("888"), 'IPrec'):
        if (stryMutAct_9fa48("887")) {} else {
          stryCov_9fa48("887");
          return named(explainInterpolatedPrecision(rc, stryMutAct_9fa48("889") ? spec.param && 0 : (stryCov_9fa48("889"), spec.param ?? 0)));
        }
      case stryMutAct_9fa48("891") ? "" : (stryCov_9fa48("891"), '11ptAvg'):
        if (stryMutAct_9fa48("890")) {} else {
          stryCov_9fa48("890");
          return named(explainElevenPointAverage(rc, spec.levels));
        }
      case stryMutAct_9fa48("893") ? "" : (stryCov_9fa48("893"), 'RprecMult'):
        if (stryMutAct_9fa48("892")) {} else {
          stryCov_9fa48("892");
          return explainPrecisionAtMultipleOfR(rc, stryMutAct_9fa48("894") ? spec.param && 1 : (stryCov_9fa48("894"), spec.param ?? 1), name);
        }
      case stryMutAct_9fa48("896") ? "" : (stryCov_9fa48("896"), 'Utility'):
        if (stryMutAct_9fa48("895")) {} else {
          stryCov_9fa48("895");
          return explainUtility(rc, stryMutAct_9fa48("897") ? spec.coefficients && UTILITY_DEFAULT : (stryCov_9fa48("897"), spec.coefficients ?? UTILITY_DEFAULT), stryMutAct_9fa48("898") ? spec.param && 0 : (stryCov_9fa48("898"), spec.param ?? 0), name);
        }
      case stryMutAct_9fa48("899") ? "" : (stryCov_9fa48("899"), 'binG'):
      case stryMutAct_9fa48("900") ? "" : (stryCov_9fa48("900"), 'G'):
      case stryMutAct_9fa48("901") ? "" : (stryCov_9fa48("901"), 'nDCGrel'):
      case stryMutAct_9fa48("903") ? "" : (stryCov_9fa48("903"), 'Rndcg'):
        if (stryMutAct_9fa48("902")) {} else {
          stryCov_9fa48("902");
          return explainGainVariant(rc, spec.family, conv, name);
        }
      case stryMutAct_9fa48("905") ? "" : (stryCov_9fa48("905"), 'RelP'):
        if (stryMutAct_9fa48("904")) {} else {
          stryCov_9fa48("904");
          return explainRelativePrecision(rc, stryMutAct_9fa48("906") ? k && rc.ids.length : (stryCov_9fa48("906"), k ?? rc.ids.length), name);
        }
      case stryMutAct_9fa48("907") ? "" : (stryCov_9fa48("907"), 'SetP'):
      case stryMutAct_9fa48("908") ? "" : (stryCov_9fa48("908"), 'SetRelP'):
      case stryMutAct_9fa48("909") ? "" : (stryCov_9fa48("909"), 'SetR'):
      case stryMutAct_9fa48("911") ? "" : (stryCov_9fa48("911"), 'SetAP'):
        if (stryMutAct_9fa48("910")) {} else {
          stryCov_9fa48("910");
          return explainSetMeasure(rc, spec.family, name);
        }
      case stryMutAct_9fa48("913") ? "" : (stryCov_9fa48("913"), 'SetF'):
        if (stryMutAct_9fa48("912")) {} else {
          stryCov_9fa48("912");
          return explainSetMeasure(rc, stryMutAct_9fa48("914") ? "" : (stryCov_9fa48("914"), 'SetF'), name, stryMutAct_9fa48("915") ? spec.param && FAMILY_PARAM.SetF!.default : (stryCov_9fa48("915"), spec.param ?? FAMILY_PARAM.SetF!.default));
        }
      case stryMutAct_9fa48("917") ? "" : (stryCov_9fa48("917"), 'RBP'):
        if (stryMutAct_9fa48("916")) {} else {
          stryCov_9fa48("916");
          return explainRbp(rc, stryMutAct_9fa48("918") ? spec.param && RBP_P : (stryCov_9fa48("918"), spec.param ?? RBP_P), k, stryMutAct_9fa48("921") ? spec.rel === undefined : stryMutAct_9fa48("920") ? false : stryMutAct_9fa48("919") ? true : (stryCov_9fa48("919", "920", "921"), spec.rel !== undefined), name);
        }
      case stryMutAct_9fa48("923") ? "" : (stryCov_9fa48("923"), 'RBPresid'):
        if (stryMutAct_9fa48("922")) {} else {
          stryCov_9fa48("922");
          return explainRbpResidual(rc, stryMutAct_9fa48("924") ? spec.param && RBP_P : (stryCov_9fa48("924"), spec.param ?? RBP_P), k, name);
        }
      case stryMutAct_9fa48("926") ? "" : (stryCov_9fa48("926"), 'Judged'):
        if (stryMutAct_9fa48("925")) {} else {
          stryCov_9fa48("925");
          return explainJudgedShare(rc, k, stryMutAct_9fa48("927") ? false : (stryCov_9fa48("927"), true), name);
        }
      case stryMutAct_9fa48("929") ? "" : (stryCov_9fa48("929"), 'Unjudged'):
        if (stryMutAct_9fa48("928")) {} else {
          stryCov_9fa48("928");
          return explainJudgedShare(rc, k, stryMutAct_9fa48("930") ? true : (stryCov_9fa48("930"), false), name);
        }
      case stryMutAct_9fa48("932") ? "" : (stryCov_9fa48("932"), 'ERR'):
        if (stryMutAct_9fa48("931")) {} else {
          stryCov_9fa48("931");
          return explainErr(rc, k, conv, spec.param, name);
        }
    }
  }
}