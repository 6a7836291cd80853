/**
 * The Compare Runs view's HTML (shared/curves/diffHtml.ts), on the hand-made example of
 * test/cli/diff.test.ts (nDCG@3; base → new: q3 +0.369070 a win, q2 0 a tie, q1 −0.570141 a loss,
 * worked out there), written out here as the JSON report gives it.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { DiffReportView, ExplainedView, LAZY_ROWS, MAX_BARS, OUTCOME_COLORS, PNG_SCALE, WINDOW_ROWS, diffHtml } from '../../shared/curves';
import { escapeHtml } from '../../shared/curves/htmlPage';

const LOSS: ExplainedView = {
  id: 'q1',
  a: 0.950234,
  b: 0.380094,
  diff: -0.570141,
  depth: 3,
  additive: true,
  shownEffect: -0.570141,
  documents: [
    { docid: 'x', change: 'entered', judgment: 'unjudged', grade: null, rankA: null, rankB: 2, effect: 0 },
    { docid: 'a', change: 'left', judgment: 'relevant', grade: 2, rankA: 1, rankB: 4, effect: -0.760188 },
    { docid: 'b', change: 'moved', judgment: 'relevant', grade: 1, rankA: 3, rankB: 1, effect: 0.190047 },
    { docid: 'c', change: 'moved', judgment: 'nonrelevant', grade: 0, rankA: 2, rankB: 3, effect: 0 },
  ],
  unjudgedEntered: ['x'],
  topA: [
    { docid: 'a', judgment: 'relevant', grade: 2 },
    { docid: 'c', judgment: 'nonrelevant', grade: 0 },
    { docid: 'b', judgment: 'relevant', grade: 1 },
  ],
  topB: [
    { docid: 'b', judgment: 'relevant', grade: 1 },
    { docid: 'x', judgment: 'unjudged', grade: null },
    { docid: 'c', judgment: 'nonrelevant', grade: 0 },
  ],
};

function report(tie = 0, queries = HAND_QUERIES): DiffReportView {
  return {
    measure: { name: 'nDCG@3', trecEval: 'ndcg_cut_3' },
    convention: { name: 'trec_eval' },
    tie,
    top: 1,
    depth: 3,
    runs: [
      { name: 'base', mean: 0.860388, queries: [1, 2, 3], partial: null },
      { name: 'new', mean: 0.793365, queries: [1, 2, 3], partial: null },
    ],
    comparisons: [
      {
        a: 'base',
        b: 'new',
        diff: -0.067024,
        ci: [-1.2425, 1.1084],
        pAdjusted: 0.8291,
        significant: false,
        paired: queries.length,
        unpaired: 0,
        wins: 1,
        ties: 1,
        losses: 1,
        queries,
        largestGains: [],
        largestLosses: [LOSS],
      },
    ],
    significance: { test: 't', correction: 'holm', alpha: 0.05 },
  };
}

const HAND_QUERIES = [
  { id: 'q3', a: 0.63093, b: 1, diff: 0.36907, outcome: 'win' },
  { id: 'q2', a: 1, b: 1, diff: 0, outcome: 'tie' },
  { id: 'q1', a: 0.950234, b: 0.380094, diff: -0.570141, outcome: 'loss' },
];

const bars = (html: string) => [...html.matchAll(/<rect class="bar (\w+)"[^>]* y="([\d.]+)"[^>]* height="([\d.]+)" data-diff="([^"]+)"/g)];

describe('diffHtml', () => {
  const html = diffHtml(report(), { title: 'nDCG@3: new vs base', nonce: 'N0nce' });

  it('one bar per query, sorted by difference, coloured by outcome', () => {
    // Plot area: y from 10 to 218 (208 high), zero at 114; the scale is the largest |diff|, 0.570141.
    // q3: +0.36907 → 0.36907/0.570141 · 104 = 67.32 above zero (y 46.68); q1: 104 below (height 104).
    assert.deepEqual(
      bars(html).map((m) => [m[1], Number(m[2]), Number(m[3]), Number(m[4])]),
      [
        ['win', 46.68, 67.32, 0.36907],
        ['tie', 114, 0, 0],
        ['loss', 114, 104, -0.570141],
      ],
    );
    // Paul Tol's indigo and rose on light themes, light blue and orange on dark ones.
    assert.ok(html.includes(`--rl-win: ${OUTCOME_COLORS.win.light}`) && OUTCOME_COLORS.win.light === '#332288');
    assert.ok(html.includes(`--rl-loss: ${OUTCOME_COLORS.loss.dark}`) && OUTCOME_COLORS.loss.dark === '#EE8866');
    assert.ok(html.includes('<a href="#row-0-q1" data-qid="q1">'));
  });

  it('the tie band, shaded from −tie to +tie', () => {
    // tie 0.4: the scale stays 0.570141; +0.4 at 114 − 0.4/0.570141 · 104 = 41.04, the band 2 · 72.96 = 145.93 high.
    const tied = diffHtml(report(0.4), { title: 't', nonce: 'n' });
    assert.match(tied, /<rect class="tie-band" x="52" y="41.04" width="940" height="145.93">/);
    assert.ok(!html.includes('tie-band" x'), 'no band when only equal values tie');
  });

  it('means, the test, wins/ties/losses and every query in the table', () => {
    assert.ok(html.includes('<td>base</td><td class="num">0.8604</td><td class="num">3</td>'));
    assert.ok(html.includes('Mean difference <strong>−0.0670</strong>, 95% CI [−1.2425, +1.1084]; p = 0.8291'));
    assert.ok(html.includes('Wins <strong data-wins>1</strong> · ties <strong data-ties>1</strong>'));
    const rows = [...html.matchAll(/<tr id="row-0-(\w+)" class="(\w+)"/g)].map((m) => [m[1], m[2]]);
    assert.deepEqual(rows, [
      ['q3', 'win'],
      ['q2', 'tie'],
      ['q1', 'loss'],
    ]);
    // The explained query's row links to its rankings; the others carry their values for sorting.
    assert.ok(
      html.includes('<td><a href="#q-0-q1">q1</a></td><td class="num">0.9502</td><td class="num">0.3801</td><td class="num">−0.5701</td>'),
    );
    assert.ok(html.includes('<button type="button" data-sort="diff">new − base</button>'));
    // Any other query's id asks the extension for its rankings (a button: reached by Tab, pressed by Enter).
    assert.ok(
      html.includes('<td><button type="button" class="explain" data-qid="q3" title="Show its rankings side by side">q3</button></td>'),
    );
  });

  it('the loss side by side: both top 3, moved documents linked, the unjudged one marked, each effect', () => {
    // a at rank 1 in base is not in new's top 3; c at 2 is at 3 in new (linked); x (unjudged) entered at 2.
    assert.ok(
      html.includes('<td>a</td><td><span class="rel">relevant (2)</span></td><td><span class="muted">not in the other top</span></td>'),
    );
    assert.ok(html.includes('<td>c</td><td><span class="nonrel">non-relevant (0)</span></td><td><a href="#d-0-q1-b-3">→ 3</a></td>'));
    assert.ok(html.includes('<td>x</td><td><span class="badge unjudged">unjudged</span></td>'));
    assert.ok(
      html.includes(
        '<tr class="left"><td>left</td><td>a</td><td><span class="rel">relevant (2)</span></td><td class="num">1</td><td class="num">4</td><td class="num">−0.7602</td></tr>',
      ),
    );
    assert.ok(html.includes('<strong>1 unjudged</strong> document entered the top 3 (x)'));
    assert.ok(html.includes('add up to −0.5701.'));
  });

  it('opens at the query asked for', () => {
    assert.ok(diffHtml(report(), { title: 't', nonce: 'n', reveal: 'q1' }).includes('<body data-reveal="q-0-q1">'));
    assert.ok(html.includes('<body>'));
  });

  it('a strict CSP: the style and the script by nonce only; the plot can be saved', () => {
    // The attribute is HTML-escaped, as every page of the layer writes it (&#39; is the quote the browser reads).
    assert.ok(
      html.includes(`content="${escapeHtml("default-src 'none'; style-src 'nonce-N0nce'; script-src 'nonce-N0nce'; img-src data:")}"`),
    );
    assert.equal([...html.matchAll(/<script/g)].length, 1);
    assert.ok(html.includes('<script nonce="N0nce">'));
    assert.ok(html.includes('<button type="button" class="save" data-plot="plot-0">Save plot as SVG</button>'));
    assert.ok(html.includes('<button type="button" class="save-png" data-plot="plot-0">Save plot as PNG</button>'));
    // The PNG is drawn from a data: image (what img-src allows) at 2 pixels per unit of the 1000 × 240 plot.
    assert.equal(PNG_SCALE, 2);
    assert.ok(html.includes("image.src = 'data:image/svg+xml;charset=utf-8,' + encodeURIComponent(svg.outerHTML);"));
    assert.ok(html.includes('const scale = 2;'));
    assert.ok(html.includes('<svg id="plot-0" class="plot" xmlns="http://www.w3.org/2000/svg" viewBox="0 0 1000 240"'));
    assert.ok(html.includes('<svg id="plot-0" class="plot" xmlns="http://www.w3.org/2000/svg"'));
  });

  it('10,000 queries: bars of consecutive queries, every query still in the table; ids escaped', () => {
    const many = Array.from({ length: 10_000 }, (_, i) => ({
      id: `<q${i}&>`,
      a: 0.5,
      b: 0.5 + (5000 - i) / 10_000,
      diff: (5000 - i) / 10_000,
      outcome: i < 5000 ? 'win' : i === 5000 ? 'tie' : 'loss',
    }));
    const big = diffHtml(report(0, many), { title: 'big', nonce: 'n' });
    // 10,000 / MAX_BARS (1,000) = 10 queries a bar: 1,000 bars; the first is the mean of +0.5 … +0.4991 = +0.49955.
    const drawn = bars(big);
    assert.equal(MAX_BARS, 1000);
    assert.equal(drawn.length, 1000);
    assert.equal(Number(drawn[0][4]).toFixed(5), '0.49955');
    assert.ok(big.includes('Each bar is the mean of 10 consecutive queries (10000 in all); the table lists every one.'));
    assert.equal([...big.matchAll(/<tr id="row-0-/g)].length, 10_000);
    // Every row in the template the script takes them from, the table's body empty until it does: a
    // window of 200 rows of a table longer than 500 (test/editor/compareRuns.test.ts draws it).
    assert.deepEqual([LAZY_ROWS, WINDOW_ROWS], [500, 200]);
    assert.ok(big.includes('<tbody></tbody></table></div>\n<template id="rows-0">\n<tr id="row-0-_3cq0_26_3e"'));
    assert.ok(big.includes('data-id="&lt;q0&amp;&gt;"') && !big.includes('<q0&>'));
  });
});
