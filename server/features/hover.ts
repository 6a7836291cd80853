/** Hovers: the Markdown for whatever sits under the cursor, from the shared explanation text. */
import { Hover, MarkupKind } from 'vscode-languageserver';
import { DocumentEvaluation } from '../../shared/evaluation';
import { FixtureDocument, Target, targetAt } from '../../shared/fixture';
import {
  caseHover,
  conventionHover,
  cutoffHover,
  expectHover,
  knobHover,
  labelHover,
  metricHover,
  metricsHover,
  predictionHover,
  presetHover,
  systemHover,
} from '../../shared/text';
import { Placer } from '../positions';

function markdownFor(t: Target, evaluation: DocumentEvaluation): string {
  const fe = evaluation.fixtures[t.fixture];
  switch (t.kind) {
    case 'case':
      return caseHover(fe, t.case);
    case 'prediction':
      return predictionHover(fe, t.case, t.index);
    case 'label':
      return labelHover(fe, t.case, t.index);
    case 'expect':
      return expectHover(fe, t.case, t.index);
    case 'cutoffs':
      return cutoffHover(fe);
    case 'metrics':
      return metricsHover(fe);
    case 'metric':
      return metricHover(fe, t.name);
    case 'convention':
      return conventionHover(fe);
    case 'preset':
      return presetHover(t.name);
    case 'knob':
      return knobHover(fe, t.name);
    case 'system':
      return fe.systems ? systemHover(fe, t.system) : '';
  }
}

export function hover(parsed: FixtureDocument, evaluation: DocumentEvaluation, text: string, offset: number, place: Placer): Hover | null {
  const target = targetAt(parsed, text, offset);
  if (!target) return null;
  // '' where a finding on the same text says it all: the editor shows that finding, and nothing else.
  const value = markdownFor(target, evaluation);
  return value === '' ? null : { contents: { kind: MarkupKind.Markdown, value }, range: place.range(target.span) };
}
