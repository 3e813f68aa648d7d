import { sql } from 'drizzle-orm';
import {
  bigint,
  boolean,
  check,
  date,
  index,
  integer,
  jsonb,
  numeric,
  pgEnum,
  pgTable,
  primaryKey,
  text,
  timestamp,
  unique,
  uniqueIndex,
  uuid,
  varchar,
} from 'drizzle-orm/pg-core';
import { levels, participantKind, professionals, stores, storeUsers } from './foundation';

// The programme's tables (stores' catalogue, invoices, campaigns, experiences, notifications, audit). Points and
// money are integers of hundredths, as in the ledger. Kept apart from foundation.ts so that two people can add tables
// without editing one file; this file imports foundation.ts, never the other way round, and never the index.

export const invoiceStatus = pgEnum('invoice_status', ['pending', 'approved', 'rejected', 'cancelled']);
/** An NF-e XML's signature as checked on arrival (domain: invoice trust). */
export const invoiceSignature = pgEnum('invoice_signature', ['verified', 'unsigned', 'invalid']);
/** An automatic approval sampled for a human to look at after the fact (domain: invoice trust, "conferência"). */
export const invoiceConference = pgEnum('invoice_conference', ['pending', 'confirmed', 'cancelled']);
export const acceleratorTarget = pgEnum('accelerator_target', ['product', 'brand', 'category', 'store']);
export const recipientKind = pgEnum('recipient_kind', ['admin', 'professional', 'shopkeeper']);
export const subscriptionStatus = pgEnum('subscription_status', ['subscribed', 'cancelled']);
export const grantStatus = pgEnum('grant_status', ['granted', 'removed']);

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();
const timestamps = () => ({
  createdAt: createdAt(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/** One row (id 1); a missing row means the defaults below. */
export const programmeSettings = pgTable(
  'programme_settings',
  {
    id: integer('id').primaryKey().default(1),
    // Hundredths of a point for each R$ 1,00 of participating products (100 = 1 point per real).
    pointsPerReal: integer('points_per_real').notNull().default(100),
    // The shopkeeper's share of an invoice's base points, in basis points (1000 = 10 %).
    shopkeeperShareBp: integer('shopkeeper_share_bp').notNull().default(1000),
    expiryMonths: integer('expiry_months').notNull().default(24),
    customerWindowDays: integer('customer_window_days').notNull().default(180),
    // Days from sending within which an invoice should be reviewed (domain: invoice trust, default 5).
    reviewDeadlineDays: integer('review_deadline_days').notNull().default(5),
    // The automatic review (domain: invoice trust): off in a new programme; the hours after the date of issue before
    // it decides; the largest total (hundredths of a real) and the oldest date of issue (days) it approves; the share
    // of its approvals sampled for a human (basis points: 500 = 5 %).
    autoReview: boolean('auto_review').notNull().default(false),
    autoReviewHoldHours: integer('auto_review_hold_hours').notNull().default(24),
    autoReviewMaxTotal: bigint('auto_review_max_total', { mode: 'number' }).notNull().default(500_000),
    autoReviewMaxAgeDays: integer('auto_review_max_age_days').notNull().default(90),
    autoReviewSampleBp: integer('auto_review_sample_bp').notNull().default(500),
    // Risk flags' thresholds: more invoices than this from one professional in 24 hours; a total above this.
    riskInvoicesPerDay: integer('risk_invoices_per_day').notNull().default(10),
    riskTotalAbove: bigint('risk_total_above', { mode: 'number' }).notNull().default(5_000_000),
    // An account without a sign-in for this many years is anonymised, after an e-mail 30 days before (LGPD).
    retentionYears: integer('retention_years').notNull().default(5),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('programme_settings_single_row', sql`${t.id} = 1`),
    check(
      'programme_settings_ranges',
      sql`${t.pointsPerReal} >= 0 and ${t.shopkeeperShareBp} between 0 and 10000
      and ${t.expiryMonths} between 1 and 120 and ${t.customerWindowDays} between 1 and 3650
      and ${t.reviewDeadlineDays} between 1 and 90`,
    ),
    check(
      'programme_settings_auto_review',
      sql`${t.autoReviewHoldHours} between 0 and 720 and ${t.autoReviewMaxTotal} >= 0
      and ${t.autoReviewMaxAgeDays} between 1 and 365 and ${t.autoReviewSampleBp} between 0 and 10000
      and ${t.riskInvoicesPerDay} between 1 and 1000 and ${t.riskTotalAbove} >= 0`,
    ),
    check('programme_settings_retention', sql`${t.retentionYears} between 1 and 20`),
  ],
);

export const products = pgTable(
  'products',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    sku: varchar('sku', { length: 60 }).notNull().unique(),
    name: text('name').notNull(),
    brand: text('brand').notNull().default(''),
    category: text('category').notNull().default(''),
    active: boolean('active').notNull().default(true),
    // The product's picture in the API's storage (served by GET /api/products/:id/image), if it has one.
    imageKey: text('image_key'),
    ...timestamps(),
  },
  (t) => [index('products_brand_idx').on(t.brand), index('products_category_idx').on(t.category)],
);

export const accelerators = pgTable(
  'accelerators',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    // Hundredths: 150 multiplies the base points of a matching line by 1,5.
    multiplier: integer('multiplier').notNull(),
    targetType: acceleratorTarget('target_type').notNull(),
    // A product or store id, or a brand or category name.
    targetValue: text('target_value').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    check('accelerators_multiplier', sql`${t.multiplier} > 100 and ${t.multiplier} <= 10000`),
    check('accelerators_period', sql`${t.endsAt} > ${t.startsAt}`),
    index('accelerators_period_idx').on(t.startsAt, t.endsAt),
  ],
);

/** A professional's customer; valid for a window (180 days) that renew extends. */
export const customers = pgTable(
  'customers',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id),
    name: text('name').notNull(),
    cpf: varchar('cpf', { length: 11 }).notNull(),
    phone: varchar('phone', { length: 11 }),
    email: varchar('email', { length: 254 }),
    active: boolean('active').notNull().default(true),
    validUntil: timestamp('valid_until', { withTimezone: true }).notNull(),
    // The customer objected to the registration (LGPD, docs/privacy.md): it ended then, and attributes nothing since.
    objectedAt: timestamp('objected_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    unique('customers_professional_cpf_unique').on(t.professionalId, t.cpf),
    index('customers_cpf_idx').on(t.cpf, t.validUntil),
    check('customers_cpf_digits', sql`${t.cpf} ~ '^[0-9]{11}$'`),
  ],
);

