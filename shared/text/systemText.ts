/**
 * The text of a fixture's system comparison: a lens per system (its means, ▲ or ▼ where it is
 * significantly better or worse than the first system), the lens's tooltip and the hover on a
 * system's name (test, n, mean difference, interval, p, correction).
 */
import { fmt } from '../core/explanation';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { SystemComparison } from '../stats/compareSystems';
import { TEST_TITLES } from '../stats/testNames';
import { readoutIndexes } from './lensText';

const CORRECTIONS = { none: 'no correction', bonferroni: 'Bonferroni', holm: 'Holm', bh: 'Benjamini–Hochberg' } as const;

/** ▲ significantly better than the baseline, ▼ significantly worse, nothing otherwise. */
export function significanceMark(c: SystemComparison): string {
  if (!c.significant || c.diff === 0) return '';
  return c.diff > 0 ? ' ▲' : ' ▼';
}

/** `bm25 (baseline, 4 cases): AP 0.417 · nDCG@3 0.520` or `dense vs bm25: AP 0.472 ▲ · nDCG@3 0.500` */
export function systemReadout(fe: FixtureEvaluation, s: number): string {
  const sys = fe.systems!;
  const values = readoutIndexes(fe)
    .map((j) => `${fe.names[j]} ${fmt(sys.means[s][j])}${s === 0 ? '' : significanceMark(sys.comparisons[j][s - 1])}`)
    .join(' · ');
  const head =
    s === 0
      ? `${sys.names[0]} (baseline, ${sys.caseCounts[0]} case${sys.caseCounts[0] === 1 ? '' : 's'})`
      : `${sys.names[s]} vs ${sys.names[0]}`;
  return `${head}: ${values || 'no metric computed'}`;
}

/** One line per metric: the test, n, the mean difference and its interval, p and the corrected p. */
export function comparisonLines(fe: FixtureEvaluation, s: number): string[] {
  const sys = fe.systems!;
  const { test, correction, alpha } = sys.options;
  const signed = (x: number) => (x > 0 ? `+${fmt(x)}` : fmt(x));
  return readoutIndexes(fe).map((j) => {
    const c = sys.comparisons[j][s - 1];
    const verdict = c.significant ? (c.diff > 0 ? 'significantly better' : 'significantly worse') : 'not significant';
    const adjusted =
      correction === 'none' || test === 'tukey'
        ? ''
        : `, ${CORRECTIONS[correction]}-adjusted p = ${pText(c.pAdjusted)} over ${sys.names.length - 1} comparison${sys.names.length === 2 ? '' : 's'}`;
    return `${fe.names[j]}: ${TEST_TITLES[test]}, n = ${c.n}${c.leftOut ? ` (${c.leftOut} case${c.leftOut === 1 ? '' : 's'} in one system only, left out)` : ''}, mean difference ${signed(c.diff)} (95% CI ${signed(c.ci[0])} to ${signed(c.ci[1])}), p = ${pText(c.p)}${adjusted}: ${verdict} at α = ${alpha}`;
  });
}

function pText(p: number): string {
  if (Number.isNaN(p)) return 'NaN (too few cases)';
  return p < 0.001 ? p.toExponential(2) : p.toFixed(3);
}

/** The lens tooltip for system s (s ≥ 1). */
export function systemTooltip(fe: FixtureEvaluation, s: number): string {
  return [`${fe.systems!.names[s]} against ${fe.systems!.names[0]} (the first system), paired by case id:`, ...comparisonLines(fe, s)].join(
    '\n',
  );
}

/** Hover Markdown on a system's name. */
export function systemHover(fe: FixtureEvaluation, s: number): string {
  const sys = fe.systems!;
  const head = `**System \`${sys.names[s]}\`** · ${sys.caseCounts[s]} case${sys.caseCounts[s] === 1 ? '' : 's'} · convention \`${fe.convention.name}\``;
  // Tukey HSD controls the error over all pairs itself: the correction setting is not applied to it.
  const correction = sys.options.test === 'tukey' ? 'which controls the error over all pairs' : CORRECTIONS[sys.options.correction];
  if (s === 0)
    return `${head}\n\nThe baseline: every other system is compared with it, case by case (${TEST_TITLES[sys.options.test]}, ${correction}, α = ${sys.options.alpha}).`;
  return `${head}\n\nAgainst \`${sys.names[0]}\`, paired by case id (▲ / ▼ in the lens: significantly better / worse):\n\n${comparisonLines(
    fe,
    s,
  )
    .map((l) => `- ${l}`)
    .join('\n')}`;
}
