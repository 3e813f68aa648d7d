/**
 * The interface's typeface: Inter, self-hosted from the npm package @fontsource-variable/inter, its latin subset in
 * one variable file that holds every weight (48 KB of woff2). The shell's page declares it (`@font-face` with
 * `font-display: swap`) and preloads it, so every screen draws with it from its first paint, /login's plain one
 * included, with no JavaScript; the Chakra system's `fonts` tokens and the page's body name the same stack
 * (shell/public/index.html, checked by fonts.test.ts). A text the face lacks would fall back to a system font and draw
 * differently on each machine: the screenshot journeys fail on such a text (e2e/tests/screens.spec.ts).
 */
export const FONT_FAMILY = 'Inter Variable';

const fallback = "-apple-system, BlinkMacSystemFont, 'Segoe UI', Helvetica, Arial, sans-serif";

/** The font stacks of the Chakra system's `fonts` tokens; the screens draw no monospace text, so mono is the same. */
export const fonts = {
  body: `'${FONT_FAMILY}', ${fallback}`,
  heading: `'${FONT_FAMILY}', ${fallback}`,
  mono: `'${FONT_FAMILY}', ${fallback}`,
} as const;
