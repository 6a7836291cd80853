/**
 * The knobs the TREC engine does not take. Every knob that ranks or measures one query works there as
 * in a fixture (identicalIds compares each docid with its qid); averaging=pooled needs each query's
 * numerators and denominators at the run figure, which the engine's summary (trec_eval's means and
 * sums) does not keep, so a convention that asks for it is refused rather than averaged.
 */
import { Convention } from '../../core/conventions';

/** Why the TREC engine refuses a convention, or undefined when it evaluates under it. */
export function trecConventionProblem(conv: Convention): string | undefined {
  if (conv.averaging === 'pooled')
    return 'averaging=pooled is not supported on qrels and run files (their run figures are means and sums); evaluate a fixture for pooled figures.';
  return undefined;
}
