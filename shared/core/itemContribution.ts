/**
 * What one predicted item adds to each metric of its case, read off the metric explanations so that
 * the numbers always agree with the values (the hover on a predicted item).
 */
import { Convention } from './conventions';
import { fmt, num } from './explanation';
import { DEFAULT_FAMILIES, MetricSpec, metricName } from './metricNames';
import { Explanation } from './explanation';
import { explainMetric, fixedValue } from './metrics/dispatch';
import { RankedCase } from './ranking';

export interface ItemContribution {
  metric: string;
  /** What the item adds to the value; null where the metric is not a sum over items (F1). */
  amount: number | null;
  /** How, with this case's numbers: "1 / 3", "outside the top 3", "not the first hit". */
  how: string;
}

/** Where a prediction ended up: its 1-based rank, or null when the convention dropped it. */
export function rankOfPrediction(rc: RankedCase, predictionIndex: number): number | null {
  const r = rc.source.indexOf(predictionIndex);
  return r < 0 ? null : r + 1;
}

/** The contribution of the item at a rank to every spec. */
export function itemContributions(rc: RankedCase, rank: number, specs: readonly MetricSpec[], conv: Convention): ItemContribution[] {
  const fixed = fixedValue(rc, conv);
  return specs.map((spec) => {
    const metric = metricName(spec);
    if (fixed) return { metric, amount: null, how: fixed.note };
    const cut = spec.family === 'Rprec' ? rc.nRelevant : spec.k;
    if (cut !== null && rank > cut) return { metric, amount: 0, how: `outside the top ${cut}` };
    return { metric, ...contribution(rc, rank, spec, conv) };
  });
}

/**
 * What the item at each rank (index 0 is rank 1) adds to one measure, the measure explained once: a
 * measure's value is the sum of these amounts wherever it is a sum over items (null where it is not).
 */
export function rankContributions(rc: RankedCase, spec: MetricSpec, conv: Convention): ItemContribution[] {
  const metric = metricName(spec);
  const fixed = fixedValue(rc, conv, spec);
  const ex = fixed ? undefined : explainMetric(rc, spec, conv);
  const cut = spec.family === 'Rprec' ? rc.nRelevant : spec.k;
  return Array.from({ length: rc.count }, (_, r) => {
    if (fixed) return { metric, amount: fixed.value === 0 ? 0 : null, how: fixed.note };
    if (cut !== null && r + 1 > cut) return { metric, amount: 0, how: `outside the top ${cut}` };
    return { metric, ...contribution(rc, r + 1, spec, conv, ex) };
  });
}

function contribution(
  rc: RankedCase,
  rank: number,
  spec: MetricSpec,
  conv: Convention,
  ex: Explanation = explainMetric(rc, spec, conv),
): Omit<ItemContribution, 'metric'> {
  const term = ex.terms.find((t) => t.rank === rank);
  const relevant = rc.relevant[rank - 1] === 1;
  if (!DEFAULT_FAMILIES.includes(spec.family) && spec.family !== 'gmAP') {
    // The other measures list the ranks they count; value = Σ contribution / denominator (1 each when none is given).
    const d = ex.denominator;
    if (!term) return { amount: 0, how: 'adds nothing' };
    const c = term.contribution ?? 1;
    if (d === 0) return { amount: 0, how: 'denominator 0' };
    return { amount: c / d, how: d === 1 ? num(c) : `${num(c)} / ${num(d)}` };
  }
  switch (spec.family) {
    case 'DCG':
      return { amount: term?.contribution ?? 0, how: term ? `${fmt(term.gain!)} · ${fmt(term.discount!)}` : 'no gain' };
    case 'nDCG':
      if (!term || ex.denominator === 0) return { amount: 0, how: ex.denominator === 0 ? 'IDCG = 0' : 'no gain' };
      return {
        amount: term.contribution! / ex.denominator,
        how: `${fmt(term.gain!)} · ${fmt(term.discount!)} / IDCG ${fmt(ex.denominator)}`,
      };
    case 'F1':
      return { amount: null, how: relevant ? 'a hit: counts in both P and R' : 'not relevant' };
  }
  if (!relevant) return { amount: 0, how: 'not relevant' };
  if (spec.family === 'RR' || spec.family === 'Success') {
    return ex.terms[0]?.rank === rank
      ? { amount: ex.value, how: spec.family === 'RR' ? `the first hit: 1 / ${rank}` : 'the first hit' }
      : { amount: 0, how: 'not the first hit' };
  }
  if (!term) return { amount: 0, how: 'not counted' };
  switch (spec.family) {
    case 'AP':
    case 'gmAP':
      return {
        amount: ex.denominator === 0 ? 0 : term.contribution! / ex.denominator,
        how: `P@${rank} = ${fmt(term.contribution!)}, / D = ${num(ex.denominator)}`,
      };
    default:
      return { amount: 1 / ex.denominator, how: `1 hit / ${num(ex.denominator)}` };
  }
}
