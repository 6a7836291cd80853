/**
 * Rank-biased precision (Moffat & Zobel, TOIS 2008): (1 − p) Σᵢ p^(i−1) · gainᵢ, a user who goes on
 * from each rank with probability p. Gains are the grade over the case's top grade (0/1 for binary
 * labels, as trec_eval scales them). The residual is how much RBP could still rise if every
 * unjudged item ranked, and every rank past the end, were fully relevant.
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
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';

/** The default persistence. */
export const RBP_P = 0.9;
function topGrade(rc: RankedCase): number {
  if (stryMutAct_9fa48("1728")) {
    {}
  } else {
    stryCov_9fa48("1728");
    let top = 0;
    for (const g of rc.labelGrades) if (stryMutAct_9fa48("1732") ? g <= top : stryMutAct_9fa48("1731") ? g >= top : stryMutAct_9fa48("1730") ? false : stryMutAct_9fa48("1729") ? true : (stryCov_9fa48("1729", "1730", "1731", "1732"), g > top)) top = g;
    return top;
  }
}
function rbpTerms(rc: RankedCase, p: number, k: number | null, binary: boolean): {
  sum: number;
  terms: RankTerm[];
} {
  if (stryMutAct_9fa48("1733")) {
    {}
  } else {
    stryCov_9fa48("1733");
    const n = (stryMutAct_9fa48("1736") ? k !== null : stryMutAct_9fa48("1735") ? false : stryMutAct_9fa48("1734") ? true : (stryCov_9fa48("1734", "1735", "1736"), k === null)) ? rc.ids.length : stryMutAct_9fa48("1737") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("1737"), Math.min(k, rc.ids.length));
    const top = topGrade(rc);
    const terms: RankTerm[] = stryMutAct_9fa48("1738") ? ["Stryker was here"] : (stryCov_9fa48("1738"), []);
    let sum = 0;
    let w = 1;
    for (let i = 0; stryMutAct_9fa48("1741") ? i >= n : stryMutAct_9fa48("1740") ? i <= n : stryMutAct_9fa48("1739") ? false : (stryCov_9fa48("1739", "1740", "1741"), i < n); stryMutAct_9fa48("1742") ? i-- : (stryCov_9fa48("1742"), i++)) {
      if (stryMutAct_9fa48("1743")) {
        {}
      } else {
        stryCov_9fa48("1743");
        const g = binary ? rc.relevant[i] : (stryMutAct_9fa48("1746") ? rc.grades[i] > 0 || top > 0 : stryMutAct_9fa48("1745") ? false : stryMutAct_9fa48("1744") ? true : (stryCov_9fa48("1744", "1745", "1746"), (stryMutAct_9fa48("1749") ? rc.grades[i] <= 0 : stryMutAct_9fa48("1748") ? rc.grades[i] >= 0 : stryMutAct_9fa48("1747") ? true : (stryCov_9fa48("1747", "1748", "1749"), rc.grades[i] > 0)) && (stryMutAct_9fa48("1752") ? top <= 0 : stryMutAct_9fa48("1751") ? top >= 0 : stryMutAct_9fa48("1750") ? true : (stryCov_9fa48("1750", "1751", "1752"), top > 0)))) ? stryMutAct_9fa48("1753") ? rc.grades[i] * top : (stryCov_9fa48("1753"), rc.grades[i] / top) : 0;
        if (stryMutAct_9fa48("1756") ? g === 0 : stryMutAct_9fa48("1755") ? false : stryMutAct_9fa48("1754") ? true : (stryCov_9fa48("1754", "1755", "1756"), g !== 0)) {
          if (stryMutAct_9fa48("1757")) {
            {}
          } else {
            stryCov_9fa48("1757");
            stryMutAct_9fa48("1758") ? sum -= g * w : (stryCov_9fa48("1758"), sum += stryMutAct_9fa48("1759") ? g / w : (stryCov_9fa48("1759"), g * w));
            terms.push(stryMutAct_9fa48("1760") ? {} : (stryCov_9fa48("1760"), {
              rank: stryMutAct_9fa48("1761") ? i - 1 : (stryCov_9fa48("1761"), i + 1),
              id: rc.ids[i],
              grade: rc.grades[i],
              relevant: stryMutAct_9fa48("1764") ? rc.relevant[i] !== 1 : stryMutAct_9fa48("1763") ? false : stryMutAct_9fa48("1762") ? true : (stryCov_9fa48("1762", "1763", "1764"), rc.relevant[i] === 1),
              gain: g,
              discount: w,
              contribution: stryMutAct_9fa48("1765") ? g / w : (stryCov_9fa48("1765"), g * w)
            }));
          }
        }
        stryMutAct_9fa48("1766") ? w /= p : (stryCov_9fa48("1766"), w *= p);
      }
    }
    return stryMutAct_9fa48("1767") ? {} : (stryCov_9fa48("1767"), {
      sum,
      terms
    });
  }
}

