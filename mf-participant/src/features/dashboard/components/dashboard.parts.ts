import { defineParts, gridColumns } from '@especifica/mf-shared/ui';

const column = (gap: string) => ({ display: 'flex', flexDirection: 'column', gap }) as const;
const between = { display: 'flex', alignItems: 'center', justifyContent: 'space-between' } as const;
/**
 * A figure, a row or a tile that is a link to the list of what it shows keeps its look, with a hover and a focus ring
 * (a campaign's tile, which opens nothing, stays as it is).
 */
const linked = {
  borderRadius: 'card',
  '&[href]': {
    color: 'inherit',
    textDecoration: 'none',
    _hover: { bg: 'surface.50' },
    _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
  },
} as const;

/**
 * The dashboard's parts, drawn as the kit's named parts under one class: its figures, panels (Chakra's Card, sm), tiles,
 * badges and links (Chakra's Button) look as Chakra's components drew them, from the same recipes. Those components
 * resolved and serialized their styles at each of the page's renders (88 of them, drawn again as its five reads
 * arrived).
 */
export const dashboardParts = defineParts((system) => {
  const card = system.getSlotRecipeFn('card')({ size: 'sm' });
  const button = system.getRecipeFn('button');
  const muted = { fontSize: 'sm', color: 'muted' };
  return {
    root: column('8'),
    parts: {
      figures: { ...gridColumns({ base: 1, md: 2 }, '6'), '&[data-single]': gridColumns({ base: 1 }, '6') },
      panels: gridColumns({ base: 1, lg: 2 }, '6'),
      figure: { ...linked, display: 'block', bg: 'card', p: '6', boxShadow: 'sm' },
      label: { ...muted, fontWeight: 'medium' },
      emblem: { float: 'right', ms: '4', lineHeight: '0' },
      value: { fontSize: 'xxxl', lineHeight: 'short', textStyle: 'display' },
      muted,
      progress: { mt: '3' },
      next: { ...muted, mt: '2' },
      panel: { ...card.root, boxShadow: 'sm' },
      'panel-header': {
        ...card.header,
        ...between,
        flexDirection: 'row',
        gap: '0.5rem',
        '& > h2': { ...system.getRecipeFn('heading')({}), fontSize: 'lg' },
      },
      'panel-link': { ...button({ size: 'sm', variant: 'plain' }), colorPalette: 'primary' },
      'panel-body': card.body,
      list: { ...column('3'), '&[data-tight]': { gap: '2' } },
      notice: { colorPalette: 'quaternary', bg: 'colorPalette.subtle', p: '3', borderRadius: 'card', fontSize: 'sm' },
      movement: { ...linked, ...between, gap: '3', '& > div': { minW: '0' } },
      // Small in a movement and in a line (whose text is small).
      reason: { truncate: true, fontSize: 'sm' },
      when: { fontSize: 'xs', color: 'muted' },
      signed: {
        fontWeight: 'bold',
        color: 'primary.fg',
        whiteSpace: 'nowrap',
        '&[data-loss]': { color: 'error.fg' },
      },
      line: { ...linked, ...between, gap: '0.5rem', fontSize: 'sm' },
      // The invoices waiting for review, in a sentence: the list of them.
      summary: { ...linked, display: 'block' },
      date: { color: 'muted', whiteSpace: 'nowrap' },
      standing: { fontSize: 'lg' },
      tiles: gridColumns({ base: 1, md: 3 }, '4'),
      tile: { ...linked, display: 'block', borderWidth: '1px', p: '4' },
      title: { fontWeight: 'bold' },
      // An experience's cost or a campaign's points: what happens in the field, in terracotta (docs/design.md).
      badge: { ...system.getRecipeFn('badge')({}), colorPalette: 'terracotta', mt: '2' },
      shortcuts: { display: 'flex', flexDirection: 'row', flexWrap: 'wrap', alignItems: 'center', gap: '3' },
      shortcut: { ...button({ variant: 'outline' }), colorPalette: 'primary' },
    },
  };
});
