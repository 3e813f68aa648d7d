import { experienceMessages } from '@especifica/mf-shared/contracts';
import { and, eq, lt, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { experienceSubscriptions, experiences } from '../../db/schema';
import { cycleYear, levelFor } from '../../domain/levels';
import { formatPoints } from '../../domain/points';
import { fail, isUniqueViolation } from '../../kernel/errors';
import { notify } from '../../kernel/notifications';
import type { Principal } from '../../plugins/auth';
import { type Participant, pointsAndLevels } from '../ledger/queries';
import { debit, issuerOf, participantOf, postEntries } from '../ledger/service';
import { findExperience } from './queries';

const HOUR = 3_600_000;

/** Whether the participant's level (from the points earned in the cycle) reaches `minThreshold`. */
export async function reachesLevel(db: Db, participant: Participant, minThreshold: number | null, now: Date) {
  if (minThreshold === null) return true;
  const points = await pointsAndLevels(db, participant, cycleYear(now));
  const rules = points.rules;
  const standing = levelFor(rules, points.earned);
  const current = rules.find((rule) => rule.name === standing?.name);
  return (current?.threshold ?? 0) >= minThreshold;
}

/**
 * Subscribes a participant, in the caller's transaction: the level, the date, one seat and the cost. The seat is a
 * conditional UPDATE (seats_taken < seats), so of 100 parallel requests for 10 seats exactly 10 find one; the cost
 * is a redemption that locks the participant's balance.
 */
export async function subscribe(tx: Db, principal: Principal, experienceId: string, now: Date) {
  const participant = participantOf(principal);
  if (principal.shopkeeperType === 'consultant') {
    throw fail.invalid('Consultores não participam de experiências.', 'consultant-no-experiences');
  }
  const found = await findExperience(tx, experienceId, eq(experiences.active, true));
  if (found.category.type !== participant.kind) throw fail.notFound(experienceMessages.notFound);
  if (found.experience.happensAt <= now) throw fail.invalid(experienceMessages.past, 'experience-past');
  if (!(await reachesLevel(tx, participant, found.minLevelThreshold, now))) {
    throw fail.invalid(experienceMessages.level, 'level-too-low', { minLevel: found.minLevelName });
  }

  const [subscription] = await tx
    .insert(experienceSubscriptions)
    .values({
      experienceId,
      participantKind: participant.kind,
      participantId: participant.id,
      cost: found.experience.cost,
    })
    .returning()
    .catch((error) => {
      if (isUniqueViolation(error)) throw fail.conflict(experienceMessages.alreadySubscribed, 'already-subscribed');
      throw error;
    });
  if (!subscription) throw new Error('subscription not saved');

  const [seat] = await tx
    .update(experiences)
    .set({ seatsTaken: sql`${experiences.seatsTaken} + 1` })
    .where(and(eq(experiences.id, experienceId), lt(experiences.seatsTaken, experiences.seats)))
    .returning({ id: experiences.id });
  if (!seat) throw fail.conflict(experienceMessages.soldOut, 'sold-out');

  await debit(
    tx,
    {
      participant,
      amount: found.experience.cost,
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Inscrição: ${found.experience.name}`,
    },
    now,
  );
  await notify(tx, [participant], {
    type: 'experience-subscribed',
    title: 'Inscrição confirmada',
    message:
      found.experience.cost > 0
        ? `Você se inscreveu em ${found.experience.name} usando ${formatPoints(found.experience.cost)} pontos.`
        : `Você se inscreveu em ${found.experience.name}.`,
    data: { experienceId },
  });
}

/** Cancels before the date: frees the seat and gives the points back as a reversal of the redemption. */
export async function cancelSubscription(tx: Db, principal: Principal, experienceId: string, now: Date) {
  const participant = participantOf(principal);
  const [subscription] = await tx
    .update(experienceSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(experienceSubscriptions.experienceId, experienceId),
        eq(experienceSubscriptions.participantKind, participant.kind),
        eq(experienceSubscriptions.participantId, participant.id),
        eq(experienceSubscriptions.status, 'subscribed'),
      ),
    )
    .returning();
  if (!subscription) throw fail.notFound('Você não está inscrito nesta experiência.');
  const [experience] = await tx
    .update(experiences)
    .set({ seatsTaken: sql`${experiences.seatsTaken} - 1` })
    .where(eq(experiences.id, experienceId))
    .returning();
  if (!experience || experience.happensAt <= now) {
    throw fail.invalid('A inscrição só pode ser cancelada antes da data da experiência.', 'experience-past');
  }
  await postEntries(tx, [
    {
      participant,
      amount: subscription.cost,
      kind: 'reversal',
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Inscrição cancelada: ${experience.name}`,
    },
  ]);
}

