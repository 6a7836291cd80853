/**
 * `ranklens diff QRELS RUN_A RUN_B [RUN …]`: runs compared query by query on one measure. Each run
 * is evaluated as `ranklens trec` evaluates it (same readers, options, findings, and refusal under
 * trec_eval's convention); then, against the first run, every query's difference sorted, wins, ties
 * and losses under a stated tie margin, `trec`'s paired test for the pair, and the queries that
 * changed most explained by the documents that entered and left the top k.
 */
import { qrelsForRuns } from './configuredQrels';
import { existsSync, mkdtempSync, rmSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { parseArgs } from 'node:util';
import { naturalOrder } from '../shared/core';
import { QueryDiff, QueryMoves, RankedDocument, documentMoves, mostChanged, queryDiffs } from '../shared/evaluation';
import { TrecEvaluation, parseTrecMeasures, partialNote, rankTrecQueries, shownBytes } from '../shared/trec';
import { diffText } from '../shared/text';
import { csvNumber, csvTable } from './table';
import { jsonNumber, jsonReport } from './jsonReport';
import { outputFormat } from './outputFormat';
import { fails, findingLine } from './report';
import { evaluateRuns, runNames, significanceOptions, unionOfQueries, valuesByQuery } from './trecCompare';
import { trecMeasureNames, countsJson, partialJson } from './trecJson';
import { rowSpecs } from './trecFormat';
import { TREC_EVAL_OPTIONS, inputOptions, trecConvention, wholeNumber } from './trecOptions';
import { CommandIo, PROCESS_IO } from './io';
import { EXIT, UsageError, positiveInt } from './usage';

/** The measure compared when no -m is given: trec_eval's ndcg_cut_10. */
export const DEFAULT_DIFF_MEASURE = 'nDCG@10';

export const DIFF_HELP = `Usage: ranklens diff QRELS RUN_A RUN_B [RUN ...] [options]

Compares runs query by query on one measure: each run after the first against the first (b − a).
For each pair: the means and the paired test of "ranklens trec QRELS A B" (paired t, Holm over the
pairs, α = 0.05 unless set), wins, ties and losses under a stated tie margin, every paired query's
values and difference, largest gain first; then the queries that changed most each way, explained
by the documents that entered or left the top k, with their judgments (relevant and its grade,
non-relevant, UNJUDGED), their ranks in both runs (trec_eval's order: score, then docid, both
descending) and what each did to the measure. Unjudged documents entering the top k are named.
QRELS may be left out when the nearest ranklens.config.json's "qrels" rules pair every run given
with one qrels file ({"runs/*.run": "qrels/dev.qrels"}).

Options:
  -m, --measure NAME   the one measure compared, any name "ranklens trec" takes (nDCG@10, AP, P@10,
                       ndcg_cut.10, RR, ERR@20, …). Default: nDCG@10 (trec_eval's ndcg_cut_10)
      --tie T          the tie margin: |b − a| ≤ T is a tie (default 0: only equal values tie)
      --top N          queries explained each way, per pair (default 5; 0: none)
      --query QID      explain this query too (repeat it), whatever its difference
      --depth K        the top k compared for a measure without a cutoff (AP, RR; default 10);
                       a measure with a cutoff (nDCG@10) is compared at its cutoff
      --format FORMAT  text (default, 100 columns), json (the JSON report, command "diff":
                       schemas/ranklens-report.schema.json) or csv (long form:
                       run,query,measure,value, the shape of PyTerrier's perquery.csv);
                       --json = --format json
      --test, --correction, --alpha, --trials, --seed
                       the paired test, as for "ranklens trec QRELS A B" (default t, holm, 0.05)
  -c, -l, -M, -J, -N, --convention, --jobs, --keep-going, --qrels-format, --run-format, --columns
                       as for "ranklens trec": each run is evaluated as it would be alone, and under
                       trec_eval's convention a run it would stop on stops the diff (--keep-going
                       goes on, every figure of that run marked PARTIAL)
  -h, --help           this help

A run's name is its run tag, or its file name when tags clash. Exit codes as for "ranklens trec".`;

const OPTIONS = {
  ...TREC_EVAL_OPTIONS,
  tie: { type: 'string' },
  top: { type: 'string' },
  query: { type: 'string', multiple: true },
  depth: { type: 'string' },
  test: { type: 'string' },
  correction: { type: 'string' },
  alpha: { type: 'string' },
  trials: { type: 'string' },
  seed: { type: 'string' },
} as const;

/** Runs the command; returns the exit code. */
export async function diffCommand(argv: string[], io: CommandIo = PROCESS_IO): Promise<number> {
  const { values, positionals } = parseArgs({ args: argv, allowPositionals: true, options: OPTIONS });
  if (values.help) {
    io.stdout(`${DIFF_HELP}\n`);
    return EXIT.ok;
  }
  if (values['per-query']) throw new UsageError('diff lists every query already; -q belongs to ranklens trec.');
  const format = outputFormat('diff', values, ['text', 'json', 'csv']);
  // Only runs, paired with one qrels by ranklens.config.json's "qrels" rules: those qrels judge them.
  const configured = positionals.length >= 2 ? qrelsForRuns(positionals) : undefined;
  if (configured) positionals.unshift(configured);
  if (positionals.length < 3)
    throw new UsageError(
      `diff takes QRELS and two or more runs; got ${positionals.length} file(s). Runs alone do when ranklens.config.json's "qrels" pairs them all with one qrels file.`,
    );
  const [qrelsPath, ...runPaths] = positionals;
  for (const path of positionals) {
    if (path === '-') throw new UsageError('diff reads files only; give each run as a file, not stdin (-).');
    if (!existsSync(path)) throw new UsageError(`Cannot read ${path}: no such file.`);
    if (!statSync(path).isFile()) throw new UsageError(`Cannot read ${path}: it is not a file.`);
  }
  const collection = wholeNumber('--collection', values.collection) ?? 0;
  const measures = values.measure ?? [DEFAULT_DIFF_MEASURE];
  const { rows, errors } = parseTrecMeasures(measures, collection);
  if (errors.length > 0) throw new UsageError(errors.join(' '));
  if (rows.length !== 1)
    throw new UsageError(`diff compares one measure; ${measures.join(' ')} names ${rows.length}. Run it once per measure.`);
  const [spec] = rowSpecs(rows);
  const resolved = trecConvention(values.convention, wholeNumber('--level', values.level));
  const maxRank = positiveInt('--max-rank', values['max-rank']);
  const judgedOnly = !!values['judged-only'];
  const tie = tieOption(values.tie);
  const top = values.top === undefined ? 5 : values.top === '0' ? 0 : positiveInt('--top', values.top)!;
  const depth = spec.k ?? positiveInt('--depth', values.depth) ?? 10;
  const options = significanceOptions(values, runPaths.length);
  const names = runNames(runPaths);
  const complete = !!values.complete;
  const jobs = positiveInt('--jobs', values.jobs);
  const keepGoing = !!values['keep-going'];
  // Files of another format than TREC text are read as TREC text written from their rows: kept here
  // until the end, since the explained queries are read again from that text.
  const kept = mkdtempSync(join(tmpdir(), 'ranklens-diff-'));
  try {
    return await diffRuns(kept);
  } finally {
    rmSync(kept, { recursive: true, force: true });
  }
  async function diffRuns(keepIn: string): Promise<number> {
    const { evaluations, read, findings, refused } = await evaluateRuns('diff', qrelsPath, runPaths, names, {
      specs: [spec],
      resolved,
      complete,
      jobs,
      maxRank,
      judgedOnly,
      keepGoing,
      keepQrels: top > 0 || (values.query ?? []).length > 0,
      inputs: { ...inputOptions(values), keepIn },
    });
    const [measure] = trecMeasureNames(rows);
    const base = { qrelsPath, runPaths, names, evaluations, measure, resolved: evaluations[0].convention, tie, top, depth };
    if (refused) {
      // No figure of any run, no comparison: the findings say which file stops it and how to go on.
      if (format === 'json') io.stdout(diffJson({ ...base, refused, options, findings }));
      else io.stderr(findings.map((f) => `${findingLine(f)}\n`).join(''));
      return EXIT.findings;
    }
    const qids = unionOfQueries(evaluations);
    const matrix = evaluations.map((ev) => valuesByQuery(ev, 0, qids));
    const pairs = queryDiffs(qids, matrix, tie, options);
    const asked = new Set(values.query ?? []);
    const paired = new Set(pairs.flatMap((p) => p.queries.map((q) => q.qid)));
    const unknown = [...asked].filter((qid) => !paired.has(qid));
    if (unknown.length > 0) throw new UsageError(`--query ${unknown.join(', ')}: no such query is paired (in both runs, with a value).`);
    const chosen = pairs.map((p) => {
      const most = mostChanged(p, top);
      const shown = new Set([...most.gains, ...most.losses].map((q) => q.qid));
      return { ...most, requested: p.queries.filter((q) => asked.has(q.qid) && !shown.has(q.qid)) };
    });
    const explained = explain(chosen, read, evaluations, { qrelsPath, runPaths, spec, resolved, maxRank, judgedOnly, depth });
    if (format === 'json') io.stdout(diffJson({ ...base, refused, options, findings, pairs, explained }));
    else if (format === 'csv') io.stdout(diffCsv(names, evaluations, measure.name));
    else {
      const runs = evaluations.map((ev, i) => ({
        name: names[i],
        mean: ev.mean[0],
        queries: ev.queries.length,
        ...(ev.partial ? { partial: partialNote(ev.partial, ev.counts) } : {}),
      }));
      const convention = evaluations[0].convention.name;
      io.stdout(diffText({ measure: measure.name, trecEval: measure.trecEval, spec, convention, runs, pairs, options, explained, top }));
    }
    if (format !== 'json') io.stderr(findings.map((f) => `${findingLine(f)}\n`).join(''));
    return findings.some(fails) ? EXIT.findings : EXIT.ok;
  }
}

function tieOption(text: string | undefined): number {
  if (text === undefined) return 0;
  const tie = Number(text);
  if (!/^\d*\.?\d+(?:e-?\d+)?$/i.test(text.trim()) || !(tie >= 0 && tie < 1))
    throw new UsageError(`--tie takes a margin from 0 up to (not including) 1, such as 0.01; not "${text}".`);
  return tie;
}

interface ExplainOptions {
  qrelsPath: string;
  runPaths: readonly string[];
  spec: ReturnType<typeof rowSpecs>[number];
  resolved: ReturnType<typeof trecConvention>;
  maxRank?: number;
  judgedOnly: boolean;
  depth: number;
}

type Explained = { gains: QueryMoves[]; losses: QueryMoves[]; requested: QueryMoves[] }[];

/**
 * The chosen queries of each pair explained: their rankings read again from the runs (only where
 * their lines lie, for a grouped run), then each pair's documents that entered, left or moved.
 */
function explain(
  chosen: (ReturnType<typeof mostChanged> & { requested: QueryDiff[] })[],
  read: readonly TrecEvaluation[],
  shown: readonly TrecEvaluation[],
  o: ExplainOptions,
): Explained {
  const wanted = new Set(chosen.flatMap((c) => [...c.gains, ...c.losses, ...c.requested].map((q) => q.qid)));
  if (wanted.size === 0) return chosen.map(() => ({ gains: [], losses: [], requested: [] }));
  // Query ids as the files hold them (bytes): the evaluations show them as text.
  const raw = new Map<string, string>();
  read.forEach((ev, i) => ev.queries.forEach((q, j) => raw.set(shown[i].queries[j].qid, q.qid)));
  const rawIds = [...wanted].map((qid) => raw.get(qid)!);
  const ranked = rankTrecQueries({
    // The TREC text each evaluation read (a file of another format: the text written from its rows).
    qrelsPath: read[0].text?.qrelsPath ?? o.qrelsPath,
    runs: o.runPaths.map((path, i) => ({
      path: read[i].text?.runPath ?? path,
      places: read[i].places,
      lacks: new Set(read[i].missing.map((m) => m.qid)),
    })),
    resolved: o.resolved,
    maxRank: o.maxRank,
    judgedOnly: o.judgedOnly,
    qids: rawIds,
    qrels: read[0].qrels,
  });
  return chosen.map((c, k) => {
    const b = k + 1;
    const moves = (q: { qid: string; diff: number }) => {
      const m = documentMoves(
        q.qid,
        ranked[0].get(raw.get(q.qid)!),
        ranked[b].get(raw.get(q.qid)!),
        q.diff,
        o.spec,
        o.resolved.convention,
        o.depth,
      );
      // Docids as text, as the report shows ids.
      const moved = m.moves.map((d) => ({ ...d, docid: shownBytes(d.docid) }));
      const shown = (list: typeof m.topA) => list.map((d) => ({ ...d, docid: shownBytes(d.docid) }));
      return { ...m, moves: moved, unjudgedEntered: m.unjudgedEntered.map(shownBytes), topA: shown(m.topA), topB: shown(m.topB) };
    };
    return { gains: c.gains.map(moves), losses: c.losses.map(moves), requested: c.requested.map(moves) };
  });
}

/** The long form: one row per run and query, in query order (1, 2, 10), as PyTerrier's perquery.csv. */
export function diffCsv(names: readonly string[], evaluations: readonly TrecEvaluation[], measure: string): string {
  const rows = evaluations.flatMap((ev, i) => {
    const byId = new Map(ev.queries.map((q) => [q.qid, q.values[0]]));
    return naturalOrder(byId.keys()).map((qid) => [names[i], qid, measure, csvNumber(byId.get(qid)!)]);
  });
  return csvTable(['run', 'query', 'measure', 'value'], rows);
}

interface DiffJsonInput {
  qrelsPath: string;
  runPaths: readonly string[];
  names: readonly string[];
  evaluations: readonly TrecEvaluation[];
  measure: { name: string; trecEval: string | null };
  resolved: TrecEvaluation['convention'];
  tie: number;
  top: number;
  depth: number;
  refused: boolean;
  options: ReturnType<typeof significanceOptions>;
  findings: Parameters<typeof jsonReport>[2];
  pairs?: ReturnType<typeof queryDiffs>;
  explained?: Explained;
}

function rankedJson(d: RankedDocument): { docid: string; judgment: string; grade: number | null } {
  return { docid: d.docid, judgment: d.judgment.kind, grade: d.judgment.grade === null ? null : jsonNumber(d.judgment.grade) };
}

/** The JSON report of a diff (command "diff"). */
function diffJson(input: DiffJsonInput): string {
  const { refused, names, evaluations } = input;
  const runs = evaluations.map((ev, i) => {
    const byId = new Map(ev.queries.map((q) => [q.qid, q.values[0]]));
    return {
      name: names[i],
      file: input.runPaths[i],
      mean: refused ? null : jsonNumber(ev.mean[0]),
      queries: refused ? [] : naturalOrder(byId.keys()).map((id) => ({ id, value: jsonNumber(byId.get(id)!) })),
      counts: countsJson(ev.counts),
      partial: !refused && ev.partial ? partialJson(ev.partial) : null,
    };
  });
  const comparisons = (input.pairs ?? []).map((p, k) => {
    const t = p.test;
    const byId = new Map(p.queries.map((q) => [q.qid, q]));
    const explainedJson = (m: QueryMoves) => {
      const q = byId.get(m.qid)!;
      return {
        id: m.qid,
        a: jsonNumber(q.a),
        b: jsonNumber(q.b),
        diff: jsonNumber(q.diff),
        depth: m.k,
        additive: m.additive,
        shownEffect: m.shownEffect === null ? null : jsonNumber(m.shownEffect),
        documents: m.moves.map((d) => ({
          docid: d.docid,
          change: d.change,
          judgment: d.judgment.kind,
          grade: d.judgment.grade === null ? null : jsonNumber(d.judgment.grade),
          rankA: d.rankA,
          rankB: d.rankB,
          effect: d.effect === null ? null : jsonNumber(d.effect),
          termA: d.howA,
          termB: d.howB,
        })),
        unjudgedEntered: m.unjudgedEntered,
        topA: m.topA.map(rankedJson),
        topB: m.topB.map(rankedJson),
      };
    };
    return {
      a: names[p.a],
      b: names[p.b],
      meanA: jsonNumber(t.meanA),
      meanB: jsonNumber(t.meanB),
      diff: jsonNumber(t.diff),
      ci: t.ci.map(jsonNumber),
      effectSize: jsonNumber(t.effectSize),
      p: jsonNumber(t.p),
      pAdjusted: jsonNumber(t.pAdjusted),
      significant: t.significant,
      exact: t.exact,
      paired: t.n,
      unpaired: t.leftOut,
      wins: p.wins,
      ties: p.ties,
      losses: p.losses,
      queries: p.queries.map((q) => ({ id: q.qid, a: jsonNumber(q.a), b: jsonNumber(q.b), diff: jsonNumber(q.diff), outcome: q.outcome })),
      largestGains: (input.explained?.[k].gains ?? []).map(explainedJson),
      largestLosses: (input.explained?.[k].losses ?? []).map(explainedJson),
      requested: (input.explained?.[k].requested ?? []).map(explainedJson),
    };
  });
  const { test, correction, alpha, trials, seed } = input.options;
  const sampled = test === 'randomization' || test === 'bootstrap' || test === 'tukey';
  return jsonReport(
    'diff',
    {
      qrels: input.qrelsPath,
      convention: { name: input.resolved.name, ...input.resolved.convention },
      measure: { name: input.measure.name, trecEval: input.measure.trecEval },
      refused,
      tie: input.tie,
      top: input.top,
      depth: input.depth,
      runs,
      comparisons,
      // Tukey HSD controls the error over all pairs itself: no further correction is applied.
      significance: {
        test,
        correction: test === 'tukey' ? 'none' : correction,
        alpha,
        trials: sampled ? trials : null,
        seed: sampled ? seed : null,
        baseline: names[0],
      },
    },
    input.findings,
  );
}
