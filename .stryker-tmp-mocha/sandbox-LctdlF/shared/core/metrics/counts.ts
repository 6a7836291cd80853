/** trec_eval's counts: num_q, num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret (summed over queries, not averaged). */
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
import { Explanation } from '../explanation';
import { MetricSpec } from '../metricNames';
import { RankedCase } from '../ranking';
import { judgedRetrieved, relevantRetrieved } from './judgements';
type CountFamily = 'NumQ' | 'NumRet' | 'NumRel' | 'NumRelRet' | 'NumNonrelJudgedRet';

/** The count a family names on one case. */
export function count(rc: RankedCase, family: CountFamily): number {
  if (stryMutAct_9fa48("259")) {
    {}
  } else {
    stryCov_9fa48("259");
    switch (family) {
      case stryMutAct_9fa48("261") ? "" : (stryCov_9fa48("261"), 'NumQ'):
        if (stryMutAct_9fa48("260")) {} else {
          stryCov_9fa48("260");
          return 1;
        }
      case stryMutAct_9fa48("263") ? "" : (stryCov_9fa48("263"), 'NumRet'):
        if (stryMutAct_9fa48("262")) {} else {
          stryCov_9fa48("262");
          return rc.ids.length;
        }
      case stryMutAct_9fa48("265") ? "" : (stryCov_9fa48("265"), 'NumRel'):
        if (stryMutAct_9fa48("264")) {} else {
          stryCov_9fa48("264");
          return rc.nRelevant;
        }
      case stryMutAct_9fa48("267") ? "" : (stryCov_9fa48("267"), 'NumRelRet'):
        if (stryMutAct_9fa48("266")) {} else {
          stryCov_9fa48("266");
          return relevantRetrieved(rc);
        }
      case stryMutAct_9fa48("269") ? "" : (stryCov_9fa48("269"), 'NumNonrelJudgedRet'):
        if (stryMutAct_9fa48("268")) {} else {
          stryCov_9fa48("268");
          return stryMutAct_9fa48("270") ? judgedRetrieved(rc) + relevantRetrieved(rc) : (stryCov_9fa48("270"), judgedRetrieved(rc) - relevantRetrieved(rc));
        }
    }
  }
}
const WHAT: Record<CountFamily, string> = stryMutAct_9fa48("271") ? {} : (stryCov_9fa48("271"), {
  NumQ: stryMutAct_9fa48("272") ? "" : (stryCov_9fa48("272"), 'NumQ = 1 per case (the run figure is the number of cases)'),
  NumRet: stryMutAct_9fa48("273") ? "" : (stryCov_9fa48("273"), 'NumRet = number of ranked items'),
  NumRel: stryMutAct_9fa48("274") ? "" : (stryCov_9fa48("274"), 'NumRel = number of relevant labels (R)'),
  NumRelRet: stryMutAct_9fa48("275") ? "" : (stryCov_9fa48("275"), 'NumRelRet = number of relevant items ranked'),
  NumNonrelJudgedRet: stryMutAct_9fa48("276") ? "" : (stryCov_9fa48("276"), 'NumNonrelJudgedRet = ranked items judged (grade ≥ 0) but not relevant')
});

