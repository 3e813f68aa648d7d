import { formatPoints } from '@especifica/mf-shared';
import { invoiceStatuses, type StoreUser, shopkeeperTypes } from '@especifica/mf-shared/contracts';
import { badgeText, formatDate, formatMoney, PageLayout } from '@especifica/mf-shared/kit';
import { activeFilter, type ColumnDeclaration, cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type Specification, specifications, storeUsers } from '../api/reports';

/** The points of a row, right-aligned in pt-BR, in a list headed by `reports`; `sort` when the list sorts by them. */
export const pointsColumn = <Row extends { points: number }>(sort?: true): ColumnDeclaration<Row> => ({
  key: 'points',
  cell: (row) => formatPoints(row.points),
  numeric: true,
  sort,
});

/** Every specification (invoice) filtered by status and period. */
const specificationList = defineList<Specification>({
  resource: specifications,
  caption: 'reports.title.specifications',
  search: 'reports.search.specifications',
  headers: 'reports',
  columns: [
    { key: 'issuedOn', sort: true, cell: (row) => formatDate(row.issuedOn) },
    { key: 'number', sort: true },
    { key: 'status', sort: true, cell: (row) => cell.badge('invoiceStatus', row.status) },
    { key: 'professional', cell: (row) => row.professional.name },
    { key: 'store', cell: (row) => row.store.name },
    { key: 'total', sort: true, numeric: true, cell: (row) => formatMoney(row.total) },
    pointsColumn(true),
  ],
  filters: [
    {
      key: 'status',
      label: 'reports.status',
      options: invoiceStatuses.map((status) => ({ value: status, label: badgeText('invoiceStatus', status) })),
    },
    { key: 'from', label: 'reports.issuedFrom', type: 'date', notAfter: 'to' },
    { key: 'to', label: 'reports.issuedTo', type: 'date', notBefore: 'from' },
  ],
  empty: {
    title: 'reports.emptySpecifications',
    drawing: 'invoice',
    next: { label: 'cmsNext.queue', to: '/invoices' },
  },
});

/** The users of every store. */
const storeUserList = defineList<StoreUser>({
  resource: storeUsers,
  caption: 'reports.title.storeUsers',
  search: 'reports.search.storeUsers',
  headers: 'reports',
  columns: [
    { key: 'name', header: 'reports.userName', sort: true },
    { key: 'email', sort: true },
    { key: 'shopkeeperType', header: 'reports.type', cell: (user, t) => t(`reports.types.${user.shopkeeperType}`) },
    { key: 'storeName', header: 'reports.store' },
    { key: 'active', header: 'reports.status', cell: (user, t) => t(user.active ? 'kit.active' : 'kit.inactive') },
    pointsColumn(true),
  ],
  filters: [
    {
      key: 'shopkeeperType',
      label: 'reports.type',
      options: shopkeeperTypes.map((type) => ({ value: type, label: `reports.types.${type}` })),
    },
    activeFilter('reports.status'),
  ],
  empty: {
    title: 'reports.emptyStoreUsers',
    drawing: 'people',
    next: { label: 'cmsNext.storeUsers', to: '/cms/shopkeepers/users' },
  },
});

/** /cms/reports/export-specifications: every specification (invoice) filtered by status and period, as a file. */
export function ExportSpecificationsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('reports.title.specifications')} description={t('reports.specificationsHint')} width="wide">
      <ResourceList list={specificationList} />
    </PageLayout>
  );
}

/** /cms/reports/export-store-users: the users of every store, and all of them as a file. */
export function ExportStoreUsersPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('reports.title.storeUsers')} description={t('reports.storeUsersHint')} width="wide">
      <ResourceList list={storeUserList} />
    </PageLayout>
  );
}
