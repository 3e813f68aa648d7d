import { createSystem, defaultBaseConfig } from '@chakra-ui/react';
import { globalCss } from '../global-css';
import { chakraTheme, getSystem, systemConfig } from '../system';

const system = getSystem();

// Every build, and jest, carry Chakra's global stylesheet as text made in Node from this system
// (scripts/webpack/global-css-loader.cjs), and Chakra's createSystem (patched) makes it as objects only when read.
describe("Chakra's global stylesheet", () => {
  it('is the reset, the global styles and every token in both themes, after the layers’ order', () => {
    expect(globalCss.startsWith(`${system.layers.atRule}@layer reset{`)).toBe(true);
    expect(globalCss).toContain('--chakra-colors-primary-600:#1c8567');
    // The dark theme's values, under its class.
    expect(globalCss).toMatch(/\.dark[^{]*\{[^}]*--chakra-colors-primary-fg:var\(--chakra-colors-primary-300\)/);
    expect(globalCss).toContain('.grecaptcha-badge{visibility:hidden;}');
  });

  it('is made as objects by createSystem only when they are read, and not by a copy of the system', () => {
    const made = createSystem(defaultBaseConfig, chakraTheme, systemConfig);
    expect(Object.keys(made)).not.toContain('_global');
    const copy = { ...made, _global: [] };
    expect(copy._global).toEqual([]);
    const global = made._global;
    expect(global).toHaveLength(3);
    expect(made._global).toBe(global);
    expect(global[2]).toEqual(made.getTokenCss());
  });
});
