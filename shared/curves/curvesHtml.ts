/**
 * The curve view as one self-contained HTML document: an inline SVG chart per metric family, one
 * path per series, one circle per point carrying its exact value. No scripts and no resources, so it
 * renders the same in a VS Code webview (colors from its theme variables) and in a plain browser
 * (the fallbacks), and a strict CSP costs nothing.
 */
import { CurveSeries, MetricCurve, MetricCurves } from './curves';
import { escapeHtml, pageHead } from './htmlPage';
import { fmt } from '../core/explanation';
import { Family } from '../core/metricNames';

export interface CurvesHtmlOptions {
  title: string;
  /** The webview's cspSource; only needed if the page ever loads a resource (it does not today). */
  cspSource?: string;
  /** When given, the style element carries it and the CSP allows that nonce instead of 'unsafe-inline'. */
  nonce?: string;
}

/** Chart geometry in SVG user units; the CSS scales the whole chart to its grid cell. */
const W = 360;
const H = 220;
const M: Readonly<{ left: number; right: number; top: number; bottom: number }> = { left: 44, right: 14, top: 12, bottom: 36 };
const PLOT_W = W - M.left - M.right;
const PLOT_H = H - M.top - M.bottom;

/**
 * One color per preset, nine in all, that people with color-vision deficiencies tell apart: Paul Tol's
 * "muted" scheme on light pages, and on dark themes (VS Code marks the body vscode-dark) his "light"
 * scheme, whose colors stay legible on a dark background, with muted's purple for the ninth. None is
 * the gray of the legend's mean and case keys. (The theme's chart colors gave two presets the same
 * orange-brown, and the editor's foreground was that gray.)
 */
const SERIES_COLORS: readonly { light: string; dark: string }[] = [
  { light: '#332288', dark: '#77AADD' },
  { light: '#CC6677', dark: '#EE8866' },
  { light: '#117733', dark: '#44BB99' },
  { light: '#DDCC77', dark: '#EEDD88' },
  { light: '#88CCEE', dark: '#99DDFF' },
  { light: '#882255', dark: '#FFAABB' },
  { light: '#44AA99', dark: '#BBCC33' },
  { light: '#999933', dark: '#AAAA00' },
  { light: '#AA4499', dark: '#AA4499' },
];

// Families whose values are shares: their axis always shows 0..1 so charts compare at a glance.
const SHARES: ReadonlySet<Family> = new Set<Family>([
  'P',
  'R',
  'F1',
  'AP',
  'RR',
  'nDCG',
  'Success',
  'RelP',
  'Judged',
  'Unjudged',
  'ERR',
  'RBP',
]);

/** A complete HTML document with one chart per metric family, a legend and a strict CSP. */
export function curvesHtml(curves: MetricCurves, options: CurvesHtmlOptions): string {
  const body =
    curves.curves.length === 0
      ? '<p class="empty">No metric of this fixture takes a cutoff (P, R, F1, AP, RR, DCG, nDCG, Success), so there is no curve to draw.</p>'
      : `${legend(curves)}\n<main class="charts">\n${curves.curves.map((c) => chart(c, curves)).join('\n')}\n</main>`;
  return `${pageHead(options.title, csp(options), STYLE, options.nonce)}
<body>
<header>
<h1>${escapeHtml(options.title)}</h1>
<p class="summary">${escapeHtml(summary(curves))}</p>
</header>
${body}
</body>
</html>
`;
}

/** The page's Content-Security-Policy: nothing but its own style element and data: images. */
export function csp(options: Pick<CurvesHtmlOptions, 'cspSource' | 'nonce'>): string {
  const style = options.nonce ? `'nonce-${options.nonce}'` : "'unsafe-inline'";
  const source = options.cspSource ? ` ${options.cspSource}` : '';
  return `default-src 'none'; style-src${source} ${style}; img-src${source} data:`;
}

