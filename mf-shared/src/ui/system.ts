import { createSystem, defaultBaseConfig, defineConfig, type SystemContext } from '@chakra-ui/react';
import {
  alertSlotRecipe,
  animationStyles,
  badgeRecipe,
  breadcrumbSlotRecipe,
  buttonRecipe,
  cardSlotRecipe,
  breakpoints as chakraBreakpoints,
  globalCss as chakraGlobalCss,
  semanticTokens as chakraSemanticTokens,
  tokens as chakraTokens,
  checkmarkRecipe,
  containerRecipe,
  cssVarsPrefix,
  cssVarsRoot,
  dialogSlotRecipe,
  drawerSlotRecipe,
  emptyStateSlotRecipe,
  fieldSlotRecipe,
  headingRecipe,
  iconRecipe,
  inputRecipe,
  keyframes,
  layerStyles,
  linkRecipe,
  nativeSelectSlotRecipe,
  qrCodeSlotRecipe,
  skeletonRecipe,
  spinnerRecipe,
  statSlotRecipe,
  switchSlotRecipe,
  tableSlotRecipe,
  textareaRecipe,
  textStyles,
} from '@chakra-ui/react/theme';
import { tokens } from '@especifica/mf-shared/plain';
import { fonts } from '../theme/fonts';

// The tokens come from the plain entry, which every page loads (the footer), so that they are downloaded once.
const { breakpoints, fontSizes, fontWeights, layers, palette, radius, sizes } = tokens;

type TokenMap = Record<string, { value: string }>;

const toTokens = (values: Record<string, string | number>): TokenMap =>
  Object.fromEntries(Object.entries(values).map(([key, value]) => [key, { value: String(value) }]));

const colorTokens = Object.fromEntries(Object.entries(palette).map(([family, steps]) => [family, toTokens(steps)]));

/** Dark is the mirror image of light: the neutral scale reversed (spec 4). */
const neutralSteps = Object.keys(palette.neutral);
const semanticNeutral = Object.fromEntries(
  neutralSteps.map((step, i) => [
    step,
    {
      value: {
        _light: `{colors.neutral.${step}}`,
        _dark: `{colors.neutral.${neutralSteps[neutralSteps.length - 1 - i]}}`,
      },
    },
  ]),
);

/**
 * The colour palettes a component may take (`colorPalette`): Chakra's gray, which its own tokens and recipes draw
 * with, the families of spec 9 and the materials (stone, wood, brass, terracotta), which a tag, a chip or a chart
 * takes where Chakra would give its own colours. Chakra's other palettes (red, orange, yellow, green, teal, blue,
 * cyan, purple, pink) are left out of the system: their 160 tokens, each resolved for both themes, were half of the
 * time `createSystem` takes before any screen can draw.
 */
export const PALETTES = [
  'gray',
  'primary',
  'secondary',
  'tertiary',
  'quaternary',
  'informative',
  'error',
  'warning',
  'success',
  ...tokens.materials,
] as const;
export type ColorPalette = (typeof PALETTES)[number];

/** A colour of `family` that takes step `light` in the light theme and `dark` in the dark one. */
const themed = (family: string, light: string, dark: string) => ({
  value: { _light: `{colors.${family}.${light}}`, _dark: `{colors.${family}.${dark}}` },
});

/** The roles Chakra's recipes read from a colorPalette, so `colorPalette="primary"` works everywhere. */
function paletteRoles(family: string) {
  const ref = (step: string) => ({ value: `{colors.${family}.${step}}` });
  return {
    // White text on it: step 600 in both themes (the 400 of the dark theme gave primary buttons 2.3:1).
    solid: ref('600'),
    solidHover: ref('700'),
    contrast: { value: 'white' },
    // A subtle badge's text on its background: 5.4:1 or more in both themes, for every family.
    fg: themed(family, '700', '300'),
    muted: themed(family, '100', '800'),
    subtle: themed(family, '50', '900'),
    emphasized: themed(family, '200', '700'),
    focusRing: ref('500'),
  };
}

/** Chakra's feedback roles (a field's error, an alert's border) on the feedback families of spec 9. */
const feedback = { error: 'error', warning: 'warning', success: 'success', info: 'informative' };
type Feedback = keyof typeof feedback;
const feedbackRoles = (light: string | Record<Feedback, string>, dark: string) =>
  Object.fromEntries(
    Object.entries(feedback).map(([role, family]) => [
      role,
      themed(family, typeof light === 'string' ? light : light[role as Feedback], dark),
    ]),
  );

