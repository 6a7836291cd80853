/**
 * trec_eval's other graded measures: binG and G (Kishida 2005), nDCGrel (nDCG averaged over the
 * relevant items) and Rndcg (nDCG averaged where the ideal ranking's gain changes). Gains follow the
 * convention's gain knob (linear under trec_eval), the discount is log₂(rank + 1), and the ideal is
 * every label's gain sorted, as in trec_eval.
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
import { Explanation, fmt } from '../explanation';
import { RankedCase } from '../ranking';
import { gain } from './dcg';

/** Positive label gains, best first. */
export function idealGains(rc: RankedCase, conv: Convention): number[] {
  if (stryMutAct_9fa48("1067")) {
    {}
  } else {
    stryCov_9fa48("1067");
    const out: number[] = stryMutAct_9fa48("1068") ? ["Stryker was here"] : (stryCov_9fa48("1068"), []);
    for (const g of rc.labelGrades) {
      if (stryMutAct_9fa48("1069")) {
        {}
      } else {
        stryCov_9fa48("1069");
        const x = gain(g, conv);
        if (stryMutAct_9fa48("1073") ? x <= 0 : stryMutAct_9fa48("1072") ? x >= 0 : stryMutAct_9fa48("1071") ? false : stryMutAct_9fa48("1070") ? true : (stryCov_9fa48("1070", "1071", "1072", "1073"), x > 0)) out.push(x);
      }
    }
    return stryMutAct_9fa48("1074") ? out : (stryCov_9fa48("1074"), out.sort(stryMutAct_9fa48("1075") ? () => undefined : (stryCov_9fa48("1075"), (a, b) => stryMutAct_9fa48("1076") ? b + a : (stryCov_9fa48("1076"), b - a))));
  }
}

/** binG = (1/R) Σ over relevant retrieved at 0-based rank i, the h-th hit: 1 / log₂(i − h + 3). */
export function binG(rc: RankedCase): number {
  if (stryMutAct_9fa48("1077")) {
    {}
  } else {
    stryCov_9fa48("1077");
    let hits = 0;
    let sum = 0;
    for (let i = 0; stryMutAct_9fa48("1080") ? i >= rc.ids.length : stryMutAct_9fa48("1079") ? i <= rc.ids.length : stryMutAct_9fa48("1078") ? false : (stryCov_9fa48("1078", "1079", "1080"), i < rc.ids.length); stryMutAct_9fa48("1081") ? i-- : (stryCov_9fa48("1081"), i++)) {
      if (stryMutAct_9fa48("1082")) {
        {}
      } else {
        stryCov_9fa48("1082");
        if (stryMutAct_9fa48("1085") ? false : stryMutAct_9fa48("1084") ? true : stryMutAct_9fa48("1083") ? rc.relevant[i] : (stryCov_9fa48("1083", "1084", "1085"), !rc.relevant[i])) continue;
        stryMutAct_9fa48("1086") ? hits-- : (stryCov_9fa48("1086"), hits++);
        stryMutAct_9fa48("1087") ? sum -= 1 / Math.log2(3 + i - hits) : (stryCov_9fa48("1087"), sum += stryMutAct_9fa48("1088") ? 1 * Math.log2(3 + i - hits) : (stryCov_9fa48("1088"), 1 / Math.log2(stryMutAct_9fa48("1089") ? 3 + i + hits : (stryCov_9fa48("1089"), (stryMutAct_9fa48("1090") ? 3 - i : (stryCov_9fa48("1090"), 3 + i)) - hits))));
      }
    }
    return (stryMutAct_9fa48("1093") ? hits === 0 && rc.nRelevant === 0 : stryMutAct_9fa48("1092") ? false : stryMutAct_9fa48("1091") ? true : (stryCov_9fa48("1091", "1092", "1093"), (stryMutAct_9fa48("1095") ? hits !== 0 : stryMutAct_9fa48("1094") ? false : (stryCov_9fa48("1094", "1095"), hits === 0)) || (stryMutAct_9fa48("1097") ? rc.nRelevant !== 0 : stryMutAct_9fa48("1096") ? false : (stryCov_9fa48("1096", "1097"), rc.nRelevant === 0)))) ? 0 : stryMutAct_9fa48("1098") ? sum * rc.nRelevant : (stryCov_9fa48("1098"), sum / rc.nRelevant);
  }
}

