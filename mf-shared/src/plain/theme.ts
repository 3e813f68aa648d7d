import { fonts } from '../theme/fonts';
import { chakraColors, fontSizes, palette, radius } from '../ui/tokens';

/**
 * The theme's colours as CSS custom properties, made from the same tokens as the Chakra system (one source of
 * truth): `--es-<family>-<step>` for every step, the headings' font stack (`--es-font-heading`), and the roles a
 * plain screen reads, which follow the theme like Chakra's semantic tokens (`.dark` on <html>): page, ink, muted,
 * card, brand, border, error.
 */
const families = Object.entries(palette)
  .flatMap(([family, steps]) => Object.entries(steps).map(([step, value]) => `--es-${family}-${step}:${value};`))
  .join('');
const sizes = Object.entries(fontSizes)
  .map(([name, value]) => `--es-font-${name}:${value};`)
  .join('');

// surface: the neutral scale, mirrored in the dark theme (system.ts).
const steps = Object.keys(palette.neutral);
const surface = (mirror: boolean) =>
  steps
    .map((step, i) => `--es-surface-${step}:var(--es-neutral-${mirror ? steps[steps.length - 1 - i] : step});`)
    .join('');

const role = (values: Record<string, string>) =>
  Object.entries(values)
    .map(([name, value]) => `--es-${name}:${value};`)
    .join('');

// The values of system.ts's semantic tokens and of Chakra's own that plain screens draw with (border: gray.200 /
// gray.800; fg, a link's colour: gray.800 / gray.50; error: error.500 / error.300).
const light = role({
  page: 'var(--es-neutral-25)',
  ink: 'var(--es-neutral-900)',
  fg: chakraColors.gray800,
  muted: 'var(--es-neutral-500)',
  card: chakraColors.white,
  brand: 'var(--es-primary-600)',
  'brand-hover': 'var(--es-primary-700)',
  'brand-subtle': 'var(--es-primary-50)',
  'brand-fg': 'var(--es-primary-700)',
  border: chakraColors.gray200,
  error: 'var(--es-error-500)',
  focus: 'var(--es-primary-500)',
});
const dark = role({
  page: 'var(--es-neutral-900)',
  ink: 'var(--es-neutral-25)',
  fg: chakraColors.gray50,
  muted: 'var(--es-neutral-300)',
  card: 'var(--es-neutral-800)',
  brand: 'var(--es-primary-400)',
  'brand-subtle': 'var(--es-primary-50)',
  'brand-fg': 'var(--es-primary-300)',
  border: chakraColors.gray800,
  error: 'var(--es-error-300)',
});

export const themeCss = `:root{${families}${sizes}--es-font-heading:${fonts.heading};--es-radius:${radius};--es-white:${chakraColors.white};${light}${surface(false)}}.dark{${dark}${surface(true)}}body{background:var(--es-page);color:var(--es-ink)}`;

const added = new Set<string>();

/** Adds a stylesheet to the page once (by id): plain screens carry their CSS as text, with no loader. */
export function addStyles(id: string, css: string): void {
  if (added.has(id) || typeof document === 'undefined') return;
  added.add(id);
  if (document.getElementById(id)) return;
  const style = document.createElement('style');
  style.id = id;
  style.textContent = css;
  document.head.appendChild(style);
}

/** The colours as custom properties, added once before a plain screen draws. */
export function addThemeStyles(): void {
  addStyles('es-theme', themeCss);
}
