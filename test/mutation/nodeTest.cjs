// Mutation testing runs the unit tests under Mocha, because Stryker's Mocha runner measures coverage
// per test and runs them in one process (its tap runner starts a process per test file, hours for
// shared/ on two cores). The tests import describe/it from node:test; here node:test resolves to
// Mocha's functions of the same meaning. Used only by stryker.config.mjs, never by npm test.
const Module = require('node:module');

// Property tests try a tenth of their random inputs here (test/helpers/propertyRuns.ts).
process.env.RANKLENS_PROPERTY_SCALE = '0.1';

// Tests with a wall-clock bound: instrumented code runs several times slower, so under Stryker they
// would fail without any mutant. They guard complexity, not values; they are left out of this run only.
const TIMED = new Set([
  'stays linear on lines without spaces (the fast path remembers its last search)',
  'too-many-aliases: a billion laughs stops at 100,000 copied nodes',
]);
const it = (name, fn) => (TIMED.has(name) ? global.it.skip(name, fn) : global.it(name, fn));

const mochaTest = {
  describe: (name, fn) => global.describe(name, fn),
  it,
  test: it,
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
