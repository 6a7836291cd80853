/**
 * Interpolated precision at recall levels (trec_eval's iprec_at_recall and 11pt_avg): the best
 * precision at any rank whose recall reaches the level; a level is first turned into a number of
 * relevant items by rounding level × R. An empty ranking has no precision at the levels that round
 * to 0 items: NaN there.
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

/** The 11 standard recall levels 0.0, 0.1, …, 1.0. */
export const ELEVEN_LEVELS: readonly number[] = stryMutAct_9fa48("1526") ? [] : (stryCov_9fa48("1526"), [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1]);

// C's lround: halves away from zero.
function lround(x: number): number {
  if (stryMutAct_9fa48("1527")) {
    {}
  } else {
    stryCov_9fa48("1527");
    return (stryMutAct_9fa48("1531") ? x >= 0 : stryMutAct_9fa48("1530") ? x <= 0 : stryMutAct_9fa48("1529") ? false : stryMutAct_9fa48("1528") ? true : (stryCov_9fa48("1528", "1529", "1530", "1531"), x < 0)) ? stryMutAct_9fa48("1532") ? +Math.round(-x) : (stryCov_9fa48("1532"), -Math.round(stryMutAct_9fa48("1533") ? +x : (stryCov_9fa48("1533"), -x))) : Math.round(x);
  }
}

