/** DCG@k, nDCG@k and nDCG: graded gains discounted by rank, normalized by an ideal ranking. */
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
import { Explanation, KnobUse, RankTerm, fmt } from '../explanation';
import { depth, kText } from './hits';
import { RankedCase } from '../ranking';

/** The gain of a grade: g or 2^g − 1; grades ≤ 0 (judged non-relevant) gain nothing. */
export function gain(grade: number, conv: Convention): number {
  if (stryMutAct_9fa48("381")) {
    {}
  } else {
    stryCov_9fa48("381");
    if (stryMutAct_9fa48("384") ? !(grade > 0) && !Number.isFinite(grade) : stryMutAct_9fa48("383") ? false : stryMutAct_9fa48("382") ? true : (stryCov_9fa48("382", "383", "384"), (stryMutAct_9fa48("385") ? grade > 0 : (stryCov_9fa48("385"), !(stryMutAct_9fa48("389") ? grade <= 0 : stryMutAct_9fa48("388") ? grade >= 0 : stryMutAct_9fa48("387") ? false : stryMutAct_9fa48("386") ? true : (stryCov_9fa48("386", "387", "388", "389"), grade > 0)))) || (stryMutAct_9fa48("390") ? Number.isFinite(grade) : (stryCov_9fa48("390"), !Number.isFinite(grade))))) return 0;
    return (stryMutAct_9fa48("393") ? conv.gain !== 'linear' : stryMutAct_9fa48("392") ? false : stryMutAct_9fa48("391") ? true : (stryCov_9fa48("391", "392", "393"), conv.gain === (stryMutAct_9fa48("394") ? "" : (stryCov_9fa48("394"), 'linear')))) ? grade : stryMutAct_9fa48("395") ? 2 ** grade + 1 : (stryCov_9fa48("395"), 2 ** grade - 1);
  }
}
const discountTables = new Map<string, Float64Array>();

/** Discounts for ranks 1..n (index 0 is rank 1), shared and grown on demand. */
function discountTable(conv: Convention, n: number): Float64Array {
  if (stryMutAct_9fa48("396")) {
    {}
  } else {
    stryCov_9fa48("396");
    let table = discountTables.get(conv.discount);
    if (stryMutAct_9fa48("399") ? !table && table.length < n : stryMutAct_9fa48("398") ? false : stryMutAct_9fa48("397") ? true : (stryCov_9fa48("397", "398", "399"), (stryMutAct_9fa48("400") ? table : (stryCov_9fa48("400"), !table)) || (stryMutAct_9fa48("403") ? table.length >= n : stryMutAct_9fa48("402") ? table.length <= n : stryMutAct_9fa48("401") ? false : (stryCov_9fa48("401", "402", "403"), table.length < n)))) {
      if (stryMutAct_9fa48("404")) {
        {}
      } else {
        stryCov_9fa48("404");
        table = new Float64Array(stryMutAct_9fa48("405") ? Math.min(n, 1024, (table?.length ?? 0) * 2) : (stryCov_9fa48("405"), Math.max(n, 1024, stryMutAct_9fa48("406") ? (table?.length ?? 0) / 2 : (stryCov_9fa48("406"), (stryMutAct_9fa48("407") ? table?.length && 0 : (stryCov_9fa48("407"), (stryMutAct_9fa48("408") ? table.length : (stryCov_9fa48("408"), table?.length)) ?? 0)) * 2))));
        const log = (stryMutAct_9fa48("411") ? conv.discount !== 'ln' : stryMutAct_9fa48("410") ? false : stryMutAct_9fa48("409") ? true : (stryCov_9fa48("409", "410", "411"), conv.discount === (stryMutAct_9fa48("412") ? "" : (stryCov_9fa48("412"), 'ln')))) ? Math.log : (stryMutAct_9fa48("415") ? conv.discount !== 'log10' : stryMutAct_9fa48("414") ? false : stryMutAct_9fa48("413") ? true : (stryCov_9fa48("413", "414", "415"), conv.discount === (stryMutAct_9fa48("416") ? "" : (stryCov_9fa48("416"), 'log10')))) ? Math.log10 : Math.log2;
        // log2-max2 (LensKit): 1/log2(max(rank, 2)), so ranks 1 and 2 both weigh 1.
        const shift = (stryMutAct_9fa48("419") ? conv.discount !== 'log2-max2' : stryMutAct_9fa48("418") ? false : stryMutAct_9fa48("417") ? true : (stryCov_9fa48("417", "418", "419"), conv.discount === (stryMutAct_9fa48("420") ? "" : (stryCov_9fa48("420"), 'log2-max2')))) ? 0 : 1;
        for (let r = 1; stryMutAct_9fa48("423") ? r > table.length : stryMutAct_9fa48("422") ? r < table.length : stryMutAct_9fa48("421") ? false : (stryCov_9fa48("421", "422", "423"), r <= table.length); stryMutAct_9fa48("424") ? r-- : (stryCov_9fa48("424"), r++)) table[stryMutAct_9fa48("425") ? r + 1 : (stryCov_9fa48("425"), r - 1)] = stryMutAct_9fa48("426") ? 1 * log(Math.max(r + shift, 2)) : (stryCov_9fa48("426"), 1 / log(stryMutAct_9fa48("427") ? Math.min(r + shift, 2) : (stryCov_9fa48("427"), Math.max(stryMutAct_9fa48("428") ? r - shift : (stryCov_9fa48("428"), r + shift), 2))));
        discountTables.set(conv.discount, table);
      }
    }
    return table;
  }
}

