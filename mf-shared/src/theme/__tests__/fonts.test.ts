import { readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { createFontStack } from '@capsizecss/core';
import arial from '@capsizecss/metrics/arial';
import inter from '@capsizecss/metrics/inter';
import newsreader from '@capsizecss/metrics/newsreader/600';
import roboto from '@capsizecss/metrics/roboto';
import timesBold from '@capsizecss/metrics/timesNewRoman/700';
import { BOLD_WIDTH_RATIO, DISPLAY_FALLBACK, DISPLAY_FAMILY, FALLBACK_FAMILIES, FONT_FAMILY, fonts } from '../fonts';

const root = path.resolve(__dirname, '../../../..');
const page = readFileSync(path.join(root, 'shell/public/index.html'), 'utf8');
const loader = readFileSync(path.join(root, 'shell/src/typeface.ts'), 'utf8');
const faces = [...page.matchAll(/@font-face\s*{([^}]*)}/g)].map((match) => match[1] ?? '');
/** The value, which the test expects to be there: a missing one fails it by its name. */
function present<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`${what} is missing`);
  return value;
}
const property = (face: string, name: string) => face.match(new RegExp(`(?:^|\\s)${name}:\\s*([^;]+);`))?.[1];

describe('the interface typeface', () => {
  it('is named first by the tokens and by the page, then the faces sized to it', () => {
    expect(fonts.body.startsWith(`'${FONT_FAMILY}', ${FALLBACK_FAMILIES.map((f) => `'${f}'`).join(', ')}, `)).toBe(
      true,
    );
    expect(page).toContain(`font-family: ${fonts.body};`);
    // The page neither declares nor preloads Inter: the shell loads it once the first screen is shown.
    expect(faces.some((face) => property(face, 'font-family') === `'${FONT_FAMILY}'`)).toBe(false);
    expect(page).not.toContain('as="font"');
  });

  it('is loaded by the shell from the npm package, its latin subset, in no more than 60 KB', () => {
    const file = loader.match(/from '(@fontsource-variable\/inter\/[^']+\.woff2)'/)?.[1] ?? '';
    expect(file).toBe('@fontsource-variable/inter/files/inter-latin-wght-normal.woff2');
    expect(loader).toContain('loadTypeface(interLatin)');
    expect(statSync(require.resolve(file)).size).toBeLessThanOrEqual(60 * 1024);
  });

  it('has a display face for headings, loaded beside it from its npm package, one weight of its latin subset', () => {
    const files = [...loader.matchAll(/from '([^']+\.woff2)'/g)].map((match) => match[1] ?? '');
    expect(files).toContain('@fontsource/newsreader/files/newsreader-latin-600-normal.woff2');
    expect(loader).toContain('loadTypeface(newsreaderLatin, DISPLAY_FAMILY)');
    expect(
      statSync(require.resolve('@fontsource/newsreader/files/newsreader-latin-600-normal.woff2')).size,
    ).toBeLessThanOrEqual(30 * 1024);
    expect(fonts.heading.startsWith(`'${DISPLAY_FAMILY}', '${DISPLAY_FALLBACK}', `)).toBe(true);
    // Neither face is declared or preloaded by the page: nothing of them is on the first screen.
    expect(faces.some((face) => property(face, 'font-family') === `'${DISPLAY_FAMILY}'`)).toBe(false);
  });

  it("draws headings until then with Times New Roman Bold (or Liberation Serif Bold) sized to the display face's", () => {
    const [times] = createFontStack([{ ...newsreader, familyName: DISPLAY_FAMILY }, timesBold], {
      fontFaceFormat: 'styleObject',
    }).fontFaces.map((face) => face['@font-face']);
    const expected = present(times, 'the Times face');
    const declared = faces.filter((face) => property(face, 'font-family') === `'${DISPLAY_FALLBACK}'`);
    expect(declared).toHaveLength(1);
    const face = declared[0] ?? '';
    expect(property(face, 'src')).toContain(expected.src);
    expect(property(face, 'src')).toContain("local('Liberation Serif Bold')");
    expect(property(face, 'size-adjust')).toBe(expected.sizeAdjust);
    expect(property(face, 'ascent-override')).toBe(expected.ascentOverride);
    expect(property(face, 'descent-override')).toBe(expected.descentOverride);
    expect(property(face, 'line-gap-override')).toBe('0%');
  });

  it("falls back to local faces whose sizes and heights are Inter's, for regular and bold text", () => {
    // The overrides @capsizecss/core works out from the fonts' metrics; Liberation Sans has Arial's metrics.
    const stack = createFontStack([{ ...inter, familyName: FONT_FAMILY }, arial, roboto], {
      fontFaceFormat: 'styleObject',
    }).fontFaces.map((face) => face['@font-face']);
    const arialFace = present(stack[0], 'the Arial face');
    const robotoFace = present(stack[1], 'the Roboto face');
    const declared = (family: string) => faces.filter((face) => property(face, 'font-family') === `'${family}'`);
    const [regular = '', bold = ''] = declared(present(FALLBACK_FAMILIES[0], 'the first fallback'));
    expect(arialFace.fontFamily).toBe(`"${FALLBACK_FAMILIES[0]}"`);
    expect(property(regular, 'font-weight')).toBe('100 549');
    expect(property(regular, 'src')).toContain(arialFace.src);
    expect(property(regular, 'src')).toContain("local('Liberation Sans')");
    for (const key of ['size-adjust', 'ascent-override', 'descent-override', 'line-gap-override'] as const) {
      const camel = key.replace(/-(\w)/g, (_, letter: string) => letter.toUpperCase()) as keyof typeof arialFace;
      expect(property(regular, key)).toBe(arialFace[camel]);
    }
    // Bold text draws with Arial Bold sized to Inter's bold widths, its heights scaled with it.
    const percent = (value: number) => `${Number((value * 100).toFixed(4))}%`;
    expect(property(bold, 'font-weight')).toBe('550 900');
    expect(property(bold, 'src')).toContain("local('Liberation Sans Bold')");
    expect(property(bold, 'size-adjust')).toBe(percent(BOLD_WIDTH_RATIO));
    expect(property(bold, 'ascent-override')).toBe(percent(inter.ascent / inter.unitsPerEm / BOLD_WIDTH_RATIO));
    expect(property(bold, 'descent-override')).toBe(percent(-inter.descent / inter.unitsPerEm / BOLD_WIDTH_RATIO));
    expect(property(bold, 'line-gap-override')).toBe('0%');

    const [robotoRegular = '', ...robotoOthers] = declared(present(FALLBACK_FAMILIES[1], 'the second fallback'));
    expect(robotoFace.fontFamily).toBe(`"${FALLBACK_FAMILIES[1]}"`);
    expect(robotoOthers).toEqual([]);
    expect(property(robotoRegular, 'font-weight')).toBe('100 549');
    expect(property(robotoRegular, 'src')).toBe(robotoFace.src);
    expect(property(robotoRegular, 'size-adjust')).toBe(robotoFace.sizeAdjust);
    expect(property(robotoRegular, 'ascent-override')).toBe(robotoFace.ascentOverride);
    expect(property(robotoRegular, 'descent-override')).toBe(robotoFace.descentOverride);
  });
});
