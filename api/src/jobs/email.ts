import type { PageQuery } from '@especifica/mf-shared/contracts';
import { and, count, desc, eq, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../db/client';
import { emailOutbox } from '../db/schema';
import { offsetOf, pageAnswer } from '../kernel/pagination';
import type { Mailer, MailQueue } from '../mail/mailer';
import type { JobQueue } from './queue';

export const EMAIL_JOB = 'email.send';
/** The messages a process sends at once. */
const MAIL_BATCH = 20;

export interface MailRetries {
  /** Sends tried after the first one fails, before the message is given up as failed. */
  retries: number;
  /** The wait before the first retry, in seconds; each next one waits about twice as long (up to an hour). */
  delaySeconds: number;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms).unref());
/** A mail server's answer can be long (a whole SMTP transcript): the outbox keeps its start. */
const errorText = (error: unknown) => (error instanceof Error ? error.message : String(error)).slice(0, 1000);

/**
 * The e-mail outbox: `enqueue` writes the message and its `email.send` job in the caller's transaction; the job
 * sends it (SMTP, or an .eml file without SMTP_URL) and retries with backoff; after the last retry the message is
 * marked failed with its error, for an admin to send again (resendEmail).
 */
export function createMailQueue(
  db: Db,
  queue: JobQueue,
  mailer: Mailer,
  retries: MailRetries,
  /** The metrics' e-mail counters (http/metrics.ts). */
  counters?: { sent(): void; failed(): void },
) {
  let order = 0;
  queue.define<{ id: string }>({
    name: EMAIL_JOB,
    options: {
      retryLimit: retries.retries,
      retryDelay: retries.delaySeconds,
      retryBackoff: true,
      retryDelayMax: 3600,
      // A send that hangs (or a process killed in the middle of one) is tried again after this.
      expireInSeconds: 120,
    },
    // A backlog (a campaign's notices, the queue after an outage) goes out MAIL_BATCH at a time, each message over
    // one of the mailer's pooled SMTP connections, instead of one per poll.
    batch: MAIL_BATCH,
    async handler({ id }, { lastAttempt, log }) {
      // Only a message still pending is sent: a second run of the same job, or a job of a message an admin has
      // since resent, finds it sent or failed and does nothing.
      const [message] = await db
        .update(emailOutbox)
        .set({ attempts: sql`${emailOutbox.attempts} + 1` })
        .where(and(eq(emailOutbox.id, id), eq(emailOutbox.state, 'pending')))
        .returning();
      if (!message) return;
      order += 1;
      try {
        await mailer.send(
          { to: message.recipient, subject: message.subject, text: message.text, html: message.html },
          { at: message.createdAt, order },
        );
      } catch (error) {
        const lastError = errorText(error);
        if (lastAttempt) {
          await db
            .update(emailOutbox)
            .set({ state: 'failed', lastError, failedAt: new Date() })
            .where(eq(emailOutbox.id, id));
          log.error({ err: error, email: id, attempts: message.attempts }, 'e-mail given up');
          counters?.failed();
          return;
        }
        await db.update(emailOutbox).set({ lastError }).where(eq(emailOutbox.id, id));
        log.warn({ err: error, email: id, attempts: message.attempts }, 'e-mail not sent, will retry');
        throw error;
      }
      // The body goes once delivered: it may carry a security code, which the database keeps only hashed.
      await db
        .update(emailOutbox)
        .set({ state: 'sent', sentAt: new Date(), text: '', html: '' })
        .where(eq(emailOutbox.id, id));
      counters?.sent();
    },
  });

  const mailQueue: MailQueue = {
    outbox: mailer.outbox,
    async enqueue(tx, message) {
      const [row] = await tx
        .insert(emailOutbox)
        .values({ recipient: message.to, subject: message.subject, text: message.text, html: message.html })
        .returning({ id: emailOutbox.id });
      if (!row) throw new Error('e-mail not written to the outbox');
      await queue.send(EMAIL_JOB, { id: row.id }, tx);
      // The transaction commits in a moment: the worker here looks then rather than at its next poll.
      setTimeout(() => queue.wake(EMAIL_JOB), 50).unref();
    },
    async idle() {
      const deadline = Date.now() + 30_000;
      for (;;) {
        const [row] = await db.select({ n: count() }).from(emailOutbox).where(eq(emailOutbox.state, 'pending'));
        if (!row?.n) return;
        if (Date.now() > deadline) throw new Error(`${row.n} e-mails still pending after 30 s`);
        queue.wake(EMAIL_JOB);
        await sleep(20);
      }
    },
  };
  return mailQueue;
}

const emailColumns = {
  id: emailOutbox.id,
  to: emailOutbox.recipient,
  subject: emailOutbox.subject,
  state: emailOutbox.state,
  attempts: emailOutbox.attempts,
  lastError: emailOutbox.lastError,
  createdAt: emailOutbox.createdAt,
  sentAt: emailOutbox.sentAt,
  failedAt: emailOutbox.failedAt,
};

type EmailRow = Pick<
  typeof emailOutbox.$inferSelect,
  'id' | 'subject' | 'state' | 'attempts' | 'lastError' | 'createdAt' | 'sentAt' | 'failedAt'
> & { to: string };

const iso = (date: Date | null) => (date ? date.toISOString() : null);
const answerOf = (row: EmailRow) => ({
  ...row,
  createdAt: row.createdAt.toISOString(),
  sentAt: iso(row.sentAt),
  failedAt: iso(row.failedAt),
});

/** A page of the outbox, newest first; `state` narrows it (failed: the ones an admin may send again). */
export async function emailsPage(db: Db, query: PageQuery & { state?: EmailRow['state'] }) {
  const where: SQL | undefined = query.state ? eq(emailOutbox.state, query.state) : undefined;
  const [rows, [total]] = await Promise.all([
    db
      .select(emailColumns)
      .from(emailOutbox)
      .where(where)
      .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
      .limit(query.limit)
      .offset(offsetOf(query)),
    db.select({ n: count() }).from(emailOutbox).where(where),
  ]);
  return pageAnswer(rows.map(answerOf), total?.n ?? 0, query);
}

/** Puts a failed message back in the queue with a fresh job (and fresh retries); null when it is not failed. */
export async function resendEmail(db: Db, queue: JobQueue, id: string) {
  const row = await db.transaction(async (tx) => {
    const [again] = await tx
      .update(emailOutbox)
      .set({ state: 'pending', failedAt: null })
      .where(and(eq(emailOutbox.id, id), eq(emailOutbox.state, 'failed')))
      .returning(emailColumns);
    if (again) await queue.send(EMAIL_JOB, { id }, tx);
    return again;
  });
  if (!row) return null;
  setTimeout(() => queue.wake(EMAIL_JOB), 50).unref();
  return answerOf(row);
}
