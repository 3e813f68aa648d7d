import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { SystemContext } from '@chakra-ui/react';

// The production build gives Chakra's createSystem its steps (scripts/webpack/chakra-steps-loader.cjs), which the
// kit runs one per task. Checked here on the installed Chakra's own files, edited as the build edits them.
const root = path.resolve(__dirname, '../../../..');
const loaders = path.join(root, 'scripts/webpack');
const stepsLoader = require(path.join(loaders, 'chakra-steps-loader.cjs'));
const styledSystem = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json', { paths: [root] })),
  'dist/esm/styled-system',
);
const { makeConfig } = require(path.join(loaders, 'config.cjs'));

type Stepped = ((...configs: unknown[]) => SystemContext) & {
  steps: (...configs: unknown[]) => Generator<void, SystemContext>;
};
interface Built {
  createSystem: Stepped;
  configs: unknown[];
}

/**
 * Chakra's ESM and this system's configuration in one script, edited by the build's loaders. esbuild bundles it in a
 * process of its own (it refuses jsdom's TextEncoder).
 */
function bundleAsBuilt(): Built {
  const bundler = `
    const { readFileSync } = require('node:fs');
    const path = require('node:path');
    const { build } = require('esbuild');
    const stepsLoader = require(${JSON.stringify(path.join(loaders, 'chakra-steps-loader.cjs'))});
    const systemLoader = require(${JSON.stringify(path.join(loaders, 'chakra-system-loader.cjs'))});
    const entry = "import { createSystem, defaultBaseConfig } from '@chakra-ui/react';" +
      "import { chakraTheme, systemConfig } from './mf-shared/src/ui/system';" +
      "export { createSystem }; export const configs = [defaultBaseConfig, chakraTheme, systemConfig];";
    const asBuilt = { name: 'as-built', setup(on) {
      on.onLoad({ filter: /styled-system[\\/](system|token-dictionary)\\.js$/ }, ({ path: file }) => {
        let source = readFileSync(file, 'utf8');
        if (path.basename(file) === 'system.js') source = systemLoader.call({ resourcePath: file }, source);
        return { contents: stepsLoader.call({ resourcePath: file }, source), loader: 'js' };
      });
    } };
    build({ stdin: { contents: entry, resolveDir: process.cwd(), loader: 'ts' }, bundle: true, platform: 'node',
      format: 'cjs', write: false, mainFields: ['module', 'main'], logLevel: 'silent',
      alias: { '@especifica/mf-shared': path.join(process.cwd(), 'mf-shared/src') }, plugins: [asBuilt] })
      .then((result) => process.stdout.write(result.outputFiles[0].text));`;
  const code = execFileSync(process.execPath, ['-e', bundler], { cwd: root, maxBuffer: 64 * 1024 * 1024 }).toString();
  const module = { exports: {} as Built };
  new Function('module', 'exports', 'require', code)(module, module.exports, require);
  return module.exports;
}

const tokensOf = (system: SystemContext) =>
  system.tokens.allTokens.map((token) => [token.name, token.value, token.extensions.cssVar?.ref]);

describe("Chakra's createSystem in steps, as built", () => {
  let built: Built;
  beforeAll(() => {
    built = bundleAsBuilt();
  }, 60_000);

  it('is edited in the two files the production build takes, and only there', () => {
    const applies = (mode: string) =>
      ['system.js', 'token-dictionary.js'].map((file) =>
        makeConfig({ dir: path.join(root, 'shell'), name: 'shell', entry: './src/index.ts', mode })
          .module.rules.filter((rule: { test: RegExp }) => rule.test.test(path.join(styledSystem, file)))
          .some((rule: { use: string }) => rule.use === path.join(loaders, 'chakra-steps-loader.cjs')),
      );
    expect(applies('production')).toEqual([true, true]);
    expect(applies('development')).toEqual([false, false]);
  });

  it('pauses between its steps, and its system is the one Chakra makes in one call', () => {
    const steps = built.createSystem.steps(...built.configs);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Before the dictionary, five in it, around the utilities.
    expect(pauses).toBe(8);
    const stepped = step.value;
    const whole: SystemContext = jest.requireActual('@chakra-ui/react').createSystem(...built.configs);
    expect(tokensOf(stepped)).toEqual(tokensOf(whole));
    expect(tokensOf(stepped).length).toBeGreaterThan(500);
    const style = { color: 'primary.600', px: '4', _hover: { bg: 'colorPalette.subtle' }, md: { fontSize: 'lg' } };
    expect(stepped.css(style)).toEqual(whole.css(style));
    expect(stepped.token('colors.primary.600')).toBe(whole.token('colors.primary.600'));
    const button = { size: 'sm', variant: 'outline' };
    expect(stepped.getRecipeFn('button')(button)).toEqual(whole.getRecipeFn('button')(button));
    // createSystem itself still answers at once, the same system.
    expect(tokensOf(built.createSystem(...built.configs))).toEqual(tokensOf(whole));
  });

  it('stops the build when Chakra changes a line it edits', () => {
    for (const file of ['system.js', 'token-dictionary.js']) {
      const resourcePath = path.join(styledSystem, file);
      const source = readFileSync(resourcePath, 'utf8');
      expect(() => stepsLoader.call({ resourcePath }, source)).not.toThrow();
      const changed = source.replace(/function (createSystem|createTokenDictionary)\(/, 'function renamed(');
      expect(() => stepsLoader.call({ resourcePath }, changed)).toThrow(/check Chakra's/);
    }
  });
});
