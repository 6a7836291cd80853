/**
 * `ranklens trec QRELS RUN`: trec_eval's job under any convention. The text output follows
 * trec_eval's layout (measure, query, value with 4 decimals; per query with -q, then "all"), so the
 * two can be compared line by line; problems go to stderr as `file:line:col severity code message`.
 */
import { existsSync, statSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  DEFAULT_TREC_MEASURES,
  RELSTRING_ORDER,
  TrecEvaluation,
  TrecRow,
  UnreadableInput,
  byteString,
  evaluateTrec,
  lastRunTag,
  parseTrecMeasures,
  partialNote,
  readableFiles,
  shownBytes,
} from '../shared/trec';
import { outputFormat } from './outputFormat';
import { progressBar } from './progress';
import { fails, findingLine } from './report';
import { TREC_COMPARE_HELP, comparesRuns, runTag, trecCompareCommand } from './trecCompare';
import { TrecJsonRun, trecJson, trecMeasureNames } from './trecJson';
import { fileFindings, refusalFindings, stoppingProblems, summaryFindings } from './trecFindings';
import { TREC_EVAL_OPTIONS, benchmarkOption, inputOptions, trecConvention, wholeNumber } from './trecOptions';
import { rowSpecs, trecTable, trecText } from './trecFormat';
import { aggregate, metricName } from '../shared/core';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError, positiveInt } from './usage';

export const TREC_HELP = `Usage: ranklens trec QRELS RUN [options]

Evaluates a TREC run against TREC qrels, like trec_eval, under a named convention. Under the
trec_eval convention (the default) the text output is trec_eval's: same names, order and layout.
  QRELS  lines "qid iter docid grade" (grade ≥ 1 is relevant; 0 judged non-relevant; negative: in
         the pool but unjudged). A .gz file is read through gunzip.
  RUN    lines "qid Q0 docid rank score tag" (ranked by score; the rank column is ignored); "-"
         reads the run from stdin; a .gz file is read through gunzip.
  Either may also be TSV or CSV with a header (BEIR's query-id corpus-id score), JSON lines, one
  JSON object {qid: {docid: value}}, a JSON list of records (pandas' orient="records") or
  Parquet, found by name and first bytes (docs/guide/file-formats.md).

Options:
      --benchmark NAME   a benchmark's official evaluation: msmarco-passage (RR@10, R@1000,
                         -c), trec-dl (nDCG@10 graded; AP and R@1000 with relevance ≥ 2; -c),
                         beir or mteb (nDCG@10, a document with the query's id dropped); it sets
                         the measures, convention and relevance levels (no -m, --convention, -l, -J)
  -m, --measure NAME     measures to compute; repeat it. trec_eval's names, parameters and sets
                         (official, all_trec, set, P.5,10, ndcg_cut.10, iprec_at_recall..25,.5,
                         Rprec_mult.0.5, utility.2,-1,0,0, set_F.0.5, rbp.p=0.8, unj.5) or
                         Ranklens's, ir_measures' style included (P@5, nDCG@10, AP, ERR@10,
                         RBP(p=0.8), P(rel=2)@10, Judged@10, Bpref, IPrec@0.5, SetF).
                         Default: official
      --convention NAME  the preset: trec_eval (default), ranx, mllib, sklearn, torchmetrics, seed000
  -q, --per-query        print every query's values before the summary
  -c, --complete         score judged queries missing from the run as empty rankings, so they count
                         as 0 in the means (trec_eval -c); without it they are skipped
  -l, --level N          the lowest grade that is relevant (trec_eval -l; default 1)
  -M, --max-rank N       only the first N documents of each ranking count (trec_eval -M)
  -J, --judged-only      remove unjudged documents from each ranking first (trec_eval -J)
  -N, --collection N     the number of documents in the collection, for utility (trec_eval -N)
  -n, --no-summary       leave out the summary over all queries (trec_eval -n)
      --format FORMAT    text (trec_eval's output, the default), json (the JSON report:
                         schemas/ranklens-report.schema.json), markdown, latex or csv (a
                         table of the summary, and of each query with -q, in query order;
                         problems on stderr)
      --json             the same as --format json
      --jobs N           threads reading the run (default: up to 4 cores for runs over 32 MB)
      --keep-going       under the trec_eval convention, evaluate files with malformed lines or a
                         docid listed twice anyway (without those lines and queries), every mean
                         marked PARTIAL in every format ("partial" in the JSON); without it
                         nothing is evaluated, as trec_eval stops (the JSON says "refused").
                         Other conventions always go on, and mark the means the same way.
      --qrels-format F   read the qrels as F: trec, tsv, csv, jsonl, json or parquet (default:
      --run-format F     found from the name and the first bytes); the same for the run
      --columns MAP      the columns of TSV, CSV, JSON and Parquet not named as usual:
                         ROLE=NAME pairs (query, doc, score, grade, rank, tag), such as
                         query=user,doc=item,score=prediction
  -h, --help             this help

Exit codes: 0 done, 1 an error in the files (a malformed line, a duplicate under trec_eval's
convention, a file that is not text), 2 a usage problem or a file that cannot be read.`;

