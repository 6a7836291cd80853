/**
 * Expected reciprocal rank (Chapelle, Metzler, Zhang & Grinspan, CIKM 2009): a user stops at rank r
 * with probability Rᵣ, the chance the item satisfies; ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ). The grade
 * to probability mapping is the errGain knob: (2^g − 1) / 2^gmax (exponential, the paper's) or g / gmax
 * (linear); gmax is the parameter when given (ERR(max=4)), else the case's top grade.
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
import { Convention } from '../conventions';
import { Explanation, RankTerm, fmt } from '../explanation';
import { RankedCase } from '../ranking';

/** The probability that an item of this grade satisfies the user. */
export function stopProbability(grade: number, top: number, conv: Convention): number {
  if (stryMutAct_9fa48("933")) {
    {}
  } else {
    stryCov_9fa48("933");
    if (stryMutAct_9fa48("936") ? !(grade > 0) && !(top > 0) : stryMutAct_9fa48("935") ? false : stryMutAct_9fa48("934") ? true : (stryCov_9fa48("934", "935", "936"), (stryMutAct_9fa48("937") ? grade > 0 : (stryCov_9fa48("937"), !(stryMutAct_9fa48("941") ? grade <= 0 : stryMutAct_9fa48("940") ? grade >= 0 : stryMutAct_9fa48("939") ? false : stryMutAct_9fa48("938") ? true : (stryCov_9fa48("938", "939", "940", "941"), grade > 0)))) || (stryMutAct_9fa48("942") ? top > 0 : (stryCov_9fa48("942"), !(stryMutAct_9fa48("946") ? top <= 0 : stryMutAct_9fa48("945") ? top >= 0 : stryMutAct_9fa48("944") ? false : stryMutAct_9fa48("943") ? true : (stryCov_9fa48("943", "944", "945", "946"), top > 0)))))) return 0;
    const g = stryMutAct_9fa48("947") ? Math.max(grade, top) : (stryCov_9fa48("947"), Math.min(grade, top));
    return (stryMutAct_9fa48("950") ? conv.errGain !== 'linear' : stryMutAct_9fa48("949") ? false : stryMutAct_9fa48("948") ? true : (stryCov_9fa48("948", "949", "950"), conv.errGain === (stryMutAct_9fa48("951") ? "" : (stryCov_9fa48("951"), 'linear')))) ? stryMutAct_9fa48("952") ? g * top : (stryCov_9fa48("952"), g / top) : stryMutAct_9fa48("953") ? (2 ** g - 1) * 2 ** top : (stryCov_9fa48("953"), (stryMutAct_9fa48("954") ? 2 ** g + 1 : (stryCov_9fa48("954"), 2 ** g - 1)) / 2 ** top);
  }
}
function topGrade(rc: RankedCase, max: number | undefined): number {
  if (stryMutAct_9fa48("955")) {
    {}
  } else {
    stryCov_9fa48("955");
    if (stryMutAct_9fa48("958") ? max === undefined : stryMutAct_9fa48("957") ? false : stryMutAct_9fa48("956") ? true : (stryCov_9fa48("956", "957", "958"), max !== undefined)) return max;
    let top = 0;
    for (const g of rc.labelGrades) if (stryMutAct_9fa48("962") ? g <= top : stryMutAct_9fa48("961") ? g >= top : stryMutAct_9fa48("960") ? false : stryMutAct_9fa48("959") ? true : (stryCov_9fa48("959", "960", "961", "962"), g > top)) top = g;
    return top;
  }
}
function errTerms(rc: RankedCase, k: number | null, conv: Convention, max: number | undefined): {
  value: number;
  terms: RankTerm[];
} {
  if (stryMutAct_9fa48("963")) {
    {}
  } else {
    stryCov_9fa48("963");
    const n = (stryMutAct_9fa48("966") ? k !== null : stryMutAct_9fa48("965") ? false : stryMutAct_9fa48("964") ? true : (stryCov_9fa48("964", "965", "966"), k === null)) ? rc.ids.length : stryMutAct_9fa48("967") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("967"), Math.min(k, rc.ids.length));
    const top = topGrade(rc, max);
    let reach = 1;
    let value = 0;
    const terms: RankTerm[] = stryMutAct_9fa48("968") ? ["Stryker was here"] : (stryCov_9fa48("968"), []);
    for (let r = 0; stryMutAct_9fa48("971") ? r >= n : stryMutAct_9fa48("970") ? r <= n : stryMutAct_9fa48("969") ? false : (stryCov_9fa48("969", "970", "971"), r < n); stryMutAct_9fa48("972") ? r-- : (stryCov_9fa48("972"), r++)) {
      if (stryMutAct_9fa48("973")) {
        {}
      } else {
        stryCov_9fa48("973");
        const R = stopProbability(rc.grades[r], top, conv);
        if (stryMutAct_9fa48("977") ? R <= 0 : stryMutAct_9fa48("976") ? R >= 0 : stryMutAct_9fa48("975") ? false : stryMutAct_9fa48("974") ? true : (stryCov_9fa48("974", "975", "976", "977"), R > 0)) {
          if (stryMutAct_9fa48("978")) {
            {}
          } else {
            stryCov_9fa48("978");
            const t = stryMutAct_9fa48("979") ? reach * R * (r + 1) : (stryCov_9fa48("979"), (stryMutAct_9fa48("980") ? reach / R : (stryCov_9fa48("980"), reach * R)) / (stryMutAct_9fa48("981") ? r - 1 : (stryCov_9fa48("981"), r + 1)));
            stryMutAct_9fa48("982") ? value -= t : (stryCov_9fa48("982"), value += t);
            terms.push(stryMutAct_9fa48("983") ? {} : (stryCov_9fa48("983"), {
              rank: stryMutAct_9fa48("984") ? r - 1 : (stryCov_9fa48("984"), r + 1),
              id: rc.ids[r],
              grade: rc.grades[r],
              relevant: stryMutAct_9fa48("987") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("986") ? false : stryMutAct_9fa48("985") ? true : (stryCov_9fa48("985", "986", "987"), rc.relevant[r] === 1),
              gain: R,
              discount: stryMutAct_9fa48("988") ? reach * (r + 1) : (stryCov_9fa48("988"), reach / (stryMutAct_9fa48("989") ? r - 1 : (stryCov_9fa48("989"), r + 1))),
              contribution: t
            }));
            stryMutAct_9fa48("990") ? reach /= 1 - R : (stryCov_9fa48("990"), reach *= stryMutAct_9fa48("991") ? 1 + R : (stryCov_9fa48("991"), 1 - R));
          }
        }
      }
    }
    return stryMutAct_9fa48("992") ? {} : (stryCov_9fa48("992"), {
      value,
      terms
    });
  }
}

