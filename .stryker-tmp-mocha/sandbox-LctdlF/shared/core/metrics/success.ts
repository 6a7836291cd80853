/** Success@k (hit rate): 1 when any relevant item is in the top k. */
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
import { Explanation } from '../explanation';
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** Success@k = 1 if the top k holds a relevant item, else 0. */
export function success(rc: RankedCase, k: number): number {
  if (stryMutAct_9fa48("1963")) {
    {}
  } else {
    stryCov_9fa48("1963");
    return (stryMutAct_9fa48("1967") ? hitsAt(rc, k) <= 0 : stryMutAct_9fa48("1966") ? hitsAt(rc, k) >= 0 : stryMutAct_9fa48("1965") ? false : stryMutAct_9fa48("1964") ? true : (stryCov_9fa48("1964", "1965", "1966", "1967"), hitsAt(rc, k) > 0)) ? 1 : 0;
  }
}

/** Success@k with the hits that made it 1. */
export function explainSuccess(rc: RankedCase, k: number): Explanation {
  if (stryMutAct_9fa48("1968")) {
    {}
  } else {
    stryCov_9fa48("1968");
    const terms = hitTerms(rc, k);
    const value = (stryMutAct_9fa48("1972") ? terms.length <= 0 : stryMutAct_9fa48("1971") ? terms.length >= 0 : stryMutAct_9fa48("1970") ? false : stryMutAct_9fa48("1969") ? true : (stryCov_9fa48("1969", "1970", "1971", "1972"), terms.length > 0)) ? 1 : 0;
    return stryMutAct_9fa48("1973") ? {} : (stryCov_9fa48("1973"), {
      metric: stryMutAct_9fa48("1974") ? `` : (stryCov_9fa48("1974"), `Success@${k}`),
      value,
      formula: stryMutAct_9fa48("1975") ? "" : (stryCov_9fa48("1975"), 'Success@k = 1 if |relevant ∩ top k| > 0, else 0'),
      terms,
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1976") ? ["Stryker was here"] : (stryCov_9fa48("1976"), []),
      arithmetic: value ? stryMutAct_9fa48("1977") ? `` : (stryCov_9fa48("1977"), `first hit at rank ${terms[0].rank} ≤ ${k}: 1`) : stryMutAct_9fa48("1978") ? `` : (stryCov_9fa48("1978"), `no relevant item in the top ${k}: 0`)
    });
  }
}