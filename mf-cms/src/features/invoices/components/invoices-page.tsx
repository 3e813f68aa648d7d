import { formatPoints, toasts } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import { formatDate, formatMoney, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import {
  type Columns,
  type Filter,
  ResourceList,
  RowBadge,
  RowButton,
  type RowSelection,
} from '@especifica/mf-shared/list';
import { Button, HStack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useCallback, useMemo, useState } from 'react';
import { ProfessionalPicker } from '../../../shared/professional-picker';
import { storeFilter } from '../../../shared/store-picker';
import { approveMany, type InvoiceOrigin, invoiceQueue, invoicesOf } from '../api/invoices';
import { InvoiceDrawer } from './invoice-drawer';

type FilterRenderProps = Parameters<NonNullable<Filter['render']>>[0];

const statusPalette = { pending: 'quaternary', approved: 'success', rejected: 'error', cancelled: 'gray' } as const;

/** /invoices: the admin's review queue, oldest first; each invoice opens beside the list to be decided. */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cms.invoicesTitle')} width="wide">
      <InvoiceList resource={invoiceQueue} caption={t('cms.invoicesTitle')} />
    </PageLayout>
  );
}

const origins = {
  professional: { resource: invoicesOf('professional'), title: 'professionals.invoices.professionalTitle' },
  shopkeeper: { resource: invoicesOf('shopkeeper'), title: 'professionals.invoices.shopkeeperTitle' },
} as const;

/** /cms/professionals/invoices and /cms/shopkeepers/invoices: the queue of one origin, with its export. */
export function InvoicesByOriginPage({ origin }: { origin: InvoiceOrigin }) {
  const { t } = useTranslation();
  const { resource, title } = origins[origin];
  return (
    <PageLayout
      title={t(title)}
      description={t('professionals.invoices.description')}
      breadcrumb={[{ label: t('cms.invoicesTitle'), href: '/invoices' }, { label: t(title) }]}
      width="wide"
    >
      <InvoiceList resource={resource} caption={t(title)} origin={origin} />
    </PageLayout>
  );
}

export const ProfessionalsInvoicesPage = () => <InvoicesByOriginPage origin="professional" />;
export const ShopkeepersInvoicesPage = () => <InvoicesByOriginPage origin="shopkeeper" />;

/**
 * An invoice list with the queue's filters and the detail drawer. With an origin fixed, the origin filter is left
 * out; on one professional's page (`ofProfessional`), the professional's column is.
 */
export function InvoiceList({
  resource,
  caption,
  origin,
  ofProfessional = false,
}: {
  resource: typeof invoiceQueue;
  caption: string;
  origin?: InvoiceOrigin;
  ofProfessional?: boolean;
}) {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Invoice | null>(null);
  // The pending invoices chosen for "Aprovar selecionadas", by id, across pages and filters.
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const selection = useMemo<RowSelection<Invoice>>(
    () => ({
      selected,
      onChange: setSelected,
      canSelect: (invoice) => invoice.status === 'pending',
      rowLabel: (invoice) => t('cms.invoices.selectOne', { number: invoice.number }),
      pageLabel: t('cms.invoices.selectPage'),
    }),
    [selected, t],
  );
  const bulk = useApiMutation(approveMany, {
    invalidates: [resourceKey(invoiceQueue), ['cms']],
    success: (answer) => (answer.approved > 0 ? answer.msg : null),
  });
  const approveSelected = async () => {
    const [answer] = await bulk.run([...selected]);
    if (!answer) return;
    for (const failure of answer.failed) {
      toasts.error(t('cms.invoices.approveFailed', { number: failure.number ?? failure.id, reason: failure.msg }));
    }
    setSelected(new Set());
  };

  const columns = useMemo<Columns<Invoice>>(
    () => [
      { accessorKey: 'number', header: t('cms.invoices.number'), meta: { sort: 'number' } },
      { id: 'store', header: t('cms.invoices.store'), cell: ({ row }) => row.original.store.name },
      ...(ofProfessional
        ? []
        : [
            {
              id: 'professional',
              header: t('cms.invoices.professional'),
              cell: ({ row }: { row: { original: Invoice } }) => row.original.professional.name,
            },
          ]),
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
      {
        id: 'status',
        header: t('cms.invoices.status'),
        // The text from the list's own translation and a plain badge: no hook nor Chakra component in every row.
        cell: ({ row }) => (
          <RowBadge palette={statusPalette[row.original.status]}>
            {t(`cms.invoices.statuses.${row.original.status}`)}
          </RowBadge>
        ),
      },
    ],
    [t, ofProfessional],
  );

  const filters = useMemo(
    () => [
      {
        key: 'status',
        label: t('cms.invoices.status'),
        options: (['pending', 'approved', 'rejected', 'cancelled'] as const).map((value) => ({
          value,
          label: t(`cms.invoices.statuses.${value}`),
        })),
      },
      storeFilter('storeId', t('cms.invoices.store')),
      ...(ofProfessional
        ? []
        : [
            {
              key: 'professionalId',
              label: t('cms.invoices.professional'),
              render: ({ label, value, onChange }: FilterRenderProps) => (
                <ProfessionalPicker label={label} value={value} onChange={onChange} />
              ),
            },
          ]),
      // The period of the issue date, and the period it was sent, each end bounded by the other.
      { key: 'from', label: t('cms.invoices.issuedFrom'), type: 'date' as const, notAfter: 'to' },
      { key: 'to', label: t('cms.invoices.issuedTo'), type: 'date' as const, notBefore: 'from' },
      {
        key: 'submittedFrom',
        label: t('cms.invoices.submittedFrom'),
        type: 'date' as const,
        notAfter: 'submittedTo',
      },
      { key: 'submittedTo', label: t('cms.invoices.submittedTo'), type: 'date' as const, notBefore: 'submittedFrom' },
      ...(origin
        ? []
        : [
            {
              key: 'submittedBy',
              label: t('cms.invoices.origin'),
              options: (['professional', 'shopkeeper', 'admin'] as const).map((value) => ({
                value,
                label: t(`cms.invoices.origins.${value}`),
              })),
            },
          ]),
    ],
    [t, ofProfessional, origin],
  );
  const rowActions = useCallback(
    (invoice: Invoice) => <RowButton onClick={() => setOpen(invoice)}>{t('cms.invoices.open')}</RowButton>,
    [t],
  );

  return (
    <>
      <HStack gap="3" wrap="wrap" mb="3">
        <Button
          colorPalette="primary"
          disabled={selected.size === 0}
          loading={bulk.isPending}
          onClick={() => void approveSelected()}
        >
          {t('cms.invoices.approveSelected')}
        </Button>
        <Text fontSize="sm" color="muted" aria-live="polite">
          {selected.size > 0 ? t('cms.invoices.selected', { count: selected.size }) : ''}
        </Text>
      </HStack>
      <ResourceList
        resource={resource}
        columns={columns}
        caption={caption}
        search={t('cms.invoices.search')}
        filters={filters}
        empty={{ title: t('cms.invoices.empty') }}
        selection={selection}
        rowActions={rowActions}
      />
      <InvoiceDrawer invoice={open} onClose={() => setOpen(null)} onChange={setOpen} />
    </>
  );
}
