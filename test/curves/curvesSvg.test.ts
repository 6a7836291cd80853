/**
 * The chart's geometry, worked out by hand. The plot is 360 × 220 user units with margins left 44,
 * right 14, top 12, bottom 36: the plot area is 302 wide and 172 high. For k = 1..3, x(k) = 44 + (k − 1)/2 · 302
 * = 44, 195, 346; P is a share, so its axis runs 0..1 in steps of 0.25 and y(v) = 12 + 172 − 172·v:
 * y(1) = 12, y(0.75) = 55, y(0.5) = 98, y(0.25) = 141, y(0) = 184.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CurveSeries, MetricCurves } from '../../shared/curves/curves';
import { curvesHtml, kTicks, sameGroups, valueTicks } from '../../shared/curves/curvesHtml';

const mean = (convention: string, values: number[], excluded = values.map(() => 0)): CurveSeries => ({
  convention,
  scope: 'mean',
  label: 'mean',
  values,
  excluded,
});
const curves = (maxK: number, series: CurveSeries[], extra: Partial<MetricCurves> = {}, family: 'P' | 'DCG' = 'P'): MetricCurves => ({
  maxK,
  requestedMaxK: maxK,
  caseCount: 2,
  conventions: [...new Set(series.map((s) => s.convention))],
  curves: [{ family, title: family === 'P' ? 'Precision' : 'Discounted cumulative gain', series }],
  ...extra,
});
const figure = (html: string) => html.slice(html.indexOf('<figure'), html.indexOf('</figure>') + '</figure>'.length);
const yTicks = (html: string) => [...html.matchAll(/dominant-baseline="middle">([^<]+)</g)].map((m) => m[1]);
const radii = (html: string) => [
  ...new Set([...html.matchAll(/<circle class="point[^"]*" cx="[^"]*" cy="[^"]*" r="([^"]+)"/g)].map((m) => m[1])),
];

describe('the chart of P@k for k = 1..3', () => {
  it('draws the axes, the path through the points, and a hidden point on the axis for NaN', () => {
    const html = curvesHtml(curves(3, [mean('default', [1, 0.5, NaN], [0, 0, 1])]), { title: 'T' });
    const grid = (y: number, t: string) =>
      `<line class="grid" x1="44" x2="346" y1="${y}" y2="${y}"/><text class="tick" x="38" y="${y}" text-anchor="end" dominant-baseline="middle">${t}</text>`;
    const tick = (x: number, k: number) =>
      `<line class="tickmark" x1="${x}" x2="${x}" y1="184" y2="188"/><text class="tick" x="${x}" y="200" text-anchor="middle">${k}</text>`;
    assert.equal(
      figure(html),
      `<figure class="chart" data-family="P">
<figcaption><strong>P@k</strong> Precision</figcaption>
<svg class="plot" width="360" height="220" viewBox="0 0 360 220" role="img" aria-label="P@k, Precision, k = 1 to 3">
<g class="axis y-axis">${grid(184, '0')}${grid(141, '0.25')}${grid(98, '0.5')}${grid(55, '0.75')}${grid(12, '1')}</g>
<g class="axis x-axis"><line class="baseline" x1="44" x2="346" y1="184" y2="184"/>${tick(44, 1)}${tick(195, 2)}${tick(346, 3)}<text class="axis-label" x="195" y="216" text-anchor="middle">k</text></g>
<g class="series c0 mean" data-series="default, mean" data-convention="default" data-scope="mean">
<path class="line" d="M44 12L195 98" data-series="default, mean"/>
<circle class="point" cx="44" cy="12" r="3" data-k="1" data-value="1" data-series="default, mean"><title>P@1 = 1.000 (default, mean)</title></circle>
<circle class="point" cx="195" cy="98" r="3" data-k="2" data-value="0.5" data-series="default, mean"><title>P@2 = 0.500 (default, mean)</title></circle>
<circle class="point nan" cx="346" cy="184" r="3" data-k="3" data-value="NaN" data-series="default, mean"><title>P@3 = NaN (default, mean; 1 case NaN, left out)</title></circle>
</g>
</svg>

</figure>`,
    );
    assert.ok(
      html.includes(
        '<p class="summary">Each metric at k = 1 to 3: the mean over 2 cases (solid; NaN values left out). Hover a point for its value.</p>',
      ),
    );
  });

  it('starts a new piece of the path after a NaN, rounds to hundredths (y(1/3) = 126.67) and centres a single k (x = 195)', () => {
    const html = curvesHtml(curves(3, [mean('default', [NaN, 1 / 3, 0])]), { title: 'T' });
    assert.match(html, /<path class="line" d="M195 126\.67L346 184"/);
    const one = curvesHtml(curves(1, [mean('default', [0.5])]), { title: 'T' });
    assert.match(one, /<circle class="point" cx="195" cy="98" r="3" data-k="1"/);
  });
});

describe('several series', () => {
  it('draws the first convention last (on top), colors by convention, and names the ones with the same values', () => {
    const both = curves(2, [mean('default', [1, 0.5]), mean('trec_eval', [1, 0.5]), mean('ranx', [0, 0.5])]);
    const html = curvesHtml(both, { title: 'T' });
    assert.deepEqual(
      [...figure(html).matchAll(/<g class="(series [^"]+)" data-series="([^"]+)"/g)].map((m) => `${m[1]}: ${m[2]}`),
      ['series c2 mean: ranx, mean', 'series c1 mean: trec_eval, mean', 'series c0 mean: default, mean'],
    );
    assert.ok(figure(html).endsWith('</svg>\n<p class="overlap">Same values · mean: default = trec_eval</p>\n</figure>'));
  });

  it('reuses the nine colors from the tenth convention on', () => {
    const ten = Array.from({ length: 10 }, (_, i) => mean(`c${i}`, [0.5]));
    assert.match(curvesHtml(curves(1, ten), { title: 'T' }), /<g class="series c0 mean" data-series="c9, mean"/);
  });

  it('draws the case dashed in the legend, says which case, and notes equal case lines apart from equal means', () => {
    const withCase = curves(
      2,
      [
        mean('default', [1, 0.5]),
        { convention: 'default', scope: 'case', label: 'u1', values: [0, 1], excluded: [0, 0] },
        mean('trec_eval', [0.5, 0.5]),
        { convention: 'trec_eval', scope: 'case', label: 'u1', values: [0, 1], excluded: [0, 0] },
      ],
      { caseLabel: 'u1', caseCount: 1 },
    );
    const html = curvesHtml(withCase, { title: 'T' });
    assert.ok(
      html.includes(
        '<p class="summary">Each metric at k = 1 to 2: the mean over 1 case (solid; NaN values left out) and case u1 (dashed). Hover a point for its value.</p>',
      ),
    );
    assert.ok(
      html.includes(
        '<li data-legend-scope="mean over 1 case"><svg class="swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true"><g class="series key mean">',
      ),
    );
    assert.ok(
      html.includes(
        '<li data-legend-scope="u1"><svg class="swatch" width="28" height="12" viewBox="0 0 28 12" aria-hidden="true"><g class="series key case">',
      ),
    );
    assert.ok(html.includes('<p class="overlap">Same values · u1: default = trec_eval</p>'));
  });
});

describe('scales', () => {
  it('says where a curve was cut short of the largest cutoff', () => {
    const html = curvesHtml(curves(3, [mean('default', [1, 1, 1])], { requestedMaxK: 150 }), { title: 'T' });
    assert.ok(html.includes('Each metric at k = 1 to 3 (the largest cutoff is 150; curves stop at 3): the mean over 2 cases'));
  });

  it('fits the axis of a measure that is no share to its largest value (DCG up to 2.5: 0, 1, 2, 3), and to 0..1 when all is NaN', () => {
    assert.deepEqual(yTicks(curvesHtml(curves(2, [mean('default', [0.5, 2.5])], {}, 'DCG'), { title: 'T' })), ['0', '1', '2', '3']);
    assert.deepEqual(yTicks(curvesHtml(curves(2, [mean('default', [NaN, NaN])], {}, 'DCG'), { title: 'T' })), [
      '0',
      '0.25',
      '0.5',
      '0.75',
      '1',
    ]);
    assert.deepEqual(
      yTicks(curvesHtml(curves(2, [mean('default', [0.1, 0.2])]), { title: 'T' })),
      ['0', '0.25', '0.5', '0.75', '1'],
      'a share keeps 0..1',
    );
  });

  it('draws smaller points on longer curves: radius 3 up to k = 20, 2 up to 50, then 1.5', () => {
    const r = (maxK: number) => radii(curvesHtml(curves(maxK, [mean('default', new Array(maxK).fill(0.5))]), { title: 'T' }));
    assert.deepEqual([r(20), r(21), r(50), r(51)], [['3'], ['2'], ['2'], ['1.5']]);
  });

  it('ticks every k up to 10, then 1 and multiples of a step giving at most 6 more', () => {
    assert.deepEqual(kTicks(10), [1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
    assert.deepEqual(kTicks(12), [1, 2, 4, 6, 8, 10, 12]);
    assert.deepEqual(kTicks(30), [1, 5, 10, 15, 20, 25, 30]);
    assert.deepEqual(kTicks(700), [1, 117, 234, 351, 468, 585], 'no round step ≤ 100 gives 6: ⌈700 / 6⌉ = 117');
    // 0.5 / 4 = 0.125: the first of 0.1, 0.2, 0.25, 0.5, 1 (× 10⁻¹) at least that is 0.2, and 0.5 / 0.2 rounds up to 3 steps.
    assert.deepEqual(valueTicks(0.5), [0, 0.2, 0.4, 0.6]);
  });

  it('groups NaN with NaN only', () => {
    const groups = sameGroups([mean('a', [NaN, 0.5]), mean('b', [0.5, 0.5]), mean('c', [NaN, 0.5])]);
    assert.deepEqual(
      groups.map((g) => g.map((s) => s.convention)),
      [['a', 'c'], ['b']],
    );
  });
});
