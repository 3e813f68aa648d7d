import type { Invoice } from '@especifica/mf-shared/contracts';
import { badgeOptions, formatDateTime, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { cell, defineList, invoiceAmountColumns, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { useState } from 'react';
import { conferenceList, confirmConference, invoiceQueue } from '../api/invoices';
import { invoiceWhoColumns } from './invoice-columns';
import { InvoiceDrawer } from './invoice-drawer';

/** "Confirmar" on a sampled approval still to check: it leaves the list; disagreeing is cancelling it in the drawer. */
function ConfirmButton({ item }: { item: Invoice }) {
  const { t } = useTranslation();
  const confirm = useApiMutation(confirmConference, {
    invalidates: [resourceKey(invoiceQueue), ['cms']],
    success: (answer) => answer.msg,
  });
  return (
    <RowButton
      aria-label={t('cms.conference.confirmOne', { number: item.number })}
      disabled={confirm.isPending}
      onClick={() => void confirm.run(item)}
    >
      {t('cms.conference.confirm')}
    </RowButton>
  );
}

/** The sampled automatic approvals, the oldest approval first: each confirmed, or opened and cancelled. */
const conferenceTable = defineList<Invoice>({
  resource: conferenceList,
  caption: 'cms.conference.title',
  search: 'cms.invoices.search',
  headers: 'cms.invoices',
  columns: [
    ...invoiceWhoColumns,
    {
      key: 'reviewedAt',
      header: 'cms.conference.approvedAt',
      cell: (invoice) => invoice.reviewedAt && cell.text('nowrap', formatDateTime(invoice.reviewedAt)),
    },
    ...invoiceAmountColumns((invoice) => invoice.points),
    {
      key: 'conference',
      header: 'cms.conference.state',
      cell: (invoice) => invoice.conference && cell.badge('conference', invoice.conference),
    },
  ],
  filters: [{ key: 'state', label: 'cms.conference.state', options: badgeOptions('conference') }],
  empty: { title: 'cms.conference.empty', drawing: 'approved', next: { label: 'cmsNext.queue', to: '/invoices' } },
  actions: [
    { key: 'open', label: 'cms.invoices.open' },
    { key: 'confirm', component: ConfirmButton, when: (invoice) => invoice.conference === 'pending' },
  ],
});

/**
 * /invoices/conference: the automatic approvals sampled for a person to check after the fact (a setting's share of
 * them); confirming takes one off the list, cancelling the invoice in its drawer reverses its points.
 */
export function ConferencePage() {
  const { t } = useTranslation();
  const [open, setOpen] = useState<Invoice | null>(null);
  return (
    <PageLayout
      title={t('cms.conference.title')}
      description={t('cms.conference.description')}
      breadcrumb={[{ label: t('cms.invoicesTitle'), href: '/invoices' }, { label: t('cms.conference.title') }]}
      width="wide"
    >
      <ResourceList list={conferenceTable} on={{ open: setOpen }} />
      <InvoiceDrawer invoice={open} onClose={() => setOpen(null)} onChange={setOpen} />
    </PageLayout>
  );
}
