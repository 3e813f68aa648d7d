import { randomInt } from 'node:crypto';
import {
  type AutomaticReviewRule,
  type AutomaticReviewToday,
  automaticReviewRuleLabels,
  automaticReviewRules,
} from '@especifica/mf-shared/contracts';
import { and, asc, eq, gt, gte, inArray, isNull, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, invoices, professionals, stores } from '../../db/schema';
import { audit, auditMany } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { type ProgrammeSettings, settingsOf } from '../../kernel/settings';
import { issuerOf } from '../ledger';
import { awaitingDisclosure } from '../professions';
import { approveInvoices, invoiceNotFound } from './status.service';

// The automatic review (domain.md, "Invoice trust"; docs/invoice-trust.md): a scheduled job that decides each pending
// invoice once its hold has passed, approving through the admins' own status change when every rule holds.

type Invoice = typeof invoices.$inferSelect;
export interface RuleCheck {
  rule: AutomaticReviewRule;
  label: string;
  passed: boolean;
}

export interface AutomaticReviewRun {
  /** Invoices decided by this run: approved plus held. */
  decided: number;
  approved: number;
  held: number;
  /** Approvals sampled into the conferência list. */
  sampled: number;
}

const HOUR = 3_600_000;
const DAY = 24 * HOUR;
/** Invoices read per query, and decided in one transaction. */
const BATCH = 200;
const SAO_PAULO_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' });

/**
 * Since when the hold counts: the instant of ide/dhEmi when the invoice came as an NF-e XML; otherwise the end of its
 * São Paulo date of issue (UTC-3), the latest instant the date allows.
 */
const issuedAtSql = sql`coalesce(${invoices.issuedAt}, ((${invoices.issuedOn} + 1)::timestamp + interval '3 hours') at time zone 'UTC')`;

function issuedAtOf(invoice: Pick<Invoice, 'issuedAt' | 'issuedOn'>): Date {
  if (invoice.issuedAt) return invoice.issuedAt;
  const end = new Date(`${invoice.issuedOn}T00:00:00-03:00`);
  return new Date(end.getTime() + DAY);
}

/** What the rules read beyond the invoice's own row, for a batch of invoices at once. */
interface RuleFacts {
  storeActive: boolean;
  ownerCpf: string | null;
  customerActive: boolean | null;
  duplicate: boolean;
}

/**
 * The facts of every rule for the invoices of a batch, in one query: the store's state, the owner's CPF, the
 * registered customer's state, and whether another invoice has the same key, or store, series and number, in any
 * state (a rejected one resent included).
 */
async function factsOf(tx: Db, ids: string[]): Promise<Map<string, RuleFacts>> {
  const other = sql`other.id <> ${invoices.id}`;
  const rows = await tx
    .select({
      id: invoices.id,
      storeActive: stores.active,
      ownerCpf: professionals.cpf,
      customerActive: customers.active,
      duplicate: sql<boolean>`(
        (${invoices.accessKey} is not null and exists (
          select 1 from ${invoices} other where other.access_key = ${invoices.accessKey} and ${other}))
        or exists (
          select 1 from ${invoices} other
          where other.store_id = ${invoices.storeId} and other.number = ${invoices.number}
            and other.series = ${invoices.series} and ${other}))`,
    })
    .from(invoices)
    .innerJoin(stores, eq(stores.id, invoices.storeId))
    .innerJoin(professionals, eq(professionals.id, invoices.professionalId))
    .leftJoin(
      customers,
      and(eq(customers.id, invoices.customerId), eq(customers.professionalId, invoices.professionalId)),
    )
    .where(inArray(invoices.id, ids));
  return new Map(
    rows.map((row) => [
      row.id,
      {
        storeActive: row.storeActive,
        ownerCpf: row.ownerCpf,
        customerActive: row.customerActive,
        duplicate: Boolean(row.duplicate),
      },
    ]),
  );
}

/** Every rule, in domain.md's order, on one invoice as it stands in the transaction that decides it. */
function checkRules(
  invoice: Invoice,
  facts: RuleFacts | undefined,
  settings: ProgrammeSettings,
  now: Date,
): RuleCheck[] {
  const today = SAO_PAULO_DATE.format(now);
  const oldest = SAO_PAULO_DATE.format(new Date(now.getTime() - settings.autoReviewMaxAgeDays * DAY));
  const buyerIsOwner = Boolean(invoice.customerCpf && facts?.ownerCpf && invoice.customerCpf === facts.ownerCpf);
  const passed: Record<AutomaticReviewRule, boolean> = {
    signature: invoice.signature === 'verified',
    store: facts?.storeActive === true,
    buyer: buyerIsOwner || facts?.customerActive === true || invoice.shopkeeperId !== null,
    'issue-date': invoice.issuedOn <= today && invoice.issuedOn >= oldest,
    duplicate: !facts?.duplicate,
    'risk-flags': invoice.riskFlags.length === 0,
    total: invoice.total <= settings.autoReviewMaxTotal,
    hold: now.getTime() - issuedAtOf(invoice).getTime() >= settings.autoReviewHoldHours * HOUR,
  };
  return automaticReviewRules.map((rule) => ({ rule, label: automaticReviewRuleLabels[rule], passed: passed[rule] }));
}

