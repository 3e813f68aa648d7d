import { toasts } from '@especifica/mf-shared';
import { formatCnpj, type Invoice } from '@especifica/mf-shared/contracts';
import { badgeOptions, formatDate, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import {
  cell,
  defineList,
  type Filter,
  invoiceAmountColumns,
  ResourceList,
  type RowSelection,
  type Translate,
} from '@especifica/mf-shared/list';
import { Button, HStack, Text, useTranslation } from '@especifica/mf-shared/ui';
import { useMemo, useState } from 'react';
import { ProfessionalPicker } from '../../../shared/professional-picker';
import { storeFilter } from '../../../shared/store-picker';
import { approveMany, type InvoiceOrigin, invoiceQueue, invoicesOf } from '../api/invoices';
import { invoiceWhoColumns } from './invoice-columns';
import { InvoiceDrawer } from './invoice-drawer';

type FilterRenderProps = Parameters<NonNullable<Filter['render']>>[0];

const DAY_MS = 24 * 3600 * 1000;

/** How long ago the invoice was sent, in whole days ("Hoje", "há 3 dias"). */
const ageOf = (invoice: Invoice, t: Translate) => {
  const days = Math.floor((Date.now() - Date.parse(invoice.createdAt)) / DAY_MS);
  return days < 1 ? t('cms.invoices.sentToday') : t('cms.invoices.age', { count: days });
};

/** A pending invoice whose review deadline (a setting, days after it was sent) has passed. */
const pastDeadline = (invoice: Invoice) =>
  invoice.reviewDeadline != null && Date.parse(invoice.reviewDeadline) < Date.now();

/**
 * The review queue's list; a screen of one origin leaves out the origin filter, one professional's page the
 * professional's column and filter.
 */
const invoiceList = defineList<Invoice>({
  resource: invoiceQueue,
  caption: 'cms.invoicesTitle',
  search: 'cms.invoices.search',
  headers: 'cms.invoices',
  columns: [
    ...invoiceWhoColumns,
    {
      key: 'createdAt',
      header: 'cms.invoices.sentOn',
      sort: true,
      cell: (invoice, t) => [cell.text('line', formatDate(invoice.createdAt)), cell.text('note', ageOf(invoice, t))],
    },
    ...invoiceAmountColumns((invoice) => invoice.points),
    {
      key: 'signature',
      cell: (invoice) => {
        const signature = invoice.signature;
        if (signature?.status !== 'verified') return cell.badge('signature', signature?.status ?? 'unsigned');
        // The signer's CNPJ under the badge; its name (often the store's, in capitals) on hover.
        return [
          cell.badge('signature', 'verified', { title: signature.signerName ?? undefined }),
          signature.signerCnpj && cell.text('note', formatCnpj(signature.signerCnpj)),
        ];
      },
    },
    {
      key: 'riskFlags',
      sort: 'risk',
      cell: (invoice) =>
        invoice.riskFlags?.length ? cell.line(...invoice.riskFlags.map((flag) => cell.badge('riskFlag', flag))) : null,
    },
    {
      key: 'status',
      cell: (invoice, t) => [
        cell.line(
          cell.badge('invoiceStatus', invoice.status),
          pastDeadline(invoice) && cell.badge('reviewDeadline', 'past'),
        ),
        // Rules per profession: it cannot be approved until its professional declares the client was told.
        invoice.awaitingDisclosure && cell.text('note', t('cms.invoices.awaitingDisclosure')),
      ],
    },
  ],
  filters: [
    {
      key: 'status',
      label: 'cms.invoices.status',
      options: badgeOptions('invoiceStatus'),
    },
    { key: 'flag', label: 'cms.invoices.flag', options: badgeOptions('riskFlag') },
    {
      key: 'pastDeadline',
      label: 'cms.invoices.deadline',
      options: [{ value: 'true', label: 'kit.badges.reviewDeadline.past' }],
    },
    storeFilter('storeId', 'cms.invoices.store'),
    {
      key: 'professionalId',
      label: 'cms.invoices.professional',
      render: ({ label, value, onChange }: FilterRenderProps) => (
        <ProfessionalPicker label={label} value={value} onChange={onChange} />
      ),
    },
    // The period of the issue date, and the period it was sent, each end bounded by the other.
    { key: 'from', label: 'cms.invoices.issuedFrom', type: 'date', notAfter: 'to' },
    { key: 'to', label: 'cms.invoices.issuedTo', type: 'date', notBefore: 'from' },
    { key: 'submittedFrom', label: 'cms.invoices.submittedFrom', type: 'date', notAfter: 'submittedTo' },
    { key: 'submittedTo', label: 'cms.invoices.submittedTo', type: 'date', notBefore: 'submittedFrom' },
    {
      key: 'submittedBy',
      label: 'cms.invoices.origin',
      options: (['professional', 'shopkeeper', 'admin'] as const).map((value) => ({
        value,
        label: `cms.invoices.origins.${value}`,
      })),
    },
  ],
  empty: { title: 'cms.invoices.empty', drawing: 'invoice', next: { label: 'cmsNext.overview', to: '/cms/dashboard' } },
  actions: [{ key: 'open', label: 'cms.invoices.open' }],
});

/**
 * /invoices: the admin's review queue, the pending invoices first, the oldest sent first; each row with its age, its
 * signature, its risk flags and whether its review deadline has passed; each invoice opens beside the list.
 */
export function InvoicesPage() {
  const { t } = useTranslation();
  return (
    <PageLayout
      title={t('cms.invoicesTitle')}
      link={{ to: '/invoices/conference', label: t('cms.conference.link') }}
      width="wide"
    >
      <InvoiceList resource={invoiceQueue} caption="cms.invoicesTitle" />
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
      <InvoiceList resource={resource} caption={title} origin={origin} />
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
  /** A text key. */
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

  const hide = ofProfessional ? ['professional', 'professionalId'] : origin ? ['submittedBy'] : undefined;

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
        list={invoiceList}
        resource={resource}
        caption={caption}
        hide={hide}
        selection={selection}
        on={{ open: setOpen }}
      />
      <InvoiceDrawer invoice={open} onClose={() => setOpen(null)} onChange={setOpen} />
    </>
  );
}
