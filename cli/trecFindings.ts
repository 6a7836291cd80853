/**
 * What `ranklens trec` reports besides values, for one run and for runs compared: each problem of
 * the files as a finding, and a note per kind of query that was not simply evaluated.
 */
import { IdCause, IdsApart, TrecEvaluation, TrecProblem, refusalMessage, shownBytes, stopsTrecEval } from '../shared/trec';
import { ReportFinding } from './report';

/** How many missing queries the text of query-not-in-run names (the JSON's data lists all). */
export const MISSING_NAMED = 10;

// A problem that leaves a file unread: not text, or not the format it is read as.
function unreadFile(p: TrecProblem): boolean {
  return p.code === 'binary-file' || p.code === 'format-error';
}

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
    ...(p.count ? { data: { count: p.count, lines: p.lines } } : {}),
  };
}

/**
 * The problems an evaluation under the trec_eval preset stops at (see stopsTrecEval), unless told to
 * go on: none when it goes on.
 */
export function stoppingProblems(ev: TrecEvaluation, keepGoing: boolean): TrecProblem[] {
  return ev.convention.preset === 'trec_eval' && !keepGoing ? ev.problems.filter(stopsTrecEval) : [];
}

/**
 * The findings of an evaluation refused (nothing printed): every problem of the files (those
 * `shown`), the first that stops it saying what is wrong, that nothing is evaluated, and how to go on.
 */
export function refusalFindings(
  ev: TrecEvaluation,
  qrelsPath: string,
  runPath: string,
  shown: (p: TrecProblem) => boolean = () => true,
): ReportFinding[] {
  const problems = ev.problems.filter(shown);
  const first = problems.find(stopsTrecEval);
  // The others that stop it say what is wrong, not what going on would do with them.
  const message = (p: TrecProblem) => (p === first ? refusalMessage(p) : stopsTrecEval(p) ? (p.what ?? p.message) : p.message);
  return problems.map((p) => ({ ...problemFinding(p, qrelsPath, runPath), message: message(p) }));
}

/**
 * The problems of the files as findings; when a file holds no line to read and its lines are all
 * malformed, the malformed lines' finding says that nothing is evaluated (one message, not two).
 */
export function fileFindings(
  ev: TrecEvaluation,
  qrelsPath: string,
  runPath: string,
  shown: (p: TrecProblem) => boolean = () => true,
): ReportFinding[] {
  const empty = { qrels: ev.counts.qrelsQueries === 0, run: ev.counts.entries === 0 };
  return ev.problems.filter(shown).map((p) => {
    const f = problemFinding(p, qrelsPath, runPath);
    if (p.code !== 'malformed-line' || !empty[p.file] || ev.problems.some(unreadFile)) return f;
    return { ...f, message: `${f.message} No ${p.file === 'run' ? 'line to rank' : 'judgement'} is left, so nothing is evaluated.` };
  });
}

