/**
 * The report of `ranklens trec QRELS RUN_A RUN_B …` as text, Markdown or LaTeX: first the table of
 * means, one row per run and one column per measure, each value followed by the letters of the runs
 * it is significantly better than (ranx's report does the same with superscripts); then the answer
 * to each comparison, one row per measure and pair: the difference, its interval, the effect size,
 * the corrected p (the correction named), significant or not, and the queries won, tied and lost;
 * then the notes. As CSV, the comparisons alone, one row each. A run whose means are computed on
 * partial files is named "name (PARTIAL)" in every table, and a note says what its means leave out.
 */
import { CompareOptions, SystemComparison, TEST_TITLES } from '../shared/stats';
import { csvNumber, csvTable, latexTable, latexText, markdownTable, markdownText, table } from './table';

export type CompareFormat = 'text' | 'markdown' | 'latex';

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

/** The table of means, the table of comparisons and the notes under them, in the chosen format. */
export function compareReport(report: ComparisonReport, format: CompareFormat): string {
  const means = format === 'latex' ? latexMeans(report) : format === 'markdown' ? markdownMeans(report) : textMeans(report);
  const pairs = pairTable(report, format);
  const notes = footer(report);
  const perQuery = report.perQuery ? `\n${perQueryText(report, format)}` : '';
  if (format === 'latex')
    return `${means}\n\n${pairs}\n${notes.map((n) => `% ${n}`).join('\n')}\n${perQuery ? perQuery.replace(/^(?=.)/gm, '% ') : ''}`;
  return `${means}\n\n${pairs}\n\n${notes.join('\n')}\n${perQuery}`;
}

function value4(v: number): string {
  return Number.isNaN(v) ? 'NaN' : v.toFixed(4);
}

function marks(report: ComparisonReport, j: number, i: number): string {
  return beats(report, j, i).map(runLetter).join('');
}

