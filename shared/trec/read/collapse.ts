/**
 * Problems of one kind in one file, told once: a run in the wrong format has a malformed line per
 * line, and a hundred identical errors say less than one that counts them, lists the first lines
 * and names the likely cause (a column missing, comma-separated values, JSON).
 */
import { C_SPACES } from './fields';
import { TrecFileKind, TrecProblem } from './problems';

/** Problems of one code in one file are listed each at its place up to this many; more are told as one. */
export const COLLAPSE_ABOVE = 3;

/** How many line numbers a collapsed problem's message names (the problem keeps up to PROBLEMS_LISTED). */
export const LINES_SHOWN = 5;

/** The problems, those of one file and code told as one when there are more than COLLAPSE_ABOVE (its place: the first's). */
export function collapseProblems(problems: readonly TrecProblem[]): TrecProblem[] {
  const groups = new Map<string, TrecProblem[]>();
  for (const p of problems) {
    const key = `${p.file} ${p.code}`;
    const group = groups.get(key);
    if (group) group.push(p);
    else groups.set(key, [p]);
  }
  // A group told as one stands where its first problem stood: the problems stay in file and line order.
  const told = new Map<TrecProblem, TrecProblem | null>();
  for (const group of groups.values()) {
    const listed = group.filter((p) => !p.omitted);
    const count = group.reduce((n, p) => n + (p.omitted ?? 1), 0);
    if (count <= COLLAPSE_ABOVE) continue;
    for (const p of group) told.set(p, null);
    told.set(listed[0], collapsed(listed, count));
  }
  return problems.flatMap((p) => {
    const one = told.get(p);
    return one === undefined ? [p] : one === null ? [] : [one];
  });
}

/** "1, 16, 31, 46, 61 and 93 more": the first LINES_SHOWN of `lines`, then how many of `count` are left. */
export function lineList(lines: readonly number[], count: number): string {
  const shown = lines.slice(0, LINES_SHOWN);
  const rest = count - shown.length;
  return rest > 0
    ? `${shown.join(', ')} and ${rest} more`
    : shown.length > 1
      ? `${shown.slice(0, -1).join(', ')} and ${shown.at(-1)}`
      : `${shown[0]}`;
}

// One problem standing for the group: the first's place and related notes, the count and lines.
function collapsed(listed: readonly TrecProblem[], count: number): TrecProblem {
  const first = listed[0];
  const lines = listed.map((p) => p.line);
  const list = lineList(lines, count);
  if (first.code === 'malformed-line' && first.fields !== undefined) {
    const what = `${malformedWhat(first.file, listed, count)} Lines ${list}.`;
    return { ...first, count, lines, what, message: `${what} They are skipped.` };
  }
  const more = `The same on ${count - 1} more line${count === 2 ? '' : 's'}: ${list.replace(/^\d+(, | and )?/, '')}.`;
  return { ...first, count, lines, message: `${first.message} ${more}`, ...(first.what ? { what: `${first.what} ${more}` } : {}) };
}

// "98 run lines have 5 fields, not 6 (qid Q0 docid rank score tag); the tag column is missing."
function malformedWhat(file: TrecFileKind, listed: readonly TrecProblem[], count: number): string {
  const layout = file === 'run' ? '6 (qid Q0 docid rank score tag)' : '4 (qid iter docid grade)';
  const counts = new Map<number, number>();
  for (const p of listed) counts.set(p.fields!, (counts.get(p.fields!) ?? 0) + 1);
  const first = listed[0];
  if (counts.size > 1) {
    const mix = [...counts].map(([n, k]) => `${plural(k, 'line')} with ${n}`).join(', ');
    return `${count} ${file} lines do not have ${layout.replace(' (', ' fields (')}: ${mix}${listed.length < count ? `, among the first ${listed.length}` : ''}.`;
  }
  const cause = malformedCause(file, first.fields!, first.sample ?? '');
  return `${count} ${file} lines have ${plural(first.fields!, 'field')}, not ${layout}${cause ? `; ${cause}` : ''}.`;
}

/**
 * The likely reason a line has `fields` fields instead of its file's (a run's 6, a qrels' 4), from
 * the line's text (a byte string): a column missing, another format, or the other file.
 */
export function malformedCause(file: TrecFileKind, fields: number, sample: string): string | undefined {
  const text = sample.trim();
  if (text.startsWith('{') || text.startsWith('[')) return 'the lines are JSON, not TREC text';
  const parts = text.split(C_SPACES).filter((f) => f !== '');
  if (fields <= 2 && /[,;]/.test(text)) {
    const sep = text.includes(',') ? ',' : ';';
    return `the fields are separated by "${sep}" (comma-separated values); TREC files separate them with spaces or tabs`;
  }
  const number = (s: string | undefined) => s !== undefined && /^[-+]?(\d+\.?\d*|\.\d+)([eE][-+]?\d+)?$/.test(s);
  const q0 = (s: string | undefined) => s !== undefined && /^(q0|0)$/i.test(s);
  if (file === 'run') {
    if (fields === 5 && q0(parts[1]) && number(parts[4])) return 'the tag column is missing (the last field is the score)';
    if (fields === 5 && !q0(parts[1]) && number(parts[3])) return 'the Q0 column is missing (the second field is the docid)';
    if (fields === 4 && parts[1] === '0' && /^-?\d+$/.test(parts[3] ?? ''))
      return 'the line reads as a judgement (qid iter docid grade): the qrels and the run may be given in the wrong order (QRELS comes first)';
    if (fields === 3 && number(parts[2])) return 'the lines are "qid docid score": write them as "qid Q0 docid rank score tag"';
    return undefined;
  }
  if (fields === 6 && q0(parts[1]) && number(parts[4]))
    return 'the line reads as a run line (qid Q0 docid rank score tag): the qrels and the run may be given in the wrong order (QRELS comes first)';
  if (fields === 3 && number(parts[2]))
    return 'the iter column is missing: the lines are "qid docid grade"; write them as "qid 0 docid grade"';
  return undefined;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}