/** A count with the items it counts. */
export function explainCount(rc: RankedCase, spec: MetricSpec & {
  family: CountFamily;
}): Explanation {
  if (stryMutAct_9fa48("277")) {
    {}
  } else {
    stryCov_9fa48("277");
    const value = count(rc, spec.family);
    const terms = stryMutAct_9fa48("278") ? ["Stryker was here"] : (stryCov_9fa48("278"), []);
    for (let r = 0; stryMutAct_9fa48("281") ? r >= rc.ids.length : stryMutAct_9fa48("280") ? r <= rc.ids.length : stryMutAct_9fa48("279") ? false : (stryCov_9fa48("279", "280", "281"), r < rc.ids.length); stryMutAct_9fa48("282") ? r-- : (stryCov_9fa48("282"), r++)) {
      if (stryMutAct_9fa48("283")) {
        {}
      } else {
        stryCov_9fa48("283");
        const counted = stryMutAct_9fa48("286") ? (spec.family === 'NumRet' || spec.family === 'NumRelRet' && rc.relevant[r] === 1) && spec.family === 'NumNonrelJudgedRet' && rc.judged[r] === 1 && rc.relevant[r] === 0 : stryMutAct_9fa48("285") ? false : stryMutAct_9fa48("284") ? true : (stryCov_9fa48("284", "285", "286"), (stryMutAct_9fa48("288") ? spec.family === 'NumRet' && spec.family === 'NumRelRet' && rc.relevant[r] === 1 : stryMutAct_9fa48("287") ? false : (stryCov_9fa48("287", "288"), (stryMutAct_9fa48("290") ? spec.family !== 'NumRet' : stryMutAct_9fa48("289") ? false : (stryCov_9fa48("289", "290"), spec.family === (stryMutAct_9fa48("291") ? "" : (stryCov_9fa48("291"), 'NumRet')))) || (stryMutAct_9fa48("293") ? spec.family === 'NumRelRet' || rc.relevant[r] === 1 : stryMutAct_9fa48("292") ? false : (stryCov_9fa48("292", "293"), (stryMutAct_9fa48("295") ? spec.family !== 'NumRelRet' : stryMutAct_9fa48("294") ? true : (stryCov_9fa48("294", "295"), spec.family === (stryMutAct_9fa48("296") ? "" : (stryCov_9fa48("296"), 'NumRelRet')))) && (stryMutAct_9fa48("298") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("297") ? true : (stryCov_9fa48("297", "298"), rc.relevant[r] === 1)))))) || (stryMutAct_9fa48("300") ? spec.family === 'NumNonrelJudgedRet' && rc.judged[r] === 1 || rc.relevant[r] === 0 : stryMutAct_9fa48("299") ? false : (stryCov_9fa48("299", "300"), (stryMutAct_9fa48("302") ? spec.family === 'NumNonrelJudgedRet' || rc.judged[r] === 1 : stryMutAct_9fa48("301") ? true : (stryCov_9fa48("301", "302"), (stryMutAct_9fa48("304") ? spec.family !== 'NumNonrelJudgedRet' : stryMutAct_9fa48("303") ? true : (stryCov_9fa48("303", "304"), spec.family === (stryMutAct_9fa48("305") ? "" : (stryCov_9fa48("305"), 'NumNonrelJudgedRet')))) && (stryMutAct_9fa48("307") ? rc.judged[r] !== 1 : stryMutAct_9fa48("306") ? true : (stryCov_9fa48("306", "307"), rc.judged[r] === 1)))) && (stryMutAct_9fa48("309") ? rc.relevant[r] !== 0 : stryMutAct_9fa48("308") ? true : (stryCov_9fa48("308", "309"), rc.relevant[r] === 0)))));
        if (stryMutAct_9fa48("311") ? false : stryMutAct_9fa48("310") ? true : (stryCov_9fa48("310", "311"), counted)) terms.push(stryMutAct_9fa48("312") ? {} : (stryCov_9fa48("312"), {
          rank: stryMutAct_9fa48("313") ? r - 1 : (stryCov_9fa48("313"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("316") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("315") ? false : stryMutAct_9fa48("314") ? true : (stryCov_9fa48("314", "315", "316"), rc.relevant[r] === 1),
          contribution: 1
        }));
      }
    }
    return stryMutAct_9fa48("317") ? {} : (stryCov_9fa48("317"), {
      metric: spec.family,
      value,
      formula: WHAT[spec.family],
      terms,
      numerator: value,
      denominator: 1,
      knobs: stryMutAct_9fa48("318") ? ["Stryker was here"] : (stryCov_9fa48("318"), []),
      arithmetic: stryMutAct_9fa48("319") ? `` : (stryCov_9fa48("319"), `${value} (the run figure adds the cases up)`)
    });
  }
}