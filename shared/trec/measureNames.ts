/**
 * The measures of `ranklens trec -m`: trec_eval's names, parameters and nicknames (P.5,10  ndcg_cut.10
 * map  iprec_at_recall..25,.5  official  all_trec  set), read as trec_eval reads them, and Ranklens
 * names (P@5, nDCG@10, AP, ERR@10, RBP(p=0.8), P(rel=2)@10). Each becomes one printed row.
 * Parameters are numbers as trec_eval's C reads them (atol for cutoffs, atof for the rest).
 */
import { MetricSpec, TAKES_NO_CUTOFF, metricName, parseMetricName } from '../core/metricNames';
import { TREC_NICKNAMES, TrecMeasure, trecEvalName, trecMeasure } from '../core/trecEvalNames';
import { cAtof as atof, cAtol as atol } from './read/cNumbers';

/** What `ranklens trec` computes when no -m is given: trec_eval's official set. */
export const DEFAULT_TREC_MEASURES: readonly string[] = ['official'];

/** One printed measure. */
export interface TrecRow {
  spec: MetricSpec;
  /** trec_eval's printed name ("P_5", "iprec_at_recall_0.10", "set_F_0.5"), or the Ranklens name. */
  trecName: string;
  /** Printed as a whole number (trec_eval's counts). */
  long: boolean;
  /** Printed only in the summary (num_q, gm_map, gm_bpref). */
  summaryOnly: boolean;
  /** trec_eval's table position (Ranklens-only measures come after, in the order written). */
  order: number;
}

export interface TrecMeasureList {
  rows: TrecRow[];
  /** Print the "runid" line (official, all_trec and set ask for it). */
  runid: boolean;
  /** trec_eval's relstring (per query only): how many documents, and its printed name. */
  relstring?: { length: number; name: string };
  errors: string[];
}

/** Parses the -m values; collection: trec_eval's -N, the collection size utility uses. */
export function parseTrecMeasures(values: readonly string[], collection = 0): TrecMeasureList {
  const marked = new Map<string, string | undefined>();
  const extra: MetricSpec[] = [];
  const errors: string[] = [];
  let runid = false;
  const mark = (name: string, params: string | undefined) => {
    if (!marked.has(name) || (marked.get(name) === undefined && params !== undefined)) marked.set(name, marked.get(name) ?? params);
  };
  for (const value of values) {
    const dot = value.indexOf('.');
    const base = dot < 0 ? value : value.slice(0, dot);
    const params = dot < 0 ? undefined : value.slice(dot + 1);
    if (Object.prototype.hasOwnProperty.call(TREC_NICKNAMES, base)) {
      for (const n of TREC_NICKNAMES[base])
        if (n === 'runid') runid = true;
        else mark(n, undefined);
      continue;
    }
    if (base === 'runid') {
      runid = true;
      continue;
    }
    if (trecMeasure(base) || base === 'relstring') {
      if (params === '') errors.push(`-m ${value}: no parameters after the point.`);
      else mark(base, params);
      continue;
    }
    ranklensNames(value, extra, errors);
  }
  const rows: TrecRow[] = [];
  let relstring: TrecMeasureList['relstring'];
  for (const [name, params] of marked) {
    if (name === 'relstring') {
      relstring = { length: params === undefined ? 10 : Math.trunc(atof(params)), name: params === undefined ? name : `${name}_${params}` };
      continue;
    }
    const measure = trecMeasure(name)!;
    const expanded = expand(measure, params, collection);
    if ('error' in expanded) errors.push(expanded.error);
    else rows.push(...expanded.rows);
  }
  for (const spec of extra) {
    if (spec.family === 'Utility') spec.param = collection;
    const trec = trecEvalName(spec);
    const row: TrecRow = trec
      ? { spec, trecName: trec.name, long: !!trec.measure.long, summaryOnly: !!trec.measure.summaryOnly, order: trec.order }
      : { spec, trecName: metricName(spec), long: false, summaryOnly: false, order: 1000 + rows.length };
    if (!rows.some((r) => r.trecName === row.trecName)) rows.push(row);
  }
  rows.sort((a, b) => a.order - b.order || sub(a.spec) - sub(b.spec));
  return { rows, runid, errors, relstring };
}

/** Where relstring prints among the rows: right after P, as in trec_eval's table. */
export const RELSTRING_ORDER = trecEvalName({ family: 'P', k: 1 })!.order + 0.5;

function sub(spec: MetricSpec): number {
  return spec.k ?? spec.param ?? 0;
}

/** Ranklens names, several per value with commas; a bare number continues the previous name ("P@5,10"). */
function ranklensNames(value: string, out: MetricSpec[], errors: string[]): void {
  let previous: string | undefined;
  for (const raw of splitNames(value)) {
    const part = raw.trim();
    if (part === '') continue;
    const text = /^\d+$/.test(part) && previous ? `${previous}@${part}` : part;
    const parsed = parseMetricName(text);
    previous = text.replace(/[@._]\d+$/, '');
    if (!parsed.ok) {
      errors.push(`-m ${text}: ${parsed.message}`);
      continue;
    }
    if (parsed.cutoff === 'each') {
      errors.push(`-m ${text}: write the cutoffs, e.g. ${parsed.family}@10.`);
      continue;
    }
    const extras = {
      ...(parsed.param !== undefined ? { param: parsed.param } : {}),
      ...(parsed.rel !== undefined ? { rel: parsed.rel } : {}),
      ...(parsed.coefficients ? { coefficients: parsed.coefficients } : {}),
    };
    if (typeof parsed.cutoff === 'number') out.push({ family: parsed.family, k: parsed.cutoff, ...extras });
    else if (TAKES_NO_CUTOFF.has(parsed.family)) out.push({ family: parsed.family, k: null, ...extras });
    else
      errors.push(
        `-m ${text}: ${parsed.family} needs a cutoff, e.g. ${parsed.family}@10 (or trec_eval's ${parsed.family === 'R' ? 'recall' : parsed.family}.5,10).`,
      );
  }
}

