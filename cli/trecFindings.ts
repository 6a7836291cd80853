/**
 * What `ranklens trec` reports besides values, for one run and for runs compared: each problem of
 * the files as a finding, and a note per kind of query that was not simply evaluated.
 */
import { TrecEvaluation, TrecProblem, shownBytes } from '../shared/trec';
import { ReportFinding } from './report';

/** A problem of the qrels or run file as a finding on the file named as given on the command line. */
export function problemFinding(p: TrecProblem, qrelsPath: string, runPath: string): ReportFinding {
  const path = (file: TrecProblem['file']) => (file === 'qrels' ? qrelsPath : runPath);
  const at = (line: number, start: number, end: number) => ({
    start: { line: line - 1, character: start },
    end: { line: line - 1, character: end },
  });
  return {
    path: path(p.file),
    severity: p.severity,
    code: p.code,
    message: p.message,
    range: at(p.line, p.start, p.end),
    ...(p.related ? { related: p.related.map((r) => ({ path: path(r.file), range: at(r.line, 0, 0), message: r.message })) } : {}),
  };
}

/** What happened to the queries that are not simply evaluated, one note per kind. */
export function summaryFindings(ev: TrecEvaluation, qrelsPath: string, runPath: string, complete: boolean): ReportFinding[] {
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const out: ReportFinding[] = [];
  const c = ev.counts;
  const plural = (n: number, word: string) => (n === 1 ? `1 ${word} has` : `${n} ${word.replace(/y$/, 'ie')}s have`);
  if (c.qrelsQueries === 0) {
    out.push({
      path: qrelsPath,
      severity: 'error',
      code: 'empty-file',
      range: top,
      message: 'The qrels hold no judgement, so nothing is evaluated (trec_eval stops on an empty qrels file: "Cannot read qrels file").',
    });
  }
  if (c.entries === 0) {
    out.push({
      path: runPath,
      severity: 'error',
      code: 'empty-file',
      range: top,
      message: 'The run holds no line to rank, so nothing is evaluated (trec_eval stops on an empty run: "Cannot read results file").',
    });
  }
  if (c.qrelsQueries > 0 && c.entries > 0 && c.evaluated === 0) {
    out.push({
      path: runPath,
      severity: 'error',
      code: 'nothing-evaluated',
      range: top,
      message:
        'No query is both judged in the qrels and in the run, so nothing is evaluated (trec_eval stops: "No queries with both results and relevance info").',
    });
  }
  if (c.missing > 0 && c.entries > 0) {
    out.push(
      complete
        ? {
            path: qrelsPath,
            severity: 'info',
            code: 'query-not-in-run',
            range: top,
            message: `${plural(c.missing, 'judged query')} no line in the run: scored as empty rankings and counted (--complete, trec_eval -c).`,
          }
        : {
            path: qrelsPath,
            severity: 'warning',
            code: 'query-not-in-run',
            range: top,
            message: `${plural(c.missing, 'judged query')} no line in the run: skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query ${shownBytes(ev.firstMissing ?? '')} ("result qid not found"), after printing the queries before it.`,
          },
    );
  }
  if (c.unjudged > 0) {
    out.push({
      path: runPath,
      severity: 'info',
      code: 'query-not-in-qrels',
      range: top,
      message: `${plural(c.unjudged, 'run query')} no judgement in the qrels: ignored, as trec_eval does.`,
    });
  }
  if (ev.scattered > 0) {
    out.push({
      path: runPath,
      severity: 'info',
      code: 'scattered-query',
      range: top,
      message: ev.grouped
        ? `${plural(ev.scattered, 'query')} lines in several places of the run (not one block per query): read in a second pass.`
        : "The run's lines are not grouped by query: each query's lines are kept (compactly) until the whole run is read.",
    });
  }
  if (c.noRelevant > 0) {
    const effect =
      ev.convention.convention.emptyLabels === 'zero'
        ? 'every measure is 0 and counts in the means (emptyLabels=zero, as trec_eval)'
        : 'every measure is NaN and left out of the means (emptyLabels=nan)';
    out.push({
      path: qrelsPath,
      severity: 'info',
      code: 'empty-labels',
      range: top,
      message: `${plural(c.noRelevant, 'evaluated query')} no relevant document: ${effect}.`,
    });
  }
  return out;
}