/** RBP(p)@k; binary: gain 1 for a relevant item (when a rel= is given), else the scaled grade. */
export function rbp(rc: RankedCase, p: number, k: number | null, binary = stryMutAct_9fa48("1768") ? true : (stryCov_9fa48("1768"), false)): number {
  if (stryMutAct_9fa48("1769")) {
    {}
  } else {
    stryCov_9fa48("1769");
    return stryMutAct_9fa48("1770") ? (1 - p) / rbpTerms(rc, p, k, binary).sum : (stryCov_9fa48("1770"), (stryMutAct_9fa48("1771") ? 1 + p : (stryCov_9fa48("1771"), 1 - p)) * rbpTerms(rc, p, k, binary).sum);
  }
}

/** RBP with one term per rank that gains. */
export function explainRbp(rc: RankedCase, p: number, k: number | null, binary: boolean, metric: string): Explanation {
  if (stryMutAct_9fa48("1772")) {
    {}
  } else {
    stryCov_9fa48("1772");
    const {
      sum,
      terms
    } = rbpTerms(rc, p, k, binary);
    const value = stryMutAct_9fa48("1773") ? (1 - p) / sum : (stryCov_9fa48("1773"), (stryMutAct_9fa48("1774") ? 1 + p : (stryCov_9fa48("1774"), 1 - p)) * sum);
    return stryMutAct_9fa48("1775") ? {} : (stryCov_9fa48("1775"), {
      metric,
      value,
      formula: stryMutAct_9fa48("1776") ? `` : (stryCov_9fa48("1776"), `RBP = (1 − p) Σᵢ p^(i−1) · gainᵢ, p = ${p}, gain = grade / top grade${binary ? stryMutAct_9fa48("1777") ? "" : (stryCov_9fa48("1777"), ' (binary here)') : stryMutAct_9fa48("1778") ? "Stryker was here!" : (stryCov_9fa48("1778"), '')}`),
      terms,
      numerator: sum,
      denominator: stryMutAct_9fa48("1779") ? 1 * (1 - p) : (stryCov_9fa48("1779"), 1 / (stryMutAct_9fa48("1780") ? 1 + p : (stryCov_9fa48("1780"), 1 - p))),
      knobs: stryMutAct_9fa48("1781") ? ["Stryker was here"] : (stryCov_9fa48("1781"), []),
      arithmetic: stryMutAct_9fa48("1782") ? `` : (stryCov_9fa48("1782"), `(1 − ${p}) · (${stryMutAct_9fa48("1785") ? terms.map(t => `${fmt(t.gain!)}·${fmt(t.discount!)}`).join(' + ') && '0' : stryMutAct_9fa48("1784") ? false : stryMutAct_9fa48("1783") ? true : (stryCov_9fa48("1783", "1784", "1785"), terms.map(stryMutAct_9fa48("1786") ? () => undefined : (stryCov_9fa48("1786"), t => stryMutAct_9fa48("1787") ? `` : (stryCov_9fa48("1787"), `${fmt(t.gain!)}·${fmt(t.discount!)}`))).join(stryMutAct_9fa48("1788") ? "" : (stryCov_9fa48("1788"), ' + ')) || (stryMutAct_9fa48("1789") ? "" : (stryCov_9fa48("1789"), '0')))}) = ${fmt(value)}`)
    });
  }
}