/** G: gains discounted by log₂(2 + ideal cost so far − gain so far), over the ideal gain total. */
export function kishidaG(rc: RankedCase, conv: Convention): number {
  if (stryMutAct_9fa48("1099")) {
    {}
  } else {
    stryCov_9fa48("1099");
    const ideal = idealGains(rc, conv);
    let sumResults = 0;
    let sumCost = 0;
    let g = 0;
    for (let i = 0; stryMutAct_9fa48("1102") ? i >= rc.ids.length : stryMutAct_9fa48("1101") ? i <= rc.ids.length : stryMutAct_9fa48("1100") ? false : (stryCov_9fa48("1100", "1101", "1102"), i < rc.ids.length); stryMutAct_9fa48("1103") ? i-- : (stryCov_9fa48("1103"), i++)) {
      if (stryMutAct_9fa48("1104")) {
        {}
      } else {
        stryCov_9fa48("1104");
        const x = gain(rc.grades[i], conv);
        stryMutAct_9fa48("1105") ? sumResults -= x : (stryCov_9fa48("1105"), sumResults += x);
        stryMutAct_9fa48("1106") ? sumCost -= Math.max(ideal[i] ?? 0, 1) : (stryCov_9fa48("1106"), sumCost += stryMutAct_9fa48("1107") ? Math.min(ideal[i] ?? 0, 1) : (stryCov_9fa48("1107"), Math.max(stryMutAct_9fa48("1108") ? ideal[i] && 0 : (stryCov_9fa48("1108"), ideal[i] ?? 0), 1)));
        if (stryMutAct_9fa48("1111") ? x === 0 : stryMutAct_9fa48("1110") ? false : stryMutAct_9fa48("1109") ? true : (stryCov_9fa48("1109", "1110", "1111"), x !== 0)) stryMutAct_9fa48("1112") ? g -= x / Math.log2(2 + sumCost - sumResults) : (stryCov_9fa48("1112"), g += stryMutAct_9fa48("1113") ? x * Math.log2(2 + sumCost - sumResults) : (stryCov_9fa48("1113"), x / Math.log2(stryMutAct_9fa48("1114") ? 2 + sumCost + sumResults : (stryCov_9fa48("1114"), (stryMutAct_9fa48("1115") ? 2 - sumCost : (stryCov_9fa48("1115"), 2 + sumCost)) - sumResults))));
      }
    }
    const total = ideal.reduce(stryMutAct_9fa48("1116") ? () => undefined : (stryCov_9fa48("1116"), (a, b) => stryMutAct_9fa48("1117") ? a - b : (stryCov_9fa48("1117"), a + b)), 0);
    return (stryMutAct_9fa48("1121") ? total <= 0 : stryMutAct_9fa48("1120") ? total >= 0 : stryMutAct_9fa48("1119") ? false : stryMutAct_9fa48("1118") ? true : (stryCov_9fa48("1118", "1119", "1120", "1121"), total > 0)) ? stryMutAct_9fa48("1122") ? g * total : (stryCov_9fa48("1122"), g / total) : 0;
  }
}

/** nDCGrel: at each relevant item retrieved, DCG/IDCG so far; relevant items missed take the final ratio; averaged over them all. */
export function ndcgRel(rc: RankedCase, conv: Convention): number {
  if (stryMutAct_9fa48("1123")) {
    {}
  } else {
    stryCov_9fa48("1123");
    const ideal = idealGains(rc, conv);
    let dcg = 0;
    let idcg = 0;
    let sum = 0;
    let relRet = 0;
    const n = stryMutAct_9fa48("1124") ? Math.min(rc.ids.length, ideal.length) : (stryCov_9fa48("1124"), Math.max(rc.ids.length, ideal.length));
    for (let i = 0; stryMutAct_9fa48("1127") ? i >= n : stryMutAct_9fa48("1126") ? i <= n : stryMutAct_9fa48("1125") ? false : (stryCov_9fa48("1125", "1126", "1127"), i < n); stryMutAct_9fa48("1128") ? i-- : (stryCov_9fa48("1128"), i++)) {
      if (stryMutAct_9fa48("1129")) {
        {}
      } else {
        stryCov_9fa48("1129");
        const d = Math.log2(stryMutAct_9fa48("1130") ? i - 2 : (stryCov_9fa48("1130"), i + 2));
        if (stryMutAct_9fa48("1134") ? i >= rc.ids.length : stryMutAct_9fa48("1133") ? i <= rc.ids.length : stryMutAct_9fa48("1132") ? false : stryMutAct_9fa48("1131") ? true : (stryCov_9fa48("1131", "1132", "1133", "1134"), i < rc.ids.length)) {
          if (stryMutAct_9fa48("1135")) {
            {}
          } else {
            stryCov_9fa48("1135");
            const x = gain(rc.grades[i], conv);
            if (stryMutAct_9fa48("1138") ? x === 0 : stryMutAct_9fa48("1137") ? false : stryMutAct_9fa48("1136") ? true : (stryCov_9fa48("1136", "1137", "1138"), x !== 0)) stryMutAct_9fa48("1139") ? dcg -= x / d : (stryCov_9fa48("1139"), dcg += stryMutAct_9fa48("1140") ? x * d : (stryCov_9fa48("1140"), x / d));
          }
        }
        if (stryMutAct_9fa48("1144") ? i >= ideal.length : stryMutAct_9fa48("1143") ? i <= ideal.length : stryMutAct_9fa48("1142") ? false : stryMutAct_9fa48("1141") ? true : (stryCov_9fa48("1141", "1142", "1143", "1144"), i < ideal.length)) stryMutAct_9fa48("1145") ? idcg -= ideal[i] / d : (stryCov_9fa48("1145"), idcg += stryMutAct_9fa48("1146") ? ideal[i] * d : (stryCov_9fa48("1146"), ideal[i] / d));
        if (stryMutAct_9fa48("1149") ? i < rc.ids.length || gain(rc.grades[i], conv) > 0 : stryMutAct_9fa48("1148") ? false : stryMutAct_9fa48("1147") ? true : (stryCov_9fa48("1147", "1148", "1149"), (stryMutAct_9fa48("1152") ? i >= rc.ids.length : stryMutAct_9fa48("1151") ? i <= rc.ids.length : stryMutAct_9fa48("1150") ? true : (stryCov_9fa48("1150", "1151", "1152"), i < rc.ids.length)) && (stryMutAct_9fa48("1155") ? gain(rc.grades[i], conv) <= 0 : stryMutAct_9fa48("1154") ? gain(rc.grades[i], conv) >= 0 : stryMutAct_9fa48("1153") ? true : (stryCov_9fa48("1153", "1154", "1155"), gain(rc.grades[i], conv) > 0)))) {
          if (stryMutAct_9fa48("1156")) {
            {}
          } else {
            stryCov_9fa48("1156");
            stryMutAct_9fa48("1157") ? sum -= dcg / idcg : (stryCov_9fa48("1157"), sum += stryMutAct_9fa48("1158") ? dcg * idcg : (stryCov_9fa48("1158"), dcg / idcg));
            stryMutAct_9fa48("1159") ? relRet-- : (stryCov_9fa48("1159"), relRet++);
          }
        }
      }
    }
    stryMutAct_9fa48("1160") ? sum -= (ideal.length - relRet) * dcg / idcg : (stryCov_9fa48("1160"), sum += stryMutAct_9fa48("1161") ? (ideal.length - relRet) * dcg * idcg : (stryCov_9fa48("1161"), (stryMutAct_9fa48("1162") ? (ideal.length - relRet) / dcg : (stryCov_9fa48("1162"), (stryMutAct_9fa48("1163") ? ideal.length + relRet : (stryCov_9fa48("1163"), ideal.length - relRet)) * dcg)) / idcg));
    return (stryMutAct_9fa48("1167") ? sum <= 0 : stryMutAct_9fa48("1166") ? sum >= 0 : stryMutAct_9fa48("1165") ? false : stryMutAct_9fa48("1164") ? true : (stryCov_9fa48("1164", "1165", "1166", "1167"), sum > 0)) ? stryMutAct_9fa48("1168") ? sum * ideal.length : (stryCov_9fa48("1168"), sum / ideal.length) : 0;
  }
}

