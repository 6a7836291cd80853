/**
 * infAP (Yilmaz & Aslam, CIKM 2006), as trec_eval computes it: the expected precision at each
 * relevant item retrieved, estimated from the judged items above it; items labeled with a negative
 * grade are in the pool but unjudged (sampled out), unlabeled items are outside the pool.
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
import { termAt } from './judgements';
const EPSILON = 0.00001;
function infApTerms(rc: RankedCase): {
  sum: number;
  terms: RankTerm[];
} {
  if (stryMutAct_9fa48("1460")) {
    {}
  } else {
    stryCov_9fa48("1460");
    let rel = 0;
    let nonrel = 0;
    let unjudgedInPool = 0;
    let sum = 0;
    const terms: RankTerm[] = stryMutAct_9fa48("1461") ? ["Stryker was here"] : (stryCov_9fa48("1461"), []);
    for (let j = 0; stryMutAct_9fa48("1464") ? j >= rc.ids.length : stryMutAct_9fa48("1463") ? j <= rc.ids.length : stryMutAct_9fa48("1462") ? false : (stryCov_9fa48("1462", "1463", "1464"), j < rc.ids.length); stryMutAct_9fa48("1465") ? j-- : (stryCov_9fa48("1465"), j++)) {
      if (stryMutAct_9fa48("1466")) {
        {}
      } else {
        stryCov_9fa48("1466");
        if (stryMutAct_9fa48("1469") ? false : stryMutAct_9fa48("1468") ? true : stryMutAct_9fa48("1467") ? rc.judged[j] : (stryCov_9fa48("1467", "1468", "1469"), !rc.judged[j])) {
          if (stryMutAct_9fa48("1470")) {
            {}
          } else {
            stryCov_9fa48("1470");
            if (stryMutAct_9fa48("1474") ? rc.grades[j] >= 0 : stryMutAct_9fa48("1473") ? rc.grades[j] <= 0 : stryMutAct_9fa48("1472") ? false : stryMutAct_9fa48("1471") ? true : (stryCov_9fa48("1471", "1472", "1473", "1474"), rc.grades[j] < 0)) stryMutAct_9fa48("1475") ? unjudgedInPool-- : (stryCov_9fa48("1475"), unjudgedInPool++);
            continue;
          }
        }
        if (stryMutAct_9fa48("1478") ? false : stryMutAct_9fa48("1477") ? true : stryMutAct_9fa48("1476") ? rc.relevant[j] : (stryCov_9fa48("1476", "1477", "1478"), !rc.relevant[j])) {
          if (stryMutAct_9fa48("1479")) {
            {}
          } else {
            stryCov_9fa48("1479");
            stryMutAct_9fa48("1480") ? nonrel-- : (stryCov_9fa48("1480"), nonrel++);
            continue;
          }
        }
        stryMutAct_9fa48("1481") ? rel-- : (stryCov_9fa48("1481"), rel++);
        const t = (stryMutAct_9fa48("1484") ? j !== 0 : stryMutAct_9fa48("1483") ? false : stryMutAct_9fa48("1482") ? true : (stryCov_9fa48("1482", "1483", "1484"), j === 0)) ? 1 : stryMutAct_9fa48("1485") ? 1 / (j + 1) - j / (j + 1) * ((rel - 1 + nonrel + unjudgedInPool) / j) * ((rel - 1 + EPSILON) / (rel - 1 + nonrel + 2 * EPSILON)) : (stryCov_9fa48("1485"), (stryMutAct_9fa48("1486") ? 1 * (j + 1) : (stryCov_9fa48("1486"), 1 / (stryMutAct_9fa48("1487") ? j - 1 : (stryCov_9fa48("1487"), j + 1)))) + (stryMutAct_9fa48("1488") ? j / (j + 1) * ((rel - 1 + nonrel + unjudgedInPool) / j) / ((rel - 1 + EPSILON) / (rel - 1 + nonrel + 2 * EPSILON)) : (stryCov_9fa48("1488"), (stryMutAct_9fa48("1489") ? j / (j + 1) / ((rel - 1 + nonrel + unjudgedInPool) / j) : (stryCov_9fa48("1489"), (stryMutAct_9fa48("1490") ? j * (j + 1) : (stryCov_9fa48("1490"), j / (stryMutAct_9fa48("1491") ? j - 1 : (stryCov_9fa48("1491"), j + 1)))) * (stryMutAct_9fa48("1492") ? (rel - 1 + nonrel + unjudgedInPool) * j : (stryCov_9fa48("1492"), (stryMutAct_9fa48("1493") ? rel - 1 + nonrel - unjudgedInPool : (stryCov_9fa48("1493"), (stryMutAct_9fa48("1494") ? rel - 1 - nonrel : (stryCov_9fa48("1494"), (stryMutAct_9fa48("1495") ? rel + 1 : (stryCov_9fa48("1495"), rel - 1)) + nonrel)) + unjudgedInPool)) / j)))) * (stryMutAct_9fa48("1496") ? (rel - 1 + EPSILON) * (rel - 1 + nonrel + 2 * EPSILON) : (stryCov_9fa48("1496"), (stryMutAct_9fa48("1497") ? rel - 1 - EPSILON : (stryCov_9fa48("1497"), (stryMutAct_9fa48("1498") ? rel + 1 : (stryCov_9fa48("1498"), rel - 1)) + EPSILON)) / (stryMutAct_9fa48("1499") ? rel - 1 + nonrel - 2 * EPSILON : (stryCov_9fa48("1499"), (stryMutAct_9fa48("1500") ? rel - 1 - nonrel : (stryCov_9fa48("1500"), (stryMutAct_9fa48("1501") ? rel + 1 : (stryCov_9fa48("1501"), rel - 1)) + nonrel)) + (stryMutAct_9fa48("1502") ? 2 / EPSILON : (stryCov_9fa48("1502"), 2 * EPSILON)))))))));
        stryMutAct_9fa48("1503") ? sum -= t : (stryCov_9fa48("1503"), sum += t);
        terms.push(termAt(rc, j, t));
      }
    }
    return stryMutAct_9fa48("1504") ? {} : (stryCov_9fa48("1504"), {
      sum,
      terms
    });
  }
}

/** infAP = (1/R) Σ over relevant retrieved at rank k: 1/k + ((k−1)/k)·(|d100|/(k−1))·((rel+ε)/(rel+nonrel+2ε)). */
export function infAP(rc: RankedCase): number {
  if (stryMutAct_9fa48("1505")) {
    {}
  } else {
    stryCov_9fa48("1505");
    return (stryMutAct_9fa48("1508") ? rc.nRelevant !== 0 : stryMutAct_9fa48("1507") ? false : stryMutAct_9fa48("1506") ? true : (stryCov_9fa48("1506", "1507", "1508"), rc.nRelevant === 0)) ? 0 : stryMutAct_9fa48("1509") ? infApTerms(rc).sum * rc.nRelevant : (stryCov_9fa48("1509"), infApTerms(rc).sum / rc.nRelevant);
  }
}