/**
 * The periods in which a customer's purchases count for their professional (domain: customers): one from the
 * registration, extended by a renewal inside it, and a new one from a renewal after it lapsed, so that an invoice
 * dated in the gap is never attributed.
 */
export const customerWindows = pgTable(
  'customer_windows',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    customerId: uuid('customer_id')
      .notNull()
      .references(() => customers.id, { onDelete: 'cascade' }),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    index('customer_windows_customer_idx').on(t.customerId, t.endsAt),
    check('customer_windows_order', sql`${t.startsAt} <= ${t.endsAt}`),
  ],
);

/**
 * The programme's rules for one profession (domain.md, "Rules per profession"); a profession without a row follows
 * the defaults: earns points, experiences bought with points, levels shown, no disclosure. A change applies from the
 * moment it is saved and never rewrites the ledger.
 */
export const professionRules = pgTable(
  'profession_rules',
  {
    profession: text('profession').primaryKey(),
    // 'points': invoices, accelerators and campaigns credit points; 'nothing': nothing is credited.
    earns: text('earns').notNull().default('points'),
    // 'points': experiences cost their points and minimum level; 'open': cost 0, no minimum level, seats only.
    experiences: text('experiences').notNull().default('points'),
    levels: boolean('levels').notNull().default(true),
    // An invoice counts only once its buyer was told: a customer notice, or the professional's declaration.
    clientDisclosure: boolean('client_disclosure').notNull().default(false),
    // Shown at sign-up and on /regulation to the professionals of this profession.
    text: text('text').notNull().default(''),
    updatedBy: text('updated_by'),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    check('profession_rules_earns', sql`${t.earns} in ('points', 'nothing')`),
    check('profession_rules_experiences', sql`${t.experiences} in ('points', 'open')`),
  ],
);

