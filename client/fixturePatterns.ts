/**
 * The fixture file names, as shared/parseFixture.ts knows them. Copied rather than imported so the
 * client bundle stays free of the parsers (and the yaml package); a protocol test keeps them equal.
 */
export const FIXTURE_PATTERNS: readonly string[] = ['*.rank.json', '*.rank.yaml', '*.rank.yml'];
