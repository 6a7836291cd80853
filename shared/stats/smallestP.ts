/**
 * The smallest p-value a test can return on n pairs, whatever the data: when it is above α, the
 * comparison can never be significant, and the editor and the command say so.
 */
import { normalSf } from './distributions';
import { SignificanceTest } from './testNames';

/** Smallest reachable two-sided p for n pairs (m systems for Tukey), before any correction. */
export function smallestP(test: SignificanceTest, n: number, trials: number, systems = 2): number {
  const sampled = 1 / (trials + 1);
  switch (test) {
    case 't':
      return n < 2 ? 1 : 0;
    // Exact up to 50 pairs: only "every difference the same sign" reaches 2 / 2^n.
    case 'wilcoxon':
      return n === 0 ? 1 : n <= 50 ? Math.min(1, 2 / 2 ** n) : 2 * normalSf(Math.sqrt((3 * n * (n + 1)) / (2 * n + 1)));
    // The observed signs and their mirror image always count.
    case 'randomization':
      return n === 0 ? 1 : 2 ** n <= trials ? Math.min(1, 2 / 2 ** n) : Math.max(2 / 2 ** n, sampled);
    case 'bootstrap':
      return n < 2 ? 1 : sampled;
    // Relabeling all systems the same way on every query keeps the range: m! shuffles always count.
    case 'tukey': {
      if (n === 0) return 1;
      const shuffles = factorial(systems);
      const exact = 1 / shuffles ** (n - 1);
      return shuffles ** n <= trials ? exact : Math.max(exact, sampled);
    }
  }
}

function factorial(m: number): number {
  let f = 1;
  for (let i = 2; i <= m; i++) f *= i;
  return f;
}
