/**
 * trec_eval's utility: a·(relevant retrieved) + b·(non-relevant retrieved) + c·(relevant missed)
 * + d·(non-relevant missed), the last from the collection size N (trec_eval -N, default 0).
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
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { relevantRetrieved } from './judgements';

/** The utility of the retrieved set under coefficients [a, b, c, d] and a collection of N items. */
export function utility(rc: RankedCase, coefficients: readonly number[], collection = 0): number {
  if (stryMutAct_9fa48("1979")) {
    {}
  } else {
    stryCov_9fa48("1979");
    const [a, b, c, d] = coefficients;
    const hits = relevantRetrieved(rc);
    const ret = rc.ids.length;
    const R = rc.nRelevant;
    return stryMutAct_9fa48("1980") ? a * hits + b * (ret - hits) + c * (R - hits) - d * (collection + hits - ret - R) : (stryCov_9fa48("1980"), (stryMutAct_9fa48("1981") ? a * hits + b * (ret - hits) - c * (R - hits) : (stryCov_9fa48("1981"), (stryMutAct_9fa48("1982") ? a * hits - b * (ret - hits) : (stryCov_9fa48("1982"), (stryMutAct_9fa48("1983") ? a / hits : (stryCov_9fa48("1983"), a * hits)) + (stryMutAct_9fa48("1984") ? b / (ret - hits) : (stryCov_9fa48("1984"), b * (stryMutAct_9fa48("1985") ? ret + hits : (stryCov_9fa48("1985"), ret - hits)))))) + (stryMutAct_9fa48("1986") ? c / (R - hits) : (stryCov_9fa48("1986"), c * (stryMutAct_9fa48("1987") ? R + hits : (stryCov_9fa48("1987"), R - hits)))))) + (stryMutAct_9fa48("1988") ? d / (collection + hits - ret - R) : (stryCov_9fa48("1988"), d * (stryMutAct_9fa48("1989") ? collection + hits - ret + R : (stryCov_9fa48("1989"), (stryMutAct_9fa48("1990") ? collection + hits + ret : (stryCov_9fa48("1990"), (stryMutAct_9fa48("1991") ? collection - hits : (stryCov_9fa48("1991"), collection + hits)) - ret)) - R)))));
  }
}

/** Utility with its four counts. */
export function explainUtility(rc: RankedCase, coefficients: readonly number[], collection: number, metric: string): Explanation {
  if (stryMutAct_9fa48("1992")) {
    {}
  } else {
    stryCov_9fa48("1992");
    const [a, b, c, d] = coefficients;
    const hits = relevantRetrieved(rc);
    const ret = rc.ids.length;
    const R = rc.nRelevant;
    const value = utility(rc, coefficients, collection);
    return stryMutAct_9fa48("1993") ? {} : (stryCov_9fa48("1993"), {
      metric,
      value,
      formula: stryMutAct_9fa48("1994") ? "" : (stryCov_9fa48("1994"), 'Utility = a·relevant retrieved + b·non-relevant retrieved + c·relevant missed + d·non-relevant missed'),
      terms: stryMutAct_9fa48("1995") ? ["Stryker was here"] : (stryCov_9fa48("1995"), []),
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1996") ? ["Stryker was here"] : (stryCov_9fa48("1996"), []),
      arithmetic: stryMutAct_9fa48("1997") ? `` : (stryCov_9fa48("1997"), `${a}·${hits} + ${b}·${stryMutAct_9fa48("1998") ? ret + hits : (stryCov_9fa48("1998"), ret - hits)} + ${c}·${stryMutAct_9fa48("1999") ? R + hits : (stryCov_9fa48("1999"), R - hits)} + ${d}·${stryMutAct_9fa48("2000") ? collection + hits - ret + R : (stryCov_9fa48("2000"), (stryMutAct_9fa48("2001") ? collection + hits + ret : (stryCov_9fa48("2001"), (stryMutAct_9fa48("2002") ? collection - hits : (stryCov_9fa48("2002"), collection + hits)) - ret)) - R)} = ${fmt(value)}`)
    });
  }
}