/** Multiple-testing corrections on published examples, adjusted p-values worked out by hand. */
import { describe, it } from 'node:test';
import assert from 'node:assert/strict';
import { adjustPValues } from '../../shared/stats/corrections';

const close = (actual: number[], expected: number[]) =>
  actual.forEach((x, i) => assert.ok(Math.abs(x - expected[i]) < 1e-9, `#${i}: ${x} vs ${expected[i]}`));

/** Benjamini & Hochberg (1995), §4.2: the 15 p-values of a clinical trial (Neuhaus et al. 1992). */
const BH_1995 = [0.0001, 0.0004, 0.0019, 0.0095, 0.0201, 0.0278, 0.0298, 0.0344, 0.0459, 0.324, 0.4262, 0.5719, 0.6528, 0.759, 1.0];

describe('Benjamini–Hochberg', () => {
  it("rejects the four smallest of Benjamini & Hochberg's 15 p-values at q = 0.05, as the paper does", () => {
    // p(i) · 15 / i, then the running minimum from the largest down:
    // 0.0001·15 = 0.0015, 0.0004·15/2 = 0.003, 0.0019·5 = 0.0095, 0.0095·15/4 = 0.035625,
    // 0.0201·3 = 0.0603, 0.0278·15/6 = 0.0695 → min with 0.0298·15/7 = 0.063857, 0.0344·15/8 = 0.0645,
    // 0.0459·15/9 = 0.0765, 0.324·1.5 = 0.486, 0.4262·15/11 = 0.581182, 0.5719·15/12 = 0.714875,
    // 0.6528·15/13 = 0.753231, 0.759·15/14 = 0.813214, 1.
    const bh = adjustPValues(BH_1995, 'bh');
    close(bh, [
      0.0015,
      0.003,
      0.0095,
      0.035625,
      0.0603,
      (0.0298 * 15) / 7,
      (0.0298 * 15) / 7,
      0.0645,
      0.0765,
      0.486,
      (0.4262 * 15) / 11,
      0.714875,
      (0.6528 * 15) / 13,
      (0.759 * 15) / 14,
      1,
    ]);
    assert.equal(bh.filter((p) => p <= 0.05).length, 4);
  });
  it('keeps the order it was given', () => {
    close(adjustPValues([0.04, 0.01, 0.03], 'bh'), [0.04, 0.03, 0.04]);
  });
});

describe('Holm', () => {
  it("Wikipedia's example (Holm–Bonferroni method): p = 0.01, 0.04, 0.03, 0.005 rejects H1 and H4 at 0.05", () => {
    // Sorted 0.005, 0.01, 0.03, 0.04 times 4, 3, 2, 1 = 0.02, 0.03, 0.06, 0.04; running max 0.02, 0.03, 0.06, 0.06.
    const holm = adjustPValues([0.01, 0.04, 0.03, 0.005], 'holm');
    close(holm, [0.03, 0.06, 0.06, 0.02]);
    assert.deepEqual(
      holm.map((p) => p <= 0.05),
      [true, false, false, true],
    );
  });
  it("rejects three of Benjamini & Hochberg's 15 (the paper: Bonferroni-type procedures reject three)", () => {
    const holm = adjustPValues(BH_1995, 'holm');
    close(holm.slice(0, 4), [0.0015, 0.0056, 0.0247, 0.114]);
    assert.equal(holm.filter((p) => p <= 0.05).length, 3);
    assert.equal(adjustPValues(BH_1995, 'bonferroni').filter((p) => p <= 0.05).length, 3);
  });
});

describe('Bonferroni and none', () => {
  it('multiplies by the number of tests, capped at 1; none keeps p', () => {
    close(adjustPValues([0.01, 0.3, 0.02], 'bonferroni'), [0.03, 0.9, 0.06]);
    close(adjustPValues([0.01, 0.6], 'bonferroni'), [0.02, 1]);
    close(adjustPValues([0.01, 0.6], 'none'), [0.01, 0.6]);
  });
  it('leaves a NaN (no test) as NaN and does not count it', () => {
    const out = adjustPValues([0.01, NaN, 0.02], 'bonferroni');
    assert.ok(Number.isNaN(out[1]));
    close([out[0], out[2]], [0.02, 0.04]);
  });
});
