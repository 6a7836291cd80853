/** docs/reference/conventions.md: every knob and every preset's settings, from shared/core/conventions.ts. */
import {
  COMPARED_PRESETS,
  DEFAULT_PRESET,
  KNOBS,
  KnobInfo,
  LIBRARY_PRESETS,
  PRESET_NAMES,
  PRESETS,
  PRESET_SOURCES,
  RENAMED_PRESETS,
} from '../../shared/core/conventions';
import { code, codes, page, table } from './markdown';

/** The values a knob takes, as the page writes them. */
function knobValues(knob: KnobInfo): string {
  // relevanceThreshold takes any finite number besides its named values.
  return knob.name === 'relevanceThreshold' ? `a number · ${codes(knob.values)}` : codes(knob.values);
}

/** The page's text. */
export function conventionsPage(): string {
  const knobRows = KNOBS.map((k) => [code(k.name), knobValues(k), k.affects, k.description]);
  const presetRows = KNOBS.map((k) => [code(k.name), ...COMPARED_PRESETS.map((p) => String(PRESETS[p][k.name]))]);
  const libraryRows = LIBRARY_PRESETS.map((p) => [code(p), PRESET_SOURCES[p]]);
  const differences = PRESET_NAMES.filter((p) => p !== DEFAULT_PRESET).map((p) => {
    const changed = KNOBS.filter((k) => PRESETS[p][k.name] !== PRESETS[DEFAULT_PRESET][k.name]).map(
      (k) => `${k.name}: ${PRESETS[p][k.name]}`,
    );
    return `- ${code(p)}: ${changed.length > 0 ? changed.map(code).join(', ') : `the same as ${code(DEFAULT_PRESET)}`}`;
  });
  return page(
    'Presets and knobs',
    ['shared/core/conventions.ts'],
    [
      'Every number is computed under one convention: a plain object of knobs. A preset is a named convention. A ' +
        'fixture names a preset (`convention: trec_eval`) or a preset and the knobs it sets differently ' +
        '(`convention: { preset: ranx, gain: exponential }`); preset names are case-insensitive. ' +
        '[Conventions and measures](../guide/conventions.md) tells what each preset reproduces, and where.',
      '## Knobs',
      table(['knob', 'values', 'affects', 'what it decides'], knobRows),
      '## Presets',
      `The presets, in the order reports list them: ${codes(PRESET_NAMES)}. A fixture that names no convention, ` +
        `\`ranklens check\` without \`--convention\` and the \`ranklens.defaultConvention\` setting use ${code(DEFAULT_PRESET)}. ` +
        `Old names still read, with a \`renamed-preset\` warning: ${Object.entries(RENAMED_PRESETS)
          .map(([from, to]) => `${code(from)} is ${code(to)}`)
          .join(', ')}.`,
      table(['knob', ...COMPARED_PRESETS.map(code)], presetRows),
      "The library presets are trec_eval's convention with the knobs listed in the next section; each follows the " +
        'source named here (repository, file, lines and the commit read).',
      table(['library preset', 'read in'], libraryRows),
      `## What each preset sets differently from ${code(DEFAULT_PRESET)}`,
      differences.join('\n'),
    ],
  );
}
