/**
 * trec_eval's measure table: its names, in the order trec_eval prints them, with the Ranklens family
 * each one computes, its default parameters and how it prints. A Ranklens spec that trec_eval also
 * computes gets trec_eval's name ("P@5" → "P_5", "IPrec@0.5" → "iprec_at_recall_0.50").
 */
import { Family, MetricSpec, UTILITY_DEFAULT } from './metricNames';

/** How a trec_eval measure takes parameters: whole cutoffs, decimal levels, or one parameter string. */
export type TrecKind = 'single' | 'cutoffs' | 'levels' | 'params' | 'pairs';

export interface TrecMeasure {
  name: string;
  family: Family;
  kind: TrecKind;
  /** Default cutoffs or levels (cutoffs, levels) or parameter values (params). */
  defaults?: readonly number[];
  /** Printed as a whole number (the counts). */
  long?: boolean;
  /** Printed only in the summary, not per query (-q). */
  summaryOnly?: boolean;
}

const CUTS: readonly number[] = [5, 10, 15, 20, 30, 100, 200, 500, 1000];

/** trec_eval's table, in its print order (runid and relstring are not measures here). */
export const TREC_MEASURES: readonly TrecMeasure[] = [
  { name: 'num_q', family: 'NumQ', kind: 'single', long: true, summaryOnly: true },
  { name: 'num_ret', family: 'NumRet', kind: 'single', long: true },
  { name: 'num_rel', family: 'NumRel', kind: 'single', long: true },
  { name: 'num_rel_ret', family: 'NumRelRet', kind: 'single', long: true },
  { name: 'map', family: 'AP', kind: 'single' },
  { name: 'gm_map', family: 'gmAP', kind: 'single', summaryOnly: true },
  { name: 'Rprec', family: 'Rprec', kind: 'single' },
  { name: 'bpref', family: 'Bpref', kind: 'single' },
  { name: 'recip_rank', family: 'RR', kind: 'single' },
  { name: 'iprec_at_recall', family: 'IPrec', kind: 'levels', defaults: [0, 0.1, 0.2, 0.3, 0.4, 0.5, 0.6, 0.7, 0.8, 0.9, 1] },
  { name: 'P', family: 'P', kind: 'cutoffs', defaults: CUTS },
  { name: 'recall', family: 'R', kind: 'cutoffs', defaults: CUTS },
  { name: 'infAP', family: 'infAP', kind: 'single' },
  { name: 'gm_bpref', family: 'gmBpref', kind: 'single', summaryOnly: true },
  { name: 'Rprec_mult', family: 'RprecMult', kind: 'levels', defaults: [0.2, 0.4, 0.6, 0.8, 1, 1.2, 1.4, 1.6, 1.8, 2] },
  { name: 'utility', family: 'Utility', kind: 'params', defaults: UTILITY_DEFAULT },
  { name: '11pt_avg', family: '11ptAvg', kind: 'single' },
  { name: 'binG', family: 'binG', kind: 'single' },
  { name: 'G', family: 'G', kind: 'single' },
  { name: 'ndcg', family: 'nDCG', kind: 'single' },
  { name: 'ndcg_rel', family: 'nDCGrel', kind: 'single' },
  { name: 'Rndcg', family: 'Rndcg', kind: 'single' },
  { name: 'ndcg_cut', family: 'nDCG', kind: 'cutoffs', defaults: CUTS },
  { name: 'map_cut', family: 'AP', kind: 'cutoffs', defaults: CUTS },
  { name: 'relative_P', family: 'RelP', kind: 'cutoffs', defaults: CUTS },
  { name: 'success', family: 'Success', kind: 'cutoffs', defaults: [1, 5, 10] },
  { name: 'set_P', family: 'SetP', kind: 'single' },
  { name: 'set_relative_P', family: 'SetRelP', kind: 'single' },
  { name: 'set_recall', family: 'SetR', kind: 'single' },
  { name: 'set_map', family: 'SetAP', kind: 'single' },
  { name: 'set_F', family: 'SetF', kind: 'params', defaults: [1] },
  { name: 'num_nonrel_judged_ret', family: 'NumNonrelJudgedRet', kind: 'single', long: true },
  { name: 'rbp', family: 'RBP', kind: 'pairs' },
  { name: 'rbp_resid', family: 'RBPresid', kind: 'pairs' },
  { name: 'unj', family: 'Unjudged', kind: 'cutoffs', defaults: [5, 10, 20] },
];

/** trec_eval's nicknames for measure sets (runid is printed first by each of them). */
export const TREC_NICKNAMES: Readonly<Record<string, readonly string[]>> = {
  official: [
    'runid',
    'num_q',
    'num_ret',
    'num_rel',
    'num_rel_ret',
    'map',
    'gm_map',
    'Rprec',
    'bpref',
    'recip_rank',
    'iprec_at_recall',
    'P',
  ],
  all_trec: [
    'runid',
    'num_q',
    'num_ret',
    'num_rel',
    'num_rel_ret',
    'map',
    'gm_map',
    'Rprec',
    'bpref',
    'recip_rank',
    'iprec_at_recall',
    'P',
    'relstring',
    'recall',
    'unj',
    'rbp',
    'rbp_resid',
    'infAP',
    'gm_bpref',
    'utility',
    '11pt_avg',
    'ndcg',
    'relative_P',
    'Rprec_mult',
    'success',
    'map_cut',
    'ndcg_cut',
    'ndcg_rel',
    'Rndcg',
    'binG',
    'G',
    'set_P',
    'set_recall',
    'set_relative_P',
    'set_map',
    'set_F',
    'num_nonrel_judged_ret',
  ],
  set: ['runid', 'num_q', 'num_ret', 'num_rel', 'num_rel_ret', 'utility', 'set_P', 'set_recall', 'set_relative_P', 'set_map', 'set_F'],
};

/** The measure of that trec_eval name, case-sensitive as trec_eval is. */
export function trecMeasure(name: string): TrecMeasure | undefined {
  return TREC_MEASURES.find((m) => m.name === name);
}

/** The trec_eval measure and printed name of a spec, or undefined when trec_eval has no such measure. */
export function trecEvalName(spec: MetricSpec): { measure: TrecMeasure; name: string; order: number } | undefined {
  if (spec.rel !== undefined || spec.gains || spec.levels) return undefined;
  for (let i = 0; i < TREC_MEASURES.length; i++) {
    const m = TREC_MEASURES[i];
    if (m.family !== spec.family) continue;
    if (m.kind === 'cutoffs' && spec.k !== null) return { measure: m, name: `${m.name}_${spec.k}`, order: i };
    if (m.kind === 'levels' && spec.param !== undefined) return { measure: m, name: `${m.name}_${spec.param.toFixed(2)}`, order: i };
    if (m.kind === 'cutoffs' || m.kind === 'levels' || spec.k !== null) continue;
    if (m.kind === 'params' && m.family === 'SetF' && spec.param !== undefined && spec.param !== 1)
      return { measure: m, name: `${m.name}_${spec.param}`, order: i };
    if (m.kind === 'params' && m.family === 'Utility' && spec.coefficients && spec.coefficients.join() !== UTILITY_DEFAULT.join()) {
      return { measure: m, name: `${m.name}_${spec.coefficients.join(',')}`, order: i };
    }
    if (m.kind === 'pairs' && spec.param !== undefined && spec.param !== 0.9)
      return { measure: m, name: `${m.name}_p=${spec.param}`, order: i };
    return { measure: m, name: m.name, order: i };
  }
  return undefined;
}