/**
 * Decides a batch of invoices (oldest first), in one transaction: claims them with one conditional update (pending,
 * not decided yet), which locks their rows until the decisions commit, so that two runs, on one replica or two, never
 * decide one twice (the second finds it decided) and an admin's approval at the same moment waits and then finds it
 * approved. Their rules' facts are read in one query; each is then held (the first failed rule kept), and those whose
 * rules all hold are approved together through the admins' own approval (approveInvoices), one statement per step.
 * One commit for the batch instead of one per invoice: deciding 10,000 invoices one transaction each took ~12 ms
 * apiece on a busy machine.
 */
async function decideBatch(
  db: Db,
  ids: string[],
  settings: ProgrammeSettings,
  now: Date,
  draw: () => number,
  datedAt?: () => Date,
): Promise<('approved' | 'held' | 'sampled')[]> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .update(invoices)
      .set({ autoReviewedAt: now })
      .where(
        and(
          inArray(invoices.id, ids),
          eq(invoices.status, 'pending'),
          isNull(invoices.autoReviewedAt),
          sql`not ${awaitingDisclosure('invoices')}`,
        ),
      )
      .returning();
    if (claimed.length === 0) return [];
    const order = new Map(ids.map((id, index) => [id, index]));
    claimed.sort((a, b) => (order.get(a.id) ?? 0) - (order.get(b.id) ?? 0));
    const facts = await factsOf(
      tx,
      claimed.map((invoice) => invoice.id),
    );
    const outcomes: ('approved' | 'held' | 'sampled')[] = [];
    const notYet: string[] = [];
    const held = new Map<AutomaticReviewRule, string[]>();
    const decisions: { id: string; failed: RuleCheck | undefined; checks: RuleCheck[] }[] = [];
    for (const invoice of claimed) {
      const checks = checkRules(invoice, facts.get(invoice.id), settings, now);
      // The hold not passed yet is no failure: the invoice waits for a later run, undecided.
      if (!checks.find((check) => check.rule === 'hold')?.passed) {
        notYet.push(invoice.id);
        continue;
      }
      const failed = checks.find((check) => !check.passed);
      if (failed) held.set(failed.rule, [...(held.get(failed.rule) ?? []), invoice.id]);
      decisions.push({ id: invoice.id, failed, checks });
    }
    if (notYet.length > 0) {
      await tx.update(invoices).set({ autoReviewedAt: null }).where(inArray(invoices.id, notYet));
    }
    for (const [rule, heldIds] of held) {
      await tx.update(invoices).set({ autoReviewRule: rule }).where(inArray(invoices.id, heldIds));
    }
    // Recorded before the approvals, so that each timeline lists the rules, then the approval by "Sistema".
    await auditMany(
      tx,
      null,
      decisions.map(({ id, failed, checks }) => ({
        action: 'invoice-auto-review',
        entity: 'invoice',
        entityId: id,
        before: { status: 'pending' },
        after: { outcome: failed ? 'held' : 'approved', rule: failed?.rule ?? null, rules: checks },
      })),
    );
    // The admins' own approval, for the batch at once: the same credit (accelerators, the shopkeeper's share, a
    // blocked professional's nothing), notifications and audit, one statement per step. The rows claimed above are
    // locked and pending: every one of them is approved.
    await approveInvoices(
      tx,
      null,
      decisions.filter(({ failed }) => !failed).map(({ id }) => id),
      now,
      datedAt,
    );
    const sampled: string[] = [];
    for (const { id, failed } of decisions) {
      if (failed) {
        outcomes.push('held');
        continue;
      }
      if (draw() < settings.autoReviewSampleBp) {
        sampled.push(id);
        outcomes.push('sampled');
      } else {
        outcomes.push('approved');
      }
    }
    if (sampled.length > 0) {
      await tx.update(invoices).set({ conference: 'pending' }).where(inArray(invoices.id, sampled));
    }
    return outcomes;
  });
}

