/**
 * The "Ranklens: Compare Runs" view as one HTML document, made from `ranklens diff`'s JSON report:
 * each run's mean and the paired test, wins/ties/losses, the per-topic difference plot (one bar per
 * query, sorted, wins and losses in two colours colour-blind readers tell apart, the tie band
 * shaded), a table of every query (sortable), and each explained query's two rankings side by side
 * with its moved and unjudged documents. Colours come from the VS Code theme's variables. The one
 * script (with the CSP's nonce) sorts the table, and asks the extension (postMessage) for another
 * measure, cutoff or number of explained queries, for the rankings of a query not yet explained, and
 * to save the plot as SVG or as PNG (drawn here on a canvas; the bytes are posted).
 */
import { escapeHtml, pageHead } from './htmlPage';

/** What the view reads of the JSON report (`ranklens diff … --json`). */
export interface DiffReportView {
  measure: { name: string; trecEval: string | null };
  convention: { name: string };
  tie: number;
  top: number;
  depth: number;
  runs: readonly { name: string; mean: number | null; queries: readonly unknown[]; partial: unknown }[];
  comparisons: readonly DiffComparisonView[];
  significance: { test: string; correction: string; alpha: number };
}

export interface DiffComparisonView {
  a: string;
  b: string;
  diff: number | null;
  ci: readonly (number | null)[];
  pAdjusted: number | null;
  significant: boolean;
  paired: number;
  unpaired: number;
  wins: number;
  ties: number;
  losses: number;
  queries: readonly { id: string; a: number | null; b: number | null; diff: number | null; outcome: string }[];
  largestGains: readonly ExplainedView[];
  largestLosses: readonly ExplainedView[];
  /** The queries asked for (--query), explained the same way. */
  requested?: readonly ExplainedView[];
}

export interface ExplainedView {
  id: string;
  a: number | null;
  b: number | null;
  diff: number | null;
  depth: number;
  additive: boolean;
  shownEffect: number | null;
  documents: readonly {
    docid: string;
    change: string;
    judgment: string;
    grade: number | null;
    rankA: number | null;
    rankB: number | null;
    effect: number | null;
  }[];
  unjudgedEntered: readonly string[];
  topA: readonly { docid: string; judgment: string; grade: number | null }[];
  topB: readonly { docid: string; judgment: string; grade: number | null }[];
}

export interface DiffHtmlOptions {
  title: string;
  /** The nonce of the page's style and script (the CSP allows nothing else). */
  nonce: string;
  /** The measures the view offers (its own first when it is not among them). */
  measures?: readonly string[];
  /** A query to show when the page opens (its rankings side by side, in the first comparison). */
  reveal?: string;
}

/** More queries than this are drawn as bars of consecutive queries (their mean); the table keeps every query. */
export const MAX_BARS = 1000;

/** A saved PNG is the plot at this many pixels per SVG unit: 2000 × 480. */
export const PNG_SCALE = 2;

/** A table of more queries than this keeps a window of WINDOW_ROWS rows in the page at a time (the script moves it). */
export const LAZY_ROWS = 500;
export const WINDOW_ROWS = 200;

/** Plot geometry in SVG user units; the CSS scales it to the pane's width. */
const W = 1000;
const H = 240;
const PAD: Readonly<{ left: number; right: number; top: number; bottom: number }> = { left: 52, right: 8, top: 10, bottom: 22 };

/**
 * Paul Tol's colours for wins and losses, told apart with any colour vision and in lightness: his
 * "muted" indigo and rose on light pages, his "light" blue and orange on dark themes (the first two
 * series colours of the curve view).
 */
export const OUTCOME_COLORS: Readonly<Record<'win' | 'loss', { light: string; dark: string }>> = {
  win: { light: '#332288', dark: '#77AADD' },
  loss: { light: '#CC6677', dark: '#EE8866' },
};

const DEFAULT_MEASURES: readonly string[] = ['nDCG@10', 'nDCG@20', 'AP', 'P@10', 'P@20', 'RR', 'R@100', 'nDCG', 'ERR@20'];

