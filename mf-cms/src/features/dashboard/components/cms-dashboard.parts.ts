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
      // What the people's and the KPIs' cards share; each grid is also `figures` (`part('people', 'figures')`).
      figures: {
        '& > dl': { ...stat.root, bg: 'card', borderRadius: 'card' },
        '& dt': stat.label,
        '& dd': stat.valueText,
      },
      people: {
        ...gridColumns({ base: 2, lg: 4 }, '4'),
        '& > dl': { p: '5', boxShadow: 'sm' },
        '& dd': { fontSize: 'xxl' },
      },
      kpis: {
        ...gridColumns({ base: 2, md: 3, lg: 5 }, '4'),
        '& > dl': { p: '4', borderWidth: '1px' },
        // Two cards a row at 390 px: a large programme's figures (R$ 1.234.567,89) wrap rather than leave the card.
        '& dd': { fontSize: { base: 'lg', md: 'xl' }, overflowWrap: 'anywhere' },
      },
      heading: { ...system.getRecipeFn('heading')({}), fontSize: 'lg', mb: '4' },
    },
  };
});
