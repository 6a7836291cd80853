/** Counting relevant items in the top k of a ranked case: the numerator most binary metrics share. */
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
import { RankedCase } from '../ranking';
import { RankTerm } from '../explanation';

/** The number of ranks the cutoff covers: min(k, number ranked); k null means every rank. */
export function depth(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("1432")) {
    {}
  } else {
    stryCov_9fa48("1432");
    return (stryMutAct_9fa48("1435") ? k !== null : stryMutAct_9fa48("1434") ? false : stryMutAct_9fa48("1433") ? true : (stryCov_9fa48("1433", "1434", "1435"), k === null)) ? rc.ids.length : stryMutAct_9fa48("1436") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("1436"), Math.min(k, rc.ids.length));
  }
}

/** Relevant items in the top k. */
export function hitsAt(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("1437")) {
    {}
  } else {
    stryCov_9fa48("1437");
    const n = depth(rc, k);
    let hits = 0;
    for (let r = 0; stryMutAct_9fa48("1440") ? r >= n : stryMutAct_9fa48("1439") ? r <= n : stryMutAct_9fa48("1438") ? false : (stryCov_9fa48("1438", "1439", "1440"), r < n); stryMutAct_9fa48("1441") ? r-- : (stryCov_9fa48("1441"), r++)) stryMutAct_9fa48("1442") ? hits -= rc.relevant[r] : (stryCov_9fa48("1442"), hits += rc.relevant[r]);
    return hits;
  }
}

/** The relevant ranks within the top k, as terms. */
export function hitTerms(rc: RankedCase, k: number | null): RankTerm[] {
  if (stryMutAct_9fa48("1443")) {
    {}
  } else {
    stryCov_9fa48("1443");
    const n = depth(rc, k);
    const terms: RankTerm[] = stryMutAct_9fa48("1444") ? ["Stryker was here"] : (stryCov_9fa48("1444"), []);
    for (let r = 0; stryMutAct_9fa48("1447") ? r >= n : stryMutAct_9fa48("1446") ? r <= n : stryMutAct_9fa48("1445") ? false : (stryCov_9fa48("1445", "1446", "1447"), r < n); stryMutAct_9fa48("1448") ? r-- : (stryCov_9fa48("1448"), r++)) {
      if (stryMutAct_9fa48("1449")) {
        {}
      } else {
        stryCov_9fa48("1449");
        if (stryMutAct_9fa48("1451") ? false : stryMutAct_9fa48("1450") ? true : (stryCov_9fa48("1450", "1451"), rc.relevant[r])) terms.push(stryMutAct_9fa48("1452") ? {} : (stryCov_9fa48("1452"), {
          rank: stryMutAct_9fa48("1453") ? r - 1 : (stryCov_9fa48("1453"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("1454") ? false : (stryCov_9fa48("1454"), true)
        }));
      }
    }
    return terms;
  }
}

/** "k" for a cutoff, or "all" with no cutoff. */
export function kText(k: number | null): string {
  if (stryMutAct_9fa48("1455")) {
    {}
  } else {
    stryCov_9fa48("1455");
    return (stryMutAct_9fa48("1458") ? k !== null : stryMutAct_9fa48("1457") ? false : stryMutAct_9fa48("1456") ? true : (stryCov_9fa48("1456", "1457", "1458"), k === null)) ? stryMutAct_9fa48("1459") ? "" : (stryCov_9fa48("1459"), 'all') : String(k);
  }
}