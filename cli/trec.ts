/**
 * `ranklens trec QRELS RUN`: trec_eval's job under any convention. The text output follows
 * trec_eval's layout (measure, query, value with 4 decimals; per query with -q, then "all"), so the
 * two can be compared line by line; problems go to stderr as `file:line:col severity code message`.
 */
import { existsSync, statSync } from 'node:fs';
import { availableParallelism } from 'node:os';
import { parseArgs } from 'node:util';
import { TrecProblem } from '../shared/trec/problems';
import { jsonReport } from './jsonReport';
import { progressBar } from './progress';
import { FileReport, ReportFinding, fails, findingLine } from './report';
import { DEFAULT_TREC_MEASURES, parseTrecMeasures } from './trecMeasures';
import { PARALLEL_BYTES, TrecEvaluation, evaluateTrec } from './trecRun';
import { EXIT, UsageError, conventionOption, positiveInt } from './usage';

export const TREC_HELP = `Usage: ranklens trec QRELS RUN [options]

Evaluates a TREC run against TREC qrels, like trec_eval, under a named convention.
  QRELS  lines "qid iter docid grade" (grade > 0 is relevant; 0 and negative judged non-relevant)
  RUN    lines "qid Q0 docid rank score tag" (ranked by score; the rank column is ignored)

Options:
  -m, --measure NAME     a measure to compute; repeat it or list with commas. Ranklens names
                         (P@5, R@100, AP, AP@10, RR, nDCG, nDCG@10, Rprec, Success@10) or
                         trec_eval's (P.5,10  recall  map  map_cut  recip_rank  ndcg  ndcg_cut.10
                         Rprec  success); a name without a cutoff gets trec_eval's cutoffs.
                         Default: ${DEFAULT_TREC_MEASURES.join(' ')}
      --convention NAME  the preset: trec_eval (default), ranx, mllib, sklearn, torchmetrics, default
  -q, --per-query        print every query's values before the means
  -c, --complete         score judged queries missing from the run as empty rankings, so they count
                         as 0 in the means (trec_eval -c); without it they are skipped
      --json             write the JSON report to stdout instead of the text
      --jobs N           threads reading the run (default: up to 4 cores for runs over 32 MB)
  -h, --help             this help

Exit codes: 0 done, 1 an error in the files (a malformed line, a duplicate under trec_eval's
convention), 2 a usage problem or a file that cannot be read.`;