/**
 * One run of the automatic review: every pending invoice it has not decided whose hold has passed, oldest first. Safe
 * to run twice and on several replicas at once (each invoice is claimed before it is decided); does nothing while
 * the setting is off. `draw` picks the sample (0 to 9,999 against the share's basis points); `datedAt`, when given,
 * dates each approval's ledger entries (the demo's seed gives each an instant of its own), else they are dated when
 * written.
 */
export async function runAutomaticReview(
  db: Db,
  now: Date,
  draw: () => number = () => randomInt(10_000),
  datedAt?: () => Date,
): Promise<AutomaticReviewRun> {
  const run: AutomaticReviewRun = { decided: 0, approved: 0, held: 0, sampled: 0 };
  const settings = await settingsOf(db);
  if (!settings.autoReview) return run;
  const heldUntil = new Date(now.getTime() - settings.autoReviewHoldHours * HOUR);
  let after: { createdAt: Date; id: string } | null = null;
  for (;;) {
    const page: { id: string; createdAt: Date }[] = await db
      .select({ id: invoices.id, createdAt: invoices.createdAt })
      .from(invoices)
      .where(
        and(
          eq(invoices.status, 'pending'),
          isNull(invoices.autoReviewedAt),
          sql`${issuedAtSql} <= ${heldUntil.toISOString()}::timestamptz`,
          // An invoice whose buyer must be told first is decided after its professional's declaration.
          sql`not ${awaitingDisclosure('invoices')}`,
          after
            ? or(
                gt(invoices.createdAt, after.createdAt),
                and(eq(invoices.createdAt, after.createdAt), gt(invoices.id, after.id)),
              )
            : undefined,
        ),
      )
      .orderBy(asc(invoices.createdAt), asc(invoices.id))
      .limit(BATCH);
    if (page.length > 0) {
      for (const outcome of await decideBatch(
        db,
        page.map((row) => row.id),
        settings,
        now,
        draw,
        datedAt,
      )) {
        run.decided += 1;
        if (outcome === 'held') run.held += 1;
        else run.approved += 1;
        if (outcome === 'sampled') run.sampled += 1;
      }
    }
    const last = page.at(-1);
    if (!last || page.length < BATCH) return run;
    after = last;
  }
}

/** An admin confirms a sampled automatic approval: it leaves the conferência list, recorded. */
export async function confirmConference(db: Db, principal: Principal, id: string, now: Date): Promise<void> {
  await db.transaction(async (tx) => {
    const [changed] = await tx
      .update(invoices)
      .set({ conference: 'confirmed', conferenceBy: issuerOf(principal), conferenceAt: now })
      .where(and(eq(invoices.id, id), eq(invoices.conference, 'pending'), eq(invoices.status, 'approved')))
      .returning({ id: invoices.id });
    if (!changed) {
      const [row] = await tx.select({ conference: invoices.conference }).from(invoices).where(eq(invoices.id, id));
      if (!row) throw invoiceNotFound();
      throw fail.conflict(
        row.conference === null
          ? 'Esta nota fiscal não está na conferência das aprovações automáticas.'
          : 'Esta nota fiscal já saiu da conferência.',
        'invoice-conference',
        { conference: row.conference },
      );
    }
    await audit(tx, principal, {
      action: 'invoice-conference-confirmed',
      entity: 'invoice',
      entityId: id,
      before: { conference: 'pending' },
      after: { conference: 'confirmed' },
    });
  });
}

/**
 * What the review did today, in São Paulo: approved (its decisions with no rule failed), held by rule, and the pending
 * invoices still waiting for it (Programa > Configurações shows it beside the settings).
 */
export async function automaticReviewToday(db: Db, now: Date): Promise<AutomaticReviewToday> {
  const day = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(now);
  const since = new Date(`${day}T00:00:00-03:00`);
  const [decided, [waiting]] = await Promise.all([
    db
      .select({ rule: invoices.autoReviewRule, count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(gte(invoices.autoReviewedAt, since))
      .groupBy(invoices.autoReviewRule),
    db
      .select({ count: sql<number>`count(*)::int` })
      .from(invoices)
      .where(and(eq(invoices.status, 'pending'), isNull(invoices.autoReviewedAt))),
  ]);
  return {
    approved: decided.find((row) => row.rule === null)?.count ?? 0,
    held: decided
      .filter((row): row is { rule: AutomaticReviewRule; count: number } => row.rule !== null)
      .map((row) => ({ rule: row.rule, label: automaticReviewRuleLabels[row.rule], count: Number(row.count) }))
      .sort((a, b) => b.count - a.count),
    waiting: waiting?.count ?? 0,
  };
}
