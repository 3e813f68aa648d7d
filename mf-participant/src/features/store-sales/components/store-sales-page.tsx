import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import { badgeOptions, formatDate, PageLayout } from '@especifica/mf-shared/kit';
import { cell, defineList, invoiceAmountColumns, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { ManagersOnly } from '../../store/managers-only';
import { storeSales } from '../api/store-sales';

/**
 * /store-sales (a store's manager): the sales every seller of the store registered, who each is for and what it gave
 * the seller. Anybody else lands on the overview, as the menu links it only for managers.
 */
export function StoreSalesPage() {
  return (
    <ManagersOnly>
      <StoreSalesScreen />
    </ManagersOnly>
  );
}

const salesList = defineList<Invoice>({
  resource: storeSales,
  caption: 'storeSales.list',
  search: 'storeSales.search',
  headers: 'storeSales',
  columns: [
    {
      key: 'number',
      sort: true,
      cell: (sale, t) => [
        cell.text('strong', t('storeSales.invoice', { number: sale.number })),
        cell.text('muted', formatDate(sale.createdAt)),
      ],
    },
    { key: 'seller', cell: (sale) => cell.text('line', sale.shopkeeper?.name ?? '—') },
    { key: 'professional', cell: (sale) => cell.text('line', sale.professional.name) },
    { key: 'status', sort: true, cell: (sale) => cell.badge('invoiceStatus', sale.status) },
    ...invoiceAmountColumns((sale) => sale.points + sale.bonusPoints),
    {
      key: 'sellerPoints',
      numeric: true,
      cell: (sale) => (sale.status === 'pending' ? '—' : formatPoints(sale.sellerPoints ?? 0)),
    },
  ],
  filters: [{ key: 'status', label: 'storeSales.status', options: badgeOptions('invoiceStatus') }],
  empty: {
    title: 'storeSales.empty',
    description: 'storeSales.emptyHint',
    drawing: 'invoice',
    next: { label: 'nextStep.team', to: '/store-team' },
  },
});

function StoreSalesScreen() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('storeSales.title')} description={t('storeSales.description')}>
      <ResourceList list={salesList} />
    </PageLayout>
  );
}
