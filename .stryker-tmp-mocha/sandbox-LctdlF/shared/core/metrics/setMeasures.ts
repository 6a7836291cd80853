/**
 * trec_eval's set measures, which ignore the order of the ranking: precision, relative precision,
 * recall, "set map" and F over everything retrieved (set_P, set_relative_P, set_recall, set_map, set_F).
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
import { Explanation } from '../explanation';
import { RankedCase } from '../ranking';
import { fractionExplanation, relevantRetrieved } from './judgements';
type SetFamily = 'SetP' | 'SetRelP' | 'SetR' | 'SetAP' | 'SetF';
function parts(rc: RankedCase, family: SetFamily, beta: number): {
  numerator: number;
  denominator: number;
  formula: string;
} {
  if (stryMutAct_9fa48("1914")) {
    {}
  } else {
    stryCov_9fa48("1914");
    const hits = relevantRetrieved(rc);
    const ret = rc.ids.length;
    const R = rc.nRelevant;
    switch (family) {
      case stryMutAct_9fa48("1916") ? "" : (stryCov_9fa48("1916"), 'SetP'):
        if (stryMutAct_9fa48("1915")) {} else {
          stryCov_9fa48("1915");
          return stryMutAct_9fa48("1917") ? {} : (stryCov_9fa48("1917"), {
            numerator: hits,
            denominator: ret,
            formula: stryMutAct_9fa48("1918") ? "" : (stryCov_9fa48("1918"), 'SetP = relevant retrieved / retrieved')
          });
        }
      case stryMutAct_9fa48("1920") ? "" : (stryCov_9fa48("1920"), 'SetRelP'):
        if (stryMutAct_9fa48("1919")) {} else {
          stryCov_9fa48("1919");
          return stryMutAct_9fa48("1921") ? {} : (stryCov_9fa48("1921"), {
            numerator: hits,
            denominator: (stryMutAct_9fa48("1924") ? ret || R : stryMutAct_9fa48("1923") ? false : stryMutAct_9fa48("1922") ? true : (stryCov_9fa48("1922", "1923", "1924"), ret && R)) ? stryMutAct_9fa48("1925") ? Math.max(ret, R) : (stryCov_9fa48("1925"), Math.min(ret, R)) : 0,
            formula: stryMutAct_9fa48("1926") ? "" : (stryCov_9fa48("1926"), 'SetRelP = relevant retrieved / min(retrieved, R)')
          });
        }
      case stryMutAct_9fa48("1928") ? "" : (stryCov_9fa48("1928"), 'SetR'):
        if (stryMutAct_9fa48("1927")) {} else {
          stryCov_9fa48("1927");
          return stryMutAct_9fa48("1929") ? {} : (stryCov_9fa48("1929"), {
            numerator: hits,
            denominator: R,
            formula: stryMutAct_9fa48("1930") ? "" : (stryCov_9fa48("1930"), 'SetR = relevant retrieved / R')
          });
        }
      case stryMutAct_9fa48("1932") ? "" : (stryCov_9fa48("1932"), 'SetAP'):
        if (stryMutAct_9fa48("1931")) {} else {
          stryCov_9fa48("1931");
          return stryMutAct_9fa48("1933") ? {} : (stryCov_9fa48("1933"), {
            numerator: stryMutAct_9fa48("1934") ? hits / hits : (stryCov_9fa48("1934"), hits * hits),
            denominator: (stryMutAct_9fa48("1937") ? ret || R : stryMutAct_9fa48("1936") ? false : stryMutAct_9fa48("1935") ? true : (stryCov_9fa48("1935", "1936", "1937"), ret && R)) ? stryMutAct_9fa48("1938") ? ret / R : (stryCov_9fa48("1938"), ret * R) : 0,
            formula: stryMutAct_9fa48("1939") ? "" : (stryCov_9fa48("1939"), 'SetAP = relevant retrieved² / (retrieved · R)')
          });
        }
      case stryMutAct_9fa48("1941") ? "" : (stryCov_9fa48("1941"), 'SetF'):
        if (stryMutAct_9fa48("1940")) {} else {
          stryCov_9fa48("1940");
          {
            if (stryMutAct_9fa48("1942")) {
              {}
            } else {
              stryCov_9fa48("1942");
              // (β+1)·P·R / (β·P + R) with P = h/ret and R = h/R is (β+1)·h / (β·R + ret).
              if (stryMutAct_9fa48("1945") ? hits !== 0 : stryMutAct_9fa48("1944") ? false : stryMutAct_9fa48("1943") ? true : (stryCov_9fa48("1943", "1944", "1945"), hits === 0)) return stryMutAct_9fa48("1946") ? {} : (stryCov_9fa48("1946"), {
                numerator: 0,
                denominator: 0,
                formula: stryMutAct_9fa48("1947") ? "" : (stryCov_9fa48("1947"), 'SetF = (β+1)·P·R / (β·P + R)')
              });
              const P = stryMutAct_9fa48("1948") ? hits * ret : (stryCov_9fa48("1948"), hits / ret);
              const Rc = stryMutAct_9fa48("1949") ? hits * R : (stryCov_9fa48("1949"), hits / R);
              return stryMutAct_9fa48("1950") ? {} : (stryCov_9fa48("1950"), {
                numerator: stryMutAct_9fa48("1951") ? (beta + 1) * P / Rc : (stryCov_9fa48("1951"), (stryMutAct_9fa48("1952") ? (beta + 1) / P : (stryCov_9fa48("1952"), (stryMutAct_9fa48("1953") ? beta - 1 : (stryCov_9fa48("1953"), beta + 1)) * P)) * Rc),
                denominator: stryMutAct_9fa48("1954") ? beta * P - Rc : (stryCov_9fa48("1954"), (stryMutAct_9fa48("1955") ? beta / P : (stryCov_9fa48("1955"), beta * P)) + Rc),
                formula: stryMutAct_9fa48("1956") ? `` : (stryCov_9fa48("1956"), `SetF = (β+1)·P·R / (β·P + R), β = ${beta}`)
              });
            }
          }
        }
    }
  }
}

/** The value of a set measure (0 when its denominator is 0). */
export function setMeasure(rc: RankedCase, family: SetFamily, beta = 1): number {
  if (stryMutAct_9fa48("1957")) {
    {}
  } else {
    stryCov_9fa48("1957");
    const {
      numerator,
      denominator
    } = parts(rc, family, beta);
    return (stryMutAct_9fa48("1960") ? denominator !== 0 : stryMutAct_9fa48("1959") ? false : stryMutAct_9fa48("1958") ? true : (stryCov_9fa48("1958", "1959", "1960"), denominator === 0)) ? 0 : stryMutAct_9fa48("1961") ? numerator * denominator : (stryCov_9fa48("1961"), numerator / denominator);
  }
}

/** A set measure as its fraction. */
export function explainSetMeasure(rc: RankedCase, family: SetFamily, metric: string, beta = 1): Explanation {
  if (stryMutAct_9fa48("1962")) {
    {}
  } else {
    stryCov_9fa48("1962");
    const {
      numerator,
      denominator,
      formula
    } = parts(rc, family, beta);
    return fractionExplanation(metric, formula, numerator, denominator);
  }
}