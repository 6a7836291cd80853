/** Command-line values, and the mistakes in them: reported in one line with a pointer to --help, exit code 2. */
import { findPreset, PRESET_NAMES, resolveConvention, ResolvedConvention } from '../shared/core';

export class UsageError extends Error {}

/**
 * Exit codes: 0 clean, 1 an error finding (or a failed expectation), 2 a usage or input problem; 141
 * when the reader of the output went away first (`| head`): 128 + SIGPIPE, the status a shell gives
 * coreutils and trec_eval there (Node ignores SIGPIPE, so the process says it itself).
 */
export const EXIT = { ok: 0, findings: 1, usage: 2, brokenPipe: 141 } as const;

/** Parses a positive whole number option, or throws a UsageError naming it. */
export function positiveInt(name: string, text: string | undefined): number | undefined {
  if (text === undefined) return undefined;
  if (!/^\d+$/.test(text) || Number(text) < 1) throw new UsageError(`${name} takes a whole number ≥ 1, not "${text}".`);
  return Number(text);
}

/** A preset named on the command line ("trec_eval", "trec-eval", "spark", …), or a UsageError listing the presets. */
export function conventionOption(name: string): ResolvedConvention {
  const preset = findPreset(name);
  if (!preset) throw new UsageError(`Unknown convention "${name}"; presets: ${PRESET_NAMES.join(', ')}.`);
  return resolveConvention(preset).resolved;
}
