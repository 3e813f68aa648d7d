// One jest run, two projects: the UI (jsdom, inside the real Chakra provider) and the API (node, app.inject).
const { availableParallelism } = require('node:os');

const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx: true },
      transform: { react: { runtime: 'automatic' } },
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

/** @type {import('jest').Config} */
module.exports = {
  // Jest's default, one worker fewer than the cores, runs a 2-core CI machine's suites one after another in a single
  // process while the other core waits: at least two workers (the parent process only hands out files).
  maxWorkers: Math.max(2, availableParallelism() - 1),
  projects: [
    {
      displayName: 'ui',
      testEnvironment: 'jsdom',
      roots: [
        '<rootDir>/mf-shared/src',
        '<rootDir>/shell/src',
        '<rootDir>/mf-auth/src',
        '<rootDir>/mf-participant/src',
        '<rootDir>/mf-cms/src',
      ],
      testMatch: ['**/__tests__/**/*.test.ts?(x)'],
      // The modules every build replaces by what they compute are replaced here too (scripts/webpack/jest-transform.cjs).
      transform: {
        'mf-shared/src/ui/global-css\\.ts$|\\.parts\\.ts$': ['<rootDir>/scripts/webpack/jest-transform.cjs', swc[1]],
        '^.+\\.(t|j)sx?$': swc,
      },
      setupFilesAfterEnv: ['<rootDir>/jest.setup.ts'],
      moduleNameMapper: { '\\.(css|png|svg|pdf|wasm)$': '<rootDir>/jest.asset-stub.js' },
    },
    {
      displayName: 'api',
      // Loads PGlite and light-my-request outside Jest's module sandbox (see the file for why).
      testEnvironment: '<rootDir>/api/test/support/node-environment.cjs',
      roots: ['<rootDir>/api/test', '<rootDir>/api/src'],
      testMatch: ['**/*.test.ts'],
      transform: { '^.+\\.(t|j)sx?$': swc },
      // ESM only: the copy that the environment loaded outside the sandbox (see node-environment.cjs).
      moduleNameMapper: { '^pg-boss$': '<rootDir>/api/test/support/pg-boss.cjs' },
    },
  ],
};