const FORMATS = ['text', 'json', 'markdown', 'latex', 'csv'] as const;

/** Runs the command; returns the exit code. */
export async function trecCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  if (comparesRuns(argv)) return trecCompareCommand(argv, io);
  const { values, positionals } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: { ...TREC_EVAL_OPTIONS, 'no-summary': { type: 'boolean', short: 'n' } },
  });
  const format = values.help ? 'text' : outputFormat('trec', values, FORMATS);
  if (values.help) {
    io.stdout(`${TREC_HELP}\n\n${TREC_COMPARE_HELP}\n`);
    return EXIT.ok;
  }
  if (positionals.length !== 2) throw new UsageError(`trec takes two files, QRELS and RUN; got ${positionals.length}.`);
  const [qrelsName, runName] = positionals;
  if (qrelsName === '-') throw new UsageError('Only the run can be read from stdin (-); give the qrels as a file.');
  for (const path of positionals) {
    if (path === '-') continue;
    if (!existsSync(path)) throw new UsageError(`Cannot read ${path}: no such file.`);
    if (!statSync(path).isFile()) throw new UsageError(`Cannot read ${path}: it is not a file.`);
  }
  const level = wholeNumber('--level', values.level);
  const collection = wholeNumber('--collection', values.collection) ?? 0;
  const benchmark = benchmarkOption(values);
  const measures = benchmark ? [...benchmark.measures] : (values.measure ?? DEFAULT_TREC_MEASURES);
  const { rows, runid, errors, relstring } = parseTrecMeasures(measures, collection);
  if (errors.length > 0) throw new UsageError(errors.join(' '));
  const resolved = trecConvention(benchmark?.preset ?? values.convention, level);
  const maxRank = positiveInt('--max-rank', values['max-rank']);
  const inputs = inputOptions(values);

  const files = await readableFiles(qrelsName, runName, io.stdin).catch((e: unknown) => {
    throw e instanceof UnreadableInput ? new UsageError(e.message) : e;
  });
  try {
    const { qrelsPath, runPath } = files;
    const jobs = positiveInt('--jobs', values.jobs); // default: the engine's (threads for a large run)
    // A benchmark's measures keep their Ranklens names (AP(rel=2)), which say the relevance level.
    const trecNames = resolved.preset === 'trec_eval' && !benchmark;
    const complete = !!values.complete || !!benchmark?.complete;
    const mimic = trecNames && complete ? completeAsTrecEval(rows, relstring?.name) : undefined;
    const specs = [...rowSpecs(rows), ...(mimic ? [mimic.allRelevant] : [])];
    const progress = progressBar('ranklens trec', 'MB');
    let evaluation: TrecEvaluation;
    try {
      evaluation = await evaluateTrec({
        qrelsPath,
        runPath,
        specs,
        resolved,
        complete,
        jobs,
        onProgress: progress.update,
        maxRank,
        judgedOnly: !!values['judged-only'],
        relstring: values['per-query'] ? relstring?.length : undefined,
        missingAsTrecEval: mimic?.missing,
        ...inputs,
      });
    } finally {
      progress.end();
    }
    // Under trec_eval's convention a malformed line or a docid twice stops everything, as trec_eval stops (unless --keep-going).
    const refused = stoppingProblems(evaluation, !!values['keep-going']).length > 0;
    const mean = refused ? rows.map(() => NaN) : runFigures(evaluation, rows, mimic !== undefined, trecNames);
    const findings = refused
      ? refusalFindings(evaluation, qrelsName, runName)
      : [...fileFindings(evaluation, qrelsName, runName), ...summaryFindings(evaluation, qrelsName, runName, complete)];
    const c = evaluation.counts;
    const nothing = refused || c.qrelsQueries === 0 || c.entries === 0 || c.evaluated === 0;
    const names = rows.map((r) => (trecNames ? r.trecName : metricName(r.spec)));
    const name = evaluation.runTag ?? runTag(runPath) ?? runName;
    if (format === 'json') {
      const run: TrecJsonRun = {
        name,
        file: runName,
        means: mean,
        excluded: evaluation.excluded.slice(0, rows.length),
        queries: evaluation.queries.map((q) => ({ qid: shownBytes(q.qid), values: q.values.slice(0, rows.length) })),
        counts: evaluation.counts,
        partial: evaluation.partial,
      };
      io.stdout(
        trecJson({
          qrels: qrelsName,
          convention: evaluation.convention,
          benchmark,
          measures: trecMeasureNames(rows),
          runs: [run],
          refused,
          findings,
        }),
      );
    } else {
      const figures = {
        rows,
        names,
        queries: evaluation.queries,
        summary: mean,
        perQuery: !!values['per-query'],
        summaryLine: !values['no-summary'],
        cNaN: trecNames,
        // Means computed on partial files say so in the summary itself, whatever the format.
        partial: evaluation.partial && partialNote(evaluation.partial, evaluation.counts),
      };
      // When nothing was evaluated no figure is printed: the findings say why.
      if (!nothing && format === 'text') {
        // Query ids and the run tag are the files' bytes, written back as they were read.
        const text = trecText({
          ...figures,
          benchmark: benchmark?.name,
          names: names.map(byteString),
          runid: runid ? (evaluation.runTag ?? lastRunTag(runPath)) : undefined,
          relstring: relstring && {
            name: relstring.name,
            order: RELSTRING_ORDER,
            values: evaluation.queries.map((q) => q.relstring ?? ''),
          },
        });
        io.stdout(Buffer.from(text, 'latin1'));
      } else if (!nothing && format !== 'text') {
        const queries = evaluation.queries.map((q) => ({ ...q, qid: shownBytes(q.qid) }));
        io.stdout(trecTable(format, { ...figures, queries }, benchmark ? `${name} (benchmark ${benchmark.name})` : name));
      }
      io.stderr(findings.map((f) => `${findingLine(f)}\n`).join(''));
    }
    return findings.some(fails) ? EXIT.findings : EXIT.ok;
  } finally {
    files.cleanup();
  }
}

