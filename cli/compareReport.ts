/**
 * The comparison table of `ranklens trec QRELS RUN_A RUN_B …` as text, Markdown or LaTeX: one row
 * per run, one column per measure holding the run's mean, and after each value the letters of the
 * runs it is significantly better than (ranx's report does the same with superscripts).
 */
import { CompareOptions, SystemComparison, TEST_TITLES } from '../shared/stats';

export type CompareFormat = 'text' | 'markdown' | 'latex' | 'json';

export interface RunSummary {
  name: string;
  path: string;
  /** The run's means as `ranklens trec` gives them alone, one per measure. */
  means: number[];
  /** Means computed on partial files (--keep-going, or a preset that skips lines): what was left out, and the line that says so. */
  partial?: { skippedLines: { qrels: number; run: number }; droppedQueries: number; note: string };
}

// A run's name in the table: marked when its means are computed on partial files.
function shownName(run: RunSummary): string {
  return run.partial ? `${run.name} (PARTIAL)` : run.name;
}

export interface ComparisonReport {
  runs: RunSummary[];
  measures: string[];
  /** The baseline run's index, or all pairs. */
  baseline: number | 'all';
  options: CompareOptions;
  /** Per measure, the comparisons (the same pairs in the same order for every measure). */
  comparisons: SystemComparison[][];
  /** With -q: per measure, per comparison, each paired query's difference b − a. */
  perQuery?: { qid: string; diff: number }[][][];
}

/** The letter that marks run i: a, b, …, z, then aa, ab, … */
export function runLetter(i: number): string {
  return i < 26 ? String.fromCharCode(97 + i) : runLetter(Math.floor(i / 26) - 1) + runLetter(i % 26);
}

/** Indices of the runs that run i beats significantly on measure j. */
export function beats(report: ComparisonReport, j: number, i: number): number[] {
  const out: number[] = [];
  for (const c of report.comparisons[j]) {
    if (!c.significant || c.diff === 0) continue;
    const winner = c.diff > 0 ? c.b : c.a;
    if (winner === i) out.push(winner === c.a ? c.b : c.a);
  }
  return out.sort((x, y) => x - y);
}

const SUPERSCRIPT: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnoprstuvwxyz'].map((c, i) => [c, 'ᵃᵇᶜᵈᵉᶠᵍʰⁱʲᵏˡᵐⁿᵒᵖʳˢᵗᵘᵛʷˣʸᶻ'[i]]),
);

function unicodeSuperscript(letters: string): string {
  // No Unicode superscript q exists: fall back to ^q.
  return [...letters].map((c) => SUPERSCRIPT[c] ?? `^${c}`).join('');
}

/** The table and the line under it, in the chosen format. */
export function compareReport(report: ComparisonReport, format: Exclude<CompareFormat, 'json'>): string {
  const body = format === 'latex' ? latexTable(report) : format === 'markdown' ? markdownTable(report) : textTable(report);
  const notes = footer(report);
  const perQuery = report.perQuery ? `\n${perQueryText(report, format)}` : '';
  if (format === 'latex') return `${body}\n${notes.map((n) => `% ${n}`).join('\n')}\n${perQuery ? perQuery.replace(/^(?=.)/gm, '% ') : ''}`;
  return `${body}\n\n${notes.join('\n')}\n${perQuery}`;
}

function value4(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v.toFixed(4);
}

function marks(report: ComparisonReport, j: number, i: number): string {
  return beats(report, j, i).map(runLetter).join('');
}

function textTable(report: ComparisonReport): string {
  const header = ['', 'run', ...report.measures];
  const rows = report.runs.map((run, i) => [
    runLetter(i),
    shownName(run),
    ...report.measures.map((_, j) => `${value4(run.means[j])}${unicodeSuperscript(marks(report, j, i))}`),
  ]);
  // Left-aligned, so the decimal points line up and the marks trail.
  const widths = header.map((h, j) => Math.max(columns(h), ...rows.map((r) => columns(r[j]))));
  const line = (cells: readonly string[]) =>
    cells
      .map((c, j) => c + ' '.repeat(widths[j] - columns(c)))
      .join('  ')
      .trimEnd();
  return [line(header), ...rows.map(line)].join('\n');
}

function columns(text: string): number {
  return [...text].length;
}

