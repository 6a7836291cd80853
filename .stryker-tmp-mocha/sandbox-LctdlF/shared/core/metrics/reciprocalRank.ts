/** RR@k and RR: one over the rank of the first relevant item, 0 when none is in the cutoff. */
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
import { depth, kText } from './hits';
import { RankedCase } from '../ranking';
function firstHit(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("1871")) {
    {}
  } else {
    stryCov_9fa48("1871");
    const n = depth(rc, k);
    for (let r = 0; stryMutAct_9fa48("1874") ? r >= n : stryMutAct_9fa48("1873") ? r <= n : stryMutAct_9fa48("1872") ? false : (stryCov_9fa48("1872", "1873", "1874"), r < n); stryMutAct_9fa48("1875") ? r-- : (stryCov_9fa48("1875"), r++)) if (stryMutAct_9fa48("1877") ? false : stryMutAct_9fa48("1876") ? true : (stryCov_9fa48("1876", "1877"), rc.relevant[r])) return stryMutAct_9fa48("1878") ? r - 1 : (stryCov_9fa48("1878"), r + 1);
    return 0;
  }
}

/** RR@k = 1 / rank of the first relevant item in the top k, else 0. */
export function reciprocalRank(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("1879")) {
    {}
  } else {
    stryCov_9fa48("1879");
    const rank = firstHit(rc, k);
    return (stryMutAct_9fa48("1882") ? rank !== 0 : stryMutAct_9fa48("1881") ? false : stryMutAct_9fa48("1880") ? true : (stryCov_9fa48("1880", "1881", "1882"), rank === 0)) ? 0 : stryMutAct_9fa48("1883") ? 1 * rank : (stryCov_9fa48("1883"), 1 / rank);
  }
}

/** RR@k with the first hit. */
export function explainReciprocalRank(rc: RankedCase, k: number | null): Explanation {
  if (stryMutAct_9fa48("1884")) {
    {}
  } else {
    stryCov_9fa48("1884");
    const rank = firstHit(rc, k);
    const value = (stryMutAct_9fa48("1887") ? rank !== 0 : stryMutAct_9fa48("1886") ? false : stryMutAct_9fa48("1885") ? true : (stryCov_9fa48("1885", "1886", "1887"), rank === 0)) ? 0 : stryMutAct_9fa48("1888") ? 1 * rank : (stryCov_9fa48("1888"), 1 / rank);
    return stryMutAct_9fa48("1889") ? {} : (stryCov_9fa48("1889"), {
      metric: (stryMutAct_9fa48("1892") ? k !== null : stryMutAct_9fa48("1891") ? false : stryMutAct_9fa48("1890") ? true : (stryCov_9fa48("1890", "1891", "1892"), k === null)) ? stryMutAct_9fa48("1893") ? "" : (stryCov_9fa48("1893"), 'RR') : stryMutAct_9fa48("1894") ? `` : (stryCov_9fa48("1894"), `RR@${k}`),
      value,
      formula: stryMutAct_9fa48("1895") ? `` : (stryCov_9fa48("1895"), `RR@k = 1 / rank of the first relevant item among ranks 1..${kText(k)} (0 if none)`),
      terms: (stryMutAct_9fa48("1898") ? rank !== 0 : stryMutAct_9fa48("1897") ? false : stryMutAct_9fa48("1896") ? true : (stryCov_9fa48("1896", "1897", "1898"), rank === 0)) ? stryMutAct_9fa48("1899") ? ["Stryker was here"] : (stryCov_9fa48("1899"), []) : stryMutAct_9fa48("1900") ? [] : (stryCov_9fa48("1900"), [stryMutAct_9fa48("1901") ? {} : (stryCov_9fa48("1901"), {
        rank,
        id: rc.ids[stryMutAct_9fa48("1902") ? rank + 1 : (stryCov_9fa48("1902"), rank - 1)],
        grade: rc.grades[stryMutAct_9fa48("1903") ? rank + 1 : (stryCov_9fa48("1903"), rank - 1)],
        relevant: stryMutAct_9fa48("1904") ? false : (stryCov_9fa48("1904"), true),
        contribution: value
      })]),
      numerator: (stryMutAct_9fa48("1907") ? rank !== 0 : stryMutAct_9fa48("1906") ? false : stryMutAct_9fa48("1905") ? true : (stryCov_9fa48("1905", "1906", "1907"), rank === 0)) ? 0 : 1,
      denominator: rank,
      knobs: stryMutAct_9fa48("1908") ? ["Stryker was here"] : (stryCov_9fa48("1908"), []),
      arithmetic: (stryMutAct_9fa48("1911") ? rank !== 0 : stryMutAct_9fa48("1910") ? false : stryMutAct_9fa48("1909") ? true : (stryCov_9fa48("1909", "1910", "1911"), rank === 0)) ? stryMutAct_9fa48("1912") ? `` : (stryCov_9fa48("1912"), `no relevant item in the top ${kText(k)}: 0`) : stryMutAct_9fa48("1913") ? `` : (stryCov_9fa48("1913"), `1 / ${rank} = ${fmt(value)}`)
    });
  }
}