/** Splits a list of metric names on commas, except those inside parentheses: "RBP(p=0.8),Utility(a=2,b=-1)". */
export function splitNames(value: string): string[] {
  const out: string[] = [];
  let depth = 0;
  let start = 0;
  for (let i = 0; i < value.length; i++) {
    if (value[i] === '(') depth++;
    else if (value[i] === ')') depth--;
    else if (value[i] === ',' && depth === 0) {
      out.push(value.slice(start, i));
      start = i + 1;
    }
  }
  out.push(value.slice(start));
  return out;
}

/** One trec_eval measure with its parameters (or defaults) as printed rows. */
function expand(m: TrecMeasure, params: string | undefined, collection: number): { rows: TrecRow[] } | { error: string } {
  const order = tableOrder(m);
  const row = (spec: MetricSpec, trecName: string): TrecRow => ({ spec, trecName, long: !!m.long, summaryOnly: !!m.summaryOnly, order });
  switch (m.kind) {
    case 'single':
      if (params === undefined) return { rows: [row({ family: m.family, k: null }, m.name)] };
      if (m.name === '11pt_avg') {
        const levels = params
          .split(',')
          .map(atof)
          .sort((a, b) => a - b);
        if (levels.some((c, i) => i > 0 && c === levels[i - 1])) return { error: `-m ${m.name}.${params}: duplicate cutoffs.` };
        return { rows: [row({ family: m.family, k: null, levels }, `${m.name}_${params}`)] };
      }
      if (m.name === 'ndcg') {
        const gains: [number, number][] = [];
        for (const pair of params.split(',')) {
          const kv = /^([^=]*)=(.*)$/.exec(pair);
          if (!kv) return { error: `-m ${m.name}.${params}: parameters are grade=gain pairs.` };
          // trec_eval ignores a name that is not a whole number.
          if (/^[-+]?\d+$/.test(kv[1])) gains.push([Number(kv[1]), atof(kv[2])]);
        }
        return { rows: [row({ family: m.family, k: null, gains }, `${m.name}_${params}`)] };
      }
      return { error: `-m ${m.name}.${params}: Ranklens does not take parameters for ${m.name}.` };
    case 'cutoffs': {
      const cuts =
        params === undefined
          ? [...m.defaults!]
          : params
              .split(',')
              .map(atol)
              .sort((a, b) => a - b);
      if (cuts[0] <= 0) return { error: `-m ${m.name}.${params}: cutoffs must be positive.` };
      if (cuts.some((c, i) => i > 0 && c === cuts[i - 1])) return { error: `-m ${m.name}.${params}: duplicate cutoffs.` };
      return { rows: cuts.map((k) => row({ family: m.family, k }, `${m.name}_${k}`)) };
    }
    case 'levels': {
      const levels =
        params === undefined
          ? [...m.defaults!]
          : params
              .split(',')
              .map(atof)
              .sort((a, b) => a - b);
      if (levels.some((c, i) => i > 0 && c === levels[i - 1])) return { error: `-m ${m.name}.${params}: duplicate cutoffs.` };
      return { rows: levels.map((param) => row({ family: m.family, k: null, param }, `${m.name}_${param.toFixed(2)}`)) };
    }
    case 'params': {
      const values = params === undefined ? [...m.defaults!] : params.split(',').map(atof);
      const name = params === undefined ? m.name : `${m.name}_${params}`;
      if (m.family === 'Utility') {
        if (values.length !== 4) return { error: `-m ${m.name}.${params}: utility takes four coefficients.` };
        return { rows: [row({ family: 'Utility', k: null, coefficients: values, param: collection }, name)] };
      }
      return { rows: [row({ family: m.family, k: null, param: values[0] }, name)] };
    }
    case 'pairs': {
      let p = 0.9;
      if (params !== undefined) {
        for (const pair of params.split(',')) {
          const kv = /^([^=]*)=(.*)$/.exec(pair);
          if (!kv) return { error: `-m ${m.name}.${params}: parameters are name=value pairs.` };
          if (kv[1] === 'p') p = atof(kv[2]);
        }
      }
      return { rows: [row({ family: m.family, k: null, param: p }, params === undefined ? m.name : `${m.name}_${params}`)] };
    }
  }
}

function tableOrder(m: TrecMeasure): number {
  return trecEvalName(
    m.kind === 'cutoffs'
      ? { family: m.family, k: 1 }
      : m.kind === 'levels'
        ? { family: m.family, k: null, param: 0 }
        : { family: m.family, k: null },
  )!.order;
}
