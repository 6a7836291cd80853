// Mocha settings for mutation testing (see nodeTest.cjs): the in-process unit tests, compiled by tsc.
// MUTATION_SPEC (comma-separated globs) narrows the tests, e.g. to out/test/cli-unit/*.test.js,out/test/server/*.test.js when
// only cli/ and server/ are mutated: the other folders' tests never reach them, and the dry run is shorter.
module.exports = {
  spec: process.env.MUTATION_SPEC ? process.env.MUTATION_SPEC.split(',') : ['out/test/{core,fixture,evaluation,curves,trec,inference,stats,text,server,cli-unit}/*.test.js'],
  require: [require.resolve('./nodeTest.cjs')],
  timeout: 60000,
};
