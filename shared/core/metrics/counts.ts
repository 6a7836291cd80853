/** trec_eval's counts: num_q, num_ret, num_rel, num_rel_ret, num_nonrel_judged_ret (summed over queries, not averaged). */
import { Explanation } from '../explanation';
import { MetricSpec } from '../metricNames';
import { RankedCase } from '../ranking';
import { judgedRetrieved, relevantRetrieved } from './judgements';

type CountFamily = 'NumQ' | 'NumRet' | 'NumRel' | 'NumRelRet' | 'NumNonrelJudgedRet';

/** The count a family names on one case. */
export function count(rc: RankedCase, family: CountFamily): number {
  switch (family) {
    case 'NumQ':
      return 1;
    case 'NumRet':
      return rc.count;
    case 'NumRel':
      return rc.nRelevant;
    case 'NumRelRet':
      return relevantRetrieved(rc);
    case 'NumNonrelJudgedRet':
      return judgedRetrieved(rc) - relevantRetrieved(rc);
  }
}

const WHAT: Readonly<Record<CountFamily, string>> = {
  NumQ: 'NumQ = 1 per case (the run figure is the number of cases)',
  NumRet: 'NumRet = number of ranked items',
  NumRel: 'NumRel = number of relevant labels (R)',
  NumRelRet: 'NumRelRet = number of relevant items ranked',
  NumNonrelJudgedRet: 'NumNonrelJudgedRet = ranked items judged (grade ≥ 0) but not relevant',
};

/** A count with the items it counts. */
export function explainCount(rc: RankedCase, spec: MetricSpec & { family: CountFamily }): Explanation {
  const value = count(rc, spec.family);
  const terms = [];
  for (let r = 0; r < rc.count; r++) {
    const counted =
      spec.family === 'NumRet' ||
      (spec.family === 'NumRelRet' && rc.relevant[r] === 1) ||
      (spec.family === 'NumNonrelJudgedRet' && rc.judged[r] === 1 && rc.relevant[r] === 0);
    if (counted) terms.push({ rank: r + 1, id: rc.ids[r], grade: rc.grades[r], relevant: rc.relevant[r] === 1, contribution: 1 });
  }
  return {
    metric: spec.family,
    value,
    formula: WHAT[spec.family],
    terms,
    numerator: value,
    denominator: 1,
    knobs: [],
    arithmetic: `${value} (the run figure adds the cases up)`,
  };
}
