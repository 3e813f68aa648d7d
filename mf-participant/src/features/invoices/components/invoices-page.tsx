import { formatPoints } from '@especifica/mf-shared';
import type { Invoice } from '@especifica/mf-shared/contracts';
import { Drawer } from '@especifica/mf-shared/controls';
import { formatDate, formatMoney, LoadingState, PageLayout } from '@especifica/mf-shared/kit';
import { type Columns, ResourceList, RowButton, RowText } from '@especifica/mf-shared/list';
import { loadOnce } from '@especifica/mf-shared/plain';
import { Button, useSession, useTranslation } from '@especifica/mf-shared/ui';
import { lazy, Suspense, useMemo, useState } from 'react';
import { type Audience, invoicesOf } from '../api/invoices-list';
import { InvoiceDetail } from './invoice-detail';
import { StatusCell } from './status-badge';

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

/** /invoices: the person's invoices (a shopkeeper's registered sales), each with its timeline, and sending one. */
export function InvoicesPage() {
  const { t } = useTranslation();
  const user = useSession((state) => state.user);
  const audience: Audience = user?.userType === 'shopkeeper' ? 'shopkeeper' : 'professional';
  const resource = useMemo(() => invoicesOf(audience), [audience]);
  const columns = useInvoiceColumns();
  const [sending, setSending] = useState(false);
  const [open, setOpen] = useState<Invoice | null>(null);
  const sendLabel = audience === 'shopkeeper' ? t('invoices.registerSale') : t('invoices.send');

  return (
    <PageLayout
      title={audience === 'shopkeeper' ? t('invoices.salesTitle') : t('invoices.title')}
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
        resource={resource}
        columns={columns}
        caption={t('invoices.title')}
        search={t('invoices.search')}
        filters={[
          {
            key: 'status',
            label: t('invoices.status'),
            options: (['pending', 'approved', 'rejected', 'cancelled'] as const).map((status) => ({
              value: status,
              label: t(`invoices.statuses.${status}`),
            })),
          },
        ]}
        empty={{ title: t('invoices.empty'), description: t('invoices.emptyHint') }}
        rowActions={(invoice) => <RowButton onClick={() => setOpen(invoice)}>{t('invoices.timeline')}</RowButton>}
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

function useInvoiceColumns(): Columns<Invoice> {
  const { t, i18n } = useTranslation();
  // biome-ignore lint/correctness/useExhaustiveDependencies: the headers follow the language
  return useMemo<Columns<Invoice>>(
    () => [
      {
        accessorKey: 'number',
        header: t('invoices.invoice'),
        cell: ({ row }) => (
          <>
            <RowText tone="strong">{t('invoices.number', { number: row.original.number })}</RowText>
            <RowText tone="muted">{row.original.store.name}</RowText>
          </>
        ),
        meta: { sort: 'number', label: t('invoices.invoice') },
      },
      {
        accessorKey: 'createdAt',
        header: t('invoices.sentAt'),
        cell: ({ getValue }) => formatDate(getValue<string>()),
        meta: { sort: 'createdAt' },
      },
      {
        accessorKey: 'status',
        header: t('invoices.status'),
        cell: ({ row }) => <StatusCell invoice={row.original} />,
        meta: { sort: 'status' },
      },
      {
        accessorKey: 'total',
        header: t('invoices.value'),
        cell: ({ getValue }) => formatMoney(getValue<number>()),
        meta: { sort: 'total', numeric: true },
      },
      {
        accessorKey: 'points',
        header: t('invoices.points'),
        cell: ({ row }) =>
          row.original.status === 'pending' ? '—' : formatPoints(row.original.points + row.original.bonusPoints),
        meta: { sort: 'points', numeric: true },
      },
    ],
    [t, i18n.language],
  );
}