/** What happened to the queries that are not simply evaluated, one note per kind. */
export function summaryFindings(ev: TrecEvaluation, qrelsPath: string, runPath: string, complete: boolean): ReportFinding[] {
  const top = { start: { line: 0, character: 0 }, end: { line: 0, character: 0 } };
  const out: ReportFinding[] = [];
  const c = ev.counts;
  const plural = (n: number, word: string) => (n === 1 ? `1 ${word} has` : `${n} ${word.replace(/y$/, 'ie')}s have`);
  // A file that is not text (or not its format), or whose every line is malformed, is told by its problem alone.
  if (ev.problems.some(unreadFile)) return [];
  const malformed = (file: TrecProblem['file']) => ev.problems.some((p) => p.code === 'malformed-line' && p.file === file);
  const qidsApart = ev.apart.find((a) => a.ids === 'qids');
  if (c.qrelsQueries === 0 && !malformed('qrels')) {
    out.push({
      path: qrelsPath,
      severity: 'error',
      code: 'empty-file',
      range: top,
      message: 'The qrels hold no judgement, so nothing is evaluated (trec_eval stops on an empty qrels file: "Cannot read qrels file").',
    });
  }
  if (c.entries === 0 && !malformed('run')) {
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
      message: `No query is both judged in the qrels and in the run, so nothing is evaluated (trec_eval stops: "No queries with both results and relevance info").${qidsApart ? ` ${causeText(qidsApart, 'query ids')}` : ''}`,
      ...(qidsApart ? { data: apartData(qidsApart) } : {}),
    });
  }
  if (c.missing > 0 && c.entries > 0) {
    // Every missing query named (the first MISSING_NAMED in the text), at the first judgement of the first.
    const first = ev.missing[0];
    const named = ev.missing.slice(0, MISSING_NAMED).map((m) => `${shownBytes(m.qid)} (line ${m.line})`);
    const list = named.length < ev.missing.length ? `${named.join(', ')} and ${ev.missing.length - named.length} more` : joined(named);
    const place = first ? { start: { line: first.line - 1, character: 0 }, end: { line: first.line - 1, character: 0 } } : top;
    const data = { queries: ev.missing.map((m) => ({ id: shownBytes(m.qid), line: m.line })) };
    out.push(
      complete
        ? {
            path: qrelsPath,
            severity: 'info',
            code: 'query-not-in-run',
            range: place,
            message: `${plural(c.missing, 'judged query')} no line in the run: ${list}; scored as empty rankings and counted (--complete, trec_eval -c).`,
            data,
          }
        : {
            path: qrelsPath,
            severity: 'warning',
            code: 'query-not-in-run',
            range: place,
            message: `${plural(c.missing, 'judged query')} no line in the run: ${list}; skipped (--complete counts them as 0, as trec_eval -c); trec_eval without -c stops at query ${shownBytes(ev.firstMissing ?? '')} ("result qid not found"), after printing the queries before it.`,
            data,
          },
    );
  }
  // Ids that do not meet: told once the other notes have said what became of the queries.
  for (const a of ev.apart) {
    if (a.ids === 'qids' && c.evaluated === 0) continue; // said by nothing-evaluated
    out.push({ path: runPath, severity: 'warning', code: 'ids-do-not-meet', range: top, message: apartMessage(a), data: apartData(a) });
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

function joined(items: readonly string[]): string {
  return items.length > 1 ? `${items.slice(0, -1).join(', ')} and ${items.at(-1)}` : (items[0] ?? '');
}

// What ids-do-not-meet says: which queries, then the likely cause with an example from each file.
function apartMessage(a: IdsApart): string {
  const queries = a.queries.slice(0, MISSING_NAMED).map(shownBytes);
  const list = queries.length < a.count ? `${queries.join(', ')} and ${a.count - queries.length} more` : joined(queries);
  const one = a.count === 1;
  if (a.ids === 'qids') {
    return `${a.count} run quer${one ? 'y is' : 'ies are'} not judged in the qrels (${list}) while judged queries have no line in the run: the query ids may not meet. ${causeText(a, 'query ids')}`;
  }
  if (a.whole) {
    return `No document the run ranks is judged in the qrels, for any of its ${a.shared} judged quer${a.shared === 1 ? 'y' : 'ies'}: the docids do not meet, and every measure is 0. ${causeText(a, 'docids')}`;
  }
  const share = `${Math.round(100 * a.medianShare)}%`;
  return `${a.count} quer${one ? 'y ranks' : 'ies rank'} no judged document (${list}), where the other queries have a median of ${share} of their documents judged: their docids may not meet the qrels'. ${causeText(a, 'docids')}`;
}

/** The likely cause of ids that do not meet, with an example id from each file. */
export function causeText(a: Pick<IdsApart, 'cause' | 'run' | 'qrels'>, what: string): string {
  const c = a.cause;
  const run = `"${shownBytes(a.run)}"`;
  const qrels = `"${shownBytes(a.qrels)}"`;
  if (!c) return `No pattern turns one into the other: the run has ${what} such as ${run}, the qrels such as ${qrels}.`;
  const pair = `the run writes ${run} where the qrels write ${qrels}`;
  switch (c.kind) {
    case 'quotes':
      return `The likely cause is quotes or punctuation around the ${what}: ${pair}.`;
    case 'case':
      return `The likely cause is upper and lower case: ${pair} (ids are compared byte for byte, as trec_eval does).`;
    case 'zeros':
      return `The likely cause is leading zeros: ${pair}.`;
    default:
      return `The likely cause is a ${c.kind}: the ${c.side}'s ${what} ${c.kind === 'prefix' ? 'start' : 'end'} with "${shownBytes(c.affix ?? '')}" (${pair}).`;
  }
}

// What the JSON's data holds of ids that do not meet: which ids, the queries (up to SAMPLE_QUERIES), the cause and the examples.
function apartData(a: IdsApart): Record<string, unknown> {
  const cause: IdCause | undefined = a.cause;
  return {
    ids: a.ids,
    ...(a.ids === 'docids' ? { whole: a.whole, medianShare: a.medianShare } : {}),
    queries: a.queries.map(shownBytes),
    count: a.count,
    cause: cause ? { kind: cause.kind, ...(cause.affix !== undefined ? { affix: shownBytes(cause.affix), side: cause.side } : {}) } : null,
    run: shownBytes(a.run),
    qrels: shownBytes(a.qrels),
  };
}
