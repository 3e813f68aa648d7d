import { partsStyles, tokens } from '@especifica/mf-shared/ui';

// Made at build time (scripts/webpack/parts-loader.cjs): a `.parts.ts` module exports only `partsStyles`.

const narrow = tokens.sizes.logoWidthNarrow;

/** The link, the mark and its tile: one class, for a logo drawn in the header of every signed-in page. */
export const logoParts = partsStyles(() => ({
  display: 'inline-block',
  flexShrink: 0,
  lineHeight: '0',
  w: { base: narrow, md: tokens.sizes.logoWidth },
  color: 'ink',
  borderRadius: 'card',
  _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '4px' },
  '&[data-mobile]': { w: narrow },
  '& > svg': { w: '100%', h: 'auto', display: 'block' },
  '& [data-part=tile]': { fill: 'brand' },
  '&[data-variant=white]': { color: 'white', _focusVisible: { outlineColor: 'white' } },
  '&[data-variant=white] [data-part=tile]': { fill: 'white' },
}));

/** The menu's box and its trigger, one class for both: the trigger sits in the header of every signed-in page. */
export const menuParts = partsStyles(() => ({
  position: 'relative',
  display: 'inline-block',
  '& > [aria-haspopup]': {
    display: 'inline-flex',
    alignItems: 'center',
    gap: '2',
    color: 'ink',
    cursor: 'pointer',
    borderRadius: 'card',
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
}));