/** Runs the command; returns the exit code. */
export async function trecCommand(argv: string[]): Promise<number> {
  const { values, positionals } = parseArgs({
    args: argv, allowPositionals: true, options: {
      measure: { type: 'string', short: 'm', multiple: true },
      convention: { type: 'string' },
      'per-query': { type: 'boolean', short: 'q' },
      complete: { type: 'boolean', short: 'c' },
      json: { type: 'boolean' },
      jobs: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  if (values.help) { process.stdout.write(`${TREC_HELP}\n`); return EXIT.ok; }
  if (positionals.length !== 2) throw new UsageError(`trec takes two files, QRELS and RUN; got ${positionals.length}.`);
  const [qrelsPath, runPath] = positionals;
  for (const path of positionals) {
    if (!existsSync(path)) throw new UsageError(`Cannot read ${path}: no such file.`);
    if (!statSync(path).isFile()) throw new UsageError(`Cannot read ${path}: it is not a file.`);
  }
  const { specs, errors } = parseTrecMeasures(values.measure ?? DEFAULT_TREC_MEASURES);
  if (errors.length > 0) throw new UsageError(errors.join(' '));
  const resolved = conventionOption(values.convention ?? 'trec_eval');
  const jobs = positiveInt('--jobs', values.jobs) ?? (statSync(runPath).size > PARALLEL_BYTES ? Math.min(4, availableParallelism()) : 1);

  const progress = progressBar('ranklens trec', 'MB');
  let evaluation: TrecEvaluation;
  try {
    evaluation = await evaluateTrec({ qrelsPath, runPath, specs, resolved, complete: !!values.complete, jobs, onProgress: progress.update });
  } finally {
    progress.end();
  }
  const findings = [...evaluation.problems.map((p) => problemFinding(p, qrelsPath, runPath)), ...summaryFindings(evaluation, qrelsPath, runPath, !!values.complete)];
  if (values.json) process.stdout.write(jsonReport([fileReport(evaluation, qrelsPath, runPath, findings)]));
  else {
    process.stdout.write(trecText(evaluation, !!values['per-query']));
    process.stderr.write(findings.map((f) => `${findingLine(f)}\n`).join(''));
  }
  return findings.some(fails) ? EXIT.findings : EXIT.ok;
}

/** trec_eval's layout: "measure<TAB>query<TAB>value", per query (with -q) then "all". */
export function trecText(ev: TrecEvaluation, perQuery: boolean): string {
  const width = Math.max(22, ...ev.names.map((n) => n.length));
  const line = (name: string, qid: string, value: string) => `${name.padEnd(width)}\t${qid}\t${value}\n`;
  const out: string[] = [];
  if (perQuery) {
    for (const q of ev.queries) ev.names.forEach((n, j) => out.push(line(n, q.qid, value4(q.values[j]))));
  }
  out.push(line('num_q', 'all', String(ev.queries.length)));
  ev.names.forEach((n, j) => out.push(line(n, 'all', value4(ev.mean[j]))));
  return out.join('');
}

function value4(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v.toFixed(4);
}

function problemFinding(p: TrecProblem, qrelsPath: string, runPath: string): ReportFinding {
  const path = (file: TrecProblem['file']) => (file === 'qrels' ? qrelsPath : runPath);
  const at = (line: number, start: number, end: number) => ({ start: { line: line - 1, character: start }, end: { line: line - 1, character: end } });
  return {
    path: path(p.file), severity: p.severity, code: p.code, message: p.message, range: at(p.line, p.start, p.end),
    ...(p.related ? { related: p.related.map((r) => ({ path: path(r.file), range: at(r.line, 0, 0), message: r.message })) } : {}),
  };
}

/** What happened to the queries that are not simply evaluated, one note per kind. */
function summaryFindings(ev: TrecEvaluation, qrelsPath: string, runPath: string, complete: boolean): ReportFinding[] {
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const out: ReportFinding[] = [];
  const c = ev.counts;
  const plural = (n: number, word: string) => (n === 1 ? `1 ${word} has` : `${n} ${word.replace(/y$/, 'ie')}s have`);
  if (c.missing > 0) {
    out.push({ path: qrelsPath, severity: 'info', code: 'query-not-in-run', range: top,
      message: complete
        ? `${plural(c.missing, 'judged query')} no line in the run: scored as empty rankings and counted (--complete, trec_eval -c).`
        : `${plural(c.missing, 'judged query')} no line in the run: skipped, as trec_eval does without -c (--complete counts them as 0).` });
  }
  if (c.unjudged > 0) {
    out.push({ path: runPath, severity: 'info', code: 'query-not-in-qrels', range: top,
      message: `${plural(c.unjudged, 'run query')} no judgement in the qrels: ignored, as trec_eval does.` });
  }
  if (ev.scattered > 0) {
    out.push({ path: runPath, severity: 'info', code: 'scattered-query', range: top,
      message: `${plural(ev.scattered, 'query')} lines in several places of the run (not one block per query): read in a second pass.` });
  }
  if (c.noRelevant > 0) {
    const effect = ev.convention.convention.emptyLabels === 'zero'
      ? 'every measure is 0 and counts in the means (emptyLabels=zero, as trec_eval)'
      : 'every measure is NaN and left out of the means (emptyLabels=nan)';
    out.push({ path: qrelsPath, severity: 'info', code: 'empty-labels', range: top,
      message: `${plural(c.noRelevant, 'evaluated query')} no relevant document: ${effect}.` });
  }
  return out;
}

function fileReport(ev: TrecEvaluation, qrelsPath: string, runPath: string, findings: ReportFinding[]): FileReport {
  return {
    path: runPath,
    convention: { name: ev.convention.name, ...ev.convention.convention },
    names: ev.names,
    cases: ev.queries.map((q) => ({ id: q.qid, values: q.values })),
    mean: ev.mean, excluded: ev.excluded, findings,
    extra: { qrels: qrelsPath, counts: ev.counts },
  };
}
