/**
 * trec_eval's set measures, which ignore the order of the ranking: precision, relative precision,
 * recall, "set map" and F over everything retrieved (set_P, set_relative_P, set_recall, set_map, set_F).
 */
import { Explanation } from '../explanation';
import { RankedCase } from '../ranking';
import { fractionExplanation, relevantRetrieved } from './judgements';

type SetFamily = 'SetP' | 'SetRelP' | 'SetR' | 'SetAP' | 'SetF';

function parts(rc: RankedCase, family: SetFamily, beta: number): { numerator: number; denominator: number; formula: string } {
  const hits = relevantRetrieved(rc);
  const ret = rc.count;
  const R = rc.nRelevant;
  switch (family) {
    case 'SetP':
      return { numerator: hits, denominator: ret, formula: 'SetP = relevant retrieved / retrieved' };
    case 'SetRelP':
      return { numerator: hits, denominator: ret && R ? Math.min(ret, R) : 0, formula: 'SetRelP = relevant retrieved / min(retrieved, R)' };
    case 'SetR':
      return { numerator: hits, denominator: R, formula: 'SetR = relevant retrieved / R' };
    case 'SetAP':
      return { numerator: hits * hits, denominator: ret && R ? ret * R : 0, formula: 'SetAP = relevant retrieved² / (retrieved · R)' };
    case 'SetF': {
      // (β+1)·P·R / (β·P + R) with P = h/ret and R = h/R is (β+1)·h / (β·R + ret).
      if (hits === 0) return { numerator: 0, denominator: 0, formula: 'SetF = (β+1)·P·R / (β·P + R)' };
      const P = hits / ret;
      const Rc = hits / R;
      return { numerator: (beta + 1) * P * Rc, denominator: beta * P + Rc, formula: `SetF = (β+1)·P·R / (β·P + R), β = ${beta}` };
    }
  }
}

/** The value of a set measure (0 when its denominator is 0). */
export function setMeasure(rc: RankedCase, family: SetFamily, beta = 1): number {
  const { numerator, denominator } = parts(rc, family, beta);
  return denominator === 0 ? 0 : numerator / denominator;
}

/** A set measure as its fraction. */
export function explainSetMeasure(rc: RankedCase, family: SetFamily, metric: string, beta = 1): Explanation {
  const { numerator, denominator, formula } = parts(rc, family, beta);
  return fractionExplanation(metric, formula, numerator, denominator);
}
