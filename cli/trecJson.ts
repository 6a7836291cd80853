/**
 * The JSON report of `ranklens trec`, one shape for one run and for several: the qrels, the
 * convention, whether the evaluation was refused, each run (its name, file, means, every query's
 * values, what was read and what its figures leave out), the comparisons of pairs of runs (none for
 * one run) and the significance test that made them (null for one run). See cli/jsonReport.ts for the
 * parts every command shares.
 */
import { Benchmark, ResolvedConvention, metricName, naturalOrder, trecEvalName } from '../shared/core';
import { TrecCounts, TrecPartial, TrecRow } from '../shared/trec';
import { CompareOptions, SystemComparison } from '../shared/stats';
import { MeasureNames, jsonNumber, jsonReport, measured, measuredMeans } from './jsonReport';
import { ReportFinding } from './report';

/** One run as the report holds it. */
export interface TrecJsonRun {
  name: string;
  file: string;
  /** The run's figures, one per measure: what its text output shows. */
  means: readonly number[];
  /** Per measure, the queries the mean left out because their value is NaN. */
  excluded: readonly number[];
  /** Every evaluated query, ids as text, values one per measure. */
  queries: readonly { qid: string; values: readonly number[] }[];
  counts: TrecCounts;
  /**
   * What was left out of the files when the figures were computed on part of them (the evaluation went
   * on past a problem: --keep-going, or a preset that skips lines); absent when every line was read.
   */
  partial?: TrecPartial;
}

/** The comparisons of several runs: per measure the pairs (the same for every measure), and with -q each pair's per-query differences. */
export interface TrecJsonComparisons {
  rows: readonly (readonly SystemComparison[])[];
  perQuery?: readonly (readonly (readonly { qid: string; diff: number }[])[])[];
  options: CompareOptions;
  /** The baseline run's index, or all pairs. */
  baseline: number | 'all';
}

export interface TrecJsonInput {
  qrels: string;
  convention: ResolvedConvention;
  /** The benchmark --benchmark applied, if any. */
  benchmark?: Benchmark;
  measures: readonly MeasureNames[];
  runs: readonly TrecJsonRun[];
  comparisons?: TrecJsonComparisons;
  /**
   * Nothing evaluated: under trec_eval's convention a file holds a problem trec_eval stops at (see
   * stoppingProblems). The runs are listed with what was read, without a figure; the findings say why.
   */
  refused?: boolean;
  findings: readonly ReportFinding[];
}

/** Each printed row's names: Ranklens's, and trec_eval's when the row is a trec_eval measure. */
export function trecMeasureNames(rows: readonly TrecRow[]): MeasureNames[] {
  return rows.map((r) => {
    const name = metricName(r.spec);
    // A row of trec_eval's has its name; a Ranklens-only measure (ERR@10) carries its Ranklens name as trecName.
    const fromTrecEval = trecEvalName(r.spec) !== undefined || r.trecName !== name;
    return { name, trecEval: fromTrecEval ? r.trecName : null };
  });
}

/** The report as JSON text. */
export function trecJson(input: TrecJsonInput): string {
  const { measures } = input;
  const refused = !!input.refused;
  const runs = input.runs.map((run) => {
    const byId = new Map(run.queries.map((q) => [q.qid, q.values]));
    return {
      name: run.name,
      file: run.file,
      // Refused: no figure at all (not null figures, which would read as NaN).
      means: refused ? {} : measuredMeans(measures, run.means, run.excluded),
      queries: refused ? [] : naturalOrder(byId.keys()).map((id) => ({ id, values: measured(measures, byId.get(id)!) })),
      counts: countsJson(run.counts),
      // Every figure of a run computed on part of a file says so beside the figures, not only on stderr.
      partial: !refused && run.partial ? partialJson(run.partial) : null,
    };
  });
  const c = refused ? undefined : input.comparisons;
  return jsonReport(
    'trec',
    {
      qrels: input.qrels,
      convention: { name: input.convention.name, ...input.convention.convention },
      benchmark: input.benchmark ? benchmarkJson(input.benchmark) : null,
      refused,
      runs,
      comparisons: c ? comparisonsJson(c, measures, input.runs) : [],
      significance: c ? significanceJson(c, input.runs) : null,
    },
    input.findings,
  );
}

/** What a run's figures leave out: the lines skipped in each file, and the queries dropped from the means. */
export function partialJson(p: TrecPartial): { skippedLines: { qrels: number; run: number }; droppedQueries: number } {
  return { skippedLines: { qrels: p.skippedLines.qrels, run: p.skippedLines.run }, droppedQueries: p.droppedQueries };
}

/** What was read, each count named for what it counts. */
export function countsJson(c: TrecCounts): Record<string, number> {
  return {
    qrelsLines: c.qrelsLines,
    qrelsQueries: c.qrelsQueries,
    runLines: c.runLines,
    runQueries: c.runQueries,
    rankedLines: c.entries,
    queriesEvaluated: c.evaluated,
    judgedQueriesNotInRun: c.missing,
    runQueriesNotInQrels: c.unjudged,
    queriesWithoutRelevant: c.noRelevant,
  };
}

function comparisonsJson(c: TrecJsonComparisons, measures: readonly MeasureNames[], runs: readonly TrecJsonRun[]): unknown[] {
  return measures.flatMap((m, j) =>
    c.rows[j].map((r, k) => ({
      measure: m.name,
      trecEval: m.trecEval,
      a: runs[r.a].name,
      b: runs[r.b].name,
      meanA: jsonNumber(r.meanA),
      meanB: jsonNumber(r.meanB),
      diff: jsonNumber(r.diff),
      ci: r.ci.map(jsonNumber),
      effectSize: jsonNumber(r.effectSize),
      p: jsonNumber(r.p),
      pAdjusted: jsonNumber(r.pAdjusted),
      significant: r.significant,
      paired: r.n,
      unpaired: r.leftOut,
      wins: r.wins,
      ties: r.ties,
      losses: r.losses,
      exact: r.exact,
      ...(c.perQuery ? { perQuery: perQueryJson(c.perQuery[j][k]) } : {}),
    })),
  );
}

function perQueryJson(diffs: readonly { qid: string; diff: number }[]): { id: string; diff: number | null }[] {
  const byId = new Map(diffs.map((d) => [d.qid, d.diff]));
  return naturalOrder(byId.keys()).map((id) => ({ id, diff: jsonNumber(byId.get(id)!) }));
}

function significanceJson(c: TrecJsonComparisons, runs: readonly TrecJsonRun[]): Record<string, unknown> {
  const { test, correction, alpha, trials, seed } = c.options;
  const sampled = test === 'randomization' || test === 'bootstrap' || test === 'tukey';
  return {
    test,
    // Tukey HSD controls the error over all pairs itself: no further correction is applied.
    correction: test === 'tukey' ? 'none' : correction,
    alpha,
    trials: sampled ? trials : null,
    seed: sampled ? seed : null,
    baseline: c.baseline === 'all' ? 'all' : runs[c.baseline].name,
  };
}

/** The benchmark a report applied: its name, measures, convention, whether missing queries count, and where that is written. */
export function benchmarkJson(b: Benchmark): {
  name: string;
  measures: string[];
  preset: string;
  complete: boolean;
  summary: string;
  source: string;
} {
  return { name: b.name, measures: [...b.measures], preset: b.preset, complete: b.complete, summary: b.summary, source: b.source };
}
