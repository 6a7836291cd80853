/**
 * The long views behind the editor commands: one case's full breakdown (its values with the presets
 * that differ first, then every metric with its terms, knobs and arithmetic) and a whole document's
 * means with the presets that differ. Both read in a side pane: the summary comes first, and no
 * table is wider than three columns of values.
 */
import { comparePresetMeans, comparePresets } from '../core/compare';
import { escapeMarkdown, explanationMarkdown, presetTableMarkdown } from './explainMarkdown';
import { fmt } from '../core/explanation';
import { DocumentEvaluation, FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { excludedCases, shortConventionName } from './lensText';
import { explainMetric } from '../core/metrics/dispatch';
import { rankCase } from '../core/ranking';
import { caseInput, evaluatedInputs } from '../evaluation/caseEvaluation';

const code = (text: string) => '`' + text.replace(/`/g, "'") + '`';
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function fixtureLabel(fixtureIndex: number, count: number): string {
  return count > 1 ? ` (fixture ${fixtureIndex + 1})` : '';
}

/** Everything about one case. */
export function caseBreakdown(doc: DocumentEvaluation, fixtureIndex: number, caseIndex: number): string {
  const fe = doc.fixtures[fixtureIndex];
  const c = fe.cases[caseIndex];
  const title = `# Case ${code(c.node.id.value)}${fixtureLabel(fixtureIndex, doc.fixtures.length)}`;
  if (c.node.broken)
    return `${title}\n\nNot evaluated: ${escapeMarkdown(c.node.broken.reason)}. Fix the error to see this case's values.\n`;
  const conv = fe.convention.convention;
  const input = caseInput(c.node);
  const rc = rankCase(input, conv);
  const out = [
    title,
    `Convention ${code(fe.convention.name)} · cutoffs ${fe.cutoffs.join(', ')} · ${plural(input.labels.length, 'label')}, ${rc.nRelevant} relevant · ${input.predictions.length} predicted`,
    presetTableMarkdown(comparePresets(input, fe.specs), { name: shortConventionName(fe), values: c.values }),
  ];
  for (const spec of fe.specs) {
    const ex = explainMetric(rc, spec, conv);
    out.push(`## ${escapeMarkdown(ex.metric)}`, explanationMarkdown(ex));
  }
  return out.join('\n\n') + '\n';
}

function fixtureComparison(fe: FixtureEvaluation, fixtureIndex: number, count: number): string {
  const left = excludedCases(fe);
  const n = fe.cases.length;
  return [
    `## ${plural(n, 'case')}${fixtureLabel(fixtureIndex, count)}`,
    `Means under this fixture's convention ${code(fe.convention.name)}, over ${left ? `${n - left} of ${n} cases (${left} NaN left out)` : plural(n, 'case')}.`,
    presetTableMarkdown(comparePresetMeans(evaluatedInputs(fe.cases), fe.specs), { name: shortConventionName(fe), values: fe.mean }),
  ].join('\n\n');
}

/** Every fixture's means, each with the presets that give other means. */
export function conventionComparison(doc: DocumentEvaluation, title: string): string {
  const parts = doc.fixtures.map((fe, i) => fixtureComparison(fe, i, doc.fixtures.length));
  return [`# Conventions compared: ${escapeMarkdown(title)}`, ...(parts.length ? parts : ['No fixture in this file.'])].join('\n\n') + '\n';
}
