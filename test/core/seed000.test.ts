/**
 * Seed 000 (../shared/seeds/000_7ec1ce784fa54d29.txt): five users, k = 1, 3, 5, six metrics, per user
 * and mean. The seed000 preset must reproduce every table to the printed precision.
 */
import { SEED000_USERS } from '../fixtures/seed000';
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { PRESETS, resolveConvention } from '../../shared/core/conventions';
import { evaluateCases, explainCase } from '../../shared/core/evaluate';
import { MetricSpec, parseMetricSpec } from '../../shared/core/metricNames';
import { rankCase } from '../../shared/core/ranking';
import { dcg, idcg } from '../../shared/core/metrics/dcg';
import { assertClose, assertPrinted } from '../helpers/printed';

const users = [...SEED000_USERS];

const spec = (name: string): MetricSpec => parseMetricSpec(name).spec!;
const { resolved } = resolveConvention('seed000');

/** Rows #1..#5 then the mean, as the seed prints them; columns k = 1, 3, 5. */
const TABLES: Record<string, string[][]> = {
  P: [
    ['1', '0.666', '0.400'],
    ['0', '0.333', '0.400'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.333', '0.333', '0.267'],
  ],
  R: [
    ['0.167', '0.333', '0.333'],
    ['0', '0.333', '0.666'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.056', '0.222', '0.333'],
  ],
  F1: [
    ['0.286', '0.444', '0.364'],
    ['0', '0.333', '0.500'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.095', '0.259', '0.288'],
  ],
  AP: [
    ['1', '1.000', '1.000'],
    ['0', '0.500', '0.500'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.333', '0.500', '0.500'],
  ],
  // The seed prints MRR@3 and MRR@5 as "(1+1/2+0)/3=1/3=0.333"; its own formula gives 1.5/3 = 0.5.
  // The formula wins: the mean row below holds 0.500 for k = 3 and 5.
  RR: [
    ['1', '1', '1'],
    ['0', '0.500', '0.500'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.333', '0.500', '0.500'],
  ],
  nDCG: [
    ['1.000', '1.000', '1.000'],
    ['0', '0.631', '0.651'],
    ['0', '0', '0'],
    ['NaN', 'NaN', 'NaN'],
    ['NaN', 'NaN', 'NaN'],
    ['0.333', '0.544', '0.550'],
  ],
};

describe('seed 000 under the seed000 preset', () => {
  for (const [family, rows] of Object.entries(TABLES)) {
    it(`reproduces the ${family}@k table for users #1..#5 and the mean`, () => {
      const specs = [1, 3, 5].map((k) => spec(`${family}@${k}`));
      const ev = evaluateCases(users, specs, resolved);
      rows
        .slice(0, 5)
        .forEach((row, u) => row.forEach((printed, j) => assertPrinted(ev.cases[u].values[j], printed, `user #${u + 1} ${ev.names[j]}`)));
      rows[5].forEach((printed, j) => assertPrinted(ev.mean[j], printed, `mean ${ev.names[j]}`));
      assert.deepEqual(ev.excluded, [2, 2, 2], 'users #4 and #5 are NaN and left out of every mean');
    });
  }

  it('reproduces the DCG and IDCG columns (ln discount, ideal = the top k sorted)', () => {
    const conv = PRESETS.seed000;
    const [u1, u2, u3] = users.map((u) => rankCase(u, conv));
    const ln = Math.log;
    // k = 1: #1 DCG = IDCG = 1/ln 2; #2 and #3: 0 and 0.
    assertClose(dcg(u1, 1, conv), 1 / ln(2));
    assertClose(idcg(u1, 1, conv), 1 / ln(2));
    assertClose(dcg(u2, 1, conv), 0);
    assertClose(idcg(u2, 1, conv), 0);
    // k = 3: #1 1/ln2 + 1/ln3 both; #2 DCG 1/ln 3, IDCG 1/ln 2 (SORT of the top 3 = {1,0,0}).
    assertClose(dcg(u1, 3, conv), 1 / ln(2) + 1 / ln(3));
    assertClose(idcg(u1, 3, conv), 1 / ln(2) + 1 / ln(3));
    assertClose(dcg(u2, 3, conv), 1 / ln(3));
    assertClose(idcg(u2, 3, conv), 1 / ln(2));
    // k = 5: #2 DCG 1/ln3 + 1/ln5, IDCG 1/ln2 + 1/ln3.
    assertClose(dcg(u2, 5, conv), 1 / ln(3) + 1 / ln(5));
    assertClose(idcg(u2, 5, conv), 1 / ln(2) + 1 / ln(3));
    assertClose(dcg(u3, 5, conv), 0);
    const ev = evaluateCases(users, [spec('DCG@1'), spec('DCG@3'), spec('DCG@5')], resolved);
    assert.ok(ev.cases[3].values.every(Number.isNaN) && ev.cases[4].values.every(Number.isNaN), 'DCG of #4 and #5 is NaN');
  });

  it('explains user #2 AP@5 with the precision at each hit and the hits denominator', () => {
    const ex = explainCase(users[1], spec('AP@5'), PRESETS.seed000);
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.contribution]),
      [
        [2, '2', 0.5],
        [4, '4', 0.5],
      ],
    );
    assert.equal(ex.denominator, 2);
    assert.equal(ex.arithmetic, '(1/2 + 2/4) / 2 = 0.500');
    assert.equal(ex.knobs[0].knob, 'apDenominator');
    assert.equal(ex.knobs[0].effect, 'D = the hits in the top k = 2');
  });

  it('explains user #2 nDCG@3 with the DCG terms and the ideal from the top 3', () => {
    const ex = explainCase(users[1], spec('nDCG@3'), PRESETS.seed000);
    assert.deepEqual(
      ex.terms.map((t) => [t.rank, t.id, t.gain]),
      [
        [1, '1', 0],
        [2, '2', 1],
        [3, '3', 0],
      ],
    );
    assert.deepEqual(
      ex.ideal!.map((t) => [t.rank, t.id, t.gain]),
      [[1, '2', 1]],
    );
    assertClose(ex.terms[1].discount!, 1 / Math.log(3));
    assert.equal(ex.arithmetic, '0.910 / 1.443 = 0.631');
  });

  it('explains the empty users with the knob that made them NaN', () => {
    const ex = explainCase(users[3], spec('P@3'), PRESETS.seed000);
    assert.ok(Number.isNaN(ex.value));
    assert.equal(ex.knobs[0].knob, 'emptyLabels');
    assert.match(ex.note!, /NaN, left out of the means/);
  });
});
