/**
 * The words of TREC runs and qrels in the editor: a lens per query with its headline measures, the
 * file's means, the hover on a run line (judgement, trec_eval's rank, gain and discount, what it
 * adds) and on a qrels line (the query's grades, what each open run retrieves of it), the inlay
 * hint after a docid, and what a run that no rule pairs with qrels is told.
 */
import { Convention } from '../core/conventions';
import { fmt } from '../core/explanation';
import { itemContributions } from '../core/itemContribution';
import { discount, gain } from '../core/metrics/dcg';
import { QrelsDocQuery, QueryEvaluation, RunEvaluation } from '../trecdoc';
import { PICK_QRELS_COMMAND } from '../protocol';

/** `nDCG@10 0.613 · AP@10 0.450`: a query's headline values; or why it has none. */
export function trecQueryLens(ev: RunEvaluation, query: number): string {
  const e = ev.queries[query];
  if (!e.judged) return 'not judged in the qrels: ignored';
  if (e.ranked?.rejected) return 'not evaluated: a docid listed twice (duplicates=error)';
  return ev.settings.names.map((name, j) => `${name} ${fmt(e.values[j])}`).join(' · ');
}

/** What the file's lenses say when the queries past the first `shown` get none in a whole-file answer, and why. */
export function trecLensesLimited(shown: number, total: number): string {
  return `lenses on the first ${shown.toLocaleString('en-US')} of ${total.toLocaleString('en-US')} queries: an editor that asks for the lines on screen (ranklens/codeLenses) gets every query's`;
}

/** The file's lens: the convention and where it came from, then the means over the judged queries, as `ranklens trec` prints them. */
export function trecFileLens(ev: RunEvaluation, qrelsName: string): { title: string; tooltip: string } {
  const s = ev.settings;
  const left = Math.max(0, ...ev.excluded);
  const counted = left === 0 ? `${ev.evaluated}` : `${ev.evaluated - left} of ${ev.evaluated} (${left} NaN)`;
  const values = ev.evaluated === 0 ? 'no query judged' : s.names.map((name, j) => `${name} ${fmt(ev.mean[j])}`).join(' · ');
  const partial = ev.partial ? ' · PARTIAL' : '';
  const missing =
    ev.missing.length > 0
      ? `\n${ev.missing.length} judged quer${ev.missing.length === 1 ? 'y has' : 'ies have'} no line in the run: skipped.`
      : '';
  return {
    title: `${s.convention.preset} (${s.conventionSource}) · mean of ${counted}: ${values}${partial}`,
    tooltip:
      `Means over ${counted} judged quer${ev.evaluated === 1 ? 'y' : 'ies'} of this run against ${qrelsName}, under ${s.convention.name}: ` +
      `the numbers \`ranklens trec ${qrelsName} RUN ${s.names.map((n) => `-m ${n}`).join(' ')}\` prints.${missing}` +
      (ev.partial ? '\nPARTIAL: lines of the files were skipped or queries left out (see the problems).' : ''),
  };
}

/** The inlay hint after a docid: ✓ and the grade when relevant, ✗ when judged non-relevant, ? when unjudged. */
export function trecJudgmentMark(grade: number, conv: Convention): string {
  if (Number.isNaN(grade) || grade < 0) return '?';
  return relevantGrade(grade, conv) ? `✓${grade}` : '✗';
}

/** Whether a grade is relevant under the convention's threshold (trec_eval: above level − 1). */
export function relevantGrade(grade: number, conv: Convention): boolean {
  return conv.relevanceThreshold === 'listed' ? true : grade > conv.relevanceThreshold;
}

/** The hover on a run line: prediction `entry` (its index in its query) of query evaluation `e`. */
export function trecEntryHover(ev: RunEvaluation, e: QueryEvaluation, entry: number, docid: string, rankColumn: string): string {
  const conv = ev.settings.convention.convention;
  const grade = e.grades[entry];
  const lines: string[] = [];
  const judgment = !e.judged
    ? 'query not judged in the qrels: ignored, as trec_eval ignores it'
    : Number.isNaN(grade)
      ? 'unjudged (counted as non-relevant)'
      : grade < 0
        ? `grade ${grade}: in the pool but unjudged (counted as non-relevant)`
        : relevantGrade(grade, conv)
          ? `relevant, grade ${grade}`
          : `judged non-relevant (grade ${grade})`;
  lines.push(`**${docid}** for query **${e.qid}**: ${judgment}`);
  if (!e.judged) return lines.join('\n\n');
  const rank = e.rankOf[entry];
  if (rank === 0) {
    lines.push(
      e.ranked?.rejected
        ? 'Not ranked: the query lists a docid twice (duplicates=error).'
        : 'Not ranked: a repeat of a docid listed before (duplicates=first).',
    );
    return lines.join('\n\n');
  }
  const written = Number.parseInt(rankColumn, 10);
  const differs = rankColumn !== '' && written !== rank ? ` The rank column says ${rankColumn}: trec_eval ignores it.` : '';
  lines.push(`trec_eval rank **${rank}** of ${e.rankOf.filter((r) => r > 0).length} (score descending, then docid descending).${differs}`);
  lines.push(
    `gain ${fmt(gain(Number.isNaN(grade) ? 0 : grade, conv), 3)} · discount at rank ${rank}: ${fmt(discount(rank, conv), 4)} (${conv.discount})`,
  );
  if (e.ranked) {
    const adds = itemContributions(e.ranked, rank, ev.settings.specs, conv).map(
      (c) => `- ${c.metric}: ${c.amount === null ? '—' : `+${fmt(c.amount, 4)}`} (${c.how})`,
    );
    lines.push(`What it adds:\n${adds.join('\n')}`);
  }
  return lines.join('\n\n');
}

/** The hover on a qrels line: the query's judgements per grade, and how many of its relevant documents each open run retrieves. */
export function trecQrelsHover(
  q: QrelsDocQuery,
  conv: Convention,
  runs: readonly { name: string; retrieved: number; lines: number }[],
): string {
  const perGrade = new Map<number, number>();
  for (const l of q.labels) perGrade.set(l.grade, (perGrade.get(l.grade) ?? 0) + 1);
  const grades = [...perGrade].sort((a, b) => b[0] - a[0]).map(([g, n]) => `grade ${g}: ${n}`);
  const relevant = q.labels.filter((l) => relevantGrade(l.grade, conv)).length;
  const out = [
    `Query **${q.qid}**: ${q.labels.length} judgement${q.labels.length === 1 ? '' : 's'}, ${relevant} relevant — ${grades.join(' · ')}`,
  ];
  const line = (r: (typeof runs)[number]) =>
    `- ${r.name}: retrieves ${r.retrieved} of the ${relevant} relevant (${r.lines} line${r.lines === 1 ? '' : 's'} for this query)`;
  out.push(runs.length === 0 ? 'No open run is paired with these qrels.' : runs.map(line).join('\n'));
  return out.join('\n\n');
}

/** What a run no ranklens.config.json rule pairs with qrels is told, on its first line: how to pair it. */
export function unpairedRunMessage(runName: string, reason?: string): string {
  const why = reason ? `${reason} ` : '';
  return (
    `${why}This run is read for its format only: no ranklens.config.json rule pairs it with qrels. ` +
    `Pair it with "qrels": {"${runName}": "path/to/qrels"} in ranklens.config.json (a glob of runs, relative to the config, to a qrels path), ` +
    `or run the command ${PICK_QRELS_COMMAND} (Ranklens: Pick Qrels for This Run).`
  );
}
