import { type Customer, formatCpf } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout } from '@especifica/mf-shared/kit';
import { activeFilter, cell, defineList, flagFilter, ResourceList } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { cmsCustomers } from '../api/professionals';

const allCustomers = cmsCustomers();

/**
 * A professional's customers with the admin's active/inactive switch; the list of every professional's customers
 * shows whose customer each is, one professional's tab leaves that column out.
 */
export const customerList = defineList<Customer>({
  resource: allCustomers,
  caption: 'professionals.customers.title',
  search: 'professionals.customers.search',
  headers: 'professionals.customers',
  columns: [
    { key: 'name', sort: true, cell: (customer) => customer.data.name },
    {
      key: 'cpf',
      cell: (customer) => cell.text('nowrap', formatCpf(customer.data.cpf)),
    },
    { key: 'email', cell: (customer) => customer.data.email ?? '—' },
    {
      key: 'professional',
      cell: ({ professional }) =>
        cell.link(professional.name, `/cms/professionals/${professional.id}?tab=customers`, { look: 'text' }),
    },
    {
      key: 'validUntil',
      sort: true,
      cell: (customer) =>
        cell.line(formatDate(customer.validUntil), customer.expired && cell.badge('customerWindow', 'expired')),
    },
  ],
  filters: [
    flagFilter('expired', 'professionals.customers.window', {
      false: 'professionals.customers.valid',
      true: 'professionals.customers.expiredPlural',
    }),
    activeFilter('professionals.customers.status'),
  ],
  status: 'professionals.customers.status',
  empty: {
    title: 'professionals.customers.empty',
    drawing: 'people',
    next: { label: 'cmsNext.professionals', to: '/cms/professionals' },
  },
});

/**
 * /cms/professionals/customers: the customers of every professional (or of one, `?professionalId=`), found by
 * name or CPF, with the admin's active/inactive switch.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  return (
    <PageLayout
      title={t('professionals.customers.title')}
      width="wide"
      breadcrumb={[
        { label: t('professionals.title'), href: '/cms/professionals' },
        { label: t('professionals.customers.title') },
      ]}
    >
      <ResourceList list={customerList} />
    </PageLayout>
  );
}
