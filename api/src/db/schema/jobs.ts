import { index, integer, jsonb, pgEnum, pgTable, primaryKey, text, timestamp, uuid } from 'drizzle-orm/pg-core';
import { accountRole } from './accounts';
import { ledgerEntries, participantKind } from './foundation';

// The tables of the work done behind the answers (api/src/jobs): the e-mail outbox, what the scheduled jobs
// remember having done, and the long tasks people follow. This file imports area files only, never the index.

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

export const taskState = pgEnum('task_state', ['queued', 'running', 'done', 'failed']);

/**
 * A long piece of work a person asked for (a CSV import, a large export), done by a job and followed on its page:
 * its progress while it runs, then its result (counts and bad rows, or a file in storage) for 7 days, readable by
 * its owner only (docs/jobs.md).
 */
export const tasks = pgTable(
  'tasks',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    ownerKind: accountRole('owner_kind').notNull(),
    ownerId: uuid('owner_id').notNull(),
    /** What it is: `import:products`, `export:audit`... (api/src/tasks). */
    kind: text('kind').notNull(),
    state: taskState('state').notNull().default('queued'),
    /** What the job needs to do it again from the start: the stored upload, or the export's filters. */
    input: jsonb('input').$type<Record<string, unknown>>().notNull(),
    /** Rows done so far, of `total` when known. */
    done: integer('done').notNull().default(0),
    total: integer('total'),
    /** Counts and bad rows of an import, or the file of an export. */
    result: jsonb('result').$type<Record<string, unknown>>(),
    /** Why it failed, in pt-BR. */
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    startedAt: timestamp('started_at', { withTimezone: true }),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    /** When the task, its result and its files are deleted. */
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('tasks_owner_idx').on(t.ownerKind, t.ownerId, t.kind, t.createdAt),
    index('tasks_expires_idx').on(t.expiresAt),
  ],
);
