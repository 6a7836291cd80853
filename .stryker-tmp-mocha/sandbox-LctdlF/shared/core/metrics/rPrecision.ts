/** R-precision: precision at rank R, where R is the number of relevant items. */
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
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** Rprec = hits in the top R / R (R > 0). */
export function rPrecision(rc: RankedCase): number {
  if (stryMutAct_9fa48("1716")) {
    {}
  } else {
    stryCov_9fa48("1716");
    return stryMutAct_9fa48("1717") ? hitsAt(rc, rc.nRelevant) * rc.nRelevant : (stryCov_9fa48("1717"), hitsAt(rc, rc.nRelevant) / rc.nRelevant);
  }
}

/** Rprec with its hits and R. */
export function explainRPrecision(rc: RankedCase, conv: Convention): Explanation {
  if (stryMutAct_9fa48("1718")) {
    {}
  } else {
    stryCov_9fa48("1718");
    const hits = hitsAt(rc, rc.nRelevant);
    const value = stryMutAct_9fa48("1719") ? hits * rc.nRelevant : (stryCov_9fa48("1719"), hits / rc.nRelevant);
    return stryMutAct_9fa48("1720") ? {} : (stryCov_9fa48("1720"), {
      metric: stryMutAct_9fa48("1721") ? "" : (stryCov_9fa48("1721"), 'Rprec'),
      value,
      formula: stryMutAct_9fa48("1722") ? "" : (stryCov_9fa48("1722"), 'Rprec = |relevant ∩ top R| / R,  R = |relevant|'),
      terms: hitTerms(rc, rc.nRelevant),
      numerator: hits,
      denominator: rc.nRelevant,
      knobs: stryMutAct_9fa48("1723") ? [] : (stryCov_9fa48("1723"), [stryMutAct_9fa48("1724") ? {} : (stryCov_9fa48("1724"), {
        knob: stryMutAct_9fa48("1725") ? "" : (stryCov_9fa48("1725"), 'relevantPool'),
        value: conv.relevantPool,
        effect: stryMutAct_9fa48("1726") ? `` : (stryCov_9fa48("1726"), `R = ${rc.nRelevant}`)
      })]),
      arithmetic: stryMutAct_9fa48("1727") ? `` : (stryCov_9fa48("1727"), `${hits} / ${rc.nRelevant} = ${fmt(value)}`)
    });
  }
}