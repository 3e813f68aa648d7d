import { z } from 'zod/mini';
import { pageOf, pageQuerySchema } from './common';

// The e-mail outbox (Programa > E-mails): every message the programme sends, as admins see it. The body is never
// listed: a message may carry a security code.

export const emailStates = ['pending', 'sent', 'failed'] as const;
export const emailStateSchema = z.enum(emailStates, 'Escolha a situação: pending, sent ou failed.');
export type EmailState = z.infer<typeof emailStateSchema>;

export const outboxEmailSchema = z.object({
  id: z.string(),
  to: z.string(),
  subject: z.string(),
  state: emailStateSchema,
  /** Sends tried so far. */
  attempts: z.number().check(z.int()),
  /** The last failure's message, as the mail server answered. */
  lastError: z.nullable(z.string()),
  createdAt: z.string(),
  sentAt: z.nullable(z.string()),
  failedAt: z.nullable(z.string()),
});
export type OutboxEmail = z.infer<typeof outboxEmailSchema>;

export const emailsQuerySchema = z.extend(pageQuerySchema, { state: z.optional(emailStateSchema) });
export type EmailsQuery = z.infer<typeof emailsQuerySchema>;
export const emailsPageSchema = pageOf(outboxEmailSchema);

export const emailResentSchema = z.object({ msg: z.string(), item: outboxEmailSchema });
