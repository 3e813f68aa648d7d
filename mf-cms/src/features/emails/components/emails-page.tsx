import type { OutboxEmail } from '@especifica/mf-shared/contracts';
import { badgeOptions, formatDateTime, PageLayout, resourceKey, useApiMutation } from '@especifica/mf-shared/kit';
import { cell, defineList, ResourceList, RowButton } from '@especifica/mf-shared/list';
import { useTranslation } from '@especifica/mf-shared/ui';
import { outboxEmails, resendEmail } from '../api/emails';

/** "Reenviar" on a failed e-mail: the API queues it again (fresh retries) and the list shows it back in the queue. */
function ResendButton({ item }: { item: OutboxEmail }) {
  const { t } = useTranslation();
  const resend = useApiMutation(resendEmail, {
    invalidates: [resourceKey(outboxEmails)],
    success: (answer) => answer.msg,
  });
  return (
    <RowButton
      aria-label={t('cmsEmails.resendLabel', { to: item.to })}
      disabled={resend.isPending}
      onClick={() => void resend.run(item)}
    >
      {t('cmsEmails.resend')}
    </RowButton>
  );
}

/** The outbox, newest first: who, what, when, how many sends were tried and the mail server's last error. */
const emailList = defineList<OutboxEmail>({
  resource: outboxEmails,
  caption: 'cmsEmails.title',
  headers: 'cmsEmails',
  columns: [
    {
      key: 'createdAt',
      cell: (email) => cell.text('nowrap', formatDateTime(email.createdAt)),
    },
    { key: 'to', cell: (email) => cell.text('strong', email.to) },
    { key: 'subject', header: 'cmsEmails.subject' },
    { key: 'state', cell: (email) => cell.badge('emailState', email.state) },
    { key: 'attempts', numeric: true },
    {
      key: 'finishedAt',
      cell: (email) => {
        const at = email.sentAt ?? email.failedAt;
        return at ? cell.text('nowrap', formatDateTime(at)) : null;
      },
    },
    {
      key: 'lastError',
      cell: (email) => email.lastError && cell.text('note', email.lastError),
    },
  ],
  filters: [{ key: 'state', label: 'cmsEmails.state', options: badgeOptions('emailState') }],
  actions: [{ key: 'resend', component: ResendButton, when: (email) => email.state === 'failed' }],
  empty: { title: 'cmsEmails.empty', drawing: 'bell', next: { label: 'cmsNext.overview', to: '/cms/dashboard' } },
});

/** /cms/programme/emails: every e-mail the programme sends, and those that failed after the last retry sent again. */
export function EmailsPage() {
  const { t } = useTranslation();
  return (
    <PageLayout title={t('cmsEmails.title')} description={t('cmsEmails.description')} width="wide">
      <ResourceList list={emailList} />
    </PageLayout>
  );
}