/** The discount at a 1-based rank: 1 / log_b(rank + 1), or 1 / log2(max(rank, 2)). */
export function discount(rank: number, conv: Convention): number {
  if (stryMutAct_9fa48("429")) {
    {}
  } else {
    stryCov_9fa48("429");
    return discountTable(conv, rank)[stryMutAct_9fa48("430") ? rank + 1 : (stryCov_9fa48("430"), rank - 1)];
  }
}

/** The gain credited at rank r (0-based): the item's own, or its tied group's mean under ties=average. */
function rankGain(rc: RankedCase, r: number, conv: Convention): number {
  if (stryMutAct_9fa48("431")) {
    {}
  } else {
    stryCov_9fa48("431");
    if (stryMutAct_9fa48("434") ? rc.tieStart && rc.tieEnd || rc.tieEnd[r] - rc.tieStart[r] > 1 : stryMutAct_9fa48("433") ? false : stryMutAct_9fa48("432") ? true : (stryCov_9fa48("432", "433", "434"), (stryMutAct_9fa48("436") ? rc.tieStart || rc.tieEnd : stryMutAct_9fa48("435") ? true : (stryCov_9fa48("435", "436"), rc.tieStart && rc.tieEnd)) && (stryMutAct_9fa48("439") ? rc.tieEnd[r] - rc.tieStart[r] <= 1 : stryMutAct_9fa48("438") ? rc.tieEnd[r] - rc.tieStart[r] >= 1 : stryMutAct_9fa48("437") ? true : (stryCov_9fa48("437", "438", "439"), (stryMutAct_9fa48("440") ? rc.tieEnd[r] + rc.tieStart[r] : (stryCov_9fa48("440"), rc.tieEnd[r] - rc.tieStart[r])) > 1)))) {
      if (stryMutAct_9fa48("441")) {
        {}
      } else {
        stryCov_9fa48("441");
        let sum = 0;
        for (let j = rc.tieStart[r]; stryMutAct_9fa48("444") ? j >= rc.tieEnd[r] : stryMutAct_9fa48("443") ? j <= rc.tieEnd[r] : stryMutAct_9fa48("442") ? false : (stryCov_9fa48("442", "443", "444"), j < rc.tieEnd[r]); stryMutAct_9fa48("445") ? j-- : (stryCov_9fa48("445"), j++)) stryMutAct_9fa48("446") ? sum -= gain(rc.grades[j], conv) : (stryCov_9fa48("446"), sum += gain(rc.grades[j], conv));
        return stryMutAct_9fa48("447") ? sum * (rc.tieEnd[r] - rc.tieStart[r]) : (stryCov_9fa48("447"), sum / (stryMutAct_9fa48("448") ? rc.tieEnd[r] + rc.tieStart[r] : (stryCov_9fa48("448"), rc.tieEnd[r] - rc.tieStart[r])));
      }
    }
    return gain(rc.grades[r], conv);
  }
}