/** "trec_eval, mean": how tooltips, the legend and data-series name a series. */
function seriesName(s: Pick<CurveSeries, 'convention' | 'label'>): string {
  return `${s.convention}, ${s.label}`;
}

function summary(curves: MetricCurves): string {
  const cut = curves.requestedMaxK > curves.maxK ? ` (the largest cutoff is ${curves.requestedMaxK}; curves stop at ${curves.maxK})` : '';
  const one = curves.caseLabel === undefined ? '' : ` and case ${curves.caseLabel} (dashed)`;
  return `Each metric at k = 1 to ${curves.maxK}${cut}: the mean over ${plural(curves.caseCount, 'case')} (solid; NaN values left out)${one}. Hover a point for its value.`;
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

// Color names the convention and the stroke names the scope, so n conventions need n + 2 entries, not 2n.
function legend(curves: MetricCurves): string {
  const colors = curves.conventions.map((name, i) => legendItem(`series c${i % SERIES_COLORS.length} mean`, name, 'convention'));
  const scopes = [legendItem('series key mean', `mean over ${plural(curves.caseCount, 'case')}`, 'scope')];
  if (curves.caseLabel !== undefined) scopes.push(legendItem('series key case', curves.caseLabel, 'scope'));
  return `<ul class="legend">${colors.join('')}<li class="legend-gap" aria-hidden="true"></li>${scopes.join('')}</ul>`;
}

function legendItem(cls: string, text: string, kind: 'convention' | 'scope'): string {
  const swatch = `<svg class="swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true"><g class="${cls}"><path class="line" d="M2 6H26"/><circle cx="14" cy="6" r="3"/></g></svg>`;
  return `<li data-legend-${kind}="${escapeHtml(text)}">${swatch}${escapeHtml(text)}</li>`;
}

function seriesClass(s: CurveSeries, curves: MetricCurves): string {
  return `series c${curves.conventions.indexOf(s.convention) % SERIES_COLORS.length} ${s.scope}`;
}

function chart(curve: MetricCurve, curves: MetricCurves): string {
  const yTicks = valueTicks(axisMax(curve));
  const top = yTicks[yTicks.length - 1];
  const x = (k: number) => M.left + (curves.maxK === 1 ? PLOT_W / 2 : ((k - 1) / (curves.maxK - 1)) * PLOT_W);
  const y = (v: number) => M.top + PLOT_H - (v / top) * PLOT_H;
  const series = curve.series.map((s) => seriesSvg(curve.family, s, seriesClass(s, curves), x, y, pointRadius(curves.maxK)));
  const label = `${curve.family}@k, ${curve.title}, k = 1 to ${curves.maxK}`;
  // Drawn last is drawn on top: the first convention (the fixture's own) stays visible where lines coincide.
  series.reverse();
  return `<figure class="chart" data-family="${curve.family}">
<figcaption><strong>${curve.family}@k</strong> ${escapeHtml(curve.title)}</figcaption>
<svg class="plot" width="${W}" height="${H}" viewBox="0 0 ${W} ${H}" role="img" aria-label="${escapeHtml(label)}">
${axes(yTicks, kTicks(curves.maxK), x, y)}
${series.join('\n')}
</svg>
${overlapNote(curve)}
</figure>`;
}

function axes(yTicks: number[], xTicks: number[], x: (k: number) => number, y: (v: number) => number): string {
  const right = M.left + PLOT_W;
  const bottom = M.top + PLOT_H;
  const ys = yTicks.map(
    (t) =>
      `<line class="grid" x1="${M.left}" x2="${right}" y1="${px(y(t))}" y2="${px(y(t))}"/><text class="tick" x="${M.left - 6}" y="${px(y(t))}" text-anchor="end" dominant-baseline="middle">${t}</text>`,
  );
  const xs = xTicks.map(
    (k) =>
      `<line class="tickmark" x1="${px(x(k))}" x2="${px(x(k))}" y1="${bottom}" y2="${bottom + 4}"/><text class="tick" x="${px(x(k))}" y="${bottom + 16}" text-anchor="middle">${k}</text>`,
  );
  return `<g class="axis y-axis">${ys.join('')}</g>
<g class="axis x-axis"><line class="baseline" x1="${M.left}" x2="${right}" y1="${bottom}" y2="${bottom}"/>${xs.join('')}<text class="axis-label" x="${M.left + PLOT_W / 2}" y="${H - 4}" text-anchor="middle">k</text></g>`;
}

// NaN breaks the path into pieces (a gap) and its circle stays in the page, hidden, so the data is whole.
function seriesSvg(
  family: Family,
  s: CurveSeries,
  cls: string,
  x: (k: number) => number,
  y: (v: number) => number,
  radius: number,
): string {
  const name = escapeHtml(seriesName(s));
  let d = '';
  let pen = false;
  const points = s.values.map((v, i) => {
    const k = i + 1;
    const tip = escapeHtml(tooltip(family, k, v, s));
    if (Number.isNaN(v)) {
      pen = false;
      return `<circle class="point nan" cx="${px(x(k))}" cy="${M.top + PLOT_H}" r="${radius}" data-k="${k}" data-value="NaN" data-series="${name}"><title>${tip}</title></circle>`;
    }
    d += `${pen ? 'L' : 'M'}${px(x(k))} ${px(y(v))}`;
    pen = true;
    return `<circle class="point" cx="${px(x(k))}" cy="${px(y(v))}" r="${radius}" data-k="${k}" data-value="${String(v)}" data-series="${name}"><title>${tip}</title></circle>`;
  });
  return `<g class="${cls}" data-series="${name}" data-convention="${escapeHtml(s.convention)}" data-scope="${s.scope}">
<path class="line" d="${d}" data-series="${name}"/>
${points.join('\n')}
</g>`;
}

/** "AP@3 = 0.500 (trec_eval, mean)", plus how many cases the mean left out when any. */
export function tooltip(family: Family, k: number, value: number, s: CurveSeries): string {
  const left = s.excluded[k - 1] ?? 0;
  const note = left > 0 ? `; ${left} case${left === 1 ? '' : 's'} NaN, left out` : '';
  return `${family}@${k} = ${fmt(value)} (${seriesName(s)}${note})`;
}

// Coinciding lines hide each other; saying which ones coincide keeps the disagreement readable.
function overlapNote(curve: MetricCurve): string {
  const parts: string[] = [];
  for (const scope of ['mean', 'case'] as const) {
    const series = curve.series.filter((s) => s.scope === scope);
    const same = sameGroups(series)
      .filter((g) => g.length > 1)
      .map((g) => g.map((s) => s.convention).join(' = '));
    if (same.length > 0) parts.push(`${series[0].label}: ${same.join(', ')}`);
  }
  return parts.length === 0 ? '' : `<p class="overlap">Same values · ${escapeHtml(parts.join(' · '))}</p>`;
}

/** Series grouped by equal values (within 1e-9, NaN equal to NaN), in their first order. */
export function sameGroups(series: readonly CurveSeries[]): CurveSeries[][] {
  const groups: CurveSeries[][] = [];
  for (const s of series) {
    const group = groups.find((g) => g[0].values.every((v, i) => same(v, s.values[i])));
    if (group) group.push(s);
    else groups.push([s]);
  }
  return groups;
}

function same(a: number, b: number): boolean {
  return (Number.isNaN(a) && Number.isNaN(b)) || Math.abs(a - b) <= 1e-9;
}

function axisMax(curve: MetricCurve): number {
  const finite = curve.series.flatMap((s) => s.values).filter(Number.isFinite);
  const largest = finite.length === 0 ? 0 : Math.max(...finite);
  return Math.max(largest, SHARES.has(curve.family) ? 1 : 0) || 1;
}

/** 0 up to the first round number ≥ max, in 4–5 steps of 1, 2, 2.5 or 5 × 10ⁿ. */
export function valueTicks(max: number): number[] {
  const rough = max / 4;
  const magnitude = 10 ** Math.floor(Math.log10(rough));
  const step = [1, 2, 2.5, 5, 10].map((m) => m * magnitude).find((s) => s >= rough - 1e-12)!;
  const count = Math.ceil(max / step - 1e-9);
  return Array.from({ length: count + 1 }, (_, i) => Number((i * step).toPrecision(12)));
}

/** Every k up to 10; beyond, 1 and the multiples of a round step (at most 6 of them). */
export function kTicks(maxK: number): number[] {
  if (maxK <= 10) return Array.from({ length: maxK }, (_, i) => i + 1);
  const step = [2, 5, 10, 20, 25, 50, 100].find((s) => maxK / s <= 6) ?? Math.ceil(maxK / 6);
  const ticks = [1];
  for (let k = step; k <= maxK; k += step) ticks.push(k);
  return ticks;
}

function pointRadius(maxK: number): number {
  return maxK <= 20 ? 3 : maxK <= 50 ? 2 : 1.5;
}

// Two decimals keep the page small; a hundredth of a unit is far below a pixel.
function px(v: number): string {
  return String(Math.round(v * 100) / 100);
}

const STYLE = `
:root {
  --rl-fg: var(--vscode-editor-foreground, #1f1f1f);
  --rl-bg: var(--vscode-editor-background, #ffffff);
  --rl-muted: var(--vscode-descriptionForeground, #6f6f6f);
  --rl-grid: var(--vscode-editorWidget-border, rgba(128, 128, 128, 0.35));
}
body { margin: 0; padding: 12px 20px; color: var(--rl-fg); background: var(--rl-bg);
  font-family: var(--vscode-font-family, system-ui, sans-serif); font-size: var(--vscode-font-size, 13px); }
h1 { font-size: 1.3em; font-weight: 600; margin: 0 0 4px; }
.summary, .overlap, .empty { color: var(--rl-muted); margin: 0 0 8px; }
.overlap { font-size: 0.9em; margin: 2px 0 0; }
.legend { list-style: none; display: flex; flex-wrap: wrap; gap: 4px 16px; padding: 0; margin: 8px 0 12px; }
.legend li { display: flex; align-items: center; gap: 6px; }
.legend .legend-gap { width: 12px; }
.key { --rl-series: var(--rl-muted); }
.charts { display: grid; grid-template-columns: repeat(auto-fill, minmax(320px, 1fr)); gap: 16px 24px; }
.chart { margin: 0; }
figcaption { margin-bottom: 2px; }
figcaption strong { margin-right: 6px; }
svg.plot { width: 100%; max-width: 560px; height: auto; overflow: visible; }
.grid { stroke: var(--rl-grid); stroke-width: 1; }
.baseline, .tickmark { stroke: var(--rl-muted); stroke-width: 1; }
.tick, .axis-label { fill: var(--rl-muted); font-size: 11px; }
.axis-label { font-style: italic; }
${SERIES_COLORS.map((c, i) => `.c${i} { --rl-series: ${c.light}; }`).join('\n')}
${SERIES_COLORS.map((c, i) => `body.vscode-dark .c${i}, body.vscode-high-contrast:not(.vscode-high-contrast-light) .c${i} { --rl-series: ${c.dark}; }`).join('\n')}
.series .line { fill: none; stroke: var(--rl-series); stroke-width: 2; stroke-linejoin: round; stroke-linecap: round; }
.series circle { fill: var(--rl-series); }
.series.case .line { stroke-dasharray: 5 4; stroke-width: 1.5; }
.series.case circle { fill: var(--rl-bg); stroke: var(--rl-series); stroke-width: 1.5; }
.series circle.nan { display: none; }
`;