/** Rndcg: nDCG taken where the ideal ranking's gain changes (and at the end of the ranking), averaged. */
export function rndcg(rc: RankedCase, conv: Convention): number {
  if (stryMutAct_9fa48("1169")) {
    {}
  } else {
    stryCov_9fa48("1169");
    if (stryMutAct_9fa48("1172") ? rc.nRelevant !== 0 : stryMutAct_9fa48("1171") ? false : stryMutAct_9fa48("1170") ? true : (stryCov_9fa48("1170", "1171", "1172"), rc.nRelevant === 0)) return 0;
    const ideal = idealGains(rc, conv);
    const at = stryMutAct_9fa48("1173") ? () => undefined : (stryCov_9fa48("1173"), (() => {
      const at = (i: number) => stryMutAct_9fa48("1174") ? ideal[i] && 0 : (stryCov_9fa48("1174"), ideal[i] ?? 0);
      return at;
    })());
    let dcg = 0;
    let idcg = 0;
    let sum = 0;
    let count = 0;
    let old = at(0);
    let current = old;
    let i = 0;
    const boundary = () => {
      if (stryMutAct_9fa48("1175")) {
        {}
      } else {
        stryCov_9fa48("1175");
        if (stryMutAct_9fa48("1178") ? old === current : stryMutAct_9fa48("1177") ? false : stryMutAct_9fa48("1176") ? true : (stryCov_9fa48("1176", "1177", "1178"), old !== current)) {
          if (stryMutAct_9fa48("1179")) {
            {}
          } else {
            stryCov_9fa48("1179");
            if (stryMutAct_9fa48("1183") ? idcg <= 0 : stryMutAct_9fa48("1182") ? idcg >= 0 : stryMutAct_9fa48("1181") ? false : stryMutAct_9fa48("1180") ? true : (stryCov_9fa48("1180", "1181", "1182", "1183"), idcg > 0)) {
              if (stryMutAct_9fa48("1184")) {
                {}
              } else {
                stryCov_9fa48("1184");
                stryMutAct_9fa48("1185") ? sum -= dcg / idcg : (stryCov_9fa48("1185"), sum += stryMutAct_9fa48("1186") ? dcg * idcg : (stryCov_9fa48("1186"), dcg / idcg));
                stryMutAct_9fa48("1187") ? count-- : (stryCov_9fa48("1187"), count++);
              }
            }
            old = current;
          }
        }
      }
    };
    for (; stryMutAct_9fa48("1189") ? i < rc.ids.length || current > 0 : stryMutAct_9fa48("1188") ? false : (stryCov_9fa48("1188", "1189"), (stryMutAct_9fa48("1192") ? i >= rc.ids.length : stryMutAct_9fa48("1191") ? i <= rc.ids.length : stryMutAct_9fa48("1190") ? true : (stryCov_9fa48("1190", "1191", "1192"), i < rc.ids.length)) && (stryMutAct_9fa48("1195") ? current <= 0 : stryMutAct_9fa48("1194") ? current >= 0 : stryMutAct_9fa48("1193") ? true : (stryCov_9fa48("1193", "1194", "1195"), current > 0))); stryMutAct_9fa48("1196") ? i-- : (stryCov_9fa48("1196"), i++)) {
      if (stryMutAct_9fa48("1197")) {
        {}
      } else {
        stryCov_9fa48("1197");
        const x = gain(rc.grades[i], conv);
        current = at(i);
        boundary();
        if (stryMutAct_9fa48("1200") ? x === 0 : stryMutAct_9fa48("1199") ? false : stryMutAct_9fa48("1198") ? true : (stryCov_9fa48("1198", "1199", "1200"), x !== 0)) stryMutAct_9fa48("1201") ? dcg -= x / Math.log2(i + 2) : (stryCov_9fa48("1201"), dcg += stryMutAct_9fa48("1202") ? x * Math.log2(i + 2) : (stryCov_9fa48("1202"), x / Math.log2(stryMutAct_9fa48("1203") ? i - 2 : (stryCov_9fa48("1203"), i + 2))));
        if (stryMutAct_9fa48("1207") ? current <= 0 : stryMutAct_9fa48("1206") ? current >= 0 : stryMutAct_9fa48("1205") ? false : stryMutAct_9fa48("1204") ? true : (stryCov_9fa48("1204", "1205", "1206", "1207"), current > 0)) stryMutAct_9fa48("1208") ? idcg -= current / Math.log2(i + 2) : (stryCov_9fa48("1208"), idcg += stryMutAct_9fa48("1209") ? current * Math.log2(i + 2) : (stryCov_9fa48("1209"), current / Math.log2(stryMutAct_9fa48("1210") ? i - 2 : (stryCov_9fa48("1210"), i + 2))));
      }
    }
    if (stryMutAct_9fa48("1214") ? i >= rc.ids.length : stryMutAct_9fa48("1213") ? i <= rc.ids.length : stryMutAct_9fa48("1212") ? false : stryMutAct_9fa48("1211") ? true : (stryCov_9fa48("1211", "1212", "1213", "1214"), i < rc.ids.length)) {
      if (stryMutAct_9fa48("1215")) {
        {}
      } else {
        stryCov_9fa48("1215");
        for (; stryMutAct_9fa48("1218") ? i >= rc.ids.length : stryMutAct_9fa48("1217") ? i <= rc.ids.length : stryMutAct_9fa48("1216") ? false : (stryCov_9fa48("1216", "1217", "1218"), i < rc.ids.length); stryMutAct_9fa48("1219") ? i-- : (stryCov_9fa48("1219"), i++)) {
          if (stryMutAct_9fa48("1220")) {
            {}
          } else {
            stryCov_9fa48("1220");
            const x = gain(rc.grades[i], conv);
            if (stryMutAct_9fa48("1223") ? x === 0 : stryMutAct_9fa48("1222") ? false : stryMutAct_9fa48("1221") ? true : (stryCov_9fa48("1221", "1222", "1223"), x !== 0)) stryMutAct_9fa48("1224") ? dcg -= x / Math.log2(i + 2) : (stryCov_9fa48("1224"), dcg += stryMutAct_9fa48("1225") ? x * Math.log2(i + 2) : (stryCov_9fa48("1225"), x / Math.log2(stryMutAct_9fa48("1226") ? i - 2 : (stryCov_9fa48("1226"), i + 2))));
          }
        }
        if (stryMutAct_9fa48("1230") ? idcg <= 0 : stryMutAct_9fa48("1229") ? idcg >= 0 : stryMutAct_9fa48("1228") ? false : stryMutAct_9fa48("1227") ? true : (stryCov_9fa48("1227", "1228", "1229", "1230"), idcg > 0)) {
          if (stryMutAct_9fa48("1231")) {
            {}
          } else {
            stryCov_9fa48("1231");
            stryMutAct_9fa48("1232") ? sum -= dcg / idcg : (stryCov_9fa48("1232"), sum += stryMutAct_9fa48("1233") ? dcg * idcg : (stryCov_9fa48("1233"), dcg / idcg));
            stryMutAct_9fa48("1234") ? count-- : (stryCov_9fa48("1234"), count++);
          }
        }
      }
    }
    while (stryMutAct_9fa48("1237") ? current <= 0 : stryMutAct_9fa48("1236") ? current >= 0 : stryMutAct_9fa48("1235") ? false : (stryCov_9fa48("1235", "1236", "1237"), current > 0)) {
      if (stryMutAct_9fa48("1238")) {
        {}
      } else {
        stryCov_9fa48("1238");
        current = at(i);
        boundary();
        if (stryMutAct_9fa48("1242") ? current <= 0 : stryMutAct_9fa48("1241") ? current >= 0 : stryMutAct_9fa48("1240") ? false : stryMutAct_9fa48("1239") ? true : (stryCov_9fa48("1239", "1240", "1241", "1242"), current > 0)) stryMutAct_9fa48("1243") ? idcg -= current / Math.log2(i + 2) : (stryCov_9fa48("1243"), idcg += stryMutAct_9fa48("1244") ? current * Math.log2(i + 2) : (stryCov_9fa48("1244"), current / Math.log2(stryMutAct_9fa48("1245") ? i - 2 : (stryCov_9fa48("1245"), i + 2))));
        stryMutAct_9fa48("1246") ? i-- : (stryCov_9fa48("1246"), i++);
      }
    }
    return stryMutAct_9fa48("1247") ? sum * count : (stryCov_9fa48("1247"), sum / count);
  }
}
const FORMULAS = stryMutAct_9fa48("1248") ? {} : (stryCov_9fa48("1248"), {
  binG: stryMutAct_9fa48("1249") ? "" : (stryCov_9fa48("1249"), 'binG = (1/R) Σ_{h-th relevant item at rank r} 1 / log₂(r − h + 2)'),
  G: stryMutAct_9fa48("1250") ? "" : (stryCov_9fa48("1250"), 'G = Σᵢ gainᵢ / log₂(2 + ideal cost to i − gain to i) / Σ ideal gains (cost: ideal gain, at least 1)'),
  nDCGrel: stryMutAct_9fa48("1251") ? "" : (stryCov_9fa48("1251"), 'nDCGrel = (1/|ideal|) [Σ_{relevant retrieved} DCG/IDCG at its rank + (|ideal| − relevant retrieved) · DCG/IDCG at the end]'),
  Rndcg: stryMutAct_9fa48("1252") ? "" : (stryCov_9fa48("1252"), 'Rndcg = mean of DCG/IDCG where the ideal gain changes and at the end of the ranking')
});