/** The programme's own theme (spec 9) over Chakra's: its tokens, palettes and roles. */
export const systemConfig = defineConfig({
  theme: {
    breakpoints,
    recipes: {
      // A hovered solid button was its colour at 90% over white: primary then gave white text 3.9:1. It darkens instead.
      button: {
        variants: {
          variant: {
            solid: { _hover: { bg: 'colorPalette.solidHover' }, _expanded: { bg: 'colorPalette.solidHover' } },
          },
        },
      },
      checkmark: { base: { _invalid: { colorPalette: 'error' } } },
    },
    slotRecipes: {
      alert: {
        slots: alertSlotRecipe.slots ?? [],
        variants: {
          status: Object.fromEntries(
            Object.entries({ ...feedback, neutral: 'gray' }).map(([status, family]) => [
              status,
              { root: { colorPalette: family } },
            ]),
          ),
        },
      },
    },
    textStyles: {
      /**
       * A figure outside a list's column (the header's points, a dashboard's or the extract's figures): tabular
       * numerals, so figures of one width line up and a changing balance does not move what follows it.
       */
      figures: { value: { fontVariantNumeric: 'tabular-nums' } },
      /**
       * A figure that is the point of its card (a balance, a level, a dashboard's count): the headings' display face,
       * semibold, its numerals tabular as `figures`.
       */
      display: { value: { fontFamily: 'heading', fontWeight: 'semibold', fontVariantNumeric: 'tabular-nums' } },
    },
    tokens: {
      colors: colorTokens,
      fonts: toTokens(fonts),
      fontSizes: toTokens(fontSizes),
      fontWeights: toTokens(fontWeights),
      zIndex: toTokens(layers),
      radii: { card: { value: radius } },
      sizes: toTokens(sizes),
    },
    semanticTokens: {
      colors: {
        surface: semanticNeutral,
        page: { value: { _light: '{colors.neutral.25}', _dark: '{colors.neutral.900}' } },
        ink: { value: { _light: '{colors.neutral.900}', _dark: '{colors.neutral.25}' } },
        muted: { value: { _light: '{colors.neutral.500}', _dark: '{colors.neutral.300}' } },
        card: { value: { _light: 'white', _dark: '{colors.neutral.800}' } },
        brand: { value: { _light: '{colors.primary.600}', _dark: '{colors.primary.400}' } },
        bg: feedbackRoles('50', '900'),
        // Texts on white or on their bg: 4.5:1 or more (field errors: error.500, 5.0:1 on white).
        fg: feedbackRoles({ error: '500', warning: '700', success: '600', info: '600' }, '300'),
        border: feedbackRoles('500', '400'),
        // Chakra's gray border is gray.800 in the dark theme, a card's own colour: an outline button on a card (the
        // admin dashboard's downloads) had no edge. gray.500 stands 3:1 against a dark card and page.
        gray: { border: { value: { _light: '{colors.gray.200}', _dark: '{colors.gray.500}' } } },
        ...Object.fromEntries(
          PALETTES.filter((family) => family !== 'gray').map((family) => [family, paletteRoles(family)]),
        ),
      },
    },
  },
  globalCss: {
    body: { bg: 'page', color: 'ink' },
    // The captcha badge is hidden (spec 9).
    '.grecaptcha-badge': { visibility: 'hidden' },
  },
});

/**
 * Chakra's colours the system keeps: its gray and neutrals, and the roles (bg, fg, border) its recipes read. Of its
 * translucent scales only `blackAlpha.500` is read (the dialog's and the drawer's backdrop); `whiteAlpha` by nothing.
 */
const CHAKRA_COLORS = ['transparent', 'current', 'black', 'white', 'gray', 'bg', 'fg', 'border'];
const pick = <V>(values: Record<string, V> | undefined, keys: string[]): Record<string, V> =>
  Object.fromEntries(Object.entries(values ?? {}).filter(([key]) => keys.includes(key)));
const chakraColors = {
  ...pick(chakraTokens.colors, CHAKRA_COLORS),
  blackAlpha: { 500: chakraTokens.colors?.blackAlpha?.['500'] },
};

