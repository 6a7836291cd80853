/**
 * Ids in the order a person reads them: numbers by value (1, 2, 10, not 1, 10, 2; q2 before q10),
 * the rest as ICU's root collation orders text. trec_eval prints queries in strcmp order (1, 10, 2),
 * and its text output keeps that; reports of Ranklens's own list them this way.
 */
import { compareText } from './ranking';

/** The ids sorted naturally; ids that collate the same ("01" and "1") in code point order. */
export function naturalOrder(ids: Iterable<string>): string[] {
  // One collator per call: Intl.Collator is the platform's natural sort (numeric collation), built in.
  const collator = new Intl.Collator('en', { numeric: true });
  return [...ids].sort((a, b) => collator.compare(a, b) || compareText(a, b));
}
