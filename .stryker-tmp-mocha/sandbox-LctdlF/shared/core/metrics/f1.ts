/** F1@k: the harmonic mean of P@k and R@k; with both 0 (no hit), 0 or NaN per noHit. */
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
import { Explanation, fmt } from '../explanation';
import { hitTerms } from './hits';
import { explainPrecision, precision } from './precision';
import { recall } from './recall';
import { RankedCase } from '../ranking';

/** F1@k = 2·P·R / (P + R); when P + R = 0, 0 (noHit=zero) or NaN (noHit=nan). */
export function f1(rc: RankedCase, k: number, conv: Convention): number {
  if (stryMutAct_9fa48("1021")) {
    {}
  } else {
    stryCov_9fa48("1021");
    return combine(precision(rc, k, conv), recall(rc, k, conv), conv);
  }
}
function combine(p: number, r: number, conv: Convention): number {
  if (stryMutAct_9fa48("1022")) {
    {}
  } else {
    stryCov_9fa48("1022");
    if (stryMutAct_9fa48("1025") ? p + r !== 0 : stryMutAct_9fa48("1024") ? false : stryMutAct_9fa48("1023") ? true : (stryCov_9fa48("1023", "1024", "1025"), (stryMutAct_9fa48("1026") ? p - r : (stryCov_9fa48("1026"), p + r)) === 0)) return (stryMutAct_9fa48("1029") ? conv.noHit !== 'nan' : stryMutAct_9fa48("1028") ? false : stryMutAct_9fa48("1027") ? true : (stryCov_9fa48("1027", "1028", "1029"), conv.noHit === (stryMutAct_9fa48("1030") ? "" : (stryCov_9fa48("1030"), 'nan')))) ? NaN : 0;
    return stryMutAct_9fa48("1031") ? 2 * p * r * (p + r) : (stryCov_9fa48("1031"), (stryMutAct_9fa48("1032") ? 2 * p / r : (stryCov_9fa48("1032"), (stryMutAct_9fa48("1033") ? 2 / p : (stryCov_9fa48("1033"), 2 * p)) * r)) / (stryMutAct_9fa48("1034") ? p - r : (stryCov_9fa48("1034"), p + r)));
  }
}

/** F1@k with the P and R it combines. */
export function explainF1(rc: RankedCase, k: number, conv: Convention): Explanation {
  if (stryMutAct_9fa48("1035")) {
    {}
  } else {
    stryCov_9fa48("1035");
    const p = precision(rc, k, conv);
    const r = recall(rc, k, conv);
    const value = combine(p, r, conv);
    const none = (stryMutAct_9fa48("1038") ? conv.noHit !== 'nan' : stryMutAct_9fa48("1037") ? false : stryMutAct_9fa48("1036") ? true : (stryCov_9fa48("1036", "1037", "1038"), conv.noHit === (stryMutAct_9fa48("1039") ? "" : (stryCov_9fa48("1039"), 'nan')))) ? stryMutAct_9fa48("1040") ? "" : (stryCov_9fa48("1040"), 'NaN, left out of the means') : stryMutAct_9fa48("1041") ? "" : (stryCov_9fa48("1041"), '0');
    const knobs = explainPrecision(rc, k, conv).knobs;
    if (stryMutAct_9fa48("1044") ? p + r !== 0 : stryMutAct_9fa48("1043") ? false : stryMutAct_9fa48("1042") ? true : (stryCov_9fa48("1042", "1043", "1044"), (stryMutAct_9fa48("1045") ? p - r : (stryCov_9fa48("1045"), p + r)) === 0)) knobs.push(stryMutAct_9fa48("1046") ? {} : (stryCov_9fa48("1046"), {
      knob: stryMutAct_9fa48("1047") ? "" : (stryCov_9fa48("1047"), 'noHit'),
      value: conv.noHit,
      effect: stryMutAct_9fa48("1048") ? `` : (stryCov_9fa48("1048"), `no hit in the top ${k}: F1 = ${none}`)
    }));
    return stryMutAct_9fa48("1049") ? {} : (stryCov_9fa48("1049"), {
      metric: stryMutAct_9fa48("1050") ? `` : (stryCov_9fa48("1050"), `F1@${k}`),
      value,
      formula: stryMutAct_9fa48("1051") ? `` : (stryCov_9fa48("1051"), `F1@k = 2 · P@k · R@k / (P@k + R@k)   (${(stryMutAct_9fa48("1054") ? conv.noHit !== 'nan' : stryMutAct_9fa48("1053") ? false : stryMutAct_9fa48("1052") ? true : (stryCov_9fa48("1052", "1053", "1054"), conv.noHit === (stryMutAct_9fa48("1055") ? "" : (stryCov_9fa48("1055"), 'nan')))) ? stryMutAct_9fa48("1056") ? "" : (stryCov_9fa48("1056"), 'NaN') : stryMutAct_9fa48("1057") ? "" : (stryCov_9fa48("1057"), '0')} when P@k = R@k = 0)`),
      terms: hitTerms(rc, k),
      numerator: stryMutAct_9fa48("1058") ? 2 * p / r : (stryCov_9fa48("1058"), (stryMutAct_9fa48("1059") ? 2 / p : (stryCov_9fa48("1059"), 2 * p)) * r),
      denominator: stryMutAct_9fa48("1060") ? p - r : (stryCov_9fa48("1060"), p + r),
      knobs,
      arithmetic: (stryMutAct_9fa48("1063") ? p + r !== 0 : stryMutAct_9fa48("1062") ? false : stryMutAct_9fa48("1061") ? true : (stryCov_9fa48("1061", "1062", "1063"), (stryMutAct_9fa48("1064") ? p - r : (stryCov_9fa48("1064"), p + r)) === 0)) ? stryMutAct_9fa48("1065") ? `` : (stryCov_9fa48("1065"), `P@k = R@k = 0, so F1 = ${none} (noHit=${conv.noHit})`) : stryMutAct_9fa48("1066") ? `` : (stryCov_9fa48("1066"), `2 · ${fmt(p)} · ${fmt(r)} / (${fmt(p)} + ${fmt(r)}) = ${fmt(value)}`)
    });
  }
}