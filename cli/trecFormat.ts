/**
 * trec_eval's text layout: "%-22s\t%s\t%6.4f" per value ("%ld" for counts), per query with -q in
 * trec_eval's table order, then the summary over "all" (-n leaves it out).
 */
import { MetricSpec, naturalOrder } from '../shared/core';
import { TrecRow } from '../shared/trec';
import { csvNumber, csvTable, latexTable, latexText, markdownTable, markdownText } from './table';

/**
 * C's printf("%6.4f"): toFixed(4) rounds the exact binary value as C does, except at an exact tie
 * (possible only for multiples of 1/32), which C rounds to even. NaN prints as C prints 0.0/0.0.
 */
export function cFixed4(v: number): string {
  if (Number.isNaN(v)) return '  -nan';
  if (!Number.isFinite(v)) return v > 0 ? '   inf' : '  -inf';
  const t = v * 20000;
  if (Number.isInteger(v * 32) && Number.isInteger(t) && Math.abs(t) % 2 === 1) {
    const n = Math.abs(t) / 2; // an integer plus one half, in units of 0.0001
    const down = Math.floor(n);
    const even = down % 2 === 0 ? down : down + 1;
    const text = (even / 10000).toFixed(4);
    return v < 0 ? `-${text}` : text;
  }
  return v.toFixed(4);
}

/** One value as trec_eval prints it; cName false: NaN as Ranklens spells it. */
export function trecValue(v: number, long: boolean, cName = true): string {
  if (Number.isNaN(v) && !cName) return 'NaN';
  if (long) return Number.isFinite(v) ? String(Math.trunc(v)) : cFixed4(v);
  return cFixed4(v);
}

export interface TrecTextInput {
  rows: TrecRow[];
  /** Names to print: trec_eval's (trec_eval convention) or Ranklens's. */
  names: string[];
  queries: { qid: string; values: number[] }[];
  /** The run figure per row. */
  summary: number[];
  runid?: string;
  /** trec_eval's relstring per query (printed after the rows up to relstringOrder). */
  relstring?: { name: string; order: number; values: string[] };
  perQuery: boolean;
  summaryLine: boolean;
  /** NaN printed as trec_eval prints it ("  -nan"), or as Ranklens does ("NaN"). */
  cNaN: boolean;
  /** Means computed on partial files: this line goes right before the summary (after the values, without one). */
  partial?: string;
  /** The benchmark whose official evaluation was applied: a first line `benchmark  all  NAME` says so. */
  benchmark?: string;
}

/** The whole text output. */
export function trecText(input: TrecTextInput): string {
  const out: string[] = [];
  const line = (name: string, qid: string, value: string) => out.push(`${name.padEnd(22)}\t${qid}\t${value}\n`);
  if (input.benchmark !== undefined) line('benchmark', 'all', input.benchmark);
  if (input.perQuery) {
    const rs = input.relstring;
    input.queries.forEach((q, i) => {
      let printed = rs === undefined;
      input.rows.forEach((r, j) => {
        if (!printed && r.order > rs!.order) {
          line(rs!.name, q.qid, `'${rs!.values[i]}'`);
          printed = true;
        }
        if (!r.summaryOnly) line(input.names[j], q.qid, trecValue(q.values[j], r.long, input.cNaN));
      });
      if (!printed) line(rs!.name, q.qid, `'${rs!.values[i]}'`);
    });
  }
  if (input.partial !== undefined && input.summaryLine) out.push(`${input.partial}\n`);
  if (input.summaryLine) {
    if (input.runid !== undefined) line('runid', 'all', input.runid);
    input.rows.forEach((r, j) => line(input.names[j], 'all', trecValue(input.summary[j], r.long, input.cNaN)));
  }
  if (input.partial !== undefined && !input.summaryLine) out.push(`${input.partial}\n`);
  return out.join('');
}

/**
 * The same figures as a table for a document (markdown, latex) or a spreadsheet (csv): with -q a row
 * per query, in query order (numeric ids by value: 1, 2, 10; trec_eval's text keeps 1, 10, 2), then
 * the summary row "all" (-n leaves it out); a column per measure. Markdown and LaTeX show 4 decimals
 * and counts as whole numbers; CSV full precision, under a run and a row column (query or all).
 * Figures computed on partial files are marked in the table itself: the summary row is "all
 * (PARTIAL)" (CSV: the run is "name (PARTIAL)" on every row), and the PARTIAL line comes before the
 * table (in LaTeX as a comment).
 */
export function trecTable(format: 'markdown' | 'latex' | 'csv', input: TrecTextInput, runName: string): string {
  const byId = new Map(input.queries.map((q) => [q.qid, q.values]));
  const ids = input.perQuery ? naturalOrder(byId.keys()) : [];
  const cell = (j: number, v: number, query: boolean) =>
    query && input.rows[j].summaryOnly ? '' : format === 'csv' ? csvNumber(v) : trecValue(v, input.rows[j].long, false);
  const queryRows = ids.map((id) => input.rows.map((_, j) => cell(j, byId.get(id)![j], true)));
  const summary = input.summaryLine ? input.rows.map((_, j) => cell(j, input.summary[j], false)) : undefined;
  const mark = input.partial !== undefined ? ' (PARTIAL)' : '';
  switch (format) {
    case 'csv': {
      // CSV has no place for a note: the run's name carries the mark, so that no row is read as the whole file's.
      const run = `${runName}${mark}`;
      return csvTable(
        ['run', 'row', 'query', ...input.names],
        [...ids.map((id, i) => [run, 'query', id, ...queryRows[i]]), ...(summary ? [[run, 'all', '', ...summary]] : [])],
      );
    }
    case 'markdown':
      return `${input.partial !== undefined ? `${input.partial}\n\n` : ''}${markdownTable(['query', ...input.names].map(markdownText), [
        ...ids.map((id, i) => [markdownText(id), ...queryRows[i]]),
        ...(summary ? [[`**all${mark}**`, ...summary.map((v) => `**${v}**`)]] : []),
      ])}\n`;
    case 'latex':
      return `${input.partial !== undefined ? `% ${input.partial}\n` : ''}${latexTable(
        ['Query', ...input.names].map(latexText),
        ids.map((id, i) => [latexText(id), ...queryRows[i]]),
        `l${'r'.repeat(input.rows.length)}`,
        summary ? [[`All${mark}`, ...summary]] : [],
      )}\n`;
  }
}

/** The specs of the rows, in row order. */
export function rowSpecs(rows: readonly TrecRow[]): MetricSpec[] {
  return rows.map((r) => r.spec);
}
