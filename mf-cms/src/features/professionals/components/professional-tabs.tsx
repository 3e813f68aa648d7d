import { formatPoints } from '@especifica/mf-shared';
import type { AdminProfessional } from '@especifica/mf-shared/contracts';
import { formatDate, formatDateTime } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList } from '@especifica/mf-shared/list';
import { RouterLink } from '@especifica/mf-shared/router';
import { Badge, Button, type ColorPalette, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { invoicesOfProfessional } from '../../invoices/api/invoices';
import { InvoiceList } from '../../invoices/components/invoices-page';
import { cmsCustomers, extractOf, type PceMovement, type Subscriber, subscriptionsOf } from '../api/professionals';
import { useCustomerColumns } from './customers-page';

export const tabs = ['extract', 'invoices', 'customers', 'subscriptions'] as const;
export type Tab = (typeof tabs)[number];

const kindPalette: Record<string, ColorPalette> = {
  credit: 'success',
  bonus: 'success',
  extra: 'secondary',
  redemption: 'quaternary',
  reversal: 'error',
  expiry: 'gray',
  adjustment: 'informative',
};

/** One of the person's lists, each the kit's list with the person in its query. */
export function ProfessionalTab({ tab, professional }: { tab: Tab; professional: AdminProfessional }) {
  switch (tab) {
    case 'extract':
      return <ExtractTab professional={professional} />;
    case 'invoices':
      return <InvoicesTab professional={professional} />;
    case 'customers':
      return <CustomersTab professional={professional} />;
    case 'subscriptions':
      return <SubscriptionsTab professional={professional} />;
  }
}

function ExtractTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const resource = useMemo(() => extractOf(professional.id), [professional.id]);
  const columns = useMemo<Columns<PceMovement>>(
    () => [
      {
        accessorKey: 'createdAt',
        header: t('professionals.extract.date'),
        cell: ({ getValue }) => formatDateTime(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
      {
        accessorKey: 'kind',
        header: t('professionals.extract.kind'),
        cell: ({ getValue }) => (
          <Badge colorPalette={kindPalette[getValue<string>()] ?? 'gray'}>
            {t(`professionals.kinds.${getValue<string>()}`)}
          </Badge>
        ),
      },
      { accessorKey: 'reason', header: t('professionals.extract.reason') },
      {
        accessorKey: 'points',
        header: t('professionals.extract.points'),
        cell: ({ getValue }) => {
          const points = getValue<number>();
          return (
            <Text as="span" color={points < 0 ? 'error.fg' : undefined} whiteSpace="nowrap">
              {points > 0 ? `+${formatPoints(points)}` : formatPoints(points)}
            </Text>
          );
        },
        meta: { sort: 'points', numeric: true },
      },
    ],
    [t],
  );
  return (
    <ResourceList
      resource={resource}
      columns={columns}
      caption={t('professionals.tabs.extract')}
      empty={{ title: t('professionals.extract.empty') }}
    />
  );
}

function InvoicesTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const resource = useMemo(() => invoicesOfProfessional(professional.id), [professional.id]);
  return <InvoiceList resource={resource} caption={t('professionals.tabs.invoices')} ofProfessional />;
}

function CustomersTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const resource = useMemo(() => cmsCustomers(professional.id), [professional.id]);
  const columns = useCustomerColumns(false);
  return (
    <>
      <Button asChild size="sm" variant="plain" colorPalette="primary" alignSelf="flex-start" px="0">
        <RouterLink to={`/cms/professionals/customers?professionalId=${professional.id}`}>
          {t('professionals.customers.seeAll')}
        </RouterLink>
      </Button>
      <ResourceList
        resource={resource}
        columns={columns}
        caption={t('professionals.tabs.customers')}
        statusColumn={t('professionals.customers.status')}
        empty={{ title: t('professionals.customers.empty') }}
      />
    </>
  );
}

function SubscriptionsTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const resource = useMemo(() => subscriptionsOf(professional.id), [professional.id]);
  const columns = useMemo<Columns<Subscriber>>(
    () => [
      {
        id: 'experience',
        header: t('professionals.subscriptions.experience'),
        cell: ({ row }) => row.original.experience.name,
      },
      {
        id: 'happensAt',
        header: t('professionals.subscriptions.happensAt'),
        cell: ({ row }) => formatDate(row.original.experience.happensAt),
      },
      {
        accessorKey: 'status',
        header: t('professionals.subscriptions.status'),
        cell: ({ getValue }) => (
          <Badge colorPalette={getValue<string>() === 'subscribed' ? 'success' : 'gray'}>
            {t(`professionals.subscriptions.statuses.${getValue<string>()}`)}
          </Badge>
        ),
        meta: { sort: 'status' },
      },
      {
        accessorKey: 'points',
        header: t('professionals.subscriptions.points'),
        cell: ({ getValue }) => formatPoints(getValue<number>()),
        meta: { numeric: true },
      },
      {
        accessorKey: 'attendedAt',
        header: t('professionals.subscriptions.attended'),
        cell: ({ getValue }) => {
          const at = getValue<string | null>();
          return at ? formatDateTime(at) : '—';
        },
      },
      {
        accessorKey: 'createdAt',
        header: t('professionals.subscriptions.subscribedOn'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
    ],
    [t],
  );
  return (
    <ResourceList
      resource={resource}
      columns={columns}
      caption={t('professionals.tabs.subscriptions')}
      empty={{ title: t('professionals.subscriptions.empty') }}
    />
  );
}
