/** Design tokens of spec 9: colour families with 11 steps, type scale, layers, radius, breakpoints, sizes. */
type Scale = Record<'900' | '800' | '700' | '600' | '500' | '400' | '300' | '200' | '100' | '50' | '25', string>;

const steps = ['900', '800', '700', '600', '500', '400', '300', '200', '100', '50', '25'] as const;
const scale = (values: readonly string[]): Scale =>
  Object.fromEntries(steps.map((step, i) => [step, values[i]])) as Scale;

export const palette = {
  neutral: scale([
    '#14161a',
    '#25282e',
    '#3a3e46',
    '#50555f',
    '#6a707b',
    '#8a8f99',
    '#aeb2ba',
    '#cfd2d7',
    '#e6e8eb',
    '#f3f4f6',
    '#fafafb',
  ]),
  primary: scale([
    '#0b3d2f',
    '#105240',
    '#166b53',
    '#1c8567',
    '#29ab87',
    '#4fbc9d',
    '#7acdb5',
    '#a6dece',
    '#d0eee5',
    '#e9f7f3',
    '#f4fbf9',
  ]),
  secondary: scale([
    '#24122f',
    '#351a47',
    '#47235f',
    '#582b79',
    '#663399',
    '#8257ae',
    '#9f7dc3',
    '#bea6d8',
    '#ddd0ec',
    '#efe9f6',
    '#f7f4fb',
  ]),
  tertiary: scale([
    '#0f2f1d',
    '#16432a',
    '#1d5a38',
    '#257147',
    '#2e8b57',
    '#54a176',
    '#7fb998',
    '#aad1bb',
    '#d4e8dd',
    '#eaf4ee',
    '#f5faf7',
  ]),
  quaternary: scale([
    '#4a2a0c',
    '#663a11',
    '#875016',
    '#b0691d',
    '#e08d3c',
    '#e6a462',
    '#edbd8c',
    '#f3d4b4',
    '#f9e9d9',
    '#fcf4ec',
    '#fefaf5',
  ]),
  informative: scale([
    '#0a2540',
    '#0f355c',
    '#144679',
    '#1a5a9b',
    '#2272c3',
    '#4d8fd1',
    '#7aabdd',
    '#a7c7e9',
    '#d3e3f4',
    '#e9f1fa',
    '#f4f8fc',
  ]),
  error: scale([
    '#450c0c',
    '#611212',
    '#821818',
    '#a61f1f',
    '#d32f2f',
    '#dc5656',
    '#e57f7f',
    '#eeaaaa',
    '#f6d4d4',
    '#fbeaea',
    '#fdf4f4',
  ]),
  warning: scale([
    '#4a3300',
    '#664700',
    '#875e00',
    '#ad7900',
    '#e0a100',
    '#e7b633',
    '#edc966',
    '#f3db99',
    '#f9edcc',
    '#fcf6e5',
    '#fefbf2',
  ]),
  success: scale([
    '#0d3317',
    '#124620',
    '#185e2b',
    '#1f7837',
    '#2e9e4b',
    '#57b270',
    '#81c595',
    '#abd9b8',
    '#d5ecdb',
    '#eaf5ed',
    '#f5faf6',
  ]),
  /*
   * The materials of the field (issue 40's material palette): the colours a tag, a chip, a chart's series or a level's
   * emblem takes when it names a kind of thing rather than a state, in place of Chakra's default palettes. Each keeps
   * the roles' contrast: white on 600 and the 700 of a subtle badge on its 50 at 6:1 or more, its 300 on the dark
   * theme's 900 at 6:1 or more (`palette.test.ts`).
   */
  /** Stone: travertine and concrete, the warm neutral of what is inactive, cancelled or merely counted. */
  stone: scale([
    '#1f1d1a',
    '#2f2c28',
    '#45413b',
    '#5c5750',
    '#78726a',
    '#958f86',
    '#b4afa6',
    '#d2cdc5',
    '#e8e5df',
    '#f4f2ee',
    '#faf9f7',
  ]),
  /** Wood: walnut and oak, for people and roles (a manager, a legal basis of the programme's own). */
  wood: scale([
    '#2e1c10',
    '#422917',
    '#5a3820',
    '#73482a',
    '#8f5d38',
    '#a97b55',
    '#c29c7b',
    '#d9bfa6',
    '#ecdfd1',
    '#f6efe7',
    '#fbf8f4',
  ]),
  /** Brass: what multiplies or distinguishes (an accelerator's bonus, the reader's own row, redeemed points). */
  brass: scale([
    '#2f250a',
    '#44350e',
    '#5c4813',
    '#765c18',
    '#a07e27',
    '#bb9a45',
    '#d0b46c',
    '#e2cf9c',
    '#f1e7cb',
    '#f8f3e5',
    '#fcfaf3',
  ]),
  /** Terracotta: what happens in the field (an experience, a campaign's extra points, invoices sent). */
  terracotta: scale([
    '#3f170d',
    '#5a2113',
    '#782c1a',
    '#963822',
    '#c0502f',
    '#cf7254',
    '#dc967d',
    '#e9bba9',
    '#f4ddd4',
    '#faefea',
    '#fdf7f5',
  ]),
} as const;

/** The material families, in the order a chart's series or a fifth level's emblem takes them. */
export const materials = ['stone', 'wood', 'brass', 'terracotta'] as const;
export type Material = (typeof materials)[number];

/**
 * The colours of Chakra's own theme that the system's roles keep as Chakra has them (a border: gray.200 / gray.800;
 * the text: gray.800 / gray.50; a card and a button's text: white), for the plain screens, which draw before Chakra's
 * stylesheet is applied. A test checks them against Chakra's default theme.
 */
export const chakraColors = { white: '#fff', gray50: '#fafafa', gray200: '#e4e4e7', gray800: '#27272a' } as const;

export const fontSizes = {
  xxxs: '11px',
  xxs: '12px',
  xs: '13px',
  sm: '14px',
  md: '16px',
  lg: '18px',
  xl: '22px',
  xxl: '26px',
  xxxl: '28px',
  el: '32px',
  exl: '40px',
} as const;

export const fontWeights = { small: '300', regular: '400', medium: '500', bold: '700' } as const;

/**
 * The page's layers. Toasts are not among them: they take Chakra's own `toast` layer (1700), above its dropdowns
 * (1000) and popovers (1500) and above these overlays, so that an error is never drawn under an open drawer or dialog.
 */
export const layers = { base: 0, header: 20, overlay: 30, modal: 40, alwaysOnTop: 50 } as const;

export const breakpoints = { xs: '321px', sm: '576px', md: '767px', lg: '991px', xl: '1104px' } as const;

export const sizes = {
  headerHeight: '130px',
  headerHeightMobile: '65px',
  userDropdownWidth: '290px',
  drawerWidth: '576px',
  logoWidth: '200px',
  logoWidthNarrow: '120px',
  checkbox: '18px',
  selectHeight: '44px',
  selectHeightQuaternary: '46px',
} as const;

export const radius = '5px';

/** Viewport widths below which the headers switch to their mobile layouts (spec 2.5, 2.6). */
export const mobileHeaderBelow = { user: 1225, admin: 1325 } as const;
