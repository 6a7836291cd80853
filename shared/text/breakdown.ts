/**
 * The long views behind the editor commands: one case's full breakdown (every metric with its terms,
 * knobs and arithmetic, then every preset side by side) and a whole document's means per preset.
 */
import { comparePresetMeans, comparePresets } from '../core/compare';
import { escapeMarkdown, explanationMarkdown, presetTableMarkdown } from './explainMarkdown';
import { fmt } from '../core/explanation';
import { DocumentEvaluation, FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { excludedCases } from './lensText';
import { explainMetric } from '../core/metrics/dispatch';
import { rankCase } from '../core/ranking';
import { caseInput } from '../evaluation/caseEvaluation';

const code = (text: string) => '`' + text.replace(/`/g, "'") + '`';
const plural = (n: number, noun: string) => `${n} ${noun}${n === 1 ? '' : 's'}`;

function fixtureLabel(fixtureIndex: number, count: number): string {
  return count > 1 ? ` (fixture ${fixtureIndex + 1})` : '';
}

/** Everything about one case. */
export function caseBreakdown(doc: DocumentEvaluation, fixtureIndex: number, caseIndex: number): string {
  const fe = doc.fixtures[fixtureIndex];
  const c = fe.cases[caseIndex];
  const conv = fe.convention.convention;
  const input = caseInput(c.node);
  const rc = rankCase(input, conv);
  const out = [
    `# Case ${code(c.node.id.value)}${fixtureLabel(fixtureIndex, doc.fixtures.length)}`,
    `Convention ${code(fe.convention.name)} · cutoffs ${fe.cutoffs.join(', ')} · ${plural(input.labels.length, 'label')}, ${rc.nRelevant} relevant · ${input.predictions.length} predicted`,
    '| metric | value |\n|---|---:|\n' + fe.names.map((n, i) => `| ${escapeMarkdown(n)} | ${fmt(c.values[i])} |`).join('\n'),
  ];
  for (const spec of fe.specs) {
    out.push(`## ${escapeMarkdown(explainMetric(rc, spec, conv).metric)}`, explanationMarkdown(explainMetric(rc, spec, conv)));
  }
  out.push('## Every preset', presetTableMarkdown(comparePresets(input, fe.specs), fe.convention.preset));
  return out.join('\n\n') + '\n';
}

function fixtureComparison(fe: FixtureEvaluation, fixtureIndex: number, count: number): string {
  const left = excludedCases(fe);
  return [
    `## ${plural(fe.cases.length, 'case')}${fixtureLabel(fixtureIndex, count)}`,
    `Under this fixture's convention ${code(fe.convention.name)}${left ? ` (${left} NaN left out)` : ''}: ${fe.names.map((n, i) => `${escapeMarkdown(n)} ${fmt(fe.mean[i])}`).join(' · ')}`,
    presetTableMarkdown(
      comparePresetMeans(
        fe.cases.map((c) => caseInput(c.node)),
        fe.specs,
      ),
      fe.convention.preset,
    ),
  ].join('\n\n');
}

/** Every preset's means for every fixture of a document; ≠ marks the metrics where presets disagree. */
export function conventionComparison(doc: DocumentEvaluation, title: string): string {
  const parts = doc.fixtures.map((fe, i) => fixtureComparison(fe, i, doc.fixtures.length));
  return [`# Conventions compared: ${escapeMarkdown(title)}`, ...(parts.length ? parts : ['No fixture in this file.'])].join('\n\n') + '\n';
}
