// @ts-nocheck
// Mocha settings for mutation testing (see nodeTest.cjs): the in-process unit tests, compiled by tsc.
module.exports = {
  spec: ['out/test/{core,fixture,evaluation,curves,trec,inference,stats,server}/*.test.js'],
  require: [require.resolve('./nodeTest.cjs')],
  timeout: 60000,
};
