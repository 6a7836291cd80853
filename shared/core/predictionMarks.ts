/** The short marks shown after each predicted item: relevant or not, its grade, its rank when scores reorder. */
import { CaseInput } from './caseInput';
import { Convention } from './conventions';
import { hasScores, rankCase } from './ranking';

export interface PredictionMark {
  /** `✓2`, `✗`, `#3✓1` (only when scores reorder the list), `dup`: short, so a line of ten items fits. */
  label: string;
  /** The same in words. */
  tooltip: string;
}

/** One mark per prediction of the case, in the order written. */
export function predictionMarks(input: CaseInput, conv: Convention): PredictionMark[] {
  const rc = rankCase(input, conv);
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
