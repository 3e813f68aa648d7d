import { readFileSync } from 'node:fs';
import path from 'node:path';
import { globalCss } from '../global-css';
import { getSystem } from '../system';

const system = getSystem();

// The production build carries Chakra's global stylesheet as text made at build time, and has createSystem skip
// building it (scripts/webpack): both loaders are checked here against the installed Chakra and this system.
const root = path.resolve(__dirname, '../../../..');
const loaders = path.join(root, 'scripts/webpack');
const chakraSystem = path.join(
  path.dirname(require.resolve('@chakra-ui/react/package.json', { paths: [root] })),
  'dist/esm/styled-system/system.js',
);

describe("Chakra's global stylesheet", () => {
  it('is the reset, the global styles and every token in both themes, after the layers’ order', () => {
    expect(globalCss.startsWith(`${system.layers.atRule}@layer reset{`)).toBe(true);
    expect(globalCss).toContain('--chakra-colors-primary-600:#1c8567');
    // The dark theme's values, under its class.
    expect(globalCss).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-primary-fg:var\(--chakra-colors-primary-300\)/);
    expect(globalCss).toContain('.grecaptcha-badge{visibility:hidden;}');
  });

  it('is left out of createSystem by the build, which stops if Chakra changes the line', () => {
    const patch = require(path.join(loaders, 'chakra-system-loader.cjs'));
    const source = readFileSync(chakraSystem, 'utf8');
    const patched: string = patch.call({ resourcePath: chakraSystem }, source);
    expect(patched).toContain('const _global = [];');
    expect(patched).not.toContain('getTokenCss()];');
    expect(() => patch.call({ resourcePath: chakraSystem }, source.replace('getTokenCss()];', 'tokenCss()];'))).toThrow(
      /check Chakra's createSystem/,
    );
  });
});
