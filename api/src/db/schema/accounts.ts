import { sql } from 'drizzle-orm';
import { check, index, integer, pgEnum, pgTable, text, timestamp, uuid, varchar } from 'drizzle-orm/pg-core';
import { professionals, storeUsers } from './foundation';

export const accountRole = pgEnum('account_role', ['admin', 'professional', 'shopkeeper']);

/**
 * Password reset codes (domain: 6 digits, stored hashed, 10 minutes, single use, 5 wrong tries burn it). Keyed by
 * role and e-mail, not by account: a person with accounts at two stores resets both with one code.
 */
export const passwordResetCodes = pgTable(
  'password_reset_codes',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    role: accountRole('role').notNull(),
    email: varchar('email', { length: 254 }).notNull(),
    codeHash: text('code_hash').notNull(),
    attempts: integer('attempts').notNull().default(0),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    // Set when used, burnt by wrong tries, or replaced by a newer code: the code is then dead.
    closedAt: timestamp('closed_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('password_reset_codes_lookup_idx').on(t.role, t.email, t.createdAt),
    check('password_reset_codes_attempts', sql`${t.attempts} >= 0`),
  ],
);

/** The links of the confirmation e-mails: the token travels in the link, only its hash is kept. */
export const emailConfirmations = pgTable(
  'email_confirmations',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    // The account it confirms: a professional, or a shopkeeper who signed up alone (exactly one of the two).
    professionalId: uuid('professional_id').references(() => professionals.id, { onDelete: 'cascade' }),
    storeUserId: uuid('store_user_id').references(() => storeUsers.id, { onDelete: 'cascade' }),
    tokenHash: text('token_hash').notNull().unique(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index('email_confirmations_professional_idx').on(t.professionalId),
    index('email_confirmations_store_user_idx').on(t.storeUserId),
    check('email_confirmations_one_account', sql`num_nonnulls(${t.professionalId}, ${t.storeUserId}) = 1`),
  ],
);

/** The regulation, by version; the highest published one is current. */
export const termsVersions = pgTable(
  'terms_versions',
  {
    version: integer('version').primaryKey(),
    title: text('title').notNull(),
    content: text('content').notNull(),
    publishedAt: timestamp('published_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [check('terms_versions_positive', sql`${t.version} > 0`)],
);
