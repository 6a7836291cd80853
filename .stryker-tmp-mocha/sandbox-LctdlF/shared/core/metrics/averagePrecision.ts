/** AP@k and AP: the mean of the precisions at the hits, over a denominator the convention picks. */
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
import { Explanation, RankTerm, fmt, num } from '../explanation';
import { depth, kText } from './hits';
import { RankedCase } from '../ranking';
function sumAtHits(rc: RankedCase, k: number | null): {
  sum: number;
  hits: number;
} {
  if (stryMutAct_9fa48("40")) {
    {}
  } else {
    stryCov_9fa48("40");
    const n = depth(rc, k);
    let hits = 0;
    let sum = 0;
    for (let r = 0; stryMutAct_9fa48("43") ? r >= n : stryMutAct_9fa48("42") ? r <= n : stryMutAct_9fa48("41") ? false : (stryCov_9fa48("41", "42", "43"), r < n); stryMutAct_9fa48("44") ? r-- : (stryCov_9fa48("44"), r++)) {
      if (stryMutAct_9fa48("45")) {
        {}
      } else {
        stryCov_9fa48("45");
        if (stryMutAct_9fa48("47") ? false : stryMutAct_9fa48("46") ? true : (stryCov_9fa48("46", "47"), rc.relevant[r])) {
          if (stryMutAct_9fa48("48")) {
            {}
          } else {
            stryCov_9fa48("48");
            stryMutAct_9fa48("49") ? hits-- : (stryCov_9fa48("49"), hits++);
            stryMutAct_9fa48("50") ? sum -= hits / (r + 1) : (stryCov_9fa48("50"), sum += stryMutAct_9fa48("51") ? hits * (r + 1) : (stryCov_9fa48("51"), hits / (stryMutAct_9fa48("52") ? r - 1 : (stryCov_9fa48("52"), r + 1))));
          }
        }
      }
    }
    return stryMutAct_9fa48("53") ? {} : (stryCov_9fa48("53"), {
      sum,
      hits
    });
  }
}
function denominator(rc: RankedCase, k: number | null, hits: number, conv: Convention): number {
  if (stryMutAct_9fa48("54")) {
    {}
  } else {
    stryCov_9fa48("54");
    switch (conv.apDenominator) {
      case stryMutAct_9fa48("56") ? "" : (stryCov_9fa48("56"), 'hits'):
        if (stryMutAct_9fa48("55")) {} else {
          stryCov_9fa48("55");
          return hits;
        }
      case stryMutAct_9fa48("58") ? "" : (stryCov_9fa48("58"), 'relevant'):
        if (stryMutAct_9fa48("57")) {} else {
          stryCov_9fa48("57");
          return rc.nRelevant;
        }
      case stryMutAct_9fa48("60") ? "" : (stryCov_9fa48("60"), 'min-k-relevant'):
        if (stryMutAct_9fa48("59")) {} else {
          stryCov_9fa48("59");
          return (stryMutAct_9fa48("63") ? k !== null : stryMutAct_9fa48("62") ? false : stryMutAct_9fa48("61") ? true : (stryCov_9fa48("61", "62", "63"), k === null)) ? rc.nRelevant : stryMutAct_9fa48("64") ? Math.max(k, rc.nRelevant) : (stryCov_9fa48("64"), Math.min(k, rc.nRelevant));
        }
      case stryMutAct_9fa48("66") ? "" : (stryCov_9fa48("66"), 'min-relevant-predicted'):
        if (stryMutAct_9fa48("65")) {} else {
          stryCov_9fa48("65");
          return stryMutAct_9fa48("67") ? Math.max(rc.nRelevant, rc.ids.length) : (stryCov_9fa48("67"), Math.min(rc.nRelevant, rc.ids.length));
        }
      case stryMutAct_9fa48("69") ? "" : (stryCov_9fa48("69"), 'min-k-relevant-predicted'):
        if (stryMutAct_9fa48("68")) {} else {
          stryCov_9fa48("68");
          return stryMutAct_9fa48("70") ? Math.max(k ?? Infinity, rc.nRelevant, rc.ids.length) : (stryCov_9fa48("70"), Math.min(stryMutAct_9fa48("71") ? k && Infinity : (stryCov_9fa48("71"), k ?? Infinity), rc.nRelevant, rc.ids.length));
        }
    }
  }
}

