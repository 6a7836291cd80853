/**
 * The TREC engine's door: what front ends (the CLI, the benchmarks) use to evaluate qrels and run
 * files as trec_eval does, under any convention. Nothing outside shared/trec reaches past it (the
 * lint keeps cli/ to it; tests may reach in).
 *
 * Inside, by pass: read/ (bytes to fields, numbers and problems; the qrels and run readers),
 * store/ (a run's lines kept in shared memory), evaluate/ (ranking and measuring a query, the
 * evaluator each thread runs, the passes in order: evaluateTrec.ts), and node/, the one folder that
 * uses Node (files, worker threads, stdin and gunzip).
 */
import { TrecEvaluation, TrecOptions, evaluateTrecOn } from './evaluate/evaluateTrec';
import { NODE_PLATFORM } from './node/nodePlatform';
import { RankQueriesOptions, rankTrecQueriesOn } from './evaluate/rankedQueries';

export type { IdsApart, MissingQuery, TrecCounts, TrecEvaluation, TrecOptions, TrecPartial } from './evaluate/evaluateTrec';
export type { RankQueriesOptions } from './evaluate/rankedQueries';
export type { IdCause } from './evaluate/idsMeet';
export { partialNote, refusalMessage, stopsTrecEval } from './evaluate/partialFiles';
export { lineList } from './read/collapse';
export type { QueryResult } from './evaluate/passes';
export type { TrecFileKind, TrecProblem } from './read/problems';
export { byteString, shownBytes } from './read/byteText';
export { DEFAULT_TREC_MEASURES, RELSTRING_ORDER, parseTrecMeasures, splitNames } from './measureNames';
export type { TrecMeasureList, TrecRow } from './measureNames';
export { UnreadableInput, lastRunTag, readableFiles } from './node/inputFiles';
export type { ReadableFiles } from './node/inputFiles';
export { readChunks } from './node/fileChunks';

/** Evaluates a qrels and run pair from files on disk, in worker threads for a large run. */
export function evaluateTrec(options: TrecOptions): Promise<TrecEvaluation> {
  return evaluateTrecOn(NODE_PLATFORM, options);
}

/** A few queries of each run ranked again, whole, as their evaluation ranked them (see evaluate/rankedQueries.ts). */
export function rankTrecQueries(options: RankQueriesOptions) {
  return rankTrecQueriesOn(NODE_PLATFORM, options);
}
