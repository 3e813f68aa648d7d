import { api, type Result } from '@especifica/mf-shared';
import { type EmailsQuery, emailsQuerySchema, type OutboxEmail } from '@especifica/mf-shared/contracts';
import { defineResource, type Page } from '@especifica/mf-shared/kit';

/** The e-mail outbox (Programa > E-mails): newest first, filtered by state; the API has no search by recipient. */
export const outboxEmails = defineResource<OutboxEmail, EmailsQuery>({
  name: 'cms-emails',
  query: emailsQuerySchema,
  list: (query) => api.get<Page<OutboxEmail>>('/cms/emails/get-all', { ...query }),
  id: (email) => email.id,
  label: (email) => `${email.subject} (${email.to})`,
});

/** Puts a failed e-mail back in the queue; the API answers 409 with its message when it has not failed. */
export const resendEmail = (email: OutboxEmail): Promise<Result<{ msg: string; item: OutboxEmail }>> =>
  api.post(`/cms/emails/${email.id}/resend`);