/** DCG@k = Σᵢ gain(gradeᵢ) · discount(i) over the top k. */
export function dcg(rc: RankedCase, k: number | null, conv: Convention): number {
  if (stryMutAct_9fa48("449")) {
    {}
  } else {
    stryCov_9fa48("449");
    const n = depth(rc, k);
    const disc = discountTable(conv, n);
    let sum = 0;
    if (stryMutAct_9fa48("451") ? false : stryMutAct_9fa48("450") ? true : (stryCov_9fa48("450", "451"), rc.tieStart)) {
      if (stryMutAct_9fa48("452")) {
        {}
      } else {
        stryCov_9fa48("452");
        for (let r = 0; stryMutAct_9fa48("455") ? r >= n : stryMutAct_9fa48("454") ? r <= n : stryMutAct_9fa48("453") ? false : (stryCov_9fa48("453", "454", "455"), r < n); stryMutAct_9fa48("456") ? r-- : (stryCov_9fa48("456"), r++)) stryMutAct_9fa48("457") ? sum -= rankGain(rc, r, conv) * disc[r] : (stryCov_9fa48("457"), sum += stryMutAct_9fa48("458") ? rankGain(rc, r, conv) / disc[r] : (stryCov_9fa48("458"), rankGain(rc, r, conv) * disc[r]));
      }
    } else {
      if (stryMutAct_9fa48("459")) {
        {}
      } else {
        stryCov_9fa48("459");
        for (let r = 0; stryMutAct_9fa48("462") ? r >= n : stryMutAct_9fa48("461") ? r <= n : stryMutAct_9fa48("460") ? false : (stryCov_9fa48("460", "461", "462"), r < n); stryMutAct_9fa48("463") ? r-- : (stryCov_9fa48("463"), r++)) if (stryMutAct_9fa48("467") ? rc.grades[r] <= 0 : stryMutAct_9fa48("466") ? rc.grades[r] >= 0 : stryMutAct_9fa48("465") ? false : stryMutAct_9fa48("464") ? true : (stryCov_9fa48("464", "465", "466", "467"), rc.grades[r] > 0)) stryMutAct_9fa48("468") ? sum -= gain(rc.grades[r], conv) * disc[r] : (stryCov_9fa48("468"), sum += stryMutAct_9fa48("469") ? gain(rc.grades[r], conv) / disc[r] : (stryCov_9fa48("469"), gain(rc.grades[r], conv) * disc[r]));
      }
    }
    return sum;
  }
}
interface IdealItem {
  id: string;
  grade: number;
}

