import type { SystemContext, SystemStyleObject } from '@chakra-ui/react';
import { partsStyles } from '@especifica/mf-shared/ui';

/** A native select as Chakra's NativeSelect draws it (outline, `size`): its box, the select and the chevron. */
function selectParts(system: SystemContext, size: 'sm' | 'md', root: SystemStyleObject = {}) {
  const select = system.getSlotRecipeFn('nativeSelect')({ size });
  return {
    '& [data-part=select]': { ...select.root, ...root },
    '& [data-part=select] > select': select.field,
    '& [data-part=select] > div': select.indicator,
  };
}

const label = { display: 'block', fontSize: 'sm', color: 'muted' } as const;
const row = { display: 'flex', flexDirection: 'row', alignItems: 'center' } as const;

/**
 * A list's toolbar (search, filters, the filters' button on a phone and the actions), named by `data-part` under one
 * class: its inputs, selects, labels and boxes were some 15 to 30 Chakra components on every list page.
 */
export const toolbarParts = partsStyles((system) => {
  const input = system.getRecipeFn('input')({});
  return {
    display: 'flex',
    flexDirection: { base: 'column', md: 'row' },
    // Many filters (the invoice queue has nine) go on to a second line rather than past the screen's edge.
    flexWrap: { base: 'nowrap', md: 'wrap' },
    gap: '3',
    mb: '4',
    alignItems: { base: 'stretch', md: 'flex-end' },
    // A filter the caller draws (a searchable picker) keeps its own label and input.
    ...Object.fromEntries(
      ['search', 'select-filter', 'date-filter'].map((part) => [
        `& [data-part=${part}] > label`,
        { ...label, mb: '1' },
      ]),
    ),
    ...Object.fromEntries(['search', 'date-filter'].map((part) => [`& [data-part=${part}] > input`, input])),
    ...selectParts(system, 'md'),
    '& > [data-part=search]': { flex: '1', minW: '200px' },
    '& > [data-part=fold]': { ...row, gap: '2', justifyContent: 'space-between', alignItems: 'flex-start' },
    '& [data-part=filters-button]': system.getRecipeFn('button')({ variant: 'outline' }),
    '& [data-part=in-use]': { ...system.getRecipeFn('badge')({ variant: 'solid' }), colorPalette: 'primary' },
    '& [data-part=in-use-hint]': { srOnly: true },
    '& [data-part=actions]': { ...row, gap: '2', justifyContent: 'flex-end', flexWrap: 'wrap' },
    // On wide screens the box is not drawn: its filters sit in the bar's row with the search and the actions.
    '& > [data-part=filters]': {
      display: 'contents',
      flexDirection: 'column',
      gap: '3',
      '&[data-folded]': { display: 'flex' },
      '&[hidden]': { display: 'none' },
    },
    '& [data-part=custom-filter]': { minW: '220px', flex: '1' },
    '& [data-part=select-filter]': { minW: '160px' },
    '& [data-part=date-filter]': { minW: '150px', flex: '1' },
    '& [data-part=date-error]': { color: 'fg.error', fontSize: 'sm', mt: '1' },
  };
});

/** Server pagination's bar: the page size, the range shown, previous and next (Chakra's Button, sm, outline). */
export const paginationParts = partsStyles((system) => ({
  ...row,
  justifyContent: 'space-between',
  flexWrap: 'wrap',
  gap: '3',
  mt: '4',
  '& > div': { ...row, gap: '2' },
  '& label': label,
  ...selectParts(system, 'sm', { w: '80px' }),
  '& p': { fontSize: 'sm' },
  '& [data-testid=page-range]': { color: 'muted' },
  '& button': system.getRecipeFn('button')({ size: 'sm', variant: 'outline' }),
}));