/** Elliot's MAP@k: the mean of P@1…P@k (each ÷ its own cutoff, ranks past the list included). */
function everyRank(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("72")) {
    {}
  } else {
    stryCov_9fa48("72");
    const n = stryMutAct_9fa48("73") ? k && rc.ids.length : (stryCov_9fa48("73"), k ?? rc.ids.length);
    let hits = 0;
    let sum = 0;
    for (let i = 0; stryMutAct_9fa48("76") ? i >= n : stryMutAct_9fa48("75") ? i <= n : stryMutAct_9fa48("74") ? false : (stryCov_9fa48("74", "75", "76"), i < n); stryMutAct_9fa48("77") ? i-- : (stryCov_9fa48("77"), i++)) {
      if (stryMutAct_9fa48("78")) {
        {}
      } else {
        stryCov_9fa48("78");
        if (stryMutAct_9fa48("82") ? i >= rc.ids.length : stryMutAct_9fa48("81") ? i <= rc.ids.length : stryMutAct_9fa48("80") ? false : stryMutAct_9fa48("79") ? true : (stryCov_9fa48("79", "80", "81", "82"), i < rc.ids.length)) stryMutAct_9fa48("83") ? hits -= rc.relevant[i] : (stryCov_9fa48("83"), hits += rc.relevant[i]);
        stryMutAct_9fa48("84") ? sum -= hits / (i + 1) : (stryCov_9fa48("84"), sum += stryMutAct_9fa48("85") ? hits * (i + 1) : (stryCov_9fa48("85"), hits / (stryMutAct_9fa48("86") ? i - 1 : (stryCov_9fa48("86"), i + 1))));
      }
    }
    return (stryMutAct_9fa48("89") ? n !== 0 : stryMutAct_9fa48("88") ? false : stryMutAct_9fa48("87") ? true : (stryCov_9fa48("87", "88", "89"), n === 0)) ? 0 : stryMutAct_9fa48("90") ? sum * n : (stryCov_9fa48("90"), sum / n);
  }
}

/** AP@k = Σ over hits in the top k of P@rank, divided per apDenominator; with no hit, 0 or NaN per noHit. */
export function averagePrecision(rc: RankedCase, k: number | null, conv: Convention): number {
  if (stryMutAct_9fa48("91")) {
    {}
  } else {
    stryCov_9fa48("91");
    const {
      sum,
      hits
    } = sumAtHits(rc, k);
    if (stryMutAct_9fa48("94") ? hits !== 0 : stryMutAct_9fa48("93") ? false : stryMutAct_9fa48("92") ? true : (stryCov_9fa48("92", "93", "94"), hits === 0)) return (stryMutAct_9fa48("97") ? conv.noHit !== 'nan' : stryMutAct_9fa48("96") ? false : stryMutAct_9fa48("95") ? true : (stryCov_9fa48("95", "96", "97"), conv.noHit === (stryMutAct_9fa48("98") ? "" : (stryCov_9fa48("98"), 'nan')))) ? NaN : 0;
    if (stryMutAct_9fa48("101") ? conv.apTerms !== 'every-rank' : stryMutAct_9fa48("100") ? false : stryMutAct_9fa48("99") ? true : (stryCov_9fa48("99", "100", "101"), conv.apTerms === (stryMutAct_9fa48("102") ? "" : (stryCov_9fa48("102"), 'every-rank')))) return everyRank(rc, k);
    const d = denominator(rc, k, hits, conv);
    return (stryMutAct_9fa48("105") ? d !== 0 : stryMutAct_9fa48("104") ? false : stryMutAct_9fa48("103") ? true : (stryCov_9fa48("103", "104", "105"), d === 0)) ? 0 : stryMutAct_9fa48("106") ? sum * d : (stryCov_9fa48("106"), sum / d);
  }
}
const DENOMINATOR_TEXT: Record<Convention['apDenominator'], string> = stryMutAct_9fa48("107") ? {} : (stryCov_9fa48("107"), {
  hits: stryMutAct_9fa48("108") ? "" : (stryCov_9fa48("108"), 'the hits in the top k'),
  relevant: stryMutAct_9fa48("109") ? "" : (stryCov_9fa48("109"), 'all relevant labels'),
  'min-k-relevant': stryMutAct_9fa48("110") ? "" : (stryCov_9fa48("110"), 'min(k, relevant labels)'),
  'min-relevant-predicted': stryMutAct_9fa48("111") ? "" : (stryCov_9fa48("111"), 'min(relevant labels, predicted)'),
  'min-k-relevant-predicted': stryMutAct_9fa48("112") ? "" : (stryCov_9fa48("112"), 'min(k, relevant labels, predicted)')
});

