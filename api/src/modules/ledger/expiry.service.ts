import { and, eq, gt, lte, max, notExists, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { keysetPages } from '../../db/keyset';
import { expiryReminders, jobWatermarks, ledgerEntries, professionals, storeUsers } from '../../db/schema';
import { addMonths, expiryPicture } from '../../domain/expiry';
import { byCount, countPhrase } from '../../domain/points';
import { notify } from '../../kernel/notifications';
import { settingsOf } from '../../kernel/settings';
import type { MailQueue } from '../../mail/mailer';
import { expiringPointsMail } from '../../mail/templates';
import type { Participant } from './queries';
import { expireDue, lockParticipant, movementsOf } from './service';

const DAY = 86_400_000;
// Month lengths make "credited N months before now" a little fuzzy at the edges: look a few days either side and
// let the replay decide exactly.
const MARGIN = 4 * DAY;
/** Reminders go this many days before points expire: once per lot (the credit) and threshold. */
export const REMINDER_DAYS = [90, 30, 7] as const;

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

/** How many participants a run holds at once: a programme of a million is read a page at a time. */
export const PARTICIPANT_PAGE = 1_000;

/**
 * The participants of the ledger rows that `where` picks, once each, a page at a time in the order of their key
 * (kind, id): on the first run over a large programme that is most of its participants (658,778 of a million with a
 * lot inside the 90-day reminder, seeded), which as one array and map outgrew the API's heap. The participant index
 * (kind, id, created_at) gives that order.
 */
function participantsWhere(db: Db, where: SQL | undefined, page: number): AsyncGenerator<Participant[]> {
  return keysetPages<Participant, Participant>(
    (after) =>
      db
        .selectDistinct({ kind: ledgerEntries.participantKind, id: ledgerEntries.participantId })
        .from(ledgerEntries)
        .where(
          and(
            where,
            after
              ? sql`(${ledgerEntries.participantKind}, ${ledgerEntries.participantId}) > (${after.kind}, ${after.id})`
              : undefined,
          ),
        )
        .orderBy(ledgerEntries.participantKind, ledgerEntries.participantId)
        .limit(page),
    (participant) => participant,
    { size: page },
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

/** What the reminders need besides the database: the e-mail outbox and the address of the extract. */
export interface Reminders {
  mailer: MailQueue;
  publicUrl: string;
}

/**
 * Writes off the points whose date has passed and, given `reminders`, reminds participants of the points that
 * expire within 90, 30 and 7 days (remindExpiring).
 * Running it again does nothing twice: an expiry entry names the credit it writes off (unique source), and each
 * run only looks at the credits after the previous run's cut-off (plus a margin the unique key makes harmless).
 */
export async function runExpiryJob(
  db: Db,
  now: Date,
  reminders?: Reminders,
  page = PARTICIPANT_PAGE,
): Promise<ExpiryRun> {
  const settings = await settingsOf(db);
  const run: ExpiryRun = { participants: 0, expired: 0, warned: 0 };

  const cutoff = addMonths(now, -settings.expiryMonths);
  const from = new Date((await watermark(db, 'expiry')).getTime() - MARGIN);
  const datedUpTo = new Date(cutoff.getTime() + MARGIN);
  // Written rows are looked at again a margin back, for a transaction that committed after a later one.
  const recordedUpTo = await lastRecorded(db);
  const recordedFrom = new Date((await watermark(db, 'expiry-recorded')).getTime() - MARGIN);
  // Credited in the window of credit dates, or written since the last run with a date before its cut-off (an
  // imported balance, a late correction), which that window has already passed.
  const due = and(
    gt(ledgerEntries.amount, 0),
    lte(ledgerEntries.createdAt, datedUpTo),
    or(gt(ledgerEntries.createdAt, from), gt(ledgerEntries.recordedAt, recordedFrom)),
  );
  for await (const participants of participantsWhere(db, due, page)) {
    for (const participant of participants) await expireParticipant(db, participant, now, settings, run);
  }
  await advance(db, 'expiry', cutoff);
  await advance(db, 'expiry-recorded', recordedUpTo);

  if (reminders) run.warned = await remindExpiring(db, reminders, now, settings.expiryMonths, page);
  return run;
}

/** Writes off one participant's points past their date, and tells them how many. */
async function expireParticipant(
  db: Db,
  participant: Participant,
  now: Date,
  settings: Awaited<ReturnType<typeof settingsOf>>,
  run: ExpiryRun,
) {
  const written = await db.transaction(async (tx) => {
    await lockParticipant(tx, participant);
    return expireDue(tx, participant, now, settings);
  });
  if (written.length === 0) return;
  const amount = written.reduce((sum, entry) => sum - entry.amount, 0);
  run.participants += 1;
  run.expired += amount;
  await notify(db, [participant], {
    type: 'points-expired',
    title: 'Pontos expirados',
    message: `${countPhrase(amount, ['ponto expirou por ter', 'pontos expiraram por terem'])} mais de ${settings.expiryMonths} meses.`,
    data: { points: amount / 100 },
  });
}

/**
 * The ledger rows of a credit that has not expired yet and is due within one of the thresholds whose reminder is
 * unsent for it: `days` days before its date (`months` after the credit).
 */
function unreminded(db: Db, cutoff: Date, now: Date, months: number): SQL | undefined {
  return and(
    gt(ledgerEntries.amount, 0),
    gt(ledgerEntries.createdAt, cutoff),
    or(
      ...REMINDER_DAYS.map((days) =>
        and(
          lte(ledgerEntries.createdAt, addMonths(new Date(now.getTime() + days * DAY), -months)),
          notExists(
            db
              .select({ one: sql`1` })
              .from(expiryReminders)
              .where(and(eq(expiryReminders.lotId, ledgerEntries.id), eq(expiryReminders.days, days))),
          ),
        ),
      ),
    ),
  );
}

async function contactOf(db: Db, participant: Participant) {
  const table = participant.kind === 'professional' ? professionals : storeUsers;
  const [row] = await db
    .select({ name: table.name, email: table.email })
    .from(table)
    .where(eq(table.id, participant.id));
  return row;
}

/**
 * Reminds each participant, by a notification and an e-mail, of the points that expire within 90, 30 and 7 days:
 * once per lot and threshold, whatever how often (or on how many replicas at once) it runs, since a reminder is
 * only sent for the rows this run inserts (expiry_reminders' key). A lot first seen inside a nearer threshold gets
 * that one only: the farther ones are recorded as passed. Answers how many participants were reminded.
 */
export async function remindExpiring(
  db: Db,
  reminders: Reminders,
  now: Date,
  months: number,
  page = PARTICIPANT_PAGE,
): Promise<number> {
  let reminded = 0;
  for await (const participants of participantsWhere(db, unreminded(db, addMonths(now, -months), now, months), page)) {
    for (const participant of participants)
      if (await remindParticipant(db, reminders, participant, now, months)) reminded += 1;
  }
  return reminded;
}

/** Reminds one participant of their lots inside a threshold not reminded yet: true when something was sent. */
async function remindParticipant(
  db: Db,
  reminders: Reminders,
  participant: Participant,
  now: Date,
  months: number,
): Promise<boolean> {
  const { open } = expiryPicture(await movementsOf(db, participant), now, months);
  // Each lot's nearest threshold, and every threshold it has passed.
  const rows: { lotId: string; days: number; remaining: number; nearest: boolean }[] = [];
  for (const lot of open) {
    if (lot.remaining <= 0) continue;
    const passed = REMINDER_DAYS.filter((days) => lot.expiresAt.getTime() <= now.getTime() + days * DAY);
    const nearest = Math.min(...passed);
    for (const days of passed) rows.push({ lotId: lot.id, days, remaining: lot.remaining, nearest: days === nearest });
  }
  if (rows.length === 0) return false;
  const contact = await contactOf(db, participant);
  return db.transaction(async (tx) => {
    const inserted = await tx
      .insert(expiryReminders)
      .values(
        rows.map((row) => ({
          lotId: row.lotId,
          days: row.days,
          participantKind: participant.kind,
          participantId: participant.id,
        })),
      )
      .onConflictDoNothing()
      .returning({ lotId: expiryReminders.lotId, days: expiryReminders.days });
    const fresh = new Set(inserted.map((row) => `${row.lotId}:${row.days}`));
    // One reminder per threshold reached by this run: the points of the lots for which it is the nearest one.
    const byDays = new Map<number, number>();
    for (const row of rows) {
      if (row.nearest && fresh.has(`${row.lotId}:${row.days}`)) {
        byDays.set(row.days, (byDays.get(row.days) ?? 0) + row.remaining);
      }
    }
    for (const [days, amount] of byDays) {
      await notify(tx, [participant], {
        type: 'points-expiring',
        title: 'Pontos perto de expirar',
        message: `${countPhrase(amount, ['ponto expira', 'pontos expiram'])} nos próximos ${days} dias. ${byCount(amount, 'Use-o antes que expire.', 'Use-os antes que expirem.')}`,
        data: { points: amount / 100, days },
      });
      if (contact) {
        await reminders.mailer.enqueue(
          tx,
          expiringPointsMail(contact.email, contact.name, amount, days, `${reminders.publicUrl}/extract`),
        );
      }
    }
    return byDays.size > 0;
  });
}