/**
 * Chakra's sizes without its fractions (`1/2`, `5/12`...): no recipe the system keeps and no screen reads them, and
 * every token is work for `createSystem` before a signed-in page's first screen.
 */
const chakraSizes = Object.fromEntries(Object.entries(chakraTokens.sizes ?? {}).filter(([key]) => !key.includes('/')));

/**
 * Chakra's default theme with the recipes of the components the kit uses, and no others: its full set (about 80
 * components) was a third of the code every signed-in page downloads. A Chakra component added to the kit needs its
 * recipe here (its `key` in Chakra's component), or it is drawn unstyled; `system.test.ts` checks the list against
 * the components `ui`, `controls`, `kit`, `list` and `forms` import.
 */
export const chakraTheme = defineConfig({
  preflight: true,
  cssVarsPrefix,
  cssVarsRoot,
  globalCss: chakraGlobalCss,
  theme: {
    breakpoints: chakraBreakpoints,
    keyframes,
    tokens: { ...chakraTokens, colors: chakraColors, sizes: chakraSizes },
    semanticTokens: { ...chakraSemanticTokens, colors: pick(chakraSemanticTokens.colors, CHAKRA_COLORS) },
    recipes: {
      badge: badgeRecipe,
      button: buttonRecipe,
      checkmark: checkmarkRecipe,
      container: containerRecipe,
      heading: headingRecipe,
      icon: iconRecipe,
      input: inputRecipe,
      link: linkRecipe,
      skeleton: skeletonRecipe,
      spinner: spinnerRecipe,
      textarea: textareaRecipe,
    },
    slotRecipes: {
      alert: alertSlotRecipe,
      breadcrumb: breadcrumbSlotRecipe,
      card: cardSlotRecipe,
      dialog: dialogSlotRecipe,
      drawer: drawerSlotRecipe,
      emptyState: emptyStateSlotRecipe,
      field: fieldSlotRecipe,
      nativeSelect: nativeSelectSlotRecipe,
      qrCode: qrCodeSlotRecipe,
      stat: statSlotRecipe,
      switch: switchSlotRecipe,
      table: tableSlotRecipe,
    },
    textStyles,
    layerStyles,
    animationStyles,
  },
});

type Steps = Iterator<void, SystemContext>;

/**
 * The system's steps: Chakra's `createSystem` has a generator of its own steps (the token dictionary in five, the
 * utilities), `createSystem.steps`, added by a patch applied at install (`patches/`, docs/upgrading.md). A
 * `createSystem` without it makes the system in one step.
 */
function systemSteps(): Steps {
  const configs = [defaultBaseConfig, chakraTheme, systemConfig] as const;
  const { steps } = createSystem as unknown as { steps?: (...configs: unknown[]) => Steps };
  if (steps) return steps(...configs);
  return { next: () => ({ done: true, value: createSystem(...configs) }) };
}

let system: SystemContext | undefined;
let steps: Steps | undefined;

/** Runs the next of the system's steps, or every one left (`all`); the system once the last has run. */
function advance(all: boolean): SystemContext | undefined {
  if (system) return system;
  steps ??= systemSteps();
  try {
    let step = steps.next();
    while (all && !step.done) step = steps.next();
    if (step.done) system = step.value;
  } catch (error) {
    // A step that failed ends its generator: the next use starts again, and fails as Chakra does.
    steps = undefined;
    throw error;
  }
  return system;
}

/**
 * The system, made at its first use. Building it (every token resolved for both themes) is the longest piece of
 * work in the UI kit's file, and a signed-in page evaluates that file while the access gate waits: it is made
 * there, one step per task (`buildInSteps`), each task short enough not to hold up a tap. A render that needs it
 * before the last step runs the steps left at once.
 */
export function getSystem(): SystemContext {
  return advance(true) as SystemContext;
}

/** The next task: `scheduler.yield()` where the browser has it (the continuation goes first), else a timer. */
const nextTask = (): Promise<unknown> => {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<unknown> } }).scheduler;
  return scheduler?.yield ? scheduler.yield() : new Promise((resolve) => setTimeout(resolve));
};

/** Makes the system a step per task, from the task after this one. */
export async function buildInSteps(): Promise<SystemContext> {
  for (;;) {
    await nextTask();
    const made = advance(false);
    if (made) return made;
  }
}

// A failure here is met again by the first render, which shows it.
if (typeof window !== 'undefined') buildInSteps().catch(() => undefined);
