/** One width per kind of page, so that no screen picks its own. */
export const pageWidths = { narrow: '760px', default: '1104px', wide: '1440px' } as const;
