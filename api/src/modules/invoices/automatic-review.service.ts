import { randomInt } from 'node:crypto';
import {
  type AutomaticReviewRule,
  automaticReviewRuleLabels,
  automaticReviewRules,
} from '@especifica/mf-shared/contracts';
import { and, asc, eq, gt, isNull, ne, or, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { customers, invoices, professionals, stores } from '../../db/schema';
import { audit } from '../../kernel/audit';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { type ProgrammeSettings, settingsOf } from '../../kernel/settings';
import { issuerOf } from '../ledger';
import { changeInvoiceStatus } from './status.service';

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
/** Invoices read per query; each is then decided in its own transaction. */
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

/** Every rule, in domain.md's order, on one invoice as it stands in the transaction that decides it. */
async function checkRules(tx: Db, invoice: Invoice, settings: ProgrammeSettings, now: Date): Promise<RuleCheck[]> {
  const [store] = await tx.select({ active: stores.active }).from(stores).where(eq(stores.id, invoice.storeId));
  const [owner] = await tx
    .select({ cpf: professionals.cpf })
    .from(professionals)
    .where(eq(professionals.id, invoice.professionalId));
  const [customer] = invoice.customerId
    ? await tx
        .select({ active: customers.active })
        .from(customers)
        .where(and(eq(customers.id, invoice.customerId), eq(customers.professionalId, invoice.professionalId)))
    : [];
  // Another invoice with the same key, or the same store, series and number, in any state (a rejected one resent
  // included): a human looks at it.
  const [duplicate] = await tx
    .select({ id: invoices.id })
    .from(invoices)
    .where(
      and(
        ne(invoices.id, invoice.id),
        or(
          invoice.accessKey ? eq(invoices.accessKey, invoice.accessKey) : undefined,
          and(
            eq(invoices.storeId, invoice.storeId),
            eq(invoices.number, invoice.number),
            eq(invoices.series, invoice.series),
          ),
        ),
      ),
    )
    .limit(1);
  const today = SAO_PAULO_DATE.format(now);
  const oldest = SAO_PAULO_DATE.format(new Date(now.getTime() - settings.autoReviewMaxAgeDays * DAY));
  const buyerIsOwner = Boolean(invoice.customerCpf && owner?.cpf && invoice.customerCpf === owner.cpf);
  const passed: Record<AutomaticReviewRule, boolean> = {
    signature: invoice.signature === 'verified',
    store: store?.active === true,
    buyer: buyerIsOwner || customer?.active === true || invoice.shopkeeperId !== null,
    'issue-date': invoice.issuedOn <= today && invoice.issuedOn >= oldest,
    duplicate: !duplicate,
    'risk-flags': invoice.riskFlags.length === 0,
    total: invoice.total <= settings.autoReviewMaxTotal,
    hold: now.getTime() - issuedAtOf(invoice).getTime() >= settings.autoReviewHoldHours * HOUR,
  };
  return automaticReviewRules.map((rule) => ({ rule, label: automaticReviewRuleLabels[rule], passed: passed[rule] }));
}

/** Thrown inside a decision's transaction to undo its claim: the invoice is left for a later run. */
class NotYet extends Error {}

/**
 * Decides one invoice, in its own transaction: claims it with a conditional update (pending, not decided yet), which
 * locks its row, so that two runs, on one replica or two, never decide it twice (the second finds it decided) and an
 * admin's approval at the same moment waits and then finds it approved. Null when it was not decided here.
 */
async function decide(
  db: Db,
  id: string,
  settings: ProgrammeSettings,
  now: Date,
  draw: () => number,
): Promise<'approved' | 'held' | 'sampled' | null> {
  try {
    return await db.transaction(async (tx) => {
      const [invoice] = await tx
        .update(invoices)
        .set({ autoReviewedAt: now })
        .where(and(eq(invoices.id, id), eq(invoices.status, 'pending'), isNull(invoices.autoReviewedAt)))
        .returning();
      if (!invoice) return null;
      const checks = await checkRules(tx, invoice, settings, now);
      // The hold not passed yet is no failure: the invoice waits for a later run, undecided.
      if (!checks.find((check) => check.rule === 'hold')?.passed) throw new NotYet();
      const failed = checks.find((check) => !check.passed);
      if (failed) {
        await tx.update(invoices).set({ autoReviewRule: failed.rule }).where(eq(invoices.id, id));
      }
      // Recorded before the approval, so that the timeline lists the rules, then the approval by "Sistema".
      await audit(tx, null, {
        action: 'invoice-auto-review',
        entity: 'invoice',
        entityId: id,
        before: { status: 'pending' },
        after: { outcome: failed ? 'held' : 'approved', rule: failed?.rule ?? null, rules: checks },
      });
      if (failed) return 'held';
      // The admins' own approval: the same credit (accelerators, the shopkeeper's share), notifications and audit.
      await changeInvoiceStatus(tx, null, id, 'approved', undefined, now);
      if (draw() < settings.autoReviewSampleBp) {
        await tx.update(invoices).set({ conference: 'pending' }).where(eq(invoices.id, id));
        return 'sampled';
      }
      return 'approved';
    });
  } catch (error) {
    if (error instanceof NotYet) return null;
    throw error;
  }
}

/**
 * One run of the automatic review: every pending invoice it has not decided whose hold has passed, oldest first. Safe
 * to run twice and on several replicas at once (each invoice is claimed before it is decided); does nothing while
 * the setting is off. `draw` picks the sample (0 to 9,999 against the share's basis points).
 */
export async function runAutomaticReview(
  db: Db,
  now: Date,
  draw: () => number = () => randomInt(10_000),
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
    for (const row of page) {
      const outcome = await decide(db, row.id, settings, now, draw);
      if (!outcome) continue;
      run.decided += 1;
      if (outcome === 'held') run.held += 1;
      else run.approved += 1;
      if (outcome === 'sampled') run.sampled += 1;
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
      if (!row) throw fail.notFound('Nota fiscal não encontrada.');
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
