/**
 * The paired t-test and the Wilcoxon signed-rank test against SciPy 1.10.1 (Debian bookworm's
 * python3-scipy), `scipy.stats.ttest_rel(a, b)` and `scipy.stats.wilcoxon(a, b)` with default
 * arguments (zero_method="wilcox", correction=False, mode="auto"). The p-values below were printed
 * by SciPy once and written out; SciPy is not needed to run these tests.
 *
 * SciPy 1.10's rules, followed here: up to 50 pairs without a zero difference, the exact distribution
 * (with tied |differences| the half-integer R+ is truncated, see "half_rank_truncated"); otherwise
 * the normal approximation with zeros dropped and the tie correction of the variance.
 */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { pairedTTest } from '../../shared/stats/pairedT';
import { wilcoxonTest } from '../../shared/stats/wilcoxon';

interface ScipyCase {
  name: string;
  a: number[];
  b: number[];
  t: number;
  wilcoxon: number;
}

const CASES: ScipyCase[] = [
  {
    name: 'distinct',
    a: [0.31, 0.42, 0.18, 0.55, 0.27, 0.61, 0.4, 0.12],
    b: [0.35, 0.49, 0.22, 0.5, 0.36, 0.7, 0.47, 0.2],
    t: 0.013384338970222658,
    wilcoxon: 0.0390625,
  },
  { name: 'one_negative', a: [0.2, 0.4, 0.6, 0.8, 0.5], b: [0.25, 0.47, 0.69, 0.77, 0.61], t: 0.07435172413558282, wilcoxon: 0.125 },
  { name: 'ties_no_zero', a: [0.1, 0.2, 0.3, 0.4, 0.5, 0.6], b: [0.2, 0.3, 0.2, 0.6, 0.7, 0.5], t: 0.285590940645201, wilcoxon: 0.21875 },
  {
    name: 'zeros',
    a: [0.5, 0.3, 0.8, 0.2, 0.9, 0.4, 0.6],
    b: [0.5, 0.45, 0.8, 0.35, 0.7, 0.55, 0.75],
    t: 0.30108225742455996,
    wilcoxon: 0.4922069926558157,
  },
  {
    name: 'zeros_and_ties',
    a: [1, 0, 0.5, 0.25, 1, 0, 0.5, 0.25, 1, 0.75],
    b: [1, 0.5, 0.5, 0.75, 0.5, 0.5, 1, 0.25, 1, 1],
    t: 0.1323029609339768,
    wilcoxon: 0.14861399645521173,
  },
  {
    name: 'binary_rr',
    a: [1, 0, 1, 1, 0, 0, 1, 0, 1, 1, 0, 1],
    b: [1, 1, 1, 0, 1, 1, 1, 1, 0, 1, 1, 1],
    t: 0.27496148552409855,
    wilcoxon: 0.25683925795785656,
  },
  { name: 'half_rank', a: [0, 0, 0, 0], b: [0.5, 0.5, -0.25, 1.0], t: 0.1881204043741872, wilcoxon: 0.25 },
  { name: 'small2', a: [0.3, 0.5], b: [0.4, 0.9], t: 0.3440417392452613, wilcoxon: 0.5 },
  {
    name: 'all_positive10',
    a: [0.0, 0.1, 0.2, 0.30000000000000004, 0.4, 0.5, 0.6000000000000001, 0.7000000000000001, 0.8, 0.9],
    b: [0.01, 0.12000000000000001, 0.23, 0.34, 0.45, 0.56, 0.6700000000000002, 0.78, 0.89, 1.0],
    t: 0.00027819601104818524,
    wilcoxon: 0.001953125,
  },
  {
    name: 'n60_rounded',
    a: [
      0.63, 0.9, 0.78, 0.23, 0.3, 0.87, 0.01, 0.82, 0.8, 0.47, 0.3, 0.28, 0.25, 0.45, 0.5, 0.55, 1.0, 0.79, 0.62, 0.99, 0.22, 0.16, 0.61,
      0.04, 0.04, 0.51, 0.47, 0.92, 0.63, 0.51, 0.5, 0.25, 0.01, 0.19, 0.69, 0.2, 0.37, 0.0, 0.83, 0.15, 0.27, 0.88, 0.51, 0.85, 0.64, 0.74,
      0.09, 0.54, 0.51, 0.87, 0.36, 0.6, 0.06, 0.39, 0.32, 0.15, 0.82, 0.38, 0.98, 0.59,
    ],
    b: [
      0.59, 0.95, 0.76, 0.27, 0.21, 0.84, 0.02, 0.94, 0.94, 0.37, 0.25, 0.37, 0.08, 0.43, 0.52, 0.71, 1.0, 0.79, 0.61, 0.99, 0.4, 0.15,
      0.61, 0.11, 0.06, 0.52, 0.39, 0.95, 0.62, 0.66, 0.6, 0.28, 0.11, 0.19, 0.83, 0.23, 0.46, 0.0, 0.89, 0.01, 0.1, 0.88, 0.45, 0.9, 0.89,
      0.69, 0.06, 0.59, 0.59, 0.88, 0.37, 0.7, 0.14, 0.32, 0.34, 0.18, 0.74, 0.44, 0.92, 0.72,
    ],
    t: 0.061874221589169914,
    wilcoxon: 0.06679081648757178,
  },
  {
    name: 'n30_tenths',
    a: [
      0.0, 0.6, 0.8, 0.5, 0.7, 0.2, 0.2, 0.4, 0.2, 0.3, 0.9, 0.6, 0.3, 0.3, 1.0, 0.4, 1.0, 0.5, 0.5, 0.9, 0.7, 0.6, 0.4, 0.9, 0.4, 0.9, 0.1,
      0.4, 0.5, 1.0,
    ],
    b: [
      0.1, 0.5, 0.8, 0.4, 0.8, 0.2, 0.2, 0.2, 0.1, 0.7, 0.8, 0.4, 0.4, 0.6, 0.8, 0.4, 0.9, 0.2, 0.7, 0.9, 0.8, 0.5, 0.5, 0.8, 0.4, 0.7, 0.0,
      0.7, 0.4, 1.0,
    ],
    t: 0.7386988175845086,
    wilcoxon: 0.9026404875742053,
  },
  { name: 'mixed4', a: [0.2, 0.5, 0.9, 0.4], b: [0.1, 0.7, 0.6, 0.8], t: 0.768837310314464, wilcoxon: 0.875 },
  { name: 'half_rank_truncated', a: [0, 0, 0, 0, 0], b: [0.5, -0.5, 0.25, 1, 0.75], t: 0.19513791758605345, wilcoxon: 0.1875 },
];

