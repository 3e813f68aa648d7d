import type { Invoice } from '@especifica/mf-shared/contracts';
import {
  EmptyResult,
  formatDate,
  formatMoney,
  LoadingState,
  QueryView,
  useApiQuery,
  useNarrow,
} from '@especifica/mf-shared/kit';
import { cell, DataTable, defineColumns, useColumns } from '@especifica/mf-shared/list';
import { Heading, useTranslation } from '@especifica/mf-shared/ui';
import { cmsDashboardKeys, getOldestPending } from '../api/get-cms-dashboard';
import { DashboardDownloads } from './dashboard-downloads';

/**
 * The dashboard's lower part, drawn below its figures: the oldest invoices waiting for review and the dashboard's
 * data as files. With the list's code (its table and export buttons), it is a file of its own, asked for once the
 * dashboard's first screen is shown.
 */
export function DashboardTables() {
  return (
    <>
      <OldestPending />
      <DashboardDownloads />
    </>
  );
}

/**
 * The oldest invoices waiting for review; each number opens the review queue on that invoice (the pending ones, found
 * by its number).
 */
const oldestColumns = defineColumns<Invoice>('cms', [
  {
    key: 'number',
    header: 'cms.invoiceNumber',
    cell: (invoice) =>
      cell.link(String(invoice.number), `/invoices?status=pending&search=${encodeURIComponent(invoice.number)}`, {
        look: 'text',
      }),
  },
  { key: 'store', header: 'cms.invoiceStore', cell: (invoice) => invoice.store.name },
  { key: 'professional', header: 'cms.invoiceProfessional', cell: (invoice) => invoice.professional.name },
  { key: 'total', header: 'cms.invoiceTotal', numeric: true, cell: (invoice) => formatMoney(invoice.total) },
  { key: 'createdAt', header: 'cms.invoiceSent', cell: (invoice) => formatDate(invoice.createdAt) },
]);

function OldestPending() {
  const { t } = useTranslation();
  const narrow = useNarrow();
  const query = useApiQuery(cmsDashboardKeys.oldestPending, getOldestPending, { silent: true });
  const columns = useColumns(oldestColumns);
  return (
    <section aria-labelledby="cms-oldest">
      <Heading as="h2" id="cms-oldest" fontSize="lg" mb="4">
        {t('cms.oldestPending')}
      </Heading>
      <QueryView
        query={query}
        loading={<LoadingState kind="table" rows={5} />}
        isEmpty={(page) => page.items.length === 0}
        empty={<EmptyResult title={t('cms.noPending')} drawing="approved" />}
      >
        {(page) => (
          <DataTable
            columns={columns}
            rows={page.items}
            rowId={(invoice) => invoice.id}
            cards={narrow}
            caption={t('cms.oldestPending')}
          />
        )}
      </QueryView>
    </section>
  );
}
