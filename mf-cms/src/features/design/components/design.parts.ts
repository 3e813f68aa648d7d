import { defineParts, gridColumns } from '@especifica/mf-shared/ui';

/**
 * The design page's swatches and samples, as plain parts under one class: the palette alone is 165 swatches, each of
 * which a Chakra component would resolve and serialize its styles for.
 */
export const designParts = defineParts(() => ({
  root: { display: 'flex', flexDirection: 'column', gap: '10' },
  parts: {
    section: { display: 'flex', flexDirection: 'column', gap: '4' },
    hint: { color: 'muted', fontSize: 'sm', maxW: '760px' },
    group: { fontSize: 'sm', fontWeight: 'bold', color: 'muted', mt: '2' },
    family: { display: 'flex', flexDirection: 'column', gap: '1' },
    'family-name': { fontWeight: 'medium' },
    swatches: { ...gridColumns({ base: 4, sm: 6, lg: 11 }, '2'), listStyleType: 'none', m: '0', p: '0' },
    swatch: { display: 'flex', flexDirection: 'column', gap: '1', fontSize: 'xxs', color: 'muted' },
    chip: { h: '40px', borderRadius: 'card', borderWidth: '1px', borderColor: 'surface.100' },
    step: { color: 'ink', fontWeight: 'bold', textStyle: 'figures' },
    sizes: { display: 'flex', flexDirection: 'column', gap: '3' },
    size: { display: 'flex', flexWrap: 'wrap', alignItems: 'baseline', columnGap: '4', rowGap: '1' },
    'size-name': { minW: '96px', fontSize: 'xs', color: 'muted', textStyle: 'figures' },
    row: { display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: '4' },
    emblems: { ...gridColumns({ base: 2, md: 5 }, '6'), listStyleType: 'none', m: '0', p: '0' },
    emblem: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '2',
      bg: 'card',
      p: '4',
      borderRadius: 'card',
      boxShadow: 'sm',
      textAlign: 'center',
    },
    'emblem-sizes': { display: 'flex', flexWrap: 'wrap', justifyContent: 'center', alignItems: 'end', gap: '3' },
    widths: { display: 'flex', flexDirection: 'column', gap: '2' },
    width: { h: '12px', bg: 'primary.subtle', borderRadius: 'card', maxW: '100%' },
    spaces: { display: 'flex', flexWrap: 'wrap', alignItems: 'end', gap: '4' },
    space: {
      display: 'flex',
      flexDirection: 'column',
      alignItems: 'center',
      gap: '1',
      fontSize: 'xxs',
      color: 'muted',
    },
    'space-bar': { w: '16px', bg: 'brass.300', borderRadius: '2px' },
  },
}));