/** Interpolated precision at each level, computed as trec_eval does (one backward pass). */
export function interpolatedPrecisions(rc: RankedCase, levels: readonly number[]): number[] {
  if (stryMutAct_9fa48("1534")) {
    {}
  } else {
    stryCov_9fa48("1534");
    const sorted = stryMutAct_9fa48("1535") ? levels.map((l, i) => ({
      l,
      i
    })) : (stryCov_9fa48("1535"), levels.map(stryMutAct_9fa48("1536") ? () => undefined : (stryCov_9fa48("1536"), (l, i) => stryMutAct_9fa48("1537") ? {} : (stryCov_9fa48("1537"), {
      l,
      i
    }))).sort(stryMutAct_9fa48("1538") ? () => undefined : (stryCov_9fa48("1538"), (a, b) => stryMutAct_9fa48("1539") ? a.l + b.l : (stryCov_9fa48("1539"), a.l - b.l))));
    const numRet = rc.ids.length;
    const relRet = relevantRetrieved(rc);
    const cutoffs = sorted.map(stryMutAct_9fa48("1540") ? () => undefined : (stryCov_9fa48("1540"), s => lround(stryMutAct_9fa48("1541") ? s.l / rc.nRelevant : (stryCov_9fa48("1541"), s.l * rc.nRelevant))));
    const out = (stryMutAct_9fa48("1542") ? new Array() : (stryCov_9fa48("1542"), new Array<number>(levels.length))).fill(0);
    let current = stryMutAct_9fa48("1543") ? sorted.length + 1 : (stryCov_9fa48("1543"), sorted.length - 1);
    while (stryMutAct_9fa48("1545") ? current >= 0 || cutoffs[current] > relRet : stryMutAct_9fa48("1544") ? false : (stryCov_9fa48("1544", "1545"), (stryMutAct_9fa48("1548") ? current < 0 : stryMutAct_9fa48("1547") ? current > 0 : stryMutAct_9fa48("1546") ? true : (stryCov_9fa48("1546", "1547", "1548"), current >= 0)) && (stryMutAct_9fa48("1551") ? cutoffs[current] <= relRet : stryMutAct_9fa48("1550") ? cutoffs[current] >= relRet : stryMutAct_9fa48("1549") ? true : (stryCov_9fa48("1549", "1550", "1551"), cutoffs[current] > relRet)))) stryMutAct_9fa48("1552") ? current++ : (stryCov_9fa48("1552"), current--);
    // An empty ranking has no precision: NaN, as in trec_eval (which only meets one under -J).
    let precision = stryMutAct_9fa48("1553") ? relRet * numRet : (stryCov_9fa48("1553"), relRet / numRet);
    let best = precision;
    let relSoFar = relRet;
    for (let i = numRet; stryMutAct_9fa48("1555") ? i > 0 || relSoFar > 0 : stryMutAct_9fa48("1554") ? false : (stryCov_9fa48("1554", "1555"), (stryMutAct_9fa48("1558") ? i <= 0 : stryMutAct_9fa48("1557") ? i >= 0 : stryMutAct_9fa48("1556") ? true : (stryCov_9fa48("1556", "1557", "1558"), i > 0)) && (stryMutAct_9fa48("1561") ? relSoFar <= 0 : stryMutAct_9fa48("1560") ? relSoFar >= 0 : stryMutAct_9fa48("1559") ? true : (stryCov_9fa48("1559", "1560", "1561"), relSoFar > 0))); stryMutAct_9fa48("1562") ? i++ : (stryCov_9fa48("1562"), i--)) {
      if (stryMutAct_9fa48("1563")) {
        {}
      } else {
        stryCov_9fa48("1563");
        precision = stryMutAct_9fa48("1564") ? relSoFar * i : (stryCov_9fa48("1564"), relSoFar / i);
        if (stryMutAct_9fa48("1568") ? best >= precision : stryMutAct_9fa48("1567") ? best <= precision : stryMutAct_9fa48("1566") ? false : stryMutAct_9fa48("1565") ? true : (stryCov_9fa48("1565", "1566", "1567", "1568"), best < precision)) best = precision;
        if (stryMutAct_9fa48("1570") ? false : stryMutAct_9fa48("1569") ? true : (stryCov_9fa48("1569", "1570"), rc.relevant[stryMutAct_9fa48("1571") ? i + 1 : (stryCov_9fa48("1571"), i - 1)])) {
          if (stryMutAct_9fa48("1572")) {
            {}
          } else {
            stryCov_9fa48("1572");
            while (stryMutAct_9fa48("1574") ? current >= 0 || relSoFar === cutoffs[current] : stryMutAct_9fa48("1573") ? false : (stryCov_9fa48("1573", "1574"), (stryMutAct_9fa48("1577") ? current < 0 : stryMutAct_9fa48("1576") ? current > 0 : stryMutAct_9fa48("1575") ? true : (stryCov_9fa48("1575", "1576", "1577"), current >= 0)) && (stryMutAct_9fa48("1579") ? relSoFar !== cutoffs[current] : stryMutAct_9fa48("1578") ? true : (stryCov_9fa48("1578", "1579"), relSoFar === cutoffs[current])))) {
              if (stryMutAct_9fa48("1580")) {
                {}
              } else {
                stryCov_9fa48("1580");
                out[sorted[current].i] = best;
                stryMutAct_9fa48("1581") ? current++ : (stryCov_9fa48("1581"), current--);
              }
            }
            stryMutAct_9fa48("1582") ? relSoFar++ : (stryCov_9fa48("1582"), relSoFar--);
          }
        }
      }
    }
    while (stryMutAct_9fa48("1585") ? current < 0 : stryMutAct_9fa48("1584") ? current > 0 : stryMutAct_9fa48("1583") ? false : (stryCov_9fa48("1583", "1584", "1585"), current >= 0)) {
      if (stryMutAct_9fa48("1586")) {
        {}
      } else {
        stryCov_9fa48("1586");
        out[sorted[current].i] = best;
        stryMutAct_9fa48("1587") ? current++ : (stryCov_9fa48("1587"), current--);
      }
    }
    return out;
  }
}

/** IPrec@level: the interpolated precision at one recall level. */
export function interpolatedPrecision(rc: RankedCase, level: number): number {
  if (stryMutAct_9fa48("1588")) {
    {}
  } else {
    stryCov_9fa48("1588");
    return interpolatedPrecisions(rc, stryMutAct_9fa48("1589") ? [] : (stryCov_9fa48("1589"), [level]))[0];
  }
}

/** 11ptAvg: the mean interpolated precision at the 11 standard recall levels (or at the levels given). */
export function elevenPointAverage(rc: RankedCase, levels: readonly number[] = ELEVEN_LEVELS): number {
  if (stryMutAct_9fa48("1590")) {
    {}
  } else {
    stryCov_9fa48("1590");
    return stryMutAct_9fa48("1591") ? interpolatedPrecisions(rc, levels).reduce((a, b) => a + b, 0) * levels.length : (stryCov_9fa48("1591"), interpolatedPrecisions(rc, levels).reduce(stryMutAct_9fa48("1592") ? () => undefined : (stryCov_9fa48("1592"), (a, b) => stryMutAct_9fa48("1593") ? a - b : (stryCov_9fa48("1593"), a + b)), 0) / levels.length);
  }
}

