import type { SystemStyleObject } from '@chakra-ui/react';
import { tokens } from '@especifica/mf-shared/ui';

export type SelectVariant =
  | 'default'
  | 'primary'
  | 'secondary'
  | 'tertiary'
  | 'quaternary'
  | 'multiselect'
  | 'mobilemenu'
  | 'menu';

/** Variants used as navigation (header groups): the trigger always shows the label and the list is a menu of links. */
export const isMenuVariant = (variant: SelectVariant) => variant === 'menu' || variant === 'mobilemenu';

const paletteVariants = ['primary', 'secondary', 'tertiary', 'quaternary'] as const;
type PaletteVariant = (typeof paletteVariants)[number];
const isPalette = (variant: SelectVariant): variant is PaletteVariant =>
  (paletteVariants as readonly string[]).includes(variant);

export const paletteOf = (variant: SelectVariant) => (isPalette(variant) ? variant : 'primary');

/** Literal pixel heights (spec 9), so they do not depend on a CSS variable being defined. */
const heightOf = (variant: SelectVariant) =>
  variant === 'quaternary' ? tokens.sizes.selectHeightQuaternary : tokens.sizes.selectHeight;

export function triggerStyles(variant: SelectVariant): SystemStyleObject {
  const base: SystemStyleObject = {
    display: 'flex',
    alignItems: 'center',
    justifyContent: 'space-between',
    gap: '2',
    width: '100%',
    height: heightOf(variant),
    px: '3.5',
    fontSize: 'sm',
    textAlign: 'start',
    color: 'ink',
    bg: 'card',
    borderWidth: '1px',
    borderColor: 'surface.300',
    borderRadius: 'card',
    cursor: 'pointer',
    transition: 'border-color 0.15s',
    _hover: { borderColor: 'surface.500' },
    _expanded: { borderColor: 'brand' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '1px' },
    _disabled: { opacity: 0.6, cursor: 'not-allowed' },
  };
  if (isPalette(variant)) {
    const solid = { borderColor: 'colorPalette.solid' };
    return { ...base, ...solid, color: 'colorPalette.fg', fontWeight: 'medium', _hover: solid, _expanded: solid };
  }
  if (variant === 'menu') {
    return {
      ...base,
      width: 'auto',
      px: '2',
      gap: '1',
      bg: 'transparent',
      borderWidth: '0',
      fontWeight: 'medium',
      _hover: { color: 'brand' },
      _expanded: { color: 'brand' },
    };
  }
  if (variant === 'mobilemenu') {
    return {
      ...base,
      px: '0',
      fontSize: 'md',
      fontWeight: 'medium',
      bg: 'transparent',
      borderWidth: '0',
      borderBottomWidth: '1px',
      borderColor: 'surface.100',
      borderRadius: '0',
      _hover: { color: 'brand' },
      _expanded: { color: 'brand' },
    };
  }
  return base;
}

export function popupStyles(variant: SelectVariant, above: boolean): SystemStyleObject {
  if (variant === 'mobilemenu') return { position: 'static', py: '1', ps: '3' };
  return {
    position: 'absolute',
    insetStart: '0',
    ...(above ? { bottom: 'calc(100% + 4px)' } : { top: 'calc(100% + 4px)' }),
    minW: variant === 'menu' ? '240px' : '100%',
    maxH: '280px',
    overflowY: 'auto',
    py: '1',
    bg: 'card',
    color: 'ink',
    borderWidth: '1px',
    borderColor: 'surface.100',
    borderRadius: 'card',
    boxShadow: 'lg',
    zIndex: 'header',
    animationName: 'fade-in',
    animationDuration: 'fast',
  };
}

export const optionStyles: SystemStyleObject = {
  display: 'flex',
  alignItems: 'center',
  gap: '2.5',
  px: '3.5',
  py: '2.5',
  fontSize: 'sm',
  cursor: 'pointer',
  userSelect: 'none',
  '&[data-highlighted]': { bg: 'surface.100' },
  '&[aria-selected=true]': { fontWeight: 'bold' },
  '&[aria-disabled=true]': { opacity: 0.5, cursor: 'not-allowed' },
};
