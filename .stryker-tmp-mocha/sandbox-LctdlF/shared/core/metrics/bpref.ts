/**
 * bpref (Buckley & Voorhees, SIGIR 2004), as trec_eval computes it: each relevant item retrieved
 * scores 1 − min(n, R) / min(N, R), n the judged non-relevant items ranked above it, N all judged
 * non-relevant labels; the sum is divided by R. Unjudged items are skipped, not taken as non-relevant.
 */
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
import { RelevanceThreshold } from '../conventions';
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { judgedNonrelevantLabels, termAt } from './judgements';
function bprefTerms(rc: RankedCase, threshold: RelevanceThreshold): {
  sum: number;
  terms: RankTerm[];
  N: number;
} {
  if (stryMutAct_9fa48("207")) {
    {}
  } else {
    stryCov_9fa48("207");
    const N = judgedNonrelevantLabels(rc, threshold);
    const R = rc.nRelevant;
    const terms: RankTerm[] = stryMutAct_9fa48("208") ? ["Stryker was here"] : (stryCov_9fa48("208"), []);
    let nonrel = 0;
    let sum = 0;
    for (let r = 0; stryMutAct_9fa48("211") ? r >= rc.ids.length : stryMutAct_9fa48("210") ? r <= rc.ids.length : stryMutAct_9fa48("209") ? false : (stryCov_9fa48("209", "210", "211"), r < rc.ids.length); stryMutAct_9fa48("212") ? r-- : (stryCov_9fa48("212"), r++)) {
      if (stryMutAct_9fa48("213")) {
        {}
      } else {
        stryCov_9fa48("213");
        if (stryMutAct_9fa48("216") ? false : stryMutAct_9fa48("215") ? true : stryMutAct_9fa48("214") ? rc.judged[r] : (stryCov_9fa48("214", "215", "216"), !rc.judged[r])) continue;
        if (stryMutAct_9fa48("219") ? false : stryMutAct_9fa48("218") ? true : stryMutAct_9fa48("217") ? rc.relevant[r] : (stryCov_9fa48("217", "218", "219"), !rc.relevant[r])) {
          if (stryMutAct_9fa48("220")) {
            {}
          } else {
            stryCov_9fa48("220");
            stryMutAct_9fa48("221") ? nonrel-- : (stryCov_9fa48("221"), nonrel++);
            continue;
          }
        }
        const t = (stryMutAct_9fa48("225") ? nonrel <= 0 : stryMutAct_9fa48("224") ? nonrel >= 0 : stryMutAct_9fa48("223") ? false : stryMutAct_9fa48("222") ? true : (stryCov_9fa48("222", "223", "224", "225"), nonrel > 0)) ? stryMutAct_9fa48("226") ? 1 + Math.min(nonrel, R) / Math.min(N, R) : (stryCov_9fa48("226"), 1 - (stryMutAct_9fa48("227") ? Math.min(nonrel, R) * Math.min(N, R) : (stryCov_9fa48("227"), (stryMutAct_9fa48("228") ? Math.max(nonrel, R) : (stryCov_9fa48("228"), Math.min(nonrel, R))) / (stryMutAct_9fa48("229") ? Math.max(N, R) : (stryCov_9fa48("229"), Math.min(N, R)))))) : 1;
        stryMutAct_9fa48("230") ? sum -= t : (stryCov_9fa48("230"), sum += t);
        terms.push(termAt(rc, r, t));
      }
    }
    return stryMutAct_9fa48("231") ? {} : (stryCov_9fa48("231"), {
      sum,
      terms,
      N
    });
  }
}

/** bpref = (1/R) Σ over relevant retrieved (1 − min(n above, R) / min(N, R)). */
export function bpref(rc: RankedCase, threshold: RelevanceThreshold): number {
  if (stryMutAct_9fa48("232")) {
    {}
  } else {
    stryCov_9fa48("232");
    if (stryMutAct_9fa48("235") ? rc.nRelevant !== 0 : stryMutAct_9fa48("234") ? false : stryMutAct_9fa48("233") ? true : (stryCov_9fa48("233", "234", "235"), rc.nRelevant === 0)) return 0;
    return stryMutAct_9fa48("236") ? bprefTerms(rc, threshold).sum * rc.nRelevant : (stryCov_9fa48("236"), bprefTerms(rc, threshold).sum / rc.nRelevant);
  }
}

/** bpref with one term per relevant item retrieved. */
export function explainBpref(rc: RankedCase, threshold: RelevanceThreshold, metric = stryMutAct_9fa48("237") ? "" : (stryCov_9fa48("237"), 'Bpref')): Explanation {
  if (stryMutAct_9fa48("238")) {
    {}
  } else {
    stryCov_9fa48("238");
    const {
      sum,
      terms,
      N
    } = bprefTerms(rc, threshold);
    const R = rc.nRelevant;
    const value = (stryMutAct_9fa48("241") ? R !== 0 : stryMutAct_9fa48("240") ? false : stryMutAct_9fa48("239") ? true : (stryCov_9fa48("239", "240", "241"), R === 0)) ? 0 : stryMutAct_9fa48("242") ? sum * R : (stryCov_9fa48("242"), sum / R);
    return stryMutAct_9fa48("243") ? {} : (stryCov_9fa48("243"), {
      metric,
      value,
      formula: stryMutAct_9fa48("244") ? "" : (stryCov_9fa48("244"), 'bpref = (1/R) Σ_{relevant r retrieved} (1 − min(judged non-relevant above r, R) / min(N, R)); unjudged items are skipped'),
      terms,
      numerator: sum,
      denominator: R,
      knobs: stryMutAct_9fa48("245") ? ["Stryker was here"] : (stryCov_9fa48("245"), []),
      arithmetic: stryMutAct_9fa48("246") ? `` : (stryCov_9fa48("246"), `N = ${N} judged non-relevant, R = ${R}: (${stryMutAct_9fa48("249") ? terms.map(t => fmt(t.contribution!)).join(' + ') && '0' : stryMutAct_9fa48("248") ? false : stryMutAct_9fa48("247") ? true : (stryCov_9fa48("247", "248", "249"), terms.map(stryMutAct_9fa48("250") ? () => undefined : (stryCov_9fa48("250"), t => fmt(t.contribution!))).join(stryMutAct_9fa48("251") ? "" : (stryCov_9fa48("251"), ' + ')) || (stryMutAct_9fa48("252") ? "" : (stryCov_9fa48("252"), '0')))}) / ${R} = ${fmt(value)}`),
      ...((stryMutAct_9fa48("255") ? metric !== 'gmBpref' : stryMutAct_9fa48("254") ? false : stryMutAct_9fa48("253") ? true : (stryCov_9fa48("253", "254", "255"), metric === (stryMutAct_9fa48("256") ? "" : (stryCov_9fa48("256"), 'gmBpref')))) ? stryMutAct_9fa48("257") ? {} : (stryCov_9fa48("257"), {
        note: stryMutAct_9fa48("258") ? "" : (stryCov_9fa48("258"), 'the run figure is the geometric mean over cases, each value floored at 0.00001')
      }) : {})
    });
  }
}