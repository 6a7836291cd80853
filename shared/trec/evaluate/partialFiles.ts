/**
 * Files that are only partly right. trec_eval stops at the first malformed line or repeated docid,
 * and so does its preset (the drop-in): a summary of the rest would look right and not be. Asked
 * to go on (--keep-going), or under another preset, the means are computed without those lines,
 * and say so.
 */
import { TrecCounts, TrecPartial } from './evaluateTrec';
import { TrecProblem } from '../read/problems';

// What trec_eval prints when it stops on each kind of problem.
const TREC_EVAL_WORDS: Readonly<Partial<Record<string, string>>> = {
  'malformed-line': '"Malformed line"',
  'duplicate-prediction': '"duplicate docs"',
  'duplicate-judgement': '"duplicate docs"',
};

// How to go on from each.
const HOW_TO_GO_ON: Readonly<Partial<Record<string, string>>> = {
  'malformed-line': 'Fix the lines, or add --keep-going to evaluate without them, every mean marked as computed on partial files.',
  'duplicate-prediction':
    'Remove the repeated lines, or add --keep-going to evaluate the other queries (a query that lists a docid twice is left out), every mean marked as computed on partial files.',
  'duplicate-judgement':
    'Remove the repeated judgements, or add --keep-going to use the first grade of each, every mean marked as computed on partial files.',
};

/** Whether a problem stops trec_eval, and so the trec_eval preset unless told to go on: a malformed line, a docid twice. */
export function stopsTrecEval(p: TrecProblem): boolean {
  return p.severity === 'error' && p.code in TREC_EVAL_WORDS;
}

/** The message of the problem an evaluation stops at: what is wrong (all of its kind, when told as one), what trec_eval does, how to go on. */
export function refusalMessage(p: TrecProblem): string {
  return `${p.what ?? p.message} Nothing is evaluated: trec_eval stops ${p.count ? 'at the first' : 'here'} (${TREC_EVAL_WORDS[p.code] ?? 'an error'}). ${HOW_TO_GO_ON[p.code] ?? ''}`.trimEnd();
}

/** The line printed next to means computed on partial files, so that no one reads them as the files' (a byte string of ASCII). */
export function partialNote(partial: TrecPartial, counts: TrecCounts): string {
  const { qrels, run } = partial.skippedLines;
  const parts = [
    ...(qrels > 0 ? [`${qrels} of ${counts.qrelsLines} qrels lines`] : []),
    ...(run > 0 ? [`${run} of ${counts.runLines} run lines`] : []),
    ...(partial.droppedQueries > 0
      ? [`${partial.droppedQueries} quer${partial.droppedQueries === 1 ? 'y that lists' : 'ies that list'} a docid twice`]
      : []),
  ];
  const list = parts.length > 1 ? `${parts.slice(0, -1).join(', ')} and ${parts.at(-1)}` : parts[0];
  return `PARTIAL: these means leave out ${list} (see the errors): they are not the means of the files given.`;
}