/** AP@k with the precision at each hit and the chosen denominator. */
export function explainAveragePrecision(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  if (stryMutAct_9fa48("113")) {
    {}
  } else {
    stryCov_9fa48("113");
    const n = depth(rc, k);
    const terms: RankTerm[] = stryMutAct_9fa48("114") ? ["Stryker was here"] : (stryCov_9fa48("114"), []);
    let hits = 0;
    for (let r = 0; stryMutAct_9fa48("117") ? r >= n : stryMutAct_9fa48("116") ? r <= n : stryMutAct_9fa48("115") ? false : (stryCov_9fa48("115", "116", "117"), r < n); stryMutAct_9fa48("118") ? r-- : (stryCov_9fa48("118"), r++)) {
      if (stryMutAct_9fa48("119")) {
        {}
      } else {
        stryCov_9fa48("119");
        if (stryMutAct_9fa48("122") ? false : stryMutAct_9fa48("121") ? true : stryMutAct_9fa48("120") ? rc.relevant[r] : (stryCov_9fa48("120", "121", "122"), !rc.relevant[r])) continue;
        stryMutAct_9fa48("123") ? hits-- : (stryCov_9fa48("123"), hits++);
        terms.push(stryMutAct_9fa48("124") ? {} : (stryCov_9fa48("124"), {
          rank: stryMutAct_9fa48("125") ? r - 1 : (stryCov_9fa48("125"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("126") ? false : (stryCov_9fa48("126"), true),
          contribution: stryMutAct_9fa48("127") ? hits * (r + 1) : (stryCov_9fa48("127"), hits / (stryMutAct_9fa48("128") ? r - 1 : (stryCov_9fa48("128"), r + 1)))
        }));
      }
    }
    const sum = terms.reduce(stryMutAct_9fa48("129") ? () => undefined : (stryCov_9fa48("129"), (s, t) => stryMutAct_9fa48("130") ? s - (t.contribution ?? 0) : (stryCov_9fa48("130"), s + (stryMutAct_9fa48("131") ? t.contribution && 0 : (stryCov_9fa48("131"), t.contribution ?? 0)))), 0);
    const d = denominator(rc, k, hits, conv);
    const value = averagePrecision(rc, k, conv);
    const parts = stryMutAct_9fa48("134") ? terms.map((t, i) => `${i + 1}/${t.rank}`).join(' + ') && '0' : stryMutAct_9fa48("133") ? false : stryMutAct_9fa48("132") ? true : (stryCov_9fa48("132", "133", "134"), terms.map(stryMutAct_9fa48("135") ? () => undefined : (stryCov_9fa48("135"), (t, i) => stryMutAct_9fa48("136") ? `` : (stryCov_9fa48("136"), `${stryMutAct_9fa48("137") ? i - 1 : (stryCov_9fa48("137"), i + 1)}/${t.rank}`))).join(stryMutAct_9fa48("138") ? "" : (stryCov_9fa48("138"), ' + ')) || (stryMutAct_9fa48("139") ? "" : (stryCov_9fa48("139"), '0')));
    if (stryMutAct_9fa48("142") ? conv.apTerms === 'every-rank' || hits > 0 : stryMutAct_9fa48("141") ? false : stryMutAct_9fa48("140") ? true : (stryCov_9fa48("140", "141", "142"), (stryMutAct_9fa48("144") ? conv.apTerms !== 'every-rank' : stryMutAct_9fa48("143") ? true : (stryCov_9fa48("143", "144"), conv.apTerms === (stryMutAct_9fa48("145") ? "" : (stryCov_9fa48("145"), 'every-rank')))) && (stryMutAct_9fa48("148") ? hits <= 0 : stryMutAct_9fa48("147") ? hits >= 0 : stryMutAct_9fa48("146") ? true : (stryCov_9fa48("146", "147", "148"), hits > 0)))) return explainEveryRank(rc, k, terms, value);
    const knobs: Explanation['knobs'] = stryMutAct_9fa48("149") ? [] : (stryCov_9fa48("149"), [stryMutAct_9fa48("150") ? {} : (stryCov_9fa48("150"), {
      knob: stryMutAct_9fa48("151") ? "" : (stryCov_9fa48("151"), 'apDenominator'),
      value: conv.apDenominator,
      effect: stryMutAct_9fa48("152") ? `` : (stryCov_9fa48("152"), `D = ${DENOMINATOR_TEXT[conv.apDenominator]} = ${num(d)}`)
    })]);
    const none = (stryMutAct_9fa48("155") ? conv.noHit !== 'nan' : stryMutAct_9fa48("154") ? false : stryMutAct_9fa48("153") ? true : (stryCov_9fa48("153", "154", "155"), conv.noHit === (stryMutAct_9fa48("156") ? "" : (stryCov_9fa48("156"), 'nan')))) ? stryMutAct_9fa48("157") ? "" : (stryCov_9fa48("157"), 'NaN, left out of the means') : stryMutAct_9fa48("158") ? "" : (stryCov_9fa48("158"), '0');
    if (stryMutAct_9fa48("161") ? hits !== 0 : stryMutAct_9fa48("160") ? false : stryMutAct_9fa48("159") ? true : (stryCov_9fa48("159", "160", "161"), hits === 0)) knobs.push(stryMutAct_9fa48("162") ? {} : (stryCov_9fa48("162"), {
      knob: stryMutAct_9fa48("163") ? "" : (stryCov_9fa48("163"), 'noHit'),
      value: conv.noHit,
      effect: stryMutAct_9fa48("164") ? `` : (stryCov_9fa48("164"), `no hit in the top ${kText(k)}: AP = ${none}`)
    }));
    return stryMutAct_9fa48("165") ? {} : (stryCov_9fa48("165"), {
      metric: (stryMutAct_9fa48("168") ? k !== null : stryMutAct_9fa48("167") ? false : stryMutAct_9fa48("166") ? true : (stryCov_9fa48("166", "167", "168"), k === null)) ? stryMutAct_9fa48("169") ? "" : (stryCov_9fa48("169"), 'AP') : stryMutAct_9fa48("170") ? `` : (stryCov_9fa48("170"), `AP@${k}`),
      value,
      formula: stryMutAct_9fa48("171") ? `` : (stryCov_9fa48("171"), `AP@k = Σᵢ P@i · rel(i) / D,  i = 1..${kText(k)},  D = ${DENOMINATOR_TEXT[conv.apDenominator]}`),
      terms,
      numerator: sum,
      denominator: d,
      knobs,
      arithmetic: (stryMutAct_9fa48("174") ? hits !== 0 : stryMutAct_9fa48("173") ? false : stryMutAct_9fa48("172") ? true : (stryCov_9fa48("172", "173", "174"), hits === 0)) ? stryMutAct_9fa48("175") ? `` : (stryCov_9fa48("175"), `no hit in the top ${kText(k)}, so AP = ${none} (noHit=${conv.noHit})`) : stryMutAct_9fa48("176") ? `` : (stryCov_9fa48("176"), `(${parts}) / ${num(d)} = ${fmt(value)}`)
    });
  }
}
function explainEveryRank(rc: RankedCase, k: number | null, terms: RankTerm[], value: number): Explanation {
  if (stryMutAct_9fa48("177")) {
    {}
  } else {
    stryCov_9fa48("177");
    const n = stryMutAct_9fa48("178") ? k && rc.ids.length : (stryCov_9fa48("178"), k ?? rc.ids.length);
    let hits = 0;
    const parts: string[] = stryMutAct_9fa48("179") ? ["Stryker was here"] : (stryCov_9fa48("179"), []);
    for (let i = 0; stryMutAct_9fa48("182") ? i >= n : stryMutAct_9fa48("181") ? i <= n : stryMutAct_9fa48("180") ? false : (stryCov_9fa48("180", "181", "182"), i < n); stryMutAct_9fa48("183") ? i-- : (stryCov_9fa48("183"), i++)) {
      if (stryMutAct_9fa48("184")) {
        {}
      } else {
        stryCov_9fa48("184");
        if (stryMutAct_9fa48("188") ? i >= rc.ids.length : stryMutAct_9fa48("187") ? i <= rc.ids.length : stryMutAct_9fa48("186") ? false : stryMutAct_9fa48("185") ? true : (stryCov_9fa48("185", "186", "187", "188"), i < rc.ids.length)) stryMutAct_9fa48("189") ? hits -= rc.relevant[i] : (stryCov_9fa48("189"), hits += rc.relevant[i]);
        parts.push(stryMutAct_9fa48("190") ? `` : (stryCov_9fa48("190"), `${hits}/${stryMutAct_9fa48("191") ? i - 1 : (stryCov_9fa48("191"), i + 1)}`));
      }
    }
    return stryMutAct_9fa48("192") ? {} : (stryCov_9fa48("192"), {
      metric: (stryMutAct_9fa48("195") ? k !== null : stryMutAct_9fa48("194") ? false : stryMutAct_9fa48("193") ? true : (stryCov_9fa48("193", "194", "195"), k === null)) ? stryMutAct_9fa48("196") ? "" : (stryCov_9fa48("196"), 'AP') : stryMutAct_9fa48("197") ? `` : (stryCov_9fa48("197"), `AP@${k}`),
      value,
      formula: stryMutAct_9fa48("198") ? `` : (stryCov_9fa48("198"), `AP@k = Σᵢ P@i / k,  i = 1..${kText(k)}  (every rank, not only the hits)`),
      terms,
      numerator: stryMutAct_9fa48("199") ? value / n : (stryCov_9fa48("199"), value * n),
      denominator: n,
      knobs: stryMutAct_9fa48("200") ? [] : (stryCov_9fa48("200"), [stryMutAct_9fa48("201") ? {} : (stryCov_9fa48("201"), {
        knob: stryMutAct_9fa48("202") ? "" : (stryCov_9fa48("202"), 'apTerms'),
        value: stryMutAct_9fa48("203") ? "" : (stryCov_9fa48("203"), 'every-rank'),
        effect: stryMutAct_9fa48("204") ? `` : (stryCov_9fa48("204"), `the mean of P@1…P@${n} (Elliot's MAP)`)
      })]),
      arithmetic: stryMutAct_9fa48("205") ? `` : (stryCov_9fa48("205"), `(${parts.join(stryMutAct_9fa48("206") ? "" : (stryCov_9fa48("206"), ' + '))}) / ${n} = ${fmt(value)}`)
    });
  }
}