/** RBPresid = p^n + (1 − p) Σ over unjudged ranks p^(i−1); 0 when every ranked item is judged. */
export function rbpResidual(rc: RankedCase, p: number, k: number | null): number {
  if (stryMutAct_9fa48("1790")) {
    {}
  } else {
    stryCov_9fa48("1790");
    const n = (stryMutAct_9fa48("1793") ? k !== null : stryMutAct_9fa48("1792") ? false : stryMutAct_9fa48("1791") ? true : (stryCov_9fa48("1791", "1792", "1793"), k === null)) ? rc.ids.length : stryMutAct_9fa48("1794") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("1794"), Math.min(k, rc.ids.length));
    let w = 1;
    let sum = 0;
    let unjudged = 0;
    for (let i = 0; stryMutAct_9fa48("1797") ? i >= n : stryMutAct_9fa48("1796") ? i <= n : stryMutAct_9fa48("1795") ? false : (stryCov_9fa48("1795", "1796", "1797"), i < n); stryMutAct_9fa48("1798") ? i-- : (stryCov_9fa48("1798"), i++)) {
      if (stryMutAct_9fa48("1799")) {
        {}
      } else {
        stryCov_9fa48("1799");
        if (stryMutAct_9fa48("1802") ? false : stryMutAct_9fa48("1801") ? true : stryMutAct_9fa48("1800") ? rc.judged[i] : (stryCov_9fa48("1800", "1801", "1802"), !rc.judged[i])) {
          if (stryMutAct_9fa48("1803")) {
            {}
          } else {
            stryCov_9fa48("1803");
            stryMutAct_9fa48("1804") ? unjudged-- : (stryCov_9fa48("1804"), unjudged++);
            stryMutAct_9fa48("1805") ? sum -= w : (stryCov_9fa48("1805"), sum += w);
          }
        }
        stryMutAct_9fa48("1806") ? w /= p : (stryCov_9fa48("1806"), w *= p);
      }
    }
    return (stryMutAct_9fa48("1809") ? unjudged !== 0 : stryMutAct_9fa48("1808") ? false : stryMutAct_9fa48("1807") ? true : (stryCov_9fa48("1807", "1808", "1809"), unjudged === 0)) ? 0 : stryMutAct_9fa48("1810") ? w - (1 - p) * sum : (stryCov_9fa48("1810"), w + (stryMutAct_9fa48("1811") ? (1 - p) / sum : (stryCov_9fa48("1811"), (stryMutAct_9fa48("1812") ? 1 + p : (stryCov_9fa48("1812"), 1 - p)) * sum)));
  }
}

/** The residual with its unjudged ranks. */
export function explainRbpResidual(rc: RankedCase, p: number, k: number | null, metric: string): Explanation {
  if (stryMutAct_9fa48("1813")) {
    {}
  } else {
    stryCov_9fa48("1813");
    const value = rbpResidual(rc, p, k);
    const n = (stryMutAct_9fa48("1816") ? k !== null : stryMutAct_9fa48("1815") ? false : stryMutAct_9fa48("1814") ? true : (stryCov_9fa48("1814", "1815", "1816"), k === null)) ? rc.ids.length : stryMutAct_9fa48("1817") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("1817"), Math.min(k, rc.ids.length));
    const terms: RankTerm[] = stryMutAct_9fa48("1818") ? ["Stryker was here"] : (stryCov_9fa48("1818"), []);
    for (let i = 0; stryMutAct_9fa48("1821") ? i >= n : stryMutAct_9fa48("1820") ? i <= n : stryMutAct_9fa48("1819") ? false : (stryCov_9fa48("1819", "1820", "1821"), i < n); stryMutAct_9fa48("1822") ? i-- : (stryCov_9fa48("1822"), i++)) if (stryMutAct_9fa48("1825") ? false : stryMutAct_9fa48("1824") ? true : stryMutAct_9fa48("1823") ? rc.judged[i] : (stryCov_9fa48("1823", "1824", "1825"), !rc.judged[i])) terms.push(stryMutAct_9fa48("1826") ? {} : (stryCov_9fa48("1826"), {
      rank: stryMutAct_9fa48("1827") ? i - 1 : (stryCov_9fa48("1827"), i + 1),
      id: rc.ids[i],
      grade: rc.grades[i],
      relevant: stryMutAct_9fa48("1828") ? true : (stryCov_9fa48("1828"), false),
      discount: p ** i
    }));
    return stryMutAct_9fa48("1829") ? {} : (stryCov_9fa48("1829"), {
      metric,
      value,
      formula: stryMutAct_9fa48("1830") ? `` : (stryCov_9fa48("1830"), `RBPresid = p^n + (1 − p) Σ_{unjudged rank i} p^(i−1), p = ${p}; 0 when all ranked items are judged`),
      terms,
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1831") ? ["Stryker was here"] : (stryCov_9fa48("1831"), []),
      arithmetic: (stryMutAct_9fa48("1834") ? terms.length !== 0 : stryMutAct_9fa48("1833") ? false : stryMutAct_9fa48("1832") ? true : (stryCov_9fa48("1832", "1833", "1834"), terms.length === 0)) ? stryMutAct_9fa48("1835") ? "" : (stryCov_9fa48("1835"), 'every ranked item is judged: 0') : stryMutAct_9fa48("1836") ? `` : (stryCov_9fa48("1836"), `${p}^${n} + (1 − ${p}) · (${terms.map(stryMutAct_9fa48("1837") ? () => undefined : (stryCov_9fa48("1837"), t => fmt(t.discount!))).join(stryMutAct_9fa48("1838") ? "" : (stryCov_9fa48("1838"), ' + '))}) = ${fmt(value)}`)
    });
  }
}