import type { PGlite, PGliteOptions } from '@electric-sql/pglite';

interface OuterModules {
  PGlite: typeof PGlite;
  pgliteExtensions: Record<string, unknown>;
  lightMyRequest: unknown;
}

function outer(): OuterModules {
  const modules = (globalThis as { __especificaOuter?: OuterModules }).__especificaOuter;
  if (!modules) {
    throw new Error(
      'API tests run in api/test/support/node-environment.cjs (set as the api project environment in jest.config.js)',
    );
  }
  return modules;
}

/** PGlite as Node loaded it (see node-environment.cjs). */
export const outerPGlite = (): typeof PGlite => outer().PGlite;

/** The PGlite extensions the migrations need (db/client.ts's pgliteExtensions), as Node loaded them. */
export const outerPgliteExtensions = () => outer().pgliteExtensions as PGliteOptions['extensions'];

// Fastify requires light-my-request the first time app.inject runs: hand it the copy that Node loaded.
jest.mock('light-my-request', () => outer().lightMyRequest);
