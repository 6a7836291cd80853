/**
 * Help with a metric's parameters while they are typed (`RBP(p=|`): the family, each parameter it
 * takes in parentheses and what it sets, from the declarations the metric-name parser reads
 * (familyArguments in shared/core/metricNames.ts), and which one the cursor is on.
 */
import { FAMILY_TITLES, familyArguments, parseMetricName } from '../core/metricNames';
import { escapeMarkdown } from './explainMarkdown';

export interface MetricSignature {
  /** `RBP(rel=…, p=0.9)`: every parameter with its default. */
  label: string;
  /** Markdown: the family's name. */
  documentation: string;
  /** Each parameter: where it is in the label, and what it sets. */
  parameters: { label: [number, number]; documentation: string }[];
  /** The parameter typed at the cursor (by its name before `=`), else the first not written yet. */
  active: number;
}

/** The signature of the metric whose parentheses the typed name is in (`RBP(p=`), or undefined outside them. */
export function metricSignature(typed: string): MetricSignature | undefined {
  const open = typed.lastIndexOf('(');
  if (open <= 0 || typed.includes(')', open)) return undefined;
  const parsed = parseMetricName(typed.slice(0, open));
  if (!parsed.ok) return undefined;
  const family = parsed.family;
  const args = familyArguments(family);
  let label = `${family}(`;
  const parameters = args.map((a, i) => {
    const text = `${a.name}=${a.default ?? '…'}`;
    const start = label.length;
    label += text + (i < args.length - 1 ? ', ' : ')');
    return {
      label: [start, start + text.length] as [number, number],
      documentation: `${a.meaning}${a.default === undefined ? '' : ` (default ${a.default})`}.`,
    };
  });
  const written = typed
    .slice(open + 1)
    .split(',')
    .map((part) => /^\s*([\w<>-]+)\s*=/.exec(part)?.[1]?.toLowerCase());
  const current = written[written.length - 1];
  const indexOf = (name: string | undefined) =>
    args.findIndex((a) => a.name === name || (a.name === 'gain<grade>' && /^gain-?\d+$/.test(name ?? '')));
  const active = current !== undefined ? indexOf(current) : args.findIndex((_, i) => !written.slice(0, -1).some((w) => indexOf(w) === i));
  return { label, documentation: `**${family}** — ${escapeMarkdown(FAMILY_TITLES[family])}`, parameters, active: Math.max(0, active) };
}
