import { partsStyles } from '@especifica/mf-shared/ui';
import { pageWidths } from './page-widths';

/**
 * Every screen's frame (Chakra's Container, its title row and heading), named by `data-part` under one class: it is
 * on every page, and its five Chakra components resolved their styles each time a screen was drawn.
 */
export const pageParts = partsStyles((system) => ({
  ...system.getRecipeFn('container')({}),
  maxW: pageWidths.default,
  px: { base: '4', md: '6' },
  py: { base: '6', md: '10' },
  '&[data-width=narrow]': { maxW: pageWidths.narrow },
  '&[data-width=wide]': { maxW: pageWidths.wide },
  '& > [data-part=page-top]': {
    display: 'flex',
    flexWrap: 'wrap',
    gap: '4',
    alignItems: { base: 'stretch', sm: 'center' },
    mb: { base: '5', md: '8' },
  },
  '& > [data-part=page-top] > div:first-of-type': { flex: '1', minW: 'min(100%, 280px)' },
  '& > [data-part=page-top] h1': {
    ...system.getRecipeFn('heading')({}),
    fontSize: { base: 'xxl', md: 'el' },
    lineHeight: '1.2',
  },
  '& > [data-part=page-top] [data-part=page-description]': { color: 'muted', mt: '1' },
  '& > [data-part=page-top] > [data-part=page-actions]': {
    display: 'flex',
    flexDirection: 'row',
    flexWrap: 'wrap',
    alignItems: 'center',
    gap: '2',
  },
}));
