import { type Customer, formatCpf } from '@especifica/mf-shared/contracts';
import { formatDate, PageLayout } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, HStack, Link, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { cmsCustomers } from '../api/professionals';

const allCustomers = cmsCustomers();

/** The columns of a customers list; `withProfessional` adds whose customer it is (the list of every professional). */
export function useCustomerColumns(withProfessional: boolean): Columns<Customer> {
  const { t } = useTranslation();
  return useMemo<Columns<Customer>>(
    () => [
      {
        id: 'name',
        header: t('professionals.customers.name'),
        cell: ({ row }) => row.original.data.name,
        meta: { sort: 'name' },
      },
      {
        id: 'cpf',
        header: t('professionals.customers.cpf'),
        cell: ({ row }) => <Text whiteSpace="nowrap">{formatCpf(row.original.data.cpf)}</Text>,
      },
      { id: 'email', header: t('professionals.customers.email'), cell: ({ row }) => row.original.data.email ?? '—' },
      ...(withProfessional
        ? [
            {
              id: 'professional',
              header: t('professionals.customers.professional'),
              cell: ({ row }: { row: { original: Customer } }) => (
                <Link asChild colorPalette="primary">
                  <RouterLink to={`/cms/professionals/${row.original.professional.id}?tab=customers`}>
                    {row.original.professional.name}
                  </RouterLink>
                </Link>
              ),
            },
          ]
        : []),
      {
        accessorKey: 'validUntil',
        header: t('professionals.customers.validUntil'),
        cell: ({ row }) => (
          <HStack gap="2" justify="inherit" wrap="wrap">
            <Text as="span">{formatDate(row.original.validUntil)}</Text>
            {row.original.expired && <Badge colorPalette="quaternary">{t('professionals.customers.expired')}</Badge>}
          </HStack>
        ),
        meta: { sort: 'validUntil' },
      },
    ],
    [t, withProfessional],
  );
}

/**
 * /cms/professionals/customers: the customers of every professional (or of one, `?professionalId=`), found by
 * name or CPF, with the admin's active/inactive switch.
 */
export function CustomersPage() {
  const { t } = useTranslation();
  const columns = useCustomerColumns(true);
  return (
    <PageLayout
      title={t('professionals.customers.title')}
      width="wide"
      breadcrumb={[
        { label: t('professionals.title'), href: '/cms/professionals' },
        { label: t('professionals.customers.title') },
      ]}
    >
      <ResourceList
        resource={allCustomers}
        columns={columns}
        caption={t('professionals.customers.title')}
        search={t('professionals.customers.search')}
        filters={[
          {
            key: 'expired',
            label: t('professionals.customers.window'),
            options: [
              { value: 'false', label: t('professionals.customers.valid') },
              { value: 'true', label: t('professionals.customers.expiredPlural') },
            ],
          },
          {
            key: 'active',
            label: t('professionals.customers.status'),
            options: [
              { value: 'true', label: t('kit.active') },
              { value: 'false', label: t('kit.inactive') },
            ],
          },
        ]}
        statusColumn={t('professionals.customers.status')}
        empty={{ title: t('professionals.customers.empty') }}
      />
    </PageLayout>
  );
}