/** infAP with the expected precision at each relevant item retrieved. */
export function explainInfAP(rc: RankedCase): Explanation {
  if (stryMutAct_9fa48("1510")) {
    {}
  } else {
    stryCov_9fa48("1510");
    const {
      sum,
      terms
    } = infApTerms(rc);
    const R = rc.nRelevant;
    const value = (stryMutAct_9fa48("1513") ? R !== 0 : stryMutAct_9fa48("1512") ? false : stryMutAct_9fa48("1511") ? true : (stryCov_9fa48("1511", "1512", "1513"), R === 0)) ? 0 : stryMutAct_9fa48("1514") ? sum * R : (stryCov_9fa48("1514"), sum / R);
    return stryMutAct_9fa48("1515") ? {} : (stryCov_9fa48("1515"), {
      metric: stryMutAct_9fa48("1516") ? "" : (stryCov_9fa48("1516"), 'infAP'),
      value,
      formula: stryMutAct_9fa48("1517") ? "" : (stryCov_9fa48("1517"), 'infAP = (1/R) Σ_{relevant at rank k} [1/k + ((k−1)/k) · (pooled above k / (k−1)) · ((rel above + ε) / (rel above + nonrel above + 2ε))], ε = 0.00001'),
      terms,
      numerator: sum,
      denominator: R,
      knobs: stryMutAct_9fa48("1518") ? ["Stryker was here"] : (stryCov_9fa48("1518"), []),
      arithmetic: stryMutAct_9fa48("1519") ? `` : (stryCov_9fa48("1519"), `(${stryMutAct_9fa48("1522") ? terms.map(t => fmt(t.contribution!)).join(' + ') && '0' : stryMutAct_9fa48("1521") ? false : stryMutAct_9fa48("1520") ? true : (stryCov_9fa48("1520", "1521", "1522"), terms.map(stryMutAct_9fa48("1523") ? () => undefined : (stryCov_9fa48("1523"), t => fmt(t.contribution!))).join(stryMutAct_9fa48("1524") ? "" : (stryCov_9fa48("1524"), ' + ')) || (stryMutAct_9fa48("1525") ? "" : (stryCov_9fa48("1525"), '0')))}) / ${R} = ${fmt(value)}`)
    });
  }
}