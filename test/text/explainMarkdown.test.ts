/**
 * Explanations as Markdown (hovers, the breakdown, the CLI): the terms as a table, the ideal ranking,
 * the knobs and the final division; ids escaped for table cells.
 *
 * The case: x, then "a|b" (grade 2), then "c⏎d" (grade 1), under trec_eval (linear gains over log₂).
 * nDCG@2 = (2 · 1/log₂3) / (2 + 1 · 1/log₂3) = 1.262 / 2.631 = 0.480; AP@10 = (1/2 + 2/3) / 2 = 0.583.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { CaseInput } from '../../shared/core/caseInput';
import { comparePresets } from '../../shared/core/compare';
import { PRESETS } from '../../shared/core/conventions';
import { explainCase } from '../../shared/core/evaluate';
import { parseMetricSpec } from '../../shared/core/metricNames';
import { escapeMarkdown, explanationMarkdown, presetTableMarkdown } from '../../shared/text/explainMarkdown';

const spec = (name: string) => parseMetricSpec(name).spec!;
const CASE: CaseInput = {
  labels: [
    { id: 'a|b', grade: 2 },
    { id: 'c\nd', grade: 1 },
  ],
  predictions: [{ id: 'x' }, { id: 'a|b' }, { id: 'c\nd' }],
};
const md = (c: CaseInput, name: string, conv = PRESETS.trec_eval) => explanationMarkdown(explainCase(c, spec(name), conv));
const GAIN_HEAD = '| rank | item | grade | gain · discount |\n|---:|---|---:|---:|';

describe('an explanation as Markdown', () => {
  it('nDCG: the ranking and the ideal ranking with gains and discounts, the knobs, the division', () => {
    assert.equal(
      md(CASE, 'nDCG@2'),
      [
        '**nDCG@2 = 0.480**',
        '`nDCG@k = DCG@k / IDCG@k,  IDCG@k = DCG of all label grades sorted, best first, cut at k`',
        `Ranking:\n\n${GAIN_HEAD}\n| 1 | x | 0 | 0.000 · 1.000 = 0.000 |\n| 2 | a\\|b | 2 | 2.000 · 0.631 = 1.262 |`,
        `Ideal ranking:\n\n${GAIN_HEAD}\n| 1 | a\\|b | 2 | 2.000 · 1.000 = 2.000 |\n| 2 | c d | 1 | 1.000 · 0.631 = 0.631 |`,
        '*gain = linear*: gain(g) = g',
        '*discount = log2*: discount(i) = 1/log₂(i+1)',
        '*ideal = labels*: IDCG = 2.000·1.000 + 1.000·0.631 = 2.631',
        '`1.262 / 2.631 = 0.480`',
      ].join('\n\n'),
    );
  });

  it('AP at a two-digit cutoff: the hits with P@rank', () => {
    assert.equal(
      md(CASE, 'AP@10'),
      [
        '**AP@10 = 0.583**',
        '`AP@k = Σᵢ P@i · rel(i) / D,  i = 1..k,  D = all relevant labels`',
        'Hits:\n\n| rank | item | grade | P@rank |\n|---:|---|---:|---:|\n| 2 | a\\|b | 2 | 0.500 |\n| 3 | c d | 1 | 0.667 |',
        '*apDenominator = relevant*: D = all relevant labels = 2',
        '`(1/2 + 2/3) / 2 = 0.583`',
      ].join('\n\n'),
    );
  });

  it('says when no relevant item is in the cutoff', () => {
    assert.equal(
      md(CASE, 'P@1'),
      '**P@1 = 0.000**\n\n`P@k = |relevant ∩ top k| / k`\n\nNo relevant item in the cutoff.\n\n*precisionDenominator = k*: divides by k = 1\n\n`0 / 1 = 0.000`',
    );
  });

  it('says when the ideal ranking is empty (ideal=top-k over two unlabeled items)', () => {
    const text = md({ labels: [{ id: 'b', grade: 1 }], predictions: [{ id: 'x' }, { id: 'y' }, { id: 'b' }] }, 'nDCG@2', PRESETS.seed000);
    assert.equal(text.split('\n\n')[4], 'Ideal ranking: empty (no positive grade), so IDCG = 0.');
    assert.match(text, /\n\n`IDCG = 0, so nDCG = 0`$/);
  });

  it('gives only the reason when the value is fixed', () => {
    assert.equal(
      md({ labels: [], predictions: [{ id: 'x' }] }, 'P@1', PRESETS.seed000),
      '**P@1 = NaN**\n\nno relevant label: NaN, left out of the means (emptyLabels=nan)',
    );
  });
});

describe('Markdown text', () => {
  it('escapes \\ ` * _ [ ] | < >', () => {
    assert.equal(escapeMarkdown('a\\b`c*d_e[f]g|h<i>j'), 'a\\\\b\\`c\\*d\\_e\\[f\\]g\\|h\\<i\\>j');
  });

  it('writes the value in force, then only the presets that differ, grouped by value, in three columns', () => {
    // Seed 000's user #2: labels 2, 4, 6; predictions 1..5 (hits at ranks 2 and 4). P@5 = 2/5 everywhere;
    // AP@5 = (1/2 + 2/4) / 3 = 0.333 over the labels, / 2 = 0.500 over the hits; nDCG@5 0.498 with the
    // labels' ideal (trec_eval), 0.651 with the top 5's, 0.570 with LensKit's discount 1/log₂(max(i, 2)).
    const user2: CaseInput = {
      labels: [2, 4, 6].map((id) => ({ id: String(id), grade: 1 })),
      predictions: [1, 2, 3, 4, 5].map((id) => ({ id: String(id) })),
    };
    const rows = comparePresets(user2, [spec('P@5'), spec('AP@5'), spec('nDCG@5')]);
    assert.equal(
      presetTableMarkdown(rows, { name: 'trec_eval', values: [0.4, 1 / 3, rows[2].values.trec_eval] }),
      [
        'Other presets: only those that give another value, grouped by value (— where every preset agrees).',
        '',
        '| metric | trec\\_eval | other presets |',
        '|---|---:|---|',
        '| P@5 | 0.400 | — |',
        '| AP@5 | 0.333 | 0.500 seed000, sklearn, torchmetrics, seed003 |',
        '| nDCG@5 | 0.498 | 0.651 seed000, sklearn, torchmetrics; 0.570 lenskit |',
      ].join('\n'),
    );
  });
});