/**
 * What -c does in trec_eval beyond scoring missing queries: it ranks one made-up document for them
 * and then clears the values named exactly num_ret, utility, unj… and rbp_resid (and relstring); and
 * its num_rel summary counts every judgement with a grade above 0 in the qrels, whatever -l says.
 */
function completeAsTrecEval(rows: readonly TrecRow[], relstringName: string | undefined) {
  const reset = rows.flatMap((r, j) =>
    ['num_ret', 'utility', 'rbp_resid'].includes(r.trecName) || r.trecName.startsWith('unj') ? [j] : [],
  );
  return { missing: { reset, resetRelstring: relstringName === 'relstring' }, allRelevant: { family: 'NumRel' as const, k: null, rel: 1 } };
}

/**
 * The summary figures. Under trec_eval's names, trec_eval's sums: a NaN (an empty ranking's
 * interpolated precision under -J) makes the figure NaN; a query refused for a duplicate (every
 * value NaN; trec_eval would stop) is left out.
 */
function runFigures(ev: TrecEvaluation, rows: readonly TrecRow[], allRelevantColumn: boolean, trecNames: boolean): number[] {
  const specs = rowSpecs(rows);
  const kept = trecNames ? ev.queries.filter((q) => !q.values.every((v) => Number.isNaN(v))) : ev.queries;
  const { mean } = aggregate(
    kept.map((q) => q.values.slice(0, rows.length)),
    specs,
    trecNames,
  );
  if (allRelevantColumn) {
    const j = rows.findIndex((r) => r.trecName === 'num_rel');
    if (j >= 0) mean[j] = kept.reduce((sum, q) => sum + q.values[rows.length], 0);
  }
  return mean;
}
