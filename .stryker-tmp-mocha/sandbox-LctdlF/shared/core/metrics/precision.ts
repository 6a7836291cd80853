/** P@k: the share of the top k that is relevant. */
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
import { depth, hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';
function denominator(rc: RankedCase, k: number, conv: Convention): number {
  if (stryMutAct_9fa48("1677")) {
    {}
  } else {
    stryCov_9fa48("1677");
    return (stryMutAct_9fa48("1680") ? conv.precisionDenominator !== 'k' : stryMutAct_9fa48("1679") ? false : stryMutAct_9fa48("1678") ? true : (stryCov_9fa48("1678", "1679", "1680"), conv.precisionDenominator === (stryMutAct_9fa48("1681") ? "" : (stryCov_9fa48("1681"), 'k')))) ? k : depth(rc, k);
  }
}

/** P@k = hits in the top k / (k or min(k, predicted)). */
export function precision(rc: RankedCase, k: number, conv: Convention): number {
  if (stryMutAct_9fa48("1682")) {
    {}
  } else {
    stryCov_9fa48("1682");
    const d = denominator(rc, k, conv);
    return (stryMutAct_9fa48("1685") ? d !== 0 : stryMutAct_9fa48("1684") ? false : stryMutAct_9fa48("1683") ? true : (stryCov_9fa48("1683", "1684", "1685"), d === 0)) ? 0 : stryMutAct_9fa48("1686") ? hitsAt(rc, k) * d : (stryCov_9fa48("1686"), hitsAt(rc, k) / d);
  }
}

/** P@k with its hits and the denominator the convention chose. */
export function explainPrecision(rc: RankedCase, k: number, conv: Convention): Explanation {
  if (stryMutAct_9fa48("1687")) {
    {}
  } else {
    stryCov_9fa48("1687");
    const hits = hitsAt(rc, k);
    const d = denominator(rc, k, conv);
    const value = precision(rc, k, conv);
    const effect = (stryMutAct_9fa48("1690") ? conv.precisionDenominator !== 'k' : stryMutAct_9fa48("1689") ? false : stryMutAct_9fa48("1688") ? true : (stryCov_9fa48("1688", "1689", "1690"), conv.precisionDenominator === (stryMutAct_9fa48("1691") ? "" : (stryCov_9fa48("1691"), 'k')))) ? stryMutAct_9fa48("1692") ? `` : (stryCov_9fa48("1692"), `divides by k = ${k}${(stryMutAct_9fa48("1696") ? rc.ids.length >= k : stryMutAct_9fa48("1695") ? rc.ids.length <= k : stryMutAct_9fa48("1694") ? false : stryMutAct_9fa48("1693") ? true : (stryCov_9fa48("1693", "1694", "1695", "1696"), rc.ids.length < k)) ? stryMutAct_9fa48("1697") ? `` : (stryCov_9fa48("1697"), ` although only ${rc.ids.length} items are predicted`) : stryMutAct_9fa48("1698") ? "Stryker was here!" : (stryCov_9fa48("1698"), '')}`) : stryMutAct_9fa48("1699") ? `` : (stryCov_9fa48("1699"), `divides by min(k, predicted) = min(${k}, ${rc.ids.length}) = ${d}`);
    return stryMutAct_9fa48("1700") ? {} : (stryCov_9fa48("1700"), {
      metric: stryMutAct_9fa48("1701") ? `` : (stryCov_9fa48("1701"), `P@${k}`),
      value,
      formula: (stryMutAct_9fa48("1704") ? conv.precisionDenominator !== 'k' : stryMutAct_9fa48("1703") ? false : stryMutAct_9fa48("1702") ? true : (stryCov_9fa48("1702", "1703", "1704"), conv.precisionDenominator === (stryMutAct_9fa48("1705") ? "" : (stryCov_9fa48("1705"), 'k')))) ? stryMutAct_9fa48("1706") ? "" : (stryCov_9fa48("1706"), 'P@k = |relevant ∩ top k| / k') : stryMutAct_9fa48("1707") ? "" : (stryCov_9fa48("1707"), 'P@k = |relevant ∩ top k| / min(k, |predicted|)'),
      terms: hitTerms(rc, k),
      numerator: hits,
      denominator: d,
      knobs: stryMutAct_9fa48("1708") ? [] : (stryCov_9fa48("1708"), [stryMutAct_9fa48("1709") ? {} : (stryCov_9fa48("1709"), {
        knob: stryMutAct_9fa48("1710") ? "" : (stryCov_9fa48("1710"), 'precisionDenominator'),
        value: conv.precisionDenominator,
        effect
      })]),
      arithmetic: (stryMutAct_9fa48("1713") ? d !== 0 : stryMutAct_9fa48("1712") ? false : stryMutAct_9fa48("1711") ? true : (stryCov_9fa48("1711", "1712", "1713"), d === 0)) ? stryMutAct_9fa48("1714") ? `` : (stryCov_9fa48("1714"), `no predictions: 0`) : stryMutAct_9fa48("1715") ? `` : (stryCov_9fa48("1715"), `${hits} / ${d} = ${fmt(value)}`)
    });
  }
}