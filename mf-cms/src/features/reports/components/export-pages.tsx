import { formatPoints } from '@especifica/mf-shared';
import { invoiceStatuses, type StoreUser, shopkeeperTypes } from '@especifica/mf-shared/contracts';
import { formatDate, formatMoney, PageLayout } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { Badge, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { type Specification, specifications, storeUsers } from '../api/reports';

/** The points of a row, right-aligned in pt-BR; `sort` when the list sorts by them. */
export const pointsColumn = <Row extends { points: number }>(header: string, sort?: string): Columns<Row>[number] => ({
  accessorKey: 'points',
  header,
  cell: ({ getValue }) => formatPoints(getValue<number>()),
  meta: { numeric: true, sort },
});

/** /cms/reports/export-specifications: every specification (invoice) filtered by status and period, as a file. */
export function ExportSpecificationsPage() {
  const { t } = useTranslation();
  const columns = useMemo<Columns<Specification>>(
    () => [
      {
        accessorKey: 'issuedOn',
        header: t('reports.issuedOn'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
        meta: { sort: 'issuedOn' },
      },
      { accessorKey: 'number', header: t('reports.number'), meta: { sort: 'number' } },
      {
        accessorKey: 'status',
        header: t('reports.status'),
        cell: ({ getValue }) => <Badge>{t(`cms.invoices.statuses.${getValue<string>()}`)}</Badge>,
        meta: { sort: 'status' },
      },
      { id: 'professional', header: t('reports.professional'), cell: ({ row }) => row.original.professional.name },
      { id: 'store', header: t('reports.store'), cell: ({ row }) => row.original.store.name },
      {
        accessorKey: 'total',
        header: t('reports.total'),
        cell: ({ getValue }) => formatMoney(getValue<number>()),
        meta: { numeric: true, sort: 'total' },
      },
      pointsColumn(t('reports.points'), 'points'),
    ],
    [t],
  );
  const filters = useMemo(
    () => [
      {
        key: 'status',
        label: t('reports.status'),
        options: invoiceStatuses.map((status) => ({ value: status, label: t(`cms.invoices.statuses.${status}`) })),
      },
      { key: 'from', label: t('reports.issuedFrom'), type: 'date' as const, notAfter: 'to' },
      { key: 'to', label: t('reports.issuedTo'), type: 'date' as const, notBefore: 'from' },
    ],
    [t],
  );
  return (
    <PageLayout title={t('reports.title.specifications')} description={t('reports.specificationsHint')} width="wide">
      <ResourceList
        resource={specifications}
        columns={columns}
        caption={t('reports.title.specifications')}
        search={t('reports.search.specifications')}
        filters={filters}
        empty={{ title: t('reports.emptySpecifications') }}
      />
    </PageLayout>
  );
}

/** /cms/reports/export-store-users: the users of every store, and all of them as a file. */
export function ExportStoreUsersPage() {
  const { t } = useTranslation();
  const columns = useMemo<Columns<StoreUser>>(
    () => [
      { accessorKey: 'name', header: t('reports.userName'), meta: { sort: 'name' } },
      { accessorKey: 'email', header: t('reports.email'), meta: { sort: 'email' } },
      {
        accessorKey: 'shopkeeperType',
        header: t('reports.type'),
        cell: ({ getValue }) => t(`reports.types.${getValue<string>()}`),
      },
      { accessorKey: 'storeName', header: t('reports.store') },
      {
        accessorKey: 'active',
        header: t('reports.status'),
        cell: ({ getValue }) => (getValue<boolean>() ? t('kit.active') : t('kit.inactive')),
      },
      pointsColumn(t('reports.points'), 'points'),
    ],
    [t],
  );
  const filters = useMemo(
    () => [
      {
        key: 'shopkeeperType',
        label: t('reports.type'),
        options: shopkeeperTypes.map((type) => ({ value: type, label: t(`reports.types.${type}`) })),
      },
      {
        key: 'active',
        label: t('reports.status'),
        options: [
          { value: 'true', label: t('kit.active') },
          { value: 'false', label: t('kit.inactive') },
        ],
      },
    ],
    [t],
  );
  return (
    <PageLayout title={t('reports.title.storeUsers')} description={t('reports.storeUsersHint')} width="wide">
      <ResourceList
        resource={storeUsers}
        columns={columns}
        caption={t('reports.title.storeUsers')}
        search={t('reports.search.storeUsers')}
        filters={filters}
        empty={{ title: t('reports.emptyStoreUsers') }}
      />
    </PageLayout>
  );
}
