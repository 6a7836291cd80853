/**
 * The curve page as text: one path per series, one circle per point with its exact value, gaps for
 * NaN, every user string escaped, a strict CSP and nothing loaded from outside. The same page rendered
 * in Chromium is tested in test/editor/curves.test.ts.
 */
import { SEED000_USERS } from '../fixtures/seed000';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { COMPARED_PRESETS, PRESETS } from '../../shared/core/conventions';
import { CurveSeries, MetricCurves, metricCurves } from '../../shared/curves/curves';
import { csp, curvesHtml, kTicks, sameGroups, tooltip, valueTicks } from '../../shared/curves/curvesHtml';
import { escapeHtml } from '../../shared/curves/htmlPage';

const users = [...SEED000_USERS];
const both = [
  { name: 'seed000', convention: PRESETS.seed000 },
  { name: 'trec_eval', convention: PRESETS.trec_eval },
];

const count = (html: string, re: RegExp) => (html.match(re) ?? []).length;
/** The chart of one family (legend swatches left out). */
const chartOf = (html: string, family: string) =>
  html.split('<figure ').find((part) => part.startsWith(`class="chart" data-family="${family}"`))!;

describe('curvesHtml', () => {
  // Made in each test, not once for the suite: a mutation run (Stryker) activates a mutant only while a test runs.
  const curves = () => metricCurves(users, ['P', 'AP'], 5, both, 1, 'user2');
  const html = () => curvesHtml(curves(), { title: 'Seed 000' });

  it('draws one chart per family, one path per series and one circle per point', () => {
    assert.equal(count(html(), /<figure class="chart"/g), 2);
    const ap = chartOf(html(), 'AP');
    assert.equal(count(ap, /<path class="line"/g), 4, 'seed000 and trec_eval × mean and user2');
    assert.equal(count(ap, /<circle class="point"/g), 4 * 5);
  });

  it('carries each value in full precision and a rounded tooltip', () => {
    // Default P@5 mean = (2/5 + 2/5 + 0) / 3 = 4/15; users 4 and 5 are NaN and left out.
    assert.ok(
      html().includes(
        `data-k="5" data-value="${4 / 15}" data-series="seed000, mean"><title>P@5 = 0.267 (seed000, mean; 2 cases NaN, left out)</title>`,
      ),
    );
    // trec_eval AP@3 for user2 = (1/2) / 3.
    assert.ok(
      html().includes(`data-k="3" data-value="${1 / 6}" data-series="trec_eval, user2"><title>AP@3 = 0.167 (trec_eval, user2)</title>`),
    );
    assert.equal(String(4 / 15), '0.26666666666666666');
  });

  it('leaves NaN points off the line: a gap in the path, a hidden circle with data-value NaN', () => {
    const gap: MetricCurves = {
      maxK: 3,
      requestedMaxK: 3,
      caseCount: 1,
      conventions: ['seed000'],
      curves: [
        {
          family: 'P',
          title: 'Precision',
          series: [{ convention: 'seed000', scope: 'mean', label: 'mean', values: [0.5, NaN, 0.25], excluded: [0, 1, 0] }],
        },
      ],
    };
    const page = curvesHtml(gap, { title: 'gap' });
    const path = /<path class="line" d="([^"]*)" data-series="seed000, mean"/.exec(page)![1];
    assert.equal(count(path, /M/g), 2, `two pieces: ${path}`);
    assert.equal(count(path, /L/g), 0);
    assert.ok(page.includes('<circle class="point nan" cx="'));
    assert.ok(
      page.includes(
        'data-k="2" data-value="NaN" data-series="seed000, mean"><title>P@2 = NaN (seed000, mean; 1 case NaN, left out)</title>',
      ),
    );
  });

  it('escapes case ids and titles', () => {
    const evil = metricCurves(users, ['P'], 2, both, 1, '<img src=x onerror="alert(1)">&\'');
    const page = curvesHtml(evil, { title: '<script>alert(1)</script>' });
    assert.ok(!page.includes('<img'), 'no raw tag from the case id');
    assert.ok(!page.includes('<script'), 'no raw tag from the title');
    assert.ok(page.includes('&lt;img src=x onerror=&quot;alert(1)&quot;&gt;&amp;&#39;'));
    assert.equal(escapeHtml(`a<b>"c"&'d'`), 'a&lt;b&gt;&quot;c&quot;&amp;&#39;d&#39;');
  });

  it('loads nothing and allows nothing but its own style', () => {
    assert.equal(csp({}), "default-src 'none'; style-src 'unsafe-inline'; img-src data:");
    assert.equal(
      csp({ nonce: 'abc', cspSource: 'vscode-webview:' }),
      "default-src 'none'; style-src vscode-webview: 'nonce-abc'; img-src vscode-webview: data:",
    );
    const withNonce = curvesHtml(curves(), { title: 't', nonce: 'abc' });
    assert.ok(withNonce.includes('<style nonce="abc">'));
    assert.ok(withNonce.includes('content="default-src &#39;none&#39;; style-src &#39;nonce-abc&#39;; img-src data:"'));
    for (const outside of ['<script', 'http:', 'https:', ' src=', 'href=', '@import', 'url('])
      assert.ok(!html().includes(outside), outside);
  });

  it("takes the page's colors from VS Code theme variables, with fallbacks; the series', from a palette per theme", () => {
    assert.ok(html().includes('--rl-bg: var(--vscode-editor-background, #ffffff)'));
    // Paul Tol's muted indigo and rose on light pages, his light blue and orange on dark themes.
    assert.ok(html().includes('.c0 { --rl-series: #332288; }'));
    assert.ok(html().includes('.c1 { --rl-series: #CC6677; }'));
    assert.ok(
      html().includes('body.vscode-dark .c0, body.vscode-high-contrast:not(.vscode-high-contrast-light) .c0 { --rl-series: #77AADD; }'),
    );
    assert.match(html(), /<g class="series c1 case" data-series="trec_eval, user2"/);
  });

  it('gives each of the nine presets a color of its own', () => {
    const all = COMPARED_PRESETS.map((name) => ({ name, convention: PRESETS[name] }));
    const page = curvesHtml(metricCurves(users, ['P'], 3, all, 1), { title: 'all' });
    const legend = [...page.matchAll(/<li data-legend-convention="([^"]+)"><svg[^>]*><g class="series (c\d+) mean">/g)].map(
      (m) => `${m[1]} ${m[2]}`,
    );
    assert.deepEqual(legend, [
      'trec_eval c0',
      'seed000 c1',
      'ranx c2',
      'mllib c3',
      'sklearn c4',
      'torchmetrics c5',
      'seed003 c6',
      'lenskit c7',
      'recommenders c8',
    ]);
    // Nine colors, all different, none the gray of the mean and case keys, on light pages and on dark themes.
    const light = [...page.matchAll(/^\.c(\d) \{ --rl-series: (#[0-9A-F]{6}); \}$/gm)].map((m) => m[2]);
    const dark = [...page.matchAll(/^body\.vscode-dark \.c\d, [^{]+\{ --rl-series: (#[0-9A-F]{6}); \}$/gm)].map((m) => m[1]);
    assert.deepEqual(light, ['#332288', '#CC6677', '#117733', '#DDCC77', '#88CCEE', '#882255', '#44AA99', '#999933', '#AA4499']);
    assert.deepEqual(dark, ['#77AADD', '#EE8866', '#44BB99', '#EEDD88', '#99DDFF', '#FFAABB', '#BBCC33', '#AAAA00', '#AA4499']);
    assert.ok(page.includes('.key { --rl-series: var(--rl-muted); }'));
  });

  it('names which conventions draw the same line', () => {
    // P@k: seed000 and trec_eval agree for user2 (no empty labels) but not on the mean.
    assert.ok(chartOf(html(), 'P').includes('<p class="overlap">Same values · user2: seed000 = trec_eval</p>'));
    assert.ok(!chartOf(html(), 'AP').includes('class="overlap"'));
  });

  it('says so when no metric takes a cutoff', () => {
    const page = curvesHtml(metricCurves(users, ['Rprec'], 3, both), { title: 't' });
    assert.ok(page.includes('No metric of this fixture takes a cutoff'));
    assert.equal(count(page, /<svg class="plot"/g), 0);
  });
});

describe('chart helpers', () => {
  it('rounds the value axis up to a round number', () => {
    assert.deepEqual(valueTicks(1), [0, 0.25, 0.5, 0.75, 1]);
    assert.deepEqual(valueTicks(1.53), [0, 0.5, 1, 1.5, 2]);
    assert.deepEqual(valueTicks(7.2), [0, 2, 4, 6, 8]);
  });

  it('labels every k up to 10, then 1 and round steps', () => {
    assert.deepEqual(kTicks(3), [1, 2, 3]);
    assert.deepEqual(kTicks(20), [1, 5, 10, 15, 20]);
    assert.deepEqual(kTicks(100), [1, 20, 40, 60, 80, 100]);
  });

  it('groups series with equal values, NaN equal to NaN', () => {
    const s = (convention: string, values: number[]): CurveSeries => ({
      convention,
      scope: 'mean',
      label: 'mean',
      values,
      excluded: [0, 0],
    });
    const groups = sameGroups([s('a', [0.5, NaN]), s('b', [0.25, NaN]), s('c', [0.5 + 1e-12, NaN])]);
    assert.deepEqual(
      groups.map((g) => g.map((x) => x.convention)),
      [['a', 'c'], ['b']],
    );
  });

  it('writes tooltips as metric@k = value (convention, series)', () => {
    const ap: CurveSeries = { convention: 'trec_eval', scope: 'mean', label: 'mean', values: [0, 0, 0.5], excluded: [0, 0, 0] };
    assert.equal(tooltip('AP', 3, 0.5, ap), 'AP@3 = 0.500 (trec_eval, mean)');
  });
});
