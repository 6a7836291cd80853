/** The short marks shown after each predicted item: relevant or not, its grade, its rank when scores reorder. */
import { CaseInput } from './caseInput';
import { Convention } from './conventions';
import { hasScores, rankCase } from './ranking';

export interface PredictionMark {
  /** `✓2`, `✗`, `#3✓1` (only when scores reorder the list), `dup`, `⊘` (a refused case): short, so a line of ten items fits. */
  label: string;
  /** The same in words. */
  tooltip: string;
}

/** One mark per prediction of the case, in the order written. */
export function predictionMarks(input: CaseInput, conv: Convention): PredictionMark[] {
  const rc = rankCase(input, conv);
  if (rc.rejected) return refusedMarks(input);
  const rankOf = new Array<number>(input.predictions.length).fill(0);
  rc.source.forEach((p, r) => {
    rankOf[p] = r + 1;
  });
  const scored = hasScores(input);
  // Ranks are worth showing only when they differ from the order written.
  const reordered = scored && rc.source.some((p, r) => p !== r);
  return input.predictions.map((_, p) => {
    const rank = rankOf[p];
    if (rank === 0) return { label: 'dup', tooltip: `repeated item, not ranked (duplicates=${conv.duplicates})` };
    const grade = rc.grades[rank - 1];
    const relevant = rc.relevant[rank - 1] === 1;
    const mark = relevant ? `✓${grade}` : grade !== 0 ? `✗${grade}` : '✗';
    return {
      label: (reordered ? `#${rank}` : '') + mark,
      tooltip: `${scored ? `rank ${rank} by score; ` : ''}${relevant ? 'relevant' : 'not relevant'}, grade ${grade}`,
    };
  });
}

/**
 * A case duplicates=error refuses ranks nothing, so no item is marked relevant: the repeats are `dup`,
 * every other item `⊘`, as the duplicate-prediction finding says.
 */
function refusedMarks(input: CaseInput): PredictionMark[] {
  const seen = new Set<string>();
  return input.predictions.map((p) => {
    const again = seen.has(p.id);
    seen.add(p.id);
    return again
      ? { label: 'dup', tooltip: 'predicted again: duplicates=error refuses this case, so none of its items is ranked' }
      : { label: '⊘', tooltip: 'not ranked: this case predicts an item twice and duplicates=error refuses it (every metric NaN)' };
  });
}
