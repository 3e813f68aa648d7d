import { formatPoints } from '@especifica/mf-shared';
import { invoiceStatuses, type StoreUser, shopkeeperTypes } from '@especifica/mf-shared/contracts';
import { badgeText, formatDate, formatMoney, PageLayout } from '@especifica/mf-shared/kit';
import { type Column, cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { type Specification, specifications, storeUsers } from '../api/reports';

/** The points of a row, right-aligned in pt-BR; `sort` when the list sorts by them. */
export const pointsColumn = <Row extends { points: number }>(sort?: string): Column<Row> => ({
  key: 'points',
  header: 'reports.points',
  cell: (row) => formatPoints(row.points),
  numeric: true,
  sort,
});

/** Every specification (invoice) filtered by status and period. */
const specificationList = defineList<Specification>({
  resource: specifications,
  caption: 'reports.title.specifications',
  search: 'reports.search.specifications',
  columns: [
    { key: 'issuedOn', header: 'reports.issuedOn', sort: 'issuedOn', cell: (row) => formatDate(row.issuedOn) },
    { key: 'number', header: 'reports.number', sort: 'number' },
    { key: 'status', header: 'reports.status', sort: 'status', cell: (row) => cell.badge('invoiceStatus', row.status) },
    { key: 'professional', header: 'reports.professional', cell: (row) => row.professional.name },
    { key: 'store', header: 'reports.store', cell: (row) => row.store.name },
    { key: 'total', header: 'reports.total', sort: 'total', numeric: true, cell: (row) => formatMoney(row.total) },
    pointsColumn('points'),
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
  empty: { title: 'reports.emptySpecifications' },
});

/** The users of every store. */
const storeUserList = defineList<StoreUser>({
  resource: storeUsers,
  caption: 'reports.title.storeUsers',
  search: 'reports.search.storeUsers',
  columns: [
    { key: 'name', header: 'reports.userName', sort: 'name' },
    { key: 'email', header: 'reports.email', sort: 'email' },
    { key: 'shopkeeperType', header: 'reports.type', cell: (user, t) => t(`reports.types.${user.shopkeeperType}`) },
    { key: 'storeName', header: 'reports.store' },
    { key: 'active', header: 'reports.status', cell: (user, t) => t(user.active ? 'kit.active' : 'kit.inactive') },
    pointsColumn('points'),
  ],
  filters: [
    {
      key: 'shopkeeperType',
      label: 'reports.type',
      options: shopkeeperTypes.map((type) => ({ value: type, label: `reports.types.${type}` })),
    },
    {
      key: 'active',
      label: 'reports.status',
      options: [
        { value: 'true', label: 'kit.active' },
        { value: 'false', label: 'kit.inactive' },
      ],
    },
  ],
  empty: { title: 'reports.emptyStoreUsers' },
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
