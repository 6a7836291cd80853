/** Which files are fixtures, and the one entry point that parses either syntax. */
import { globToRegExp } from './glob';
import { DEFAULT_LIMITS, FixtureLimits } from './fixtureLimits';
import { FixtureDocument } from './fixtureModel';
import { parseJsonFixture } from './jsonFixture';
import { parseYamlFixture } from './yamlFixture';

export type FixtureLanguage = 'json' | 'yaml';

/** The file names recognized without configuration. */
export const DEFAULT_FIXTURE_PATTERNS: readonly string[] = ['*.rank.json', '*.rank.yaml', '*.rank.yml'];

/**
 * The syntax of a fixture file, or undefined when the path is not a fixture. extraPatterns are the
 * user's globs (*, **, ?, {a,b}); a pattern without "/" matches the file name, one with "/" the end
 * of the path. The syntax comes from the extension: .json/.jsonc are JSON, .yaml/.yml YAML.
 */
export function fixtureLanguage(path: string, extraPatterns: readonly string[] = []): FixtureLanguage | undefined {
  const normalized = path.replace(/\\/g, '/');
  const language = /\.jsonc?$/i.test(normalized) ? 'json' : /\.ya?ml$/i.test(normalized) ? 'yaml' : undefined;
  if (!language) return undefined;
  return [...DEFAULT_FIXTURE_PATTERNS, ...extraPatterns].some((p) => globMatches(p, normalized)) ? language : undefined;
}

/** Parses fixture text of either syntax. */
export function parseFixture(text: string, language: FixtureLanguage, limits: FixtureLimits = DEFAULT_LIMITS): FixtureDocument {
  return language === 'json' ? parseJsonFixture(text, limits) : parseYamlFixture(text, limits);
}

function globMatches(pattern: string, path: string): boolean {
  const p = pattern.replace(/\\/g, '/').replace(/^\.\//, '');
  // File-name patterns ignore case: *.rank.json also names Data.RANK.JSON.
  const re = globToRegExp(p, true);
  if (!p.includes('/')) return re.test(path.slice(path.lastIndexOf('/') + 1));
  // "fixtures/*.json" matches ".../fixtures/a.json"; "**/" may also match nothing.
  return re.test(path) || new RegExp(`/${re.source.slice(1)}`).test(path);
}

