import { defineParts } from '@especifica/mf-shared/ui';

// The header's parts are plain elements named as the kit's parts (`defineParts`, `partProps`), styled by one class on
// the header (`headerParts`) and one on each link (`linkParts`, which the side menu's links carry outside the header):
// a Chakra component per part resolved and serialized its styles each time the header was drawn, on every signed-in
// page.

/** Gaps and side padding shrink with the window so that the desktop rows fit from 1225 px (1325 for admins) up. */
const ROW_GAP = 'clamp(8px, 1.2vw, 24px)';
const ROW_PADDING = 'clamp(16px, 2.2vw, 32px)';

const row = { display: 'flex', flexDirection: 'row', alignItems: 'center' } as const;
const focusRing = (color: string) => ({ outline: '2px solid', outlineColor: color, outlineOffset: '2px' });

export const headerParts = defineParts(() => ({
  root: {
    h: 'headerHeight',
    bg: 'card',
    borderBottomWidth: '1px',
    borderColor: 'surface.100',
    position: 'sticky',
    top: '0',
    zIndex: 'header',
    '&[data-variant=mobile]': { h: 'headerHeightMobile' },
  },
  parts: {
    // Desktop: the first row (logo, links, the user's corner) and the grey second row.
    row: {
      ...row,
      h: '80px',
      maxW: '1440px',
      mx: 'auto',
      px: ROW_PADDING,
      justifyContent: 'space-between',
      gap: ROW_GAP,
    },
    below: { h: '49px', bg: 'surface.50', borderTopWidth: '1px', borderColor: 'surface.100' },
    'main-nav': { ...row, gap: ROW_GAP, h: 'full', flex: '1', justifyContent: 'center' },
    'more-nav': { ...row, h: 'full', maxW: '1440px', mx: 'auto', px: ROW_PADDING, gap: ROW_GAP },
    // Mobile: the menu button and the logo, then the user's corner.
    'mobile-row': { ...row, h: 'full', justifyContent: 'space-between', px: '3', gap: '2' },
    start: { ...row, gap: '1' },
    'menu-button': {
      w: '32px',
      h: '40px',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      borderRadius: 'card',
      bg: 'transparent',
      color: 'ink',
      cursor: 'pointer',
      _hover: { bg: 'surface.100' },
    },
    corner: { ...row, gap: '2' },
    // The points: one line on desktop, level over points on a phone.
    points: {
      display: 'inline-flex',
      flexDirection: 'row',
      alignItems: 'center',
      gap: '1.5',
      // The theme's roles of the brand's family: light green on the light header, deep green on the dark one.
      bg: 'primary.subtle',
      color: 'primary.fg',
      fontSize: 'xs',
      fontWeight: 'bold',
      px: '3',
      py: '1',
      borderRadius: 'full',
      whiteSpace: 'nowrap',
      '&[data-compact]': { lineHeight: '1.15', fontSize: 'xxs', px: '2', borderRadius: 'card' },
    },
    // A flex row drops the spaces around its separator ('Prata·9.994'): the gap puts them back.
    score: {
      display: 'inline-flex',
      flexDirection: 'row',
      alignItems: 'center',
      gap: '1',
      textStyle: 'figures',
      '&[data-compact]': { flexDirection: 'column' },
    },
    bell: {
      position: 'relative',
      display: 'inline-flex',
      alignItems: 'center',
      justifyContent: 'center',
      w: '40px',
      h: '40px',
      borderRadius: 'full',
      color: 'ink',
      _hover: { color: 'brand' },
      _focusVisible: focusRing('primary.500'),
    },
    unread: {
      position: 'absolute',
      top: '0',
      right: '0',
      minW: '18px',
      h: '18px',
      px: '1',
      borderRadius: 'full',
      bg: 'error.600',
      color: 'white',
      fontSize: 'xxs',
      fontWeight: 'bold',
      lineHeight: '18px',
      textAlign: 'center',
    },
    // The user menu's button: the avatar (or the initials), the name on desktop.
    who: { ...row, gap: '3' },
    initials: {
      w: '40px',
      h: '40px',
      borderRadius: 'full',
      bg: 'primary.700',
      color: 'white',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'center',
      fontSize: 'sm',
      fontWeight: 'bold',
      flexShrink: 0,
    },
    // Up to 150 px, less near the desktop header's narrowest width (1225 px), where the links need the room.
    name: {
      fontSize: 'sm',
      fontWeight: 'medium',
      maxW: 'clamp(64px, calc(100vw - 1150px), 150px)',
      truncate: true,
    },
    sr: { srOnly: true },
  },
}));

/** A header link: the active one bold, in the brand's green, underlined by a 3 px bar. */
export const linkParts = defineParts(() => ({
  root: {
    display: 'inline-flex',
    alignItems: 'center',
    h: 'full',
    px: '1',
    fontSize: 'sm',
    fontWeight: 'regular',
    color: 'ink',
    borderBottomWidth: '3px',
    borderColor: 'transparent',
    whiteSpace: 'nowrap',
    _hover: { color: 'brand' },
    _focusVisible: focusRing('primary.500'),
    '&[data-active]': {
      fontWeight: 'bold',
      // The darker step: the brand green on the secondary bar's grey falls short of 4.5:1 (WCAG AA).
      color: { _light: 'primary.700', _dark: 'primary.300' },
      borderColor: 'brand',
      _hover: { color: 'brand' },
    },
  },
  parts: {},
}));