/** IPrec@level with the rank whose precision was taken. */
export function explainInterpolatedPrecision(rc: RankedCase, level: number): Explanation {
  if (stryMutAct_9fa48("1594")) {
    {}
  } else {
    stryCov_9fa48("1594");
    const value = interpolatedPrecision(rc, level);
    const needed = lround(stryMutAct_9fa48("1595") ? level / rc.nRelevant : (stryCov_9fa48("1595"), level * rc.nRelevant));
    return stryMutAct_9fa48("1596") ? {} : (stryCov_9fa48("1596"), {
      metric: stryMutAct_9fa48("1597") ? `` : (stryCov_9fa48("1597"), `IPrec@${level}`),
      value,
      formula: stryMutAct_9fa48("1598") ? "" : (stryCov_9fa48("1598"), 'IPrec@x = max over ranks i with recall@i ≥ x of P@i (0 when recall x is never reached); x·R rounded to whole items'),
      terms: stryMutAct_9fa48("1599") ? ["Stryker was here"] : (stryCov_9fa48("1599"), []),
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1600") ? ["Stryker was here"] : (stryCov_9fa48("1600"), []),
      arithmetic: stryMutAct_9fa48("1601") ? `` : (stryCov_9fa48("1601"), `R = ${rc.nRelevant}, level ${level} = ${needed} relevant item${(stryMutAct_9fa48("1604") ? needed !== 1 : stryMutAct_9fa48("1603") ? false : stryMutAct_9fa48("1602") ? true : (stryCov_9fa48("1602", "1603", "1604"), needed === 1)) ? stryMutAct_9fa48("1605") ? "Stryker was here!" : (stryCov_9fa48("1605"), '') : stryMutAct_9fa48("1606") ? "" : (stryCov_9fa48("1606"), 's')}: best precision from there on = ${fmt(value)}`)
    });
  }
}

/** 11ptAvg with its interpolated precisions. */
export function explainElevenPointAverage(rc: RankedCase, levels: readonly number[] = ELEVEN_LEVELS): Explanation {
  if (stryMutAct_9fa48("1607")) {
    {}
  } else {
    stryCov_9fa48("1607");
    const values = interpolatedPrecisions(rc, levels);
    const sum = values.reduce(stryMutAct_9fa48("1608") ? () => undefined : (stryCov_9fa48("1608"), (a, b) => stryMutAct_9fa48("1609") ? a - b : (stryCov_9fa48("1609"), a + b)), 0);
    const n = levels.length;
    return stryMutAct_9fa48("1610") ? {} : (stryCov_9fa48("1610"), {
      metric: stryMutAct_9fa48("1611") ? "" : (stryCov_9fa48("1611"), '11ptAvg'),
      value: stryMutAct_9fa48("1612") ? sum * n : (stryCov_9fa48("1612"), sum / n),
      formula: stryMutAct_9fa48("1613") ? `` : (stryCov_9fa48("1613"), `11ptAvg = (1/${n}) Σ_{x ∈ ${(stryMutAct_9fa48("1616") ? levels !== ELEVEN_LEVELS : stryMutAct_9fa48("1615") ? false : stryMutAct_9fa48("1614") ? true : (stryCov_9fa48("1614", "1615", "1616"), levels === ELEVEN_LEVELS)) ? stryMutAct_9fa48("1617") ? "" : (stryCov_9fa48("1617"), '0, 0.1, …, 1') : levels.join(stryMutAct_9fa48("1618") ? "" : (stryCov_9fa48("1618"), ', '))}} IPrec@x`),
      terms: stryMutAct_9fa48("1619") ? ["Stryker was here"] : (stryCov_9fa48("1619"), []),
      numerator: sum,
      denominator: n,
      knobs: stryMutAct_9fa48("1620") ? ["Stryker was here"] : (stryCov_9fa48("1620"), []),
      arithmetic: stryMutAct_9fa48("1621") ? `` : (stryCov_9fa48("1621"), `(${values.map(stryMutAct_9fa48("1622") ? () => undefined : (stryCov_9fa48("1622"), v => fmt(v))).join(stryMutAct_9fa48("1623") ? "" : (stryCov_9fa48("1623"), ' + '))}) / ${n} = ${fmt(stryMutAct_9fa48("1624") ? sum * n : (stryCov_9fa48("1624"), sum / n))}`)
    });
  }
}