/** The ideal ranking the convention names, cut at k, best first, with item ids (for explanations). */
function idealRanking(rc: RankedCase, k: number | null, conv: Convention): IdealItem[] {
  if (stryMutAct_9fa48("470")) {
    {}
  } else {
    stryCov_9fa48("470");
    if (stryMutAct_9fa48("473") ? conv.ideal !== 'labels-as-given' : stryMutAct_9fa48("472") ? false : stryMutAct_9fa48("471") ? true : (stryCov_9fa48("471", "472", "473"), conv.ideal === (stryMutAct_9fa48("474") ? "" : (stryCov_9fa48("474"), 'labels-as-given')))) {
      if (stryMutAct_9fa48("475")) {
        {}
      } else {
        stryCov_9fa48("475");
        return stryMutAct_9fa48("476") ? rc.labelIds.map((id, i) => ({
          id,
          grade: rc.labelGrades[i]
        })) : (stryCov_9fa48("476"), rc.labelIds.slice(0, stryMutAct_9fa48("477") ? Math.max(k ?? Infinity, rc.labelIds.length) : (stryCov_9fa48("477"), Math.min(stryMutAct_9fa48("478") ? k && Infinity : (stryCov_9fa48("478"), k ?? Infinity), rc.labelIds.length))).map(stryMutAct_9fa48("479") ? () => undefined : (stryCov_9fa48("479"), (id, i) => stryMutAct_9fa48("480") ? {} : (stryCov_9fa48("480"), {
          id,
          grade: rc.labelGrades[i]
        }))));
      }
    }
    const items = (stryMutAct_9fa48("483") ? conv.ideal !== 'labels' : stryMutAct_9fa48("482") ? false : stryMutAct_9fa48("481") ? true : (stryCov_9fa48("481", "482", "483"), conv.ideal === (stryMutAct_9fa48("484") ? "" : (stryCov_9fa48("484"), 'labels')))) ? rc.labelIds.map(stryMutAct_9fa48("485") ? () => undefined : (stryCov_9fa48("485"), (id, i) => stryMutAct_9fa48("486") ? {} : (stryCov_9fa48("486"), {
      id,
      grade: rc.labelGrades[i]
    }))) : stryMutAct_9fa48("487") ? rc.ids.map((id, r) => ({
      id,
      grade: rc.grades[r]
    })) : (stryCov_9fa48("487"), rc.ids.slice(0, (stryMutAct_9fa48("490") ? conv.ideal !== 'top-k' : stryMutAct_9fa48("489") ? false : stryMutAct_9fa48("488") ? true : (stryCov_9fa48("488", "489", "490"), conv.ideal === (stryMutAct_9fa48("491") ? "" : (stryCov_9fa48("491"), 'top-k')))) ? depth(rc, k) : rc.ids.length).map(stryMutAct_9fa48("492") ? () => undefined : (stryCov_9fa48("492"), (id, r) => stryMutAct_9fa48("493") ? {} : (stryCov_9fa48("493"), {
      id,
      grade: rc.grades[r]
    }))));
    return stryMutAct_9fa48("494") ? sortByGain(items, conv) : (stryCov_9fa48("494"), sortByGain(items, conv).slice(0, stryMutAct_9fa48("495") ? k && Infinity : (stryCov_9fa48("495"), k ?? Infinity)));
  }
}
function sortByGain(items: IdealItem[], conv: Convention): IdealItem[] {
  if (stryMutAct_9fa48("496")) {
    {}
  } else {
    stryCov_9fa48("496");
    return stryMutAct_9fa48("498") ? items.sort((a, b) => gain(b.grade, conv) - gain(a.grade, conv)) : stryMutAct_9fa48("497") ? items.filter(it => gain(it.grade, conv) > 0) : (stryCov_9fa48("497", "498"), items.filter(stryMutAct_9fa48("499") ? () => undefined : (stryCov_9fa48("499"), it => stryMutAct_9fa48("503") ? gain(it.grade, conv) <= 0 : stryMutAct_9fa48("502") ? gain(it.grade, conv) >= 0 : stryMutAct_9fa48("501") ? false : stryMutAct_9fa48("500") ? true : (stryCov_9fa48("500", "501", "502", "503"), gain(it.grade, conv) > 0))).sort(stryMutAct_9fa48("504") ? () => undefined : (stryCov_9fa48("504"), (a, b) => stryMutAct_9fa48("505") ? gain(b.grade, conv) + gain(a.grade, conv) : (stryCov_9fa48("505"), gain(b.grade, conv) - gain(a.grade, conv)))));
  }
}
const sortedGains = new WeakMap<RankedCase, Map<string, Float64Array>>();