export const invoices = pgTable(
  'invoices',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    professionalId: uuid('professional_id')
      .notNull()
      .references(() => professionals.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    // The shopkeeper who registered the sale (earns the share), if one did.
    shopkeeperId: uuid('shopkeeper_id').references(() => storeUsers.id),
    customerId: uuid('customer_id').references(() => customers.id),
    number: varchar('number', { length: 20 }).notNull(),
    series: varchar('series', { length: 5 }).notNull(),
    accessKey: varchar('access_key', { length: 44 }),
    issuedOn: date('issued_on', { mode: 'string' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    customerCpf: varchar('customer_cpf', { length: 11 }),
    customerName: text('customer_name'),
    status: invoiceStatus('status').notNull().default('pending'),
    fileKey: text('file_key'),
    submittedBy: text('submitted_by').notNull(),
    reviewedBy: text('reviewed_by'),
    reviewedAt: timestamp('reviewed_at', { withTimezone: true }),
    reason: text('reason'),
    // What approval credited (base and accelerator bonus), kept for lists; the ledger is the truth.
    points: bigint('points', { mode: 'number' }).notNull().default(0),
    bonusPoints: bigint('bonus_points', { mode: 'number' }).notNull().default(0),
    // The NF-e's signature as checked when the XML arrived: null for an invoice without one (a PDF, a photo, typed).
    // Verified: the certificate's holder and CNPJ; invalid: why, in pt-BR.
    signature: invoiceSignature('signature'),
    signerName: text('signer_name'),
    signerCnpj: varchar('signer_cnpj', { length: 14 }),
    signatureReason: text('signature_reason'),
    // The risk flags computed when it arrived (domain: invoice trust), added to when another account tries it again.
    riskFlags: text('risk_flags').array().notNull().default(sql`'{}'::text[]`),
    // The instant of ide/dhEmi, for an NF-e XML: the automatic review's hold counts from it.
    issuedAt: timestamp('issued_at', { withTimezone: true }),
    // The automatic review's one decision: when, and the first rule that failed (null: approved by it).
    autoReviewedAt: timestamp('auto_reviewed_at', { withTimezone: true }),
    autoReviewRule: text('auto_review_rule'),
    // An automatic approval sampled for a human: pending, confirmed (by whom, when) or cancelled.
    conference: invoiceConference('conference'),
    conferenceBy: text('conference_by'),
    conferenceAt: timestamp('conference_at', { withTimezone: true }),
    // When the professional declared that the buyer was told of the programme (rules per profession, disclosure).
    disclosedAt: timestamp('disclosed_at', { withTimezone: true }),
    ...timestamps(),
  },
  (t) => [
    // A rejected invoice may be sent again; any other one exists once (domain: it can never earn twice).
    uniqueIndex('invoices_store_number_series_unique')
      .on(t.storeId, t.number, t.series)
      .where(sql`${t.status} <> 'rejected'`),
    uniqueIndex('invoices_access_key_unique')
      .on(t.accessKey)
      .where(sql`${t.status} <> 'rejected' and ${t.accessKey} is not null`),
    index('invoices_professional_idx').on(t.professionalId, t.createdAt),
    index('invoices_status_idx').on(t.status, t.createdAt),
    // Exports read every invoice in this order, 5,000 after the last one seen.
    index('invoices_created_idx').on(t.createdAt, t.id),
    index('invoices_store_idx').on(t.storeId, t.createdAt),
    // The review queue of one store in one status (pending, oldest first): counted and paged from the index alone.
    index('invoices_store_status_idx').on(t.storeId, t.status, t.createdAt),
    index('invoices_shopkeeper_idx').on(t.shopkeeperId),
    // Invoices arrive in about the order they were issued: a block range index finds a period's invoices (the
    // specifications and their exports, from/to) without reading the whole table, at a few pages for ten million.
    index('invoices_issued_brin').using('brin', t.issuedOn),
    // The queue filtered by a flag (flag=): the invoices holding it, whatever their number.
    index('invoices_risk_flags_idx').using('gin', t.riskFlags),
    // The automatic review's work: the pending invoices it has not decided yet, oldest first.
    index('invoices_auto_review_idx')
      .on(t.createdAt)
      .where(sql`${t.status} = 'pending' and ${t.autoReviewedAt} is null`),
    // The conferência list: the sampled automatic approvals.
    index('invoices_conference_idx').on(t.conference, t.reviewedAt).where(sql`${t.conference} is not null`),
    check('invoices_total', sql`${t.total} >= 0`),
  ],
);

export const invoiceLines = pgTable(
  'invoice_lines',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    invoiceId: uuid('invoice_id')
      .notNull()
      .references(() => invoices.id, { onDelete: 'cascade' }),
    position: integer('position').notNull(),
    sku: varchar('sku', { length: 60 }).notNull(),
    description: text('description').notNull().default(''),
    quantity: numeric('quantity', { precision: 14, scale: 3 }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    // What the approval credited for this line (base plus accelerator bonus) and whether it took part, kept as given
    // so a later change of the rules (points per R$, accelerators, the catalogue) does not rewrite a decided invoice.
    // Null while the invoice is pending: the queue then shows what the rules would give now.
    points: bigint('points', { mode: 'number' }),
    participating: boolean('participating'),
  },
  (t) => [
    unique('invoice_lines_position_unique').on(t.invoiceId, t.position),
    check('invoice_lines_total', sql`${t.total} >= 0`),
  ],
);

export const notifications = pgTable(
  'notifications',
  {
    // Time first (migration 0038): a bulk grant appends to the key's index instead of touching a random page per row.
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    /** Increases with every notification: the id of its event on the live stream (`Last-Event-ID`). */
    seq: bigint('seq', { mode: 'number' }).generatedAlwaysAsIdentity().notNull(),
    recipientKind: recipientKind('recipient_kind').notNull(),
    recipientId: uuid('recipient_id').notNull(),
    type: text('type').notNull(),
    title: text('title').notNull(),
    message: text('message').notNull(),
    data: jsonb('data').$type<Record<string, unknown>>(),
    readAt: timestamp('read_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  // One index per recipient (migration 0040): the live stream replays by seq, and the bell's page counts every one of
  // its reader's notices anyway, so sorting them by date needs no index of its own (a bulk grant wrote both).
  (t) => [index('notifications_recipient_seq_idx').on(t.recipientKind, t.recipientId, t.seq)],
);

export const auditRecords = pgTable(
  'audit_records',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    actorKind: recipientKind('actor_kind'),
    actorId: uuid('actor_id'),
    actorName: text('actor_name').notNull(),
    action: text('action').notNull(),
    entity: text('entity').notNull(),
    entityId: text('entity_id'),
    before: jsonb('before'),
    after: jsonb('after'),
    createdAt: createdAt(),
  },
  (t) => [index('audit_records_entity_idx').on(t.entity, t.entityId), index('audit_records_time_idx').on(t.createdAt)],
);

export const experienceCategories = pgTable(
  'experience_categories',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    type: participantKind('type').notNull(),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [unique('experience_categories_name_type_unique').on(t.name, t.type)],
);

export const experiences = pgTable(
  'experiences',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    categoryId: uuid('category_id')
      .notNull()
      .references(() => experienceCategories.id),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    place: text('place').notNull().default(''),
    happensAt: timestamp('happens_at', { withTimezone: true }).notNull(),
    imageKey: text('image_key'),
    seats: integer('seats').notNull(),
    seatsTaken: integer('seats_taken').notNull().default(0),
    minLevelId: uuid('min_level_id').references(() => levels.id, { onDelete: 'set null' }),
    cost: bigint('cost', { mode: 'number' }).notNull().default(0),
    // The secret of the attendance QR code (/experiences/qrcode/{experienceId}/{code}).
    qrCode: varchar('qr_code', { length: 64 }).notNull(),
    attendancePoints: bigint('attendance_points', { mode: 'number' }).notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [
    // The seat count can never pass the seats, whatever the concurrency: the database refuses it.
    check('experiences_seats', sql`${t.seats} >= 0 and ${t.seatsTaken} >= 0 and ${t.seatsTaken} <= ${t.seats}`),
    check('experiences_cost', sql`${t.cost} >= 0 and ${t.attendancePoints} >= 0`),
    index('experiences_category_idx').on(t.categoryId),
    index('experiences_date_idx').on(t.happensAt),
  ],
);

export const experienceSubscriptions = pgTable(
  'experience_subscriptions',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    experienceId: uuid('experience_id')
      .notNull()
      .references(() => experiences.id),
    participantKind: participantKind('participant_kind').notNull(),
    participantId: uuid('participant_id').notNull(),
    status: subscriptionStatus('status').notNull().default('subscribed'),
    cost: bigint('cost', { mode: 'number' }).notNull(),
    attendedAt: timestamp('attended_at', { withTimezone: true }),
    cancelledAt: timestamp('cancelled_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    uniqueIndex('experience_subscriptions_once')
      .on(t.experienceId, t.participantKind, t.participantId)
      .where(sql`${t.status} = 'subscribed'`),
    index('experience_subscriptions_participant_idx').on(t.participantKind, t.participantId),
  ],
);

export const extraPointCampaigns = pgTable(
  'extra_point_campaigns',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    name: text('name').notNull(),
    description: text('description').notNull().default(''),
    amount: bigint('amount', { mode: 'number' }).notNull(),
    audience: participantKind('audience').notNull(),
    startsAt: timestamp('starts_at', { withTimezone: true }).notNull(),
    endsAt: timestamp('ends_at', { withTimezone: true }).notNull(),
    active: boolean('active').notNull().default(true),
    // The secret of the campaign's QR code (/point-extra/qrcode?id=…&code=…): the id alone takes nothing.
    qrCode: varchar('qr_code', { length: 64 }).notNull(),
    ...timestamps(),
  },
  (t) => [
    check('extra_point_campaigns_amount', sql`${t.amount} > 0`),
    check('extra_point_campaigns_period', sql`${t.endsAt} > ${t.startsAt}`),
  ],
);

/** Who got a campaign's points; one row per person and campaign, ever (a removal keeps the row). */
export const extraPointGrants = pgTable(
  'extra_point_grants',
  {
    // Time first (migration 0038): a bulk grant appends to the key's index instead of touching a random page per row.
    id: uuid('id').primaryKey().default(sql`uuid_v7()`),
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => extraPointCampaigns.id),
    participantKind: participantKind('participant_kind').notNull(),
    participantId: uuid('participant_id').notNull(),
    // Set when the grant came with a store (each of its shopkeepers gets one).
    storeId: uuid('store_id').references(() => stores.id),
    status: grantStatus('status').notNull().default('granted'),
    via: text('via').notNull(),
    grantedBy: text('granted_by').notNull(),
    reason: text('reason'),
    removedAt: timestamp('removed_at', { withTimezone: true }),
    createdAt: createdAt(),
    /**
     * The call that made the grant (one id per call, time first): its bell notices are written by a job after the
     * call commits (extra-points service, `GRANT_NOTICES_JOB`), found by this. Null for grants noticed at once.
     */
    noticeBatch: uuid('notice_batch'),
  },
  (t) => [
    unique('extra_point_grants_once').on(t.campaignId, t.participantKind, t.participantId),
    index('extra_point_grants_participant_idx').on(t.participantKind, t.participantId),
    index('extra_point_grants_store_idx').on(t.campaignId, t.storeId),
    index('extra_point_grants_notice_batch_idx').on(t.noticeBatch).where(sql`${t.noticeBatch} is not null`),
  ],
);

/**
 * The grant calls whose notices were written: the notice job's mark, in the transaction of the notices, so that a
 * job run twice (at least once, maybe twice) writes them once.
 */
export const extraPointNoticeBatches = pgTable('extra_point_notice_batches', {
  batch: uuid('batch').primaryKey(),
  noticedAt: timestamp('noticed_at', { withTimezone: true }).notNull().defaultNow(),
});

export const extraPointStores = pgTable(
  'extra_point_stores',
  {
    campaignId: uuid('campaign_id')
      .notNull()
      .references(() => extraPointCampaigns.id),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    status: grantStatus('status').notNull().default('granted'),
    createdAt: createdAt(),
    removedAt: timestamp('removed_at', { withTimezone: true }),
  },
  (t) => [primaryKey({ columns: [t.campaignId, t.storeId] })],
);

export const storeInvites = pgTable(
  'store_invites',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id),
    email: varchar('email', { length: 254 }).notNull(),
    name: text('name').notNull().default(''),
    invitedBy: text('invited_by').notNull(),
    acceptedAt: timestamp('accepted_at', { withTimezone: true }),
    createdAt: createdAt(),
  },
  (t) => [
    unique('store_invites_store_email_unique').on(t.storeId, t.email),
    check('store_invites_email_lower', sql`${t.email} = lower(${t.email})`),
  ],
);

