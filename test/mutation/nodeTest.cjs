// Mutation testing runs the unit tests under Mocha, because Stryker's Mocha runner measures coverage
// per test and runs them in one process (its tap runner starts a process per test file, hours for
// shared/ on two cores). The tests import describe/it from node:test; here node:test resolves to
// Mocha's functions of the same meaning. Used only by stryker.config.mjs, never by npm test.
const Module = require('node:module');

const mochaTest = {
  describe: (name, fn) => global.describe(name, fn),
  it: (name, fn) => global.it(name, fn),
  test: (name, fn) => global.it(name, fn),
  before: (fn) => global.before(fn),
  after: (fn) => global.after(fn),
  beforeEach: (fn) => global.beforeEach(fn),
  afterEach: (fn) => global.afterEach(fn),
};

const load = Module._load;
Module._load = function (request, parent, isMain) {
  if (request === 'node:test') return mochaTest;
  return load.call(this, request, parent, isMain);
};
