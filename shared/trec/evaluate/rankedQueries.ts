/**
 * A few queries of several runs ranked again, whole, after the runs were evaluated: what a diff
 * needs to say which documents entered and left the top of the queries that changed most. Each
 * query is read again only where its lines lie when the evaluation knows (TrecEvaluation.places:
 * a grouped run), so that explaining ten queries costs a few reads, not a second pass over the run;
 * elsewhere the run is read again, keeping those queries' lines only.
 */
import { ResolvedConvention } from '../../core/conventions';
import { RankedCase } from '../../core/ranking';
import { RunPiece } from './passes';
import { SharedQrels } from '../read/qrelsTable';
import { TrecEvaluator } from './trecEvaluator';
import { TrecPlatform, head, trecSetup } from './evaluateTrec';

/** What to rank again: the files, read as they were evaluated, and the queries. */
export interface RankQueriesOptions {
  qrelsPath: string;
  /** Each run, with where its queries' lines lie when its evaluation knows (TrecEvaluation.places), and the queries it has no line for. */
  runs: readonly { path: string; places?: ReadonlyMap<string, RunPiece>; lacks?: ReadonlySet<string> }[];
  resolved: ResolvedConvention;
  maxRank?: number;
  judgedOnly?: boolean;
  qids: readonly string[];
  /** The qrels table an evaluation of these files kept (TrecOptions.keepQrels); read again when absent. */
  qrels?: SharedQrels;
}

/**
 * Per run, each of the queries it has ranked as its evaluation ranked it (a query the run lacks is
 * absent). The qrels are read once for all runs, or not at all when given.
 */
export function rankTrecQueriesOn(platform: TrecPlatform, options: RankQueriesOptions): Map<string, RankedCase>[] {
  const files = platform.files;
  const qrelsHead = head(files, options.qrelsPath);
  let shared = options.qrels;
  return options.runs.map((run) => {
    const base = { ...options, runPath: run.path, specs: [], complete: false };
    const { setup, runMark } = trecSetup(base, qrelsHead, head(files, run.path));
    const evaluator = new TrecEvaluator(setup, files, shared);
    shared ??= evaluator.shareQrels();
    const size = files.size(run.path);
    // A query the run has no line for (scored under -c) needs no reading.
    const placed = options.qids.filter((qid) => !run.lacks?.has(qid)).map((qid) => run.places?.get(qid));
    const spans: RunPiece[] = placed.every((p) => p !== undefined) ? joined(placed as RunPiece[]) : [{ start: runMark.skip, end: size }];
    return evaluator.rankAgain(spans, options.qids);
  });
}

// Spans in file order, one where they overlap.
function joined(spans: readonly RunPiece[]): RunPiece[] {
  const out: RunPiece[] = [];
  for (const s of [...spans].sort((a, b) => a.start - b.start)) {
    const last = out[out.length - 1];
    if (last && s.start < last.end) last.end = Math.max(last.end, s.end);
    else out.push({ ...s });
  }
  return out;
}