function markdownTable(report: ComparisonReport): string {
  const escape = (s: string) => s.replace(/[|\\`*_<>]/g, (c) => `\\${c}`);
  const lines = [`| | run | ${report.measures.map(escape).join(' | ')} |`, `|---|---|${report.measures.map(() => '---:|').join('')}`];
  report.runs.forEach((run, i) => {
    const cells = report.measures.map((_, j) => {
      const m = marks(report, j, i);
      const value = best(report, j) === i ? `**${value4(run.means[j])}**` : value4(run.means[j]);
      return m ? `${value}<sup>${m}</sup>` : value;
    });
    lines.push(`| ${runLetter(i)} | ${escape(shownName(run))} | ${cells.join(' | ')} |`);
  });
  return lines.join('\n');
}

/** The run with the highest mean on measure j (the first on ties), or -1 when every mean is NaN. */
function best(report: ComparisonReport, j: number): number {
  let at = -1;
  report.runs.forEach((run, i) => {
    if (!Number.isNaN(run.means[j]) && (at < 0 || run.means[j] > report.runs[at].means[j])) at = i;
  });
  return at;
}

/** booktabs, the best value in bold, the marks as superscripts. */
function latexTable(report: ComparisonReport): string {
  const lines = [
    '\\begin{tabular}{ll' + 'r'.repeat(report.measures.length) + '}',
    '\\toprule',
    ` & Run & ${report.measures.map(latexEscape).join(' & ')} \\\\`,
    '\\midrule',
  ];
  report.runs.forEach((run, i) => {
    const cells = report.measures.map((_, j) => {
      const value = best(report, j) === i ? `\\textbf{${value4(run.means[j])}}` : value4(run.means[j]);
      const m = marks(report, j, i);
      return m ? `${value}$^{${m}}$` : value;
    });
    lines.push(`${runLetter(i)} & ${latexEscape(shownName(run))} & ${cells.join(' & ')} \\\\`);
  });
  lines.push('\\bottomrule', '\\end{tabular}');
  return lines.join('\n');
}

function latexEscape(text: string): string {
  return text.replace(/[\\{}$&#%_^~]/g, (c) => (c === '\\' ? '\\textbackslash{}' : c === '^' ? '\\^{}' : c === '~' ? '\\~{}' : `\\${c}`));
}

/** The lines under the table: what the marks mean, the test, the correction, α, and what was left out. */
export function footer(report: ComparisonReport): string[] {
  const { test, correction, alpha, trials, seed } = report.options;
  const rows = report.comparisons[0] ?? [];
  const exact = rows.length > 0 && report.comparisons.every((c) => c.every((r) => r.exact));
  const sampling =
    test === 'randomization' || test === 'bootstrap' || test === 'tukey'
      ? exact
        ? ', exact (every assignment enumerated)'
        : `, ${trials.toLocaleString('en-US')} trials, seed ${seed}`
      : '';
  const family =
    test === 'tukey'
      ? 'no further correction (Tukey HSD controls the error over all pairs)'
      : correction === 'none'
        ? 'no correction'
        : `${CORRECTION_TITLES[correction]} correction over the ${rows.length} comparison${rows.length === 1 ? '' : 's'} of each measure`;
  const against =
    report.baseline === 'all'
      ? 'all pairs of runs'
      : `each run against ${report.runs[report.baseline].name} (${runLetter(report.baseline)})`;
  const lines = [
    ...report.runs.filter((r) => r.partial).map((r) => `${r.name}: ${r.partial!.note}`),
    `A letter marks the runs a value is significantly better than: ${TEST_TITLES[test]}, two-sided${sampling}; ${against}; ${family}; α = ${alpha}.`,
  ];
  const ns = new Set(report.comparisons.flatMap((c) => c.map((r) => r.n)));
  lines.push(`Paired queries per comparison: ${[...ns].sort((a, b) => a - b).join(', ')}.`);
  const leftOut = rows.filter((r) => r.leftOut > 0);
  if (leftOut.length > 0) {
    const what = test === 'tukey' ? 'in some runs only' : 'in one run of the pair only';
    lines.push(
      `Left out (a query ${what}; --complete scores a judged query a run misses as 0): ${leftOut.map((r) => `${report.runs[r.b].name} vs ${report.runs[r.a].name}: ${r.leftOut}`).join(', ')}.`,
    );
  }
  return lines;
}

const CORRECTION_TITLES = { bonferroni: 'Bonferroni', holm: 'Holm', bh: 'Benjamini–Hochberg' } as const;

/** With -q: each comparison's per-query differences, trec_eval style (measure, pair, query, value). */
function perQueryText(report: ComparisonReport, format: string): string {
  const lines: string[] = [];
  report.measures.forEach((measure, j) => {
    report.comparisons[j].forEach((r, k) => {
      const pair = `${report.runs[r.b].name}−${report.runs[r.a].name}`;
      for (const { qid, diff } of report.perQuery![j][k])
        lines.push(`${measure}\t${pair}\t${qid}\t${diff >= 0 ? '+' : ''}${diff.toFixed(4)}`);
    });
  });
  const head = format === 'markdown' ? 'Per-query differences (b − a):\n\n```\n' : 'Per-query differences (b − a):\n';
  return `${head}${lines.join('\n')}\n${format === 'markdown' ? '```\n' : ''}`;
}