/** The whole page. */
export function diffHtml(report: DiffReportView, options: DiffHtmlOptions): string {
  const nonce = escapeHtml(options.nonce);
  const body = report.comparisons.map((c, k) => comparisonHtml(report, c, k, options.nonce)).join('\n');
  return `${pageHead(options.title, `default-src 'none'; style-src 'nonce-${options.nonce}'; script-src 'nonce-${options.nonce}'; img-src data:`, STYLE, options.nonce)}
<body${options.reveal === undefined ? '' : ` data-reveal="q-0-${escapeHtml(anchor(options.reveal))}"`}>
<header>
<h1>${escapeHtml(options.title)}</h1>
${controls(report, options.measures ?? DEFAULT_MEASURES)}
${meansTable(report)}
</header>
<main>
${body || '<p class="empty">Nothing was compared: the findings say why.</p>'}
</main>
<script nonce="${nonce}">${SCRIPT}</script>
</body>
</html>
`;
}

// The measure, cutoff and number of explained queries, changed in the view: the extension runs the diff again.
function controls(report: DiffReportView, measures: readonly string[]): string {
  const name = report.measure.name;
  const at = name.lastIndexOf('@');
  const family = at > 0 ? name.slice(0, at) : name;
  const cutoff = at > 0 ? name.slice(at + 1) : '';
  const families = [...new Set([family, ...measures.map((m) => (m.includes('@') ? m.slice(0, m.lastIndexOf('@')) : m))])];
  const option = (f: string) => `<option value="${escapeHtml(f)}"${f === family ? ' selected' : ''}>${escapeHtml(f)}</option>`;
  return `<form class="controls" id="controls">
<label>Measure <select id="family">${families.map(option).join('')}</select></label>
<label>Cutoff <input id="cutoff" type="number" min="1" step="1" value="${escapeHtml(cutoff)}" placeholder="none" size="5"></label>
<label>Explained each way <input id="top" type="number" min="0" step="1" value="${report.top}" size="4"></label>
<button type="submit">Compare</button>
<span class="convention">convention ${escapeHtml(report.convention.name)}${report.measure.trecEval && report.measure.trecEval !== name ? ` · trec_eval's ${escapeHtml(report.measure.trecEval)}` : ''}</span>
</form>`;
}

function meansTable(report: DiffReportView): string {
  const rows = report.runs
    .map(
      (r) =>
        `<tr><td>${escapeHtml(r.name)}${r.partial ? ' <span class="badge">PARTIAL</span>' : ''}</td><td class="num">${num(r.mean)}</td><td class="num">${r.queries.length}</td></tr>`,
    )
    .join('');
  return `<div class="scroll"><table class="means"><thead><tr><th>run</th><th class="num">mean ${escapeHtml(report.measure.name)}</th><th class="num">queries</th></tr></thead><tbody>${rows}</tbody></table></div>`;
}

function comparisonHtml(report: DiffReportView, c: DiffComparisonView, k: number, nonce: string): string {
  const { test, alpha } = report.significance;
  const tie = report.tie === 0 ? 'equal values' : `|${c.b} − ${c.a}| ≤ ${report.tie}`;
  const explained = [...c.largestGains, ...c.largestLosses, ...(c.requested ?? [])];
  return `<section class="comparison" id="cmp-${k}">
<h2>${escapeHtml(c.b)} − ${escapeHtml(c.a)}</h2>
<p class="test">Mean difference <strong>${signed(c.diff)}</strong>, 95% CI [${signed(c.ci[0])}, ${signed(c.ci[1])}]; p = ${num(c.pAdjusted)} (${escapeHtml(TESTS[test] ?? test)}${report.comparisons.length > 1 ? `, ${escapeHtml(report.significance.correction)}` : ''}): <strong>${c.significant ? 'significant' : 'not significant'}</strong> at α = ${alpha}; ${c.paired} paired queries${c.unpaired > 0 ? `, ${c.unpaired} in one run only` : ''}.</p>
<p class="wtl"><span class="swatch win"></span>Wins <strong data-wins>${c.wins}</strong> · ties <strong data-ties>${c.ties}</strong> · <span class="swatch loss"></span>losses <strong data-losses>${c.losses}</strong> <span class="muted">(a tie: ${escapeHtml(tie)})</span></p>
${plot(c, report.tie, k, nonce)}
<h3>Every query</h3>
<p class="muted">Sorted by ${escapeHtml(c.b)} − ${escapeHtml(c.a)}; the column buttons sort. A query's id leads to its two rankings side by side (the ${explained.length} shown below at once; any other is compared on demand).</p>
${queryTable(c, k, new Set(explained.map((q) => q.id)))}
${explained.map((q) => explainedHtml(c, q, k)).join('\n')}
</section>`;
}

/** The per-topic difference plot: one bar per query (or per run of consecutive queries beyond MAX_BARS), sorted, the tie band shaded. */
export function plot(c: DiffComparisonView, tie: number, k: number, nonce: string): string {
  const diffs = c.queries.filter((q) => q.diff !== null);
  const per = Math.max(1, Math.ceil(diffs.length / MAX_BARS));
  const bars = Array.from({ length: Math.ceil(diffs.length / per) }, (_, i) => diffs.slice(i * per, i * per + per));
  const extent = Math.max(tie, ...diffs.map((q) => Math.abs(q.diff!)), 1e-9);
  const plotW = W - PAD.left - PAD.right;
  const plotH = H - PAD.top - PAD.bottom;
  const y = (v: number) => PAD.top + plotH / 2 - (v / extent) * (plotH / 2);
  const step = plotW / Math.max(1, bars.length);
  const zero = y(0);
  const band =
    tie > 0
      ? `<rect class="tie-band" x="${PAD.left}" y="${f(y(tie))}" width="${plotW}" height="${f(y(-tie) - y(tie))}"><title>tie band: |diff| ≤ ${tie}</title></rect>`
      : '';
  const rects = bars
    .map((group, i) => {
      const mean = group.reduce((s, q) => s + q.diff!, 0) / group.length;
      const outcome = per === 1 ? group[0].outcome : mean > tie ? 'win' : mean < -tie ? 'loss' : 'tie';
      const top = Math.min(y(mean), zero);
      const height = Math.max(Math.abs(y(mean) - zero), mean === 0 ? 0 : 0.5);
      const label =
        per === 1
          ? `query ${group[0].id}: ${signed(mean)}`
          : `queries ${group[0].id} … ${group[group.length - 1].id} (${group.length}): mean ${signed(mean)}`;
      const x = PAD.left + i * step;
      return `<a href="#row-${k}-${escapeHtml(anchor(group[0].id))}" data-qid="${escapeHtml(group[0].id)}"><rect class="bar ${outcome}" x="${f(x + step * 0.1)}" y="${f(top)}" width="${f(Math.max(step * 0.8, 0.5))}" height="${f(height)}" data-diff="${mean}"><title>${escapeHtml(label)}</title></rect></a>`;
    })
    .join('');
  const ticks = [extent, extent / 2, 0, -extent / 2, -extent]
    .map((v) => `<text class="tick" x="${PAD.left - 6}" y="${f(y(v) + 4)}" text-anchor="end">${signed(v)}</text>`)
    .join('');
  const note =
    per > 1
      ? `Each bar is the mean of ${per} consecutive queries (${diffs.length} in all); the table lists every one.`
      : `One bar per query (${diffs.length}).`;
  return `<figure class="plot-figure">
<svg id="plot-${k}" class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(`${c.b} − ${c.a} per query, sorted: ${c.wins} wins, ${c.ties} ties, ${c.losses} losses`)}">
<style nonce="${escapeHtml(nonce)}">.bar.win{fill:${OUTCOME_COLORS.win.light}}.bar.loss{fill:${OUTCOME_COLORS.loss.light}}.bar.tie{fill:#888}.tie-band{fill:rgba(128,128,128,.2)}.zero{stroke:#888}.tick{font:11px sans-serif;fill:#888}</style>
${band}<line class="zero" x1="${PAD.left}" x2="${W - PAD.right}" y1="${f(zero)}" y2="${f(zero)}"/>${ticks}${rects}
</svg>
<figcaption class="muted">${escapeHtml(note)} <button type="button" class="save" data-plot="plot-${k}">Save plot as SVG</button> <button type="button" class="save-png" data-plot="plot-${k}">Save plot as PNG</button></figcaption>
</figure>`;
}

function queryTable(c: DiffComparisonView, k: number, explained: ReadonlySet<string>): string {
  const rows = c.queries
    .map((q, i) => {
      const id = escapeHtml(q.id);
      const cell = explained.has(q.id)
        ? `<a href="#q-${k}-${escapeHtml(anchor(q.id))}">${id}</a>`
        : `<button type="button" class="explain" data-qid="${id}" title="Show its rankings side by side">${id}</button>`;
      return `<tr id="row-${k}-${escapeHtml(anchor(q.id))}" class="${escapeHtml(q.outcome)}" data-order="${i}" data-id="${id}" data-a="${q.a ?? ''}" data-b="${q.b ?? ''}" data-diff="${q.diff ?? ''}"><td>${cell}</td><td class="num">${num(q.a)}</td><td class="num">${num(q.b)}</td><td class="num">${signed(q.diff)}</td><td>${escapeHtml(q.outcome)}</td></tr>`;
    })
    .join('\n');
  const head = (key: string, text: string, cls = '') =>
    `<th${cls}><button type="button" data-sort="${key}">${escapeHtml(text)}</button></th>`;
  // The rows in a template, put in the table by the script (all of them, or a window of a long table).
  return `<div class="scroll table-box"><table class="queries" data-table="${k}"><thead><tr>${head('id', 'query')}${head('a', c.a, ' class="num"')}${head('b', c.b, ' class="num"')}${head('diff', `${c.b} − ${c.a}`, ' class="num"')}${head('order', 'outcome')}</tr></thead><tbody></tbody></table></div>
<template id="rows-${k}">
${rows}
</template>`;
}

/** One explained query: both top k side by side, moved documents linked, unjudged marked; then each change's effect. */
export function explainedHtml(c: DiffComparisonView, q: ExplainedView, k: number): string {
  const inA = new Map(q.topA.map((d, r) => [d.docid, r + 1]));
  const inB = new Map(q.topB.map((d, r) => [d.docid, r + 1]));
  const qa = anchor(q.id);
  const cell = (d: ExplainedView['topA'][number], side: 'a' | 'b', other: Map<string, number>) => {
    const there = other.get(d.docid);
    const link =
      there === undefined
        ? '<span class="muted">not in the other top</span>'
        : `<a href="#d-${k}-${qa}-${side === 'a' ? 'b' : 'a'}-${there}">→ ${there}</a>`;
    return `<td>${escapeHtml(d.docid)}</td><td>${judgment(d.judgment, d.grade)}</td><td>${link}</td>`;
  };
  const depth = Math.max(q.topA.length, q.topB.length);
  const rows = Array.from({ length: depth }, (_, r) => {
    const a = q.topA[r];
    const b = q.topB[r];
    const moved = (d: typeof a | undefined, other: Map<string, number>) => (d && other.get(d.docid) !== r + 1 ? ' moved' : '');
    return `<tr><td class="num">${r + 1}</td><td id="d-${k}-${qa}-a-${r + 1}" class="side${moved(a, inB)}" colspan="1">${a ? '' : '—'}</td>${a ? cell(a, 'a', inB) : '<td></td><td></td><td></td>'}<td id="d-${k}-${qa}-b-${r + 1}" class="side${moved(b, inA)}">${b ? '' : '—'}</td>${b ? cell(b, 'b', inA) : '<td></td><td></td><td></td>'}</tr>`;
  }).join('\n');
  const changes = q.documents
    .map(
      (d) =>
        `<tr class="${escapeHtml(d.change)}"><td>${escapeHtml(d.change)}</td><td>${escapeHtml(d.docid)}</td><td>${judgment(d.judgment, d.grade)}</td><td class="num">${d.rankA ?? '–'}</td><td class="num">${d.rankB ?? '–'}</td><td class="num">${d.effect === null ? '' : signed(d.effect)}</td></tr>`,
    )
    .join('\n');
  const effects = q.additive
    ? `The effects (what each document adds to the measure in ${escapeHtml(c.b)} less what it added in ${escapeHtml(c.a)}, from the measure's own per-rank terms) add up to ${signed(q.shownEffect)}${q.diff !== null && q.shownEffect !== null && Math.abs(q.diff - q.shownEffect) > 1e-9 ? `; ${signed(q.diff - q.shownEffect)} comes from below the top ${q.depth}` : ''}.`
    : "This measure is not a sum of per-document terms here: no document's effect is given.";
  const unjudged =
    q.unjudgedEntered.length > 0
      ? `<p class="warn"><strong>${q.unjudgedEntered.length} unjudged</strong> document${q.unjudgedEntered.length === 1 ? '' : 's'} entered the top ${q.depth} (${q.unjudgedEntered.map(escapeHtml).join(', ')}): unjudged counts as non-relevant, so judging ${q.unjudgedEntered.length === 1 ? 'it' : 'them'} could change this result.</p>`
      : '';
  return `<section class="query" id="q-${k}-${qa}" tabindex="-1">
<h3>Query ${escapeHtml(q.id)}: ${escapeHtml(c.a)} ${num(q.a)} → ${escapeHtml(c.b)} ${num(q.b)} (${signed(q.diff)})</h3>
${unjudged}
<div class="scroll"><table class="sides"><thead><tr><th class="num">rank</th><th></th><th>${escapeHtml(c.a)}</th><th>judgment</th><th>in ${escapeHtml(c.b)}</th><th></th><th>${escapeHtml(c.b)}</th><th>judgment</th><th>in ${escapeHtml(c.a)}</th></tr></thead><tbody>
${rows}
</tbody></table></div>
<div class="scroll"><table class="changes"><thead><tr><th>change</th><th>document</th><th>judgment</th><th class="num">rank in ${escapeHtml(c.a)}</th><th class="num">rank in ${escapeHtml(c.b)}</th><th class="num">effect</th></tr></thead><tbody>
${changes}
</tbody></table></div>
<p class="muted">${effects}</p>
<p><a href="#row-${k}-${qa}">Back to the table</a></p>
</section>`;
}

function judgment(kind: string, grade: number | null): string {
  if (kind === 'relevant') return `<span class="rel">relevant (${grade})</span>`;
  if (kind === 'nonrelevant') return `<span class="nonrel">non-relevant (${grade})</span>`;
  return `<span class="badge unjudged">unjudged${grade === null ? '' : ` (${grade})`}</span>`;
}

// An id usable in a fragment: every character outside [A-Za-z0-9_-] as _XX (its code).
function anchor(id: string): string {
  return id.replace(/[^A-Za-z0-9_-]/g, (c) => `_${c.codePointAt(0)!.toString(16)}`);
}

function num(x: number | null | undefined): string {
  return x === null || x === undefined ? 'NaN' : x.toFixed(4);
}

function signed(x: number | null | undefined): string {
  if (x === null || x === undefined) return 'NaN';
  const s = x.toFixed(4);
  return x >= 0 || s === '-0.0000' ? `+${s.replace('-', '')}` : s.replace('-', '−');
}

function f(x: number): string {
  return String(Math.round(x * 100) / 100);
}

const TESTS: Readonly<Record<string, string>> = {
  t: "paired Student's t-test",
  wilcoxon: 'Wilcoxon signed-rank test',
  randomization: "Fisher's randomization test",
  bootstrap: 'paired bootstrap test',
  tukey: 'randomized Tukey HSD',
};

const STYLE = `
:root {
  --rl-fg: var(--vscode-editor-foreground, #1f1f1f);
  --rl-bg: var(--vscode-editor-background, #ffffff);
  --rl-muted: var(--vscode-descriptionForeground, #6f6f6f);
  --rl-grid: var(--vscode-editorWidget-border, rgba(128, 128, 128, 0.35));
  --rl-win: ${OUTCOME_COLORS.win.light};
  --rl-loss: ${OUTCOME_COLORS.loss.light};
}
body.vscode-dark, body.vscode-high-contrast:not(.vscode-high-contrast-light) { --rl-win: ${OUTCOME_COLORS.win.dark}; --rl-loss: ${OUTCOME_COLORS.loss.dark}; }
body { margin: 0; padding: 12px 20px; color: var(--rl-fg); background: var(--rl-bg); max-width: 1060px;
  font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px); }
h1 { font-size: 1.3em; font-weight: 600; margin: 0 0 6px; }
h2 { font-size: 1.15em; margin: 16px 0 4px; }
h3 { font-size: 1em; margin: 14px 0 4px; }
.muted, .convention { color: var(--rl-muted); }
.controls { display: flex; flex-wrap: wrap; gap: 6px 14px; align-items: center; margin: 0 0 8px; }
.controls input { width: 5em; }
.scroll { overflow-x: auto; max-width: 100%; }
.table-box { max-height: 420px; overflow-y: auto; }
table { border-collapse: collapse; }
th, td { padding: 2px 8px; text-align: left; border-bottom: 1px solid var(--rl-grid); white-space: nowrap; }
.num { text-align: right; font-variant-numeric: tabular-nums; }
button.explain { font: inherit; color: var(--vscode-textLink-foreground, #006ab1); background: none; border: none; padding: 0; cursor: pointer; text-decoration: underline; }
th button { font: inherit; color: inherit; background: none; border: none; padding: 0; cursor: pointer; text-decoration: underline dotted; }
svg.plot { width: 100%; height: auto; display: block; }
svg.plot .bar.win { fill: var(--rl-win); }
svg.plot .bar.loss { fill: var(--rl-loss); }
svg.plot .bar.tie { fill: var(--rl-muted); }
svg.plot .tie-band { fill: var(--rl-grid); }
svg.plot .zero { stroke: var(--rl-muted); }
svg.plot .tick { fill: var(--rl-muted); }
svg.plot a:focus rect { stroke: var(--vscode-focusBorder, #0090f1); stroke-width: 2; }
figure { margin: 6px 0; }
.swatch { display: inline-block; width: 10px; height: 10px; margin: 0 4px 0 6px; vertical-align: baseline; }
.swatch.win { background: var(--rl-win); }
.swatch.loss { background: var(--rl-loss); }
tr.win td:nth-child(4) { color: var(--rl-win); }
tr.loss td:nth-child(4) { color: var(--rl-loss); }
tr:target, section:target h3 { outline: 2px solid var(--vscode-focusBorder, #0090f1); }
.badge { border: 1px solid currentColor; border-radius: 3px; padding: 0 3px; font-size: 0.9em; }
.unjudged { color: var(--vscode-editorWarning-foreground, #bf8803); }
.warn { color: var(--vscode-editorWarning-foreground, #bf8803); }
td.side.moved { border-left: 3px solid var(--rl-loss); }
tr.spacer td { padding: 0; border: 0; }
`;

// Sorting, the controls and saving the plot. The extension answers 'compare', 'explain', 'save' and 'savePng' (client/comparePanel.ts).
const SCRIPT = `
(function () {
  const vscode = typeof acquireVsCodeApi === 'function' ? acquireVsCodeApi() : undefined;
  // The table's rows come in a template: a table of more than LAZY rows keeps only a window of them
  // (WINDOW rows) in the page, between two spacer rows as tall as the rows left out, and moves the
  // window as the table scrolls, so that sorting and drawing 10,000 queries stay quick; a link to a
  // row brings the window to it first, so that every query stays reachable.
  const LAZY = ${LAZY_ROWS}, WINDOW = ${WINDOW_ROWS};
  const rowFinders = [];
  document.querySelectorAll('table.queries').forEach(function (table) {
    const template = document.getElementById('rows-' + table.getAttribute('data-table'));
    const body = table.tBodies[0];
    let order = Array.prototype.slice.call(template.content.querySelectorAll('tr'));
    order.forEach(function (r) { document.adoptNode(r); });
    const byId = new Map(order.map(function (r) { return [r.id, r]; }));
    const box = table.closest('.table-box');
    const lazy = order.length > LAZY;
    const spacer = function () {
      const tr = document.createElement('tr');
      tr.className = 'spacer';
      tr.setAttribute('aria-hidden', 'true');
      const td = document.createElement('td');
      td.colSpan = 5;
      tr.appendChild(td);
      return tr;
    };
    const above = spacer(), below = spacer();
    let rowHeight = 0, first = 0;
    const draw = function (from) {
      const fresh = document.createElement('tbody');
      if (!lazy) {
        order.forEach(function (r) { fresh.appendChild(r); });
      } else {
        first = Math.max(0, Math.min(from, order.length - WINDOW));
        fresh.appendChild(above);
        for (let i = first; i < first + WINDOW; i++) fresh.appendChild(order[i]);
        fresh.appendChild(below);
      }
      table.replaceChild(fresh, table.tBodies[0]);
      if (!lazy) return;
      if (!rowHeight) rowHeight = order[first].getBoundingClientRect().height || 20;
      above.firstChild.style.height = first * rowHeight + 'px';
      below.firstChild.style.height = (order.length - first - WINDOW) * rowHeight + 'px';
    };
    draw(0);
    if (lazy) {
      let pending = false;
      box.addEventListener('scroll', function () {
        if (pending) return;
        pending = true;
        requestAnimationFrame(function () {
          pending = false;
          const at = Math.floor(box.scrollTop / rowHeight);
          if (at < first + WINDOW / 4 || at > first + (WINDOW * 3) / 4) draw(at - WINDOW / 2);
        });
      });
    }
    rowFinders.push(function (id) {
      const row = byId.get(id);
      if (!row || !lazy || row.isConnected) return;
      const at = order.indexOf(row);
      draw(at - WINDOW / 2);
      box.scrollTop = at * rowHeight;
    });
    let key = 'diff', up = false; // as drawn: the largest gain first
    table.querySelectorAll('th button').forEach(function (button) {
      button.addEventListener('click', function () {
        const k = button.getAttribute('data-sort');
        up = k === key ? !up : k === 'id' || k === 'order';
        key = k;
        const collator = new Intl.Collator('en', { numeric: true });
        // Each row's key read once.
        const keyed = order.map(function (r) {
          const v = r.getAttribute('data-' + k);
          return { row: r, v: k === 'id' ? v : v === '' ? NaN : Number(v) };
        });
        keyed.sort(function (x, y) {
          const a = x.v, b = y.v;
          const c = k === 'id' ? collator.compare(a, b) : (isNaN(a) ? 1 : isNaN(b) ? -1 : a - b);
          return up ? c : -c;
        });
        order = keyed.map(function (e) { return e.row; });
        draw(0);
        if (lazy) box.scrollTop = 0;
      });
    });
  });
  const form = document.getElementById('controls');
  if (form) form.addEventListener('submit', function (e) {
    e.preventDefault();
    const family = document.getElementById('family').value;
    const cutoff = document.getElementById('cutoff').value.trim();
    const top = document.getElementById('top').value.trim();
    if (vscode) vscode.postMessage({ type: 'compare', measure: cutoff ? family + '@' + cutoff : family, top: top });
  });
  // Buttons and links in the rows, which come and go, answered where the click arrives.
  // Links within the page, the plot's SVG links too, are followed here: VS Code's webview would hand an
  // SVG link to the editor as a link to open, and scroll to an HTML one without marking its target.
  document.addEventListener('click', function (e) {
    const target = e.target instanceof Element ? e.target : null;
    const explain = target && target.closest('button.explain');
    if (explain) {
      if (vscode) vscode.postMessage({ type: 'explain', qid: explain.getAttribute('data-qid') });
      return;
    }
    const a = target && target.closest('a[href^="#"]');
    if (!a) return;
    e.preventDefault();
    e.stopPropagation();
    const href = a.getAttribute('href');
    rowFinders.forEach(function (find) { find(href.slice(1)); });
    location.hash = href;
  });
  const reveal = document.body.getAttribute('data-reveal');
  if (reveal && document.getElementById(reveal)) location.hash = '#' + reveal;
  document.querySelectorAll('button.save').forEach(function (button) {
    button.addEventListener('click', function () {
      const svg = document.getElementById(button.getAttribute('data-plot'));
      if (vscode && svg) vscode.postMessage({ type: 'save', svg: svg.outerHTML });
    });
  });
  // PNG: the plot's SVG (its own light colours) drawn at twice its size on white, as a data: image
  // (the CSP allows img-src data:), then the canvas's bytes posted to the extension, which saves them.
  document.querySelectorAll('button.save-png').forEach(function (button) {
    button.addEventListener('click', function () {
      const svg = document.getElementById(button.getAttribute('data-plot'));
      if (!vscode || !svg) return;
      const box = svg.viewBox.baseVal;
      const scale = ${PNG_SCALE};
      const image = new Image();
      image.onload = function () {
        const canvas = document.createElement('canvas');
        canvas.width = box.width * scale;
        canvas.height = box.height * scale;
        const g = canvas.getContext('2d');
        g.fillStyle = '#ffffff';
        g.fillRect(0, 0, canvas.width, canvas.height);
        g.drawImage(image, 0, 0, canvas.width, canvas.height);
        const url = canvas.toDataURL('image/png');
        vscode.postMessage({ type: 'savePng', png: url.slice(url.indexOf(',') + 1) });
      };
      image.onerror = function () { vscode.postMessage({ type: 'error', message: 'The plot could not be drawn as PNG.' }); };
      image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);
    });
  });
})();
`;
