import { defaultConfig } from '@chakra-ui/react';
import { themeCss } from '../../plain/theme';
import { chakraColors } from '../tokens';

describe("the tokens of Chakra's own colours", () => {
  it("are Chakra's default theme's, which the plain screens draw with before Chakra's stylesheet applies", () => {
    const colors = defaultConfig.theme?.tokens?.colors as Record<string, Record<string, { value: string }>>;
    const gray = colors.gray ?? {};
    const white = (colors.white as unknown as { value: string }).value;
    const long = (hex: string) => (hex.length === 4 ? hex.replace(/[0-9a-f]/gi, (d) => d + d) : hex).toLowerCase();
    expect(long(chakraColors.white)).toBe(long(white));
    expect(chakraColors.gray50).toBe(gray['50']?.value);
    expect(chakraColors.gray200).toBe(gray['200']?.value);
    expect(chakraColors.gray800).toBe(gray['800']?.value);
    expect(themeCss).toContain(`--es-border:${chakraColors.gray200};`);
  });
});
