/**
 * `ranklens diff` as text: for each run compared with the first, the means and the paired test, the
 * wins, ties and losses under the stated tie margin, every paired query sorted by its difference,
 * then the queries that changed most explained by the documents that entered and left the top k.
 * Every line fits 100 columns (long ids are cut with "…"; the JSON report has them whole).
 */
import { DocumentMove, QueryMoves } from '../evaluation/documentMoves';
import { PairDiff, QueryDiff } from '../evaluation/queryDiff';
import { MetricSpec } from '../core/metricNames';
import { TEST_TITLES } from '../stats/testNames';
import { CompareOptions } from '../stats/compareSystems';

/** What the text is made from: plain data the command computed. */
export interface DiffTextInput {
  /** The measure's Ranklens name, and trec_eval's (null when it has none). */
  measure: string;
  trecEval: string | null;
  spec: MetricSpec;
  convention: string;
  runs: readonly { name: string; mean: number; queries: number; partial?: string }[];
  pairs: readonly PairDiff[];
  options: CompareOptions;
  /** Per pair, the queries that changed most, explained (gains largest first, then losses largest first). */
  explained: readonly { gains: readonly QueryMoves[]; losses: readonly QueryMoves[]; requested: readonly QueryMoves[] }[];
  top: number;
}

/** The width every line fits. */
export const DIFF_WIDTH = 100;

/** The whole text output. */
export function diffText(input: DiffTextInput): string {
  const out: string[] = [];
  const trecName = input.trecEval && input.trecEval !== input.measure ? ` (trec_eval's ${input.trecEval})` : '';
  out.push(...wrap(`${input.measure}${trecName} per query, convention ${input.convention}.`), '');
  const nameWidth = Math.max(3, ...input.runs.map((r) => r.name.length));
  out.push(`${pad('run', nameWidth + 3)}  ${'mean'.padStart(8)}  ${'queries'.padStart(7)}`);
  input.runs.forEach((r, i) => {
    const name = `${letter(i)}  ${r.name}${r.partial ? ' (PARTIAL)' : ''}`;
    out.push(`${pad(name, nameWidth + 3)}  ${num(r.mean).padStart(8)}  ${String(r.queries).padStart(7)}`);
  });
  for (const r of input.runs) if (r.partial) out.push(...wrap(`${r.name} (PARTIAL): ${r.partial}`));
  input.pairs.forEach((pair, k) => {
    out.push('', ...pairText(input, pair, input.explained[k]));
  });
  return `${out.join('\n')}\n`;
}

function pairText(input: DiffTextInput, pair: PairDiff, explained: DiffTextInput['explained'][number]): string[] {
  const a = input.runs[pair.a].name;
  const b = input.runs[pair.b].name;
  const t = pair.test;
  const { test, correction, alpha } = input.options;
  const corrected =
    input.pairs.length > 1 && correction !== 'none' && test !== 'tukey'
      ? `, ${CORRECTION_TITLES[correction]} over ${input.pairs.length} comparisons`
      : '';
  const tieText = pair.tie === 0 ? 'equal values' : `|${b} − ${a}| ≤ ${pair.tie}`;
  const out = [
    `== ${b} − ${a} ==`,
    ...wrap(
      `Mean difference ${signed(t.diff)}, 95% CI [${signed(t.ci[0])}, ${signed(t.ci[1])}], d = ${fixed(t.effectSize, 2)}; ` +
        `p = ${fixed(t.pAdjusted, 4)} (${TEST_TITLES[test]}, two-sided${corrected}): ` +
        `${t.significant ? 'significant' : 'not significant'} at α = ${alpha}; ${t.n} paired queries` +
        (t.leftOut > 0 ? `, ${t.leftOut} in one run only left out.` : '.'),
    ),
    ...wrap(`Wins ${pair.wins}, ties ${pair.ties}, losses ${pair.losses} (a tie: ${tieText}; --tie sets the margin).`),
    '',
  ];
  const qWidth = Math.min(40, Math.max(5, ...pair.queries.map((q) => q.qid.length)));
  const vWidth = Math.min(12, Math.max(8, a.length, b.length));
  const dHead = `${b} − ${a}`;
  const dWidth = Math.max(9, Math.min(dHead.length, DIFF_WIDTH - qWidth - 2 * vWidth - 6));
  out.push(
    `${pad('query', qWidth)}  ${cut(a, vWidth).padStart(vWidth)}  ${cut(b, vWidth).padStart(vWidth)}  ${cut(dHead, dWidth).padStart(dWidth)}`,
  );
  for (const q of pair.queries) {
    out.push(
      `${pad(cut(q.qid, qWidth), qWidth)}  ${num(q.a).padStart(vWidth)}  ${num(q.b).padStart(vWidth)}  ${signed(q.diff).padStart(dWidth)}`,
    );
  }
  const byId = new Map(pair.queries.map((q) => [q.qid, q]));
  for (const [title, list] of [
    ['gains', explained.gains],
    ['losses', explained.losses],
  ] as const) {
    if (input.top === 0) break;
    out.push('');
    if (list.length === 0) {
      out.push(`No ${title === 'gains' ? 'win' : 'loss'} of ${b} over ${a} to explain.`);
      continue;
    }
    const what = list.length === 1 ? `The largest ${title === 'gains' ? 'gain' : 'loss'}` : `The ${list.length} largest ${title}`;
    out.push(...wrap(`${what} of ${b} over ${a} (--top ${input.top}), the top ${list[0].k} of each ranking:`));
    for (const m of list) out.push('', ...queryText(input.spec, byId.get(m.qid)!, m, a, b));
  }
  if (explained.requested.length > 0) {
    out.push('', `The queries asked for (--query), the top ${explained.requested[0].k} of each ranking:`);
    for (const m of explained.requested) out.push('', ...queryText(input.spec, byId.get(m.qid)!, m, a, b));
  }
  return out;
}

