/**
 * docs/reference/measures.md: every measure family with its names, from shared/core/metricNames.ts,
 * and trec_eval's measures and nicknames, from shared/core/trecEvalNames.ts.
 */
import {
  ALIASES,
  DEFAULT_FAMILIES,
  FAMILIES,
  FAMILY_PARAM,
  FAMILY_TITLES,
  Family,
  MetricSpec,
  TAKES_CUTOFF,
  TAKES_NO_CUTOFF,
  UTILITY_DEFAULT,
  aggregationOf,
  metricName,
  parseMetricName,
} from '../../shared/core/metricNames';
import { TREC_MEASURES, TREC_NICKNAMES, TrecMeasure, trecEvalName } from '../../shared/core/trecEvalNames';
import { code, codes, page, table } from './markdown';

/** Whether the family takes a level after @ (IPrec@0.5) rather than a cutoff. */
function takesLevel(family: Family): boolean {
  const parsed = parseMetricName(`${family}@0.5`);
  return parsed.ok && parsed.param === 0.5;
}

function cutoffText(family: Family): string {
  if (takesLevel(family)) return 'a level: `@0.5`';
  const withK = TAKES_CUTOFF.has(family);
  const without = TAKES_NO_CUTOFF.has(family);
  return withK && without ? '`@k` or none' : withK ? '`@k`' : 'none';
}

function parameterText(family: Family): string {
  if (family === 'Utility')
    return `${['a', 'b', 'c', 'd']
      .map((n, i) => `${n}=${UTILITY_DEFAULT[i]}`)
      .map(code)
      .join(', ')}`;
  if (family === 'nDCG') return '`gain<grade>=<gain>`, e.g. `nDCG(gain1=3,gain2=9)`';
  const param = FAMILY_PARAM[family];
  if (!param || takesLevel(family)) return '—';
  return Number.isNaN(param.default) ? `${code(`${param.name}=…`)} (optional)` : code(`${param.name}=${param.default}`);
}

function aliasesOf(family: Family): string {
  const names = Object.entries(ALIASES)
    .filter(([name, f]) => f === family && name !== family.toLowerCase())
    .map(([name]) => name);
  return names.length > 0 ? codes(names) : '—';
}

// One measure of trec_eval's table written as a Ranklens spec: its first default cutoff, level or parameter.
function exampleSpec(m: TrecMeasure): MetricSpec {
  const first = m.defaults?.[0];
  if (m.kind === 'cutoffs' && first !== undefined) return { family: m.family, k: first };
  if (m.kind === 'levels' && first !== undefined) return { family: m.family, k: null, param: first };
  return { family: m.family, k: null };
}

function trecParameters(m: TrecMeasure): string {
  const defaults = m.defaults?.join(', ');
  switch (m.kind) {
    case 'single':
      return '—';
    case 'cutoffs':
      return `cutoffs (default ${defaults})`;
    case 'levels':
      return `levels (default ${defaults})`;
    case 'params':
      return `parameters (default ${defaults})`;
    case 'pairs':
      return '`p=` (default 0.9)';
  }
}

/** The page's text. */
export function measuresPage(): string {
  const familyRows = FAMILIES.map((f) => [code(f), FAMILY_TITLES[f], cutoffText(f), parameterText(f), aggregationOf(f), aliasesOf(f)]);
  const sets = Object.keys(TREC_NICKNAMES);
  const trecRows = TREC_MEASURES.map((m) => {
    const spec = exampleSpec(m);
    const printed = [m.summaryOnly ? 'summary only' : '', m.long ? 'a whole number' : ''].filter((s) => s !== '').join(', ');
    return [
      code(m.name),
      code(m.family),
      trecParameters(m),
      `${code(metricName(spec))} ↔ ${code(trecEvalName(spec)?.name ?? '?')}`,
      printed || '—',
      ...sets.map((s) => (TREC_NICKNAMES[s].includes(m.name) ? '✓' : '')),
    ];
  });
  const nicknames = sets.map((s) => `- ${code(s)}: ${codes(TREC_NICKNAMES[s])}`);
  return page(
    'Measures and their names',
    ['shared/core/metricNames.ts', 'shared/core/trecEvalNames.ts'],
    [
      'Every measure is a family, written with its cutoff (`P@5`), its level (`IPrec@0.5`) or its parameters in ' +
        "ir_measures' style (`RBP(p=0.8)`, `P(rel=2)@10`: every family takes `rel=g`, which makes grade ≥ g the " +
        'relevant ones for that metric alone). Names are case-insensitive; a cutoff may also be written `.5` or `_5`, ' +
        'as trec_eval does; in a fixture, `@k` means every cutoff of the fixture. ' +
        `A fixture that names no metrics computes ${codes(DEFAULT_FAMILIES)}. ` +
        "The run figure is how a family's per-case values become one number: their mean, their sum (counts) or " +
        'their geometric mean (values floored at 0.00001). [Conventions and measures](../guide/conventions.md#measures) ' +
        'gives each formula.',
      '## Families',
      table(['Ranklens', 'what it is', 'cutoff', 'parameters', 'run figure', 'aliases'], familyRows),
      "## trec_eval's names",
      "trec_eval's measures in the order it prints them, the family each computes, and one name in both spellings. " +
        "`ranklens trec` prints these names under the `trec_eval` convention and reads them in `-m`, with trec_eval's " +
        'parameters (`P.5,10`, `iprec_at_recall..25,.5`, `utility.2,-1,0,0`, `ndcg.1=3,2=9`); fixtures and `--metrics` ' +
        `read the printed forms (\`P_5\`, \`ndcg_cut.10\`). The last columns mark the measures of each set ${codes(sets)}.`,
      table(['trec_eval', 'family', 'parameters', 'example', 'printed', ...sets.map(code)], trecRows),
      '## Sets (`-m` nicknames)',
      `\`runid\` is printed first by each set, and \`relstring\` (the relevance of the first ranks) by \`all_trec\`; neither is a measure.\n\n${nicknames.join('\n')}`,
    ],
  );
}
