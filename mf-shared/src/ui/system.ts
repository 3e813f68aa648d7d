import { createSystem, defaultBaseConfig, defineConfig } from '@chakra-ui/react';
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

/** The roles Chakra's recipes read from a colorPalette, so `colorPalette="primary"` works everywhere. */
function paletteRoles(family: string) {
  const ref = (step: string) => ({ value: `{colors.${family}.${step}}` });
  return {
    // White text on it: step 600 in both themes (the 400 of the dark theme gave primary buttons 2.3:1).
    solid: ref('600'),
    solidHover: ref('700'),
    contrast: { value: 'white' },
    fg: { value: { _light: `{colors.${family}.700}`, _dark: `{colors.${family}.300}` } },
    muted: ref('100'),
    subtle: ref('50'),
    emphasized: ref('200'),
    focusRing: ref('500'),
  };
}

const config = defineConfig({
  theme: {
    breakpoints,
    // A hovered solid button was its colour at 90% over white: primary then gave white text 3.9:1. It darkens instead.
    recipes: {
      button: {
        variants: {
          variant: {
            solid: { _hover: { bg: 'colorPalette.solidHover' }, _expanded: { bg: 'colorPalette.solidHover' } },
          },
        },
      },
    },
    tokens: {
      colors: colorTokens,
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
        // Chakra's red.500 is 3.8:1 on white: field errors and error texts take red.600 (4.8:1) instead.
        fg: { error: { value: { _light: '{colors.red.600}', _dark: '{colors.red.400}' } } },
        ...Object.fromEntries(
          ['primary', 'secondary', 'tertiary', 'quaternary'].map((family) => [family, paletteRoles(family)]),
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
    tokens: chakraTokens,
    semanticTokens: chakraSemanticTokens,
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

export const system = createSystem(defaultBaseConfig, chakraTheme, config);
