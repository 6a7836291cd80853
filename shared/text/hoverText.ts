/**
 * Hover Markdown for the parts of a case: the case id, a predicted item, a label, an expect entry.
 * Everything is computed from the fixture evaluation with the core's own explanations, so a hover
 * never disagrees with a lens or the CLI. Unicode formulas only: hovers render no LaTeX.
 */
import { comparePresets } from '../core/compare';
import { isRelevantGrade } from '../core/conventions';
import { escapeMarkdown, otherPresetsText } from './explainMarkdown';
import { fmt } from '../core/explanation';
import { discount, gain } from '../core/metrics/dcg';
import { FixtureEvaluation } from '../evaluation/fixtureEvaluation';
import { itemContributions, rankOfPrediction } from '../core/itemContribution';
import { explainMetric, fixedValue } from '../core/metrics/dispatch';
import { metricName, parseMetricSpec } from '../core/metricNames';
import { RankedCase, rankCase } from '../core/ranking';
import { toleranceText } from '../evaluation/tolerance';
import { caseInput } from '../evaluation/caseEvaluation';
import { itemCount } from '../fixture/model/itemList';

const code = (text: string) => '`' + text.replace(/`/g, "'") + '`';

function ranked(fe: FixtureEvaluation, caseIndex: number): RankedCase {
  return rankCase(caseInput(fe.cases[caseIndex].node), fe.convention.convention);
}

function caseTitle(fe: FixtureEvaluation, caseIndex: number, rc: RankedCase): string {
  const c = fe.cases[caseIndex];
  return `**Case ${code(c.node.id.value)}** · convention ${code(fe.convention.name)} · ${rc.nRelevant} relevant · ${itemCount(c.node.predictions)} predicted`;
}

/**
 * What every hover on a case an error broke says (model.ts): it is not evaluated, and why. Explaining
 * its numbers would explain the plausible wrong ones the error would have given.
 */
export function notEvaluatedText(fe: FixtureEvaluation, caseIndex: number): string | undefined {
  const c = fe.cases[caseIndex];
  if (!c.node.broken) return undefined;
  return `**Case ${code(c.node.id.value)}** is not evaluated: ${escapeMarkdown(c.node.broken.reason)}. Its values are NaN and its expectations are not checked until the error is fixed.`;
}

/** Every metric of a case: its formula once per family, then the arithmetic with this case's numbers. */
export function caseHover(fe: FixtureEvaluation, caseIndex: number): string {
  const broken = notEvaluatedText(fe, caseIndex);
  if (broken) return broken;
  const rc = ranked(fe, caseIndex);
  const conv = fe.convention.convention;
  const out = [caseTitle(fe, caseIndex, rc)];
  const fixed = fixedValue(rc, conv);
  if (fixed) {
    out.push(`Every metric is ${fmt(fixed.value)}: ${escapeMarkdown(fixed.note)}.`);
    return out.join('\n\n');
  }
  // One formula for the metrics it is true of (AP@3 and AP@5 share AP@k's, which names k, not 3), the
  // cutoffs it is shown at, then each one's arithmetic.
  const byFormula = new Map<string, { cutoffs: number[]; lines: string[] }>();
  for (const s of fe.specs) {
    const ex = explainMetric(rc, s, conv);
    const group = byFormula.get(ex.formula) ?? { cutoffs: [], lines: [] };
    if (s.k !== null && !group.cutoffs.includes(s.k)) group.cutoffs.push(s.k);
    group.lines.push(`- ${escapeMarkdown(ex.metric)} = ${code(ex.arithmetic)}`);
    byFormula.set(ex.formula, group);
  }
  for (const [formula, { cutoffs, lines }] of byFormula) {
    const at = cutoffs.length > 0 ? ` · k = ${cutoffs.join(', ')}` : '';
    out.push(`${code(formula)}${at}\n\n${lines.join('\n')}`);
  }
  out.push('*The lens above the case opens the full breakdown: every term, knob and preset.*');
  return out.join('\n\n');
}

/** A predicted item: where it ranks, whether it is relevant, its gain and what it adds to each metric. */
export function predictionHover(fe: FixtureEvaluation, caseIndex: number, predictionIndex: number): string {
  const broken = notEvaluatedText(fe, caseIndex);
  if (broken) return broken;
  const c = fe.cases[caseIndex];
  const conv = fe.convention.convention;
  const rc = ranked(fe, caseIndex);
  const input = caseInput(c.node);
  const p = input.predictions[predictionIndex];
  const rank = rankOfPrediction(rc, predictionIndex);
  const scored = p.score !== undefined ? ` (score ${p.score}, ranked by score, ties=${conv.ties})` : '';
  if (rc.rejected) {
    return `**${code(p.id)}** is not ranked: this case predicts an item twice, and duplicates=error refuses such a case (trec_eval stops with an error), so every metric of it is NaN and left out of the means.`;
  }
  if (rank === null) {
    return `**${code(p.id)}** is not ranked: it is predicted earlier in this case and duplicates=${conv.duplicates} keeps only the first.`;
  }
  const grade = rc.grades[rank - 1];
  const labeled = input.labels.some((l) => l.id === p.id);
  const relevance = rc.relevant[rank - 1] === 1 ? 'relevant' : labeled ? 'not relevant' : 'not relevant (not labeled)';
  const head = `**${code(p.id)}** · rank ${rank}${scored} · ${relevance} · grade ${grade} · gain ${fmt(gain(grade, conv))} · discount ${fmt(discount(rank, conv))}`;
  const rows = itemContributions(rc, rank, fe.specs, conv).map(
    (x) => `| ${escapeMarkdown(x.metric)} | ${x.amount === null ? '—' : fmt(x.amount)} | ${escapeMarkdown(x.how)} |`,
  );
  return [head, '| metric | adds | how |\n|---|---:|---|\n' + rows.join('\n')].join('\n\n');
}

/** A label: its grade, whether it counts as relevant, and whether and where it was retrieved. */
export function labelHover(fe: FixtureEvaluation, caseIndex: number, labelIndex: number): string {
  const broken = notEvaluatedText(fe, caseIndex);
  if (broken) return broken;
  const conv = fe.convention.convention;
  const label = caseInput(fe.cases[caseIndex].node).labels[labelIndex];
  const rc = ranked(fe, caseIndex);
  const relevant = Number.isFinite(label.grade) && isRelevantGrade(label.grade, conv.relevanceThreshold);
  const threshold =
    conv.relevanceThreshold === 'listed' ? 'every listed label is relevant' : `relevant when the grade exceeds ${conv.relevanceThreshold}`;
  const head = `**${code(label.id)}** · grade ${label.grade} · ${relevant ? 'relevant' : 'not relevant'} (${threshold}) · gain ${fmt(gain(label.grade, conv))}`;
  const rank = rc.ids.indexOf(label.id) + 1;
  if (rank === 0)
    return `${head}\n\nNever retrieved: it counts against recall${relevant ? ' and every denominator that counts relevant labels' : ''}.`;
  const inside = fe.cutoffs.filter((k) => rank <= k);
  const outside = fe.cutoffs.filter((k) => rank > k);
  const cuts = [inside.length ? `inside the top ${inside.join(', ')}` : '', outside.length ? `outside the top ${outside.join(', ')}` : '']
    .filter(Boolean)
    .join('; ');
  return `${head}\n\nRetrieved at rank ${rank}${cuts ? `: ${cuts}` : ''}.`;
}

/** Why every value of a case is fixed (a refused case: `the case predicts an item twice …`), or '' when none is. */
function fixedNote(fe: FixtureEvaluation, caseIndex: number): string {
  return fixedValue(ranked(fe, caseIndex), fe.convention.convention)?.note ?? '';
}

/**
 * An expect entry: expected against computed, and what the other presets give when they differ. What a
 * finding on the entry says (a mismatch and its tolerance, an unknown or uncomputed metric) is left to
 * it: an editor shows the finding in the same hover, and the same words twice read as two problems.
 */
export function expectHover(fe: FixtureEvaluation, caseIndex: number, expectIndex: number): string {
  const c = fe.cases[caseIndex];
  const e = c.expectations[expectIndex];
  const written = e.node.value.value === null ? 'NaN (null)' : e.node.text;
  const parsed = parseMetricSpec(e.node.metric.value);
  if (!parsed.spec) return '';
  const name = metricName(parsed.spec);
  const broken = notEvaluatedText(fe, caseIndex);
  if (broken) return `**${escapeMarkdown(name)}**: expected ${written}; not checked. ${broken}`;
  if (e.index >= 0 && e.computed === undefined)
    return `**${escapeMarkdown(name)}**: expected ${written}; not checked: the case is refused (${escapeMarkdown(fixedNote(fe, caseIndex))}).`;
  if (e.computed === undefined) return '';
  const tolerance = e.node.value.value === null ? 'as NaN' : toleranceText(e.node.text);
  const verdict = e.matches ? ` · ✓ matches, ${tolerance}` : '';
  const out = [
    `**${escapeMarkdown(name)}** · expected ${code(written)} · computed ${code(fmt(e.computed, 4))}${verdict} (convention ${code(fe.convention.name)})`,
  ];
  const ex = explainMetric(ranked(fe, caseIndex), parsed.spec, fe.convention.convention);
  out.push(`${code(ex.formula)}\n\n${escapeMarkdown(ex.metric)} = ${code(ex.arithmetic)}`);
  const others = otherPresetsText(comparePresets(caseInput(c.node), [parsed.spec])[0], e.computed);
  out.push(others ? `Other presets give ${escapeMarkdown(others)}.` : 'Every preset gives the same value.');
  return out.join('\n\n');
}