/** How SciPy 1.10 picks the method for each case (≤ 50 pairs and no zero difference: exact). */
const METHOD: Record<string, 'exact' | 'approx'> = {
  distinct: 'exact',
  one_negative: 'exact',
  ties_no_zero: 'exact',
  zeros: 'approx',
  zeros_and_ties: 'approx',
  binary_rr: 'approx',
  half_rank: 'exact',
  small2: 'exact',
  all_positive10: 'exact',
  n60_rounded: 'approx',
  n30_tenths: 'approx',
  mixed4: 'exact',
  half_rank_truncated: 'exact',
};

describe('paired t-test against SciPy ttest_rel', () => {
  for (const c of CASES) {
    it(`${c.name}: p = ${c.t}`, () => {
      const r = pairedTTest(c.a, c.b);
      assert.ok(Math.abs(r.p - c.t) < 1e-9, `p ${r.p} vs SciPy ${c.t}`);
      assert.equal(r.df, c.a.length - 1);
    });
  }
  it('all differences 0: p = 1 (SciPy: NaN); a constant non-zero difference: p = 0', () => {
    assert.equal(pairedTTest([0.1, 0.5, 0.9], [0.1, 0.5, 0.9]).p, 1);
    assert.equal(pairedTTest([0, 0, 0], [0.5, 0.5, 0.5]).p, 0);
    assert.ok(Number.isNaN(pairedTTest([0.2], [0.4]).p), 'one pair: no test');
  });
  it("t has the sign of b − a (SciPy's ttest_rel(a, b) has the opposite)", () => {
    // distinct: SciPy's statistic is −3.285548511921078.
    assert.ok(Math.abs(pairedTTest(CASES[0].a, CASES[0].b).statistic - 3.285548511921078) < 1e-9);
  });
});

describe('Wilcoxon signed-rank test against SciPy wilcoxon (1.10 defaults)', () => {
  for (const c of CASES) {
    it(`${c.name}: p = ${c.wilcoxon} (${METHOD[c.name]})`, () => {
      const r = wilcoxonTest(c.a, c.b);
      assert.ok(Math.abs(r.p - c.wilcoxon) < 1e-9, `p ${r.p} vs SciPy ${c.wilcoxon}`);
      assert.equal(r.method, METHOD[c.name]);
    });
  }
  it('reports T = min(R+, R−) and the zeros, as SciPy does', () => {
    // n60_rounded: SciPy's statistic is 508.5 with 7 zero differences dropped.
    const r = wilcoxonTest(CASES.find((c) => c.name === 'n60_rounded')!.a, CASES.find((c) => c.name === 'n60_rounded')!.b);
    assert.equal(r.statistic, 508.5);
    assert.equal(r.zeros, 7);
  });
  it('truncates a half-integer R+ of a − b in the exact mode, as SciPy 1.10 (so the order of a and b matters there)', () => {
    // a − b = −0.5, 0.5, −0.25, −1, −0.75: ranks 2.5, 2.5, 1, 5, 4; R+ = 2.5 → 2; P(R+ ≤ 2) = 3/32, p = 6/32.
    assert.equal(wilcoxonTest([0, 0, 0, 0, 0], [0.5, -0.5, 0.25, 1, 0.75]).p, 0.1875);
    // Swapped, R+ = 12.5 → 12; P(R+ ≥ 12) = 5/32 ({1,2,3,4,5} {2,3,4,5} {1,3,4,5} {1,2,4,5} {3,4,5}), p = 10/32.
    assert.equal(wilcoxonTest([0.5, -0.5, 0.25, 1, 0.75], [0, 0, 0, 0, 0]).p, 0.3125);
  });
  it('all differences 0: p = 1 (SciPy raises an error)', () => {
    assert.equal(wilcoxonTest([0.3, 0.4], [0.3, 0.4]).p, 1);
  });
});
