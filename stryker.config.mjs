// Mutation testing (npm run mutation): StrykerJS with its tap runner over node's test runner.
// Each compiled test file is one "test" to Stryker; per-file coverage picks the files that reach a mutant.
// MUTATE (comma-separated globs) narrows the run, e.g. MUTATE=shared/core/metrics/precision.ts.
const mutate = process.env.MUTATE ? process.env.MUTATE.split(',') : ['shared/**/*.ts'];

/** @type {import('@stryker-mutator/api/core').PartialStrykerOptions} */
export default {
  testRunner: 'tap',
  plugins: ['@stryker-mutator/tap-runner'],
  mutate,
  buildCommand: 'npx tsc -p tsconfig.json',
  tap: {
    testFiles: [
      'out/test/{core,fixture,evaluation,curves,trec,inference,stats,server}/*.test.js',
    ],
    nodeArgs: ['--test-reporter=tap', '-r', '{{hookFile}}', '{{testFile}}'],
  },
  coverageAnalysis: 'perTest',
  ignorePatterns: ['out', 'dist', '*.vsix', 'test-results', '.vscode-test', 'reports'],
  incremental: true,
  incrementalFile: 'reports/stryker-incremental.json',
  reporters: ['clear-text', 'progress', 'json'],
  jsonReporter: { fileName: 'reports/mutation/mutation.json' },
  concurrency: 2,
  timeoutMS: 5000,
  thresholds: { high: 85, low: 75, break: null },
  tempDirName: '.stryker-tmp',
  cleanTempDir: 'always',
};
