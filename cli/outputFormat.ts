/**
 * --format, the one option every command reads its output format from (--json is --format json).
 * Each command names the formats it writes; any other is refused in one line that says why and
 * what the command writes instead.
 */
import { UsageError } from './usage';

export const OUTPUT_FORMATS = ['text', 'json', 'markdown', 'latex', 'csv', 'junit', 'sarif', 'github'] as const;
export type OutputFormat = (typeof OUTPUT_FORMATS)[number];

/** The option definitions parseArgs takes for --format and --json. */
export const FORMAT_OPTIONS = {
  format: { type: 'string' },
  json: { type: 'boolean' },
} as const;

/** Why the formats that are not tables have nothing to write for a command that is no check. */
const CHECK_ONLY = 'junit, sarif and github report the findings of checked fixtures (ranklens check)';

/**
 * The format of --format (default text) or --json, one of `writes`; a UsageError for an unknown
 * format, one this command does not write (with `why`, or the default reason), or --json beside
 * another --format.
 */
export function outputFormat<T extends OutputFormat>(
  command: string,
  values: { format?: string; json?: boolean },
  writes: readonly T[],
  why: Partial<Record<OutputFormat, string>> = {},
): T {
  if (values.json && values.format !== undefined && values.format !== 'json')
    throw new UsageError(`--json is --format json; it cannot go with --format ${values.format}.`);
  const format = values.json ? 'json' : (values.format ?? 'text');
  const list = `${writes.slice(0, -1).join(', ')} or ${writes[writes.length - 1]}`;
  if (!(OUTPUT_FORMATS as readonly string[]).includes(format))
    throw new UsageError(`Unknown format "${format}"; ${command} writes ${list}.`);
  if (!(writes as readonly string[]).includes(format)) {
    const reason = why[format as OutputFormat] ?? (['junit', 'sarif', 'github'].includes(format) ? CHECK_ONLY : undefined);
    throw new UsageError(`${command} does not write ${format}${reason ? `: ${reason}` : ''}; it writes ${list}.`);
  }
  return format as T;
}
