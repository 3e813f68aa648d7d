import { gridColumns, partsStyles } from '@especifica/mf-shared/ui';

/**
 * The admin dashboard's figures, named by `data-part` under one class: the people and the cycle's KPIs as Chakra's
 * Stat draws them, from its recipe. Fourteen Stats were 42 components resolving and serializing their styles.
 */
export const cmsDashboardParts = partsStyles((system) => {
  const stat = system.getSlotRecipeFn('stat')({});
  return {
    display: 'flex',
    flexDirection: 'column',
    gap: '8',
    '& [data-part~=people]': gridColumns({ base: 2, lg: 4 }, '4'),
    '& [data-part~=kpis]': gridColumns({ base: 2, md: 3, lg: 5 }, '4'),
    '& [data-part~=figures] > dl': { ...stat.root, bg: 'card', borderRadius: 'card' },
    '& [data-part~=figures] dt': stat.label,
    '& [data-part~=figures] dd': stat.valueText,
    '& [data-part~=people] > dl': { p: '5', boxShadow: 'sm' },
    '& [data-part~=people] dd': { fontSize: 'xxl' },
    '& [data-part~=kpis] > dl': { p: '4', borderWidth: '1px' },
    // Two cards a row at 390 px: a large programme's figures (R$ 1.234.567,89) wrap rather than leave the card.
    '& [data-part~=kpis] dd': { fontSize: { base: 'lg', md: 'xl' }, overflowWrap: 'anywhere' },
    '& [data-part=heading]': { ...system.getRecipeFn('heading')({}), fontSize: 'lg', mb: '4' },
  };
});
