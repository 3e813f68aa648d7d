import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  pgEnum,
  pgTable,
  text,
  timestamp,
  unique,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';

// Points and money are integers of hundredths everywhere in here; they become decimals only at the JSON edge.

export const shopkeeperType = pgEnum('shopkeeper_type', ['seller', 'manager', 'consultant']);
/** A shopkeeper who signed up alone waits for approval; those an admin creates are approved. */
export const shopkeeperApproval = pgEnum('shopkeeper_approval', ['pending', 'approved', 'refused']);
export const professionalStatus = pgEnum('professional_status', [
  'pre_registered',
  'incomplete',
  'awaiting_email',
  'active',
]);
export const professionalBehaviour = pgEnum('professional_behaviour', ['active', 'inactive', 'blocked']);
export const participantKind = pgEnum('participant_kind', ['professional', 'shopkeeper']);
export const ledgerKind = pgEnum('ledger_kind', [
  'credit',
  'bonus',
  'extra',
  'redemption',
  'reversal',
  'expiry',
  'adjustment',
]);

// Factories: a column builder reused by two tables would carry the first table's constraint names into the second.
const timestamps = () => ({
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * The last sign-in, and the e-mail that warned the account of its anonymisation for inactivity (docs/privacy.md); a
 * sign-in after it clears the warning.
 */
const retention = () => ({
  lastSignInAt: timestamp('last_sign_in_at', { withTimezone: true }),
  retentionNoticeAt: timestamp('retention_notice_at', { withTimezone: true }),
});

/** The columns every account table shares; e-mails are stored lower-cased so lookups need no lower(). */
const account = () => ({
  id: uuid('id').primaryKey().defaultRandom(),
  name: text('name').notNull(),
  email: varchar('email', { length: 254 }).notNull(),
  // A pre-registered professional has no password yet: '!' never verifies.
  passwordHash: text('password_hash').notNull(),
  // Bumped to revoke every token issued before (logout everywhere, password change, deactivation).
  tokenVersion: integer('token_version').notNull().default(0),
  profileImage: text('profile_image'),
});

export const adminUsers = pgTable(
  'admin_users',
  { ...account(), active: boolean('active').notNull().default(true), ...timestamps() },
  (t) => [
    unique('admin_users_email_unique').on(t.email),
    check('admin_users_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

export interface AddressColumn {
  zipCode: string;
  street: string;
  number: string;
  complement?: string;
  neighborhood: string;
  city: string;
  state: string;
}
export interface OfficeColumn {
  name?: string;
  cnpj?: string;
  role?: string;
}
export interface SocialMediaColumn {
  instagram?: string;
  facebook?: string;
  behance?: string;
  pinterest?: string;
}

export const professionals = pgTable(
  'professionals',
  {
    ...account(),
    cpf: varchar('cpf', { length: 11 }).unique(),
    profession: text('profession'),
    status: professionalStatus('status').notNull().default('pre_registered'),
    behaviour: professionalBehaviour('behaviour').notNull().default('active'),
    cellphone: varchar('cellphone', { length: 11 }),
    birthDate: date('birth_date', { mode: 'string' }),
    gender: text('gender'),
    address: jsonb('address').$type<AddressColumn>(),
    modality: text('modality'),
    cau: text('cau'),
    crea: text('crea'),
    abd: text('abd'),
    // A storage key, never served publicly (the ABD certificate is a personal document).
    abdCertificate: text('abd_certificate'),
    office: jsonb('office').$type<OfficeColumn>(),
    socialMedia: jsonb('social_media').$type<SocialMediaColumn>(),
    referenceStoreId: uuid('reference_store_id').references(() => stores.id),
    referenceSellerId: uuid('reference_seller_id'),
    acceptReceiveEmail: boolean('accept_receive_email').notNull().default(false),
    acceptedTermsVersion: integer('accepted_terms_version'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }),
    ...retention(),
    ...timestamps(),
  },
  (t) => [
    unique('professionals_email_unique').on(t.email),
    check('professionals_email_lower', sql`${t.email} = lower(${t.email})`),
    check('professionals_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    // The few that rankings leave out.
    index('professionals_blocked_idx').on(t.id).where(sql`${t.behaviour} = 'blocked'`),
    // The admin's list in its default order, newest first: a page reads its rows instead of sorting every one.
    index('professionals_created_idx').on(t.createdAt.desc().nullsFirst(), t.id),
  ],
);

export const stores = pgTable(
  'stores',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    cnpj: varchar('cnpj', { length: 14 }).notNull().unique(),
    name: text('name').notNull(),
    email: varchar('email', { length: 254 }),
    phone: varchar('phone', { length: 11 }),
    address: jsonb('address').$type<Partial<AddressColumn>>(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  // Upper-case and unmasked, the alphanumeric CNPJ of 2026 included (check digits are verified in code).
  (t) => [check('stores_cnpj_format', sql`${t.cnpj} ~ '^[0-9A-Z]{12}[0-9]{2}$'`)],
);

export const storeUsers = pgTable(
  'store_users',
  {
    ...account(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    shopkeeperType: shopkeeperType('shopkeeper_type').notNull().default('seller'),
    approval: shopkeeperApproval('approval').notNull().default('approved'),
    active: boolean('active').notNull().default(true),
    cpf: varchar('cpf', { length: 11 }),
    cellphone: varchar('cellphone', { length: 11 }),
    acceptedTermsVersion: integer('accepted_terms_version'),
    acceptedTermsAt: timestamp('accepted_terms_at', { withTimezone: true }),
    // Only a shopkeeper who signs up alone starts unconfirmed (null): one an admin or an import creates is not.
    emailConfirmedAt: timestamp('email_confirmed_at', { withTimezone: true }).defaultNow(),
    ...retention(),
    ...timestamps(),
  },
  // One person may work at several stores under one e-mail (domain: people and accounts), once per store.
  (t) => [
    unique('store_users_store_email_unique').on(t.storeId, t.email),
    unique('store_users_store_cpf_unique').on(t.storeId, t.cpf),
    index('store_users_email_idx').on(t.email),
    check('store_users_email_lower', sql`${t.email} = lower(${t.email})`),
    check('store_users_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
    index('store_users_store_idx').on(t.storeId),
  ],
);

export const levels = pgTable(
  'levels',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull().unique(),
    // The points (in hundredths) earned in a cycle that reach this level; the order of the levels.
    threshold: bigint('threshold', { mode: 'number' }).notNull().unique(),
    sublevels: integer('sublevels').notNull().default(1),
    benefits: text('benefits').notNull().default(''),
    ...timestamps(),
  },
  (t) => [
    check('levels_threshold_positive', sql`${t.threshold} >= 0`),
    check('levels_sublevels', sql`${t.sublevels} >= 1`),
  ],
);

/**
 * Append-only (a trigger refuses UPDATE and DELETE): a balance is the sum of its entries. The unique key lets a
 * source produce each kind of entry once per participant, so a retried or concurrent request never credits twice.
 */
export const ledgerEntries = pgTable(
  'ledger_entries',
  {
    // Time first (migration 0038): a bulk grant appends to the key's index instead of touching a random page per row.
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    participantKind: participantKind('participant_kind').notNull(),
    participantId: uuid('participant_id').notNull(),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    kind: ledgerKind('kind').notNull(),
    sourceType: text('source_type').notNull(),
    sourceId: text('source_id').notNull(),
    issuer: text('issuer'),
    reason: text('reason'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    /** When the row was written; `createdAt` is the date the points count from, earlier for an imported balance. */
    recordedAt: timestamp('recorded_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    unique('ledger_entries_source_once').on(t.sourceType, t.sourceId, t.kind, t.participantKind, t.participantId),
    index('ledger_entries_participant_idx').on(t.participantKind, t.participantId, t.createdAt),
    // The expiry job looks for the points credited before a date, whoever holds them.
    index('ledger_entries_created_idx').on(t.createdAt),
    // ... and for the credits written since its last run, dated before it (imported balances).
    index('ledger_entries_recorded_idx').on(t.recordedAt),
    check(
      'ledger_entries_amount_sign',
      sql`(${t.kind} in ('credit', 'bonus', 'extra') and ${t.amount} > 0)
        or (${t.kind} in ('redemption', 'expiry') and ${t.amount} < 0)
        or (${t.kind} in ('reversal', 'adjustment') and ${t.amount} <> 0)`,
    ),
  ],
);