/** One of these measures with its value; the terms are the ranks with a gain. */
export function explainGainVariant(rc: RankedCase, family: 'binG' | 'G' | 'nDCGrel' | 'Rndcg', conv: Convention, metric: string): Explanation {
  if (stryMutAct_9fa48("1253")) {
    {}
  } else {
    stryCov_9fa48("1253");
    const value = (stryMutAct_9fa48("1256") ? family !== 'binG' : stryMutAct_9fa48("1255") ? false : stryMutAct_9fa48("1254") ? true : (stryCov_9fa48("1254", "1255", "1256"), family === (stryMutAct_9fa48("1257") ? "" : (stryCov_9fa48("1257"), 'binG')))) ? binG(rc) : (stryMutAct_9fa48("1260") ? family !== 'G' : stryMutAct_9fa48("1259") ? false : stryMutAct_9fa48("1258") ? true : (stryCov_9fa48("1258", "1259", "1260"), family === (stryMutAct_9fa48("1261") ? "" : (stryCov_9fa48("1261"), 'G')))) ? kishidaG(rc, conv) : (stryMutAct_9fa48("1264") ? family !== 'nDCGrel' : stryMutAct_9fa48("1263") ? false : stryMutAct_9fa48("1262") ? true : (stryCov_9fa48("1262", "1263", "1264"), family === (stryMutAct_9fa48("1265") ? "" : (stryCov_9fa48("1265"), 'nDCGrel')))) ? ndcgRel(rc, conv) : rndcg(rc, conv);
    const terms = stryMutAct_9fa48("1266") ? ["Stryker was here"] : (stryCov_9fa48("1266"), []);
    for (let r = 0; stryMutAct_9fa48("1269") ? r >= rc.ids.length : stryMutAct_9fa48("1268") ? r <= rc.ids.length : stryMutAct_9fa48("1267") ? false : (stryCov_9fa48("1267", "1268", "1269"), r < rc.ids.length); stryMutAct_9fa48("1270") ? r-- : (stryCov_9fa48("1270"), r++)) {
      if (stryMutAct_9fa48("1271")) {
        {}
      } else {
        stryCov_9fa48("1271");
        const x = (stryMutAct_9fa48("1274") ? family !== 'binG' : stryMutAct_9fa48("1273") ? false : stryMutAct_9fa48("1272") ? true : (stryCov_9fa48("1272", "1273", "1274"), family === (stryMutAct_9fa48("1275") ? "" : (stryCov_9fa48("1275"), 'binG')))) ? rc.relevant[r] : gain(rc.grades[r], conv);
        if (stryMutAct_9fa48("1279") ? x <= 0 : stryMutAct_9fa48("1278") ? x >= 0 : stryMutAct_9fa48("1277") ? false : stryMutAct_9fa48("1276") ? true : (stryCov_9fa48("1276", "1277", "1278", "1279"), x > 0)) terms.push(stryMutAct_9fa48("1280") ? {} : (stryCov_9fa48("1280"), {
          rank: stryMutAct_9fa48("1281") ? r - 1 : (stryCov_9fa48("1281"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("1284") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("1283") ? false : stryMutAct_9fa48("1282") ? true : (stryCov_9fa48("1282", "1283", "1284"), rc.relevant[r] === 1),
          gain: x
        }));
      }
    }
    const ideal = idealGains(rc, conv);
    return stryMutAct_9fa48("1285") ? {} : (stryCov_9fa48("1285"), {
      metric,
      value,
      formula: FORMULAS[family],
      terms,
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1286") ? ["Stryker was here"] : (stryCov_9fa48("1286"), []),
      arithmetic: stryMutAct_9fa48("1287") ? `` : (stryCov_9fa48("1287"), `${terms.length} ranked item${(stryMutAct_9fa48("1290") ? terms.length !== 1 : stryMutAct_9fa48("1289") ? false : stryMutAct_9fa48("1288") ? true : (stryCov_9fa48("1288", "1289", "1290"), terms.length === 1)) ? stryMutAct_9fa48("1291") ? "Stryker was here!" : (stryCov_9fa48("1291"), '') : stryMutAct_9fa48("1292") ? "" : (stryCov_9fa48("1292"), 's')} with gain; ideal gains ${stryMutAct_9fa48("1295") ? ideal.map(g => fmt(g, 2)).join(', ') && 'none' : stryMutAct_9fa48("1294") ? false : stryMutAct_9fa48("1293") ? true : (stryCov_9fa48("1293", "1294", "1295"), ideal.map(stryMutAct_9fa48("1296") ? () => undefined : (stryCov_9fa48("1296"), g => fmt(g, 2))).join(stryMutAct_9fa48("1297") ? "" : (stryCov_9fa48("1297"), ', ')) || (stryMutAct_9fa48("1298") ? "" : (stryCov_9fa48("1298"), 'none')))}: ${fmt(value)}`)
    });
  }
}

/**
 * nDCG with a gain per grade (trec_eval's ndcg.1=3,2=9): a grade given no gain keeps the grade as its
 * gain; unlabeled items are grade −1 and items labeled with a negative grade −2, as in trec_eval, so
 * they gain only if given a gain. The ideal ranks every judged label by its gain.
 */
export function ndcgWithGains(rc: RankedCase, gains: readonly (readonly [number, number])[], k: number | null): number {
  if (stryMutAct_9fa48("1299")) {
    {}
  } else {
    stryCov_9fa48("1299");
    const map = new Map(gains.map(stryMutAct_9fa48("1300") ? () => undefined : (stryCov_9fa48("1300"), ([g, v]) => stryMutAct_9fa48("1301") ? [] : (stryCov_9fa48("1301"), [g, v]))));
    const gainOf = stryMutAct_9fa48("1302") ? () => undefined : (stryCov_9fa48("1302"), (() => {
      const gainOf = (level: number) => stryMutAct_9fa48("1303") ? map.get(level) && (level >= 0 ? level : 0) : (stryCov_9fa48("1303"), map.get(level) ?? ((stryMutAct_9fa48("1307") ? level < 0 : stryMutAct_9fa48("1306") ? level > 0 : stryMutAct_9fa48("1305") ? false : stryMutAct_9fa48("1304") ? true : (stryCov_9fa48("1304", "1305", "1306", "1307"), level >= 0)) ? level : 0));
      return gainOf;
    })());
    const n = (stryMutAct_9fa48("1310") ? k !== null : stryMutAct_9fa48("1309") ? false : stryMutAct_9fa48("1308") ? true : (stryCov_9fa48("1308", "1309", "1310"), k === null)) ? rc.ids.length : stryMutAct_9fa48("1311") ? Math.max(k, rc.ids.length) : (stryCov_9fa48("1311"), Math.min(k, rc.ids.length));
    let dcg = 0;
    for (let i = 0; stryMutAct_9fa48("1314") ? i >= n : stryMutAct_9fa48("1313") ? i <= n : stryMutAct_9fa48("1312") ? false : (stryCov_9fa48("1312", "1313", "1314"), i < n); stryMutAct_9fa48("1315") ? i-- : (stryCov_9fa48("1315"), i++)) {
      if (stryMutAct_9fa48("1316")) {
        {}
      } else {
        stryCov_9fa48("1316");
        const level = rc.judged[i] ? Math.trunc(rc.grades[i]) : (stryMutAct_9fa48("1320") ? rc.grades[i] >= 0 : stryMutAct_9fa48("1319") ? rc.grades[i] <= 0 : stryMutAct_9fa48("1318") ? false : stryMutAct_9fa48("1317") ? true : (stryCov_9fa48("1317", "1318", "1319", "1320"), rc.grades[i] < 0)) ? stryMutAct_9fa48("1321") ? +2 : (stryCov_9fa48("1321"), -2) : stryMutAct_9fa48("1322") ? +1 : (stryCov_9fa48("1322"), -1);
        const x = gainOf(level);
        if (stryMutAct_9fa48("1325") ? x === 0 : stryMutAct_9fa48("1324") ? false : stryMutAct_9fa48("1323") ? true : (stryCov_9fa48("1323", "1324", "1325"), x !== 0)) stryMutAct_9fa48("1326") ? dcg -= x / Math.log2(i + 2) : (stryCov_9fa48("1326"), dcg += stryMutAct_9fa48("1327") ? x * Math.log2(i + 2) : (stryCov_9fa48("1327"), x / Math.log2(stryMutAct_9fa48("1328") ? i - 2 : (stryCov_9fa48("1328"), i + 2))));
      }
    }
    const ideal = trecIdealGains(rc, gains);
    let idcg = 0;
    for (let i = 0; stryMutAct_9fa48("1331") ? i >= Math.min(ideal.length, k ?? Infinity) : stryMutAct_9fa48("1330") ? i <= Math.min(ideal.length, k ?? Infinity) : stryMutAct_9fa48("1329") ? false : (stryCov_9fa48("1329", "1330", "1331"), i < (stryMutAct_9fa48("1332") ? Math.max(ideal.length, k ?? Infinity) : (stryCov_9fa48("1332"), Math.min(ideal.length, stryMutAct_9fa48("1333") ? k && Infinity : (stryCov_9fa48("1333"), k ?? Infinity))))); stryMutAct_9fa48("1334") ? i-- : (stryCov_9fa48("1334"), i++)) stryMutAct_9fa48("1335") ? idcg -= ideal[i] / Math.log2(i + 2) : (stryCov_9fa48("1335"), idcg += stryMutAct_9fa48("1336") ? ideal[i] * Math.log2(i + 2) : (stryCov_9fa48("1336"), ideal[i] / Math.log2(stryMutAct_9fa48("1337") ? i - 2 : (stryCov_9fa48("1337"), i + 2))));
    return (stryMutAct_9fa48("1341") ? idcg <= 0 : stryMutAct_9fa48("1340") ? idcg >= 0 : stryMutAct_9fa48("1339") ? false : stryMutAct_9fa48("1338") ? true : (stryCov_9fa48("1338", "1339", "1340", "1341"), idcg > 0)) ? stryMutAct_9fa48("1342") ? dcg * idcg : (stryCov_9fa48("1342"), dcg / idcg) : 0;
  }
}

/**
 * The ideal gains as trec_eval orders them: one entry per grade (the given ones first, then grades 0
 * to the top judged one), sorted by gain with trec_eval's comparator — the difference truncated to a
 * whole number, so gains less than 1 apart compare equal — in glibc's merge sort; then walked from
 * the top entry down, each grade's judged labels in turn, until a gain ≤ 0.
 */
function trecIdealGains(rc: RankedCase, gains: readonly (readonly [number, number])[]): number[] {
  if (stryMutAct_9fa48("1343")) {
    {}
  } else {
    stryCov_9fa48("1343");
    const counts: number[] = stryMutAct_9fa48("1344") ? ["Stryker was here"] : (stryCov_9fa48("1344"), []);
    for (const g of rc.labelGrades) if (stryMutAct_9fa48("1348") ? g < 0 : stryMutAct_9fa48("1347") ? g > 0 : stryMutAct_9fa48("1346") ? false : stryMutAct_9fa48("1345") ? true : (stryCov_9fa48("1345", "1346", "1347", "1348"), g >= 0)) {
      if (stryMutAct_9fa48("1349")) {
        {}
      } else {
        stryCov_9fa48("1349");
        const l = Math.trunc(g);
        counts[l] = stryMutAct_9fa48("1350") ? (counts[l] ?? 0) - 1 : (stryCov_9fa48("1350"), (stryMutAct_9fa48("1351") ? counts[l] && 0 : (stryCov_9fa48("1351"), counts[l] ?? 0)) + 1);
      }
    }
    const entries = gains.map(stryMutAct_9fa48("1352") ? () => undefined : (stryCov_9fa48("1352"), ([level, gain]) => stryMutAct_9fa48("1353") ? {} : (stryCov_9fa48("1353"), {
      level,
      gain,
      count: 0
    })));
    for (let l = 0; stryMutAct_9fa48("1356") ? l >= counts.length : stryMutAct_9fa48("1355") ? l <= counts.length : stryMutAct_9fa48("1354") ? false : (stryCov_9fa48("1354", "1355", "1356"), l < counts.length); stryMutAct_9fa48("1357") ? l-- : (stryCov_9fa48("1357"), l++)) {
      if (stryMutAct_9fa48("1358")) {
        {}
      } else {
        stryCov_9fa48("1358");
        const e = entries.find(stryMutAct_9fa48("1359") ? () => undefined : (stryCov_9fa48("1359"), x => stryMutAct_9fa48("1362") ? x.level !== l : stryMutAct_9fa48("1361") ? false : stryMutAct_9fa48("1360") ? true : (stryCov_9fa48("1360", "1361", "1362"), x.level === l)));
        if (stryMutAct_9fa48("1364") ? false : stryMutAct_9fa48("1363") ? true : (stryCov_9fa48("1363", "1364"), e)) e.count = stryMutAct_9fa48("1365") ? counts[l] && 0 : (stryCov_9fa48("1365"), counts[l] ?? 0);else entries.push(stryMutAct_9fa48("1366") ? {} : (stryCov_9fa48("1366"), {
          level: l,
          gain: l,
          count: stryMutAct_9fa48("1367") ? counts[l] && 0 : (stryCov_9fa48("1367"), counts[l] ?? 0)
        }));
      }
    }
    const sorted = mergeSort(entries, stryMutAct_9fa48("1368") ? () => undefined : (stryCov_9fa48("1368"), (a, b) => Math.trunc(stryMutAct_9fa48("1369") ? a.gain + b.gain : (stryCov_9fa48("1369"), a.gain - b.gain))));
    const out: number[] = stryMutAct_9fa48("1370") ? ["Stryker was here"] : (stryCov_9fa48("1370"), []);
    let cur = stryMutAct_9fa48("1371") ? sorted.length + 1 : (stryCov_9fa48("1371"), sorted.length - 1);
    let gain = (stryMutAct_9fa48("1375") ? cur < 0 : stryMutAct_9fa48("1374") ? cur > 0 : stryMutAct_9fa48("1373") ? false : stryMutAct_9fa48("1372") ? true : (stryCov_9fa48("1372", "1373", "1374", "1375"), cur >= 0)) ? sorted[cur].gain : 0;
    for (let atLevel = 0; stryMutAct_9fa48("1378") ? gain <= 0 : stryMutAct_9fa48("1377") ? gain >= 0 : stryMutAct_9fa48("1376") ? false : (stryCov_9fa48("1376", "1377", "1378"), gain > 0);) {
      if (stryMutAct_9fa48("1379")) {
        {}
      } else {
        stryCov_9fa48("1379");
        stryMutAct_9fa48("1380") ? atLevel-- : (stryCov_9fa48("1380"), atLevel++);
        while (stryMutAct_9fa48("1382") ? cur >= 0 || atLevel > sorted[cur].count : stryMutAct_9fa48("1381") ? false : (stryCov_9fa48("1381", "1382"), (stryMutAct_9fa48("1385") ? cur < 0 : stryMutAct_9fa48("1384") ? cur > 0 : stryMutAct_9fa48("1383") ? true : (stryCov_9fa48("1383", "1384", "1385"), cur >= 0)) && (stryMutAct_9fa48("1388") ? atLevel <= sorted[cur].count : stryMutAct_9fa48("1387") ? atLevel >= sorted[cur].count : stryMutAct_9fa48("1386") ? true : (stryCov_9fa48("1386", "1387", "1388"), atLevel > sorted[cur].count)))) {
          if (stryMutAct_9fa48("1389")) {
            {}
          } else {
            stryCov_9fa48("1389");
            atLevel = 1;
            stryMutAct_9fa48("1390") ? cur++ : (stryCov_9fa48("1390"), cur--);
            gain = (stryMutAct_9fa48("1394") ? cur < 0 : stryMutAct_9fa48("1393") ? cur > 0 : stryMutAct_9fa48("1392") ? false : stryMutAct_9fa48("1391") ? true : (stryCov_9fa48("1391", "1392", "1393", "1394"), cur >= 0)) ? sorted[cur].gain : 0;
          }
        }
        if (stryMutAct_9fa48("1398") ? gain <= 0 : stryMutAct_9fa48("1397") ? gain >= 0 : stryMutAct_9fa48("1396") ? false : stryMutAct_9fa48("1395") ? true : (stryCov_9fa48("1395", "1396", "1397", "1398"), gain > 0)) out.push(gain);
      }
    }
    return out;
  }
}

// glibc's qsort for small arrays: a top-down merge sort taking from the left run on ties.
function mergeSort<T>(items: T[], cmp: (a: T, b: T) => number): T[] {
  if (stryMutAct_9fa48("1399")) {
    {}
  } else {
    stryCov_9fa48("1399");
    if (stryMutAct_9fa48("1403") ? items.length > 1 : stryMutAct_9fa48("1402") ? items.length < 1 : stryMutAct_9fa48("1401") ? false : stryMutAct_9fa48("1400") ? true : (stryCov_9fa48("1400", "1401", "1402", "1403"), items.length <= 1)) return items;
    const mid = items.length >> 1;
    const a = mergeSort(stryMutAct_9fa48("1404") ? items : (stryCov_9fa48("1404"), items.slice(0, mid)), cmp);
    const b = mergeSort(stryMutAct_9fa48("1405") ? items : (stryCov_9fa48("1405"), items.slice(mid)), cmp);
    const out: T[] = stryMutAct_9fa48("1406") ? ["Stryker was here"] : (stryCov_9fa48("1406"), []);
    let i = 0;
    let j = 0;
    while (stryMutAct_9fa48("1408") ? i < a.length || j < b.length : stryMutAct_9fa48("1407") ? false : (stryCov_9fa48("1407", "1408"), (stryMutAct_9fa48("1411") ? i >= a.length : stryMutAct_9fa48("1410") ? i <= a.length : stryMutAct_9fa48("1409") ? true : (stryCov_9fa48("1409", "1410", "1411"), i < a.length)) && (stryMutAct_9fa48("1414") ? j >= b.length : stryMutAct_9fa48("1413") ? j <= b.length : stryMutAct_9fa48("1412") ? true : (stryCov_9fa48("1412", "1413", "1414"), j < b.length)))) out.push((stryMutAct_9fa48("1418") ? cmp(a[i], b[j]) > 0 : stryMutAct_9fa48("1417") ? cmp(a[i], b[j]) < 0 : stryMutAct_9fa48("1416") ? false : stryMutAct_9fa48("1415") ? true : (stryCov_9fa48("1415", "1416", "1417", "1418"), cmp(a[i], b[j]) <= 0)) ? a[stryMutAct_9fa48("1419") ? i-- : (stryCov_9fa48("1419"), i++)] : b[stryMutAct_9fa48("1420") ? j-- : (stryCov_9fa48("1420"), j++)]);
    return out.concat(stryMutAct_9fa48("1421") ? a : (stryCov_9fa48("1421"), a.slice(i)), stryMutAct_9fa48("1422") ? b : (stryCov_9fa48("1422"), b.slice(j)));
  }
}

/** nDCG with a gain per grade, with the gains used. */
export function explainGainMap(rc: RankedCase, gains: readonly (readonly [number, number])[], k: number | null): Explanation {
  if (stryMutAct_9fa48("1423")) {
    {}
  } else {
    stryCov_9fa48("1423");
    const value = ndcgWithGains(rc, gains, k);
    return stryMutAct_9fa48("1424") ? {} : (stryCov_9fa48("1424"), {
      metric: stryMutAct_9fa48("1425") ? "" : (stryCov_9fa48("1425"), 'nDCG'),
      value,
      formula: stryMutAct_9fa48("1426") ? `` : (stryCov_9fa48("1426"), `nDCG = DCG / IDCG, gain by grade: ${gains.map(stryMutAct_9fa48("1427") ? () => undefined : (stryCov_9fa48("1427"), ([g, v]) => stryMutAct_9fa48("1428") ? `` : (stryCov_9fa48("1428"), `${g} → ${v}`))).join(stryMutAct_9fa48("1429") ? "" : (stryCov_9fa48("1429"), ', '))} (other grades: the grade), discount log₂(rank + 1)`),
      terms: stryMutAct_9fa48("1430") ? ["Stryker was here"] : (stryCov_9fa48("1430"), []),
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("1431") ? ["Stryker was here"] : (stryCov_9fa48("1431"), []),
      arithmetic: fmt(value)
    });
  }
}