/** Positive gains sorted best first, as a typed array (the fast path of idealRanking). */
function idealGains(rc: RankedCase, k: number | null, conv: Convention): Float64Array {
  if (stryMutAct_9fa48("506")) {
    {}
  } else {
    stryCov_9fa48("506");
    if (stryMutAct_9fa48("509") ? conv.ideal !== 'top-k' : stryMutAct_9fa48("508") ? false : stryMutAct_9fa48("507") ? true : (stryCov_9fa48("507", "508", "509"), conv.ideal === (stryMutAct_9fa48("510") ? "" : (stryCov_9fa48("510"), 'top-k')))) return descending(gainsOf(rc.grades, depth(rc, k), conv));
    if (stryMutAct_9fa48("513") ? conv.ideal !== 'labels-as-given' : stryMutAct_9fa48("512") ? false : stryMutAct_9fa48("511") ? true : (stryCov_9fa48("511", "512", "513"), conv.ideal === (stryMutAct_9fa48("514") ? "" : (stryCov_9fa48("514"), 'labels-as-given')))) {
      if (stryMutAct_9fa48("515")) {
        {}
      } else {
        stryCov_9fa48("515");
        const n = stryMutAct_9fa48("516") ? Math.max(k ?? Infinity, rc.labelGrades.length) : (stryCov_9fa48("516"), Math.min(stryMutAct_9fa48("517") ? k && Infinity : (stryCov_9fa48("517"), k ?? Infinity), rc.labelGrades.length));
        return Float64Array.from(stryMutAct_9fa48("518") ? rc.labelGrades : (stryCov_9fa48("518"), rc.labelGrades.slice(0, n)), stryMutAct_9fa48("519") ? () => undefined : (stryCov_9fa48("519"), g => gain(g, conv)));
      }
    }
    let cache = sortedGains.get(rc);
    if (stryMutAct_9fa48("522") ? false : stryMutAct_9fa48("521") ? true : stryMutAct_9fa48("520") ? cache : (stryCov_9fa48("520", "521", "522"), !cache)) {
      if (stryMutAct_9fa48("523")) {
        {}
      } else {
        stryCov_9fa48("523");
        cache = new Map();
        sortedGains.set(rc, cache);
      }
    }
    const key = stryMutAct_9fa48("524") ? `` : (stryCov_9fa48("524"), `${conv.ideal}/${conv.gain}`);
    let sorted = cache.get(key);
    if (stryMutAct_9fa48("527") ? false : stryMutAct_9fa48("526") ? true : stryMutAct_9fa48("525") ? sorted : (stryCov_9fa48("525", "526", "527"), !sorted)) {
      if (stryMutAct_9fa48("528")) {
        {}
      } else {
        stryCov_9fa48("528");
        const grades = (stryMutAct_9fa48("531") ? conv.ideal !== 'labels' : stryMutAct_9fa48("530") ? false : stryMutAct_9fa48("529") ? true : (stryCov_9fa48("529", "530", "531"), conv.ideal === (stryMutAct_9fa48("532") ? "" : (stryCov_9fa48("532"), 'labels')))) ? rc.labelGrades : rc.grades;
        sorted = descending(gainsOf(grades, grades.length, conv));
        cache.set(key, sorted);
      }
    }
    return (stryMutAct_9fa48("535") ? k === null && k >= sorted.length : stryMutAct_9fa48("534") ? false : stryMutAct_9fa48("533") ? true : (stryCov_9fa48("533", "534", "535"), (stryMutAct_9fa48("537") ? k !== null : stryMutAct_9fa48("536") ? false : (stryCov_9fa48("536", "537"), k === null)) || (stryMutAct_9fa48("540") ? k < sorted.length : stryMutAct_9fa48("539") ? k > sorted.length : stryMutAct_9fa48("538") ? false : (stryCov_9fa48("538", "539", "540"), k >= sorted.length)))) ? sorted : sorted.subarray(0, k);
  }
}
function gainsOf(grades: ArrayLike<number>, n: number, conv: Convention): Float64Array {
  if (stryMutAct_9fa48("541")) {
    {}
  } else {
    stryCov_9fa48("541");
    let count = 0;
    for (let i = 0; stryMutAct_9fa48("544") ? i >= n : stryMutAct_9fa48("543") ? i <= n : stryMutAct_9fa48("542") ? false : (stryCov_9fa48("542", "543", "544"), i < n); stryMutAct_9fa48("545") ? i-- : (stryCov_9fa48("545"), i++)) if (stryMutAct_9fa48("549") ? grades[i] <= 0 : stryMutAct_9fa48("548") ? grades[i] >= 0 : stryMutAct_9fa48("547") ? false : stryMutAct_9fa48("546") ? true : (stryCov_9fa48("546", "547", "548", "549"), grades[i] > 0)) stryMutAct_9fa48("550") ? count-- : (stryCov_9fa48("550"), count++);
    const out = new Float64Array(count);
    let j = 0;
    for (let i = 0; stryMutAct_9fa48("553") ? i >= n : stryMutAct_9fa48("552") ? i <= n : stryMutAct_9fa48("551") ? false : (stryCov_9fa48("551", "552", "553"), i < n); stryMutAct_9fa48("554") ? i-- : (stryCov_9fa48("554"), i++)) if (stryMutAct_9fa48("558") ? grades[i] <= 0 : stryMutAct_9fa48("557") ? grades[i] >= 0 : stryMutAct_9fa48("556") ? false : stryMutAct_9fa48("555") ? true : (stryCov_9fa48("555", "556", "557", "558"), grades[i] > 0)) out[stryMutAct_9fa48("559") ? j-- : (stryCov_9fa48("559"), j++)] = gain(grades[i], conv);
    return out;
  }
}
function descending(gains: Float64Array): Float64Array {
  if (stryMutAct_9fa48("560")) {
    {}
  } else {
    stryCov_9fa48("560");
    return stryMutAct_9fa48("562") ? gains.reverse() : stryMutAct_9fa48("561") ? gains.sort() : (stryCov_9fa48("561", "562"), gains.sort().reverse());
  }
}

