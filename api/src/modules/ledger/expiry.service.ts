import { and, eq, gt, lte, max, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { jobWatermarks, ledgerEntries } from '../../db/schema';
import { addMonths, expiringBy, expiryPicture } from '../../domain/expiry';
import { formatPoints } from '../../domain/points';
import { notify } from '../../kernel/notifications';
import { settingsOf } from '../../kernel/settings';
import type { Participant } from './queries';
import { expireDue, lockParticipant, movementsOf } from './service';

const DAY = 86_400_000;
// Month lengths make "credited N months before now" a little fuzzy at the edges: look a few days either side and
// let the replay decide exactly.
const MARGIN = 4 * DAY;
const WARN_DAYS = 30;

async function watermark(db: Db, name: string): Promise<Date> {
  const [row] = await db.select().from(jobWatermarks).where(eq(jobWatermarks.name, name));
  return row?.upTo ?? new Date(0);
}

async function advance(db: Db, name: string, upTo: Date) {
  await db
    .insert(jobWatermarks)
    .values({ name, upTo })
    .onConflictDoUpdate({
      target: jobWatermarks.name,
      set: { upTo: sql`greatest(${jobWatermarks.upTo}, excluded.up_to)`, ranAt: sql`now()` },
    });
}

async function participantsCreditedBetween(db: Db, after: Date, upTo: Date): Promise<Participant[]> {
  const rows = await db
    .selectDistinct({ kind: ledgerEntries.participantKind, id: ledgerEntries.participantId })
    .from(ledgerEntries)
    .where(and(gt(ledgerEntries.amount, 0), gt(ledgerEntries.createdAt, after), lte(ledgerEntries.createdAt, upTo)));
  return rows;
}

/**
 * Participants with credits written since `after` but dated up to `datedUpTo`: an imported balance or a late
 * correction dated before an earlier run's cut-off, which the window of credit dates has already passed.
 */
async function participantsBackdatedSince(db: Db, after: Date, datedUpTo: Date): Promise<Participant[]> {
  return db
    .selectDistinct({ kind: ledgerEntries.participantKind, id: ledgerEntries.participantId })
    .from(ledgerEntries)
    .where(
      and(gt(ledgerEntries.amount, 0), gt(ledgerEntries.recordedAt, after), lte(ledgerEntries.createdAt, datedUpTo)),
    );
}

/** The latest moment a ledger row was written, by the database's clock. */
async function lastRecorded(db: Db): Promise<Date> {
  const [row] = await db.select({ at: max(ledgerEntries.recordedAt) }).from(ledgerEntries);
  return row?.at ?? new Date(0);
}

export interface ExpiryRun {
  /** Participants who lost points in this run. */
  participants: number;
  /** Hundredths written off in this run. */
  expired: number;
  warned: number;
}

/**
 * Writes off the points whose date has passed and warns, once per credit, of those that expire within 30 days.
 * Running it again does nothing twice: an expiry entry names the credit it writes off (unique source), and each
 * run only looks at the credits after the previous run's cut-off (plus a margin the unique key makes harmless).
 */
export async function runExpiryJob(db: Db, now: Date): Promise<ExpiryRun> {
  const settings = await settingsOf(db);
  const run: ExpiryRun = { participants: 0, expired: 0, warned: 0 };

  const cutoff = addMonths(now, -settings.expiryMonths);
  const from = new Date((await watermark(db, 'expiry')).getTime() - MARGIN);
  const datedUpTo = new Date(cutoff.getTime() + MARGIN);
  // Written rows are looked at again a margin back, for a transaction that committed after a later one.
  const recordedUpTo = await lastRecorded(db);
  const recordedFrom = new Date((await watermark(db, 'expiry-recorded')).getTime() - MARGIN);
  const due = new Map<string, Participant>();
  for (const participant of [
    ...(await participantsCreditedBetween(db, from, datedUpTo)),
    ...(await participantsBackdatedSince(db, recordedFrom, datedUpTo)),
  ]) {
    due.set(`${participant.kind}:${participant.id}`, participant);
  }
  for (const participant of due.values()) {
    const written = await db.transaction(async (tx) => {
      await lockParticipant(tx, participant);
      return expireDue(tx, participant, now, settings);
    });
    if (written.length === 0) continue;
    const amount = written.reduce((sum, entry) => sum - entry.amount, 0);
    run.participants += 1;
    run.expired += amount;
    await notify(db, [participant], {
      type: 'points-expired',
      title: 'Pontos expirados',
      message: `${formatPoints(amount)} pontos expiraram por terem mais de ${settings.expiryMonths} meses.`,
      data: { points: amount / 100 },
    });
  }
  await advance(db, 'expiry', cutoff);
  await advance(db, 'expiry-recorded', recordedUpTo);

  const warnUntil = new Date(now.getTime() + WARN_DAYS * DAY);
  const warnCutoff = addMonths(warnUntil, -settings.expiryMonths);
  const warnedUpTo = await watermark(db, 'expiry-warning');
  const warnFrom = warnedUpTo.getTime() > 0 ? warnedUpTo : cutoff;
  for (const participant of await participantsCreditedBetween(db, warnFrom, warnCutoff)) {
    const { open } = expiryPicture(await movementsOf(db, participant), now, settings.expiryMonths);
    // Only the credits this window brought in: an earlier run has already warned of the others.
    const fresh = open.filter((lot) => lot.createdAt > warnFrom && lot.createdAt <= warnCutoff);
    const amount = expiringBy(fresh, warnUntil);
    if (amount <= 0) continue;
    run.warned += 1;
    await notify(db, [participant], {
      type: 'points-expiring',
      title: 'Pontos perto de expirar',
      message: `${formatPoints(amount)} pontos expiram nos próximos ${WARN_DAYS} dias. Use-os antes que expirem.`,
      data: { points: amount / 100 },
    });
  }
  await advance(db, 'expiry-warning', warnCutoff);
  return run;
}
