import { index, integer, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { ledgerEntries, participantKind } from './foundation';

// The tables of the work done behind the answers (api/src/jobs): the e-mail outbox and what the scheduled jobs
// remember having done. This file imports foundation.ts only, never the index.

export const emailState = pgEnum('email_state', ['pending', 'sent', 'failed']);

/**
 * Every e-mail the programme sends, written in the transaction of the change that causes it and sent by the
 * `email.send` job (docs/jobs.md). A sent message keeps its envelope but not its body: a body may carry a code.
 */
export const emailOutbox = pgTable(
  'email_outbox',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    recipient: text('recipient').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html').notNull(),
    state: emailState('state').notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    lastError: text('last_error'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    failedAt: timestamp('failed_at', { withTimezone: true }),
  },
  (t) => [index('email_outbox_state_idx').on(t.state, t.createdAt, t.id)],
);

/** One row per lot (the ledger entry that credited it) and threshold in days: that reminder went out. */
export const expiryReminders = pgTable(
  'expiry_reminders',
  {
    lotId: uuid('lot_id')
      .notNull()
      .references(() => ledgerEntries.id),
    days: integer('days').notNull(),
    participantKind: participantKind('participant_kind').notNull(),
    participantId: uuid('participant_id').notNull(),
    sentAt: timestamp('sent_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.lotId, t.days] })],
);
