import type { Invoice } from '@especifica/mf-shared/contracts';
import type { ColumnDeclaration } from '@especifica/mf-shared/list';

/** Which invoice, of which store and professional: the first columns of the review queue and of the conferência. */
export const invoiceWhoColumns: ColumnDeclaration<Invoice>[] = [
  { key: 'number', sort: true },
  { key: 'store', cell: (invoice) => invoice.store.name },
  { key: 'professional', cell: (invoice) => invoice.professional.name },
];