/** ERR@k. */
export function err(rc: RankedCase, k: number | null, conv: Convention, max?: number): number {
  if (stryMutAct_9fa48("993")) {
    {}
  } else {
    stryCov_9fa48("993");
    return errTerms(rc, k, conv, max).value;
  }
}

/** ERR@k with the stop probability and the chance of reaching each rank that can satisfy. */
export function explainErr(rc: RankedCase, k: number | null, conv: Convention, max: number | undefined, metric: string): Explanation {
  if (stryMutAct_9fa48("994")) {
    {}
  } else {
    stryCov_9fa48("994");
    const {
      value,
      terms
    } = errTerms(rc, k, conv, max);
    const top = topGrade(rc, max);
    return stryMutAct_9fa48("995") ? {} : (stryCov_9fa48("995"), {
      metric,
      value,
      formula: stryMutAct_9fa48("996") ? `` : (stryCov_9fa48("996"), `ERR = Σᵣ (1/r) · Rᵣ · Π_{i<r} (1 − Rᵢ), R = ${(stryMutAct_9fa48("999") ? conv.errGain !== 'linear' : stryMutAct_9fa48("998") ? false : stryMutAct_9fa48("997") ? true : (stryCov_9fa48("997", "998", "999"), conv.errGain === (stryMutAct_9fa48("1000") ? "" : (stryCov_9fa48("1000"), 'linear')))) ? stryMutAct_9fa48("1001") ? "" : (stryCov_9fa48("1001"), 'g / gmax') : stryMutAct_9fa48("1002") ? "" : (stryCov_9fa48("1002"), '(2^g − 1) / 2^gmax')}, gmax = ${top}`),
      terms,
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1003") ? [] : (stryCov_9fa48("1003"), [stryMutAct_9fa48("1004") ? {} : (stryCov_9fa48("1004"), {
        knob: stryMutAct_9fa48("1005") ? "" : (stryCov_9fa48("1005"), 'errGain'),
        value: conv.errGain,
        effect: stryMutAct_9fa48("1006") ? `` : (stryCov_9fa48("1006"), `a grade becomes a stop probability as ${(stryMutAct_9fa48("1009") ? conv.errGain !== 'linear' : stryMutAct_9fa48("1008") ? false : stryMutAct_9fa48("1007") ? true : (stryCov_9fa48("1007", "1008", "1009"), conv.errGain === (stryMutAct_9fa48("1010") ? "" : (stryCov_9fa48("1010"), 'linear')))) ? stryMutAct_9fa48("1011") ? "" : (stryCov_9fa48("1011"), 'g / gmax') : stryMutAct_9fa48("1012") ? "" : (stryCov_9fa48("1012"), '(2^g − 1) / 2^gmax')}`)
      })]),
      arithmetic: stryMutAct_9fa48("1013") ? `` : (stryCov_9fa48("1013"), `${stryMutAct_9fa48("1016") ? terms.map(t => `${fmt(t.gain!)}·${fmt(t.discount!)}`).join(' + ') && '0' : stryMutAct_9fa48("1015") ? false : stryMutAct_9fa48("1014") ? true : (stryCov_9fa48("1014", "1015", "1016"), terms.map(stryMutAct_9fa48("1017") ? () => undefined : (stryCov_9fa48("1017"), t => stryMutAct_9fa48("1018") ? `` : (stryCov_9fa48("1018"), `${fmt(t.gain!)}·${fmt(t.discount!)}`))).join(stryMutAct_9fa48("1019") ? "" : (stryCov_9fa48("1019"), ' + ')) || (stryMutAct_9fa48("1020") ? "" : (stryCov_9fa48("1020"), '0')))} = ${fmt(value)}`)
    });
  }
}