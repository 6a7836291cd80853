/**
 * Explanations as Markdown with Unicode formulas: hovers, the case breakdown and the CLI all show
 * the same text. VS Code renders no LaTeX in hovers, but GFM tables and code spans render.
 */
import { COMPARED_PRESETS } from '../core/conventions';
import { PresetValues } from '../core/compare';
import { Explanation, RankTerm, fmt } from '../core/explanation';

/** Escapes text for a Markdown paragraph or table cell. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]|<>]/g, (c) => `\\${c}`);
}

function cell(text: string): string {
  return escapeMarkdown(text).replace(/\n/g, ' ');
}

/**
 * A ranking's terms in four columns, so that the table fits a side pane (389 px at a 1,100 px window):
 * a graded term writes its gain, discount and product in one cell, `2.000 · 0.631 = 1.262`.
 */
function termTable(terms: RankTerm[], withGain: boolean, contributionTitle: string): string {
  const head = withGain
    ? ['| rank | item | grade | gain · discount |', '|---:|---|---:|---:|']
    : [`| rank | item | grade | ${contributionTitle} |`, '|---:|---|---:|---:|'];
  const rows = terms.map((t) =>
    withGain
      ? `| ${t.rank} | ${cell(t.id)} | ${t.grade} | ${fmt(t.gain!)} · ${fmt(t.discount!)} = ${fmt(t.contribution!)} |`
      : `| ${t.rank} | ${cell(t.id)} | ${t.grade} | ${t.contribution === undefined ? '✓' : fmt(t.contribution)} |`,
  );
  return [...head, ...rows].join('\n');
}

const CONTRIBUTION_TITLE: Readonly<Record<string, string>> = { AP: 'P@rank', RR: '1/rank' };

/** One metric value with its formula, its terms, the knobs that decided it and the final division. */
export function explanationMarkdown(ex: Explanation): string {
  const out = [`**${escapeMarkdown(ex.metric)} = ${fmt(ex.value)}**`];
  if (ex.note) {
    out.push(escapeMarkdown(ex.note));
    return out.join('\n\n');
  }
  out.push('`' + ex.formula + '`');
  const family = ex.metric.replace(/@.*/, '');
  const withGain = ex.terms.length > 0 && ex.terms[0].gain !== undefined;
  if (ex.terms.length > 0) {
    out.push((withGain ? 'Ranking:\n\n' : 'Hits:\n\n') + termTable(ex.terms, withGain, CONTRIBUTION_TITLE[family] ?? 'hit'));
  } else if (!withGain) {
    out.push('No relevant item in the cutoff.');
  }
  if (ex.ideal) {
    out.push(
      ex.ideal.length > 0 ? 'Ideal ranking:\n\n' + termTable(ex.ideal, true, '') : 'Ideal ranking: empty (no positive grade), so IDCG = 0.',
    );
  }
  for (const k of ex.knobs) out.push(`*${k.knob} = ${escapeMarkdown(k.value)}*: ${escapeMarkdown(k.effect)}`);
  out.push('`' + ex.arithmetic + '`');
  return out.join('\n\n');
}

/**
 * The presets whose value reads differently from `value` (three decimals, as every readout prints),
 * grouped by value in the presets' order: `0.500 seed000, sklearn; 0.570 lenskit`; '' when none does.
 */
export function otherPresetsText(row: PresetValues, value: number): string {
  const shown = fmt(value);
  const groups = new Map<string, string[]>();
  for (const p of COMPARED_PRESETS) {
    const v = fmt(row.values[p]);
    if (v !== shown) groups.set(v, [...(groups.get(v) ?? []), p]);
  }
  return [...groups].map(([v, presets]) => `${v} ${presets.join(', ')}`).join('; ');
}

/** What the column of presets says where every preset gives the value shown. */
const ALL_AGREE = '—';

/**
 * One row per metric: the value under the convention in force, then only the presets that give
 * another value, grouped by value. Three columns, so the table fits a side pane (nine presets side by
 * side were 868 px wide), and a preset named in a row is one that differs there.
 */
export function presetTableMarkdown(rows: readonly PresetValues[], current: { name: string; values: readonly number[] }): string {
  const head = `| metric | ${cell(current.name)} | other presets |`;
  const body = rows.map(
    (r, i) => `| ${cell(r.metric)} | ${fmt(current.values[i])} | ${cell(otherPresetsText(r, current.values[i])) || ALL_AGREE} |`,
  );
  return [
    `Other presets: only those that give another value, grouped by value (${ALL_AGREE} where every preset agrees).`,
    [head, '|---|---:|---|', ...body].join('\n'),
  ].join('\n\n');
}
