/**
 * Multiple-testing corrections over one family of p-values (the comparisons of one measure), as
 * adjusted p-values: a comparison is significant when its adjusted p is ≤ α. Same definitions as
 * statsmodels' `multipletests` (bonferroni, holm, fdr_bh).
 * - Bonferroni: min(1, m·p).
 * - Holm (1979), step-down: the i-th smallest gets max over j ≤ i of min(1, (m − j + 1)·p(j)).
 * - Benjamini–Hochberg (1995), step-up: the i-th smallest gets min over j ≥ i of min(1, m·p(j)/j).
 * NaN p-values (no test) stay NaN and are not counted in m.
 */

export type Correction = 'none' | 'bonferroni' | 'holm' | 'bh';

export const CORRECTIONS: readonly Correction[] = ['none', 'bonferroni', 'holm', 'bh'];

/** Adjusted p-values, in the order given. */
export function adjustPValues(p: readonly number[], method: Correction): number[] {
  const out = p.slice();
  const order = p
    .map((_, i) => i)
    .filter((i) => !Number.isNaN(p[i]))
    .sort((i, j) => p[i] - p[j]);
  const m = order.length;
  if (method === 'none' || m === 0) return out;
  if (method === 'bonferroni') {
    for (const i of order) out[i] = Math.min(1, m * p[i]);
  } else if (method === 'holm') {
    let running = 0;
    order.forEach((i, rank) => {
      running = Math.max(running, Math.min(1, (m - rank) * p[i]));
      out[i] = running;
    });
  } else {
    let running = 1;
    for (let rank = m - 1; rank >= 0; rank--) {
      const i = order[rank];
      running = Math.min(running, Math.min(1, (m * p[i]) / (rank + 1)));
      out[i] = running;
    }
  }
  return out;
}
