/**
 * Explanations as Markdown with Unicode formulas: hovers, the case breakdown and the CLI all show
 * the same text. VS Code renders no LaTeX in hovers, but GFM tables and code spans render.
 */
import { PRESET_NAMES } from '../core/conventions';
import { PresetValues } from '../core/compare';
import { Explanation, RankTerm, fmt } from '../core/explanation';

/** Escapes text for a Markdown paragraph or table cell. */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_[\]|<>]/g, (c) => `\\${c}`);
}

function cell(text: string): string {
  return escapeMarkdown(text).replace(/\n/g, ' ');
}

function termTable(terms: RankTerm[], withGain: boolean, contributionTitle: string): string {
  const head = withGain
    ? ['| rank | item | grade | gain | discount | gain · discount |', '|---:|---|---:|---:|---:|---:|']
    : [`| rank | item | grade | ${contributionTitle} |`, '|---:|---|---:|---:|'];
  const rows = terms.map((t) =>
    withGain
      ? `| ${t.rank} | ${cell(t.id)} | ${t.grade} | ${fmt(t.gain!)} | ${fmt(t.discount!)} | ${fmt(t.contribution!)} |`
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

/** Every preset's value side by side; rows where presets disagree are marked. */
export function presetTableMarkdown(rows: PresetValues[], current?: string): string {
  const head = `| metric | ${PRESET_NAMES.map((p) => (p === current ? `**${p}**` : p)).join(' | ')} |`;
  const rule = `|---|${PRESET_NAMES.map(() => '---:').join('|')}|`;
  const body = rows.map((r) => `| ${r.disagree ? '≠ ' : ''}${cell(r.metric)} | ${PRESET_NAMES.map((p) => fmt(r.values[p])).join(' | ')} |`);
  return [head, rule, ...body].join('\n');
}
