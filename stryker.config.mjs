// Mutation testing (npm run mutation): StrykerJS over the in-process unit tests, run by Mocha with
// node:test mapped onto it (test/mutation/nodeTest.cjs), so that coverage is known per test and a
// mutant runs only the tests that reach it. MUTATE (comma-separated globs) narrows the run, e.g.
// MUTATE=shared/core/metrics/precision.ts npm run mutation.
// Left out of the default run, each for its reason in docs/dev/mutation.md: the server's
// wiring and platform files, which need a live LSP connection (or a web worker) to load at all.
const EXCLUDED = ['!server/main.ts', '!server/platform.ts', '!server/platform.browser.ts'];
// MUTATION_REPORT names the JSON report (the HTML one sits next to it), so that one run per folder keeps
// its own: npm run mutation:summary reads several at once.
const report = process.env.MUTATION_REPORT ?? 'reports/mutation/mutation.json';
const mutate = process.env.MUTATE
  ? [...process.env.MUTATE.split(','), ...EXCLUDED]
  : ['shared/**/*.ts', 'cli/**/*.ts', 'server/**/*.ts', ...EXCLUDED];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'mocha',
  plugins: ['@stryker-mutator/mocha-runner'],
  mochaOptions: { config: 'test/mutation/mocharc.cjs' },
  mutate,
  buildCommand: 'npx tsc -p tsconfig.json',
  coverageAnalysis: 'perTest',
  // A static mutant (code that runs when a module loads: PRESETS, KNOBS, message tables) needs the
  // whole suite on a fresh load, about 3 minutes a mutant here; they are counted and reported as
  // Ignored (npm run mutation:summary lists them), not run.
  ignoreStatic: true,
  ignorePatterns: ['out', 'dist', '*.vsix', 'test-results', '.vscode-test', 'reports'],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json', 'html'],
  jsonReporter: { fileName: report },
  htmlReporter: { fileName: report.replace(/\.json$/, '.html') },
  clearTextReporter: { allowColor: false, logTests: false, reportScoreTable: true },
  concurrency: 2,
  // The dry run measures per-test coverage of instrumented code: minutes on two busy cores.
  dryRunTimeoutMinutes: 30,
  thresholds: { high: 85, low: 75, break: null },
  tempDirName: '.stryker-tmp-mocha',
  cleanTempDir: 'always',
};
