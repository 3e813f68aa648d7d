import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { badgeOptions, formatDate, formatMoney, LoadingState, PageLayout } from '@especifica/mf-shared/kit';
import { cell, defineList, invoiceAmountColumns, ResourceList } from '@especifica/mf-shared/list';
import { loadOnce } from '@especifica/mf-shared/plain';
import { Button, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Audience, invoicesOf } from '../api/invoices-list';
import { InvoiceDetail } from './invoice-detail';

/**
 * The sending form, with the form kit (react-hook-form, zod, the masks), is downloaded when someone is about to open
 * it (a pointer over or focus on its button) or opens it: the list of invoices is drawn without it.
 */
const loadSendForm = loadOnce(() => import('./send-invoice-form').then((module) => module.SendInvoiceForm));
const SendInvoiceForm = lazy(async () => ({ default: await loadSendForm() }));
const preloadSending = () => {
  // A failed download is tried again when the drawer opens.
  Drawer.preload().catch(() => undefined);
  loadSendForm().catch(() => undefined);
};

const sentColumn = {
  key: 'createdAt',
  header: 'invoices.sentAt',
  sort: true,
  cell: (invoice: Invoice) => formatDate(invoice.createdAt),
} as const;

/** The status, with what a pending invoice waits for; `awaiting` says whose declaration (the reader's or the buyer's). */
const statusColumn = (awaiting: string) =>
  ({
    key: 'status',
    sort: true,
    cell: (invoice: Invoice, t: (key: string, options?: Record<string, unknown>) => string) => [
      cell.badge('invoiceStatus', invoice.status),
      invoice.status === 'rejected' && invoice.reason && cell.text('note', invoice.reason),
      // A pending invoice says until when the team reviews it (the review deadline, a setting).
      // One that waits for the professional's declaration says so before anything else (rules per profession).
      invoice.awaitingDisclosure && cell.text('note', t(awaiting)),
      invoice.status === 'pending' &&
        !invoice.awaitingDisclosure &&
        invoice.reviewDeadline &&
        cell.text('note', t('invoices.underReview', { date: formatDate(invoice.reviewDeadline) })),
    ],
  }) as const;

const common = {
  search: 'invoices.search',
  headers: 'invoices',
  filters: [{ key: 'status', label: 'invoices.status', options: badgeOptions('invoiceStatus') }],
  actions: [{ key: 'timeline', label: 'invoices.timeline' }],
} as const;

/** A professional's invoices, newest first: at which store, and the points each gave them. */
const invoiceList = defineList<Invoice>({
  ...common,
  caption: 'invoices.title',
  empty: {
    title: 'invoices.empty',
    description: 'invoices.emptyHint',
    drawing: 'invoice',
    next: { label: 'invoices.sendFirst', on: 'send' },
  },
  columns: [
    {
      key: 'number',
      header: 'invoices.invoice',
      sort: true,
      cell: (invoice, t) => [
        cell.text('strong', t('invoices.number', { number: invoice.number })),
        cell.text('muted', invoice.store.name),
      ],
    },
    sentColumn,
    statusColumn('invoices.awaitingDisclosure'),
    ...invoiceAmountColumns((invoice) => invoice.points + invoice.bonusPoints, 'invoices.value'),
  ],
});

/** A shopkeeper's registered sales, newest first: for whom each was, and the points it gave the seller. */
const saleList = defineList<Invoice>({
  ...common,
  caption: 'invoices.salesTitle',
  empty: {
    title: 'invoices.salesEmpty',
    description: 'invoices.salesEmptyHint',
    drawing: 'invoice',
    next: { label: 'invoices.registerFirst', on: 'send' },
  },
  columns: [
    {
      key: 'number',
      header: 'invoices.invoice',
      sort: true,
      cell: (sale, t) => [
        cell.text('strong', t('invoices.number', { number: sale.number })),
        cell.text('muted', t('invoices.soldTo', { name: sale.professional.name })),
      ],
    },
    sentColumn,
    statusColumn('invoices.awaitingProfessionalDisclosure'),
    { key: 'total', header: 'invoices.value', sort: true, numeric: true, cell: (sale) => formatMoney(sale.total) },
    {
      key: 'sellerPoints',
      header: 'invoices.sellerPoints',
      numeric: true,
      cell: (sale) => (sale.status === 'pending' ? '—' : formatPoints(sale.sellerPoints ?? 0)),
    },
  ],
});

/** /invoices: the person's invoices (a shopkeeper's registered sales), each with its timeline, and sending one. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const audience: Audience = user?.userType === 'shopkeeper' ? 'shopkeeper' : 'professional';
  const resource = useMemo(() => invoicesOf(audience), [audience]);
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState<Invoice | null>(null);
  const sendLabel = audience === 'shopkeeper' ? t('invoices.registerSale') : t('invoices.send');

  return (
    <PageLayout
      title={audience === 'shopkeeper' ? t('invoices.salesTitle') : t('invoices.title')}
      description={audience === 'shopkeeper' ? t('invoices.salesDescription') : t('invoices.description')}
      actions={
        <Button
          colorPalette="primary"
          onPointerEnter={preloadSending}
          onFocus={preloadSending}
          onClick={() => setSending(true)}
        >
          {sendLabel}
        </Button>
      }
    >
      <ResourceList
        list={audience === 'shopkeeper' ? saleList : invoiceList}
        resource={resource}
        on={{ timeline: setOpen, send: () => setSending(true) }}
      />
      <Drawer open={sending} onClose={() => setSending(false)} title={sendLabel}>
        {sending && (
          <Suspense fallback={<LoadingState rows={6} />}>
            <SendInvoiceForm audience={audience} done={() => setSending(false)} />
          </Suspense>
        )}
      </Drawer>
      <Drawer
        open={open !== null}
        onClose={() => setOpen(null)}
        title={open ? t('invoices.detailTitle', { number: open.number }) : ''}
      >
        {open && <InvoiceDetail audience={audience} invoice={open} />}
      </Drawer>
    </PageLayout>
  );
}
