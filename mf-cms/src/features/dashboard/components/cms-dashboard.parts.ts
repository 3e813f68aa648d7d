import { defineParts, gridColumns } from '@especifica/mf-shared/ui';

/**
 * The admin dashboard's figures, drawn as the kit's named parts under one class: the people and the cycle's KPIs as
 * Chakra's Stat draws them, from its recipe. Fourteen Stats were 42 components resolving and serializing their styles.
 */
export const cmsDashboardParts = defineParts((system) => {
  const stat = system.getSlotRecipeFn('stat')({});
  return {
    root: { display: 'flex', flexDirection: 'column', gap: '8' },
    parts: {
      // What the people's and the KPIs' cards share; each grid is also `figures` (`part('people', 'figures')`). Each
      // card is a link to the list of what it counts.
      figures: {
        '& > a': {
          display: 'flex',
          color: 'inherit',
          textDecoration: 'none',
          borderRadius: 'card',
          _hover: { '& > dl': { borderColor: 'brand', boxShadow: 'md' } },
          _focusVisible: { outline: '2px solid', outlineColor: 'brand', outlineOffset: '2px' },
        },
        '& > a > dl': { ...stat.root, bg: 'card', borderRadius: 'card' },
        '& dt': stat.label,
        // The display face with tabular numerals, as every figure that is the point of its card.
        '& dd': { ...stat.valueText, textStyle: 'display' },
      },
      people: {
        ...gridColumns({ base: 2, lg: 4 }, '4'),
        '& > a > dl': { p: '5', boxShadow: 'sm' },
        '& dd': { fontSize: 'xxl' },
      },
      kpis: {
        ...gridColumns({ base: 2, md: 3, lg: 5 }, '4'),
        '& > a > dl': { p: '4', borderWidth: '1px' },
        // Two cards a row at 390 px: a large programme's figures (R$ 1.234.567,89) wrap rather than leave the card.
        '& dd': { fontSize: { base: 'lg', md: 'xl' }, overflowWrap: 'anywhere' },
      },
      heading: { ...system.getRecipeFn('heading')({}), fontSize: 'lg', mb: '4' },
    },
  };
});
