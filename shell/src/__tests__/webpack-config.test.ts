import { readFileSync } from 'node:fs';
import path from 'node:path';

// The one webpack configuration of the shell and the remotes (scripts/webpack/config.cjs), read as webpack reads it.
const root = path.resolve(__dirname, '../../..');
const { makeConfig } = require(path.join(root, 'scripts/webpack/config.cjs'));
const configFor = (mode: string) =>
  makeConfig({ dir: path.join(root, 'shell'), name: 'shell', entry: './src/index.ts', mode });

describe('the webpack configuration', () => {
  it('bundles React Router’s production build in production, without its development warnings', () => {
    const { alias } = configFor('production').resolve;
    for (const request of ['react-router$', 'react-router/dom$']) {
      const source = readFileSync(alias[request], 'utf8');
      expect(alias[request]).toContain(`${path.sep}production${path.sep}`);
      // The entry and the chunks it imports are the production ones, which turn the warnings off.
      const chunks = [...source.matchAll(/from "\.\/(chunk-[A-Z0-9]+\.mjs)"/g)].map((match) => match[1] as string);
      expect(chunks.length).toBeGreaterThan(0);
      const flags = chunks.map((chunk) => readFileSync(path.join(path.dirname(alias[request]), chunk), 'utf8'));
      expect(flags.some((chunk) => chunk.includes('var ENABLE_DEV_WARNINGS = false;'))).toBe(true);
      expect(flags.some((chunk) => chunk.includes('var ENABLE_DEV_WARNINGS = true;'))).toBe(false);
    }
  });

  it('keeps the development build, with its warnings, in development', () => {
    const { alias } = configFor('development').resolve;
    expect(alias['react-router$']).toBeUndefined();
    expect(alias['react-router/dom$']).toBeUndefined();
  });

  it("works out each of the federation runtime's version checks once, in the file the build takes", () => {
    const { rules } = configFor('production').module;
    const semver = path.join(root, 'node_modules/@module-federation/runtime-core/dist/utils/semver/index.js');
    const rule = rules.find(
      (one: { test: RegExp; exclude?: RegExp }) => one.test.test(semver) && !one.exclude?.test(semver),
    );
    expect(rule?.use).toBe(path.join(root, 'scripts/webpack/semver-memo-loader.cjs'));
    const loader = require(rule.use);
    const source = readFileSync(semver, 'utf8');
    const memoized = loader.call({ resourcePath: semver }, source) as string;
    // One satisfy, the memo's, in front of the runtime's own, which still does the work.
    expect(memoized.match(/function satisfy\(/g)).toHaveLength(1);
    expect(memoized).toContain('function satisfyOnce(version, range) {');
    expect(memoized).toContain('answer = satisfyOnce(version, range);');
    expect(memoized.length).toBeGreaterThan(source.length);
    expect(() => loader.call({ resourcePath: semver }, source.replace('function satisfy(', 'function check('))).toThrow(
      /check the federation runtime/,
    );
  });
});
