/** R@k: the share of the relevant items found in the top k. */
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

/** The denominator of R@k: R, or min(k, R) under recallDenominator=min-k-relevant. */
function denominator(rc: RankedCase, k: number, conv: Convention): number {
  if (stryMutAct_9fa48("1839")) {
    {}
  } else {
    stryCov_9fa48("1839");
    return (stryMutAct_9fa48("1842") ? conv.recallDenominator !== 'min-k-relevant' : stryMutAct_9fa48("1841") ? false : stryMutAct_9fa48("1840") ? true : (stryCov_9fa48("1840", "1841", "1842"), conv.recallDenominator === (stryMutAct_9fa48("1843") ? "" : (stryCov_9fa48("1843"), 'min-k-relevant')))) ? stryMutAct_9fa48("1844") ? Math.max(k, rc.nRelevant) : (stryCov_9fa48("1844"), Math.min(k, rc.nRelevant)) : rc.nRelevant;
  }
}

/** R@k = hits in the top k / R, or / min(k, R) (R > 0). */
export function recall(rc: RankedCase, k: number, conv: Convention): number {
  if (stryMutAct_9fa48("1845")) {
    {}
  } else {
    stryCov_9fa48("1845");
    return stryMutAct_9fa48("1846") ? hitsAt(rc, k) * denominator(rc, k, conv) : (stryCov_9fa48("1846"), hitsAt(rc, k) / denominator(rc, k, conv));
  }
}

/** R@k with its hits and R. */
export function explainRecall(rc: RankedCase, k: number, conv: Convention): Explanation {
  if (stryMutAct_9fa48("1847")) {
    {}
  } else {
    stryCov_9fa48("1847");
    const hits = hitsAt(rc, k);
    const value = recall(rc, k, conv);
    const d = denominator(rc, k, conv);
    const capped = stryMutAct_9fa48("1850") ? conv.recallDenominator !== 'min-k-relevant' : stryMutAct_9fa48("1849") ? false : stryMutAct_9fa48("1848") ? true : (stryCov_9fa48("1848", "1849", "1850"), conv.recallDenominator === (stryMutAct_9fa48("1851") ? "" : (stryCov_9fa48("1851"), 'min-k-relevant')));
    const knobs: Explanation['knobs'] = stryMutAct_9fa48("1852") ? [] : (stryCov_9fa48("1852"), [stryMutAct_9fa48("1853") ? {} : (stryCov_9fa48("1853"), {
      knob: stryMutAct_9fa48("1854") ? "" : (stryCov_9fa48("1854"), 'relevantPool'),
      value: conv.relevantPool,
      effect: (stryMutAct_9fa48("1857") ? conv.relevantPool !== 'labels' : stryMutAct_9fa48("1856") ? false : stryMutAct_9fa48("1855") ? true : (stryCov_9fa48("1855", "1856", "1857"), conv.relevantPool === (stryMutAct_9fa48("1858") ? "" : (stryCov_9fa48("1858"), 'labels')))) ? stryMutAct_9fa48("1859") ? `` : (stryCov_9fa48("1859"), `|relevant| = ${rc.nRelevant} relevant labels`) : stryMutAct_9fa48("1860") ? `` : (stryCov_9fa48("1860"), `|relevant| = ${rc.nRelevant} relevant items among the predictions`)
    })]);
    if (stryMutAct_9fa48("1862") ? false : stryMutAct_9fa48("1861") ? true : (stryCov_9fa48("1861", "1862"), capped)) knobs.push(stryMutAct_9fa48("1863") ? {} : (stryCov_9fa48("1863"), {
      knob: stryMutAct_9fa48("1864") ? "" : (stryCov_9fa48("1864"), 'recallDenominator'),
      value: conv.recallDenominator,
      effect: stryMutAct_9fa48("1865") ? `` : (stryCov_9fa48("1865"), `divides by min(k, |relevant|) = min(${k}, ${rc.nRelevant}) = ${d}`)
    }));
    return stryMutAct_9fa48("1866") ? {} : (stryCov_9fa48("1866"), {
      metric: stryMutAct_9fa48("1867") ? `` : (stryCov_9fa48("1867"), `R@${k}`),
      value,
      formula: capped ? stryMutAct_9fa48("1868") ? "" : (stryCov_9fa48("1868"), 'R@k = |relevant ∩ top k| / min(k, |relevant|)') : stryMutAct_9fa48("1869") ? "" : (stryCov_9fa48("1869"), 'R@k = |relevant ∩ top k| / |relevant|'),
      terms: hitTerms(rc, k),
      numerator: hits,
      denominator: d,
      knobs,
      arithmetic: stryMutAct_9fa48("1870") ? `` : (stryCov_9fa48("1870"), `${hits} / ${d} = ${fmt(value)}`)
    });
  }
}