/**
 * Points earned per participant and cycle (calendar year in São Paulo), kept by a trigger on ledger_entries in the
 * same transaction as the entries: a standing, a level and an extract read it instead of summing millions of entries.
 * It has no index but its key, and room left on its pages (fillfactor 70, migration 0042), so that moving a total
 * writes no index entry (a HOT update); the rankings read their copy, `ranking_points`.
 */
/** Whose cycle: the key of cycle_points and of its rankings' copy. */
const cycleKey = () => ({
  participantKind: participantKind('participant_kind').notNull(),
  participantId: uuid('participant_id').notNull(),
  cycleYear: integer('cycle_year').notNull(),
});

const cycleColumns = () => ({
  ...cycleKey(),
  earned: bigint('earned', { mode: 'number' }).notNull(),
  // When the total last moved: the tie-break of the rankings (earliest reach first).
  reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
});

export const cyclePoints = pgTable('cycle_points', cycleColumns(), (t) => [
  primaryKey({ columns: [t.participantKind, t.participantId, t.cycleYear] }),
]);

/**
 * The rankings' copy of `cycle_points`, with the rankings' index. A statement on `cycle_points` copies its rows here
 * in its own transaction, except in a bulk grant's transaction: there it lists them in `ranking_points_pending`, and
 * the `rankings.refresh` job copies them once it commits (migration 0042; docs/jobs.md, "The rankings of a grant").
 */