function textMeans(report: ComparisonReport): string {
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

function markdownMeans(report: ComparisonReport): string {
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
function latexMeans(report: ComparisonReport): string {
  const lines = [
    '\\begin{tabular}{ll' + 'r'.repeat(report.measures.length) + '}',
    '\\toprule',
    ` & Run & ${report.measures.map(latexText).join(' & ')} \\\\`,
    '\\midrule',
  ];
  report.runs.forEach((run, i) => {
    const cells = report.measures.map((_, j) => {
      const value = best(report, j) === i ? `\\textbf{${value4(run.means[j])}}` : value4(run.means[j]);
      const m = marks(report, j, i);
      return m ? `${value}$^{${m}}$` : value;
    });
    lines.push(`${runLetter(i)} & ${latexText(shownName(run))} & ${cells.join(' & ')} \\\\`);
  });
  lines.push('\\bottomrule', '\\end{tabular}');
  return lines.join('\n');
}

/** The title of the p column: p after the correction, which it names. */
function pTitle(options: CompareOptions): string {
  if (options.test === 'tukey') return 'p (Tukey HSD)';
  return options.correction === 'none' ? 'p (uncorrected)' : `p (${CORRECTION_TITLES[options.correction]})`;
}

/** One row per measure and pair of runs, the answer in cells of text (numbers as the format writes them). */
function pairCells(report: ComparisonReport, number: (text: string) => string): string[][] {
  return report.measures.flatMap((measure, j) =>
    report.comparisons[j].map((r) => [
      measure,
      `${shownName(report.runs[r.b])} − ${shownName(report.runs[r.a])}`,
      number(signed(r.diff)),
      `[${number(signed(r.ci[0]))}, ${number(signed(r.ci[1]))}]`,
      number(Number.isNaN(r.effectSize) ? 'NaN' : r.effectSize.toFixed(2)),
      number(pText(r.pAdjusted)),
      r.significant ? 'yes' : 'no',
      `${r.wins}/${r.ties}/${r.losses}`,
    ]),
  );
}

/** A difference with its sign, 4 decimals: +0.4028, -0.0667. */
function signed(x: number): string {
  return Number.isNaN(x) ? 'NaN' : `${x >= 0 ? '+' : '-'}${Math.abs(x).toFixed(4)}`;
}

/** A p to 4 decimals, or "<0.0001" below that (a p of 0, which only sampling gives, is 0.0000). */
export function pText(p: number): string {
  if (Number.isNaN(p)) return 'NaN';
  return p > 0 && p < 0.00005 ? '<0.0001' : p.toFixed(4);
}

/** The table of comparisons, one row per measure and pair. */
function pairTable(report: ComparisonReport, format: CompareFormat): string {
  const header = (pairTitle: string) => ['measure', pairTitle, 'diff', '95% CI', 'd', pTitle(report.options), 'significant', 'W/T/L'];
  if (format === 'markdown') {
    const rows = pairCells(report, (x) => x).map(([m, pair, ...rest]) => [markdownText(m), markdownText(pair), ...rest]);
    return markdownTable(header('b − a'), rows);
  }
  if (format === 'latex') {
    // Numbers in math mode, so that a minus is a minus; the pair's dash too.
    const rows = pairCells(report, (x) => `$${x.replace('<', '<\\,')}$`).map(([m, pair, ...rest]) => [
      latexText(m),
      pair.split(' − ').map(latexText).join(' $-$ '),
      ...rest,
    ]);
    const titles = [
      'Measure',
      '$b - a$',
      'Diff.',
      '95\\% CI',
      '$d$',
      latexText(pTitle(report.options)).replace(/^p/, '$p$').replace('–', '--'),
      'Significant',
      'W/T/L',
    ];
    return latexTable(titles, rows, 'llrcrrcc');
  }
  return table(
    header('b − a'),
    pairCells(report, (x) => x),
  );
}

/**
 * The comparisons as CSV, one row per measure and pair, full precision: the means over the paired
 * queries, the difference b − a and its interval, Cohen's d, p before and after the correction,
 * whether significant at α, the paired and unpaired queries and the queries b wins, ties and loses.
 */
export function compareCsv(report: ComparisonReport): string {
  const { test, alpha } = report.options;
  const correction = test === 'tukey' ? 'none' : report.options.correction;
  const header = [
    'measure',
    'a',
    'b',
    'mean_a',
    'mean_b',
    'diff',
    'ci_low',
    'ci_high',
    'effect_size',
    'test',
    'p',
    'correction',
    'p_adjusted',
    'alpha',
    'significant',
    'paired',
    'unpaired',
    'wins',
    'ties',
    'losses',
  ];
  const rows = report.measures.flatMap((measure, j) =>
    report.comparisons[j].map((r) => [
      measure,
      shownName(report.runs[r.a]),
      shownName(report.runs[r.b]),
      ...[r.meanA, r.meanB, r.diff, r.ci[0], r.ci[1], r.effectSize].map(csvNumber),
      test,
      csvNumber(r.p),
      correction,
      csvNumber(r.pAdjusted),
      String(alpha),
      String(r.significant),
      ...[r.n, r.leftOut, r.wins, r.ties, r.losses].map(String),
    ]),
  );
  return csvTable(header, rows);
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
    `Each comparison: diff = the mean of b − a over the paired queries, its 95% interval (${test === 'bootstrap' ? 'the bootstrap percentiles' : "Student's t"}), d = Cohen's d (diff ÷ the standard deviation of the differences), p corrected as its column says, significant when that p ≤ α, and W/T/L the queries where b is higher, equal, lower.`,
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
      const pair = `${shownName(report.runs[r.b])}−${shownName(report.runs[r.a])}`;
      for (const { qid, diff } of report.perQuery![j][k])
        lines.push(`${measure}\t${pair}\t${qid}\t${diff >= 0 ? '+' : ''}${diff.toFixed(4)}`);
    });
  });
  const head = format === 'markdown' ? 'Per-query differences (b − a):\n\n```\n' : 'Per-query differences (b − a):\n';
  return `${head}${lines.join('\n')}\n${format === 'markdown' ? '```\n' : ''}`;
}
