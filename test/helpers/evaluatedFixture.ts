/** A fixture written inline, parsed and evaluated as the editor and the CLI do. */
import { DocumentEvaluation, FixtureEvaluation, FixtureOptions, evaluateDocument } from '../../shared/evaluation';
import { FixtureDocument } from '../../shared/fixture/model/model';
import { FixtureLanguage, parseFixture } from '../../shared/fixture/parse';

export interface Evaluated {
  doc: FixtureDocument;
  evaluation: DocumentEvaluation;
  /** The first fixture of the document. */
  fe: FixtureEvaluation;
}

export function evaluated(text: string, language: FixtureLanguage = 'json', options: FixtureOptions = {}): Evaluated {
  const doc = parseFixture(text, language);
  const evaluation = evaluateDocument(doc, options);
  return { doc, evaluation, fe: evaluation.fixtures[0] };
}
