/** R-precision: precision at rank R, where R is the number of relevant items. */
import { Convention } from '../conventions';
import { Explanation, fmt } from '../explanation';
import { hitsAt, hitTerms } from './hits';
import { RankedCase } from '../ranking';

/** Rprec = hits in the top R / R (R > 0). */
export function rPrecision(rc: RankedCase): number {
  return hitsAt(rc, rc.nRelevant) / rc.nRelevant;
}

/** Rprec with its hits and R. */
export function explainRPrecision(rc: RankedCase, conv: Convention): Explanation {
  const hits = hitsAt(rc, rc.nRelevant);
  const value = hits / rc.nRelevant;
  return {
    metric: 'Rprec',
    value,
    formula: 'Rprec = |relevant ∩ top R| / R,  R = |relevant|',
    terms: hitTerms(rc, rc.nRelevant),
    numerator: hits,
    denominator: rc.nRelevant,
    knobs: [{ knob: 'relevantPool', value: conv.relevantPool, effect: `R = ${rc.nRelevant}` }],
    arithmetic: `${hits} / ${rc.nRelevant} = ${fmt(value)}`,
  };
}