/** The attendance QR code: confirms that a subscriber came, and credits the experience's attendance points once. */
export async function confirmAttendance(tx: Db, principal: Principal, experienceId: string, code: string, now: Date) {
  const participant = participantOf(principal);
  const [experience] = await tx.select().from(experiences).where(eq(experiences.id, experienceId));
  if (!experience || experience.qrCode !== code) throw fail.notFound('QR code inválido para esta experiência.');
  const opens = experience.happensAt.getTime() - 12 * HOUR;
  const closes = experience.happensAt.getTime() + 24 * HOUR;
  if (now.getTime() < opens || now.getTime() > closes) {
    throw fail.invalid('A presença só pode ser confirmada no dia da experiência.', 'attendance-closed');
  }
  const [subscription] = await tx
    .select()
    .from(experienceSubscriptions)
    .where(
      and(
        eq(experienceSubscriptions.experienceId, experienceId),
        eq(experienceSubscriptions.participantKind, participant.kind),
        eq(experienceSubscriptions.participantId, participant.id),
        eq(experienceSubscriptions.status, 'subscribed'),
      ),
    )
    .for('update');
  if (!subscription) throw fail.invalid('Você não está inscrito nesta experiência.', 'not-subscribed');
  if (subscription.attendedAt) throw fail.conflict('Sua presença já foi confirmada.', 'already-attended');
  await tx
    .update(experienceSubscriptions)
    .set({ attendedAt: now })
    .where(eq(experienceSubscriptions.id, subscription.id));
  await postEntries(tx, [
    {
      participant,
      amount: experience.attendancePoints,
      kind: 'extra',
      sourceType: 'experience-attendance',
      sourceId: subscription.id,
      issuer: issuerOf(principal),
      reason: `Presença confirmada: ${experience.name}`,
    },
  ]);
  return experience.attendancePoints;
}

type ExperienceRow = typeof experiences.$inferSelect;

/**
 * An admin's cancellation of the subscriptions `which` selects (those still subscribed): each seat freed, each
 * cost given back as a reversal of its redemption, and each subscriber told why. Returns how many were cancelled.
 */
export async function cancelSubscriptionsOf(
  tx: Db,
  experience: ExperienceRow,
  which: SQL | undefined,
  issuer: string,
  notice: { title: string; message: string },
  now: Date,
): Promise<number> {
  const cancelled = await tx
    .update(experienceSubscriptions)
    .set({ status: 'cancelled', cancelledAt: now })
    .where(
      and(
        eq(experienceSubscriptions.experienceId, experience.id),
        eq(experienceSubscriptions.status, 'subscribed'),
        which,
      ),
    )
    .returning();
  if (cancelled.length === 0) return 0;
  await tx
    .update(experiences)
    .set({ seatsTaken: sql`greatest(${experiences.seatsTaken} - ${cancelled.length}, 0)` })
    .where(eq(experiences.id, experience.id));
  const people = cancelled.map((subscription) => ({
    kind: subscription.participantKind,
    id: subscription.participantId,
  }));
  await postEntries(
    tx,
    cancelled.map((subscription, index) => ({
      participant: people[index] as Participant,
      amount: subscription.cost,
      kind: 'reversal' as const,
      sourceType: 'experience',
      sourceId: subscription.id,
      issuer,
      reason: `Inscrição cancelada: ${experience.name}`,
    })),
  );
  await notify(tx, people, { type: 'experience-cancelled', ...notice, data: { experienceId: experience.id } });
  return cancelled.length;
}
