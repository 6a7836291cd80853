/**
 * What trec_eval's measures for incomplete judgements count on a ranked case: judged and unjudged
 * ranks, judged non-relevant labels, and a plain explanation for the measures that are one fraction.
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
import { isRelevantGrade } from '../conventions';
import { Explanation, RankTerm, fmt, num } from '../explanation';
import { RankedCase } from '../ranking';

/** Relevant items retrieved (every rank). */
export function relevantRetrieved(rc: RankedCase): number {
  if (stryMutAct_9fa48("1625")) {
    {}
  } else {
    stryCov_9fa48("1625");
    let n = 0;
    for (let r = 0; stryMutAct_9fa48("1628") ? r >= rc.relevant.length : stryMutAct_9fa48("1627") ? r <= rc.relevant.length : stryMutAct_9fa48("1626") ? false : (stryCov_9fa48("1626", "1627", "1628"), r < rc.relevant.length); stryMutAct_9fa48("1629") ? r-- : (stryCov_9fa48("1629"), r++)) stryMutAct_9fa48("1630") ? n -= rc.relevant[r] : (stryCov_9fa48("1630"), n += rc.relevant[r]);
    return n;
  }
}

/** Judged items retrieved (labeled with a grade ≥ 0). */
export function judgedRetrieved(rc: RankedCase, k: number | null = null): number {
  if (stryMutAct_9fa48("1631")) {
    {}
  } else {
    stryCov_9fa48("1631");
    const n = (stryMutAct_9fa48("1634") ? k !== null : stryMutAct_9fa48("1633") ? false : stryMutAct_9fa48("1632") ? true : (stryCov_9fa48("1632", "1633", "1634"), k === null)) ? rc.judged.length : stryMutAct_9fa48("1635") ? Math.max(k, rc.judged.length) : (stryCov_9fa48("1635"), Math.min(k, rc.judged.length));
    let count = 0;
    for (let r = 0; stryMutAct_9fa48("1638") ? r >= n : stryMutAct_9fa48("1637") ? r <= n : stryMutAct_9fa48("1636") ? false : (stryCov_9fa48("1636", "1637", "1638"), r < n); stryMutAct_9fa48("1639") ? r-- : (stryCov_9fa48("1639"), r++)) stryMutAct_9fa48("1640") ? count -= rc.judged[r] : (stryCov_9fa48("1640"), count += rc.judged[r]);
    return count;
  }
}

/** Labels judged non-relevant: a grade ≥ 0 that the relevance rule does not count (bpref's N). */
export function judgedNonrelevantLabels(rc: RankedCase, threshold: number | 'listed'): number {
  if (stryMutAct_9fa48("1641")) {
    {}
  } else {
    stryCov_9fa48("1641");
    let n = 0;
    for (const g of rc.labelGrades) if (stryMutAct_9fa48("1644") ? g >= 0 || !isRelevantGrade(g, threshold) : stryMutAct_9fa48("1643") ? false : stryMutAct_9fa48("1642") ? true : (stryCov_9fa48("1642", "1643", "1644"), (stryMutAct_9fa48("1647") ? g < 0 : stryMutAct_9fa48("1646") ? g > 0 : stryMutAct_9fa48("1645") ? true : (stryCov_9fa48("1645", "1646", "1647"), g >= 0)) && (stryMutAct_9fa48("1648") ? isRelevantGrade(g, threshold) : (stryCov_9fa48("1648"), !isRelevantGrade(g, threshold))))) stryMutAct_9fa48("1649") ? n-- : (stryCov_9fa48("1649"), n++);
    return n;
  }
}

/** A term for the item at a 0-based rank. */
export function termAt(rc: RankedCase, r: number, contribution?: number): RankTerm {
  if (stryMutAct_9fa48("1650")) {
    {}
  } else {
    stryCov_9fa48("1650");
    return stryMutAct_9fa48("1651") ? {} : (stryCov_9fa48("1651"), {
      rank: stryMutAct_9fa48("1652") ? r - 1 : (stryCov_9fa48("1652"), r + 1),
      id: rc.ids[r],
      grade: rc.grades[r],
      relevant: stryMutAct_9fa48("1655") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("1654") ? false : stryMutAct_9fa48("1653") ? true : (stryCov_9fa48("1653", "1654", "1655"), rc.relevant[r] === 1),
      ...((stryMutAct_9fa48("1658") ? contribution !== undefined : stryMutAct_9fa48("1657") ? false : stryMutAct_9fa48("1656") ? true : (stryCov_9fa48("1656", "1657", "1658"), contribution === undefined)) ? {} : stryMutAct_9fa48("1659") ? {} : (stryCov_9fa48("1659"), {
        contribution
      }))
    });
  }
}

/** The explanation of a value that is one fraction: numerator / denominator (0 when the denominator is). */
export function fractionExplanation(metric: string, formula: string, numerator: number, denominator: number, terms: RankTerm[] = stryMutAct_9fa48("1660") ? ["Stryker was here"] : (stryCov_9fa48("1660"), []), note?: string): Explanation {
  if (stryMutAct_9fa48("1661")) {
    {}
  } else {
    stryCov_9fa48("1661");
    const value = (stryMutAct_9fa48("1664") ? denominator !== 0 : stryMutAct_9fa48("1663") ? false : stryMutAct_9fa48("1662") ? true : (stryCov_9fa48("1662", "1663", "1664"), denominator === 0)) ? 0 : stryMutAct_9fa48("1665") ? numerator * denominator : (stryCov_9fa48("1665"), numerator / denominator);
    return stryMutAct_9fa48("1666") ? {} : (stryCov_9fa48("1666"), {
      metric,
      value,
      formula,
      terms,
      numerator,
      denominator,
      knobs: stryMutAct_9fa48("1667") ? ["Stryker was here"] : (stryCov_9fa48("1667"), []),
      arithmetic: (stryMutAct_9fa48("1670") ? denominator !== 0 : stryMutAct_9fa48("1669") ? false : stryMutAct_9fa48("1668") ? true : (stryCov_9fa48("1668", "1669", "1670"), denominator === 0)) ? stryMutAct_9fa48("1671") ? `` : (stryCov_9fa48("1671"), `denominator 0: 0`) : stryMutAct_9fa48("1672") ? `` : (stryCov_9fa48("1672"), `${num(numerator)} / ${num(denominator)} = ${fmt(value)}`),
      ...(note ? stryMutAct_9fa48("1673") ? {} : (stryCov_9fa48("1673"), {
        note
      }) : {})
    });
  }
}

/** The explanation of a value given as a sum of terms with its own arithmetic line. */
export function sumExplanation(metric: string, formula: string, value: number, terms: RankTerm[], numerator: number, denominator: number, arithmetic: string): Explanation {
  if (stryMutAct_9fa48("1674")) {
    {}
  } else {
    stryCov_9fa48("1674");
    return stryMutAct_9fa48("1675") ? {} : (stryCov_9fa48("1675"), {
      metric,
      value,
      formula,
      terms,
      numerator,
      denominator,
      knobs: stryMutAct_9fa48("1676") ? ["Stryker was here"] : (stryCov_9fa48("1676"), []),
      arithmetic
    });
  }
}