/**
 * Measures that are one fraction at a cutoff: RelP@k (trec_eval's relative_P), RprecMult@x (precision
 * at x·R, trec_eval's Rprec_mult), Judged@k (ir_measures) and Unjudged@k (trec_eval's unj).
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
import { Explanation } from '../explanation';
import { RankedCase } from '../ranking';
import { hitsAt, hitTerms } from './hits';
import { fractionExplanation, judgedRetrieved } from './judgements';

/** RelP@k = hits in the top k / min(k, R). */
export function relativePrecision(rc: RankedCase, k: number): number {
  if (stryMutAct_9fa48("320")) {
    {}
  } else {
    stryCov_9fa48("320");
    return (stryMutAct_9fa48("323") ? rc.nRelevant !== 0 : stryMutAct_9fa48("322") ? false : stryMutAct_9fa48("321") ? true : (stryCov_9fa48("321", "322", "323"), rc.nRelevant === 0)) ? 0 : stryMutAct_9fa48("324") ? hitsAt(rc, k) * Math.min(k, rc.nRelevant) : (stryCov_9fa48("324"), hitsAt(rc, k) / (stryMutAct_9fa48("325") ? Math.max(k, rc.nRelevant) : (stryCov_9fa48("325"), Math.min(k, rc.nRelevant))));
  }
}

/** RelP@k as its fraction. */
export function explainRelativePrecision(rc: RankedCase, k: number, metric: string): Explanation {
  if (stryMutAct_9fa48("326")) {
    {}
  } else {
    stryCov_9fa48("326");
    return fractionExplanation(metric, stryMutAct_9fa48("327") ? "" : (stryCov_9fa48("327"), 'RelP@k = |relevant ∩ top k| / min(k, R)'), hitsAt(rc, k), (stryMutAct_9fa48("330") ? rc.nRelevant !== 0 : stryMutAct_9fa48("329") ? false : stryMutAct_9fa48("328") ? true : (stryCov_9fa48("328", "329", "330"), rc.nRelevant === 0)) ? 0 : stryMutAct_9fa48("331") ? Math.max(k, rc.nRelevant) : (stryCov_9fa48("331"), Math.min(k, rc.nRelevant)), hitTerms(rc, k));
  }
}

/** The rank RprecMult@x looks at: x·R, rounded as trec_eval does (+0.9, then down). */
export function multipleOfR(rc: RankedCase, x: number): number {
  if (stryMutAct_9fa48("332")) {
    {}
  } else {
    stryCov_9fa48("332");
    return Math.trunc(stryMutAct_9fa48("333") ? x * rc.nRelevant - 0.9 : (stryCov_9fa48("333"), (stryMutAct_9fa48("334") ? x / rc.nRelevant : (stryCov_9fa48("334"), x * rc.nRelevant)) + 0.9));
  }
}

/** RprecMult@x = P@⌊x·R + 0.9⌋ (0 at rank 0). */
export function precisionAtMultipleOfR(rc: RankedCase, x: number): number {
  if (stryMutAct_9fa48("335")) {
    {}
  } else {
    stryCov_9fa48("335");
    const c = multipleOfR(rc, x);
    return (stryMutAct_9fa48("338") ? c !== 0 : stryMutAct_9fa48("337") ? false : stryMutAct_9fa48("336") ? true : (stryCov_9fa48("336", "337", "338"), c === 0)) ? 0 : stryMutAct_9fa48("339") ? hitsAt(rc, c) * c : (stryCov_9fa48("339"), hitsAt(rc, c) / c);
  }
}

/** RprecMult@x as its fraction. */
export function explainPrecisionAtMultipleOfR(rc: RankedCase, x: number, metric: string): Explanation {
  if (stryMutAct_9fa48("340")) {
    {}
  } else {
    stryCov_9fa48("340");
    const c = multipleOfR(rc, x);
    return fractionExplanation(metric, stryMutAct_9fa48("341") ? `` : (stryCov_9fa48("341"), `RprecMult@x = |relevant ∩ top c| / c, c = ⌊x·R + 0.9⌋ = ${c}`), (stryMutAct_9fa48("344") ? c !== 0 : stryMutAct_9fa48("343") ? false : stryMutAct_9fa48("342") ? true : (stryCov_9fa48("342", "343", "344"), c === 0)) ? 0 : hitsAt(rc, c), c, hitTerms(rc, c));
  }
}

