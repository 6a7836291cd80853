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
import { TrecEvaluation, TrecOptions, evaluateTrecOn, unread } from './evaluate/evaluateTrec';
import { NODE_PLATFORM } from './node/nodePlatform';
import { RankQueriesOptions, rankTrecQueriesOn } from './evaluate/rankedQueries';
import { TrecInputOptions, withTrecInputs } from './node/convertInput';

export type { IdsApart, MissingQuery, TrecCounts, TrecEvaluation, TrecOptions, TrecPartial } from './evaluate/evaluateTrec';
export type { RankQueriesOptions } from './evaluate/rankedQueries';
export type { IdCause } from './evaluate/idsMeet';
export { partialNote, refusalMessage, stopsTrecEval } from './evaluate/partialFiles';
export { lineList } from './read/collapse';
export { trecConventionProblem } from './evaluate/trecKnobs';
export type { QueryResult } from './evaluate/passes';
export type { TrecFileKind, TrecProblem } from './read/problems';
export { byteString, shownBytes } from './read/byteText';
export { DEFAULT_TREC_MEASURES, RELSTRING_ORDER, parseTrecMeasures, splitNames } from './measureNames';
export type { TrecMeasureList, TrecRow } from './measureNames';
export { UnreadableInput, lastRunTag, readableFiles } from './node/inputFiles';
export type { ReadableFiles } from './node/inputFiles';
export { readChunks } from './node/fileChunks';

export { INPUT_FORMATS, COLUMN_NAMES, parseColumnMap, detectFormat } from './read/formats/inputFormat';
export type { ColumnMap, InputFormat } from './read/formats/inputFormat';
export { inputFormatOf } from './node/convertInput';
export { readReferencedFile } from './node/referencedFile';
export type { ReferencedFile, ReferencedFileOptions } from './node/referencedFile';
export type { InputOptions, TrecInputOptions } from './node/convertInput';

/**
 * Evaluates a qrels and run pair from files on disk, in worker threads for a large run. Files in
 * another format than TREC text (TSV or CSV with a header, JSON lines, JSON, Parquet: found by their
 * names and first bytes, or given) are read as TREC text written from their rows.
 */
export function evaluateTrec(options: TrecOptions & TrecInputOptions): Promise<TrecEvaluation> {
  return withTrecInputs(options.qrelsPath, options.runPath, options, async (qrels, run) => {
    const refusals = [...qrels.problems, ...run.problems].filter((p) => p.code === 'format-error');
    if (refusals.length > 0) return unread(options, refusals);
    const sources = qrels.map || run.map ? { qrels: qrels.map && qrels, run: run.map && run } : undefined;
    const evaluation = await evaluateTrecOn(NODE_PLATFORM, { ...options, qrelsPath: qrels.path, runPath: run.path, sources });
    // Rows skipped were lines of the files, though not of the TREC text read.
    const counts = {
      ...evaluation.counts,
      qrelsLines: evaluation.counts.qrelsLines + qrels.skipped,
      runLines: evaluation.counts.runLines + run.skipped,
    };
    const text = { qrelsPath: qrels.path, runPath: run.path };
    return { ...evaluation, counts, text, ...(run.tag === undefined ? {} : { runTag: run.tag }) };
  });
}

/** A few queries of each run ranked again, whole, as their evaluation ranked them (see evaluate/rankedQueries.ts). */
export function rankTrecQueries(options: RankQueriesOptions) {
  return rankTrecQueriesOn(NODE_PLATFORM, options);
}
