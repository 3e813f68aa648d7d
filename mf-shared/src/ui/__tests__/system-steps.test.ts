import { readFileSync } from 'node:fs';
import path from 'node:path';
import { createSystem, defaultBaseConfig, type SystemContext } from '@chakra-ui/react';
import { chakraTheme, systemConfig } from '../system';

// Chakra's createSystem has its steps, `createSystem.steps`, by a patch applied at install
// (patches/@chakra-ui+react+*+create-system-steps.patch), which the kit runs one per task. The same patch edits the
// CommonJS build jest runs here and the ES module build webpack bundles.
const root = path.resolve(__dirname, '../../../..');
const chakra = path.dirname(require.resolve('@chakra-ui/react/package.json', { paths: [root] }));

type Stepped = typeof createSystem & { steps: (...configs: unknown[]) => Generator<void, SystemContext> };
const configs = [defaultBaseConfig, chakraTheme, systemConfig];
const tokensOf = (system: SystemContext) =>
  system.tokens.allTokens.map((token) => [token.name, token.value, token.extensions.cssVar?.ref]);

describe("Chakra's createSystem in steps", () => {
  it('is in both of the builds Chakra publishes', () => {
    for (const file of ['esm/styled-system/system.js', 'cjs/styled-system/system.cjs']) {
      expect(readFileSync(path.join(chakra, 'dist', file), 'utf8')).toContain(
        'createSystem.steps = createSystemSteps;',
      );
    }
  });

  it('pauses between its steps, and its system is the one Chakra makes in one call', () => {
    const steps = (createSystem as Stepped).steps(...configs);
    let pauses = 0;
    let step = steps.next();
    while (!step.done) {
      pauses++;
      step = steps.next();
    }
    // Before the dictionary, five in it, around the utilities.
    expect(pauses).toBe(8);
    const stepped = step.value;
    const whole = createSystem(...configs);
    expect(tokensOf(stepped)).toEqual(tokensOf(whole));
    expect(tokensOf(stepped).length).toBeGreaterThan(500);
    const style = { color: 'primary.600', px: '4', _hover: { bg: 'colorPalette.subtle' }, md: { fontSize: 'lg' } };
    expect(stepped.css(style)).toEqual(whole.css(style));
    expect(stepped.token('colors.primary.600')).toBe(whole.token('colors.primary.600'));
    const button = { size: 'sm', variant: 'outline' };
    expect(stepped.getRecipeFn('button')(button)).toEqual(whole.getRecipeFn('button')(button));
  });
});
