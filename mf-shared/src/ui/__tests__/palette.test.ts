import { defaultConfig } from '@chakra-ui/react';
import { badgeConcepts } from '../../kit/badges';
import { getSystem, PALETTES } from '../system';
import { materials, palette } from '../tokens';

const STEPS = ['900', '800', '700', '600', '500', '400', '300', '200', '100', '50', '25'];

/** WCAG's contrast ratio of two #rrggbb colours. */
function contrast(a: string, b: string): number {
  const luminance = (hex: string) => {
    const [r, g, bl] = [1, 3, 5].map((i) => {
      const v = Number.parseInt(hex.slice(i, i + 2), 16) / 255;
      return v <= 0.03928 ? v / 12.92 : ((v + 0.055) / 1.055) ** 2.4;
    }) as [number, number, number];
    return 0.2126 * r + 0.7152 * g + 0.0722 * bl;
  };
  const [light, dark] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (light + 0.05) / (dark + 0.05);
}

describe('the material palette', () => {
  it.each(Object.keys(palette))('gives the family %s the 11 steps of spec 9, from 900 down to 25', (family) => {
    const steps = palette[family as keyof typeof palette];
    // Keys that are numbers are listed by the engine in ascending order, whatever order they were written in.
    expect(Object.keys(steps).sort()).toEqual([...STEPS].sort());
    for (const value of Object.values(steps)) expect(value).toMatch(/^#[0-9a-f]{6}$/);
    // From dark to light: each step lighter than the one before.
    const light = STEPS.map((step) => contrast('#000000', steps[step as keyof typeof steps]));
    expect(light).toEqual([...light].sort((a, b) => a - b));
  });

  it("keeps spec 9's families and adds the four materials", () => {
    for (const family of ['primary', 'secondary', 'tertiary', 'quaternary', 'neutral'])
      expect(palette).toHaveProperty(family);
    expect(materials).toEqual(['stone', 'wood', 'brass', 'terracotta']);
    for (const material of materials) expect(PALETTES).toContain(material);
  });

  it.each(materials)(
    'keeps %s at AA: white on its solid, a subtle badge in both themes, each at 6:1 or more',
    (material) => {
      const steps = palette[material];
      expect(contrast('#ffffff', steps['600'])).toBeGreaterThanOrEqual(6);
      expect(contrast(steps['700'], steps['50'])).toBeGreaterThanOrEqual(6);
      expect(contrast(steps['300'], steps['900'])).toBeGreaterThanOrEqual(6);
    },
  );

  it("draws no default purple of Chakra's: no token of it, none of its colours in the families", () => {
    const system = getSystem();
    const colors = (defaultConfig.theme?.tokens?.colors ?? {}) as Record<string, Record<string, { value: string }>>;
    const chakraPurples = Object.values(colors.purple ?? {}).map((token) => token.value.toLowerCase());
    expect(chakraPurples.length).toBeGreaterThan(0);
    expect(system.tokens.getByName('colors.purple.500')).toBeUndefined();
    const ours = Object.values(palette).flatMap((steps) => Object.values(steps).map((value) => value.toLowerCase()));
    for (const colour of chakraPurples) expect(ours).not.toContain(colour);
  });

  it("makes each material a palette a component takes, with the roles Chakra's recipes read", () => {
    const system = getSystem();
    for (const material of materials) {
      expect(system.tokens.getByName(`colors.${material}.500`)?.value).toBe(palette[material]['500']);
      for (const role of ['solid', 'fg', 'subtle', 'muted', 'emphasized'])
        expect(system.tokens.getByName(`colors.${material}.${role}`)).toBeDefined();
    }
  });

  it("gives badges the system's families and materials, never Chakra's gray", () => {
    const used = new Set(Object.values(badgeConcepts).flatMap((states) => Object.values(states) as string[]));
    expect(used.has('gray')).toBe(false);
    for (const family of used) expect(PALETTES).toContain(family);
    for (const material of materials) expect(used.has(material)).toBe(true);
  });
});
