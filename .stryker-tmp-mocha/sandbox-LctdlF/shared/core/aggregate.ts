/** The figure for a whole run from per-case values, as each family aggregates: mean, sum or geometric mean. */
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
import { MetricSpec, aggregationOf } from './metricNames';

/** gm_map and gm_bpref floor each value here before taking logs (trec_eval's MIN_GEO_MEAN). */
export const GEOMETRIC_FLOOR = 0.00001;

/**
 * Per spec, the run figure over the non-NaN values (NaN when every case is NaN) and how many were
 * left out; propagateNaN: a NaN value makes the figure NaN instead, as trec_eval's sums do.
 */
export function aggregate(rows: readonly (readonly number[])[], specs: readonly MetricSpec[], propagateNaN = stryMutAct_9fa48("0") ? true : (stryCov_9fa48("0"), false)): {
  mean: number[];
  excluded: number[];
} {
  if (stryMutAct_9fa48("1")) {
    {}
  } else {
    stryCov_9fa48("1");
    const kinds = specs.map(stryMutAct_9fa48("2") ? () => undefined : (stryCov_9fa48("2"), s => aggregationOf(s.family)));
    const sum = (stryMutAct_9fa48("3") ? new Array() : (stryCov_9fa48("3"), new Array<number>(specs.length))).fill(0);
    const count = (stryMutAct_9fa48("4") ? new Array() : (stryCov_9fa48("4"), new Array<number>(specs.length))).fill(0);
    const excluded = (stryMutAct_9fa48("5") ? new Array() : (stryCov_9fa48("5"), new Array<number>(specs.length))).fill(0);
    for (const row of rows) {
      if (stryMutAct_9fa48("6")) {
        {}
      } else {
        stryCov_9fa48("6");
        for (let j = 0; stryMutAct_9fa48("9") ? j >= specs.length : stryMutAct_9fa48("8") ? j <= specs.length : stryMutAct_9fa48("7") ? false : (stryCov_9fa48("7", "8", "9"), j < specs.length); stryMutAct_9fa48("10") ? j-- : (stryCov_9fa48("10"), j++)) {
          if (stryMutAct_9fa48("11")) {
            {}
          } else {
            stryCov_9fa48("11");
            const v = row[j];
            if (stryMutAct_9fa48("14") ? Number.isNaN(v) || !propagateNaN : stryMutAct_9fa48("13") ? false : stryMutAct_9fa48("12") ? true : (stryCov_9fa48("12", "13", "14"), Number.isNaN(v) && (stryMutAct_9fa48("15") ? propagateNaN : (stryCov_9fa48("15"), !propagateNaN)))) {
              if (stryMutAct_9fa48("16")) {
                {}
              } else {
                stryCov_9fa48("16");
                stryMutAct_9fa48("17") ? excluded[j]-- : (stryCov_9fa48("17"), excluded[j]++);
                continue;
              }
            }
            stryMutAct_9fa48("18") ? sum[j] -= kinds[j] === 'geometric' ? Math.log(Math.max(v, GEOMETRIC_FLOOR)) : v : (stryCov_9fa48("18"), sum[j] += (stryMutAct_9fa48("21") ? kinds[j] !== 'geometric' : stryMutAct_9fa48("20") ? false : stryMutAct_9fa48("19") ? true : (stryCov_9fa48("19", "20", "21"), kinds[j] === (stryMutAct_9fa48("22") ? "" : (stryCov_9fa48("22"), 'geometric')))) ? Math.log(stryMutAct_9fa48("23") ? Math.min(v, GEOMETRIC_FLOOR) : (stryCov_9fa48("23"), Math.max(v, GEOMETRIC_FLOOR))) : v);
            stryMutAct_9fa48("24") ? count[j]-- : (stryCov_9fa48("24"), count[j]++);
          }
        }
      }
    }
    const mean = sum.map((s, j) => {
      if (stryMutAct_9fa48("25")) {
        {}
      } else {
        stryCov_9fa48("25");
        if (stryMutAct_9fa48("28") ? kinds[j] !== 'sum' : stryMutAct_9fa48("27") ? false : stryMutAct_9fa48("26") ? true : (stryCov_9fa48("26", "27", "28"), kinds[j] === (stryMutAct_9fa48("29") ? "" : (stryCov_9fa48("29"), 'sum')))) return s;
        if (stryMutAct_9fa48("32") ? count[j] !== 0 : stryMutAct_9fa48("31") ? false : stryMutAct_9fa48("30") ? true : (stryCov_9fa48("30", "31", "32"), count[j] === 0)) return NaN;
        return (stryMutAct_9fa48("35") ? kinds[j] !== 'geometric' : stryMutAct_9fa48("34") ? false : stryMutAct_9fa48("33") ? true : (stryCov_9fa48("33", "34", "35"), kinds[j] === (stryMutAct_9fa48("36") ? "" : (stryCov_9fa48("36"), 'geometric')))) ? Math.exp(stryMutAct_9fa48("37") ? s * count[j] : (stryCov_9fa48("37"), s / count[j])) : stryMutAct_9fa48("38") ? s * count[j] : (stryCov_9fa48("38"), s / count[j]);
      }
    });
    return stryMutAct_9fa48("39") ? {} : (stryCov_9fa48("39"), {
      mean,
      excluded
    });
  }
}