import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import {
  type Columns,
  formatDate,
  formatMoney,
  PageLayout,
  ResourceList,
  useApiQuery,
} from '@especifica/mf-shared/kit';
import { Badge, Button, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';
import { invoiceQueue, storeOptions } from '../api/invoices';
import { InvoiceDrawer } from './invoice-drawer';

const statusPalette = { pending: 'orange', approved: 'green', rejected: 'red', cancelled: 'gray' } as const;

export function StatusBadge({ invoice }: { invoice: Invoice }) {
  const { t } = useTranslation();
  return <Badge colorPalette={statusPalette[invoice.status]}>{t(`cms.invoices.statuses.${invoice.status}`)}</Badge>;
}

/** /invoices: the admin's review queue, oldest first; each invoice opens beside the list to be decided. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Invoice | null>(null);
  const stores = useApiQuery(['resource', 'cms-invoices', 'stores'], storeOptions, { staleTime: 60_000, silent: true });

  const columns = useMemo<Columns<Invoice>>(
    () => [
      { accessorKey: 'number', header: t('cms.invoices.number'), meta: { sort: 'number' } },
      { id: 'store', header: t('cms.invoices.store'), cell: ({ row }) => row.original.store.name },
      { id: 'professional', header: t('cms.invoices.professional'), cell: ({ row }) => row.original.professional.name },
      {
        accessorKey: 'createdAt',
        header: t('cms.invoices.sentOn'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
      {
        accessorKey: 'total',
        header: t('cms.invoices.total'),
        cell: ({ getValue }) => formatMoney(getValue<number>()),
        meta: { sort: 'total', numeric: true },
      },
      {
        accessorKey: 'points',
        header: t('cms.invoices.points'),
        // The approval computes the points: a pending invoice has none yet.
        cell: ({ row, getValue }) => (row.original.status === 'pending' ? '—' : formatPoints(getValue<number>())),
        meta: { sort: 'points', numeric: true },
      },
      { id: 'status', header: t('cms.invoices.status'), cell: ({ row }) => <StatusBadge invoice={row.original} /> },
    ],
    [t],
  );

  const filters = [
    {
      key: 'status',
      label: t('cms.invoices.status'),
      options: (['pending', 'approved', 'rejected', 'cancelled'] as const).map((value) => ({
        value,
        label: t(`cms.invoices.statuses.${value}`),
      })),
    },
    {
      key: 'storeId',
      label: t('cms.invoices.store'),
      options: (stores.data?.items ?? []).map((store) => ({ value: store.id, label: store.name })),
    },
    {
      key: 'submittedBy',
      label: t('cms.invoices.origin'),
      options: (['professional', 'shopkeeper', 'admin'] as const).map((value) => ({
        value,
        label: t(`cms.invoices.origins.${value}`),
      })),
    },
  ];

  return (
    <PageLayout title={t('cms.invoicesTitle')} width="wide">
      <ResourceList
        resource={invoiceQueue}
        columns={columns}
        caption={t('cms.invoicesTitle')}
        search={t('cms.invoices.search')}
        filters={filters}
        empty={{ title: t('cms.invoices.empty') }}
        rowActions={(invoice) => (
          <Button size="sm" variant="outline" onClick={() => setOpen(invoice)}>
            {t('cms.invoices.open')}
          </Button>
        )}
      />
      <InvoiceDrawer invoice={open} onClose={() => setOpen(null)} />
    </PageLayout>
  );
}
