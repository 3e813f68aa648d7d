// Two libraries cannot load inside Jest's module sandbox on Node 20: PGlite loads its WebAssembly with dynamic
// import() (which needs --experimental-vm-modules) and light-my-request, behind app.inject, requires the ESM-only
// cookie 2. A test environment is loaded by Node itself, outside the sandbox, so it loads both here and hands them
// to the tests (see outer-modules.ts). jest.config.js makes it the environment of the api project. pg-boss is ESM
// only, which Node 22 requires natively but Jest's sandbox cannot: Node loads it here too, and jest.config.js maps
// the name to pg-boss.cjs, which hands this copy to the code under test.
const { TestEnvironment } = require('jest-environment-node');

module.exports = class OuterModulesEnvironment extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    this.global.__especificaOuter = {
      PGlite: require('@electric-sql/pglite').PGlite,
      pgliteExtensions: {
        pg_trgm: require('@electric-sql/pglite/contrib/pg_trgm').pg_trgm,
        unaccent: require('@electric-sql/pglite/contrib/unaccent').unaccent,
      },
      lightMyRequest: require('light-my-request'),
      pgBoss: require('pg-boss'),
    };
  }
};
