import { gridColumns, partsStyles } from '@especifica/mf-shared/ui';

const column = (gap: string) => ({ display: 'flex', flexDirection: 'column', gap }) as const;
const between = { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } as const;

/**
 * The dashboard's parts, named by `data-part` under one class: its figures, panels (Chakra's Card, sm), tiles, badges
 * and links (Chakra's Button) look as Chakra's components drew them, from the same recipes. Those components resolved
 * and serialized their styles at each of the page's renders (88 of them, drawn again as its five reads arrived).
 */
export const dashboardParts = partsStyles((system) => {
  const card = system.getSlotRecipeFn('card')({ size: 'sm' });
  const button = system.getRecipeFn('button');
  const muted = { fontSize: 'sm', color: 'muted' };
  return {
    ...column('8'),
    '& [data-part=figures]': gridColumns({ base: 1, md: 2 }, '6'),
    '& [data-part=figures][data-single]': gridColumns({ base: 1 }, '6'),
    '& [data-part=panels]': gridColumns({ base: 1, lg: 2 }, '6'),
    '& [data-part=figure]': { bg: 'card', p: '6', borderRadius: 'card', boxShadow: 'sm' },
    '& [data-part=label]': { ...muted, fontWeight: 'medium' },
    '& [data-part=value]': { fontSize: 'xxxl', fontWeight: 'semibold', lineHeight: 'short' },
    '& [data-part=muted]': muted,
    '& [data-part=progress]': { mt: '3' },
    '& [data-part=next]': { ...muted, mt: '2' },
    '& [data-part=panel]': { ...card.root, boxShadow: 'sm' },
    '& [data-part=panel-header]': { ...card.header, ...between, flexDirection: 'row', gap: '0.5rem' },
    '& [data-part=panel-header] > h2': { ...system.getRecipeFn('heading')({}), fontSize: 'lg' },
    '& [data-part=panel-link]': { ...button({ size: 'sm', variant: 'plain' }), colorPalette: 'primary' },
    '& [data-part=panel-body]': card.body,
    '& [data-part=list]': column('3'),
    '& [data-part=list][data-tight]': { gap: '2' },
    '& [data-part=notice]': {
      colorPalette: 'quaternary',
      bg: 'colorPalette.subtle',
      p: '3',
      borderRadius: 'card',
      fontSize: 'sm',
    },
    '& [data-part=movement]': { ...between, gap: '3' },
    '& [data-part=movement] > div': { minW: '0' },
    '& [data-part=reason]': { truncate: true },
    '& [data-part=movement] [data-part=reason]': { fontSize: 'sm' },
    '& [data-part=when]': { fontSize: 'xs', color: 'muted' },
    '& [data-part=signed]': { fontWeight: 'bold', color: 'primary.700', whiteSpace: 'nowrap' },
    '& [data-part=signed][data-loss]': { color: 'error.600' },
    '& [data-part=line]': { ...between, gap: '0.5rem', fontSize: 'sm' },
    '& [data-part=date]': { color: 'muted', whiteSpace: 'nowrap' },
    '& [data-part=standing]': { fontSize: 'lg' },
    '& [data-part=tiles]': gridColumns({ base: 1, md: 3 }, '4'),
    '& [data-part=tile]': { borderWidth: '1px', borderRadius: 'card', p: '4' },
    '& [data-part=title]': { fontWeight: 'bold' },
    '& [data-part=badge]': { ...system.getRecipeFn('badge')({}), colorPalette: 'secondary', mt: '2' },
    '& [data-part=shortcuts]': {
      display: 'flex',
      flexDirection: 'row',
      flexWrap: 'wrap',
      alignItems: 'center',
      gap: '3',
    },
    '& [data-part=shortcut]': { ...button({ variant: 'outline' }), colorPalette: 'primary' },
  };
});