/** IDCG@k: the DCG of the ideal ranking. */
export function idcg(rc: RankedCase, k: number | null, conv: Convention): number {
  if (stryMutAct_9fa48("563")) {
    {}
  } else {
    stryCov_9fa48("563");
    const gains = idealGains(rc, k, conv);
    const disc = discountTable(conv, gains.length);
    let sum = 0;
    for (let i = 0; stryMutAct_9fa48("566") ? i >= gains.length : stryMutAct_9fa48("565") ? i <= gains.length : stryMutAct_9fa48("564") ? false : (stryCov_9fa48("564", "565", "566"), i < gains.length); stryMutAct_9fa48("567") ? i-- : (stryCov_9fa48("567"), i++)) stryMutAct_9fa48("568") ? sum -= gains[i] * disc[i] : (stryCov_9fa48("568"), sum += stryMutAct_9fa48("569") ? gains[i] / disc[i] : (stryCov_9fa48("569"), gains[i] * disc[i]));
    return sum;
  }
}

/** nDCG@k = DCG@k / IDCG@k, 0 when IDCG@k = 0. */
export function ndcg(rc: RankedCase, k: number | null, conv: Convention): number {
  if (stryMutAct_9fa48("570")) {
    {}
  } else {
    stryCov_9fa48("570");
    const ideal = idcg(rc, k, conv);
    return (stryMutAct_9fa48("573") ? ideal !== 0 : stryMutAct_9fa48("572") ? false : stryMutAct_9fa48("571") ? true : (stryCov_9fa48("571", "572", "573"), ideal === 0)) ? 0 : stryMutAct_9fa48("574") ? dcg(rc, k, conv) * ideal : (stryCov_9fa48("574"), dcg(rc, k, conv) / ideal);
  }
}
const GAIN_TEXT = stryMutAct_9fa48("575") ? {} : (stryCov_9fa48("575"), {
  linear: stryMutAct_9fa48("576") ? "" : (stryCov_9fa48("576"), 'gain(g) = g'),
  exponential: stryMutAct_9fa48("577") ? "" : (stryCov_9fa48("577"), 'gain(g) = 2^g − 1')
});
const DISCOUNT_TEXT = stryMutAct_9fa48("578") ? {} : (stryCov_9fa48("578"), {
  log2: stryMutAct_9fa48("579") ? "" : (stryCov_9fa48("579"), 'discount(i) = 1/log₂(i+1)'),
  ln: stryMutAct_9fa48("580") ? "" : (stryCov_9fa48("580"), 'discount(i) = 1/ln(i+1)'),
  log10: stryMutAct_9fa48("581") ? "" : (stryCov_9fa48("581"), 'discount(i) = 1/log₁₀(i+1)'),
  'log2-max2': stryMutAct_9fa48("582") ? "" : (stryCov_9fa48("582"), 'discount(i) = 1/log₂(max(i, 2))')
});
const IDEAL_TEXT = stryMutAct_9fa48("583") ? {} : (stryCov_9fa48("583"), {
  labels: stryMutAct_9fa48("584") ? "" : (stryCov_9fa48("584"), 'all label grades sorted, best first'),
  'labels-as-given': stryMutAct_9fa48("585") ? "" : (stryCov_9fa48("585"), 'label grades in the order written (not sorted)'),
  predicted: stryMutAct_9fa48("586") ? "" : (stryCov_9fa48("586"), 'the grades of all predicted items sorted'),
  'top-k': stryMutAct_9fa48("587") ? "" : (stryCov_9fa48("587"), 'the grades of the top-k predicted items sorted')
});
function rankTerms(rc: RankedCase, k: number | null, conv: Convention): RankTerm[] {
  if (stryMutAct_9fa48("588")) {
    {}
  } else {
    stryCov_9fa48("588");
    const terms: RankTerm[] = stryMutAct_9fa48("589") ? ["Stryker was here"] : (stryCov_9fa48("589"), []);
    for (let r = 0; stryMutAct_9fa48("592") ? r >= depth(rc, k) : stryMutAct_9fa48("591") ? r <= depth(rc, k) : stryMutAct_9fa48("590") ? false : (stryCov_9fa48("590", "591", "592"), r < depth(rc, k)); stryMutAct_9fa48("593") ? r-- : (stryCov_9fa48("593"), r++)) {
      if (stryMutAct_9fa48("594")) {
        {}
      } else {
        stryCov_9fa48("594");
        const g = rankGain(rc, r, conv);
        const d = discount(stryMutAct_9fa48("595") ? r - 1 : (stryCov_9fa48("595"), r + 1), conv);
        terms.push(stryMutAct_9fa48("596") ? {} : (stryCov_9fa48("596"), {
          rank: stryMutAct_9fa48("597") ? r - 1 : (stryCov_9fa48("597"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("600") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("599") ? false : stryMutAct_9fa48("598") ? true : (stryCov_9fa48("598", "599", "600"), rc.relevant[r] === 1),
          gain: g,
          discount: d,
          contribution: stryMutAct_9fa48("601") ? g / d : (stryCov_9fa48("601"), g * d)
        }));
      }
    }
    return terms;
  }
}
function idealTerms(rc: RankedCase, k: number | null, conv: Convention): RankTerm[] {
  if (stryMutAct_9fa48("602")) {
    {}
  } else {
    stryCov_9fa48("602");
    return idealRanking(rc, k, conv).map((it, i) => {
      if (stryMutAct_9fa48("603")) {
        {}
      } else {
        stryCov_9fa48("603");
        const g = gain(it.grade, conv);
        const d = discount(stryMutAct_9fa48("604") ? i - 1 : (stryCov_9fa48("604"), i + 1), conv);
        return stryMutAct_9fa48("605") ? {} : (stryCov_9fa48("605"), {
          rank: stryMutAct_9fa48("606") ? i - 1 : (stryCov_9fa48("606"), i + 1),
          id: it.id,
          grade: it.grade,
          relevant: stryMutAct_9fa48("607") ? false : (stryCov_9fa48("607"), true),
          gain: g,
          discount: d,
          contribution: stryMutAct_9fa48("608") ? g / d : (stryCov_9fa48("608"), g * d)
        });
      }
    });
  }
}
function sumText(terms: RankTerm[]): string {
  if (stryMutAct_9fa48("609")) {
    {}
  } else {
    stryCov_9fa48("609");
    const nonzero = stryMutAct_9fa48("610") ? terms : (stryCov_9fa48("610"), terms.filter(stryMutAct_9fa48("611") ? () => undefined : (stryCov_9fa48("611"), t => t.contribution)));
    return (stryMutAct_9fa48("614") ? nonzero.length !== 0 : stryMutAct_9fa48("613") ? false : stryMutAct_9fa48("612") ? true : (stryCov_9fa48("612", "613", "614"), nonzero.length === 0)) ? stryMutAct_9fa48("615") ? "" : (stryCov_9fa48("615"), '0') : nonzero.map(stryMutAct_9fa48("616") ? () => undefined : (stryCov_9fa48("616"), t => stryMutAct_9fa48("617") ? `` : (stryCov_9fa48("617"), `${fmt(t.gain!)}·${fmt(t.discount!)}`))).join(stryMutAct_9fa48("618") ? "" : (stryCov_9fa48("618"), ' + '));
  }
}
function gainKnobs(rc: RankedCase, conv: Convention): KnobUse[] {
  if (stryMutAct_9fa48("619")) {
    {}
  } else {
    stryCov_9fa48("619");
    const knobs: KnobUse[] = stryMutAct_9fa48("620") ? [] : (stryCov_9fa48("620"), [stryMutAct_9fa48("621") ? {} : (stryCov_9fa48("621"), {
      knob: stryMutAct_9fa48("622") ? "" : (stryCov_9fa48("622"), 'gain'),
      value: conv.gain,
      effect: GAIN_TEXT[conv.gain]
    }), stryMutAct_9fa48("623") ? {} : (stryCov_9fa48("623"), {
      knob: stryMutAct_9fa48("624") ? "" : (stryCov_9fa48("624"), 'discount'),
      value: conv.discount,
      effect: DISCOUNT_TEXT[conv.discount]
    })]);
    if (stryMutAct_9fa48("626") ? false : stryMutAct_9fa48("625") ? true : (stryCov_9fa48("625", "626"), rc.tieStart)) knobs.push(stryMutAct_9fa48("627") ? {} : (stryCov_9fa48("627"), {
      knob: stryMutAct_9fa48("628") ? "" : (stryCov_9fa48("628"), 'ties'),
      value: stryMutAct_9fa48("629") ? "" : (stryCov_9fa48("629"), 'average'),
      effect: stryMutAct_9fa48("630") ? "" : (stryCov_9fa48("630"), 'tied items share the mean gain of their group')
    }));
    return knobs;
  }
}

/** DCG@k term by term. */
export function explainDcg(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  if (stryMutAct_9fa48("631")) {
    {}
  } else {
    stryCov_9fa48("631");
    const terms = rankTerms(rc, k, conv);
    const value = dcg(rc, k, conv);
    return stryMutAct_9fa48("632") ? {} : (stryCov_9fa48("632"), {
      metric: (stryMutAct_9fa48("635") ? k !== null : stryMutAct_9fa48("634") ? false : stryMutAct_9fa48("633") ? true : (stryCov_9fa48("633", "634", "635"), k === null)) ? stryMutAct_9fa48("636") ? "" : (stryCov_9fa48("636"), 'DCG') : stryMutAct_9fa48("637") ? `` : (stryCov_9fa48("637"), `DCG@${k}`),
      value,
      formula: stryMutAct_9fa48("638") ? `` : (stryCov_9fa48("638"), `DCG@k = Σᵢ gain(gradeᵢ) · discount(i),  i = 1..${kText(k)};  ${GAIN_TEXT[conv.gain]};  ${DISCOUNT_TEXT[conv.discount]}`),
      terms,
      numerator: value,
      denominator: 1,
      knobs: gainKnobs(rc, conv),
      arithmetic: stryMutAct_9fa48("639") ? `` : (stryCov_9fa48("639"), `${sumText(terms)} = ${fmt(value)}`)
    });
  }
}

/** nDCG@k with the DCG terms, the ideal ranking's terms and the division. */
export function explainNdcg(rc: RankedCase, k: number | null, conv: Convention): Explanation {
  if (stryMutAct_9fa48("640")) {
    {}
  } else {
    stryCov_9fa48("640");
    const terms = rankTerms(rc, k, conv);
    const ideal = idealTerms(rc, k, conv);
    const top = dcg(rc, k, conv);
    const bottom = idcg(rc, k, conv);
    const value = (stryMutAct_9fa48("643") ? bottom !== 0 : stryMutAct_9fa48("642") ? false : stryMutAct_9fa48("641") ? true : (stryCov_9fa48("641", "642", "643"), bottom === 0)) ? 0 : stryMutAct_9fa48("644") ? top * bottom : (stryCov_9fa48("644"), top / bottom);
    return stryMutAct_9fa48("645") ? {} : (stryCov_9fa48("645"), {
      metric: (stryMutAct_9fa48("648") ? k !== null : stryMutAct_9fa48("647") ? false : stryMutAct_9fa48("646") ? true : (stryCov_9fa48("646", "647", "648"), k === null)) ? stryMutAct_9fa48("649") ? "" : (stryCov_9fa48("649"), 'nDCG') : stryMutAct_9fa48("650") ? `` : (stryCov_9fa48("650"), `nDCG@${k}`),
      value,
      formula: stryMutAct_9fa48("651") ? `` : (stryCov_9fa48("651"), `nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of ${IDEAL_TEXT[conv.ideal]}, cut at ${kText(k)}`),
      terms,
      ideal,
      numerator: top,
      denominator: bottom,
      knobs: stryMutAct_9fa48("652") ? [] : (stryCov_9fa48("652"), [...gainKnobs(rc, conv), stryMutAct_9fa48("653") ? {} : (stryCov_9fa48("653"), {
        knob: stryMutAct_9fa48("654") ? "" : (stryCov_9fa48("654"), 'ideal'),
        value: conv.ideal,
        effect: stryMutAct_9fa48("655") ? `` : (stryCov_9fa48("655"), `IDCG = ${sumText(ideal)} = ${fmt(bottom)}`)
      })]),
      arithmetic: (stryMutAct_9fa48("658") ? bottom !== 0 : stryMutAct_9fa48("657") ? false : stryMutAct_9fa48("656") ? true : (stryCov_9fa48("656", "657", "658"), bottom === 0)) ? stryMutAct_9fa48("659") ? `` : (stryCov_9fa48("659"), `IDCG = 0, so nDCG = 0`) : stryMutAct_9fa48("660") ? `` : (stryCov_9fa48("660"), `${fmt(top)} / ${fmt(bottom)} = ${fmt(value)}`)
    });
  }
}