export const rankingPoints = pgTable('ranking_points', cycleColumns(), (t) => [
  primaryKey({ columns: [t.participantKind, t.participantId, t.cycleYear] }),
  index('ranking_points_ranking_idx').on(
    t.cycleYear,
    t.participantKind,
    sql`${t.earned} desc`,
    t.reachedAt,
    t.participantId,
  ),
]);

/**
 * The cycles whose copy in `ranking_points` waits for the `rankings.refresh` job. No key and no index: a grant to
 * 100,000 professionals appends 100,000 rows, and the job takes them all at once.
 */
export const rankingPointsPending = pgTable('ranking_points_pending', cycleKey());

/**
 * `cycle_points` summed per cycle and kind of participant: the points earned and how many have earned any. Kept by
 * statement triggers on `cycle_points` in the transaction that moves them (migration dashboard_cycle_totals), so
 * the CMS dashboard reads a few rows instead of every participant's cycle.
 */
export const cycleTotals = pgTable(
  'cycle_totals',
  {
    cycleYear: integer('cycle_year').notNull(),
    participantKind: participantKind('participant_kind').notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull(),
    /** Participants whose points earned in the cycle are above zero. */
    earners: bigint('earners', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.cycleYear, t.participantKind] })],
);

/**
 * A store's points per cycle: what its shopkeepers earned in `cycle_points` (those above zero), summed, reached at the
 * latest of their moments (domain: points). Kept by statement triggers on `cycle_points` and `store_users` in the
 * transaction that moves them (migration store_cycle_points), so the stores' ranking reads a page of rows instead of
 * summing every shopkeeper's cycle.
 */
