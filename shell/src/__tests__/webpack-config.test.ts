import { readFileSync } from 'node:fs';
import path from 'node:path';

// The one webpack configuration of the shell and the remotes (scripts/webpack/config.cjs), read as webpack reads it.
const root = path.resolve(__dirname, '../../..');
const { makeConfig } = require(path.join(root, 'scripts/webpack/config.cjs'));
const configFor = (mode: string) =>
  makeConfig({ dir: path.join(root, 'shell'), name: 'shell', entry: './src/index.ts', mode });

describe('the webpack configuration', () => {
  it('builds the same code in development and in production', () => {
    const loadersOf = (mode: string) =>
      configFor(mode).module.rules.map((rule: { test: RegExp; use: unknown }) => [String(rule.test), rule.use]);
    expect(loadersOf('development')).toEqual(loadersOf('production'));
    expect(configFor('development').resolve.alias).toEqual(configFor('production').resolve.alias);
  });

  it('edits no dependency: their changes are patches applied at install (patches/)', () => {
    const rules = configFor('production').module.rules as { test: RegExp; use: unknown; exclude?: RegExp }[];
    const inDependency = path.join(root, 'node_modules/@chakra-ui/react/dist/esm/styled-system/system.js');
    expect(rules.filter((rule) => rule.test.test(inDependency) && typeof rule.use === 'string')).toEqual([]);
    const { postinstall } = JSON.parse(readFileSync(path.join(root, 'package.json'), 'utf8')).scripts;
    expect(postinstall).toMatch(/^patch-package\b/);
  });
});
