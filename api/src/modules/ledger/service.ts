import { and, asc, eq, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { ledgerEntries } from '../../db/schema';
import { expiryPicture, type LedgerKind, type Movement } from '../../domain/expiry';
import { fail } from '../../kernel/errors';
import type { Principal } from '../../kernel/principal';
import { type ProgrammeSettings, settingsOf } from '../../kernel/settings';
import type { Participant } from './queries';

export interface EntryInput {
  participant: Participant;
  /** Hundredths; the sign the kind demands (a check constraint refuses any other). */
  amount: number;
  kind: LedgerKind;
  sourceType: string;
  sourceId: string;
  issuer: string;
  reason: string;
  /** The entry's own instant (a batch dating each of its sources apart); else as postEntries' `datedAt` says. */
  at?: Date;
}

/** Who wrote an entry or a record: `role:id`, or `system` for jobs. */
export const issuerOf = (principal: Principal | null) => (principal ? `${principal.role}:${principal.id}` : 'system');

export const participantOf = (principal: Principal): Participant => ({
  kind: principal.role === 'shopkeeper' ? 'shopkeeper' : 'professional',
  id: principal.id,
});

/**
 * Appends entries; an entry whose (source, kind, participant) is already in the ledger is skipped, which is what
 * makes a retried or concurrent request credit once. Returns the entries actually written. `datedAt` dates them
 * (the date their points count from) when it is not the moment of writing: the demo programme's history. Dated, the
 * entries of one call are a millisecond apart in the order given (an invoice's credit, then its bonuses), as
 * movements written one after the other are: the ledger lists the entries of one instant by their random ids.
 */
export async function postEntries(db: Db, entries: readonly EntryInput[], datedAt?: Date) {
  const rows = entries.filter((entry) => entry.amount !== 0);
  if (rows.length === 0) return [];
  return db
    .insert(ledgerEntries)
    .values(
      rows.map((entry, index) => ({
        participantKind: entry.participant.kind,
        participantId: entry.participant.id,
        amount: entry.amount,
        kind: entry.kind,
        sourceType: entry.sourceType,
        sourceId: entry.sourceId,
        issuer: entry.issuer,
        reason: entry.reason,
        ...(entry.at ? { createdAt: entry.at } : datedAt ? { createdAt: new Date(datedAt.getTime() + index) } : {}),
      })),
    )
    .onConflictDoNothing()
    .returning({ id: ledgerEntries.id, participantId: ledgerEntries.participantId, amount: ledgerEntries.amount });
}

/**
 * Serialises, until the transaction ends, everything that spends a participant's points (redemptions, expiry): each
 * one then sees the balance the previous left, so parallel redemptions never take it below zero.
 */
export async function lockParticipant(tx: Db, participant: Participant): Promise<void> {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtextextended(${`${participant.kind}:${participant.id}`}, 0))`);
}

export async function balanceOf(db: Db, participant: Participant): Promise<number> {
  const [row] = await db
    .select({ balance: sql<string>`coalesce(sum(${ledgerEntries.amount}), 0)` })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.participantKind, participant.kind), eq(ledgerEntries.participantId, participant.id)));
  return Number(row?.balance ?? 0);
}

export async function movementsOf(db: Db, participant: Participant): Promise<Movement[]> {
  return db
    .select({
      id: ledgerEntries.id,
      amount: ledgerEntries.amount,
      kind: ledgerEntries.kind,
      sourceType: ledgerEntries.sourceType,
      sourceId: ledgerEntries.sourceId,
      createdAt: ledgerEntries.createdAt,
    })
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.participantKind, participant.kind), eq(ledgerEntries.participantId, participant.id)))
    .orderBy(asc(ledgerEntries.createdAt), asc(ledgerEntries.id));
}

/** Writes off what has passed its date for one participant; call it holding the participant's lock. */
export async function expireDue(tx: Db, participant: Participant, now: Date, settings: ProgrammeSettings) {
  const picture = expiryPicture(await movementsOf(tx, participant), now, settings.expiryMonths);
  return postEntries(
    tx,
    picture.due.map((lot) => ({
      participant,
      amount: -lot.amount,
      kind: 'expiry' as const,
      sourceType: 'expiry',
      sourceId: lot.lotId,
      issuer: 'system',
      reason: 'Pontos expirados',
    })),
  );
}

/**
 * Spends points inside the caller's transaction: locks the participant, writes off what expired, then refuses
 * (422) a debit larger than the balance. Returns false when this source had already been debited (a retry).
 */
export async function debit(
  tx: Db,
  entry: Omit<EntryInput, 'kind' | 'amount'> & { amount: number },
  now: Date,
  /** Dates the redemption (see postEntries); unset, it is dated when written. */
  datedAt?: Date,
): Promise<boolean> {
  await refuseOverdraft(
    tx,
    entry.participant,
    entry.amount,
    now,
    'Você não tem pontos suficientes para esta operação.',
  );
  if (entry.amount === 0) return true;
  const written = await postEntries(tx, [{ ...entry, kind: 'redemption', amount: -entry.amount }], datedAt);
  return written.length > 0;
}

/**
 * Locks the participant, writes off what expired, then refuses (422) taking `amount` hundredths from what is left:
 * whatever spends points sees the balance the previous spender left.
 */
async function refuseOverdraft(tx: Db, participant: Participant, amount: number, now: Date, msg: string) {
  await lockParticipant(tx, participant);
  await expireDue(tx, participant, now, await settingsOf(tx));
  if (amount <= 0) return;
  const balance = await balanceOf(tx, participant);
  if (balance < amount) {
    throw fail.invalid(msg, 'insufficient-points', { balance: balance / 100, needed: amount / 100 });
  }
}

/**
 * An admin's correction by hand: one `adjustment` entry of its own source, positive or negative, with its reason.
 * Taking points goes through the same lock and balance check as a redemption, so it never leaves a negative balance.
 */
export async function adjust(
  tx: Db,
  entry: Omit<EntryInput, 'kind' | 'sourceType'>,
  now: Date,
  overdraftMessage: string,
): Promise<void> {
  await refuseOverdraft(tx, entry.participant, -entry.amount, now, overdraftMessage);
  await postEntries(tx, [{ ...entry, kind: 'adjustment', sourceType: 'adjustment' }]);
}

/**
 * Reverses every earning entry (credit, bonus, extra) written for these sources: one negative reversal each, under
 * the same source, so a second call finds them reversed and adds nothing.
 */
export async function reverseSources(
  tx: Db,
  sources: { sourceType: string; sourceId: string; participant?: Participant }[],
  issuer: string,
  reason: string,
  datedAt?: Date,
) {
  const written = [];
  for (const source of sources) {
    const conditions = [eq(ledgerEntries.sourceType, source.sourceType), eq(ledgerEntries.sourceId, source.sourceId)];
    if (source.participant) {
      conditions.push(
        eq(ledgerEntries.participantKind, source.participant.kind),
        eq(ledgerEntries.participantId, source.participant.id),
      );
    }
    const earned = await tx
      .select()
      .from(ledgerEntries)
      .where(and(...conditions, sql`${ledgerEntries.kind} in ('credit', 'bonus', 'extra')`));
    written.push(
      ...(await postEntries(
        tx,
        earned.map((entry) => ({
          participant: { kind: entry.participantKind, id: entry.participantId },
          amount: -entry.amount,
          kind: 'reversal' as const,
          sourceType: entry.sourceType,
          sourceId: entry.sourceId,
          issuer,
          reason,
        })),
        datedAt,
      )),
    );
  }
  return written;
}