/** Judged@k = judged items in the top k / k (k: every rank when there is no cutoff). */
export function judgedShare(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("345")) {
    {}
  } else {
    stryCov_9fa48("345");
    const d = stryMutAct_9fa48("346") ? k && rc.ids.length : (stryCov_9fa48("346"), k ?? rc.ids.length);
    return (stryMutAct_9fa48("349") ? d !== 0 : stryMutAct_9fa48("348") ? false : stryMutAct_9fa48("347") ? true : (stryCov_9fa48("347", "348", "349"), d === 0)) ? 0 : stryMutAct_9fa48("350") ? judgedRetrieved(rc, d) * d : (stryCov_9fa48("350"), judgedRetrieved(rc, d) / d);
  }
}

/** Unjudged@k = unjudged items in the top k / k; missing ranks count as judged (trec_eval's unj). */
export function unjudgedShare(rc: RankedCase, k: number | null): number {
  if (stryMutAct_9fa48("351")) {
    {}
  } else {
    stryCov_9fa48("351");
    const d = stryMutAct_9fa48("352") ? k && rc.ids.length : (stryCov_9fa48("352"), k ?? rc.ids.length);
    const n = stryMutAct_9fa48("353") ? Math.max(d, rc.ids.length) : (stryCov_9fa48("353"), Math.min(d, rc.ids.length));
    return (stryMutAct_9fa48("356") ? d !== 0 : stryMutAct_9fa48("355") ? false : stryMutAct_9fa48("354") ? true : (stryCov_9fa48("354", "355", "356"), d === 0)) ? 0 : stryMutAct_9fa48("357") ? (n - judgedRetrieved(rc, n)) * d : (stryCov_9fa48("357"), (stryMutAct_9fa48("358") ? n + judgedRetrieved(rc, n) : (stryCov_9fa48("358"), n - judgedRetrieved(rc, n))) / d);
  }
}

/** Judged@k or Unjudged@k as its fraction. */
export function explainJudgedShare(rc: RankedCase, k: number | null, judged: boolean, metric: string): Explanation {
  if (stryMutAct_9fa48("359")) {
    {}
  } else {
    stryCov_9fa48("359");
    const d = stryMutAct_9fa48("360") ? k && rc.ids.length : (stryCov_9fa48("360"), k ?? rc.ids.length);
    const n = stryMutAct_9fa48("361") ? Math.max(d, rc.ids.length) : (stryCov_9fa48("361"), Math.min(d, rc.ids.length));
    const terms = stryMutAct_9fa48("362") ? ["Stryker was here"] : (stryCov_9fa48("362"), []);
    for (let r = 0; stryMutAct_9fa48("365") ? r >= n : stryMutAct_9fa48("364") ? r <= n : stryMutAct_9fa48("363") ? false : (stryCov_9fa48("363", "364", "365"), r < n); stryMutAct_9fa48("366") ? r-- : (stryCov_9fa48("366"), r++)) {
      if (stryMutAct_9fa48("367")) {
        {}
      } else {
        stryCov_9fa48("367");
        if (stryMutAct_9fa48("370") ? rc.judged[r] === 1 !== judged : stryMutAct_9fa48("369") ? false : stryMutAct_9fa48("368") ? true : (stryCov_9fa48("368", "369", "370"), (stryMutAct_9fa48("373") ? rc.judged[r] !== 1 : stryMutAct_9fa48("372") ? false : stryMutAct_9fa48("371") ? true : (stryCov_9fa48("371", "372", "373"), rc.judged[r] === 1)) === judged)) terms.push(stryMutAct_9fa48("374") ? {} : (stryCov_9fa48("374"), {
          rank: stryMutAct_9fa48("375") ? r - 1 : (stryCov_9fa48("375"), r + 1),
          id: rc.ids[r],
          grade: rc.grades[r],
          relevant: stryMutAct_9fa48("378") ? rc.relevant[r] !== 1 : stryMutAct_9fa48("377") ? false : stryMutAct_9fa48("376") ? true : (stryCov_9fa48("376", "377", "378"), rc.relevant[r] === 1),
          contribution: 1
        }));
      }
    }
    const formula = judged ? stryMutAct_9fa48("379") ? "" : (stryCov_9fa48("379"), 'Judged@k = |judged ∩ top k| / k (judged: labeled with a grade ≥ 0)') : stryMutAct_9fa48("380") ? "" : (stryCov_9fa48("380"), 'Unjudged@k = |unjudged ∩ top k| / k (missing ranks count as judged)');
    return fractionExplanation(metric, formula, terms.length, d, terms);
  }
}