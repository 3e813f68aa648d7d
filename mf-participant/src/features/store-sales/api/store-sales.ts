import { api } from '@especifica/mf-shared';
import type { Invoice, InvoicesQuery } from '@especifica/mf-shared/contracts';
import { deferredQuerySchema, defineResource, type Page } from '@especifica/mf-shared/kit';

const salesQuery = deferredQuerySchema<InvoicesQuery>(() =>
  import('@especifica/mf-shared/contracts').then((contracts) => contracts.invoicesQuerySchema),
);

/** The sales every seller of the manager's store registered, each with what it gave its seller. */
export const storeSales = defineResource<Invoice, InvoicesQuery>({
  name: 'shopkeeper-store-sales',
  query: salesQuery,
  list: (query) => api.get<Page<Invoice>>('/shopkeeper/store-sales/get-all', { ...query }),
  id: (sale) => sale.id,
  label: (sale) => `NF ${sale.number}`,
});
