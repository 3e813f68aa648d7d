import { formatPoints } from '@especifica/mf-shared';
import type { AdminProfessional } from '@especifica/mf-shared/contracts';
import { ButtonLink, formatDate, formatDateTime, useDownload } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList } from '@especifica/mf-shared/list';
import { Button, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo } from 'react';
import { invoicesOfProfessional } from '../../invoices/api/invoices';
import { InvoiceList } from '../../invoices/components/invoices-page';
import { ConsentRecords } from '../../privacy/components/consent-records';
import { cmsCustomers, extractOf, type PceMovement, type Subscriber, subscriptionsOf } from '../api/professionals';
import { customerList } from './customers-page';

// One professional's customers: the column of whose customer each is says nothing there.
const hideProfessional = ['professional'];

export const tabs = ['extract', 'invoices', 'customers', 'subscriptions', 'consents'] as const;
export type Tab = (typeof tabs)[number];

/** The person's points ledger, newest first. */
const extractList = defineList<PceMovement>({
  caption: 'professionals.tabs.extract',
  headers: 'professionals.extract',
  columns: [
    {
      key: 'createdAt',
      header: 'professionals.extract.date',
      sort: true,
      cell: (m) => formatDateTime(m.createdAt),
    },
    {
      key: 'kind',
      cell: (movement) => cell.badge('movementKind', movement.kind),
    },
    { key: 'reason', header: 'professionals.extract.reason' },
    {
      key: 'points',
      sort: true,
      numeric: true,
      cell: ({ points }) => cell.text(points < 0 ? 'loss' : 'gain', `${points > 0 ? '+' : ''}${formatPoints(points)}`),
    },
  ],
  empty: { title: 'professionals.extract.empty', drawing: 'points' },
});

/** The experiences the person subscribed to. */
const subscriptionList = defineList<Subscriber>({
  caption: 'professionals.tabs.subscriptions',
  headers: 'professionals.subscriptions',
  columns: [
    { key: 'experience', cell: (s) => s.experience.name },
    {
      key: 'happensAt',
      cell: (s) => formatDate(s.experience.happensAt),
    },
    {
      key: 'status',
      sort: true,
      cell: (subscriber) => cell.badge('subscriptionStatus', subscriber.status),
    },
    {
      key: 'points',
      numeric: true,
      cell: (subscriber) => formatPoints(subscriber.points),
    },
    {
      key: 'attendedAt',
      header: 'professionals.subscriptions.attended',
      cell: ({ attendedAt }) => (attendedAt ? formatDateTime(attendedAt) : '—'),
    },
    {
      key: 'createdAt',
      header: 'professionals.subscriptions.subscribedOn',
      sort: true,
      cell: (subscriber) => formatDate(subscriber.createdAt),
    },
  ],
  empty: { title: 'professionals.subscriptions.empty', drawing: 'experience' },
});

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
    case 'consents':
      return <ConsentsTab professional={professional} />;
  }
}

function ExtractTab({ professional }: { professional: AdminProfessional }) {
  const resource = useMemo(() => extractOf(professional.id), [professional.id]);
  return <ResourceList list={extractList} resource={resource} />;
}

function InvoicesTab({ professional }: { professional: AdminProfessional }) {
  const resource = useMemo(() => invoicesOfProfessional(professional.id), [professional.id]);
  return <InvoiceList resource={resource} caption="professionals.tabs.invoices" ofProfessional />;
}

function CustomersTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const resource = useMemo(() => cmsCustomers(professional.id), [professional.id]);
  return (
    <>
      <ButtonLink
        size="sm"
        variant="plain"
        colorPalette="primary"
        alignSelf="flex-start"
        px="0"
        to={`/cms/professionals/customers?professionalId=${professional.id}`}
      >
        {t('professionals.customers.seeAll')}
      </ButtonLink>
      <ResourceList
        list={customerList}
        resource={resource}
        caption="professionals.tabs.customers"
        hide={hideProfessional}
      />
    </>
  );
}

function SubscriptionsTab({ professional }: { professional: AdminProfessional }) {
  const resource = useMemo(() => subscriptionsOf(professional.id), [professional.id]);
  return <ResourceList list={subscriptionList} resource={resource} />;
}

function ConsentsTab({ professional }: { professional: AdminProfessional }) {
  const { t } = useTranslation();
  const download = useDownload();
  // The statement of benefits of this year so far, as the person downloads it on /privacy (docs/privacy.md).
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(new Date());
  const statement = () =>
    download.start(
      '/cms/privacy/statement',
      { professionalId: professional.id, from: `${today.slice(0, 4)}-01-01`, to: today, format: 'pdf' },
      'declaracao-de-beneficios.pdf',
    );
  return (
    <>
      <Button
        size="sm"
        variant="outline"
        alignSelf="flex-start"
        loading={download.progress !== null}
        onClick={() => void statement()}
      >
        {t('professionals.consents.statement')}
      </Button>
      <ConsentRecords subject={{ professionalId: professional.id }} />
    </>
  );
}
