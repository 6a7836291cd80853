/**
 * Limits that keep a broken or hostile fixture from taking the tooling down: past them the parser
 * stops with a finding instead of spending unbounded time, memory or stack.
 */
import { LocatedFinding } from './fixtureModel';

export interface FixtureLimits {
  /** Longest JSON text read, in UTF-16 code units (about bytes for ASCII). */
  maxJsonLength: number;
  /**
   * Longest YAML text read. The `yaml` package needs about 1 s per MB on block-style fixtures and
   * several times that on dense flow style, so YAML gets a much smaller cap than JSON.
   */
  maxYamlLength: number;
  /** Deepest nesting of lists and mappings; a fixture needs 5 levels. Deeper values are dropped. */
  maxDepth: number;
  /** Most nodes YAML aliases may add to one file (each use of *anchor copies its nodes). */
  maxAliasNodes: number;
}

const MB = 1024 * 1024;

export const DEFAULT_LIMITS: Readonly<FixtureLimits> = {
  maxJsonLength: 16 * MB,
  maxYamlLength: 2 * MB,
  maxDepth: 64,
  maxAliasNodes: 100_000,
};

/** The file-too-large finding for a text past its cap, or undefined when the text is within it. */
export function sizeFinding(text: string, language: 'json' | 'yaml', limits: FixtureLimits): LocatedFinding | undefined {
  const max = language === 'json' ? limits.maxJsonLength : limits.maxYamlLength;
  if (text.length <= max) return undefined;
  const firstLine = text.indexOf('\n');
  const name = language.toUpperCase();
  const advice = language === 'yaml' ? ` Split it into several files, or write it as JSON (read up to ${megabytes(limits.maxJsonLength)}).` : ' Split it into several files.';
  const shown = (text.length / MB).toFixed(1);
  const size = Number(shown) <= max / MB ? `just over ${megabytes(max)}` : `${shown} MB`;
  return {
    code: 'file-too-large', severity: 'error',
    span: { start: 0, end: firstLine < 0 ? Math.min(text.length, 200) : firstLine },
    message: `This ${name} fixture is ${size}; Ranklens reads ${name} fixtures up to ${megabytes(max)}, so nothing in it is evaluated.${advice}`,
  };
}

function megabytes(length: number): string {
  const mb = length / MB;
  return `${Number.isInteger(mb) ? mb : mb.toFixed(1)} MB`;
}
