import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
  uuid,
} from 'drizzle-orm/pg-core';
import { accountRole } from './accounts';
import { participantKind } from './foundation';
import { customers } from './programme';

// The LGPD's records (docs/privacy.md). This file imports area files only, never the index.

export const consentPurpose = pgEnum('consent_purpose', [
  'regulation',
  'privacy-policy',
  'marketing-email',
  'marketing-whatsapp',
]);
export const consentChannel = pgEnum('consent_channel', [
  'sign-up',
  'terms-prompt',
  'privacy-page',
  'profile',
  'migration',
]);

/**
 * Every consent given or withdrawn, never overwritten (domain.md, "Privacy"): the person's current choice for a
 * purpose is their newest record of it. The IP is kept only as a keyed hash.
 */
export const consentRecords = pgTable(
  'consent_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectKind: participantKind('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    purpose: consentPurpose('purpose').notNull(),
    version: integer('version'),
    given: boolean('given').notNull(),
    channel: consentChannel('channel').notNull(),
    ipHash: text('ip_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('consent_records_subject_idx').on(t.subjectKind, t.subjectId, t.purpose, t.createdAt),
    // The regulation and the policy are accepted by version; marketing has none.
    check(
      'consent_records_version',
      sql`(${t.purpose} in ('regulation', 'privacy-policy')) = (${t.version} is not null)`,
    ),
  ],
);

/**
 * The notice a registered customer with an e-mail receives (who registered them, at which programme, what it means,
 * and a link to object). The link's token travels in the e-mail; only its hash is kept. An objection is kept here
 * with its optional reason, which only admins read.
 */
export const customerNotices = pgTable(
  'customer_notices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    email: text('email').notNull(),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    objectedAt: timestamp('objected_at', { withTimezone: true }),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('customer_notices_customer_idx').on(t.customerId)],
);

/**
 * Each sign-in of an account: when, from where (a keyed hash of the IP) and with what (the browser's user agent). The
 * person reads theirs in the copy of their data; the access records the Marco Civil (Lei 12.965/2014, art. 15) asks an
 * application to keep for six months, deleted after (`privacy.sign-ins` schedule).
 */
export const signIns = pgTable(
  'sign_ins',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: accountRole('role').notNull(),
    accountId: uuid('account_id').notNull(),
    ipHash: text('ip_hash'),
    userAgent: text('user_agent'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('sign_ins_account_idx').on(t.role, t.accountId, t.createdAt),
    index('sign_ins_created_idx').on(t.createdAt),
  ],
);

export const dataRequestState = pgEnum('data_request_state', ['received', 'in-progress', 'done', 'refused']);

/**
 * A holder's request under the LGPD (art. 18): today the deletion of one's account. Answered within 15 days
 * (`deadline`); every step is audited (entity `data-request`). Once done, the person's e-mail and CPF live on only as
 * keyed hashes here, so that the same person is recognised if they sign up again.
 */
export const dataRequests = pgTable(
  'data_requests',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    subjectKind: participantKind('subject_kind').notNull(),
    subjectId: uuid('subject_id').notNull(),
    state: dataRequestState('state').notNull().default('received'),
    deadline: timestamp('deadline', { withTimezone: true }).notNull(),
    refusalReason: text('refusal_reason'),
    handledBy: text('handled_by'),
    handledAt: timestamp('handled_at', { withTimezone: true }),
    // The anonymisation's own progress: the database part commits with the files it leaves to delete, which a retry
    // after a crash deletes before the request is done.
    anonymisedAt: timestamp('anonymised_at', { withTimezone: true }),
    files: jsonb('files').$type<string[]>(),
    emailHash: text('email_hash'),
    cpfHash: text('cpf_hash'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('data_requests_state_idx').on(t.state, t.deadline),
    // One open request per person at a time.
    uniqueIndex('data_requests_open_unique')
      .on(t.subjectKind, t.subjectId)
      .where(sql`${t.state} in ('received', 'in-progress')`),
    index('data_requests_email_hash_idx').on(t.emailHash),
    index('data_requests_cpf_hash_idx').on(t.cpfHash),
  ],
);