/** One query explained: its values, then each document that entered, left or moved, and what it did. */
export function queryText(spec: MetricSpec, q: QueryDiff, m: QueryMoves, a: string, b: string): string[] {
  const out = [`query ${q.qid}: ${a} ${num(q.a)} → ${b} ${num(q.b)} (${signed(q.diff)})`];
  if (m.moves.length === 0) {
    const why = q.diff === 0 ? 'equal values' : 'the change lies below it';
    out.push(...wrap(`  No document entered, left or moved within the top ${m.k}: ${why}.`));
  } else {
    const rw = Math.min(12, Math.max(4, a.length, b.length));
    out.push(
      `  ${pad('change', 7)}  ${pad('document', 26)}  ${pad('judgment', 22)}  ${cut(a, rw).padStart(rw)}  ${cut(b, rw).padStart(rw)}  ${'effect'.padStart(8)}`,
    );
    for (const d of m.moves) {
      const rank = (r: number | null) => (r === null ? '–' : String(r)).padStart(rw);
      const effect = d.effect === null ? '' : signed(d.effect);
      out.push(
        `  ${pad(d.change, 7)}  ${pad(cut(d.docid, 26), 26)}  ${pad(judgmentText(d), 22)}  ${rank(d.rankA)}  ${rank(d.rankB)}  ${effect.padStart(8)}`,
      );
    }
    out.push(...wrap(`  ${effectNote(spec, m, q)}`, '  '));
  }
  if (m.unjudgedEntered.length > 0) {
    const n = m.unjudgedEntered.length;
    out.push(
      ...wrap(
        `  ${n} unjudged document${n === 1 ? '' : 's'} entered the top ${m.k} (${m.unjudgedEntered.map((d) => cut(d, 26)).join(', ')}): ` +
          `unjudged counts as non-relevant, so judging ${n === 1 ? 'it' : 'them'} could change this ${q.diff < 0 ? 'loss' : q.diff > 0 ? 'gain' : 'tie'}.`,
        '  ',
      ),
    );
  }
  return out;
}

/** A document's judgment in words. */
export function judgmentText(d: DocumentMove): string {
  const j = d.judgment;
  if (j.kind === 'relevant') return `relevant (grade ${j.grade})`;
  if (j.kind === 'nonrelevant') return `non-relevant (grade ${j.grade})`;
  return j.grade === null ? 'UNJUDGED' : `UNJUDGED (grade ${j.grade})`;
}

// What the effects are, for the measure, and whether the listed ones account for the difference.
function effectNote(spec: MetricSpec, m: QueryMoves, q: QueryDiff): string {
  if (!m.additive)
    return `${TERMS_OF[spec.family] ?? 'This measure'} is not a sum of per-document terms here: no document's effect is given.`;
  const terms = TERMS_OF_ADDITIVE[spec.family] ?? "the measure's own per-rank terms";
  const rest = q.diff - m.shownEffect!;
  const below = Math.abs(rest) > 1e-9 ? `; ${signed(rest)} comes from documents below the top ${m.k}` : '';
  return `Effect: what the document adds in one run less what it added in the other, by ${terms}. The effects shown add up to ${signed(m.shownEffect!)}${below}.`;
}

const CORRECTION_TITLES: Readonly<Record<CompareOptions['correction'], string>> = {
  none: 'uncorrected',
  bonferroni: 'Bonferroni',
  holm: 'Holm',
  bh: 'Benjamini–Hochberg',
};

const TERMS_OF: Readonly<Partial<Record<MetricSpec['family'], string>>> = { F1: 'F1' };
const TERMS_OF_ADDITIVE: Readonly<Partial<Record<MetricSpec['family'], string>>> = {
  P: 'P@k: 1/k for each relevant document in the top k',
  R: 'recall: 1/R for each relevant document in the top k',
  DCG: 'DCG: gain · discount at its rank',
  nDCG: 'nDCG: gain · discount at its rank / IDCG (the same in both runs)',
  AP: 'AP: P@rank / R for each relevant document, which the documents above it move too',
  RR: 'RR: 1/rank of the first relevant document alone',
};

function letter(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : String(i + 1);
}

function num(x: number): string {
  return Number.isNaN(x) ? 'NaN' : x.toFixed(4);
}

function fixed(x: number, digits: number): string {
  return Number.isFinite(x) ? x.toFixed(digits) : Number.isNaN(x) ? 'NaN' : x > 0 ? '∞' : '−∞';
}

function signed(x: number): string {
  if (Number.isNaN(x)) return 'NaN';
  const s = x.toFixed(4);
  return x >= 0 || s === '-0.0000' ? `+${s.replace('-', '')}` : s;
}

function pad(text: string, width: number): string {
  return text.padEnd(width);
}

function cut(text: string, width: number): string {
  return [...text].length <= width ? text : `${[...text].slice(0, width - 1).join('')}…`;
}

/** Words wrapped at DIFF_WIDTH, later lines indented by `indent`. */
function wrap(text: string, indent = ''): string[] {
  const lines: string[] = [];
  const lead = /^ */.exec(text)![0];
  let line = lead;
  for (const word of text.slice(lead.length).split(' ')) {
    const next = line.trim() === '' ? `${line}${word}` : `${line} ${word}`;
    if (next.length > DIFF_WIDTH && line.trim() !== '') {
      lines.push(line);
      line = `${indent}${word}`;
    } else line = next;
  }
  lines.push(line);
  return lines;
}
