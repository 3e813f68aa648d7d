/**
 * The interface's typeface: Inter, self-hosted from the npm package @fontsource-variable/inter, its latin subset in
 * one variable file that holds every weight (48 KB of woff2). The shell loads it once a page's first screen is shown
 * (shell/src/typeface.ts), so it does not share the network with the code that draws that screen; until then, and in
 * /login's plain screen too, text is drawn by a local face sized to Inter's metrics (the `@font-face` rules of
 * shell/public/index.html, sized by @capsizecss/core from the fonts' metrics: Arial, or Liberation Sans, which has
 * Arial's widths, else Roboto), so lines wrap about where Inter wraps them and little moves when it arrives. The Chakra
 * system's `fonts` tokens and the page's body name the same stack (checked by fonts.test.ts). A text the face lacks would fall back to a system font and draw differently
 * on each machine: the screenshot journeys fail on such a text (e2e/tests/screens.spec.ts).
 */
export const FONT_FAMILY = 'Inter Variable';

/**
 * The display face of headings and large figures: Newsreader (Production Type, SIL Open Font License), from the npm
 * package @fontsource/newsreader, its latin subset at the one weight it is drawn at, semibold (600, 24 KB of woff2).
 * An editorial serif, as the field's magazines and trade portals set their titles, whose figures are tabular by
 * default. Loaded with Inter, after the first screen; until then headings are drawn by Times New Roman Bold (or
 * Liberation Serif Bold, which has its widths) sized to it by @capsizecss/core.
 */
export const DISPLAY_FAMILY = 'Newsreader';
/** The local face sized to the display face: its `@font-face` rule is in the shell's page. */
export const DISPLAY_FALLBACK = `${DISPLAY_FAMILY} Fallback: Times`;

/**
 * How much wider Inter's bold weights (600, 700) draw pt-BR text than Arial Bold (and Liberation Sans Bold): 1.009 and
 * 1.019, measured in Chromium on the screens' titles and rows. Text metrics give one average width per font, which
 * fits the regular weights (Inter 400-500 against Arial 1.062-1.073, the metrics 1.071) but would draw the bold
 * fallback 5% too wide, wrapping titles that Inter keeps on one line. Roboto's bold has no face of its own.
 */
export const BOLD_WIDTH_RATIO = 1.014;

/** The local faces sized to Inter, in the order they are tried: their `@font-face` rules are in the shell's page. */
export const FALLBACK_FAMILIES = [`${FONT_FAMILY} Fallback: Arial`, `${FONT_FAMILY} Fallback: Roboto`] as const;

const fallback = `${FALLBACK_FAMILIES.map((family) => `'${family}'`).join(', ')}, -apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif`;

/**
 * The font stacks of the Chakra system's `fonts` tokens: headings in the display face, the rest in Inter; the screens
 * draw no monospace text, so mono is the body's.
 */
export const fonts = {
  body: `'${FONT_FAMILY}', ${fallback}`,
  heading: `'${DISPLAY_FAMILY}', '${DISPLAY_FALLBACK}', Georgia, 'Times New Roman', serif`,
  mono: `'${FONT_FAMILY}', ${fallback}`,
} as const;

/**
 * Loads a typeface from `url` (Inter's variable file, every weight, or the display face's one weight, which then
 * draws every weight asked of it) and adds it to the page as `family`, which then draws its text with it; text already
 * drawn by the fallback face is drawn again in place. A failed download leaves the fallback.
 *
 * The file is asked for by a low-priority fetch, not by the face's own load: the browser asks a face's file at its
 * highest priority, as the page's parser, ahead of the reads and chunks the page asked for at the same moment, which
 * the screen waits for and the typeface does not (and Lighthouse's simulation counted the file before the first
 * screen's largest paint, tied to the page rather than to the script that asks for it). The face is made from the
 * bytes, once they are in.
 */
export function loadTypeface(url: string, family: string = FONT_FAMILY): Promise<void> {
  return fetch(url, { priority: 'low' })
    .then((response) => (response.ok ? response.arrayBuffer() : Promise.reject(new Error(String(response.status)))))
    .then((data) => {
      const face = new FontFace(family, data, { style: 'normal', weight: '100 900', display: 'swap' });
      document.fonts.add(face);
      return face.load();
    })
    .then(
      () => undefined,
      () => undefined,
    );
}