export const storeCyclePoints = pgTable(
  'store_cycle_points',
  {
    storeId: uuid('store_id')
      .notNull()
      .references(() => stores.id, { onDelete: 'cascade' }),
    cycleYear: integer('cycle_year').notNull(),
    earned: bigint('earned', { mode: 'number' }).notNull(),
    reachedAt: timestamp('reached_at', { withTimezone: true }).notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.storeId, t.cycleYear] }),
    index('store_cycle_points_ranking_idx').on(t.cycleYear, sql`${t.earned} desc`, t.reachedAt, t.storeId),
  ],
);

/**
 * How many rows a large table holds, kept by statement triggers on it in the transaction that inserts or deletes
 * them (migration dashboard_cycle_totals): the CMS dashboard counts 100,000 professionals without reading them.
 */
export const rowCounts = pgTable('row_counts', {
  tableName: text('table_name').primaryKey(),
  rows: bigint('rows', { mode: 'number' }).notNull(),
});

/**
 * Invoices by the month they were issued (São Paulo's calendar) and status: count, value and points. Kept by
 * statement triggers on `invoices` in the transaction that changes them (migration dashboard_months), so the CMS
 * dashboard reads a few dozen rows instead of every invoice.
 */
export const invoiceMonths = pgTable(
  'invoice_months',
  {
    month: date('month', { mode: 'string' }).notNull(),
    status: invoiceStatus('status').notNull(),
    invoices: bigint('invoices', { mode: 'number' }).notNull(),
    total: bigint('total', { mode: 'number' }).notNull(),
    points: bigint('points', { mode: 'number' }).notNull(),
  },
  (t) => [primaryKey({ columns: [t.month, t.status] })],
);

/** How far a periodic job got (the expiry job's last cut-off), so a run only looks at what is new since. */
export const jobWatermarks = pgTable('job_watermarks', {
  name: text('name').primaryKey(),
  upTo: timestamp('up_to', { withTimezone: true }).notNull(),
  ranAt: timestamp('ran_at', { withTimezone: true }).notNull().defaultNow(),
});

/** The FAQ of the participant area: questions grouped by topic, in the order the admin sets. */
export const faqEntries = pgTable(
  'faq_entries',
  {
    id: uuid('id').primaryKey().defaultRandom(),
    topic: text('topic').notNull(),
    question: text('question').notNull(),
    answer: text('answer').notNull(),
    position: integer('position').notNull().default(0),
    active: boolean('active').notNull().default(true),
    ...timestamps(),
  },
  (t) => [unique('faq_entries_question_unique').on(t.question), index('faq_entries_order_idx').on(t.topic, t.position)],
);
